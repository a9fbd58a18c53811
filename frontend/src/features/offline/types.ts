/** A change made while offline, kept in IndexedDB until the server has it (issue 21). */
export interface QueueEntry {
  /** Order of the changes: replayed strictly by `seq`. */
  seq: number;
  kind: 'patch' | 'create';
  projectId: number;
  /** The task changed (patch), or the temporary (negative) id of a task created offline (create). */
  taskId?: number;
  /** The request body as the app would have sent it (only the fields the user changed). */
  body: Record<string, unknown>;
  /** The changed fields' values as the server had them when the change was made (conflict check). */
  base: Record<string, unknown>;
  createdAt: number;
}

export type NewQueueEntry = Omit<QueueEntry, 'seq'>;

/** A task as the server sends it, for the conflict check and the board overlay. */
export type ServerTask = { id: number; title?: unknown } & Record<string, unknown>;

/** A queued change that needs the user: it conflicts with a newer server value, or the server refused it. */
export interface SyncProblem {
  entry: QueueEntry;
  kind: 'conflict' | 'rejected';
  /** The task's title, as the server or the queue knows it. */
  title: string;
  /** Conflicts: each field where the server has a newer value than the one the change was based on. */
  fields: { field: string; server: unknown; yours: unknown }[];
  /** Rejected: the server's message. */
  message?: string;
}
