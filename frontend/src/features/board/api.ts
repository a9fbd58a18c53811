import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { upload } from '../../lib/api-client';
import { client, ok } from '../../lib/api/client';
import type { components, paths } from '../../lib/api/schema';
import { markBoardData } from './perf';
import type {
  BoardProject,
  Calibration,
  ProjectSummary,
  Task,
  TaskDocument,
  TaskInput,
  TaskPatch,
  TaskPayment,
} from './types';

type ProjectPatch = components['schemas']['ProjectPatch'];

export const boardKeys = {
  all: ['board'] as const,
  project: (projectId: number) => [...boardKeys.all, projectId, 'project'] as const,
  tasks: (projectId: number) => [...boardKeys.all, projectId, 'tasks'] as const,
  summary: (projectId: number) => [...boardKeys.all, projectId, 'summary'] as const,
  calibration: (projectId: number) => [...boardKeys.all, projectId, 'calibration'] as const,
  documents: (taskId: number) => [...boardKeys.all, 'documents', taskId] as const,
  payments: (taskId: number) => [...boardKeys.all, 'payments', taskId] as const,
  suggestions: () => [...boardKeys.all, 'task-suggestions'] as const,
};

export const boardProjectQuery = (projectId: number) =>
  queryOptions({
    queryKey: boardKeys.project(projectId),
    queryFn: ({ signal }): Promise<BoardProject> =>
      ok(client.GET('/api/projects/{id}/', { params: { path: { id: projectId } }, signal })),
    networkMode: 'offlineFirst',
    // A board left open follows what another device changed (the calibration switch, the
    // budget) when the window is back in focus or the connection returns.
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });

export const boardTasksQuery = (projectId: number) =>
  queryOptions({
    queryKey: boardKeys.tasks(projectId),
    queryFn: async ({ signal }) => {
      // Default fetch cache mode: the browser revalidates with If-None-Match and
      // an unchanged board costs a 304 (the server sends an ETag, private, no-cache).
      const tasks: Task[] = await ok(
        client.GET('/api/projects/{id}/tasks/', { params: { path: { id: projectId } }, signal }),
      );
      markBoardData();
      return writer ? writer.overlay(projectId, tasks) : tasks;
    },
    // Offline the service worker answers with the board as last seen (issue 21).
    networkMode: 'offlineFirst',
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });

/** The server's money summary and the board data it describes. */
export interface SummaryAnswer {
  summary: ProjectSummary;
  /**
   * The cached tasks and project when the request was sent (once any fetch of them in flight was
   * in). The page shows `summary` while these are still the data it shows (board-page.tsx): any
   * write since (an optimistic change, a rollback, a refetch that changed something) replaces them.
   */
  tasks: Task[] | undefined;
  project: BoardProject | undefined;
}

/**
 * The board's money figures, summed by the server in cents. Always stale, so that it is asked
 * again whenever the tasks are (on mount, on reconnect): a 304 when nothing changed. No structural
 * sharing: `tasks` and `project` must stay the very objects that were cached (compared by identity).
 */
export const projectSummaryQuery = (projectId: number) =>
  queryOptions({
    queryKey: boardKeys.summary(projectId),
    queryFn: async ({ signal, client: queries }): Promise<SummaryAnswer> => {
      const tasksKey = boardKeys.tasks(projectId);
      const projectKey = boardKeys.project(projectId);
      // A fetch of the tasks or project in flight first (mount, or the refetch after a write).
      const cache = queries.getQueryCache();
      const inFlight = [tasksKey, projectKey].map((queryKey) => cache.find({ queryKey, exact: true })?.promise);
      await Promise.all(inFlight.map((p) => (p ? p.catch(() => undefined) : Promise.resolve(undefined))));
      const tasks = queries.getQueryData<Task[]>(tasksKey);
      const project = queries.getQueryData<BoardProject>(projectKey);
      // Default fetch cache mode, as for the board: an unchanged project revalidates with a 304.
      const summary: ProjectSummary = await ok(
        client.GET('/api/projects/{id}/summary/', { params: { path: { id: projectId } }, signal }),
      );
      // Changes queued offline are not in the server's figures: the page then sums the tasks shown.
      return { summary, tasks: writer?.queued(projectId) ? undefined : tasks, project };
    },
    staleTime: 0,
    structuralSharing: false,
    networkMode: 'offlineFirst',
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });

