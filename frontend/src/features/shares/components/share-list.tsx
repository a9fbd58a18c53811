import { formatDate } from '../../../lib/format';
import type { Share } from '../types';
import { expiryText, includedText, isExpired } from '../utils';

interface Props {
  shares: readonly Share[];
  today: string;
  /** Revokes a link; left out for a viewer (issue 35), whose list has no Revoke. */
  onRevoke?: (share: Share) => void;
  /** The link being revoked (its button waits). */
  revoking: number | null;
}

/** The project's links: who each is for, until when, what it shows besides the budget; Revoke. */
export function ShareList({ shares, today, onRevoke, revoking }: Props) {
  if (shares.length === 0) {
    return (
      <p className="muted share-empty" data-testid="share-empty">
        {onRevoke ? 'No links yet. Create one above to give someone a read-only view.' : 'No links yet.'}
      </p>
    );
  }
  return (
    <ul className="share-list" data-testid="share-list">
      {shares.map((s) => {
        const expired = isExpired(s.expires_on, today);
        return (
          <li key={s.id} className={`share-item${expired ? ' expired' : ''}`} data-share-id={s.id}>
            <div className="share-item-main">
              <p className="share-item-label">
                <strong>{s.label}</strong>
                {expired && <span className="share-badge share-badge-expired">Expired</span>}
              </p>
              <ul className="share-item-facts">
                <li>{expiryText(s.expires_on, today)}</li>
                <li data-testid="share-included">{includedText(s)}</li>
                <li>Created {formatDate(s.created_at)}</li>
              </ul>
            </div>
            {onRevoke && (
              <button
                type="button"
                className="btn btn-danger btn-sm"
                aria-label={`Revoke the link for ${s.label}`}
                disabled={revoking === s.id}
                onClick={() => onRevoke(s)}
              >
                {revoking === s.id ? 'Revoking…' : 'Revoke'}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
