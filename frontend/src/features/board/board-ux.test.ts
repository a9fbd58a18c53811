import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Task } from './types';
import { PendingDeletes, UNDO_MS } from './pending-deletes';
import {
  estimateCoverage,
  isOverdue,
  paidHint,
  paidPrefill,
  checkActualCost,
  parseContingency,
  parseLoan,
  unrecordedCents,
} from './utils';
import { DEFAULT_VIEW, readView, saveView, viewStorageKey } from './view-preference';

const task = (partial: Partial<Task> = {}): Task => ({
  id: 1,
  project: 7,
  title: 'Plumbing Rough',
  description: '',
  status: 'In Progress',
  material_quality: 'standard',
  actual_cost: null,
  due_date: null,
  position: 0,
  actual_cost_per_sqft: null,
  regional_average_cost_per_sqft: null,
  committed_cost: null,
  bid_count: 0,
  lowest_bid: null,
  paid_to_date: 0,
  payment_count: 0,
  change_order_total: 0,
  fixed_fee: false,
  payments_total: 0,
  remaining_to_pay: null,
  ...partial,
});

describe('the Enter Actual Cost pre-fill', () => {
  it('is the recorded cost, so Enter keeps it', () => {
    expect(paidPrefill(task({ actual_cost: 62300 }), 2400)).toEqual({
      value: '62300',
      source: 'actual',
      predicted: null,
    });
    expect(paidPrefill(task({ actual_cost: 1234.5, regional_average_cost_per_sqft: 9 }), 2400)).toMatchObject({
      value: '1234.5',
      source: 'actual',
    });
    // A recorded $0 is a recorded cost too.
    expect(paidPrefill(task({ actual_cost: 0, regional_average_cost_per_sqft: 9 }), 2400).value).toBe('0');
  });

  it('never is the prediction: blank, with the prediction as a hint only', () => {
    const regional = paidPrefill(task({ regional_average_cost_per_sqft: 4.37 }), 2400);
    expect(regional).toEqual({ value: '', source: 'none', predicted: 10488 });
    expect(paidHint(regional)).toBe('Predicted $10,488.');
    const calibrated = { use_calibration: true, calibrated: { ratio: 1.2 } };
    // 10,488.00 x 1.2 = 12,585.60 -> $12,586, in the hint; the box stays blank.
    const scaled = paidPrefill(task({ regional_average_cost_per_sqft: 4.37 }), 2400, calibrated);
    expect(scaled.value).toBe('');
    expect(paidHint(scaled)).toBe('Predicted $12,586.');
    expect(
      paidPrefill(task({ regional_average_cost_per_sqft: 4.37 }), 2400, { ...calibrated, use_calibration: false })
        .predicted,
    ).toBe(10488);
    // A fee keeps its regional price.
    expect(
      paidPrefill(task({ regional_average_cost_per_sqft: 4.37, fixed_fee: true }), 2400, calibrated).predicted,
    ).toBe(10488);
  });

  it('is the committed cost of an awarded task without payments', () => {
    const committed = paidPrefill(task({ committed_cost: 14280, regional_average_cost_per_sqft: 4.37 }), 2400);
    expect(committed).toMatchObject({ value: '14280', source: 'committed', predicted: 10488 });
  });

  it('leaves unrecorded the actual cost minus the payments (the payment the dialog offers)', () => {
    expect(unrecordedCents(6800, task({ payments_total: 0 }))).toBe(680_000);
    expect(unrecordedCents(43000, task({ payments_total: 41500 }))).toBe(150_000);
    expect(unrecordedCents(41500, task({ payments_total: 41500 }))).toBe(0);
    expect(unrecordedCents(100, task({ payments_total: 150.5 }))).toBe(0);
    expect(unrecordedCents(null, task())).toBe(0);
    expect(unrecordedCents(0.1, undefined)).toBe(10);
  });

  it('is blank without recorded money (blank still means $0.00 on save)', () => {
    expect(paidPrefill(task(), 2400)).toEqual({ value: '', source: 'none', predicted: null });
    expect(paidHint(paidPrefill(task(), 2400))).toBeNull();
    expect(paidPrefill(task({ regional_average_cost_per_sqft: 5 }), null)).toEqual({
      value: '',
      source: 'none',
      predicted: null,
    });
    expect(paidPrefill(undefined, 2400)).toEqual({ value: '', source: 'none' });
  });

  it('is the payments recorded when the task has some and no actual cost, over its committed cost', () => {
    const one = paidPrefill(
      task({
        paid_to_date: 12000,
        payments_total: 12000,
        payment_count: 1,
        committed_cost: 41800,
        regional_average_cost_per_sqft: 9,
      }),
      2400,
    );
    expect(one).toMatchObject({ value: '12000', source: 'paid', paid: 12000, payments: 1 });
    expect(paidHint(one)).toBe('Payments recorded: $12,000.00 (1 payment). Predicted $21,600.');
    // An actual cost recorded before comes first; the payments are said in the hint.
    const both = paidPrefill(
      task({ paid_to_date: 41800.5, payments_total: 41800.5, payment_count: 2, actual_cost: 40000 }),
      2400,
    );
    expect(both).toMatchObject({ value: '40000', source: 'actual', paid: 41800.5, payments: 2 });
    expect(paidHint(both)).toBe('Payments recorded: $41,800.50 (2 payments).');
  });
});

