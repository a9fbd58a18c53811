import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
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
import { taskPaymentsQuery, useLedgerMutations } from '../api';
import type { ContractorList, LedgerDocument, LedgerTaskFigures, Payment } from '../types';
import { countOf, methodLabel } from '../utils';
import { PaymentForm } from './payment-form';
import '../ledger.css';

interface Props {
  taskId: number;
  /** The task's uploaded documents (`GET /api/documents/?task={id}`): a receipt is one of them. */
  documents: readonly LedgerDocument[];
  /** The project's contractors, its owner's roster (the payee picker). */
  contractors: ContractorList;
  /** The task's figures as the board last read them (Paid, payments, Remaining, committed and actual cost). */
  figures?: LedgerTaskFigures | null;
  /** The contractor of the task's awarded bid: a new payment is to them unless changed. */
  defaultContractorId?: number | null;
  /** The task's status as its form holds it: the first payment on a task in To Do offers to move it. */
  status?: string;
  /** Moves the task to In Progress (the board's move); without it, no offer. */
  onMoveToInProgress?: () => void;
  /**
   * After every write, once the server answered: the board refreshes its tasks and money summary
   * (a payment changes the task's paid to date).
   */
  onChanged?: () => void;
  /** A payment's lien waiver: its status and actions (issue 34, features/waivers, given by src/app). */
  waiver?: (payment: Payment) => ReactNode;
}

/** `first`: a new payment on a task with none yet. */
type Editing = { payment: Payment | null; first?: boolean } | null;

/**
 * "Paid $12,000.00 of $41,800.00 committed · $29,800.00 remaining", from the board's figures (the
 * server's, docs/money.md): the task's Paid and Remaining; when the task is paid by its final cost
 * beyond its payments (a task in Paid), the payments recorded are said beside it.
 */
function paidLine(figures: LedgerTaskFigures): { text: string; left: number | null; payments: number | null } | null {
  const cents = (d: number) => Math.round(d * 100);
  const paid = figures.paid_to_date ?? 0;
  const recorded = figures.payments_total ?? paid;
  const payments = cents(recorded) < cents(paid) ? recorded : null;
  const owed = figures.actual_cost ?? figures.committed_cost;
  if (owed === null || owed === undefined) {
    return paid > 0 ? { text: `Paid ${formatMoney(paid)} so far.`, left: null, payments } : null;
  }
  const left =
    figures.remaining_to_pay !== undefined && figures.remaining_to_pay !== null
      ? figures.remaining_to_pay
      : Math.max(0, cents(owed) - cents(paid)) / 100;
  const of = figures.actual_cost !== null && figures.actual_cost !== undefined ? 'actual cost' : 'committed';
  return { text: `Paid ${formatMoney(paid)} of ${formatMoney(owed)} ${of}`, left, payments };
}

/**
 * The "Payments" part of the task form (edit mode): the money paid out on the task, oldest first,
 * with date, payee, method, amount, note and receipt; add, edit and delete. Payments never change
 * the task's actual or committed cost: they record money out (docs/money.md). Every button is
 * `type="button"`: the section sits inside the task's own form.
 */
