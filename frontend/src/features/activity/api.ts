import { infiniteQueryOptions } from '@tanstack/react-query';
import { client, ok } from '../../lib/api/client';
import { formatDate } from '../../lib/format';
import type { components } from '../../lib/api/schema';

// A project's activity trail (issue 35): every change to its data, who made it, when, and a
// sentence with the figures before and after, written by the server with the change itself.
// Newest first, a page at a time (`next` is the cursor of the following page).

export type ActivityEntry = components['schemas']['ActivityEntryResponse'];
export type ActivityPage = components['schemas']['ActivityPageResponse'];

export const activityKeys = {
  all: ['activity'] as const,
  project: (projectId: number) => [...activityKeys.all, projectId] as const,
  feed: (projectId: number, task: number | null, limit: number) =>
    [...activityKeys.project(projectId), task ?? 'all', limit] as const,
};

/** The project's trail (or one task's, `task`), `limit` entries a page. */
export const activityQuery = (projectId: number, task: number | null, limit: number) =>
  infiniteQueryOptions({
    queryKey: activityKeys.feed(projectId, task, limit),
    queryFn: ({ pageParam, signal }): Promise<ActivityPage> =>
      ok(
        client.GET('/api/projects/{id}/activity/', {
          params: {
            path: { id: projectId },
            query: { limit, ...(task === null ? {} : { task }), ...(pageParam === null ? {} : { cursor: pageParam }) },
          },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    staleTime: 0,
  });

/** What an action is about, from its code (`payment.created` → Payment). */
export function actionSubject(action: string): string {
  const subject = action.split('.')[0] ?? '';
  const names: Record<string, string> = {
    task: 'Task',
    bid: 'Bid',
    payment: 'Payment',
    change_order: 'Change order',
    draw: 'Draw',
    waiver: 'Lien waiver',
    document: 'Document',
    project: 'Project',
  };
  return names[subject] ?? 'Change';
}

/** "ana", or who it was once their account is gone. */
export const actorName = (actor: string | null) => actor ?? 'A deleted account';

/** "11/27/2026, 08:14": the day in the reader's locale, the time on their clock. */
export function formatWhen(at: string, locale?: string): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return at;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(d, locale)}, ${two(d.getHours())}:${two(d.getMinutes())}`;
}
