import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { tokens } from '../lib/auth-store';
import { boardTasksQuery, patchTask, projectSummaryQuery } from '../features/board/api';
import { columnTotals } from '../features/board/money';
import type { Task } from '../features/board/types';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const task = (id: number, title: string, status: Task['status'], actual_cost: number) =>
  ({ id, project: 7, title, status, actual_cost, position: id, description: '' }) as unknown as Task;

// The server's board and summary as the service worker last saw them (before any offline change).
const server = [task(1, 'Framing', 'To Do', 5000), task(2, 'Roofing', 'To Do', 3000)];
const staleSummary = { column_totals: { 'To Do': 8000, 'In Progress': 0, Paid: 0 } };

let online = true;
Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
const sent: string[] = [];
vi.stubGlobal(
  'fetch',
  vi.fn((url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    if (key === 'GET /api/projects/7/tasks/') return Promise.resolve(json(200, server));
    if (key === 'GET /api/projects/7/summary/') return Promise.resolve(json(200, staleSummary));
    if (key === 'PATCH /api/tasks/1/') {
      sent.push(key);
      Object.assign(server[0], JSON.parse(init.body as string) as object);
      return Promise.resolve(json(200, server[0]));
    }
    return Promise.resolve(json(500, { error: 'unexpected', message: key }));
  }),
);

describe('the offline board (src/app/offline-board.ts)', () => {
  afterAll(() => vi.unstubAllGlobals());

  it('lets the column totals follow a queued move, then says how many changes the replay sent', async () => {
    tokens.set('A1', 'R1');
    const { offlineSync } = await import('./offline-board');
    const { queryClient } = await import('../lib/query-client');
    await offlineSync.ready;
    await queryClient.fetchQuery(boardTasksQuery(7));

    // Offline: Framing moves to In Progress, queued.
    online = false;
    window.dispatchEvent(new Event('offline'));
    await patchTask(1, { status: 'In Progress', project: 7, position: 0 });
    expect(offlineSync.getState()).toMatchObject({ online: false, pending: 1 });
    expect(offlineSync.hasQueued(7)).toBe(true);

    // The board read again (the service worker's copy) has the move laid over it; the summary read
    // again does not describe it, so it is not taken as the figures of the board shown.
    const tasks = await queryClient.fetchQuery({ ...boardTasksQuery(7), staleTime: 0 });
    expect(tasks.find((t) => t.id === 1)?.status).toBe('In Progress');
    const answer = await queryClient.fetchQuery(projectSummaryQuery(7));
    expect(answer.summary).toEqual(staleSummary);
    expect(answer.tasks).toBeUndefined();
    // What the board then shows: its totals from the tasks shown (board-page.tsx, money.ts).
    expect(columnTotals(tasks, null)).toEqual({ 'To Do': 3000, 'In Progress': 5000, Paid: 0 });

    // Back online: the queue is replayed, and the count of what was sent is kept for the banner.
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(offlineSync.getState().sent?.count).toBe(1));
    expect(sent).toEqual(['PATCH /api/tasks/1/']);
    expect(offlineSync.getState()).toMatchObject({ pending: 0, replaying: false });
    expect(offlineSync.hasQueued(7)).toBe(false);
    const fresh = await queryClient.fetchQuery(projectSummaryQuery(7));
    expect(fresh.tasks).toBeDefined();
  });
});
