// Issue 21: the offline board, composed here (features do not import each other): the offline
// queue (features/offline) is the board's task writer (features/board/api.ts) and replays
// through the board's own requests.
import { http } from '../lib/api-client';
import { clearApiCache, tokens } from '../lib/auth-store';
import { queryClient } from '../lib/query-client';
import {
  boardKeys,
  invalidateSummary,
  sendCreateTask,
  sendPatchTask,
  setOfflineTaskWriter,
} from '../features/board/api';
import type { Task, TaskInput, TaskPatch } from '../features/board/types';
import { createOfflineSync } from '../features/offline/offline-sync';

export const offlineSync = createOfflineSync({
  transport: {
    readTasks: (projectId) => http.get<Task[]>(`/api/projects/${projectId}/tasks/`),
    patch: (taskId, body) => sendPatchTask(taskId, body),
    create: (body) => sendCreateTask(body as unknown as TaskInput),
  },
  onSynced: (projectIds) => {
    for (const projectId of projectIds)
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: boardKeys.tasks(projectId) }),
        invalidateSummary(queryClient, projectId),
      ]);
  },
});

/** A task created offline, as the board shows it until the server has it. */
function tempTask(id: number, body: Record<string, unknown>): Task {
  const input = body as unknown as TaskInput;
  const defaults = { actual_cost: null, description: '', due_date: null };
  return {
    ...defaults,
    actual_cost_per_sqft: null,
    bid_count: 0,
    change_order_total: 0,
    fixed_fee: false,
    payments_total: 0,
    remaining_to_pay: null,
    committed_cost: null,
    lowest_bid: null,
    paid_to_date: 0,
    payment_count: 0,
    position: 1_000_000,
    predicted_cost: null,
    predicted_cost_high: null,
    predicted_cost_low: null,
    pricing: null,
    regional_average_cost_per_sqft: null,
    ...input,
    id,
    project: input.project,
  };
}

function cachedTask(taskId: number): Task | undefined {
  for (const [, tasks] of queryClient.getQueriesData<Task[]>({ queryKey: boardKeys.all }))
    if (Array.isArray(tasks)) {
      const t = tasks.find((x) => x.id === taskId);
      if (t) return t;
    }
  return undefined;
}

setOfflineTaskWriter({
  offline: () => !offlineSync.isOnline(),
  patch: async (id, patch) => {
    await offlineSync.enqueuePatch(id, patch);
    const fields: TaskPatch = { ...patch };
    delete fields.project;
    return { ...(cachedTask(id) as Task), ...fields };
  },
  create: async (input) => {
    const entry = await offlineSync.enqueueCreate(input.project, input as unknown as Record<string, unknown>);
    return tempTask(entry.taskId as number, entry.body);
  },
  overlay: (projectId, tasks) => offlineSync.overlay(projectId, tasks, tempTask),
  // While changes wait, the server's summary does not describe the board shown (board/api.ts).
  queued: (projectId) => offlineSync.hasQueued(projectId),
});

offlineSync.listen();

// Signing out (or a session ending) forgets the last user's offline board: the queued changes and
// the service worker's copies of the board reads.
tokens.subscribe(() => {
  if (tokens.getAccess() !== null) return;
  void offlineSync.clear();
  clearApiCache(); // a sign-out in another tab
});
