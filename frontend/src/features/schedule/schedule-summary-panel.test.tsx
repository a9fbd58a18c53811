import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { ScheduleSummary, slipText } from './schedule-summary-panel';
import { settingsPayload, validateSettings } from './schedule-summary-settings';
import { varianceText } from './schedule-summary-api';
import { json, schedule, stubServer } from './schedule-summary-fixtures';

afterEach(() => vi.unstubAllGlobals());

const project = { work_week: ['mon', 'tue', 'wed', 'thu', 'fri'], non_working_days: [], monthly_carrying_cost: 10000 };

describe('the schedule in words', () => {
  it('says the variance in working days', () => {
    expect(varianceText(3)).toBe('3 working days late');
    expect(varianceText(-1)).toBe('1 working day early');
    expect(varianceText(0)).toBe('On schedule');
  });
  it('says what the slip costs, or how to see it', () => {
    expect(slipText(schedule)).toBe('The slip costs $1,000.00 (3 calendar days).');
    expect(slipText({ ...schedule, carrying_cost_of_slip: null })).toBe(
      'Set a monthly carrying cost to see what the slip costs.',
    );
    expect(slipText({ ...schedule, variance_days: 0 })).toBeNull();
  });
});

describe('ScheduleSummary', () => {
  it('shows the finish, the variance against the baseline and the cost of the slip', async () => {
    stubServer({ 'GET /api/projects/3/schedule/': json(200, schedule) });
    renderWithProviders(<ScheduleSummary projectId={3} project={project} />);
    expect((await screen.findByTestId('schedule-finish')).textContent).toBe(new Date(2026, 4, 29).toLocaleDateString());
    expect(screen.getByTestId('schedule-variance').textContent).toMatch(/^3 working days late against the baseline/);
    expect(screen.getByTestId('schedule-slip-cost').textContent).toBe('The slip costs $1,000.00 (3 calendar days).');
  });

  it('shows nothing while no task is scheduled', async () => {
    const calls = stubServer({
      'GET /api/projects/3/schedule/': json(200, { ...schedule, finish: null, tasks: [] }),
    });
    const { container } = renderWithProviders(<ScheduleSummary projectId={3} project={project} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container.textContent).toBe('');
  });

  it('sets the first baseline at once, and asks before replacing one', async () => {
    let baseline: string | null = null;
    const calls = stubServer({
      'GET /api/projects/3/schedule/': () =>
        json(200, { ...schedule, baseline_finish: baseline, variance_days: baseline ? 0 : null }),
      'POST /api/projects/3/baseline/': () => {
        baseline = '2026-05-29';
        return json(201, { baseline_finish: baseline, taken_at: '2026-11-27T04:00:00Z', tasks: 2 });
      },
    });
    renderWithProviders(<ScheduleSummary projectId={3} project={project} />);
    expect((await screen.findByTestId('schedule-variance')).textContent).toBe(
      'No baseline yet: set one to follow the slip.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Set baseline' }));
    await waitFor(() => expect(screen.getByTestId('schedule-variance').textContent).toMatch(/^On schedule/));
    expect(calls.filter((c) => c.key === 'POST /api/projects/3/baseline/')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Reset baseline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the baseline?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.key === 'POST /api/projects/3/baseline/')).toHaveLength(1);
  });

  it('saves the schedule settings as one PATCH of the project', async () => {
    const onProjectChanged = vi.fn();
    const calls = stubServer({
      'GET /api/projects/3/schedule/': json(200, schedule),
      'PATCH /api/projects/3/': (body) => json(200, body),
    });
    renderWithProviders(<ScheduleSummary projectId={3} project={project} onProjectChanged={onProjectChanged} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule settings' });
    fireEvent.click(within(dialog).getByLabelText('Sat'));
    fireEvent.change(within(dialog).getByLabelText('Add a day off'), { target: { value: '2026-07-03' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    fireEvent.change(within(dialog).getByLabelText('Monthly carrying cost'), { target: { value: '12,000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(onProjectChanged).toHaveBeenCalled());
    expect(calls.find((c) => c.key === 'PATCH /api/projects/3/')?.body).toEqual({
      work_week: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
      non_working_days: ['2026-07-03'],
      monthly_carrying_cost: 12000,
    });
  });
});

describe('the settings checks', () => {
  it('want a working day and a carrying cost in dollars', () => {
    expect(validateSettings({ work_week: [], non_working_days: [], monthly_carrying_cost: 'abc' })).toEqual({
      work_week: ['Choose at least one working day.'],
      monthly_carrying_cost: ['Enter an amount in dollars, such as 2500 or 2500.50, or leave it empty.'],
    });
    expect(settingsPayload({ work_week: ['fri', 'mon'], non_working_days: [], monthly_carrying_cost: '' })).toEqual({
      work_week: ['mon', 'fri'],
      non_working_days: [],
      monthly_carrying_cost: null,
    });
  });
});
