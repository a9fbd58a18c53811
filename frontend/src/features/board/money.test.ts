import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../lib/format';
import {
  bestKnownCents,
  columnTotals,
  MAX_CENTS,
  predictedCents,
  predictedCost,
  roundToCent,
  summarize,
  toCents,
  type CostedTask,
} from './money';
import cases from './summary-cases.json';
import type { ProjectSummary, TaskStatus } from './types';

interface SummaryCase {
  square_footage: number;
  budget: number;
  tasks: CostedTask[];
  summary: ProjectSummary;
}

// Real answers of GET /api/projects/{id}/summary/ on random boards, written by a Rust test.
const serverCases = cases as SummaryCase[];

const line = (
  status: TaskStatus,
  actual_cost: number | null,
  regional_average_cost_per_sqft: number | null = null,
): CostedTask => ({ status, actual_cost, regional_average_cost_per_sqft });

describe("the local rule against the server's answers", () => {
  it('has random boards to replay', () => {
    expect(serverCases.length).toBeGreaterThanOrEqual(24);
    const tasks = serverCases.flatMap((c) => c.tasks);
    // The boards mix actual costs, predictions and unknown rates, in every column, under and over budget.
    expect(tasks.some((t) => t.actual_cost !== null)).toBe(true);
    expect(tasks.some((t) => t.actual_cost === null && t.regional_average_cost_per_sqft !== null)).toBe(true);
    expect(tasks.some((t) => t.actual_cost === null && t.regional_average_cost_per_sqft === null)).toBe(true);
    expect(new Set(tasks.map((t) => t.status))).toEqual(new Set(['To Do', 'In Progress', 'Paid']));
    expect(new Set(serverCases.map((c) => c.summary.over_budget))).toEqual(new Set([true, false]));
  });

  it.each(serverCases.map((c, i) => [i, c] as const))('board %i: the same figures as the server', (_i, c) => {
    // The project's settings and its funded draws are read back from the server's answer.
    const local = summarize(c.tasks, c.square_footage, c.budget, {
      contingency_percent: c.summary.contingency_percent,
      loan_amount: c.summary.loan_amount,
      drawn: c.summary.drawn,
    });
    // The whole-house estimate comes from the catalogue on the server only; the board's sums are
    // mirrored: the spec's five figures always, and issue 19's ledger figures where the case has them.
    const serverOnly = new Set(['full_build_estimate', 'estimate_covered']);
    const sums = Object.fromEntries(Object.entries(c.summary).filter(([key]) => !serverOnly.has(key)));
    const mirrored = Object.fromEntries(Object.keys(sums).map((key) => [key, local[key as keyof ProjectSummary]]));
    expect(mirrored).toStrictEqual(sums);
    for (const key of ['budget', 'predicted_total', 'cost_per_sqft', 'over_budget', 'column_totals'])
      expect(sums).toHaveProperty(key);
    expect(columnTotals(c.tasks, c.square_footage)).toStrictEqual(c.summary.column_totals);
  });
});

describe('summarize', () => {
  it('sums in cents: 0.10 + 0.20 paid is 0.30 exactly', () => {
    const s = summarize([line('Paid', 0.1), line('Paid', 0.2)], 1, 1);
    expect(s.predicted_total).toBe(0.3);
    expect(s.column_totals.Paid).toBe(0.3);
    expect(formatMoney(s.column_totals.Paid)).toBe('$0.30');
    // Ten dimes are one dollar, where floats make 0.9999999999999999.
    expect(
      summarize(
        Array.from({ length: 10 }, () => line('To Do', 0.1)),
        1,
        1,
      ).predicted_total,
    ).toBe(1);
  });

  it('counts the actual cost over the prediction, the prediction else, and 0 without a rate', () => {
    // The server's own unit case: 10.00 $/sq ft x 100 sq ft predicted, 500.00 paid.
    const s = summarize([line('To Do', null, 10), line('Paid', 500, 10), line('In Progress', null, null)], 100, 2000);
    expect(s).toMatchObject({
      budget: 2000,
      predicted_total: 1500,
      cost_per_sqft: 15,
      over_budget: false,
      column_totals: { 'To Do': 1000, 'In Progress': 0, Paid: 500 },
    });
    expect(bestKnownCents(line('Paid', 0, 10), 100)).toBe(0);
  });

  it('is over budget only when the total is strictly above it', () => {
    expect(summarize([line('In Progress', 10)], 10, 10).over_budget).toBe(false);
    expect(summarize([line('In Progress', 10)], 10, 9.99).over_budget).toBe(true);
    expect(summarize([line('In Progress', 100.01)], 10, 100).over_budget).toBe(true);
  });

  it('rounds the cost per sq ft half up to the cent, and has none without an area', () => {
    expect(summarize([line('Paid', 100.01)], 2, 0).cost_per_sqft).toBe(50.01);
    expect(summarize([line('Paid', 100.03)], 3, 0).cost_per_sqft).toBe(33.34);
    expect(summarize([line('Paid', 100)], 3, 0).cost_per_sqft).toBe(33.33);
    const none = summarize([line('To Do', null, 10), line('Paid', 5)], null, 0);
    expect(none.cost_per_sqft).toBeNull();
    expect(none.predicted_total).toBe(5);
    expect(summarize([line('To Do', null, 10)], 0, 0).cost_per_sqft).toBeNull();
  });

  it('clamps columns and the total to the largest amount', () => {
    const huge = Array.from({ length: 30 }, () => line('To Do', null, 999.99));
    const s = summarize([...huge, line('Paid', 1)], 999_999, 0);
    expect(s.column_totals['To Do']).toBe(MAX_CENTS / 100);
    expect(s.column_totals.Paid).toBe(1);
    expect(s.predicted_total).toBe(MAX_CENTS / 100);
    expect(s.cost_per_sqft).toBe(1000);
  });
});

