import type { SyncState } from '../offline-sync';
import '../offline.css';

const changes = (n: number) => (n === 1 ? '1 change' : `${n} changes`);

/** "You're offline" above the board, with the number of changes waiting for the connection. */
export function OfflineBanner({ state }: { state: Pick<SyncState, 'online' | 'pending' | 'replaying'> }) {
  if (state.online && !state.replaying) return null;
  return (
    <div className="offline-banner" role="status">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M3 3l18 18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <span>
        {state.online
          ? `Back online: sending ${changes(state.pending)}…`
          : `You're offline. Showing the board as last seen; ${changes(state.pending)} will be sent when you're back online.`}
      </span>
    </div>
  );
}