export function PaymentsSection({
  taskId,
  documents,
  contractors,
  figures,
  defaultContractorId,
  status: taskStatus,
  onMoveToInProgress,
  onChanged,
  waiver,
}: Props) {
  // Issue 35: a viewer sees the payments, and records, edits or deletes none.
  const canEdit = useCanEdit();
  const payments = useQuery(taskPaymentsQuery(taskId));
  const { savePayment, removePayment } = useLedgerMutations(taskId, onChanged);
  const [editing, setEditing] = useState<Editing>(null);
  const { busyId, error, status, setStatus, confirmDelete, setConfirmDelete, titleRef, remove, announce } =
    useItemActions<Payment>({ failure: 'Failed to delete the payment' });
  /** The first payment of a task in To Do is saved: offer to move the task to In Progress. */
  const [offerMove, setOfferMove] = useState(false);
  const titleId = `payments-title-${taskId}`;

  const list = payments.data ?? [];
  const busy = busyId !== null;
  const summary = figures ? paidLine(figures) : null;

  return (
    <section className="item-section" aria-labelledby={titleId} data-testid="payments-section">
      <div className="item-head">
        <h3 id={titleId} ref={titleRef} tabIndex={-1}>
          Payments
          {list.length > 0 && <span className="item-count"> ({countOf(list.length, 'payment', 'payments')})</span>}
        </h3>
        {canEdit && (
          <AddButton onClick={() => setEditing({ payment: null, first: payments.isSuccess && list.length === 0 })}>
            Add payment
          </AddButton>
        )}
      </div>
      <SectionStatus status={status} error={error} />
      {summary && (
        <p className="ledger-total" data-testid="payments-total">
          <strong>{summary.text}</strong>
          {summary.left !== null && <span> · {formatMoney(summary.left)} remaining</span>}
          {summary.payments !== null && (
            <span className="ledger-total-note">
              {' '}
              ({formatMoney(summary.payments)} in payments recorded; the task is in Paid at its actual cost)
            </span>
          )}
        </p>
      )}
      <ListState
        pending={payments.isPending}
        failed={payments.isError ? reasonOf(payments.error) : null}
        loading="Loading payments…"
        failedPrefix="The payments could not be loaded."
        empty="No payments yet. Record each payment as it goes out, with its receipt."
        isEmpty={list.length === 0}
      >
        <ul className="item-list" aria-label="Payments">
          {list.map((p) => {
            const who = p.payee || 'Payee not named';
            const label = `${formatMoney(p.amount)} on ${formatIsoDay(p.paid_on)}`;
            return (
              <li key={p.id} className="ledger-row" data-payment-id={p.id}>
                <div className="ledger-main">
                  <span className="ledger-date">{formatIsoDay(p.paid_on)}</span>
                  <span className={`ledger-who${p.payee ? '' : ' muted'}`}>{who}</span>
                  <span className="ledger-method">{methodLabel(p.method)}</span>
                  <span className="ledger-amount num">{formatMoney(p.amount)}</span>
                </div>
                {p.note && <p className="item-note">{p.note}</p>}
                <ItemDocument id={p.receipt} documents={documents} what="Receipt" />
                {waiver?.(p)}
                {canEdit && (
                  <div className="item-actions">
                    <EditDeleteActions
                      waiting={busy}
                      editLabel={`Edit the payment of ${label}`}
                      deleteLabel={`Delete the payment of ${label}`}
                      onEdit={() => setEditing({ payment: p })}
                      onDelete={() => setConfirmDelete(p)}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </ListState>
      {editing && (
        <PaymentForm
          taskId={taskId}
          payment={editing.payment}
          documents={documents}
          contractors={contractors}
          defaultContractorId={defaultContractorId}
          onSave={(body) => savePayment.mutateAsync({ id: editing.payment?.id ?? null, body })}
          onClose={() => setEditing(null)}
          onSaved={(_saved, message) => {
            setEditing(null);
            announce(message);
            if (editing.first && taskStatus === 'To Do' && onMoveToInProgress) setOfferMove(true);
          }}
        />
      )}
      {offerMove && (
        <ConfirmDialog
          title="Move the task to In Progress?"
          confirmLabel="Move to In Progress"
          cancelLabel="Keep in To Do"
          onConfirm={() => {
            setOfferMove(false);
            onMoveToInProgress?.();
            setStatus('Payment added. The task moved to In Progress.');
          }}
          onCancel={() => setOfferMove(false)}
        >
          <p>This is the first payment on this task, so work has started. Move the task from To Do to In Progress?</p>
        </ConfirmDialog>
      )}
      {confirmDelete && (
        <DeleteConfirm
          title="Delete this payment?"
          confirmLabel="Delete payment"
          onConfirm={() =>
            void remove(
              confirmDelete,
              () => removePayment.mutateAsync(confirmDelete.id),
              `Payment of ${formatMoney(confirmDelete.amount)} deleted.`,
            )
          }
          onCancel={() => setConfirmDelete(null)}
        >
          Delete the payment of <strong>{formatMoney(confirmDelete.amount)}</strong>
          {confirmDelete.payee ? ` to ${confirmDelete.payee}` : ''} on {formatIsoDay(confirmDelete.paid_on)}? The
          task&apos;s paid to date goes down by that amount.
        </DeleteConfirm>
      )}
    </section>
  );
}