describe('the ledger figures (docs/money.md)', () => {
  const awarded = (over: Partial<CostedTask>): CostedTask => ({
    status: 'In Progress',
    actual_cost: null,
    regional_average_cost_per_sqft: null,
    committed_cost: 0,
    paid_to_date: 0,
    change_order_total: 0,
    ...over,
  });

  it('sums committed, paid, remaining to pay and uncommitted in cents', () => {
    const s = summarize(
      [
        // Award 38,000 + an approved change order of 2,500; 12,000.10 paid.
        awarded({ committed_cost: 40500, change_order_total: 2500, paid_to_date: 12000.1 }),
        // Overpaid: owes nothing, and does not lower what is owed on the other task.
        awarded({ committed_cost: 1000, paid_to_date: 1500 }),
        // Paid with its actual cost: that is what is owed, not the committed cost.
        awarded({ status: 'Paid', committed_cost: 5000, actual_cost: 5200, paid_to_date: 5000 }),
        // No award: paid still counts in paid to date; its best-known cost is uncommitted.
        line('To Do', null, 10),
        { ...line('Paid', 300.2), paid_to_date: 300.2 },
      ],
      100,
      100000,
    );
    expect(s.committed).toBe(46500);
    expect(s.change_orders_approved).toBe(2500);
    expect(s.paid_to_date).toBe(18800.3);
    expect(s.remaining_to_pay).toBe(28699.9);
    expect(s.uncommitted).toBe(1300.2);
    expect(s.predicted_total).toBe(40500 + 1000 + 5200 + 1000 + 300.2);
  });

  it('reserves the contingency in cents rounded half up, and colours the status', () => {
    // 10% of 100,000.05 is 10,000.005: 10,000.01.
    expect(summarize([], null, 100000.05).contingency_reserve).toBe(10000.01);
    expect(summarize([], null, 100000.05).contingency_percent).toBe(10);
    const at = (spent: number, percent = 10) =>
      summarize([line('Paid', spent)], null, 100000, { contingency_percent: percent });
    expect(at(90000)).toMatchObject({ contingency_reserve: 10000, contingency_left: 10000, status: 'ok' });
    // Exactly half the reserve left is still ok; a cent less is a warning.
    expect(at(95000).status).toBe('ok');
    expect(at(95000.01)).toMatchObject({ contingency_left: 4999.99, status: 'warning' });
    expect(at(100000).status).toBe('warning');
    expect(at(100000.01)).toMatchObject({ contingency_left: -0.01, over_budget: true, status: 'over' });
    expect(at(100000, 0)).toMatchObject({ contingency_reserve: 0, status: 'ok' });
    expect(at(0, 50).contingency_reserve).toBe(50000);
  });

  it('has the loan left only with a loan', () => {
    expect(summarize([], null, 1000)).toMatchObject({ loan_amount: null, loan_left: null, drawn: 0 });
    expect(summarize([], null, 1000, { loan_amount: 250000, drawn: 60000.5 })).toMatchObject({
      loan_amount: 250000,
      drawn: 60000.5,
      loan_left: 189999.5,
    });
  });
});

describe('per-task figures', () => {
  it('predicts the regional rate in cents x square footage', () => {
    expect(predictedCost({ regional_average_cost_per_sqft: 23.41 }, 2400)).toBe(56184);
    expect(predictedCost({ regional_average_cost_per_sqft: 0.1 }, 3)).toBe(0.3);
    expect(predictedCents({ regional_average_cost_per_sqft: 0.29 }, 100)).toBe(2900);
    expect(predictedCost({ regional_average_cost_per_sqft: null }, 2400)).toBeNull();
    expect(predictedCost({ regional_average_cost_per_sqft: 10 }, null)).toBeNull();
  });

  it('converts wire dollars to cents and typed amounts to the cent', () => {
    expect(toCents(1234.56)).toBe(123456);
    expect(toCents(0.29)).toBe(29);
    expect(toCents(4_413_433.57)).toBe(441_343_357);
    expect(roundToCent(1500.456)).toBe(1500.46);
    expect(roundToCent(1.005)).toBe(1.01);
  });
});
