import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { formatIsoDay } from '../../../lib/format';
import { taskChangeOrdersQuery, useLedgerMutations } from '../api';
import type { ChangeOrder, ChangeOrderStatus, ContractorList, LedgerDocument, LedgerTaskFigures } from '../types';
import { changeOrderStatusLabel, countOf, documentName, signedMoney } from '../utils';
import { ChangeOrderForm } from './change-order-form';
import '../ledger.css';

interface Props {
  taskId: number;
  /** The task's uploaded documents: a change order may point at one (the signed copy). */
  documents: readonly LedgerDocument[];
  contractors: ContractorList;
  /** The task's figures as the board last read them (approved change orders, committed cost). */
  figures?: LedgerTaskFigures | null;
  /** The contractor of the task's awarded bid: a new change order is with them unless changed. */
  defaultContractorId?: number | null;
  /** After every write, once the server answered: the board refreshes its tasks and money summary. */
  onChanged?: () => void;
}

const UNREACHABLE = 'The server could not be reached. Please try again.';
const reason = (e: unknown) => (e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : UNREACHABLE);

type Editing = { changeOrder: ChangeOrder | null } | null;

/** A short name of a change order for buttons and messages: its description's first words. */
function shortName(co: ChangeOrder): string {
  const text = co.description.trim().replace(/\s+/g, ' ');
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/**
 * The "Change orders" part of the task form (edit mode): changes to the awarded contract, each with
 * its description, signed amount, status, date, contractor and document; add, edit, delete, and
 * Approve / Reject. Approved ones count in the task's committed cost; approving needs an awarded
 * bid (the server's 409 message is shown here). Every button is `type="button"`.
 */
export function ChangeOrdersSection({
  taskId,
  documents,
  contractors,
  figures,
  defaultContractorId,
  onChanged,
}: Props) {
  const changeOrders = useQuery(taskChangeOrdersQuery(taskId));
  const { saveChangeOrder, setChangeOrderStatus, removeChangeOrder } = useLedgerMutations(taskId, onChanged);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirmDelete, setConfirmDelete] = useState<ChangeOrder | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = `change-orders-title-${taskId}`;

  const list = changeOrders.data ?? [];
  const proposed = list.filter((c) => c.status === 'proposed').length;
  // The server's sum of the approved ones (from the board's read of the task), once there are some.
  const approvedTotal = list.some((c) => c.status === 'approved') ? figures?.change_order_total : undefined;
  const awarded = figures ? figures.committed_cost !== null : null;

  const whenIdle = (fn: () => void) => () => {
    if (busyId === null) fn();
  };

  const run = async (co: ChangeOrder, action: () => Promise<unknown>, done: string) => {
    setBusyId(co.id);
    setError('');
    setStatus('');
    try {
      await action();
      setStatus(done);
    } catch (e) {
      console.error('Change order action failed', e);
      setError(reason(e));
    } finally {
      setBusyId(null);
    }
  };

  const setTo = (co: ChangeOrder, next: ChangeOrderStatus) =>
    run(
      co,
      () => setChangeOrderStatus.mutateAsync({ id: co.id, status: next }),
      next === 'approved'
        ? `Change order approved: ${signedMoney(co.amount)} on the task's committed cost.`
        : next === 'rejected'
          ? 'Change order rejected.'
          : 'Change order proposed again.',
    );

  const remove = async (co: ChangeOrder) => {
    setConfirmDelete(null);
    await run(co, () => removeChangeOrder.mutateAsync(co.id), 'Change order deleted.');
    titleRef.current?.focus();
  };

  return (
    <section className="ledger-section" aria-labelledby={titleId} data-testid="change-orders-section">
      <div className="ledger-head">
        <h3 id={titleId} ref={titleRef} tabIndex={-1}>
          Change orders
          {list.length > 0 && (
            <span className="ledger-count"> ({countOf(list.length, 'change order', 'change orders')})</span>
          )}
        </h3>
        <button type="button" className="btn btn-sm" onClick={() => setEditing({ changeOrder: null })}>
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
            <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          Add change order
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {list.length > 0 && (approvedTotal !== undefined || proposed > 0) && (
        <p className="ledger-total" data-testid="change-orders-total">
          {approvedTotal !== undefined && <strong>Approved: {signedMoney(approvedTotal)}</strong>}
          {approvedTotal !== undefined && proposed > 0 && <span> · </span>}
          {proposed > 0 && <span>{countOf(proposed, 'proposal', 'proposals')} waiting</span>}
        </p>
      )}
      {awarded === false && list.length > 0 && (
        <p className="hint">Award a bid first: only a change order of an awarded contract can be approved.</p>
      )}
      {changeOrders.isPending ? (
        <p className="muted">Loading change orders…</p>
      ) : changeOrders.isError ? (
        <p className="form-error" role="alert">
          The change orders could not be loaded. {reason(changeOrders.error)}
        </p>
      ) : list.length === 0 ? (
        <p className="muted">No change orders. Record extra work or credits agreed after the award here.</p>
      ) : (
        <ul className="ledger-list" aria-label="Change orders">
          {list.map((co) => {
            const doc = co.document === null ? null : (documents.find((d) => d.id === co.document) ?? null);
            const name = shortName(co);
            const busy = busyId === co.id;
            const idle = busyId !== null || undefined;
            return (
              <li key={co.id} className={`ledger-row ledger-co-${co.status}`} data-change-order-id={co.id}>
                <div className="ledger-main">
                  <span className="ledger-who ledger-co-description">{co.description}</span>
                  <span className={`ledger-amount num${co.amount < 0 ? ' ledger-co-credit' : ''}`}>
                    {signedMoney(co.amount)}
                  </span>
                  <span className={`ledger-co-status ledger-co-status-${co.status}`}>
                    {changeOrderStatusLabel(co.status)}
                  </span>
                </div>
                <p className="ledger-meta">
                  <span>{formatIsoDay(co.date)}</span>
                  {co.contractor && <span>{co.contractor.name}</span>}
                </p>
                {co.document !== null && (
                  <p className="ledger-doc">
                    {doc ? (
                      <a href={doc.file} target="_blank" rel="noopener noreferrer">
                        Document: {documentName(doc)}
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    ) : (
                      <span className="muted">Document attached</span>
                    )}
                  </p>
                )}
                <div className="ledger-actions">
                  {co.status !== 'approved' && (
                    <button
                      type="button"
                      className="btn btn-sm btn-primary"
                      aria-disabled={idle}
                      aria-label={`Approve the change order ${name}, ${signedMoney(co.amount)}`}
                      onClick={whenIdle(() => void setTo(co, 'approved'))}
                    >
                      {busy ? 'Working…' : 'Approve'}
                    </button>
                  )}
                  {co.status !== 'rejected' && (
                    <button
                      type="button"
                      className="btn btn-sm"
                      aria-disabled={idle}
                      aria-label={`Reject the change order ${name}`}
                      onClick={whenIdle(() => void setTo(co, 'rejected'))}
                    >
                      Reject
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn-sm"
                    aria-disabled={idle}
                    aria-label={`Edit the change order ${name}`}
                    onClick={whenIdle(() => setEditing({ changeOrder: co }))}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-danger"
                    aria-disabled={idle}
                    aria-label={`Delete the change order ${name}`}
                    onClick={whenIdle(() => setConfirmDelete(co))}
                  >
                    Delete
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <ChangeOrderForm
          taskId={taskId}
          changeOrder={editing.changeOrder}
          documents={documents}
          contractors={contractors}
          defaultContractorId={defaultContractorId}
          onSave={(body) => saveChangeOrder.mutateAsync({ id: editing.changeOrder?.id ?? null, body })}
          onClose={() => setEditing(null)}
          onSaved={(_saved, message) => {
            setEditing(null);
            setError('');
            setStatus(message);
          }}
        />
      )}
      {confirmDelete && (
        <ConfirmDialog
          title="Delete this change order?"
          confirmLabel="Delete change order"
          danger
          onConfirm={() => void remove(confirmDelete)}
          onCancel={() => setConfirmDelete(null)}
        >
          <p>
            Delete the change order <strong>{shortName(confirmDelete)}</strong> ({signedMoney(confirmDelete.amount)})?
            {confirmDelete.status === 'approved' && " It is approved: the task's committed cost changes back."}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
