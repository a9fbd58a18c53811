import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Modal } from '../../../components/ui/modal';
import { formatIsoDay, formatMoney } from '../../../lib/format';
import { taskPaymentsQuery, writesOffline } from '../api';
import { toDollars } from '../money';
import type { Task } from '../types';
import { parseActualCost, unrecordedCents } from '../utils';

/**
 * "Record the $X difference as a payment dated today": what the Paid dialog and the task form
 * offer when the actual cost entered is more than the task's payments (docs/money.md), ticked by
 * default, so that a receipt or a lien waiver can be attached to the payment later.
 */
export function RecordDifference({
  cents,
  checked,
  onChange,
  offline = false,
}: {
  cents: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Offline: a payment cannot be queued; the dialog says to record it later. */
  offline?: boolean;
}) {
  const id = useId();
  if (cents <= 0) return null;
  if (offline) {
    return (
      <p className="hint" data-testid="record-difference-offline">
        You&apos;re offline: once back online, record the {formatMoney(toDollars(cents))} difference under the
        task&apos;s Payments.
      </p>
    );
  }
  return (
    <div className="record-difference" data-testid="record-difference">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>
        Record the {formatMoney(toDollars(cents))} difference as a payment dated today
        <small className="hint">
          A receipt or a lien waiver can then be attached to it in the task&apos;s Payments.
        </small>
      </label>
    </div>
  );
}

/** The payments recorded against a task, oldest first, with their total (the Paid dialog). */
function RecordedPayments({ taskId, total }: { taskId: number; total: number }) {
  const payments = useQuery(taskPaymentsQuery(taskId));
  const list = payments.data ?? [];
  return (
    <section className="paid-payments" aria-labelledby={`paid-payments-${taskId}`} data-testid="paid-payments">
      <h3 id={`paid-payments-${taskId}`}>Payments recorded</h3>
      {payments.isPending ? (
        <p className="muted">Loading payments…</p>
      ) : payments.isError ? (
        <p className="muted">The payments could not be loaded: {formatMoney(total)} in all.</p>
      ) : (
        <ul>
          {list.map((p) => (
            <li key={p.id}>
              <span>
                {formatIsoDay(p.paid_on)}
                {p.payee ? ` · ${p.payee}` : ''}
              </span>
              <span className="num">{formatMoney(p.amount)}</span>
            </li>
          ))}
          <li className="paid-payments-total">
            <span>Total</span>
            <span className="num">{formatMoney(total)}</span>
          </li>
        </ul>
      )}
    </section>
  );
}

interface Props {
  /** The task moved to Paid (its payments: `payments_total`, `payment_count`), when known. */
  task: Pick<Task, 'id' | 'title' | 'payments_total' | 'payment_count' | 'paid_to_date'> | undefined;
  initialValue: string;
  description: string;
  hint?: string | null;
  /** `actualCost` in dollars; `payment` the difference to record (dollars), or null. */
  onSave: (actualCost: number, payment: number | null) => void;
  onCancel: () => void;
}

/**
 * The Enter Actual Cost dialog of a move to Paid (a Kanban drop, a card's "Move to Paid", the
 * spreadsheet's status): the actual cost, pre-filled so that Enter keeps it, the payments already
 * recorded, and, when the cost entered is more than them, the offer to record the difference as a
 * payment dated today (ticked by default).
 */
export function PaidModal({ task, initialValue, description, hint, onSave, onCancel }: Props) {
  const [value, setValue] = useState(initialValue);
  const [record, setRecord] = useState(true);
  const inputRef = useRef<HTMLInputElement>(null);
  // After the dialog moved focus into the field (its effect runs first): Enter keeps the value.
  useEffect(() => {
    if (inputRef.current?.value) inputRef.current.select();
  }, []);
  const [offline] = useState(writesOffline);
  const cost = parseActualCost(value);
  const difference = unrecordedCents(cost, task);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(cost, record && !offline && difference > 0 ? toDollars(difference) : null);
  };
  const describedBy = [hint ? 'number-prompt-hint' : null, 'number-prompt-desc'].filter(Boolean).join(' ');
  const payments = task ? (task.payments_total ?? task.paid_to_date ?? 0) : 0;
  return (
    <Modal title="Enter Actual Cost" onClose={onCancel} size="sm">
      <form onSubmit={submit} className="stack-sm paid-form" noValidate>
        <p className="muted" id="number-prompt-desc">
          {description}
        </p>
        <div className="field">
          <label htmlFor="number-prompt">Actual Cost</label>
          <div className="input-prefix">
            <span aria-hidden="true">$</span>
            <input
              ref={inputRef}
              id="number-prompt"
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              value={value}
              aria-describedby={describedBy}
              onChange={(e) => setValue(e.target.value)}
            />
          </div>
          {hint && (
            <small className="hint" id="number-prompt-hint" data-testid="number-prompt-hint">
              {hint}
            </small>
          )}
        </div>
        {task && (task.payment_count ?? 0) > 0 && <RecordedPayments taskId={task.id} total={payments} />}
        <RecordDifference cents={difference} checked={record} onChange={setRecord} offline={offline} />
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