describe('the Enter Actual Cost box, read before it is sent', () => {
  it('is dollars to the cent, blank as $0.00', () => {
    expect(checkActualCost('6957.504')).toEqual({ ok: true, value: 6957.5 });
    expect(checkActualCost(' ')).toEqual({ ok: true, value: 0 });
  });

  it('refuses letters and negative amounts with a message (never a silent $0)', () => {
    expect(checkActualCost('', true)).toEqual({
      ok: false,
      message: 'Enter the cost as a number of dollars, like 6957.50.',
    });
    expect(checkActualCost('abc').ok).toBe(false);
    expect(checkActualCost('-5')).toEqual({ ok: false, message: 'The actual cost cannot be negative.' });
  });
});

describe('the money settings typed in Update Budget', () => {
  it('reads a whole contingency percent from 0 to 50, blank as the default 10', () => {
    expect(parseContingency('15')).toEqual({ ok: true, value: 15 });
    expect(parseContingency(' 0 % ')).toEqual({ ok: true, value: 0 });
    expect(parseContingency('')).toEqual({ ok: true, value: 10 });
    expect(parseContingency('51')).toEqual({ ok: false, message: 'The contingency can be at most 50% of the budget.' });
    expect(parseContingency('7.5').ok).toBe(false);
    expect(parseContingency('-1').ok).toBe(false);
  });

  it('reads the loan in dollars, blank as none', () => {
    expect(parseLoan('$250,000.50')).toEqual({ ok: true, value: 250000.5 });
    expect(parseLoan(' ')).toEqual({ ok: true, value: null });
    expect(parseLoan('-5').ok).toBe(false);
    expect(parseLoan('1.234').ok).toBe(false);
    expect(parseLoan('lots').ok).toBe(false);
  });
});

describe('overdue tasks', () => {
  it('are past their due date and not Paid', () => {
    const today = '2026-11-24';
    expect(isOverdue(task({ due_date: '2026-11-23' }), today)).toBe(true);
    expect(isOverdue(task({ due_date: '2026-11-24' }), today)).toBe(false);
    expect(isOverdue(task({ due_date: '2026-12-01' }), today)).toBe(false);
    expect(isOverdue(task({ due_date: '2026-01-01', status: 'Paid' }), today)).toBe(false);
    expect(isOverdue(task({ due_date: null }), today)).toBe(false);
  });
});

