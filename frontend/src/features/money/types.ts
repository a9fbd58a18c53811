import type { components } from '../../lib/api/schema';

// Wire types of the money ledger (issue 19, docs/money.md) come from the server's OpenAPI document
// (src/lib/api/schema.d.ts, `npm run gen:api`). Amounts are dollars with at most two decimals (the
// server keeps integer cents); dates are YYYY-MM-DD. Status fields travel as strings: the unions
// below name the values docs/money.md gives them.
type Schemas = components['schemas'];

/** `GET /api/projects/{id}/summary/`: the spec's and issue 17's fields, plus the money ledger's. */
export type MoneySummary = Schemas['ProjectSummary'];
/** The summary's `status`: `ok` within the working budget, `warning` inside the reserve, `over` past the budget. */
export type ContingencyStatus = 'ok' | 'warning' | 'over';

export type PaymentMethod = 'check' | 'card' | 'transfer' | 'cash' | 'loan_draw' | 'other';
/** A payment (`GET /api/tasks/{id}/payments/`): `payee` is the contractor's name when one is named. */
export type Payment = Schemas['TaskPayment'];
/** `GET /api/projects/{id}/payments/`: every payment of the project, oldest first, with its task's title. */
export type ProjectPayment = Schemas['ProjectPayment'];

export type ChangeOrderStatus = 'proposed' | 'approved' | 'rejected';
/** A change order; its amount may be negative (a credit). */
export type ChangeOrder = Schemas['ChangeOrder'];
/**
 * One entry of the register: `running_total` sums the approved amounts up to this entry;
 * `contingency_left_after` is the contingency left once it (and those before it) counted.
 */
export type RegisterEntry = Schemas['RegisterLineResponse'];
/** `GET /api/projects/{id}/change-orders/`: entries in date order, totals and the 10% warning. */
export type ChangeOrderRegister = Schemas['ChangeOrderRegister'];

export type DrawStatus = 'draft' | 'submitted' | 'funded';

/**
 * A draw's line (issue 34: its continuation columns, in the spirit of AIA G703, all the server's):
 * `scheduled_value` and `previous` are fixed with the line; `this_period` is its amount;
 * `completed_to_date` = previous + this period; `percent_complete` 0–100 with one decimal;
 * `retainage` this period × the project's retainage percent (in cents); `net` = this period −
 * retainage; `inspected_percent` the lender inspector's figure when one was given. The title is
 * kept, and `task` is null, once the task is deleted.
 */
export type DrawItem = Schemas['DrawItemResponse'];
/** A payment of the draw's tasks (up to its request date) that needs a lien waiver none covers. */
export type DrawWaiverMissing = Schemas['MissingWaiverResponse'];
/** A contractor with an awarded bid and no received unconditional final waiver (final draws only). */
export type DrawFinalWaiverMissing = Schemas['MissingFinalWaiverResponse'];
/**
 * A lender draw (`GET /api/projects/{id}/draws/`, by number), with the lender's inspection, the
 * continuation sheet's totals and the paperwork it still lacks (`waivers_missing`,
 * `final_waivers_missing`).
 */
export type Draw = Schemas['Draw'];
/** `GET /api/projects/{id}/draws/next/`: what a new draw would cover. */
export type NextDraw = Schemas['NextDraw'];
/** One line's inspected percent (0–100, one decimal; null clears it): a draft only. */
export type DrawItemWrite = Schemas['DrawItemWrite'];
/**
 * `POST /api/draws/` (project and tasks required) and `PATCH /api/draws/{id}/` (any subset);
 * `allow_missing_waivers` is request-only: submit although waivers are missing (never stored).
 */
export type DrawWrite = Omit<Schemas['DrawWrite'], 'total' | 'status'> & { status?: DrawStatus };

export type WaiverKind =
  'conditional_progress' | 'unconditional_progress' | 'conditional_final' | 'unconditional_final';
/** A lien waiver (`GET /api/projects/{id}/lien-waivers/`, oldest first): what the package reads of it. */
export type LienWaiver = Schemas['LienWaiver'];

/** A task's document (`GET /api/documents/?task={id}`): what a payment's receipt points at. */
export type TaskDocument = Schemas['Document'];

/**
 * What the Money page reads of a task: the board's row (`GET /api/projects/{id}/tasks/`) with
 * its prediction and best-known cost worked out by the board's money rule (the route composes
 * them, src/app/routes/money.tsx).
 */
export interface MoneyTask {
  id: number;
  title: string;
  status: string;
  /** The prediction the board shows (regional, or calibrated when the project uses it), or null. */
  predicted: number | null;
  /** Its best-known cost: actual cost, else committed cost, else the prediction shown, else 0. */
  best_known: number;
  committed_cost: number | null;
  actual_cost: number | null;
  /** Its Paid: payments, or its actual cost when it is in Paid and that is more. */
  paid_to_date: number;
  /** The payments recorded against it. */
  payments_total: number;
}

/** What the Money page reads of its project. */
export interface MoneyProject {
  id: number;
  name: string;
  zip_code: string | null;
  budget: number | null;
  square_footage: number | null;
  /** The property's street line ("" when not given). */
  address?: string;
  lender_name?: string;
  loan_number?: string;
}
