// Deleting a task, with a way back: the task leaves the view at once, and the real
// `DELETE /api/tasks/{id}/` is sent only when the delete becomes final: after UNDO_MS, when the
// page is hidden or left (then with `keepalive`, so the request outlives the page), or when the
// board unmounts. Until then Undo brings the task back untouched, documents and all.
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { Task } from './types';

/** How long Undo is offered. */
export const UNDO_MS = 6000;
/** After the pointer leaves a held toast, at least this long remains. */
const MIN_AFTER_HOLD_MS = 1500;

export interface PendingDelete {
  task: Task;
  /** `waiting`: Undo is still possible; `sending`: the DELETE is on its way. */
  state: 'waiting' | 'sending';
}

export interface PendingDeleteHandlers {
  /** Sends the DELETE (with `keepalive` when the page is going away). */
  send: (taskId: number, keepalive: boolean) => Promise<unknown>;
  /** The server deleted it. */
  onDeleted: (task: Task) => void;
  /** The server refused or could not be reached: the task is shown again. */
  onFailed: (task: Task, error: unknown) => void;
}

interface Entry {
  task: Task;
  state: PendingDelete['state'];
  timer: ReturnType<typeof setTimeout> | null;
  /** Time left when the timer is not running (held). */
  remaining: number;
  due: number;
}

export class PendingDeletes {
  private readonly entries = new Map<number, Entry>();
  private readonly listeners = new Set<() => void>();
  private snapshot: readonly PendingDelete[] = [];
  private held = false;

  constructor(
    private handlers: PendingDeleteHandlers,
    private readonly delayMs: number = UNDO_MS,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The latest handlers (a component passes new closures on each render). */
  setHandlers(handlers: PendingDeleteHandlers) {
    this.handlers = handlers;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): readonly PendingDelete[] => this.snapshot;

  /** Hides the task and starts the countdown (a task already pending is left as it is). */
  schedule(task: Task) {
    if (this.entries.has(task.id)) return;
    const entry: Entry = { task, state: 'waiting', timer: null, remaining: this.delayMs, due: 0 };
    this.entries.set(task.id, entry);
    if (!this.held) this.start(entry);
    this.emit();
  }

  /** Brings a waiting task back; false when it is too late (the DELETE was sent). */
  undo(taskId: number): boolean {
    const entry = this.entries.get(taskId);
    if (!entry || entry.state !== 'waiting') return false;
    if (entry.timer) clearTimeout(entry.timer);
    this.entries.delete(taskId);
    this.emit();
    return true;
  }

  /** While held (the pointer is on the toast), no countdown runs. */
  hold(held: boolean) {
    if (held === this.held) return;
    this.held = held;
    for (const entry of this.entries.values()) {
      if (entry.state !== 'waiting') continue;
      if (held && entry.timer) {
        clearTimeout(entry.timer);
        entry.timer = null;
        entry.remaining = Math.max(0, entry.due - this.now());
      } else if (!held && !entry.timer) {
        entry.remaining = Math.max(entry.remaining, MIN_AFTER_HOLD_MS);
        this.start(entry);
      }
    }
  }

  /** Makes every waiting delete final now (`keepalive` when the page is going away). */
  flush(keepalive: boolean) {
    for (const id of [...this.entries.keys()]) this.commit(id, keepalive);
  }

  private start(entry: Entry) {
    entry.due = this.now() + entry.remaining;
    entry.timer = setTimeout(() => this.commit(entry.task.id, false), entry.remaining);
  }

  private commit(taskId: number, keepalive: boolean) {
    const entry = this.entries.get(taskId);
    if (!entry || entry.state !== 'waiting') return;
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    entry.state = 'sending';
    this.emit();
    let sent: Promise<unknown>;
    try {
      sent = this.handlers.send(taskId, keepalive);
    } catch (e) {
      sent = Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
    sent.then(
      () => {
        // The list is updated before the task stops being hidden: it never flashes back.
        this.handlers.onDeleted(entry.task);
        this.entries.delete(taskId);
        this.emit();
      },
      (error: unknown) => {
        this.entries.delete(taskId);
        this.emit();
        this.handlers.onFailed(entry.task, error);
      },
    );
  }

  private emit() {
    this.snapshot = [...this.entries.values()].map((e) => ({ task: e.task, state: e.state }));
    for (const l of this.listeners) l();
  }
}

/**
 * The board's pending deletes: made final when the page is hidden or left (`pagehide`,
 * `visibilitychange` to hidden: with `keepalive`) and when the board unmounts.
 */
export function usePendingDeletes(handlers: PendingDeleteHandlers) {
  const [store] = useState(() => new PendingDeletes(handlers));
  useLayoutEffect(() => {
    store.setHandlers(handlers);
  });
  const pending = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  useEffect(() => {
    const leave = () => store.flush(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onVisibility);
      leave();
    };
  }, [store]);
  return { store, pending };
}
