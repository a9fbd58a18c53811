import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { AppForm, Field, MoneyInput, useAppForm } from '../../../components/form';
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

interface Values {
  actual_cost: string;
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
  const [record, setRecord] = useState(true);
  const [offline] = useState(writesOffline);
  // The cost the browser or this dialog refuses is said beside the field, which takes focus; so is
  // the server's (`error`, the parent's until the value changes).
  const kit = useAppForm<Values>({
    defaultValues: { actual_cost: initialValue },
    errors: { message: '', fields: error ? { actual_cost: [error] } : {} },
    validate: (values, form) => {
      const input = form?.elements.namedItem('actual_cost') as HTMLInputElement | null;
      const read = checkActualCost(values.actual_cost, input?.validity.badInput ?? false);
      return read.ok ? {} : { actual_cost: [read.message] };
    },
  });
  const { formRef } = kit;
  // After the dialog moved focus into the field (its effect runs first): Enter keeps the value.
  useEffect(() => {
    const input = formRef.current?.querySelector<HTMLInputElement>('#number-prompt');
    if (input?.value) input.select();
  }, [formRef]);
  const value = useWatch({ control: kit.form.control, name: 'actual_cost' });
  const checked = checkActualCost(value);
  const cost = checked.ok ? checked.value : null;
  const difference = unrecordedCents(cost, task);
  const save = (values: Values) => {
    if (busy) return;
    const read = checkActualCost(values.actual_cost);
    if (read.ok) onSave(read.value, record && !offline && difference > 0 ? toDollars(difference) : null);
  };
  const payments = task ? (task.payments_total ?? task.paid_to_date ?? 0) : 0;
  return (
    <Modal title="Enter Actual Cost" onClose={onCancel} size="sm">
      <AppForm kit={kit} onSubmit={save} className="stack-sm paid-form" aria-busy={busy || undefined}>
        <p className="muted" id="number-prompt-desc">
          {description}
        </p>
        <Field
          id="number-prompt"
          name="actual_cost"
          label="Actual Cost"
          hint={hint}
          testId="number-prompt"
          describedBy="number-prompt-desc"
          onChange={() => onEdit?.()}
        >
          {(control) => <MoneyInput type="number" step="0.01" min="0" inputMode="decimal" {...control} />}
        </Field>
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
      </AppForm>
    </Modal>
  );
}
