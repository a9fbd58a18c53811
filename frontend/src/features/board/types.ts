import type { components } from '../../lib/api/schema';

// Wire types come from the server's OpenAPI document (src/lib/api/schema.d.ts, `npm run gen:api`).
/**
 * A task as the board reads it. Issue 19 (docs/money.md): `committed_cost` is the awarded bid plus
 * the approved change orders; `paid_to_date` (its Paid: payments, or its actual cost in Paid when
 * that is more), `payments_total`, `payment_count`, `remaining_to_pay`, `change_order_total` and
 * `fixed_fee` (a fee or permit, never calibrated) come with the board read, so cards and rows
 * never ask for them one by one.
 */
type WireTask = components['schemas']['Task'];
/**
 * Issue 20's prediction fields (`predicted_cost`, its `predicted_cost_low` and
 * `predicted_cost_high`, and `pricing`) are optional here: a payload without them (older
 * servers, cached answers) is read with the spec's rule, rate x square footage (money.ts).
 */
type PredictionFields = 'predicted_cost' | 'predicted_cost_low' | 'predicted_cost_high' | 'pricing';
/**
 * Issue 33: the task's place in the schedule. Planned start and duration (working days, 0..=1000)
 * are the user's; the actual start and finish are set by the server when the task moves to In
 * Progress / Paid (when empty), and can be corrected. Optional here like the prediction fields: a
 * board cached offline before issue 33 has none of them.
 */
type ScheduleFields = 'planned_start' | 'duration_days' | 'actual_start' | 'actual_finish';
export type TaskSchedule = Partial<Pick<WireTask, ScheduleFields>>;
export type Task = Omit<WireTask, PredictionFields | ScheduleFields> &
  Partial<Pick<WireTask, PredictionFields>> &
  TaskSchedule;
export type TaskStatus = components['schemas']['TaskStatus'];
export type MaterialQuality = components['schemas']['MaterialQuality'];
export const STATUSES = ['To Do', 'In Progress', 'Paid'] as const satisfies readonly TaskStatus[];

/**
 * What the board reads of its project, with its money settings: contingency, loan and (issue 29)
 * `use_calibration`, the board's "Use calibrated predictions" switch, the project's for everyone.
 */
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
  | 'use_calibration'
> &
  /** Issue 34: the property's street address, shown under the project's name ("" when none). */
  Partial<Pick<components['schemas']['Project'], 'address'>>;

export type TaskDocument = components['schemas']['Document'];

/** A payment recorded against a task (`GET /api/tasks/{id}/payments/`), as the Paid dialog lists it. */
export type TaskPayment = components['schemas']['TaskPayment'];

/**
 * The summary's colour (`status` on the wire, docs/money.md): `ok` while the predicted total fits
 * the working budget (budget - contingency reserve), `warning` (amber) once it eats into the
 * reserve, `over` (red) past the budget.
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

/**
 * Issue 20: the summary's sums with every task still without a known cost (no actual cost, no
 * committed cost) predicted at regional x the project's local ratio; null until three tasks have
 * both a prediction and a known price.
 */
export type CalibratedSummary = components['schemas']['CalibratedSummary'];

/**
 * `GET /api/projects/{id}/calibration/`: the project's local ratio (null under `min_tasks`
 * comparable tasks), how far it is from the regional average in percent, and every task it is
 * made of or left out as an outlier.
 */
export type Calibration = components['schemas']['Calibration'];
export type CalibrationTask = components['schemas']['CalibrationTask'];

export interface TaskInput {
  title: string;
  description: string;
  material_quality: MaterialQuality;
  status: TaskStatus;
  actual_cost: number | null;
  due_date: string | null;
  project: number;
  planned_start?: string | null;
  duration_days?: number | null;
  actual_start?: string | null;
  actual_finish?: string | null;
}

export type TaskPatch = Partial<Omit<TaskInput, 'project'>> & { project?: number; position?: number };
