import { useSyncExternalStore } from 'react';
import type { OfflineSync, SyncState } from './offline-sync';

/** The offline queue's state (online, pending changes, problems), re-rendering on change. */
export function useSyncState(sync: OfflineSync): SyncState {
  return useSyncExternalStore(sync.subscribe, sync.getState, sync.getState);
}
