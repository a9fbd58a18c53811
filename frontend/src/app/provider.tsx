import type { ReactNode } from 'react';
import { ThemeProvider } from '../lib/theme';

/** App-wide providers of the initial load. Server state (react-query) is provided by the lazily loaded AppLayout. */
export function AppProvider({ children }: { children: ReactNode }) {
  return <ThemeProvider>{children}</ThemeProvider>;
}
