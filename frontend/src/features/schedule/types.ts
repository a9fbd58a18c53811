import type { components } from '../../lib/api/schema';

// Issue 33's schedule on the wire (docs/schedule.md), from the OpenAPI document (`make api-types`).

type Schemas = components['schemas'];

/** A calendar day, YYYY-MM-DD. */
export type IsoDay = string;

export type LinkType = 'FS' | 'SS' | 'FF';

/**
 * A link between two tasks of a project: the successor waits for the predecessor (plus lag,
 * working days). The document gives `type` as a string; the server sends one of LinkType.
 */
export type Dependency = Omit<Schemas['Dependency'], 'type'> & { type: LinkType };

/** POST /api/dependencies/ (the document's DependencyCreate, with both tasks required). */
export type NewDependency = Schemas['DependencyCreate'] & {
  predecessor: number;
  successor: number;
  type?: LinkType;
};

/** One scheduled task's computed dates (finish inclusive: a one-day task finishes on its start). */
export type ScheduledTask = Schemas['ScheduledTask'];

/** GET /api/projects/{id}/schedule/ */
export type Schedule = Schemas['Schedule'];

/** What PATCH /api/tasks/{id}/ takes from the timeline. */
export type TaskTimingPatch = Pick<Schemas['TaskPatch'], 'planned_start' | 'duration_days'>;

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
