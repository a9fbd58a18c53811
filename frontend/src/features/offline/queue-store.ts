import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { NewQueueEntry, QueueEntry } from './types';

interface OfflineDb extends DBSchema {
  queue: { key: number; value: QueueEntry };
}

/** The offline changes, oldest first, in IndexedDB (they outlive a reload or a closed tab). */
export interface QueueStore {
  add(entry: NewQueueEntry): Promise<QueueEntry>;
  all(): Promise<QueueEntry[]>;
  put(entry: QueueEntry): Promise<void>;
  remove(seq: number): Promise<void>;
  clear(): Promise<void>;
}

export const QUEUE_DB = 'buildledger-offline';

export function openQueueStore(name = QUEUE_DB): QueueStore {
  let db: Promise<IDBPDatabase<OfflineDb>> | null = null;
  const open = () =>
    (db ??= openDB<OfflineDb>(name, 1, {
      upgrade(d) {
        d.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      },
    }));
  return {
    async add(entry) {
      const seq = await (await open()).add('queue', entry as QueueEntry);
      return { ...entry, seq };
    },
    // Keys are increasing integers: getAll answers in the order the changes were made.
    all: async () => (await open()).getAll('queue'),
    put: async (entry) => {
      await (await open()).put('queue', entry);
    },
    remove: async (seq) => (await open()).delete('queue', seq),
    clear: async () => (await open()).clear('queue'),
  };
}
