// The board's money rule in integer cents: the local copy of the server's (crates/domain/src/budget.rs).
//
// The page shows the server's figures (`GET /api/projects/{id}/summary/`); this copy only gives
// instant feedback: drag previews and the optimistic state after an edit, until the server answers.
// It is checked against the server's answers on random boards (summary-cases.json, money.test.ts).
//
// Every amount is a whole number of cents held in a Number: exact below 2^53 (~$90 trillion).
// Rates are below $1,000/sq ft and areas below 1,000,000 sq ft, so one prediction stays below
// 10^11 cents; a sum that grew past 2^53 would be far above MAX_CENTS and clamped to it anyway
// (amounts are never negative), so the clamped figures are exact in every case.
import {
  STATUSES,
  type CalibratedSummary,
  type ColumnTotals,
  type MoneyStatus,
  type ProjectSummary,
  type Task,
  type TaskStatus,
} from './types';

/** The largest amount the server stores or sums to (crates/domain/src/money.rs): $1,000,000,000.00. */
export const MAX_CENTS = 100_000_000_000;

/** Dollars from the wire (at most two decimals) -> cents. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Cents -> dollars, as the server writes them (cents / 100). */
export function toDollars(cents: number): number {
  return cents / 100;
}

/**
 * An amount the user typed, rounded to the cent, in dollars (1500.456 -> 1500.46; Number.EPSILON
 * lifts typed halves such as 1.005, stored just below, to 1.01): what the cost inputs send.
 */
export function roundToCent(dollars: number): number {
  return Math.round((dollars + Number.EPSILON) * 100) / 100;
}

/**
 * What the rule reads of a task (`committed_cost`: the awarded bid plus its approved change orders;
 * the ledger figures of issue 19: absent on older payloads, read as 0).
 */
export type CostedTask = Pick<Task, 'status' | 'actual_cost' | 'regional_average_cost_per_sqft'> &
  PredictedFields & {
    committed_cost?: number | null;
    paid_to_date?: number;
    change_order_total?: number;
  };

/**
 * The server's prediction of a task (issue 20): `predicted_cost` exact to the cent (for a job
 * priced per job, the job's price whatever the house size), with its range. Absent on older
 * payloads, where the prediction is the rate x the square footage.
 */
export interface PredictedFields {
  predicted_cost?: number | null;
  predicted_cost_low?: number | null;
  predicted_cost_high?: number | null;
}

/** A prediction and its range, or a best-known cost (a known cost's range is itself), in cents. */
export interface CentsRange {
  cents: number;
  low: number;
  high: number;
}

const area = (squareFootage: number | null | undefined) =>
  squareFootage === null || squareFootage === undefined || !(squareFootage > 0) ? 0 : squareFootage;

/** Integer division of non-negative whole numbers (exact, like Rust's `/` on i64). */
const div = (a: number, b: number) => (a - (a % b)) / b;

const clamp = (cents: number) => (cents > MAX_CENTS ? MAX_CENTS : cents < 0 ? 0 : cents);

/**
 * Predicted cost in cents: the server's `predicted_cost` when the task carries the field (null:
 * no prediction), else (older payloads) the regional rate (to the cent) x square footage, null
 * when either is unknown.
 */
export function predictedCents(
  task: Pick<Task, 'regional_average_cost_per_sqft'> & PredictedFields,
  squareFootage: number | null | undefined,
): number | null {
  if (task.predicted_cost !== undefined) return task.predicted_cost === null ? null : toCents(task.predicted_cost);
  const rate = task.regional_average_cost_per_sqft;
  if (rate === null || rate === undefined) return null;
  if (squareFootage === null || squareFootage === undefined) return null;
  return toCents(rate) * area(squareFootage);
}

/** Predicted cost in dollars, for display (task cards, spreadsheet rows, the task form). */
export function predictedCost(
  task: Pick<Task, 'regional_average_cost_per_sqft'> & PredictedFields,
  squareFootage: number | null | undefined,
): number | null {
  const cents = predictedCents(task, squareFootage);
  return cents === null ? null : toDollars(cents);
}

/**
 * The prediction with its low and high, in cents; null without a prediction. A payload without a
 * range (older ones) gives the prediction as its own low and high.
 */
export function predictedRangeCents(
  task: Pick<Task, 'regional_average_cost_per_sqft'> & PredictedFields,
  squareFootage: number | null | undefined,
): CentsRange | null {
  const cents = predictedCents(task, squareFootage);
  if (cents === null) return null;
  const bound = (dollars: number | null | undefined) =>
    dollars === null || dollars === undefined ? cents : toCents(dollars);
  return { cents, low: bound(task.predicted_cost_low), high: bound(task.predicted_cost_high) };
}

