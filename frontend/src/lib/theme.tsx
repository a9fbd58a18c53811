import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

export type Theme = 'light' | 'dark';
const KEY = 'theme';

interface ThemeState {
  theme: Theme;
  setTheme: (t: Theme) => void;
}

const ThemeContext = createContext<ThemeState>({ theme: 'light', setTheme: () => {} });

/** The choice when local storage is unavailable (it then lasts for this page load). */
let memory: Theme = 'light';

function readTheme(): Theme {
  try {
    return window.localStorage.getItem(KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return memory;
  }
}

// The stored choice as an external store. The prerendered landing page (scripts/prerender.mjs)
// is drawn in the default light theme: while React hydrates it, the server snapshot ('light')
// is used so the markup matches, and a stored 'dark' is applied right after.
const listeners = new Set<() => void>();
const getSnapshot = readTheme;
const getServerSnapshot = (): Theme => 'light';
function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const theme = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  const setTheme = useCallback((t: Theme) => {
    memory = t;
    try {
      window.localStorage.setItem(KEY, t);
    } catch {
      /* kept in memory */
    }
    for (const l of listeners) l();
  }, []);
  const value = useMemo(() => ({ theme, setTheme }), [theme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  return useContext(ThemeContext);
}
