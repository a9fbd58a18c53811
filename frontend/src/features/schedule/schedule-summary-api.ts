import { client, ok } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import type { Weekday } from '../../lib/work-week';
import { scheduleKeys } from './api';

// Issue 33: what the delays and inspections pages, the board's schedule summary, the calendar
// feed and the exports read and write beside the timeline's schedule (./api.ts, ./types.ts),
// through the app's typed client (lib/api/client.ts), the types from the OpenAPI document.
// Money is dollars, dates YYYY-MM-DD, as on every other resource.

/** `POST /api/projects/{id}/baseline/` -> 201: the baseline's finish, when it was taken, how many tasks. */
/** What the dialog reads of the project (the board's copy): its calendar and carrying cost. */
export interface ScheduleProject {
  work_week?: readonly string[] | null;
  non_working_days?: readonly string[] | null;
  monthly_carrying_cost?: number | null;
}

export type Baseline = components['schemas']['Baseline'];

/** The project's working calendar and carrying cost (`PATCH /api/projects/{id}/`). */
export interface ScheduleSettings {
  work_week: Weekday[];
  non_working_days: string[];
  monthly_carrying_cost: number | null;
}

/**
 * The keys of this side's reads, under the timeline's project key (./api.ts `scheduleKeys`):
 * whatever moves the schedule there (`invalidateSchedule`) asks these again too.
 */
export const sideKeys = {
  delays: (projectId: number) => [...scheduleKeys.project(projectId), 'delays'] as const,
  inspections: (projectId: number) => [...scheduleKeys.project(projectId), 'inspections'] as const,
  calendar: (projectId: number) => [...scheduleKeys.project(projectId), 'calendar'] as const,
  kinds: () => [...scheduleKeys.all, 'inspection-kinds'] as const,
};

/** Takes the schedule as it is now as the baseline the variance is measured against. */
export const setBaseline = (projectId: number): Promise<Baseline> =>
  ok(client.POST('/api/projects/{id}/baseline/', { params: { path: { id: projectId } } }));

/** Saves the project's working calendar and carrying cost; answers the project. */
export const saveScheduleSettings = (projectId: number, settings: ScheduleSettings) =>
  ok(client.PATCH('/api/projects/{id}/', { params: { path: { id: projectId } }, body: settings }));

/** "3 working days late", "1 working day early", "On schedule". */
export function varianceText(days: number): string {
  if (days === 0) return 'On schedule';
  const n = Math.abs(days);
  return `${n} working ${n === 1 ? 'day' : 'days'} ${days > 0 ? 'late' : 'early'}`;
}

/** The project's calendar and carrying cost, as its JSON carries them beside its money settings (issue 33). */
export function scheduleSettingsOf(project: Record<string, unknown> | undefined): ScheduleProject | null {
  if (!project) return null;
  const days = (v: unknown) => (Array.isArray(v) ? v.filter((d): d is string => typeof d === 'string') : null);
  const cost = project.monthly_carrying_cost;
  return {
    work_week: days(project.work_week),
    non_working_days: days(project.non_working_days),
    monthly_carrying_cost: typeof cost === 'number' ? cost : null,
  };
}
