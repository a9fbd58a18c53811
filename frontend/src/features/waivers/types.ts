import type { components } from '../../lib/api/schema';

// Wire types of lien waivers (issue 34, docs/money.md) come from the server's OpenAPI document
// (src/lib/api/schema.d.ts, `npm run gen:api`). The document types `kind` and `status` as
// strings: they are narrowed to the codes below (utils.ts reads anything else as a plain word).
type Schemas = components['schemas'];

/** The four kinds a lender asks for: conditional or not, for a progress payment or the final one. */
export type WaiverKind =
  'conditional_progress' | 'unconditional_progress' | 'conditional_final' | 'unconditional_final';

/** A waiver is asked for (`requested`), then signed and in hand (`received`). */
export type WaiverState = 'requested' | 'received';

/** A payment's `waiver_status`: whether it needs a waiver, and how far its waiver has come. */
export type PaymentWaiverStatus = 'not_needed' | 'missing' | 'requested' | 'received';

/**
 * A lien waiver (`GET /api/projects/{id}/lien-waivers/`, oldest first by id): `payment` the one it
 * covers or null (a waiver through a date); `received_on` set exactly when received; `document`
 * the signed waiver, a document of one of the project's tasks.
 */
export type LienWaiver = Omit<Schemas['LienWaiver'], 'kind' | 'status'> & { kind: WaiverKind; status: WaiverState };

/**
 * `POST /api/lien-waivers/` (project, contractor, kind and amount required) and
 * `PATCH /api/lien-waivers/{id}/` (any subset). A requested waiver has no `received_on`.
 */
export type LienWaiverWrite = Omit<Schemas['LienWaiverWrite'], 'kind' | 'status'> & {
  kind?: WaiverKind;
  status?: WaiverState;
};

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
export type MissingWaiver = Schemas['MissingWaiverResponse'];

/** What the Waivers page reads of a draw (`GET /api/projects/{id}/draws/`). */
export interface DrawNeeds {
  id: number;
  number: number;
  status: string;
  requested_on: string;
  final: boolean;
  waivers_missing: readonly MissingWaiver[];
  /** The contractors a final draw still needs an unconditional final waiver from ([] unless final). */
  final_waivers_missing: readonly Schemas['MissingFinalWaiverResponse'][];
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