/**
 * The project's local ratio and the tasks it is made of (issue 20). Asked again with the summary
 * (invalidateSummary): whatever changes the money figures can change the calibration.
 */
export const projectCalibrationQuery = (projectId: number) =>
  queryOptions({
    queryKey: boardKeys.calibration(projectId),
    queryFn: ({ signal }): Promise<Calibration> =>
      ok(client.GET('/api/projects/{id}/calibration/', { params: { path: { id: projectId } }, signal })),
    staleTime: 0,
    networkMode: 'offlineFirst',
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });

/**
 * Refreshes the board's money figures after a write to its tasks or budget (once the server
 * answered): the summary and the calibration read from the same tasks.
 */
export const invalidateSummary = (client: QueryClient, projectId: number) =>
  Promise.all([
    client.invalidateQueries({ queryKey: boardKeys.summary(projectId) }),
    client.invalidateQueries({ queryKey: boardKeys.calibration(projectId) }),
  ]).then(() => undefined);

export const taskDocumentsQuery = (taskId: number) =>
  queryOptions({
    queryKey: boardKeys.documents(taskId),
    queryFn: ({ signal }): Promise<TaskDocument[]> =>
      ok(client.GET('/api/documents/', { params: { query: { task: taskId } }, signal })),
    // Download links are signed for 15 minutes: refresh them well before.
    staleTime: 60_000,
  });

export const taskSuggestionsQuery = () =>
  queryOptions({
    queryKey: boardKeys.suggestions(),
    queryFn: async ({ signal }) => {
      const res = await ok(client.GET('/api/task-suggestions/', { signal }));
      return Array.isArray(res?.suggestions) ? res.suggestions : [];
    },
    staleTime: Infinity,
    retry: false,
  });

/**
 * The mutation transport seam (issue 21): src/app installs the offline queue here. While offline
 * (or when the request cannot reach the server) task writes are queued instead of failing, and the
 * board read gets the queued changes laid over it.
 */
export interface OfflineTaskWriter {
  offline(): boolean;
  patch(id: number, patch: TaskPatch): Promise<Task>;
  create(input: TaskInput): Promise<Task>;
  overlay(projectId: number, tasks: Task[]): Promise<Task[]>;
  queued(projectId: number): boolean;
}
let writer: OfflineTaskWriter | null = null;
export function setOfflineTaskWriter(next: OfflineTaskWriter | null) {
  writer = next;
}

/**
 * Whether task writes are queued offline now (issue 21): payments are not queued, so the Paid
 * dialog does not offer to record one meanwhile.
 */
export const writesOffline = () => writer?.offline() ?? false;

/** No answer at all (offline, connection refused): not a refusal by the server. */
const unreachable = (e: unknown) => e instanceof TypeError;

/** The requests themselves, never queued (the replay of the offline queue sends through these). */
export const sendCreateTask = (input: TaskInput): Promise<Task> => ok(client.POST('/api/tasks/', { body: input }));
export const sendPatchTask = (id: number, patch: TaskPatch): Promise<Task> =>
  ok(client.PATCH('/api/tasks/{id}/', { params: { path: { id } }, body: patch }));

export async function createTask(input: TaskInput): Promise<Task> {
  if (writer?.offline()) return writer.create(input);
  try {
    return await sendCreateTask(input);
  } catch (e) {
    if (writer && unreachable(e)) return writer.create(input);
    throw e;
  }
}
export async function patchTask(id: number, patch: TaskPatch): Promise<Task> {
  if (writer?.offline()) return writer.patch(id, patch);
  try {
    return await sendPatchTask(id, patch);
  } catch (e) {
    if (writer && unreachable(e)) return writer.patch(id, patch);
    throw e;
  }
}
/** `keepalive`: the request outlives the page (a delete made final on `pagehide`). */
export const deleteTask = (id: number, keepalive = false): Promise<void> =>
  ok(client.DELETE('/api/tasks/{id}/', { params: { path: { id } }, keepalive }));
/**
 * The standard task list for the project's type, standard quality, in build order: 201 with the
 * created tasks; 409 `conflict` when the board already has tasks.
 */
export const createTasksFromTemplate = (projectId: number): Promise<Task[]> =>
  ok(client.POST('/api/projects/{id}/tasks/template/', { params: { path: { id: projectId } } }));
