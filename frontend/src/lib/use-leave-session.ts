import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { tokens } from './auth-store';

/**
 * For a page that ends the session itself (sign out everywhere, account deleted): returns
 * `leave(to, state)`, which navigates to `to` and forgets the session (both tokens and the
 * cached server state) once the calling component has unmounted, i.e. once the new page is
 * on screen.
 *
 * Clearing the tokens first would not work: route changes render in a transition (react-router),
 * the token store updates at once, so the login guard of the page being left would see no
 * token first and send the user to /login, dropping `to` and its state.
 */
export function useLeaveSession(): (to: string, state?: unknown) => void {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const leaving = useRef(false);
  useEffect(
    () => () => {
      if (!leaving.current) return;
      tokens.clear();
      qc.clear();
    },
    [qc],
  );
  return (to, state) => {
    leaving.current = true;
    void navigate(to, { replace: true, state });
  };
}
