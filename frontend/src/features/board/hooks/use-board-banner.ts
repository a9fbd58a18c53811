import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Said in the banner each time loading the project or its tasks starts failing. */
export const LOAD_FAILED = 'Failed to load project or tasks.';

export interface BoardBanner {
  /** The message shown above the board ('' when none). */
  message: string;
  show: (message: string) => void;
  dismiss: () => void;
  /** Takes `message` down if the banner still says it (a failure the next try put right). */
  withdraw: (message: string) => void;
}

/**
 * The board's banner. It opens with what the page that sent the user here had to say (the
 * projects page: a project created without its standard task list), said once: the notice is
 * taken out of the history entry, so not again on a reload or on the way back.
 */
export function useBoardBanner(): BoardBanner {
  const location = useLocation();
  const navigate = useNavigate();
  const arrival = location.state as { notice?: unknown } | null;
  const [message, setMessage] = useState(() => (typeof arrival?.notice === 'string' ? arrival.notice : ''));
  const arrivedWithNotice = arrival?.notice !== undefined;
  useEffect(() => {
    if (arrivedWithNotice) void navigate(location.pathname, { replace: true, state: null });
  }, [arrivedWithNotice, navigate, location.pathname]);
  const dismiss = useCallback(() => setMessage(''), []);
  const withdraw = useCallback((gone: string) => setMessage((current) => (current === gone ? '' : current)), []);
  return { message, show: setMessage, dismiss, withdraw };
}

/**
 * Shows LOAD_FAILED each time `loadFailed` becomes true (state adjusted while rendering, so the
 * banner is there in the same paint as the failure).
 */
export function useLoadFailureBanner(loadFailed: boolean, show: (message: string) => void) {
  const [seen, setSeen] = useState(false);
  if (loadFailed !== seen) {
    setSeen(loadFailed);
    if (loadFailed) show(LOAD_FAILED);
  }
}
