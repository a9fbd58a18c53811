import type { QueryClient } from '@tanstack/react-query';
import { tokens } from '../lib/auth-store';
import { checkSubscriptionQuery } from '../features/subscription/api';
import { boardProjectQuery, boardTasksQuery } from '../features/board/api';
import { moneySummaryQuery } from '../features/money/api';

/**
 * Starts the requests a signed-in page on first load is going to make, in parallel, as
 * soon as react-query is loaded (AppLayout), instead of one after the other: the guard's
 * subscription check, then (after the guard has rendered the page) the board's project
 * and tasks. The components read the same queries, so nothing else changes; a user
 * without a subscription is sent to the plan page by the API client (402) as by the guard.
 * The Money page (`/kanban/:id/money`) reads the same project and tasks, and the money summary:
 * its figures waited for its chunk before those requests started (issue 31, slow 4G).
 */
export function prefetchRouteData(client: QueryClient, pathname: string) {
  if (tokens.getAccess() === null) return; // the guard sends the visitor to /login
  const board = /^\/kanban\/(\d+)(\/money)?\/?$/.exec(pathname);
  if (!board && !/^\/(projects|account-settings)\/?$/.test(pathname)) return;
  // One task per request: each first fetch through react-query costs a few ms of main
  // thread (more at 4x CPU slowdown); together with this chunk's evaluation they made one
  // long task.
  const later = (start: () => unknown) => setTimeout(() => void start(), 0);
  later(() => client.prefetchQuery({ ...checkSubscriptionQuery(), networkMode: 'offlineFirst' }));
  if (board) {
    const projectId = Number(board[1]);
    if (!Number.isSafeInteger(projectId)) return;
    later(() => client.prefetchQuery(boardTasksQuery(projectId)));
    later(() => client.prefetchQuery(boardProjectQuery(projectId)));
    if (board[2]) later(() => client.prefetchQuery(moneySummaryQuery(projectId)));
  }
}
