import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../lib/format';
import {
  activeRatio,
  bestKnownCents,
  bestKnownRangeCents,
  columnTotals,
  contingencyOf,
  hasKnownCost,
  MAX_CENTS,
  predictedCents,
  predictedCost,
  predictedRangeCents,
  ratioPerMille,
  roundToCent,
  scaleCents,
  shownPrediction,
  summarize,
  taskPaidCents,
  taskRemainingCents,
  toCents,
  type CostedTask,
} from './money';
import cases from './summary-cases.json';
import type { ProjectSummary, TaskStatus } from './types';

interface SummaryCase {
  use_calibration: boolean;
  square_footage: number;
  budget: number;
  tasks: (CostedTask & { pricing?: string | null; remaining_to_pay: number | null })[];
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

  it('has boards with payments, change orders, fees, Paid tasks and both settings', () => {
    const tasks = serverCases.flatMap((c) => c.tasks);
    expect(new Set(serverCases.map((c) => c.use_calibration))).toEqual(new Set([true, false]));
    // Calibrated boards with the setting on and off: the predicted total follows the setting.
    expect(serverCases.some((c) => c.summary.calibrated && c.use_calibration)).toBe(true);
    expect(serverCases.some((c) => c.summary.calibrated && !c.use_calibration)).toBe(true);
    expect(tasks.some((t) => (t.payments_total ?? 0) > 0)).toBe(true);
    expect(tasks.some((t) => (t.change_order_total ?? 0) !== 0)).toBe(true);
    expect(tasks.some((t) => t.fixed_fee && t.actual_cost === null && t.committed_cost === null)).toBe(true);
    // Paid by the actual cost of a finished task (more than its payments), and overpaid tasks.
    expect(tasks.some((t) => t.status === 'Paid' && (t.paid_to_date ?? 0) > (t.payments_total ?? 0))).toBe(true);
    // Every status, `warning` from the boards whose budget the server set inside the reserve.
    expect(new Set(serverCases.map((c) => c.summary.status))).toEqual(new Set(['ok', 'warning', 'over']));
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
      use_calibration: c.use_calibration,
    });
    // The whole-house estimate comes from the catalogue on the server only; every other field of
    // the summary is mirrored, compared one by one (a message names the field that differs).
    const serverOnly = new Set(['full_build_estimate', 'estimate_covered']);
    const fields = Object.keys(c.summary).filter((key) => !serverOnly.has(key));
    expect(fields.length).toBe(27);
    for (const key of fields)
      expect(local[key as keyof ProjectSummary], `summary.${key}`).toStrictEqual(
        c.summary[key as keyof ProjectSummary],
      );
    // Nothing more, nothing less than the server's fields.
    expect(new Set(Object.keys(local))).toEqual(new Set(fields));
    expect(c.summary.use_calibration).toBe(c.use_calibration);

    // Task by task: Paid, Remaining and payments are the server's; their sums the summary's.
    for (const [j, t] of c.tasks.entries()) {
      expect(taskPaidCents(t), `task ${j}: paid`).toBe(toCents(t.paid_to_date ?? 0));
      const remaining = taskRemainingCents(t);
      expect(remaining === null ? null : remaining / 100, `task ${j}: remaining`).toBe(t.remaining_to_pay);
    }

