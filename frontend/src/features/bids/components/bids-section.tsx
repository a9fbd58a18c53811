import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AddButton,
  DeleteConfirm,
  EditDeleteActions,
  ItemDocument,
  ListState,
  SectionStatus,
} from '../../../components/ui/item-section';
import { useCanEdit } from '../../../lib/edit-access';
import { reasonOf, useItemActions } from '../../../lib/use-item-actions';
import { formatIsoDay, formatMoney } from '../../../lib/format';
import { awardBid, bidKeys, deleteBid, taskBidsQuery, updateBid, withdrawAward } from '../api';
import type { Bid, BidDocument } from '../types';
import { bidCount, daysBetween, statusLabel } from '../utils';
import { useAwardInsuranceCheck } from './award-check';
import { BidForm } from './bid-form';
import { localToday } from '../../../lib/dates';
import '../bids.css';

interface Props {
  /** The task's project: the bid form and the award's insurance check use its roster (the owner's). */
  projectId: number;
  taskId: number;
  /** The task's uploaded documents (`GET /api/documents/?task={id}`): a bid may point at one. */
  documents: readonly BidDocument[];
  /**
   * After every bid write, once the server answered: the board refreshes its tasks and money
   * summary (an award changes the task's committed cost, which counts in the totals).
   */
  onBidsChanged?: () => void;
  /**
   * The task's approved change orders (dollars, from the board's read of the task): they count in
   * its committed cost on top of the award (docs/money.md).
   */
  changeOrderTotal?: number;
}

type Editing = { bid: Bid | null } | null;

/**
 * The "Bids" part of the task form (edit mode): the task's bids with their contractor, amount,
 * status, dates, scope notes and PDF; add (the contractor from the roster or new), edit, delete,
 * award (its amount becomes the task's committed cost, the others are declined) and withdraw.
 * Every button is `type="button"`: the section sits inside the task's own form.
 */
