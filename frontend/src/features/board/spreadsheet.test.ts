import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { summarize } from './money';
import {
  cellErrorMessage,
  costEditText,
  costOverrun,
  isOverdue,
  nextSort,
  parseCostInput,
  sheetTotals,
  sortTasks,
} from './spreadsheet';
import type { Task } from './types';

let nextId = 1;
function task(partial: Partial<Task>): Task {
  const id = partial.id ?? nextId++;
  return {
    id,
    project: 1,
    title: `Task ${id}`,
    description: '',
    status: 'To Do',
    material_quality: 'basic',
    actual_cost: null,
    due_date: null,
    position: 0,
    actual_cost_per_sqft: null,
    regional_average_cost_per_sqft: null,
    bid_count: 0,
    committed_cost: null,
    lowest_bid: null,
    paid_to_date: 0,
    payment_count: 0,
    change_order_total: 0,
    fixed_fee: false,
    payments_total: 0,
    remaining_to_pay: null,
    ...partial,
  };
}

describe('sorting', () => {
  const tasks = [
    task({ id: 1, title: 'roofing', actual_cost: 500, status: 'Paid', regional_average_cost_per_sqft: 2 }),
    task({ id: 2, title: 'Framing', actual_cost: null, status: 'To Do', regional_average_cost_per_sqft: null }),
    task({ id: 3, title: 'Task 10', actual_cost: 100, status: 'In Progress', regional_average_cost_per_sqft: 5 }),
    task({ id: 4, title: 'Task 9', actual_cost: 100, status: 'To Do', regional_average_cost_per_sqft: 1 }),
  ];
  const predicted = (t: Task) =>
    t.regional_average_cost_per_sqft === null ? null : t.regional_average_cost_per_sqft * 100;
  const ids = (list: readonly Task[]) => list.map((t) => t.id);

  it('cycles ascending, descending, board order on the same header; a new header starts ascending', () => {
    const a = nextSort(null, 'title');
    expect(a).toEqual({ key: 'title', dir: 'ascending' });
    const d = nextSort(a, 'title');
    expect(d).toEqual({ key: 'title', dir: 'descending' });
    expect(nextSort(d, 'title')).toBeNull();
    expect(nextSort(d, 'status')).toEqual({ key: 'status', dir: 'ascending' });
  });

  it('keeps board order without a sort (the same array)', () => {
    expect(sortTasks(tasks, null, predicted)).toBe(tasks);
  });

  it('sorts titles case-insensitively with numbers in numeric order', () => {
    expect(ids(sortTasks(tasks, { key: 'title', dir: 'ascending' }, predicted))).toEqual([2, 1, 4, 3]);
    expect(ids(sortTasks(tasks, { key: 'title', dir: 'descending' }, predicted))).toEqual([3, 4, 1, 2]);
  });

  it('puts blank costs last in both directions and keeps board order for ties', () => {
    expect(ids(sortTasks(tasks, { key: 'actual_cost', dir: 'ascending' }, predicted))).toEqual([3, 4, 1, 2]);
    expect(ids(sortTasks(tasks, { key: 'actual_cost', dir: 'descending' }, predicted))).toEqual([1, 3, 4, 2]);
    expect(ids(sortTasks(tasks, { key: 'predicted', dir: 'ascending' }, predicted))).toEqual([4, 1, 3, 2]);
    expect(ids(sortTasks(tasks, { key: 'predicted', dir: 'descending' }, predicted))).toEqual([3, 1, 4, 2]);
  });

  it('sorts statuses in board order (To Do, In Progress, Paid)', () => {
    expect(ids(sortTasks(tasks, { key: 'status', dir: 'ascending' }, predicted))).toEqual([2, 4, 3, 1]);
    expect(ids(sortTasks(tasks, { key: 'status', dir: 'descending' }, predicted))).toEqual([1, 3, 2, 4]);
  });

  it('does not touch its input', () => {
    const copy = [...tasks];
    sortTasks(tasks, { key: 'actual_cost', dir: 'descending' }, predicted);
    expect(tasks).toEqual(copy);
  });
});

