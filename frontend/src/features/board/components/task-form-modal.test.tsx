import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { tokens } from '../../../lib/auth-store';
import { renderWithProviders } from '../../../testing/render';
import type { Task } from '../types';
import { TaskFormModal } from './task-form-modal';
import { localToday } from '../../../lib/dates';
import { EditAccess } from '../../../lib/edit-access';
import { DATE_NOT_SET } from './task-form-parts';

const kitchen: Task = {
  id: 9,
  project: 1,
  title: 'Kitchen Remodel',
  description: '',
  status: 'To Do',
  material_quality: 'standard',
  actual_cost: null,
  due_date: null,
  position: 0,
  actual_cost_per_sqft: null,
  regional_average_cost_per_sqft: 30.357433333333333,
  predicted_cost: 72857.84,
  predicted_cost_low: 54643.38,
  predicted_cost_high: 108634.68,
  pricing: 'per_job',
  committed_cost: null,
  bid_count: 0,
  lowest_bid: null,
  paid_to_date: 0,
  payment_count: 0,
  change_order_total: 0,
  fixed_fee: false,
  payments_total: 0,
  remaining_to_pay: null,
};

function open(task: Task, ratio: number | null, answers: Record<string, () => Response> = {}, canEdit = true) {
  tokens.set('A', 'R');
  const calls: { call: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET')
        calls.push({ call: `${method} ${url}`, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      const special = answers[`${method} ${url}`];
      if (special) return Promise.resolve(special());
      return Promise.resolve(new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    }),
  );
  const onClose = vi.fn();
  renderWithProviders(
    <EditAccess value={canEdit}>
      <TaskFormModal
        projectId={1}
        task={task}
        squareFootage={2400}
        prediction={{ use_calibration: ratio !== null, calibrated: ratio === null ? null : { ratio } }}
        onClose={onClose}
        onBanner={() => {}}
        onDelete={() => {}}
      />
    </EditAccess>,
  );
  return { calls, onClose };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the task form’s prediction', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives the prediction the project uses, in whole dollars, with its range, basis, pricing and sources', async () => {
    open(kitchen, 1.2);
    const predicted = await screen.findByTestId('form-predicted');
    // 72,857.84 x 1.2 = 87,429.408 -> $87,429; 54,643.38 x 1.2 = 65,572.056; 108,634.68 x 1.2 = 130,361.616.
    expect(predicted.textContent).toBe(
      'Predicted: $87,429 (calibrated) (65,572–130,362), likely $65,572 to $130,362, priced per job',
    );
    expect(predicted.getAttribute('title')).toContain('×1.2');
    const sources = screen.getByRole('link', { name: /^Sources/ });
    expect(sources.getAttribute('href')).toBe('/cost-sources');
    expect(sources.getAttribute('target')).toBe('_blank');
    // The hint describes the Your Cost box.
    expect(screen.getByLabelText('Your Cost').getAttribute('aria-describedby')).toBe('tf-cost-hint');
  });

  it('gives the regional prediction with calibration off, and a fee at its regional price', async () => {
    open(kitchen, null);
    expect((await screen.findByTestId('form-predicted')).textContent).toBe(
      'Predicted: $72,858 (54,643–108,635), likely $54,643 to $108,635, priced per job',
    );
  });

  it('never calibrates a fee or permit', async () => {
    open({ ...kitchen, fixed_fee: true, pricing: 'per_sqft' }, 1.2);
    expect((await screen.findByTestId('form-predicted')).textContent).toBe(
      'Predicted: $72,858 (fee) (54,643–108,635), likely $54,643 to $108,635, per sq\u00a0ft',
    );
  });
});

describe('the task form moving a task to Paid', () => {
  afterEach(() => vi.unstubAllGlobals());

  const framing: Task = { ...kitchen, id: 9, title: 'Framing', payments_total: 25000, payment_count: 1 };

  it('offers to record the difference between the actual cost and the payments, and records it after the save', async () => {
    const { calls, onClose } = open(framing, null, {
      'PATCH /api/tasks/9/': () => json({ ...framing, status: 'Paid', actual_cost: 31800 }),
      'POST /api/task-payments/': () => json({ id: 3 }, 201),
    });
    await screen.findByTestId('form-predicted');
    expect(screen.queryByTestId('record-difference')).toBeNull();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Paid' } });
    fireEvent.change(screen.getByLabelText('Your Cost'), { target: { value: '31800' } });
    const record = screen.getByRole<HTMLInputElement>('checkbox', {
      name: /^Record the \$6,800\.00 difference as a payment dated today/,
    });
    expect(record.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((c) => c.call)).toEqual(['PATCH /api/tasks/9/', 'POST /api/task-payments/']);
    expect(calls[1].body).toEqual({ task: 9, amount: 6800, paid_on: localToday() });
  });

  it('records nothing when unticked, or when the cost is within the payments', async () => {
    const { calls, onClose } = open(framing, null, {
      'PATCH /api/tasks/9/': () => json({ ...framing, status: 'Paid', actual_cost: 31800 }),
    });
    await screen.findByTestId('form-predicted');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Paid' } });
    fireEvent.change(screen.getByLabelText('Your Cost'), { target: { value: '25000' } });
    expect(screen.queryByTestId('record-difference')).toBeNull();
    fireEvent.change(screen.getByLabelText('Your Cost'), { target: { value: '31800' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /^Record the/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((c) => c.call)).toEqual(['PATCH /api/tasks/9/']);
  });
  it('never pre-fills the prediction, and says a negative cost at the field without sending it', async () => {
    const { calls, onClose } = open(framing, null);
    await screen.findByTestId('form-predicted');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Paid' } });
    const cost = screen.getByLabelText<HTMLInputElement>('Your Cost');
    expect(cost.value).toBe('');
    fireEvent.change(cost, { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cost.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('tf-cost-error')?.textContent).toBe('The actual cost cannot be negative.');
    expect(calls).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('a viewer’s task form (view only)', () => {
  afterEach(() => vi.unstubAllGlobals());

  const scheduled: Task = { ...kitchen, due_date: null, planned_start: '2026-03-02', actual_start: null };

  it('says "Not set" for an empty date, not the browser’s mm/dd/yyyy, and shows a set one as a date', async () => {
    open(scheduled, null, {}, false);
    await screen.findByTestId('form-predicted');
    for (const label of ['Due Date', 'Actual start', 'Actual finish']) {
      const box = screen.getByLabelText<HTMLInputElement>(label);
      expect([label, box.type, box.placeholder, box.value, box.matches(':disabled')]).toEqual([
        label,
        'text',
        DATE_NOT_SET,
        '',
        true,
      ]);
    }
    const planned = screen.getByLabelText<HTMLInputElement>('Planned start');
    expect([planned.type, planned.value, planned.placeholder]).toEqual(['date', '2026-03-02', '']);
  });

  it('keeps date boxes for an editor, empty or not', async () => {
    open(scheduled, null);
    await screen.findByTestId('form-predicted');
    for (const label of ['Due Date', 'Planned start', 'Actual start', 'Actual finish'])
      expect(screen.getByLabelText<HTMLInputElement>(label).type).toBe('date');
    expect(screen.queryByPlaceholderText(DATE_NOT_SET)).toBeNull();
  });
});
