import type { components } from '../../lib/api/schema';

// Wire types of a task's payments and change orders (docs/money.md, issue 19) come from the
// server's OpenAPI document (src/lib/api/schema.d.ts, `npm run gen:api`). The document types
// `method` and `status` as strings: the codes below are what the forms send (utils.ts reads
// anything else as a plain word).

/** How a payment was made (`method`). */
export type PaymentMethod = 'check' | 'card' | 'transfer' | 'cash' | 'loan_draw' | 'other';

/** A contractor named by a payment or a change order: `{id, name}`. */
export type ContractorRef = components['schemas']['ContractorRef'];

/**
 * A payment of a task (`GET /api/tasks/{id}/payments/`, oldest first: `paid_on`, then id):
 * `payee` is the contractor's name when one is named, else the text given; `receipt` a document id
 * of the same task, or null.
 */
export type Payment = components['schemas']['TaskPayment'];

/** `POST /api/task-payments/` (task and amount required), `PATCH /api/task-payments/{id}/` (any subset but task). */
export type PaymentWrite = components['schemas']['TaskPaymentWrite'];

export type ChangeOrderStatus = 'proposed' | 'approved' | 'rejected';

/** A change order of a task (`GET /api/tasks/{id}/change-orders/`): `amount` negative for a credit. */
export type ChangeOrder = components['schemas']['ChangeOrder'];

/** `POST /api/change-orders/` (task, description and amount required), `PATCH /api/change-orders/{id}/`. */
export type ChangeOrderWrite = components['schemas']['ChangeOrderWrite'];

/** A contractor of the project's roster (its owner's), as the payee and contractor pickers show it. */
export interface ContractorOption {
  id: number;
  name: string;
  trade?: string | null;
}

/**
 * The project's contractors (its owner's roster, issue 35), given by the app (features do not
 * import each other: the roster is the bids feature's, composed in src/app).
 */
export interface ContractorList {
  data: readonly ContractorOption[] | undefined;
  isPending: boolean;
  isError: boolean;
}

/** A document uploaded to the task: what a receipt or a change order may point at. */
export interface LedgerDocument {
  id: number;
  name: string;
  /** Signed download URL. */
  file: string;
}

/** The task's money figures as the board last read them (docs/money.md), dollars. */
export interface LedgerTaskFigures {
  /** Awarded bid + approved change orders, or null without an award. */
  committed_cost: number | null;
  actual_cost: number | null;
  /** Its Paid: its payments, or its actual cost when it is in Paid and that is more. */
  paid_to_date?: number;
  /** The sum of its recorded payments. */
  payments_total?: number;
  /** Its Remaining: known cost minus Paid, never below 0; null without a known cost. */
  remaining_to_pay?: number | null;
  payment_count?: number;
  change_order_total?: number;
}