/** A ratio with three decimals (1.2) -> per mille (1200), as the server scales by it. */
export function ratioPerMille(ratio: number): number {
  const pm = Math.round(ratio * 1000);
  return pm < 0 ? 0 : pm > 1_000_000 ? 1_000_000 : pm;
}

/**
 * Cents x a ratio in per mille, rounded half up to the whole dollar (the server's
 * `PredictedCost::scaled`: a calibrated prediction is an estimate, shown and summed in whole
 * dollars): (cents x per_mille + 50,000) / 100,000 x 100 in integer division. Exact: in Numbers
 * while the product is below 2^53, in BigInt beyond.
 */
export function scaleCents(cents: number, perMille: number): number {
  const c = cents > 0 ? cents : 0;
  const n = c * perMille + 50_000;
  if (Number.isSafeInteger(n)) return div(n, 100_000) * 100;
  return Number(((BigInt(c) * BigInt(perMille) + 50_000n) / 100_000n) * 100n);
}

/** A prediction and its range scaled by a ratio in per mille (each figure to the whole dollar). */
export function scaleRange(range: CentsRange, perMille: number): CentsRange {
  return {
    cents: scaleCents(range.cents, perMille),
    low: scaleCents(range.low, perMille),
    high: scaleCents(range.high, perMille),
  };
}

/** Where the prediction a task shows comes from (docs/money.md). */
export type PredictionBasis = 'regional' | 'calibrated' | 'fee';

/** The prediction a task shows, in cents, with its range and basis. */
export interface ShownPrediction extends CentsRange {
  basis: PredictionBasis;
}

/**
 * The prediction a task shows on every screen and export (docs/money.md, issue 29): its regional
 * prediction, or, when the project uses calibration and has a ratio, the regional prediction x the
 * ratio to the whole dollar; a fee or permit (`fixed_fee`) keeps its regional price. Null without
 * a prediction. `summary` is the server's (its `use_calibration` and `calibrated.ratio`).
 */
export function shownPrediction(
  task: Pick<Task, 'regional_average_cost_per_sqft'> & PredictedFields & { fixed_fee?: boolean },
  squareFootage: number | null | undefined,
  summary: { use_calibration?: boolean; calibrated?: { ratio: number } | null } | null | undefined,
): ShownPrediction | null {
  const range = predictedRangeCents(task, squareFootage);
  if (range === null) return null;
  if (task.fixed_fee) return { ...range, basis: 'fee' };
  const ratio = summary?.use_calibration === false ? null : (summary?.calibrated?.ratio ?? null);
  if (ratio === null) return { ...range, basis: 'regional' };
  return { ...scaleRange(range, ratioPerMille(ratio)), basis: 'calibrated' };
}

/** The task has a known cost: an actual cost, else a committed cost (an awarded bid). */
export function hasKnownCost(task: Pick<Task, 'actual_cost'> & { committed_cost?: number | null }): boolean {
  return (
    (task.actual_cost !== null && task.actual_cost !== undefined) ||
    (task.committed_cost !== null && task.committed_cost !== undefined)
  );
}

/**
 * The calibrated prediction of a task still without a known cost: its prediction and range x the
 * project's local ratio, in cents; null with a known cost, without a prediction or a ratio.
 */
export function calibratedRangeCents(
  task: Pick<Task, 'actual_cost' | 'regional_average_cost_per_sqft'> &
    PredictedFields & { committed_cost?: number | null },
  squareFootage: number | null | undefined,
  ratio: number | null | undefined,
): CentsRange | null {
  if (ratio === null || ratio === undefined || hasKnownCost(task)) return null;
  const range = predictedRangeCents(task, squareFootage);
  return range === null ? null : scaleRange(range, ratioPerMille(ratio));
}

/**
 * What a task counts for in sums, in cents: its actual cost, else its committed cost (the
 * awarded bid), else its prediction, else 0 (DECISIONS.md, "best-known cost").
 */
export function bestKnownCents(
  task: Pick<Task, 'actual_cost' | 'regional_average_cost_per_sqft'> &
    PredictedFields & { committed_cost?: number | null },
  squareFootage: number | null | undefined,
): number {
  if (task.actual_cost !== null && task.actual_cost !== undefined) return toCents(task.actual_cost);
  if (task.committed_cost !== null && task.committed_cost !== undefined) return toCents(task.committed_cost);
  return predictedCents(task, squareFootage) ?? 0;
}

/**
 * The best-known cost with its range, in cents (the server's `CostLine::best_known`): a known
 * cost has none; a prediction keeps its range, both x the local ratio (per mille) when one is
 * given; 0 without either.
 */
