import type { QueueEntry, ServerTask, SyncProblem } from './types';

/** How the replay talks to the server (the board's API, composed in src/app). */
export interface SyncTransport {
  /** The project's tasks as the server has them now. */
  readTasks(projectId: number): Promise<ServerTask[]>;
  patch(taskId: number, body: Record<string, unknown>): Promise<unknown>;
  create(body: Record<string, unknown>): Promise<{ id: number }>;
}

/** Fields of a patch that place the card rather than change the task: never a conflict. */
const PLACEMENT = new Set(['project', 'position']);

export const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/** A refusal by the server (4xx): shown to the user. Anything else (no network, 5xx) stops the replay. */
export function isRefusal(e: unknown): e is { status: number; message: string } {
  const status = (e as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** Fields where someone changed the server's value since the change was made, to something else than ours. */
export function conflicts(entry: QueueEntry, server: ServerTask) {
  return Object.keys(entry.body)
    .filter((f) => !PLACEMENT.has(f) && f in entry.base)
    .filter((f) => !same(server[f], entry.base[f]) && !same(server[f], entry.body[f]))
    .map((field) => ({ field, server: server[field], yours: entry.body[field] }));
}

export interface ReplayHooks {
  /** The entry is on the server (or settled): drop it from the queue. */
  done(entry: QueueEntry): Promise<void>;
  /** A task created offline got its real id: later entries must use it. */
  mapped(tempId: number, id: number): Promise<void>;
}

export interface ReplayResult {
  problems: SyncProblem[];
  /** The network failed (or the server erred) part way: the rest stays queued. */
  stopped: boolean;
}

/**
 * Sends the queued changes strictly in order. A patch is first checked against the task as the
 * server has it now: a field someone else changed meanwhile (server value neither the one the
 * change was based on nor ours) is a conflict, held for the user; the other entries go on.
 */
export async function replay(
  entries: QueueEntry[],
  transport: SyncTransport,
  hooks: ReplayHooks,
): Promise<ReplayResult> {
  const problems: SyncProblem[] = [];
  const ids = new Map<number, number>();
  for (const original of entries) {
    const entry =
      original.taskId !== undefined && ids.has(original.taskId)
        ? { ...original, taskId: ids.get(original.taskId) }
        : original;
    try {
      if (entry.kind === 'create') {
        const created = await transport.create(entry.body);
        if (entry.taskId !== undefined) {
          ids.set(entry.taskId, created.id);
          await hooks.mapped(entry.taskId, created.id);
        }
        await hooks.done(entry);
        continue;
      }
      const taskId = entry.taskId as number;
      const title = typeof entry.body.title === 'string' ? entry.body.title : `Task ${taskId}`;
      if (taskId > 0) {
        const server = (await transport.readTasks(entry.projectId)).find((t) => t.id === taskId);
        if (!server) {
          problems.push({
            entry,
            kind: 'rejected',
            title,
            fields: [],
            message: 'This task is no longer on the server.',
          });
          continue;
        }
        const fields = conflicts(entry, server);
        if (fields.length > 0) {
          problems.push({
            entry,
            kind: 'conflict',
            title: typeof server.title === 'string' ? server.title : title,
            fields,
          });
          continue;
        }
      } else if (!ids.has(original.taskId as number)) {
        // Its create was not sent (refused): nothing to change.
        problems.push({
          entry,
          kind: 'rejected',
          title,
          fields: [],
          message: 'The task this change belongs to was not created.',
        });
        continue;
      }
      await transport.patch(taskId, entry.body);
      await hooks.done(entry);
    } catch (e) {
      if (isRefusal(e)) {
        const title = typeof entry.body.title === 'string' ? entry.body.title : `Task ${entry.taskId ?? ''}`.trim();
        problems.push({ entry, kind: 'rejected', title, fields: [], message: e.message });
        continue;
      }
      return { problems, stopped: true };
    }
  }
  return { problems, stopped: false };
}
