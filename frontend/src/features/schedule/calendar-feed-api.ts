import { queryOptions } from '@tanstack/react-query';
import { client, ok } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { sideKeys } from './schedule-summary-api';

// The project's calendar feed (issue 33): a secret link a calendar app subscribes to, through the
// app's typed client, the types from the OpenAPI document.

/** `GET /api/projects/{id}/calendar/`: whether a link is live, and since when. */
export type CalendarFeedStatus = components['schemas']['CalendarFeedStatus'];

/** `POST /api/projects/{id}/calendar/` -> 201: the link, shown once. */
export type CalendarFeedLink = components['schemas']['CalendarFeedLink'];

export const calendarFeedQuery = (projectId: number) =>
  queryOptions({
    queryKey: sideKeys.calendar(projectId),
    queryFn: ({ signal }): Promise<CalendarFeedStatus> =>
      ok(client.GET('/api/projects/{id}/calendar/', { params: { path: { id: projectId } }, signal })),
    staleTime: 0,
  });

/** A new link (an older one stops working). */
export const createCalendarFeed = (projectId: number): Promise<CalendarFeedLink> =>
  ok(client.POST('/api/projects/{id}/calendar/', { params: { path: { id: projectId } } }));
export const revokeCalendarFeed = (projectId: number): Promise<void> =>
  ok(client.DELETE('/api/projects/{id}/calendar/', { params: { path: { id: projectId } } }));

/** The same feed for phones' calendar apps: `webcal://` in place of `https://` (or `http://`). */
export const webcalUrl = (url: string) => url.replace(/^https?:\/\//, 'webcal://');
