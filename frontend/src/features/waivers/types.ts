// Wire types of lien waivers (issue 34, docs/money.md). Until the server's OpenAPI document names
// them (src/lib/api/schema.d.ts), they are written here from the wire shapes; codes travel
// as strings and are narrowed to the unions below.

/** The four kinds a lender asks for: conditional or not, for a progress payment or the final one. */
export type WaiverKind =
  'conditional_progress' | 'unconditional_progress' | 'conditional_final' | 'unconditional_final';

/** A waiver is asked for (`requested`), then signed and in hand (`received`). */
export type WaiverState = 'requested' | 'received';

/** A payment's `waiver_status`: whether it needs a waiver, and how far its waiver has come. */
export type PaymentWaiverStatus = 'not_needed' | 'missing' | 'requested' | 'received';

/** A lien waiver (`GET /api/projects/{id}/lien-waivers/`, oldest first by id). */
export interface LienWaiver {
  id: number;
  project: number;
  contractor: number;
  contractor_name: string;
  /** The payment it covers, or null (a waiver through a date). */
  payment: number | null;
  kind: WaiverKind;
  /** Dollars, at most two decimals, 0 or more. */
  amount: number;
  /** YYYY-MM-DD: the work and payments it covers, up to this day; or null. */
  through_date: string | null;
  status: WaiverState;
  /** YYYY-MM-DD once received; null while requested. */
  received_on: string | null;
  /** The signed waiver: a document of one of the project's tasks, or null. */
  document: number | null;
  document_name: string | null;
}

/**
 * `POST /api/lien-waivers/` (project, contractor, kind and amount required) and
 * `PATCH /api/lien-waivers/{id}/` (any subset). A requested waiver has no `received_on`.
 */
export interface LienWaiverWrite {
  project?: number;
  contractor?: number;
  payment?: number | null;
  kind?: WaiverKind;
  amount?: number;
  through_date?: string | null;
  status?: WaiverState;
  received_on?: string | null;
  document?: number | null;
}

/** A payment as the waivers read it (a task's payment, or the project's with its task's title). */
export interface WaiverPayment {
  id: number;
  task: number;
  amount: number;
  paid_on: string;
  contractor: { id: number; name: string } | null;
  /** Absent on a server that does not say it yet: read as not needed. */
  waiver_status?: string;
  task_title?: string;
}

/** A payment a draw still needs a waiver for (a draw's `waivers_missing`). */
export interface MissingWaiver {
  payment: number;
  task: number;
  contractor: number;
  contractor_name: string;
  amount: number;
  paid_on: string;
}

/** What the Waivers page reads of a draw (`GET /api/projects/{id}/draws/`). */
export interface DrawNeeds {
  id: number;
  number: number;
  status: string;
  requested_on: string;
  final: boolean;
  waivers_missing: readonly MissingWaiver[];
  final_waivers_missing: readonly { contractor: number; contractor_name: string }[];
}

/** A task of the project (a document is uploaded to one). */
export interface WaiverTask {
  id: number;
  title: string;
}

/** One list the page is given by the app (a query of another feature), as it stands. */
export interface Loaded<T> {
  data: readonly T[] | undefined;
  isPending: boolean;
  isError: boolean;
}
