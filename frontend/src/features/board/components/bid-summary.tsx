import { bidsDisplay } from '../bids-display';
import type { Task } from '../types';
import '../bids-display.css';

type BidFields = Pick<Task, 'bid_count' | 'lowest_bid' | 'committed_cost'>;

/** A Kanban card's bid line: "3 bids · low $38,000.00", or "Committed $38,000.00 · 3 bids" once awarded. */
export function CardBids({ task }: { task: BidFields }) {
  const { committed, bids } = bidsDisplay(task);
  if (!committed && !bids) return null;
  return (
    <p className="task-bids" data-testid="task-bids">
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
        <path d="M4 7h16M4 12h10M4 17h7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {committed && <strong className="task-committed">{committed}</strong>}
      {committed && bids && <span aria-hidden="true"> · </span>}
      {bids && <span>{bids}</span>}
    </p>
  );
}

/** The spreadsheet's Bids cell: the same line, or a dash. */
export function BidsCell({ task }: { task: BidFields }) {
  const { committed, bids } = bidsDisplay(task);
  return (
    <td className="bids-cell" data-testid="sheet-bids">
      {!committed && !bids ? (
        <span className="muted">-</span>
      ) : (
        <>
          {committed && <strong className="task-committed">{committed}</strong>}
          {committed && bids && <span className="muted"> · </span>}
          {bids && <span className={committed ? 'muted' : undefined}>{bids}</span>}
        </>
      )}
    </td>
  );
}
