import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { renderWithProviders } from '../../../testing/render';
import type { Calibration, ProjectSummary } from '../types';
import { CalibrationPanel, calibrationNote } from './calibration-panel';

/** The project uses its calibration: the predicted total is the calibrated one. */
const regional: ProjectSummary = {
  budget: 100000,
  predicted_total: 100800,
  predicted_total_low: 88000,
  predicted_total_high: 110000,
  cost_per_sqft: 50.4,
  over_budget: true,
  column_totals: { 'To Do': 60800, 'In Progress': 28000, Paid: 12000 },
  use_calibration: true,
  predicted_total_regional: 90000,
  predicted_total_calibrated: 100800,
  committed: 36000,
  change_orders_approved: 0,
  paid_to_date: 0,
  payments_recorded: 0,
  remaining_to_pay: 36000,
  uncommitted: 64800,
  contingency_percent: 10,
  contingency_reserve: 10000,
  working_budget: 90000,
  contingency_used: 10000,
  contingency_left: 0,
  headroom: -800,
  status: 'over',
  loan_amount: null,
  drawn: 0,
  loan_left: null,
  calibrated: {
    ratio: 1.2,
    low: 1.15,
    high: 1.25,
    n_tasks: 3,
    predicted_total: 100800,
    predicted_total_low: 88000,
    predicted_total_high: 110000,
    cost_per_sqft: 50.4,
    over_budget: true,
    column_totals: { 'To Do': 60800, 'In Progress': 28000, Paid: 12000 },
  },
};

const row = (task: number, title: string, predicted: number, known: number, from = 'committed') => ({
  task,
  title,
  predicted,
  known,
  known_from: from,
  ratio: Math.round((known / predicted) * 1000) / 1000,
});

const answer: Calibration = {
  ratio: 1.2,
  low: 1.15,
  high: 1.25,
  percent_vs_regional: 20,
  n_tasks: 3,
  min_tasks: 3,
  used: [
    row(1, 'Framing', 39696, 47635.2),
    row(2, 'Roofing', 13344, 15345.6),
    row(3, 'Drywall', 11304, 14130, 'actual_cost'),
  ],
  left_out: [row(4, 'Plumbing', 21552, 215520)],
};

function panel(props: Partial<React.ComponentProps<typeof CalibrationPanel>> = {}) {
  const onChange = vi.fn();
  const view = renderWithProviders(
    <CalibrationPanel
      summary={regional}
      calibration={answer}
      useCalibrated
      onUseCalibratedChange={onChange}
      taskCount={6}
      {...props}
    />,
  );
  return { ...view, onChange };
}

describe('CalibrationPanel', () => {
  it('says how the project’s prices compare, with the switch on', async () => {
    const { container, onChange } = panel();
    expect(screen.getByTestId('calibration-sentence').textContent).toBe(
      'Your prices run 20% above the regional average (3 tasks).',
    );
    const toggle = screen.getByRole('switch', { name: 'Use calibrated predictions' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(false);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('shows every input of the ratio, the outliers left out, and where the figures come from', () => {
    panel();
    const toggle = screen.getByRole('button', { name: 'How is this computed?' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(
      screen.getByRole('table', { hidden: true, name: 'Tasks the ratio is made of' }).closest('[hidden]'),
    ).not.toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const used = screen.getByRole('table', { name: 'Tasks the ratio is made of' });
    const rows = within(used)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'TaskRegional predictionYour price (original scope)FromRatio',
      'Framing$39,696$47,635.20Awarded bid×1.2',
      'Roofing$13,344$15,345.60Awarded bid×1.15',
      'Drywall$11,304$14,130.00Actual cost×1.25',
    ]);
    const out = screen.getByRole('table', { name: 'Left out as outliers' });
    expect(within(out).getByRole('rowheader').textContent).toBe('Plumbing');
    expect(screen.getByTestId('calibration-totals').textContent).toBe(
      'Predicted total with calibrated predictions: $100,800.00. Regional predicted total (the same tasks with regional predictions, for comparison): $90,000.00.',
    );
    expect(screen.getByRole('link', { name: 'cost sources' }).getAttribute('href')).toBe('/cost-sources');
  });

  it('says below, and match, from the server’s percent', () => {
    const { unmount } = panel({ calibration: { ...answer, percent_vs_regional: -15 } });
    expect(screen.getByTestId('calibration-sentence').textContent).toBe(
      'Your prices run 15% below the regional average (3 tasks).',
    );
    unmount();
    panel({ calibration: { ...answer, percent_vs_regional: 0 } });
    expect(screen.getByTestId('calibration-sentence').textContent).toContain('Your prices match the regional average');
  });

  it('reads the ratio from the summary until the calibration answered', () => {
    panel({ calibration: undefined });
    expect(screen.getByTestId('calibration-sentence').textContent).toBe(
      'Your prices run 20% above the regional average (3 tasks).',
    );
  });

  it('before a ratio: nothing on the board; the summary says how many tasks it takes', () => {
    const pending: Calibration = {
      ...answer,
      ratio: null,
      low: null,
      high: null,
      percent_vs_regional: null,
      n_tasks: 1,
      used: [answer.used[0]],
      left_out: [],
    };
    const none = { ...regional, calibrated: null };
    panel({ summary: none, calibration: pending });
    expect(screen.queryByTestId('calibration')).toBeNull();
    expect(calibrationNote(none, pending, 6)).toBe(
      'Calibration starts once 3 tasks have an awarded bid or an actual cost (1 so far; fixed fees do not count).',
    );
    expect(calibrationNote(none, { ...pending, n_tasks: 0, used: [] }, 6)).toContain('(0 so far;');
    // Nothing to say on an empty board, with a calibration, or before the answer.
    expect(calibrationNote(none, pending, 0)).toBeNull();
    expect(calibrationNote(regional, answer, 6)).toBeNull();
    expect(calibrationNote(none, undefined, 6)).toBeNull();
  });

  it('on a phone, lists the inputs one a line', () => {
    panel({ compact: true });
    fireEvent.click(screen.getByRole('button', { name: 'How is this computed?' }));
    const list = screen.getByRole('list', { name: 'Tasks the ratio is made of' });
    expect(within(list).getAllByRole('listitem')[0].textContent).toBe(
      'Framing×1.2Regional $39,696 · awarded bid $47,635.20',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says nothing on an empty board, or when the calibration is unknown', () => {
    const { unmount } = panel({ taskCount: 0 });
    expect(screen.queryByTestId('calibration')).toBeNull();
    unmount();
    panel({ summary: { ...regional, calibrated: null }, calibration: undefined });
    expect(screen.queryByTestId('calibration')).toBeNull();
  });
});
