import { http } from '../../lib/api-client';
import type { Weekday } from '../../lib/work-week';
import { scheduleKeys } from './api';

// Issue 33: what the delays and inspections pages, the board's schedule summary, the calendar
// feed and the exports read and write beside the timeline's schedule (./api.ts, ./types.ts).
// Until the OpenAPI document has the schedule's paths (`make api-types`), these calls go through
// the app's one client by path (`http`), typed by hand from the wire shapes; the switch to
// `client` (../../lib/api/client.ts) then changes only these fetchers. Money is dollars, dates
// YYYY-MM-DD, as on every other resource.

/** `POST /api/projects/{id}/baseline/` -> 201. */
export interface Baseline {
  baseline_finish: string | null;
  taken_at: string;
  /** How many tasks the baseline holds. */
  tasks: number;
}

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
  http.post<Baseline>(`/api/projects/${projectId}/baseline/`);

/** Saves the project's working calendar and carrying cost; answers the project. */
export const saveScheduleSettings = (projectId: number, settings: ScheduleSettings): Promise<ScheduleSettings> =>
  http.patch<ScheduleSettings>(`/api/projects/${projectId}/`, settings);

/** "3 working days late", "1 working day early", "On schedule". */
export function varianceText(days: number): string {
  if (days === 0) return 'On schedule';
  const n = Math.abs(days);
  return `${n} working ${n === 1 ? 'day' : 'days'} ${days > 0 ? 'late' : 'early'}`;
}
