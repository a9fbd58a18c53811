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
export type CostedTask = Pick<Task, 'status' | 'actual_cost' | 'regional_average_cost_per_sqft'> & {
  committed_cost?: number | null;
  paid_to_date?: number;
  change_order_total?: number;
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

/** The project's settings the ledger figures read (docs/money.md); `drawn` from the last summary. */
export interface LedgerSettings {
  /** Integer 0-50; 10 when unknown (the server's default). */
  contingency_percent?: number | null;
  loan_amount?: number | null;
  /** Sum of the funded draws: kept on the project row, known from the server's last summary. */
  drawn?: number | null;
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
  const cents = centsByStatus(tasks, squareFootage);
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

  return {
    budget: toDollars(budgetCents),
    predicted_total: toDollars(total),
    cost_per_sqft: sqft > 0 ? toDollars(div(total * 2 + sqft, sqft * 2)) : null,
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
  };
}
