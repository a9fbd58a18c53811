import { useEffect, useState } from 'react';
import type { SyncState } from '../offline-sync';
import '../offline.css';

const changes = (n: number) => (n === 1 ? '1 change' : `${n} changes`);

/** How long "N changes sent" stays once the queue has been replayed. */
export const SENT_SHOWN_MS = 6000;

type BannerState = Pick<SyncState, 'online' | 'pending' | 'replaying'> & Partial<Pick<SyncState, 'sent'>>;

/**
 * "You're offline" above the board, with the number of changes waiting for the connection; back
 * online, "Back online: sending …", then "N changes sent" for a few seconds once the server has
 * them. The status region stays in the page so that each of these is announced.
 */
export function OfflineBanner({ state }: { state: BannerState }) {
  const sent = state.sent ?? null;
  // The replay whose "sent" message has had its time (a board opened later does not repeat it).
  const [doneAt, setDoneAt] = useState<number | null>(() =>
    sent && Date.now() >= sent.at + SENT_SHOWN_MS ? sent.at : null,
  );
  useEffect(() => {
    if (!sent) return;
    const t = setTimeout(() => setDoneAt(sent.at), Math.max(0, sent.at + SENT_SHOWN_MS - Date.now()));
    return () => clearTimeout(t);
  }, [sent]);

  const showSent = state.online && !state.replaying && sent !== null && doneAt !== sent.at;
  const text = !state.online
    ? `You're offline. Showing the board as last seen; ${changes(state.pending)} will be sent when you're back online.`
    : state.replaying
      ? `Back online: sending ${changes(state.pending)}…`
      : showSent
        ? `${changes(sent.count)} sent`
        : null;

  return (
    <div role="status" className="offline-status">
      {text !== null && (
        <div className={`offline-banner${showSent ? ' offline-banner-sent' : ''}`} data-testid="offline-banner">
          {showSent ? (
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="m5 12 5 5 9-10" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
          ) : (
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M3 3l18 18"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          )}
          <span>{text}</span>
        </div>
      )}
    </div>
  );
}
