import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Modal } from '../../../components/ui/modal';
import { formatIsoDay, formatMoney } from '../../../lib/format';
import { taskPaymentsQuery, writesOffline } from '../api';
import { toDollars } from '../money';
import type { Task } from '../types';
import { checkActualCost, unrecordedCents } from '../utils';

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
  /** The server's message for the actual cost (a refused save): shown beside the field. */
  error?: string | null;
  /** Saving: the server has not answered yet. */
  busy?: boolean;
  /** The value was changed (the server's message no longer holds). */
  onEdit?: () => void;
  /** `actualCost` in dollars; `payment` the difference to record (dollars), or null. */
  onSave: (actualCost: number, payment: number | null) => void;
  onCancel: () => void;
}

/**
 * The Enter Actual Cost dialog of a move to Paid (a Kanban drop, a card's "Move to Paid", the
 * spreadsheet's status): the actual cost, pre-filled from recorded money only (never the
 * prediction, which is a hint) so that Enter keeps it, the payments already recorded, and, when
 * the cost entered is more than them, the offer to record the difference as a payment dated today
 * (ticked by default). A cost the browser or the server refuses is said beside the field, and the
 * dialog stays open.
 */
export function PaidModal({
  task,
  initialValue,
  description,
  hint,
  error,
  busy = false,
  onEdit,
  onSave,
  onCancel,
}: Props) {
  const [value, setValue] = useState(initialValue);
  const [record, setRecord] = useState(true);
  const [localError, setLocalError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // After the dialog moved focus into the field (its effect runs first): Enter keeps the value.
  useEffect(() => {
    if (inputRef.current?.value) inputRef.current.select();
  }, []);
  // A refusal from the server: the field takes focus so that its message is read out.
  useEffect(() => {
    if (error) inputRef.current?.focus();
  }, [error]);
  const [offline] = useState(writesOffline);
  const checked = checkActualCost(value);
  const cost = checked.ok ? checked.value : null;
  const difference = unrecordedCents(cost, task);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const read = checkActualCost(value, inputRef.current?.validity.badInput ?? false);
    if (!read.ok) {
      setLocalError(read.message);
      inputRef.current?.focus();
      return;
    }
    setLocalError(null);
    onSave(read.value, record && !offline && difference > 0 ? toDollars(difference) : null);
  };
  const message = localError ?? error ?? null;
  const describedBy = [message ? 'number-prompt-error' : null, hint ? 'number-prompt-hint' : null, 'number-prompt-desc']
    .filter(Boolean)
    .join(' ');
  const payments = task ? (task.payments_total ?? task.paid_to_date ?? 0) : 0;
  return (
    <Modal title="Enter Actual Cost" onClose={onCancel} size="sm">
      <form onSubmit={submit} className="stack-sm paid-form" noValidate aria-busy={busy || undefined}>
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
              aria-invalid={message ? true : undefined}
              onChange={(e) => {
                setValue(e.target.value);
                setLocalError(null);
                onEdit?.();
              }}
            />
          </div>
          {message && (
            <small className="field-error" id="number-prompt-error" data-testid="number-prompt-error">
              {message}
            </small>
          )}
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
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
