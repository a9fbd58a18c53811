import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../lib/format';
import {
  bestKnownCents,
  bestKnownRangeCents,
  calibratedRangeCents,
  columnTotals,
  hasKnownCost,
  MAX_CENTS,
  predictedCents,
  predictedCost,
  predictedRangeCents,
  ratioPerMille,
  roundToCent,
  scaleCents,
  shownSummary,
  summarize,
  toCents,
  type CostedTask,
} from './money';
import cases from './summary-cases.json';
import type { ProjectSummary, TaskStatus } from './types';

interface SummaryCase {
  square_footage: number;
  budget: number;
  tasks: (CostedTask & { pricing?: string | null })[];
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
    // Issue 20: the server's predictions (per sq ft and per job, with their ranges) and boards
    // with and without a calibration, some of them calibrated over budget and some under.
    expect(new Set(tasks.map((t) => t.pricing))).toEqual(new Set(['per_sqft', 'per_job', null]));
    expect(tasks.some((t) => (t.predicted_cost_low ?? 0) < (t.predicted_cost_high ?? 0))).toBe(true);
    const calibrated = serverCases.flatMap((c) => (c.summary.calibrated ? [c.summary.calibrated] : []));
    expect(calibrated.length).toBeGreaterThanOrEqual(6);
    expect(serverCases.some((c) => c.summary.calibrated === null)).toBe(true);
    expect(new Set(calibrated.map((k) => k.ratio > 1))).toEqual(new Set([true, false]));
    expect(new Set(calibrated.map((k) => k.over_budget))).toEqual(new Set([true, false]));
  });

  it('has jobs priced per job, where the rate x the area is not the job price to the cent', () => {
    // For these the old rule (the rate rounded to the cent x the area) would be off: the board
    // reads predicted_cost.
    const perJob = serverCases.flatMap((c) =>
      c.tasks.filter((t) => t.pricing === 'per_job').map((t) => ({ t, sqft: c.square_footage })),
    );
    expect(perJob.length).toBeGreaterThan(0);
    expect(
      perJob.some(
        ({ t, sqft }) => toCents(t.regional_average_cost_per_sqft ?? 0) * sqft !== toCents(t.predicted_cost ?? 0),
      ),
    ).toBe(true);
    for (const { t, sqft } of perJob) expect(predictedCents(t, sqft)).toBe(toCents(t.predicted_cost ?? 0));
  });

  it.each(serverCases.map((c, i) => [i, c] as const))('board %i: the same figures as the server', (_i, c) => {
    // The project's settings and its funded draws are read back from the server's answer.
    // The calibration's ratio (and its range and task count, which the server alone computes)
    // too: the board scales the predictions by it as the server does.
    const local = summarize(c.tasks, c.square_footage, c.budget, {
      contingency_percent: c.summary.contingency_percent,
      loan_amount: c.summary.loan_amount,
      drawn: c.summary.drawn,
      calibration: c.summary.calibrated,
    });
    // The whole-house estimate comes from the catalogue on the server only; the board's sums are
    // mirrored: the spec's five figures always, and issue 19's ledger figures where the case has them.
    const serverOnly = new Set(['full_build_estimate', 'estimate_covered']);
    const sums = Object.fromEntries(Object.entries(c.summary).filter(([key]) => !serverOnly.has(key)));
    const mirrored = Object.fromEntries(Object.keys(sums).map((key) => [key, local[key as keyof ProjectSummary]]));
    expect(mirrored).toStrictEqual(sums);
    for (const key of [
      'budget',
      'predicted_total',
      'cost_per_sqft',
      'over_budget',
      'column_totals',
      'predicted_total_low',
      'predicted_total_high',
      'calibrated',
    ])
      expect(sums).toHaveProperty(key);
    expect(columnTotals(c.tasks, c.square_footage)).toStrictEqual(c.summary.column_totals);
    const calibrated = c.summary.calibrated;
    if (calibrated) {
      expect(columnTotals(c.tasks, c.square_footage, calibrated.ratio)).toStrictEqual(calibrated.column_totals);
      // Task by task: the calibrated total is the known costs plus the calibrated predictions.
      const perTask = c.tasks.reduce(
        (sum, t) =>
          sum +
          (calibratedRangeCents(t, c.square_footage, calibrated.ratio)?.cents ?? bestKnownCents(t, c.square_footage)),
        0,
      );
      expect(Math.min(perTask, MAX_CENTS)).toBe(toCents(calibrated.predicted_total));
    }
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
  it("reads the server's prediction when the task carries it, even where the rate says otherwise", () => {
    // A kitchen remodel priced per job: $72,857.84 whatever the area; its rate is unrounded.
    const kitchen = { regional_average_cost_per_sqft: 30.357433333333333, predicted_cost: 72857.84 };
    expect(predictedCost(kitchen, 2400)).toBe(72857.84);
    expect(predictedCents({ ...kitchen, regional_average_cost_per_sqft: 30.36 }, 2400)).toBe(7_285_784);
    // Present but null: no prediction, whatever the rate.
    expect(predictedCost({ regional_average_cost_per_sqft: 10, predicted_cost: null }, 100)).toBeNull();
    // Absent (older payloads): the rate x the area.
    expect(predictedCost({ regional_average_cost_per_sqft: 10 }, 100)).toBe(1000);
  });

  it('gives the range, the prediction itself without one', () => {
    const framing = {
      regional_average_cost_per_sqft: 16.54,
      predicted_cost: 39696,
      predicted_cost_low: 35376,
      predicted_cost_high: 43344,
    };
    expect(predictedRangeCents(framing, 2400)).toEqual({ cents: 3_969_600, low: 3_537_600, high: 4_334_400 });
    expect(predictedRangeCents({ regional_average_cost_per_sqft: 10 }, 100)).toEqual({
      cents: 100_000,
      low: 100_000,
      high: 100_000,
    });
    expect(predictedRangeCents({ regional_average_cost_per_sqft: null, predicted_cost: null }, 100)).toBeNull();
  });

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

describe('calibration (issue 20): the server rule, in cents', () => {
  it('reads ratios in per mille as the server does', () => {
    expect(ratioPerMille(1.2)).toBe(1200);
    expect(ratioPerMille(0.804)).toBe(804);
    expect(ratioPerMille(1.143)).toBe(1143);
    expect(ratioPerMille(0)).toBe(0);
  });

  it('scales and rounds half up to the cent', () => {
    // 0.05 x 1.25 = 0.0625 -> 0.06 (the server's own example); 0.04 x 1.25 = 0.05 exactly.
    expect(scaleCents(5, 1250)).toBe(6);
    expect(scaleCents(4, 1250)).toBe(5);
    // 0.01 x 1.05 = 0.0105 -> 0.01; 0.10 x 1.005 = 0.1005 -> 0.10; 0.50 x 1.001 = 0.5005 -> 0.50.
    expect(scaleCents(1, 1050)).toBe(1);
    expect(scaleCents(10, 1005)).toBe(10);
    expect(scaleCents(50, 1001)).toBe(50);
    // 0.02 x 1.025 = 0.0205 -> 0.02; 0.20 x 1.025 = 0.205 -> 0.21 (a half: up).
    expect(scaleCents(20, 1025)).toBe(21);
    expect(scaleCents(3_969_600, 1200)).toBe(4_763_520);
    expect(scaleCents(-5, 1200)).toBe(0);
    // Past 2^53 the product is taken in BigInt: still exact.
    expect(scaleCents(MAX_CENTS, 1_000_000)).toBe(MAX_CENTS * 1000);
    expect(scaleCents(99_999_999_999, 999_999)).toBe(Number((2n * 99_999_999_999n * 999_999n + 1000n) / 2000n));
  });

  const predicted: CostedTask = {
    status: 'To Do',
    actual_cost: null,
    regional_average_cost_per_sqft: 10,
    predicted_cost: 1000,
    predicted_cost_low: 800,
    predicted_cost_high: 1300,
  };
  const known: CostedTask = { ...predicted, committed_cost: 600 };

  it('sums the ranges like the points; known costs have none', () => {
    const s = summarize([predicted, { ...predicted, status: 'Paid', actual_cost: 500 }], 100, 0);
    expect([s.predicted_total_low, s.predicted_total, s.predicted_total_high]).toEqual([1300, 1500, 1800]);
    expect(s.calibrated).toBeNull();
  });

  it('scales only the predictions of tasks without a known cost', () => {
    expect(hasKnownCost(known)).toBe(true);
    expect(hasKnownCost({ actual_cost: 0 })).toBe(true);
    expect(hasKnownCost(predicted)).toBe(false);
    expect(calibratedRangeCents(predicted, 100, 1.2)).toEqual({ cents: 120_000, low: 96_000, high: 156_000 });
    expect(calibratedRangeCents(known, 100, 1.2)).toBeNull();
    expect(calibratedRangeCents(predicted, 100, null)).toBeNull();
    expect(bestKnownRangeCents(known, 100, 1200)).toEqual({ cents: 60_000, low: 60_000, high: 60_000 });

    const calibration = { ratio: 1.2, low: 1.1, high: 1.3, n_tasks: 3 };
    const s = summarize([predicted, known], 100, 1700, { calibration });
    // The regional figures are unchanged beside the calibrated ones.
    expect(s.predicted_total).toBe(1600);
    expect(s.over_budget).toBe(false);
    expect(s.calibrated).toStrictEqual({
      ...calibration,
      // 1,000.00 x 1.2 + the award of 600.00; the range scaled the same way.
      predicted_total: 1800,
      predicted_total_low: 960 + 600,
      predicted_total_high: 1560 + 600,
      cost_per_sqft: 18,
      over_budget: true,
      column_totals: { 'To Do': 1800, 'In Progress': 0, Paid: 0 },
    });
    expect(columnTotals([predicted, known], 100, 1.2)).toEqual({ 'To Do': 1800, 'In Progress': 0, Paid: 0 });
    expect(summarize([predicted], null, 0, { calibration }).calibrated?.cost_per_sqft).toBeNull();
  });
});

describe('the figures shown with calibrated predictions on', () => {
  const calibration = { ratio: 1.2, low: 1.1, high: 1.3, n_tasks: 3 };
  const tasks: CostedTask[] = [
    { status: 'To Do', actual_cost: null, regional_average_cost_per_sqft: null, predicted_cost: 80000 },
    { status: 'Paid', actual_cost: 10000, regional_average_cost_per_sqft: null, predicted_cost: 9000 },
  ];
  const summary = summarize(tasks, 1000, 100000, { calibration });

  it('are the calibrated sums, with the contingency left and colour that follow from them', () => {
    expect(summary).toMatchObject({ predicted_total: 90000, contingency_left: 10000, status: 'ok' });
    const shown = shownSummary(summary, true);
    expect(shown).toMatchObject({
      predicted_total: 106000,
      cost_per_sqft: 106,
      over_budget: true,
      column_totals: { 'To Do': 96000, 'In Progress': 0, Paid: 10000 },
      contingency_left: -6000,
      status: 'over',
      // Ledger figures are not predictions: unchanged.
      committed: summary.committed,
      paid_to_date: summary.paid_to_date,
    });
    // Under budget but less than half the reserve left: a warning, as without calibration.
    const tight = shownSummary(summarize(tasks, 1000, 110000, { calibration }), true);
    expect(tight).toMatchObject({ contingency_left: 4000, status: 'warning', over_budget: false });
  });

  it('are the summary itself when switched off or without a calibration', () => {
    expect(shownSummary(summary, false)).toBe(summary);
    const none = summarize(tasks, 1000, 100000);
    expect(shownSummary(none, true)).toBe(none);
  });
});
