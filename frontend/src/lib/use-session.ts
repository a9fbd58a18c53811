import { useSyncExternalStore } from 'react';
import { tokens } from './auth-store';

/** True while an access token is stored. */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(
    tokens.subscribe,
    () => tokens.getAccess() !== null,
    () => false,
  );
}
