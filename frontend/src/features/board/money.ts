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
import { STATUSES, type ColumnTotals, type ProjectSummary, type Task, type TaskStatus } from './types';

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

/** What the rule reads of a task (`committed_cost`: the awarded bid, absent on older payloads). */
export type CostedTask = Pick<Task, 'status' | 'actual_cost' | 'regional_average_cost_per_sqft'> & {
  committed_cost?: number | null;
};

const area = (squareFootage: number | null | undefined) =>
  squareFootage === null || squareFootage === undefined || !(squareFootage > 0) ? 0 : squareFootage;

/** Integer division of non-negative whole numbers (exact, like Rust's `/` on i64). */
const div = (a: number, b: number) => (a - (a % b)) / b;

const clamp = (cents: number) => (cents > MAX_CENTS ? MAX_CENTS : cents < 0 ? 0 : cents);

/** Predicted cost in cents: regional rate (to the cent) x square footage; null when either is unknown. */
export function predictedCents(
  task: Pick<Task, 'regional_average_cost_per_sqft'>,
  squareFootage: number | null | undefined,
): number | null {
  const rate = task.regional_average_cost_per_sqft;
  if (rate === null || rate === undefined) return null;
  if (squareFootage === null || squareFootage === undefined) return null;
  return toCents(rate) * area(squareFootage);
}

/** Predicted cost in dollars, for display (task cards, spreadsheet rows, the task form). */
export function predictedCost(
  task: Pick<Task, 'regional_average_cost_per_sqft'>,
  squareFootage: number | null | undefined,
): number | null {
  const cents = predictedCents(task, squareFootage);
  return cents === null ? null : toDollars(cents);
}

/**
 * What a task counts for in sums, in cents: its actual cost, else its committed cost (the
 * awarded bid), else its prediction, else 0 (DECISIONS.md, "best-known cost").
 */
export function bestKnownCents(
  task: Pick<Task, 'actual_cost' | 'regional_average_cost_per_sqft'> & { committed_cost?: number | null },
  squareFootage: number | null | undefined,
): number {
  if (task.actual_cost !== null && task.actual_cost !== undefined) return toCents(task.actual_cost);
  if (task.committed_cost !== null && task.committed_cost !== undefined) return toCents(task.committed_cost);
  return predictedCents(task, squareFootage) ?? 0;
}

/** Unclamped cents per column (a status the rule does not know counts in To Do, as on the server). */
function centsByStatus(
  tasks: readonly CostedTask[],
  squareFootage: number | null | undefined,
): Record<TaskStatus, number> {
  const out: Record<TaskStatus, number> = { 'To Do': 0, 'In Progress': 0, Paid: 0 };
  for (const t of tasks) {
    const column = (STATUSES as readonly string[]).includes(t.status) ? t.status : 'To Do';
    out[column] += bestKnownCents(t, squareFootage);
  }
  return out;
}

function totalsInDollars(cents: Record<TaskStatus, number>): ColumnTotals {
  return {
    'To Do': toDollars(clamp(cents['To Do'])),
    'In Progress': toDollars(clamp(cents['In Progress'])),
    Paid: toDollars(clamp(cents.Paid)),
  };
}

/** Best-known cost per column, in dollars (each summed in cents and clamped to MAX_CENTS). */
export function columnTotals(tasks: readonly CostedTask[], squareFootage: number | null | undefined): ColumnTotals {
  return totalsInDollars(centsByStatus(tasks, squareFootage));
}

/**
 * The board's money figures, as `GET /api/projects/{id}/summary/` answers them: column totals and
 * predicted total (best-known costs summed in cents, clamped to MAX_CENTS), cost per sq ft (total /
 * area rounded half up to the cent, null without an area) and over_budget (total > budget, strictly).
 */
export function summarize(
  tasks: readonly CostedTask[],
  squareFootage: number | null | undefined,
  budget: number,
): ProjectSummary {
  const cents = centsByStatus(tasks, squareFootage);
  const total = clamp(STATUSES.reduce((sum, s) => sum + cents[s], 0));
  const sqft = area(squareFootage);
  const budgetCents = toCents(budget);
  return {
    budget: toDollars(budgetCents),
    predicted_total: toDollars(total),
    cost_per_sqft: sqft > 0 ? toDollars(div(total * 2 + sqft, sqft * 2)) : null,
    over_budget: total > budgetCents,
    column_totals: totalsInDollars(cents),
  };
}
