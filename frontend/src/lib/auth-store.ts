// Session tokens live in local storage under the spec's keys. A tiny store
// lets components re-render when the session changes (login, logout, expiry).
export const ACCESS_KEY = 'access_token';
export const REFRESH_KEY = 'refresh_token';

type Listener = () => void;
const listeners = new Set<Listener>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
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