    // The predicted total is the tasks' best-known costs with the prediction each one shows.
    const shown = c.tasks.reduce(
      (sum, t) =>
        sum +
        (hasKnownCost(t)
          ? bestKnownCents(t, c.square_footage)
          : (shownPrediction(t, c.square_footage, c.summary)?.cents ?? 0)),
      0,
    );
    expect(Math.min(shown, MAX_CENTS)).toBe(toCents(c.summary.predicted_total));
    expect(columnTotals(c.tasks, c.square_footage, activeRatio(c.summary))).toStrictEqual(c.summary.column_totals);
    expect(columnTotals(c.tasks, c.square_footage)).toStrictEqual(
      summarize(c.tasks, c.square_footage, c.budget, { use_calibration: false }).column_totals,
    );
    const calibrated = c.summary.calibrated;
    if (calibrated) {
      expect(columnTotals(c.tasks, c.square_footage, calibrated.ratio)).toStrictEqual(calibrated.column_totals);
      expect(c.summary.predicted_total_calibrated).toBe(calibrated.predicted_total);
      expect(c.summary.predicted_total).toBe(
        c.use_calibration ? calibrated.predicted_total : c.summary.predicted_total_regional,
      );
    } else {
      expect(c.summary.predicted_total).toBe(c.summary.predicted_total_regional);
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
    payments_total: 0,
    change_order_total: 0,
    ...over,
  });

  it("reads a task's Paid: its payments, or its actual cost in Paid when that is more", () => {
    // Paid outside the ledger: the final cost of a finished task is what it was paid.
    expect(taskPaidCents({ status: 'Paid', actual_cost: 6800, payments_total: 0 })).toBe(680_000);
    // Not finished: an actual cost is not a payment.
    expect(taskPaidCents({ status: 'In Progress', actual_cost: 6800, payments_total: 0 })).toBe(0);
    // Payments above the final cost count as they are.
    expect(taskPaidCents({ status: 'Paid', actual_cost: 6800, payments_total: 7000.5 })).toBe(700_050);
    expect(taskPaidCents({ status: 'Paid', actual_cost: null, payments_total: 12 })).toBe(1200);
    // An older payload without payments_total: its paid_to_date was the payments' sum.
    expect(taskPaidCents({ status: 'To Do', actual_cost: null, paid_to_date: 5 })).toBe(500);
  });

  it("reads a task's Remaining: known cost minus Paid, never below 0, null without a known cost", () => {
    expect(taskRemainingCents(awarded({ committed_cost: 41500, payments_total: 25000 }))).toBe(1_650_000);
    expect(taskRemainingCents(awarded({ committed_cost: 1000, payments_total: 1500 }))).toBe(0);
    // The actual cost replaces the committed cost; in Paid it is paid.
    expect(taskRemainingCents(awarded({ committed_cost: 5000, actual_cost: 5200, payments_total: 5000 }))).toBe(20_000);
    expect(taskRemainingCents(awarded({ status: 'Paid', committed_cost: 5000, actual_cost: 5200 }))).toBe(0);
    // No award but an actual cost: a known cost all the same.
    expect(taskRemainingCents(line('In Progress', 300))).toBe(30_000);
    expect(taskRemainingCents(line('To Do', null, 10))).toBeNull();
  });

  it('sums committed, Paid, payments, Remaining and uncommitted in cents', () => {
    const s = summarize(
      [
        // Award 38,000 + an approved change order of 2,500; 12,000.10 paid.
        awarded({ committed_cost: 40500, change_order_total: 2500, payments_total: 12000.1 }),
        // Overpaid: owes nothing, and does not lower what is owed on the other task.
        awarded({ committed_cost: 1000, payments_total: 1500 }),
        // In Paid with its actual cost above its payments: paid that cost, nothing left to pay.
        awarded({ status: 'Paid', committed_cost: 5000, actual_cost: 5200, payments_total: 5000 }),
        // No award: its best-known cost is uncommitted.
        line('To Do', null, 10),
        // Finished outside the ledger: Paid (its actual cost) without a payment.
        line('Paid', 300.2),
      ],
      100,
      100000,
    );
    expect(s.committed).toBe(46500);
    expect(s.change_orders_approved).toBe(2500);
    expect(s.paid_to_date).toBe(12000.1 + 1500 + 5200 + 300.2);
    expect(s.payments_recorded).toBe(18500.1);
    expect(s.remaining_to_pay).toBe(28499.9);
    expect(s.uncommitted).toBe(1300.2);
    expect(s.predicted_total).toBe(40500 + 1000 + 5200 + 1000 + 300.2);
  });

  it('keeps a reserve out of the budget, which the predicted total eats before going over', () => {
    // 10% of 100,000.05 is 10,000.005: 10,000.01.
    expect(summarize([], null, 100000.05)).toMatchObject({
      contingency_reserve: 10000.01,
      working_budget: 90000.04,
      contingency_percent: 10,
    });
    const at = (spent: number, percent = 10) =>
      summarize([line('Paid', spent)], null, 100000, { contingency_percent: percent });
    // Within the working budget: none of the reserve used.
    expect(at(90000)).toMatchObject({
      contingency_reserve: 10000,
      working_budget: 90000,
      contingency_used: 0,
      contingency_left: 10000,
      headroom: 10000,
      status: 'ok',
    });
    expect(at(50000)).toMatchObject({ contingency_used: 0, contingency_left: 10000, headroom: 50000, status: 'ok' });
    // A cent into the reserve: a warning.
    expect(at(90000.01)).toMatchObject({ contingency_used: 0.01, contingency_left: 9999.99, status: 'warning' });
    expect(at(100000)).toMatchObject({ contingency_used: 10000, contingency_left: 0, headroom: 0, status: 'warning' });
    // Past the budget: all used, headroom negative, over.
    expect(at(100000.01)).toMatchObject({
      contingency_used: 10000,
      contingency_left: 0,
      headroom: -0.01,
      over_budget: true,
      status: 'over',
    });
    expect(at(100000, 0)).toMatchObject({ contingency_reserve: 0, working_budget: 100000, status: 'ok' });
    expect(at(0, 50).contingency_reserve).toBe(50000);
    // The identities of docs/money.md.
    for (const spent of [0, 89999.99, 95000, 100000, 123456.78]) {
      const s = at(spent);
      expect(toCents(s.contingency_used) + toCents(s.contingency_left)).toBe(toCents(s.contingency_reserve));
      expect(toCents(s.working_budget) + toCents(s.contingency_reserve)).toBe(toCents(s.budget));
      expect(toCents(s.headroom)).toBe(toCents(s.budget) - toCents(s.predicted_total));
    }
    expect(contingencyOf(10_000_000, 10, 9_500_000)).toEqual({
      reserve: 1_000_000,
      workingBudget: 9_000_000,
      used: 500_000,
      left: 500_000,
      headroom: 500_000,
      status: 'warning',
    });
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

describe('calibration: the server rule, in cents, to the whole dollar', () => {
  it('reads ratios in per mille as the server does', () => {
    expect(ratioPerMille(1.2)).toBe(1200);
    expect(ratioPerMille(0.804)).toBe(804);
    expect(ratioPerMille(1.143)).toBe(1143);
    expect(ratioPerMille(0)).toBe(0);
  });

  it('scales and rounds half up to the whole dollar', () => {
    // The server's own examples: $1.20 x 1.25 = $1.50 -> $2; $1.19 x 1.25 -> $1; whole dollars even at x1.
    expect(scaleCents(120, 1250)).toBe(200);
    expect(scaleCents(119, 1250)).toBe(100);
    expect(scaleCents(33_333, 1000)).toBe(33_300);
    expect(scaleCents(3_969_600, 1200)).toBe(4_763_500);
    expect(scaleCents(-5, 1200)).toBe(0);
    // Past 2^53 the product is taken in BigInt: still exact.
    expect(scaleCents(MAX_CENTS, 1_000_000)).toBe(MAX_CENTS * 1000);
    expect(scaleCents(99_999_999_999, 999_999)).toBe(
      Number(((99_999_999_999n * 999_999n + 50_000n) / 100_000n) * 100n),
    );
  });

  const predicted: CostedTask = {
    status: 'To Do',
    actual_cost: null,
    regional_average_cost_per_sqft: 10,
    predicted_cost: 1000.4,
    predicted_cost_low: 800,
    predicted_cost_high: 1300,
  };
  const known: CostedTask = { ...predicted, committed_cost: 600 };
  const fee: CostedTask = { ...predicted, fixed_fee: true, predicted_cost: 250.55 };
  const calibration = { ratio: 1.2, low: 1.1, high: 1.3, n_tasks: 3 };

  it('shows each task its prediction: regional, calibrated to the dollar, or a fee at its price', () => {
    const on = { use_calibration: true, calibrated: calibration };
    // 1,000.40 x 1.2 = 1,200.48 -> $1,200.
    expect(shownPrediction(predicted, 100, on)).toEqual({
      cents: 120_000,
      low: 96_000,
      high: 156_000,
      basis: 'calibrated',
    });
    expect(shownPrediction(fee, 100, on)).toEqual({ cents: 25_055, low: 80_000, high: 130_000, basis: 'fee' });
    expect(shownPrediction(predicted, 100, { ...on, use_calibration: false })?.basis).toBe('regional');
    expect(shownPrediction(predicted, 100, { use_calibration: true, calibrated: null })).toEqual({
      cents: 100_040,
      low: 80_000,
      high: 130_000,
      basis: 'regional',
    });
    expect(activeRatio(on)).toBe(1.2);
    expect(activeRatio({ ...on, use_calibration: false })).toBeNull();
  });

  it('scales only the predictions of tasks without a known cost, never a fee', () => {
    expect(hasKnownCost(known)).toBe(true);
    expect(hasKnownCost({ actual_cost: 0 })).toBe(true);
    expect(hasKnownCost(predicted)).toBe(false);
    expect(bestKnownRangeCents(known, 100, 1200)).toEqual({ cents: 60_000, low: 60_000, high: 60_000 });
    expect(bestKnownRangeCents(fee, 100, 1200).cents).toBe(25_055);

    const s = summarize([predicted, known, fee], 100, 2000, { calibration });
    // On by default: the predicted total is the calibrated one, the regional one beside it.
    expect(s.use_calibration).toBe(true);
    expect(s.predicted_total).toBe(1200 + 600 + 250.55);
    expect(s.predicted_total_regional).toBe(1000.4 + 600 + 250.55);
    expect(s.predicted_total_calibrated).toBe(s.predicted_total);
    expect(s.over_budget).toBe(true);
    expect(s.column_totals).toEqual({ 'To Do': 2050.55, 'In Progress': 0, Paid: 0 });
    expect(s.uncommitted).toBe(1200 + 250.55);
    expect(s.calibrated).toStrictEqual({
      ...calibration,
      predicted_total: 2050.55,
      predicted_total_low: 960 + 600 + 800,
      predicted_total_high: 1560 + 600 + 1300,
      cost_per_sqft: 20.51,
      over_budget: true,
      column_totals: { 'To Do': 2050.55, 'In Progress': 0, Paid: 0 },
    });
    expect(columnTotals([predicted, known, fee], 100, 1.2)).toEqual(s.column_totals);
    expect(summarize([predicted], null, 0, { calibration }).calibrated?.cost_per_sqft).toBeNull();
  });

  it('follows the project setting: switched off, the regional figures, with the calibrated total beside them', () => {
    const off = summarize([predicted, known, fee], 100, 2000, { calibration, use_calibration: false });
    expect(off).toMatchObject({
      use_calibration: false,
      predicted_total: 1850.95,
      predicted_total_regional: 1850.95,
      predicted_total_calibrated: 2050.55,
      over_budget: false,
      headroom: 149.05,
      // The reserve (200.00) is eaten into: 50.95 used.
      contingency_used: 50.95,
      status: 'warning',
    });
    expect(off.column_totals['To Do']).toBe(1850.95);
    // Without a ratio, the setting changes nothing.
    const none = summarize([predicted], 100, 2000);
    expect(none).toMatchObject({ predicted_total: 1000.4, predicted_total_calibrated: null, calibrated: null });
  });
});
