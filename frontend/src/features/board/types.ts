import type { components } from '../../lib/api/schema';

// Wire types come from the server's OpenAPI document (src/lib/api/schema.d.ts, `npm run gen:api`).
/**
 * A task as the board reads it. Issue 19 (docs/money.md): `committed_cost` is the awarded bid plus
 * the approved change orders; `paid_to_date`, `payment_count` and `change_order_total` come with
 * the board read, so cards and rows never ask for them one by one.
 */
export type Task = components['schemas']['Task'];
export type TaskStatus = components['schemas']['TaskStatus'];
export type MaterialQuality = components['schemas']['MaterialQuality'];
export const STATUSES = ['To Do', 'In Progress', 'Paid'] as const satisfies readonly TaskStatus[];

/** What the board reads of its project (with its money settings: contingency and loan). */
export type BoardProject = Pick<
  components['schemas']['Project'],
  | 'id'
  | 'name'
  | 'zip_code'
  | 'project_type_display'
  | 'budget'
  | 'square_footage'
  | 'contingency_percent'
  | 'loan_amount'
>;

export type TaskDocument = components['schemas']['Document'];

/**
 * The summary's colour (`status` on the wire): `over` (red) when the predicted total exceeds the
 * budget, `warning` (amber) when less than half the contingency reserve is left, else `ok`.
 */
export type MoneyStatus = 'ok' | 'warning' | 'over';

/**
 * `GET /api/projects/{id}/summary/`: the board's money figures, summed by the server in cents, and
 * the whole-house estimate beside them: `full_build_estimate` (the landing page's estimate for the
 * project's zip, size, type and options at standard quality) and `estimate_covered` (the part of it
 * whose tasks are on the board), both dollars or null. The local rule (money.ts) leaves them out.
 * Issue 19's figures (docs/money.md): committed, paid, remaining to pay, contingency, loan.
 */
export type ProjectSummary = Omit<
  components['schemas']['ProjectSummary'],
  'full_build_estimate' | 'estimate_covered'
> & {
  full_build_estimate?: number | null;
  estimate_covered?: number | null;
};
/** Best-known cost per column, keyed by status. */
export type ColumnTotals = components['schemas']['ColumnTotals'];

export interface TaskInput {
  title: string;
  description: string;
  material_quality: MaterialQuality;
  status: TaskStatus;
  actual_cost: number | null;
  due_date: string | null;
  project: number;
}

export type TaskPatch = Partial<Omit<TaskInput, 'project'>> & { project?: number; position?: number };