describe('totals row', () => {
  it('sums your costs, the predictions and the best-known costs in cents', () => {
    const tasks = [
      task({ actual_cost: 0.1, regional_average_cost_per_sqft: 1.11 }),
      task({ actual_cost: 0.2 }),
      task({ regional_average_cost_per_sqft: 10.01 }),
      task({}),
    ];
    const totals = sheetTotals(tasks, 3);
    expect(totals).toEqual({ actual: 0.3, predicted: 33.36, paid: 0, projected: 30.33 });
  });

  it("gives the budget summary's predicted total as the projected total", () => {
    const tasks = Array.from({ length: 50 }, (_, i) =>
      task({
        status: (['To Do', 'In Progress', 'Paid'] as const)[i % 3],
        actual_cost: i % 4 === 0 ? 1000.07 * i : null,
        regional_average_cost_per_sqft: i % 5 === 0 ? null : 3.33 + i,
      }),
    );
    expect(sheetTotals(tasks, 2400).projected).toBe(summarize(tasks, 2400, 0).predicted_total);
  });

  it('counts an awarded bid (committed cost) in the projected total, like the server', () => {
    const tasks = [
      task({ committed_cost: 900, regional_average_cost_per_sqft: 5 }),
      task({ actual_cost: 10, committed_cost: 900 }),
    ];
    expect(sheetTotals(tasks, 100)).toEqual({ actual: 10, predicted: 500, paid: 0, projected: 910 });
    expect(sheetTotals(tasks, 100).projected).toBe(summarize(tasks, 100, 0).predicted_total);
  });

  it("with calibration in use, gives the budget summary's calibrated total as the projected total", () => {
    const calibration = { ratio: 1.2, low: 1.1, high: 1.3, n_tasks: 3 };
    const tasks = [
      // A job priced per job: its price, whatever the area, x 1.2.
      task({ regional_average_cost_per_sqft: 30.357433333333333, predicted_cost: 72857.84, pricing: 'per_job' }),
      task({ committed_cost: 900, predicted_cost: 500 }),
      task({ actual_cost: 10, predicted_cost: 20 }),
      // A fee: never calibrated.
      task({ predicted_cost: 1234.56, fixed_fee: true }),
    ];
    const on = { use_calibration: true, calibrated: calibration };
    const totals = sheetTotals(tasks, 2400, on);
    // 72,857.84 x 1.2 = 87,429.408 -> $87,429; the known costs as they are; the fee at its price.
    // The Predicted Cost column adds each row's prediction as shown (calibrated, to the dollar).
    expect(totals).toEqual({
      actual: 10,
      predicted: 87429 + 600 + 24 + 1234.56,
      paid: 0,
      projected: 87429 + 900 + 10 + 1234.56,
    });
    expect(totals.projected).toBe(summarize(tasks, 2400, 0, { calibration }).predicted_total);
    // Switched off: the regional figures.
    const off = sheetTotals(tasks, 2400, { ...on, use_calibration: false });
    expect(off.projected).toBe(72857.84 + 910 + 1234.56);
    expect(off.projected).toBe(summarize(tasks, 2400, 0, { calibration, use_calibration: false }).predicted_total);
  });

  it('counts no prediction without a square footage', () => {
    expect(sheetTotals([task({ regional_average_cost_per_sqft: 5, actual_cost: 7 })], null)).toEqual({
      actual: 7,
      predicted: 0,
      paid: 0,
      projected: 7,
    });
  });

  it("sums the tasks' Paid in cents: payments, or the actual cost of a task in Paid", () => {
    const tasks = [
      task({ payments_total: 0.1, payment_count: 1 }),
      task({ payments_total: 0.2, payment_count: 2, committed_cost: 500 }),
      task({ status: 'Paid', actual_cost: 0.4 }),
      task({}),
    ];
    expect(sheetTotals(tasks, 100).paid).toBe(0.7);
    expect(sheetTotals(tasks, 100).paid).toBe(summarize(tasks, 100, 0).paid_to_date);
  });
});

describe('sorting by Paid', () => {
  it('puts the tasks without payments last in both directions', () => {
    const tasks = [
      task({ id: 21 }),
      task({ id: 22, payments_total: 500, payment_count: 1 }),
      task({ id: 23, payments_total: 12000, payment_count: 3 }),
    ];
    const ids = (dir: 'ascending' | 'descending') =>
      sortTasks(tasks, { key: 'paid', dir }, () => null).map((t) => t.id);
    expect(ids('ascending')).toEqual([22, 23, 21]);
    expect(ids('descending')).toEqual([23, 22, 21]);
  });
});