export function bestKnownRangeCents(
  task: Pick<Task, 'actual_cost' | 'regional_average_cost_per_sqft'> &
    PredictedFields & { committed_cost?: number | null },
  squareFootage: number | null | undefined,
  perMille: number | null = null,
): CentsRange {
  if (hasKnownCost(task)) {
    const known = bestKnownCents(task, squareFootage);
    return { cents: known, low: known, high: known };
  }
  const range = predictedRangeCents(task, squareFootage);
  if (range === null) return { cents: 0, low: 0, high: 0 };
  return perMille === null ? range : scaleRange(range, perMille);
}

interface Sums {
  /** Unclamped cents per column (a status the rule does not know counts in To Do, as on the server). */
  columns: Record<TaskStatus, number>;
  low: number;
  high: number;
}

function sumsOf(tasks: readonly CostedTask[], squareFootage: number | null | undefined, perMille: number | null): Sums {
  const columns: Record<TaskStatus, number> = { 'To Do': 0, 'In Progress': 0, Paid: 0 };
  let low = 0;
  let high = 0;
  for (const t of tasks) {
    const column = (STATUSES as readonly string[]).includes(t.status) ? t.status : 'To Do';
    const best = bestKnownRangeCents(t, squareFootage, perMille);
    columns[column] += best.cents;
    low += best.low;
    high += best.high;
  }
  return { columns, low, high };
}

function totalsInDollars(cents: Record<TaskStatus, number>): ColumnTotals {
  return {
    'To Do': toDollars(clamp(cents['To Do'])),
    'In Progress': toDollars(clamp(cents['In Progress'])),
    Paid: toDollars(clamp(cents.Paid)),
  };
}

/**
 * Best-known cost per column, in dollars (each summed in cents and clamped to MAX_CENTS); with a
 * local ratio, the tasks still without a known cost at their calibrated prediction.
 */
export function columnTotals(
  tasks: readonly CostedTask[],
  squareFootage: number | null | undefined,
  ratio: number | null = null,
): ColumnTotals {
  return totalsInDollars(sumsOf(tasks, squareFootage, ratio === null ? null : ratioPerMille(ratio)).columns);
}

/** The project's settings the ledger figures read (docs/money.md); `drawn` from the last summary. */
export interface LedgerSettings {
  /** Integer 0-50; 10 when unknown (the server's default). */
  contingency_percent?: number | null;
  loan_amount?: number | null;
  /** Sum of the funded draws: kept on the project row, known from the server's last summary. */
  drawn?: number | null;
  /**
   * The project's local ratio (issue 20) as the server's last summary gave it, with its range and
   * the number of tasks it is made of; null or absent: no calibration.
   */
  calibration?: Pick<CalibratedSummary, 'ratio' | 'low' | 'high' | 'n_tasks'> | null;
}

/** The project's default contingency, in percent of the budget. */
export const DEFAULT_CONTINGENCY_PERCENT = 10;

/** A non-negative whole number of cents x percent / 100, rounded half up to the cent. */
const percentOf = (cents: number, percent: number) => div(cents * percent * 2 + 100, 200);

const signedClamp = (cents: number) => (cents > MAX_CENTS ? MAX_CENTS : cents < -MAX_CENTS ? -MAX_CENTS : cents);

/**
 * `ok`, `warning` (less than half the contingency reserve left) or `over` (the predicted total
 * above the budget), from whole cents.
 */
export function moneyStatus(overBudget: boolean, contingencyLeftCents: number, reserveCents: number): MoneyStatus {
  if (overBudget) return 'over';
  return contingencyLeftCents * 2 < reserveCents ? 'warning' : 'ok';
}

/**
 * The board's money figures, as `GET /api/projects/{id}/summary/` answers them: column totals and
 * predicted total (best-known costs summed in cents, clamped to MAX_CENTS), cost per sq ft (total /
 * area rounded half up to the cent, null without an area) and over_budget (total > budget, strictly);
 * and issue 19's ledger figures (docs/money.md): committed, paid, remaining to pay (per awarded task,
 * its actual cost else its committed cost minus its paid to date, never below 0), uncommitted,
 * contingency (reserve = budget x percent rounded half up to the cent; left = budget - predicted
 * total) with the status colour, and the loan left.
 */
