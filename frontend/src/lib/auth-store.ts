// Session tokens live in local storage under the spec's keys. A tiny store
// lets components re-render when the session changes (login, logout, expiry).
import { ACCESS_KEY, REFRESH_KEY } from './storage-keys';

export { ACCESS_KEY, REFRESH_KEY };

type Listener = () => void;
const listeners = new Set<Listener>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The service worker's copies of the board reads (vite.config.ts, runtimeCaching): the user's data. */
export const API_CACHE = 'buildledger-api';

/** Forgets the signed-out user's cached board reads (issue 21). */
export function clearApiCache() {
  try {
    if (typeof caches !== 'undefined') void caches.delete(API_CACHE).catch(() => {});
  } catch {
    /* no Cache Storage (insecure context) */
  }
}

function emit() {
  for (const l of listeners) l();
}

export const tokens = {
  getAccess: (): string | null => read(ACCESS_KEY),
  getRefresh: (): string | null => read(REFRESH_KEY),
  set(access: string, refresh?: string) {
    window.localStorage.setItem(ACCESS_KEY, access);
    if (refresh !== undefined) window.localStorage.setItem(REFRESH_KEY, refresh);
    emit();
  },
  clear() {
    window.localStorage.removeItem(ACCESS_KEY);
    window.localStorage.removeItem(REFRESH_KEY);
    clearApiCache();
    emit();
  },
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    const onStorage = (e: StorageEvent) => {
      if (e.key === ACCESS_KEY || e.key === REFRESH_KEY || e.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};