describe('variance mark', () => {
  it('flags a cost more than 25% above the prediction, with the whole percentage', () => {
    expect(costOverrun(1250, 1000)).toBeNull(); // exactly 25%: not flagged
    expect(costOverrun(1250.01, 1000)).toBe(25);
    expect(costOverrun(1320, 1000)).toBe(32);
    expect(costOverrun(44100, 34320)).toBe(28);
    expect(costOverrun(3000, 1000)).toBe(200);
  });

  it('does not flag costs at or below the prediction, or without one', () => {
    expect(costOverrun(900, 1000)).toBeNull();
    expect(costOverrun(null, 1000)).toBeNull();
    expect(costOverrun(1000, null)).toBeNull();
    expect(costOverrun(1000, 0)).toBeNull();
  });
});

describe('overdue mark', () => {
  const today = '2026-03-15';
  it('marks a past due date on a task that is not Paid', () => {
    expect(isOverdue({ due_date: '2026-03-14', status: 'To Do' }, today)).toBe(true);
    expect(isOverdue({ due_date: '2025-12-31', status: 'In Progress' }, today)).toBe(true);
  });
  it('does not mark today, the future, Paid tasks or tasks without a date', () => {
    expect(isOverdue({ due_date: '2026-03-15', status: 'To Do' }, today)).toBe(false);
    expect(isOverdue({ due_date: '2026-04-01', status: 'To Do' }, today)).toBe(false);
    expect(isOverdue({ due_date: '2026-01-01', status: 'Paid' }, today)).toBe(false);
    expect(isOverdue({ due_date: null, status: 'To Do' }, today)).toBe(false);
  });
});

describe('typed costs', () => {
  it('reads plain and formatted amounts, rounded to the cent', () => {
    expect(parseCostInput('44100')).toEqual({ ok: true, value: 44100 });
    expect(parseCostInput(' $44,100.50 ')).toEqual({ ok: true, value: 44100.5 });
    expect(parseCostInput('1.005')).toEqual({ ok: true, value: 1.01 });
    expect(parseCostInput('.5')).toEqual({ ok: true, value: 0.5 });
    expect(parseCostInput('')).toEqual({ ok: true, value: null });
  });
  it('passes a negative amount on (the server says why it refuses it)', () => {
    expect(parseCostInput('-5')).toEqual({ ok: true, value: -5 });
  });
  it('refuses what is not a number', () => {
    expect(parseCostInput('abc').ok).toBe(false);
    expect(parseCostInput('1.2.3').ok).toBe(false);
    expect(parseCostInput('12e3').ok).toBe(false);
  });
  it('shows the raw figure while editing', () => {
    expect(costEditText(44100)).toBe('44100');
    expect(costEditText(18250.5)).toBe('18250.50');
    expect(costEditText(null)).toBe('');
  });
});

describe('refused edits', () => {
  const refused = new ApiError(
    400,
    'validation_error',
    'actual_cost: Ensure this value is greater than or equal to 0.',
    {
      actual_cost: ['Ensure this value is greater than or equal to 0.'],
    },
  );
  it("shows the server's message for the edited field", () => {
    expect(cellErrorMessage(refused, 'actual_cost')).toBe('Ensure this value is greater than or equal to 0.');
  });
  it("names another field's message", () => {
    expect(cellErrorMessage(refused, 'title')).toBe('Your Cost: Ensure this value is greater than or equal to 0.');
  });
  it('explains failures without field messages', () => {
    expect(cellErrorMessage(new ApiError(500, 'internal', 'Something went wrong'), 'title')).toMatch(
      /server had a problem/,
    );
    expect(cellErrorMessage(new ApiError(0, 'network_error', 'x'), 'title')).toMatch(/could not be reached/);
    expect(cellErrorMessage(new TypeError('Failed to fetch'), 'status')).toMatch(/could not be reached/);
    expect(cellErrorMessage(new ApiError(409, 'conflict', 'Changed elsewhere.'), 'status')).toBe('Changed elsewhere.');
  });
});
