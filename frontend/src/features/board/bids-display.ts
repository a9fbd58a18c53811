// What the board shows of a task's bids, from the task's own fields (bid_count, lowest_bid,
// committed_cost): no request per card or row, so a 1,000-task board stays fast.
import { formatMoney } from '../../lib/format';
import type { Task } from './types';

type BidFields = Pick<Task, 'bid_count' | 'lowest_bid' | 'committed_cost'>;

/** Recorded money (bids, committed, payments) always to the cent: "$38,000.00" (docs/money.md). */
export const recordedMoney = (value: number) => formatMoney(value);

export interface BidsDisplay {
  /** "Committed $38,000.00" when a bid is awarded, else null. */
  committed: string | null;
  /** "3 bids · low $38,000.00", "1 bid · $38,000.00", "3 bids" (beside a committed cost), or null. */
  bids: string | null;
}

/** The bid line of a card or row; both parts null when the task has neither bids nor an award. */
export function bidsDisplay(task: Partial<BidFields>): BidsDisplay {
  const count = task.bid_count ?? 0;
  const committed = task.committed_cost ?? null;
  const noun = `${count} ${count === 1 ? 'bid' : 'bids'}`;
  let bids: string | null = null;
  if (count > 0) {
    if (committed !== null || task.lowest_bid === null || task.lowest_bid === undefined) bids = noun;
    else bids = `${noun} · ${count === 1 ? '' : 'low '}${recordedMoney(task.lowest_bid)}`;
  }
  return { committed: committed === null ? null : `Committed ${recordedMoney(committed)}`, bids };
}

/** The same line as one string ("Committed $38,000.00 · 3 bids"), or '' without bids. */
export function bidsText(task: Partial<BidFields>): string {
  const d = bidsDisplay(task);
  return [d.committed, d.bids].filter(Boolean).join(' · ');
}
