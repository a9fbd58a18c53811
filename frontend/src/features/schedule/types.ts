// Issue 33's schedule on the wire (/work/notes/issue33-api.md, docs/schedule.md). Local types until
// the OpenAPI document has the schedule's paths (`make api-types`); then each becomes the
// document's own schema (components['schemas'][...]) with the same fields.

/** A calendar day, YYYY-MM-DD. */
export type IsoDay = string;

export type LinkType = 'FS' | 'SS' | 'FF';

/** A link between two tasks of a project: the successor waits for the predecessor (plus lag, working days). */
export interface Dependency {
  id: number;
  project: number;
  predecessor: number;
  successor: number;
  type: LinkType;
  lag_days: number;
}

export interface NewDependency {
  predecessor: number;
  successor: number;
  type?: LinkType;
  lag_days?: number;
}

/** One scheduled task's computed dates (finish inclusive: a one-day task finishes on its start). */
export interface ScheduledTask {
  task: number;
  start: IsoDay;
  finish: IsoDay;
  late_start: IsoDay;
  late_finish: IsoDay;
  /** Working days the task can slip without moving the finish. */
  total_float: number;
  critical: boolean;
  baseline_start: IsoDay | null;
  baseline_finish: IsoDay | null;
  variance_days: number | null;
  /** Sum of its recorded delays, working days. */
  delay_days: number;
  /** An inspection (pending after its finish, or failed and not yet passed) holds its successors. */
  held_by_inspection: boolean;
}

/** GET /api/projects/{id}/schedule/ */
export interface Schedule {
  start: IsoDay;
  finish: IsoDay | null;
  baseline_finish: IsoDay | null;
  variance_days: number | null;
  slip_calendar_days: number | null;
  /** Dollars. */
  carrying_cost_of_slip: number | null;
  critical_path: number[];
  /** Tasks without a duration. */
  unscheduled: number[];
  /** In order of start, then finish, then id. */
  tasks: ScheduledTask[];
}

/** What PATCH /api/tasks/{id}/ takes from the timeline. */
export interface TaskTimingPatch {
  planned_start?: IsoDay | null;
  duration_days?: number | null;
}

/** The board's task as the timeline reads it (the board's Task has these fields and more). */
export interface TimelineTask {
  id: number;
  title: string;
  status: string;
  planned_start?: IsoDay | null;
  duration_days?: number | null;
  actual_start?: IsoDay | null;
  actual_finish?: IsoDay | null;
}

/** The project's working calendar (Project JSON: work_week, non_working_days). */
export interface WorkCalendar {
  /** Codes `mon`..`sun`; default Monday to Friday. */
  work_week?: readonly string[];
  non_working_days?: readonly IsoDay[];
}
