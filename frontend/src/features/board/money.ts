// The board's money rule in integer cents: the local copy of the server's (crates/domain/src/budget.rs,
// crates/domain/src/ledger.rs, crates/domain/src/task.rs; docs/money.md).
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
 * What the rule reads of a task (docs/money.md): `committed_cost` is the awarded bid plus its
 * approved change orders; `fixed_fee` marks a fee or permit (never calibrated); `payments_total`
 * is the sum of its recorded payments. The ledger figures are absent on older payloads (read as
 * 0; before issue 29 `paid_to_date` was the payments' sum, and is read as such without
 * `payments_total`).
 */
export type CostedTask = Pick<Task, 'status' | 'actual_cost' | 'regional_average_cost_per_sqft'> &
  PredictedFields & {
    committed_cost?: number | null;
    fixed_fee?: boolean;
    payments_total?: number;
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

/** What a task's prediction depends on beyond the task: the project's setting and ratio (the summary's). */
export type PredictionSettings =
  { use_calibration?: boolean; calibrated?: { ratio: number } | null } | null | undefined;

/**
 * The prediction a task shows on every screen and export (docs/money.md, issue 29): its regional
 * prediction, or, when the project uses calibration and has a ratio, the regional prediction x the
 * ratio to the whole dollar; a fee or permit (`fixed_fee`) keeps its regional price. Null without
 * a prediction. `summary` is the server's (its `use_calibration` and `calibrated.ratio`).
 */
export function shownPrediction(
  task: Pick<Task, 'regional_average_cost_per_sqft'> & PredictedFields & { fixed_fee?: boolean },
  squareFootage: number | null | undefined,
  summary: PredictionSettings,
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

/** The known cost in cents (the actual cost, else the committed cost), or null. */
function knownCents(task: Pick<Task, 'actual_cost'> & { committed_cost?: number | null }): number | null {
  if (task.actual_cost !== null && task.actual_cost !== undefined) return toCents(task.actual_cost);
  if (task.committed_cost !== null && task.committed_cost !== undefined) return toCents(task.committed_cost);
  return null;
}

/**
 * The local ratio the project's predictions are scaled by: the summary's ratio when the project
 * uses calibration (`use_calibration`, on unless false) and has one; else null (regional).
 */
export function activeRatio(summary: PredictionSettings): number | null {
  if (!summary || summary.use_calibration === false) return null;
  return summary.calibrated?.ratio ?? null;
}

/**
 * What a task counts for in sums, in cents, with regional predictions: its actual cost, else its
 * committed cost (the awarded bid), else its prediction, else 0 (DECISIONS.md, "best-known cost").
 */
export function bestKnownCents(
  task: Pick<Task, 'actual_cost' | 'regional_average_cost_per_sqft'> &
    PredictedFields & { committed_cost?: number | null },
  squareFootage: number | null | undefined,
): number {
  return knownCents(task) ?? predictedCents(task, squareFootage) ?? 0;
}

/**
 * The best-known cost with its range, in cents (the server's `CostLine::best_known`): a known
 * cost has none; a prediction keeps its range, both x the local ratio (per mille, to the whole
 * dollar) when one is given, except for a fee or permit; 0 without either.
 */
export function bestKnownRangeCents(
  task: Pick<Task, 'actual_cost' | 'regional_average_cost_per_sqft'> &
    PredictedFields & { committed_cost?: number | null; fixed_fee?: boolean },
  squareFootage: number | null | undefined,
  perMille: number | null = null,
): CentsRange {
  const known = knownCents(task);
  if (known !== null) return { cents: known, low: known, high: known };
  const range = predictedRangeCents(task, squareFootage);
  if (range === null) return { cents: 0, low: 0, high: 0 };
  return perMille === null || task.fixed_fee ? range : scaleRange(range, perMille);
}

/** The sum of the task's recorded payments, in cents. */
export function paymentsCents(task: Pick<CostedTask, 'payments_total' | 'paid_to_date'>): number {
  return toCents(task.payments_total ?? task.paid_to_date ?? 0);
}

/**
 * The task's **Paid**, in cents (docs/money.md; the server's `paid_to_date_cents`): its payments,
 * or its actual cost when it is in Paid and that is more. From the task's own fields, so that an
 * unsaved move to Paid shows what the server will answer.
 */
export function taskPaidCents(
  task: Pick<CostedTask, 'status' | 'actual_cost' | 'payments_total' | 'paid_to_date'>,
): number {
  const payments = paymentsCents(task);
  const actual = task.status === 'Paid' && task.actual_cost !== null && task.actual_cost !== undefined;
  return Math.max(payments, actual ? toCents(task.actual_cost as number) : 0, 0);
}

/**
 * The task's **Remaining**, in cents: its known cost (actual, else committed) minus its Paid,
 * never below 0; null without a known cost (the server's `remaining_to_pay_cents`).
 */
export function taskRemainingCents(task: CostedTask): number | null {
  const known = knownCents(task);
  return known === null ? null : Math.max(known - taskPaidCents(task), 0);
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

const totalOf = (sums: Sums) => clamp(STATUSES.reduce((sum, s) => sum + sums.columns[s], 0));

function totalsInDollars(cents: Record<TaskStatus, number>): ColumnTotals {
  return {
    'To Do': toDollars(clamp(cents['To Do'])),
    'In Progress': toDollars(clamp(cents['In Progress'])),
    Paid: toDollars(clamp(cents.Paid)),
  };
}

/**
 * Best-known cost per column, in dollars (each summed in cents and clamped to MAX_CENTS); with a
 * local ratio, the tasks still without a known cost at their calibrated prediction (fees aside).
 * The Paid column's total is the final cost of the finished tasks.
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
  /** The project's setting (issue 29): predictions calibrated when there is a ratio. On unless false. */
  use_calibration?: boolean | null;
}

/** The project's default contingency, in percent of the budget. */
export const DEFAULT_CONTINGENCY_PERCENT = 10;

const signedClamp = (cents: number) => (cents > MAX_CENTS ? MAX_CENTS : cents < -MAX_CENTS ? -MAX_CENTS : cents);

/** The contingency of a budget against a predicted total, in cents (the server's `Contingency::of`). */
export interface Contingency {
  /** budget x percent / 100, rounded half up to the cent. */
  reserve: number;
  /** budget - reserve. */
  workingBudget: number;
  /** The part of the reserve the predicted total has eaten: 0 while it fits the working budget, at most the reserve. */
  used: number;
  /** reserve - used. */
  left: number;
  /** budget - predicted total; negative when over. */
  headroom: number;
  /** `ok` within the working budget, `warning` inside the reserve, `over` past the budget. */
  status: MoneyStatus;
}

/** The contingency figures of a budget (cents, not negative), a percent and a predicted total (cents). */
export function contingencyOf(budgetCents: number, percent: number, totalCents: number): Contingency {
  const budget = Math.max(0, budgetCents);
  const pct = Math.min(100, Math.max(0, Math.trunc(percent)));
  const reserve = div(budget * pct + 50, 100);
  const workingBudget = budget - reserve;
  const used = Math.min(Math.max(totalCents - workingBudget, 0), reserve);
  const status: MoneyStatus = totalCents > budget ? 'over' : totalCents > workingBudget ? 'warning' : 'ok';
  return { reserve, workingBudget, used, left: reserve - used, headroom: budget - totalCents, status };
}

/**
 * The board's money figures, as `GET /api/projects/{id}/summary/` answers them (docs/money.md):
 * column totals and predicted total (best-known costs summed in cents, clamped to MAX_CENTS, with
 * calibrated predictions when the project uses calibration and has a ratio; fees never scaled),
 * the regional and calibrated totals beside it, cost per sq ft (total / area rounded half up to
 * the cent, null without an area) and over_budget (total > budget, strictly); committed, Paid and
 * Remaining (the sums of the tasks' figures), payments recorded, uncommitted; the contingency
 * (reserve, working budget, used, left, headroom, status) and the loan left.
 */
export function summarize(
  tasks: readonly CostedTask[],
  squareFootage: number | null | undefined,
  budget: number,
  settings: LedgerSettings = {},
): ProjectSummary {
  const calibration = settings.calibration ?? null;
  const useCalibration = settings.use_calibration !== false;
  const perMille = useCalibration && calibration ? ratioPerMille(calibration.ratio) : null;
  const sums = sumsOf(tasks, squareFootage, perMille);
  const total = totalOf(sums);
  const regional = perMille === null ? total : totalOf(sumsOf(tasks, squareFootage, null));
  const calibrated = calibratedSums(tasks, squareFootage, toCents(budget), calibration);
  const sqft = area(squareFootage);
  const budgetCents = toCents(budget);

  let committed = 0;
  let changeOrders = 0;
  let paid = 0;
  let payments = 0;
  let remaining = 0;
  let uncommitted = 0;
  for (const t of tasks) {
    paid += taskPaidCents(t);
    payments += paymentsCents(t);
    remaining += taskRemainingCents(t) ?? 0;
    if (t.committed_cost !== null && t.committed_cost !== undefined) {
      committed += toCents(t.committed_cost);
      changeOrders += toCents(t.change_order_total ?? 0);
    } else {
      uncommitted += bestKnownRangeCents(t, squareFootage, perMille).cents;
    }
  }
  const rawPercent = settings.contingency_percent;
  const percent =
    rawPercent === null || rawPercent === undefined || !Number.isFinite(rawPercent)
      ? DEFAULT_CONTINGENCY_PERCENT
      : Math.min(50, Math.max(0, Math.trunc(rawPercent)));
  const c = contingencyOf(budgetCents, percent, total);
  const loan = settings.loan_amount;
  const drawn = toCents(settings.drawn ?? 0);

  return {
    budget: toDollars(budgetCents),
    predicted_total: toDollars(total),
    predicted_total_low: toDollars(clamp(sums.low)),
    predicted_total_high: toDollars(clamp(sums.high)),
    cost_per_sqft: sqft > 0 ? toDollars(div(total * 2 + sqft, sqft * 2)) : null,
    over_budget: total > budgetCents,
    column_totals: totalsInDollars(sums.columns),
    use_calibration: useCalibration,
    predicted_total_regional: toDollars(regional),
    predicted_total_calibrated: calibrated ? calibrated.predicted_total : null,
    committed: toDollars(clamp(committed)),
    change_orders_approved: toDollars(signedClamp(changeOrders)),
    paid_to_date: toDollars(clamp(paid)),
    payments_recorded: toDollars(clamp(payments)),
    remaining_to_pay: toDollars(clamp(remaining)),
    uncommitted: toDollars(clamp(uncommitted)),
    contingency_percent: percent,
    contingency_reserve: toDollars(c.reserve),
    working_budget: toDollars(c.workingBudget),
    contingency_used: toDollars(c.used),
    contingency_left: toDollars(c.left),
    headroom: toDollars(c.headroom),
    status: c.status,
    loan_amount: loan === null || loan === undefined ? null : toDollars(toCents(loan)),
    drawn: toDollars(drawn),
    loan_left: loan === null || loan === undefined ? null : toDollars(toCents(loan) - drawn),
    calibrated,
  };
}

/**
 * The summary's `calibrated` figures (issue 20): the same sums with every task still without a
 * known cost at its prediction x the local ratio (each of prediction, low and high scaled and
 * rounded half up to the whole dollar before summing; fees and permits at their regional price),
 * whatever the project's setting; null without a calibration.
 */
export function calibratedSums(
  tasks: readonly CostedTask[],
  squareFootage: number | null | undefined,
  budgetCents: number,
  calibration: LedgerSettings['calibration'],
): CalibratedSummary | null {
  if (!calibration) return null;
  const sums = sumsOf(tasks, squareFootage, ratioPerMille(calibration.ratio));
  const total = totalOf(sums);
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