export function BidsSection({ projectId, taskId, documents, onBidsChanged, changeOrderTotal = 0 }: Props) {
  const qc = useQueryClient();
  // Issue 35: a viewer sees the bids, and adds, awards, edits or deletes none.
  const canEdit = useCanEdit();
  const bids = useQuery(taskBidsQuery(taskId));
  const [editing, setEditing] = useState<Editing>(null);
  /** Refreshes the bids here and elsewhere (the comparison), then the board's tasks and totals. */
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: bidKeys.all });
    onBidsChanged?.();
  };
  // While one action is out, the others wait (use-item-actions.ts); every action ends in a refresh.
  const { busyId, error, status, confirmDelete, setConfirmDelete, titleRef, whenIdle, run, remove, announce } =
    useItemActions<Bid>({ failure: 'Bid action failed', settle: refresh });
  const [today] = useState(localToday);
  const insurance = useAwardInsuranceCheck(projectId);

  const list = bids.data ?? [];
  const awarded = list.find((b) => b.status === 'awarded') ?? null;
  const lowest = list.length > 0 ? Math.min(...list.map((b) => b.amount)) : null;

  /** An expired or missing insurance asks first (award-check.tsx). */
  const askAward = (bid: Bid) =>
    insurance.check(bid.contractor, `Award the bid of ${bid.contractor.name}, ${formatMoney(bid.amount)}?`, () => {
      void award(bid);
    });

  const award = (bid: Bid) => {
    // "the other bids are declined" only when there are other bids.
    const others = list.some((b) => b.id !== bid.id) ? '; the other bids are declined' : '';
    return run(
      bid,
      () => awardBid(bid.id),
      changeOrderTotal !== 0
        ? `Awarded to ${bid.contractor.name}. The task's committed cost is now ${formatMoney(bid.amount)} plus its approved change orders${others}.`
        : `Awarded to ${bid.contractor.name}. The task's committed cost is now ${formatMoney(bid.amount)}${others}.`,
    );
  };
  const withdraw = (bid: Bid) =>
    run(
      bid,
      () => withdrawAward(bid.id),
      `Award to ${bid.contractor.name} withdrawn. The task has no committed cost; its bids are pending again.`,
    );
  const setDeclined = (bid: Bid, declined: boolean) =>
    run(
      bid,
      () => updateBid(bid.id, { status: declined ? 'declined' : 'pending' }),
      declined ? `Bid of ${bid.contractor.name} declined.` : `Bid of ${bid.contractor.name} is pending again.`,
    );
  const removeConfirmed = (bid: Bid) => remove(bid, () => deleteBid(bid.id), `Bid of ${bid.contractor.name} deleted.`);

  return (
    <section className="item-section" aria-labelledby={`bids-title-${taskId}`}>
      <div className="item-head">
        <h3 id={`bids-title-${taskId}`} ref={titleRef} tabIndex={-1}>
          Bids
          {list.length > 0 && <span className="item-count"> ({bidCount(list.length)})</span>}
        </h3>
        {canEdit && <AddButton onClick={() => setEditing({ bid: null })}>Add bid</AddButton>}
      </div>
      <SectionStatus status={status} error={error} />
      {awarded ? (
        <p className="bids-committed" data-testid="bids-committed">
          <strong>
            Committed: {formatMoney((Math.round(awarded.amount * 100) + Math.round(changeOrderTotal * 100)) / 100)}
          </strong>
          , awarded to {awarded.contractor.name}
          {changeOrderTotal !== 0 &&
            ` (${formatMoney(awarded.amount)} ${changeOrderTotal > 0 ? '+' : '-'} ${formatMoney(Math.abs(changeOrderTotal))} in approved change orders)`}
          . It counts in the board&apos;s totals until you enter your actual cost.
        </p>
      ) : list.length > 0 && canEdit ? (
        <p className="hint">Award a bid to make its amount the task&apos;s committed cost.</p>
      ) : null}
      <ListState
        pending={bids.isPending}
        failed={bids.isError ? reasonOf(bids.error) : null}
        loading="Loading bids…"
        failedPrefix="The bids could not be loaded."
        empty="No bids yet. Add contractors' bids to compare them side by side with the predicted cost."
        isEmpty={list.length === 0}
      >
        <ul className="item-list">
          {list.map((bid) => {
            const expired = bid.valid_until ? (daysBetween(today, bid.valid_until) ?? 0) < 0 : false;
            const busy = busyId === bid.id;
            const who = bid.contractor.name;
            return (
              <li key={bid.id} className={`bid-row bid-${bid.status}`} data-bid-id={bid.id}>
                <div className="bid-main">
                  <span className="bid-contractor">{who}</span>
                  <span className="bid-amount num">{formatMoney(bid.amount)}</span>
                  <span className={`bid-status bid-status-${bid.status}`}>
                    {bid.status === 'awarded' && (
                      <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true">
                        <path d="m5 12 5 5 9-10" fill="none" stroke="currentColor" strokeWidth="3" />
                      </svg>
                    )}
                    {statusLabel(bid.status)}
                  </span>
                  {lowest !== null && bid.amount === lowest && list.length > 1 && (
                    <span className="bid-tag">Lowest</span>
                  )}
                </div>
                {(bid.received_on || bid.valid_until) && (
                  <p className="item-meta">
                    {bid.received_on && <span>Received {formatIsoDay(bid.received_on)}</span>}
                    {bid.valid_until && (
                      <span className={expired ? 'bid-expired' : undefined}>
                        {expired ? 'Offer expired ' : 'Valid until '}
                        {formatIsoDay(bid.valid_until)}
                      </span>
                    )}
                  </p>
                )}
                {bid.notes && <p className="item-note">{bid.notes}</p>}
                <ItemDocument id={bid.document} documents={documents} what="Bid PDF" />
                {canEdit && (
                  <div className="item-actions bid-actions">
                    <button
                      type="button"
                      className={`btn btn-sm${bid.status === 'awarded' ? '' : ' btn-primary'}`}
                      aria-disabled={busyId !== null || undefined}
                      aria-label={
                        bid.status === 'awarded'
                          ? `Withdraw the award to ${who}`
                          : `Award the bid of ${who}, ${formatMoney(bid.amount)}`
                      }
                      onClick={whenIdle(() => void (bid.status === 'awarded' ? withdraw(bid) : askAward(bid)))}
                    >
                      {busy ? 'Working…' : bid.status === 'awarded' ? 'Withdraw award' : 'Award'}
                    </button>
                    {bid.status !== 'awarded' && !awarded && (
                      <button
                        type="button"
                        className="btn btn-sm btn-quiet-bid"
                        aria-disabled={busyId !== null || undefined}
                        aria-label={
                          bid.status === 'declined' ? `Reopen the bid of ${who}` : `Decline the bid of ${who}`
                        }
                        onClick={whenIdle(() => void setDeclined(bid, bid.status !== 'declined'))}
                      >
                        {bid.status === 'declined' ? 'Reopen' : 'Decline'}
                      </button>
                    )}
                    <EditDeleteActions
                      waiting={busyId !== null}
                      editLabel={`Edit the bid of ${who}`}
                      deleteLabel={`Delete the bid of ${who}`}
                      onEdit={() => setEditing({ bid })}
                      onDelete={() => setConfirmDelete(bid)}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </ListState>
      {editing && (
        <BidForm
          projectId={projectId}
          taskId={taskId}
          bid={editing.bid}
          documents={documents}
          onClose={() => setEditing(null)}
          onSaved={(_saved, message) => {
            setEditing(null);
            announce(message);
            void refresh();
          }}
        />
      )}
      {insurance.dialog}
      {confirmDelete && (
        <DeleteConfirm
          title="Delete this bid?"
          confirmLabel="Delete bid"
          onConfirm={() => void removeConfirmed(confirmDelete)}
          onCancel={() => setConfirmDelete(null)}
        >
          Delete the bid of <strong>{confirmDelete.contractor.name}</strong> ({formatMoney(confirmDelete.amount)})?
          {confirmDelete.status === 'awarded' &&
            ' It is the awarded bid: the task will have no committed cost any more.'}
        </DeleteConfirm>
      )}
    </section>
  );
}