/**
 * "Update Budget": the budget and the money settings (docs/money.md), only the fields given. A
 * blank budget goes as null, which the document's `ProjectPatch` does not take: the server
 * answers 400 with the budget's message, shown beside the field.
 */
export interface ProjectMoneyPatch {
  budget?: number | null;
  contingency_percent?: number;
  loan_amount?: number | null;
}
export const updateProjectMoney = (projectId: number, patch: ProjectMoneyPatch): Promise<BoardProject> =>
  ok(client.PATCH('/api/projects/{id}/', { params: { path: { id: projectId } }, body: patch as ProjectPatch }));

/**
 * The board's "Use calibrated predictions" switch (issue 29): a setting of the project, for
 * everyone who sees it (the owner's devices, share links, exports), not of this browser.
 */
export const updateProjectCalibration = (projectId: number, useCalibration: boolean): Promise<BoardProject> =>
  ok(
    client.PATCH('/api/projects/{id}/', {
      params: { path: { id: projectId } },
      body: { use_calibration: useCalibration },
    }),
  );

/**
 * The payments recorded against a task (`GET /api/tasks/{id}/payments/`, oldest first), as the
 * Paid dialog lists them. Asked again whenever a dialog opens (the task form's Payments section
 * may have changed them).
 */
export const taskPaymentsQuery = (taskId: number) =>
  queryOptions({
    queryKey: boardKeys.payments(taskId),
    queryFn: ({ signal }): Promise<TaskPayment[]> =>
      ok(client.GET('/api/tasks/{id}/payments/', { params: { path: { id: taskId } }, signal })),
    staleTime: 0,
  });

/**
 * Records a payment against a task (`POST /api/task-payments/`): what the Paid dialog sends when
 * the actual cost entered is more than the payments recorded (docs/money.md), dated `paidOn`.
 */
export const recordTaskPayment = (taskId: number, amount: number, paidOn: string): Promise<TaskPayment> =>
  ok(client.POST('/api/task-payments/', { body: { task: taskId, amount, paid_on: paidOn } }));

export function uploadDocument(taskId: number, file: File, onProgress?: (fraction: number) => void) {
  const form = new FormData();
  form.append('task', String(taskId));
  form.append('file', file, file.name);
  // Through XMLHttpRequest for its progress (openapi-fetch has none): the path checked here.
  return upload<TaskDocument>('/api/documents/' satisfies keyof paths, form, onProgress);
}

export const deleteDocument = (id: number): Promise<void> =>
  ok(client.DELETE('/api/documents/{id}/', { params: { path: { id } } }));
/** Renames a document (the server keeps the extension when the new name has none). */
export const renameDocument = (id: number, name: string): Promise<TaskDocument> =>
  ok(client.PATCH('/api/documents/{id}/', { params: { path: { id } }, body: { name } }));

// ---------- issue 33: the task form's "Starts after" ----------

/**
 * A link between two tasks of a project: `successor` starts after `predecessor` (FS), plus
 * `lag_days` working days. The link's type is narrowed from the document's string.
 */
export type Dependency = Omit<components['schemas']['Dependency'], 'type'> & { type: 'FS' | 'SS' | 'FF' };

export const dependenciesKey = (projectId: number) => [...boardKeys.all, projectId, 'dependencies'] as const;

/** Every link of the project (`GET /api/projects/{id}/dependencies/`). */
export const projectDependenciesQuery = (projectId: number) =>
  queryOptions({
    queryKey: dependenciesKey(projectId),
    queryFn: async ({ signal }): Promise<Dependency[]> =>
      (await ok(
        client.GET('/api/projects/{id}/dependencies/', { params: { path: { id: projectId } }, signal }),
      )) as Dependency[],
    staleTime: 0,
  });

/** 201 with the link; 409 (the server's words) for a cycle or a pair already linked. */
export const createDependency = async (input: {
  predecessor: number;
  successor: number;
  type?: Dependency['type'];
  lag_days?: number;
}): Promise<Dependency> => (await ok(client.POST('/api/dependencies/', { body: input }))) as Dependency;
export const deleteDependency = (id: number): Promise<void> =>
  ok(client.DELETE('/api/dependencies/{id}/', { params: { path: { id } } }));
