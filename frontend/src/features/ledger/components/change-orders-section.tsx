import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
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
import { formatIsoDay } from '../../../lib/format';
import { taskChangeOrdersQuery, useLedgerMutations } from '../api';
import type { ChangeOrder, ChangeOrderStatus, ContractorList, LedgerDocument, LedgerTaskFigures } from '../types';
import { changeOrderStatusLabel, countOf, signedMoney } from '../utils';
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
  // Issue 35: a viewer sees the change orders, and adds, approves, edits or deletes none.
  const canEdit = useCanEdit();
  const changeOrders = useQuery(taskChangeOrdersQuery(taskId));
  const { saveChangeOrder, setChangeOrderStatus, removeChangeOrder } = useLedgerMutations(taskId, onChanged);
  const [editing, setEditing] = useState<Editing>(null);
  const { busyId, error, status, confirmDelete, setConfirmDelete, titleRef, whenIdle, run, remove, announce } =
    useItemActions<ChangeOrder>({ failure: 'Change order action failed' });
  const titleId = `change-orders-title-${taskId}`;

  const list = changeOrders.data ?? [];
  const proposed = list.filter((c) => c.status === 'proposed').length;
  // The server's sum of the approved ones (from the board's read of the task), once there are some.
  const approvedTotal = list.some((c) => c.status === 'approved') ? figures?.change_order_total : undefined;
  const awarded = figures ? figures.committed_cost !== null : null;

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

  const removeConfirmed = (co: ChangeOrder) =>
    remove(co, () => removeChangeOrder.mutateAsync(co.id), 'Change order deleted.');

  return (
    <section className="item-section" aria-labelledby={titleId} data-testid="change-orders-section">
      <div className="item-head">
        <h3 id={titleId} ref={titleRef} tabIndex={-1}>
          Change orders
          {list.length > 0 && (
            <span className="item-count"> ({countOf(list.length, 'change order', 'change orders')})</span>
          )}
        </h3>
        {canEdit && <AddButton onClick={() => setEditing({ changeOrder: null })}>Add change order</AddButton>}
      </div>
      <SectionStatus status={status} error={error} />
      {list.length > 0 && (approvedTotal !== undefined || proposed > 0) && (
        <p className="ledger-total" data-testid="change-orders-total">
          {approvedTotal !== undefined && <strong>Approved: {signedMoney(approvedTotal)}</strong>}
          {approvedTotal !== undefined && proposed > 0 && <span> · </span>}
          {proposed > 0 && <span>{countOf(proposed, 'proposal', 'proposals')} waiting</span>}
        </p>
      )}
      {canEdit && awarded === false && list.length > 0 && (
        <p className="hint">Award a bid first: only a change order of an awarded contract can be approved.</p>
      )}
      <ListState
        pending={changeOrders.isPending}
        failed={changeOrders.isError ? reasonOf(changeOrders.error) : null}
        loading="Loading change orders…"
        failedPrefix="The change orders could not be loaded."
        empty="No change orders. Record extra work or credits agreed after the award here."
        isEmpty={list.length === 0}
      >
        <ul className="item-list" aria-label="Change orders">
          {list.map((co) => {
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
                <p className="item-meta">
                  <span>{formatIsoDay(co.date)}</span>
                  {co.contractor && <span>{co.contractor.name}</span>}
                </p>
                <ItemDocument id={co.document} documents={documents} what="Document" />
                {canEdit && (
                  <div className="item-actions">
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
                    <EditDeleteActions
                      waiting={busyId !== null}
                      editLabel={`Edit the change order ${name}`}
                      deleteLabel={`Delete the change order ${name}`}
                      onEdit={() => setEditing({ changeOrder: co })}
                      onDelete={() => setConfirmDelete(co)}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </ListState>
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
            announce(message);
          }}
        />
      )}
      {confirmDelete && (
        <DeleteConfirm
          title="Delete this change order?"
          confirmLabel="Delete change order"
          onConfirm={() => void removeConfirmed(confirmDelete)}
          onCancel={() => setConfirmDelete(null)}
        >
          Delete the change order <strong>{shortName(confirmDelete)}</strong> ({signedMoney(confirmDelete.amount)})?
          {confirmDelete.status === 'approved' && " It is approved: the task's committed cost changes back."}
        </DeleteConfirm>
      )}
    </section>
  );
}