describe('the whole-house estimate coverage', () => {
  it('says how much of the estimate the tasks on the board cover', () => {
    const c = estimateCoverage(341616, 78300, 8);
    expect(c?.text).toBe('The catalogue’s estimate, for comparison: your 8 tasks cover $78,300 of it (23%).');
    expect(c?.percent).toBe(23);
    expect(c?.remaining).toBe(263316);
    expect(estimateCoverage(1000, 500.5, 1)?.text).toBe(
      'The catalogue’s estimate, for comparison: your 1 task covers $501 of it (50%).',
    );
  });

  it('handles tiny, full and missing figures', () => {
    expect(estimateCoverage(341616, 100, 1)?.text).toContain('(under 1%)');
    expect(estimateCoverage(1000, 1000, 3)?.percent).toBe(100);
    expect(estimateCoverage(null, 100, 3)).toBeNull();
    expect(estimateCoverage(undefined, undefined, 3)).toBeNull();
    expect(estimateCoverage(1000, null, 3)?.percent).toBeNull();
    expect(estimateCoverage(1000, 0, 0)?.text).toBe(
      'No tasks on the board yet: the catalogue estimates the whole house at $1,000, for comparison.',
    );
  });
});

describe('the remembered board view', () => {
  it('defaults to Spreadsheet and is kept per project', () => {
    expect(DEFAULT_VIEW).toBe('spreadsheet');
    expect(readView(3)).toBe('spreadsheet');
    saveView(3, 'kanban');
    expect(readView(3)).toBe('kanban');
    expect(readView(4)).toBe('spreadsheet');
    expect(window.localStorage.getItem(viewStorageKey(3))).toBe('kanban');
  });

  it('ignores anything else stored there', () => {
    window.localStorage.setItem(viewStorageKey(5), 'gantt');
    expect(readView(5)).toBe('spreadsheet');
  });
});

describe('pending deletes', () => {
  afterEach(() => vi.useRealTimers());

  function setup(send: (id: number, keepalive: boolean) => Promise<unknown> = () => Promise.resolve()) {
    vi.useFakeTimers();
    const calls: [number, boolean][] = [];
    const deleted: number[] = [];
    const failed: number[] = [];
    const store = new PendingDeletes({
      send: (id, keepalive) => {
        calls.push([id, keepalive]);
        return send(id, keepalive);
      },
      onDeleted: (t) => deleted.push(t.id),
      onFailed: (t) => failed.push(t.id),
    });
    return { store, calls, deleted, failed };
  }

  it('sends nothing until the Undo time is over, then one DELETE', async () => {
    const { store, calls, deleted } = setup();
    store.schedule(task({ id: 9 }));
    expect(store.getSnapshot().map((p) => [p.task.id, p.state])).toEqual([[9, 'waiting']]);
    vi.advanceTimersByTime(UNDO_MS - 1);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([[9, false]]);
    expect(store.getSnapshot()[0].state).toBe('sending'); // still hidden while on its way
    await vi.runAllTimersAsync();
    expect(deleted).toEqual([9]);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('Undo brings the task back and nothing is ever sent', async () => {
    const { store, calls } = setup();
    const listener = vi.fn();
    store.subscribe(listener);
    store.schedule(task({ id: 9 }));
    expect(store.undo(9)).toBe(true);
    expect(store.getSnapshot()).toEqual([]);
    await vi.runAllTimersAsync();
    expect(calls).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.undo(9)).toBe(false);
  });

  it('is made final at once, with keepalive, when the page goes away', async () => {
    const { store, calls, deleted } = setup();
    store.schedule(task({ id: 1 }));
    store.schedule(task({ id: 2 }));
    store.flush(true);
    expect(calls).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(store.undo(1)).toBe(false); // too late
    await vi.runAllTimersAsync();
    expect(deleted).toEqual([1, 2]);
    expect(calls).toHaveLength(2); // the timers sent nothing more
  });

  it('shows the task again when the server refuses', async () => {
    const { store, failed } = setup(() => Promise.reject(new Error('500')));
    store.schedule(task({ id: 4 }));
    vi.advanceTimersByTime(UNDO_MS);
    await vi.runAllTimersAsync();
    expect(failed).toEqual([4]);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('waits while held (the pointer is on the toast), then leaves time to act', () => {
    const { store, calls } = setup();
    store.schedule(task({ id: 3 }));
    vi.advanceTimersByTime(UNDO_MS - 100);
    store.hold(true);
    vi.advanceTimersByTime(60_000);
    expect(calls).toEqual([]);
    store.hold(false);
    vi.advanceTimersByTime(1499);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([[3, false]]);
  });
});
