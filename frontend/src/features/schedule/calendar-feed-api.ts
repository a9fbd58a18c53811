import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/api-client';
import { sideKeys } from './schedule-summary-api';

// The project's calendar feed (issue 33): a secret link a calendar app subscribes to. Local
// types until the OpenAPI document has these paths (see schedule-summary-api.ts).

/** `GET /api/projects/{id}/calendar/`. */
export interface CalendarFeedStatus {
  active: boolean;
  created_at: string | null;
}

/** `POST /api/projects/{id}/calendar/` -> 201: the link, shown once. */
export interface CalendarFeedLink {
  url: string;
  token: string;
}

export const calendarFeedQuery = (projectId: number) =>
  queryOptions({
    queryKey: sideKeys.calendar(projectId),
    queryFn: ({ signal }): Promise<CalendarFeedStatus> =>
      http.get<CalendarFeedStatus>(`/api/projects/${projectId}/calendar/`, signal),
    staleTime: 0,
  });

/** A new link (an older one stops working). */
export const createCalendarFeed = (projectId: number): Promise<CalendarFeedLink> =>
  http.post<CalendarFeedLink>(`/api/projects/${projectId}/calendar/`);
export const revokeCalendarFeed = (projectId: number): Promise<void> =>
  http.del(`/api/projects/${projectId}/calendar/`);

/** The same feed for phones' calendar apps: `webcal://` in place of `https://` (or `http://`). */
export const webcalUrl = (url: string) => url.replace(/^https?:\/\//, 'webcal://');
