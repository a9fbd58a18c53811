import { openQueueStore, type QueueStore } from './queue-store';
import { replay, same, type SyncTransport } from './replay';
import type { QueueEntry, ServerTask, SyncProblem } from './types';

export interface SyncState {
  online: boolean;
  /** Changes waiting for the server (including those held for a decision). */
  pending: number;
  problems: SyncProblem[];
  replaying: boolean;
  /**
   * The last replay that sent something: how many changes the server took (conflicts and refusals
   * wait in `problems`), and when (`Date.now()`), for "N changes sent".
   */
  sent: { count: number; at: number } | null;
}

export interface OfflineSyncOptions {
  transport: SyncTransport;
  store?: QueueStore;
  /** After a replay: the projects whose board must be read again. */
  onSynced?: (projectIds: number[]) => void;
  isOnline?: () => boolean;
}

const PLACEMENT = new Set(['project', 'position']);

/**
 * The offline changes of the board: queued in IndexedDB while offline, laid over the board as the
 * server (or the service worker's copy) last gave it, and replayed in order when the connection
 * returns. Conflicts and refusals wait in `problems` for the user's decision.
 */
export function createOfflineSync({ transport, store = openQueueStore(), onSynced, isOnline }: OfflineSyncOptions) {
  const online = isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine);
  let entries: QueueEntry[] = [];
  let state: SyncState = { online: online(), pending: 0, problems: [], replaying: false, sent: null };
  const listeners = new Set<() => void>();
  /** The tasks as the server last gave them, per project: the base of a new change. */
  const serverTasks = new Map<number, Map<number, ServerTask>>();
  let nextTemp = -Date.now();

  const set = (patch: Partial<SyncState>) => {
    state = { ...state, ...patch, pending: entries.length };
    for (const l of listeners) l();
  };
  const ready = store
    .all()
    .then((all) => {
      entries = all;
      set({});
    })
    .catch((e: unknown) => console.error('offline queue unavailable', e));

  /** The value a field will have on the server once the changes queued before are sent. */
  function expected(projectId: number, taskId: number, field: string): unknown {
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const e = entries[i];
      if (e.taskId === taskId && field in e.body) return e.body[field];
    }
    return serverTasks.get(projectId)?.get(taskId)?.[field];
  }

  function projectOf(taskId: number): number | undefined {
    for (const [projectId, tasks] of serverTasks) if (tasks.has(taskId)) return projectId;
    return entries.find((e) => e.taskId === taskId)?.projectId;
  }

  async function enqueuePatch(taskId: number, patch: Record<string, unknown>) {
    await ready;
    const projectId = typeof patch.project === 'number' ? patch.project : projectOf(taskId);
    if (projectId === undefined) throw new Error(`offline: unknown task ${taskId}`);
    const body: Record<string, unknown> = {};
    const base: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(patch)) {
      if (PLACEMENT.has(field)) {
        body[field] = value;
        continue;
      }
      const was = expected(projectId, taskId, field);
      if (same(was, value)) continue; // unchanged: never overwrite someone else's newer value with it
      body[field] = value;
      base[field] = was;
    }
    const entry = await store.add({ kind: 'patch', projectId, taskId, body, base, createdAt: Date.now() });
    entries = [...entries, entry];
    set({});
    return entry;
  }

  async function enqueueCreate(projectId: number, body: Record<string, unknown>) {
    await ready;
    nextTemp -= 1;
    const entry = await store.add({
      kind: 'create',
      projectId,
      taskId: nextTemp,
      body,
      base: {},
      createdAt: Date.now(),
    });
    entries = [...entries, entry];
    set({});
    return entry;
  }

  /**
   * The board as the server gave it with the queued changes on top: what the user left it like,
   * also after a reload offline. `makeTask` turns a queued create into a task of the board.
   */
  async function overlay<T extends ServerTask>(
    projectId: number,
    tasks: T[],
    makeTask: (id: number, body: Record<string, unknown>) => T,
  ): Promise<T[]> {
    serverTasks.set(projectId, new Map(tasks.map((t) => [t.id, t])));
    await ready;
    let out = tasks;
    for (const e of entries) {
      if (e.projectId !== projectId || e.taskId === undefined) continue;
      if (e.kind === 'create') out = [...out, makeTask(e.taskId, e.body)];
      else {
        const fields = { ...e.body };
        delete fields.project;
        out = out.map((t) => (t.id === e.taskId ? { ...t, ...fields } : t));
      }
    }
    return out;
  }

  let running: Promise<void> | null = null;
  /** Sends the queue in order (once at a time); held entries wait for the user's decision. */
  function sync(): Promise<void> {
    running ??= (async () => {
      await ready;
      const held = new Set(state.problems.map((p) => p.entry.seq));
      const todo = entries.filter((e) => !held.has(e.seq));
      if (todo.length === 0) return;
      set({ replaying: true });
      const projects = new Set(todo.map((e) => e.projectId));
      let sent = 0;
      try {
        const result = await replay(todo, transport, {
          done: async (entry) => {
            sent += 1;
            await store.remove(entry.seq);
            entries = entries.filter((e) => e.seq !== entry.seq);
            set({});
          },
          mapped: async (tempId, id) => {
            const changed = entries
              .filter((e) => e.kind === 'patch' && e.taskId === tempId)
              .map((e) => ({ ...e, taskId: id }));
            for (const e of changed) await store.put(e);
            entries = entries.map((e) => changed.find((c) => c.seq === e.seq) ?? e);
          },
        });
        const titled = result.problems.map((p) => {
          const known =
            p.entry.taskId === undefined ? undefined : serverTasks.get(p.entry.projectId)?.get(p.entry.taskId);
          return p.kind === 'rejected' && typeof known?.title === 'string' ? { ...p, title: known.title } : p;
        });
        set({ problems: [...state.problems, ...titled] });
      } finally {
        set({ replaying: false, ...(sent > 0 ? { sent: { count: sent, at: Date.now() } } : {}) });
        onSynced?.([...projects]);
      }
    })().finally(() => {
      running = null;
    });
    return running;
  }

  /** The user's decision on a held change: send ours, or keep the server's (drop ours). */
  async function resolve(seq: number, choice: 'mine' | 'theirs') {
    const problem = state.problems.find((p) => p.entry.seq === seq);
    if (!problem) return;
    const { entry } = problem;
    try {
      if (choice === 'mine' && problem.kind === 'conflict' && entry.taskId !== undefined)
        await transport.patch(entry.taskId, entry.body);
      await store.remove(seq);
      entries = entries.filter((e) => e.seq !== seq);
      set({ problems: state.problems.filter((p) => p.entry.seq !== seq) });
    } finally {
      onSynced?.([entry.projectId]);
    }
  }

  async function clear() {
    await store.clear();
    entries = [];
    serverTasks.clear();
    set({ problems: [], sent: null });
  }

  /** Whether changes to this project's tasks wait for the server (the board's figures then follow them). */
  const hasQueued = (projectId: number) => entries.some((e) => e.projectId === projectId);

  const setOnline = (value: boolean) => {
    set({ online: value });
    if (value) void sync();
  };

  return {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    ready,
    isOnline: online,
    enqueuePatch,
    enqueueCreate,
    overlay,
    hasQueued,
    sync,
    resolve,
    clear,
    setOnline,
    /** Listens to the browser's online/offline events; returns the stop function. */
    listen() {
      const up = () => setOnline(true);
      const down = () => setOnline(false);
      window.addEventListener('online', up);
      window.addEventListener('offline', down);
      if (online()) void ready.then(() => sync());
      return () => {
        window.removeEventListener('online', up);
        window.removeEventListener('offline', down);
      };
    },
  };
}

export type OfflineSync = ReturnType<typeof createOfflineSync>;