export function summarize(
  tasks: readonly CostedTask[],
  squareFootage: number | null | undefined,
  budget: number,
  settings: LedgerSettings = {},
): ProjectSummary {
  const sums = sumsOf(tasks, squareFootage, null);
  const cents = sums.columns;
  const total = clamp(STATUSES.reduce((sum, s) => sum + cents[s], 0));
  const sqft = area(squareFootage);
  const budgetCents = toCents(budget);

  let committed = 0;
  let changeOrders = 0;
  let paid = 0;
  let remaining = 0;
  let uncommitted = 0;
  for (const t of tasks) {
    const paidCents = toCents(t.paid_to_date ?? 0);
    paid += paidCents;
    if (t.committed_cost !== null && t.committed_cost !== undefined) {
      const committedCents = toCents(t.committed_cost);
      committed += committedCents;
      changeOrders += toCents(t.change_order_total ?? 0);
      const owed = t.actual_cost !== null && t.actual_cost !== undefined ? toCents(t.actual_cost) : committedCents;
      if (owed > paidCents) remaining += owed - paidCents;
    } else {
      uncommitted += bestKnownCents(t, squareFootage);
    }
  }
  const rawPercent = settings.contingency_percent;
  const percent =
    rawPercent === null || rawPercent === undefined || !Number.isFinite(rawPercent)
      ? DEFAULT_CONTINGENCY_PERCENT
      : Math.min(50, Math.max(0, Math.trunc(rawPercent)));
  const reserve = percentOf(Math.max(0, budgetCents), percent);
  const left = budgetCents - total;
  const overBudget = total > budgetCents;
  const loan = settings.loan_amount;
  const drawn = toCents(settings.drawn ?? 0);
  const perSqft = (cents: number) => (sqft > 0 ? toDollars(div(cents * 2 + sqft, sqft * 2)) : null);

  return {
    budget: toDollars(budgetCents),
    predicted_total: toDollars(total),
    predicted_total_low: toDollars(clamp(sums.low)),
    predicted_total_high: toDollars(clamp(sums.high)),
    cost_per_sqft: perSqft(total),
    over_budget: overBudget,
    column_totals: totalsInDollars(cents),
    committed: toDollars(clamp(committed)),
    change_orders_approved: toDollars(signedClamp(changeOrders)),
    paid_to_date: toDollars(clamp(paid)),
    remaining_to_pay: toDollars(clamp(remaining)),
    uncommitted: toDollars(clamp(uncommitted)),
    contingency_percent: percent,
    contingency_reserve: toDollars(reserve),
    contingency_left: toDollars(left),
    status: moneyStatus(overBudget, left, reserve),
    loan_amount: loan === null || loan === undefined ? null : toDollars(toCents(loan)),
    drawn: toDollars(drawn),
    loan_left: loan === null || loan === undefined ? null : toDollars(toCents(loan) - drawn),
    calibrated: calibratedSums(tasks, squareFootage, budgetCents, settings.calibration ?? null),
  };
}

/**
 * The summary's `calibrated` figures (issue 20): the same sums with every task still without a
 * known cost at its prediction x the local ratio (each of prediction, low and high scaled and
 * rounded half up to the cent before summing); null without a calibration.
 */
export function calibratedSums(
  tasks: readonly CostedTask[],
  squareFootage: number | null | undefined,
  budgetCents: number,
  calibration: LedgerSettings['calibration'],
): CalibratedSummary | null {
  if (!calibration) return null;
  const sums = sumsOf(tasks, squareFootage, ratioPerMille(calibration.ratio));
  const total = clamp(STATUSES.reduce((sum, s) => sum + sums.columns[s], 0));
  const sqft = area(squareFootage);
  return {
    ratio: calibration.ratio,
    low: calibration.low,
    high: calibration.high,
    n_tasks: calibration.n_tasks,
    predicted_total: toDollars(total),
    predicted_total_low: toDollars(clamp(sums.low)),
    predicted_total_high: toDollars(clamp(sums.high)),
    cost_per_sqft: sqft > 0 ? toDollars(div(total * 2 + sqft, sqft * 2)) : null,
    over_budget: total > budgetCents,
    column_totals: totalsInDollars(sums.columns),
  };
}

/**
 * The board's figures as shown with calibrated predictions on (issue 20): the predicted total,
 * its range, cost per sq ft, over budget and column totals of `summary.calibrated`, and the
 * contingency left and status colour that follow from that total (budget - total, in cents);
 * committed, paid and the rest unchanged. The summary itself without a calibration or with the
 * switch off.
 */
export function shownSummary(summary: ProjectSummary, useCalibrated: boolean): ProjectSummary {
  const c = summary.calibrated;
  if (!useCalibrated || !c) return summary;
  const left = toCents(summary.budget) - toCents(c.predicted_total);
  return {
    ...summary,
    predicted_total: c.predicted_total,
    predicted_total_low: c.predicted_total_low,
    predicted_total_high: c.predicted_total_high,
    cost_per_sqft: c.cost_per_sqft,
    over_budget: c.over_budget,
    column_totals: c.column_totals,
    contingency_left: toDollars(left),
    status: moneyStatus(c.over_budget, left, toCents(summary.contingency_reserve)),
  };
}
