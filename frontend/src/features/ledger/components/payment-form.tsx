import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { DocumentField } from '../../../components/ui/document-field';
import { RequiredNote } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { toFormErrors, type FieldErrors } from '../../../lib/form-errors';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import type { ContractorList, LedgerDocument, Payment, PaymentMethod } from '../types';
import {
  amountEditText,
  documentName,
  isPaymentMethod,
  OTHER_PAYEE,
  parseMoney,
  PAYMENT_METHODS,
  paymentPayload,
  validatePayment,
  type PaymentFormValues,
} from '../utils';
import { localToday } from '../../../lib/dates';

interface Props {
  /** The task paid for: a receipt uploaded here goes to it. */
  taskId: number;
  /** The payment to edit, or null for a new one. */
  payment: Payment | null;
  documents: readonly LedgerDocument[];
  contractors: ContractorList;
  /** The contractor a new payment is to (the task's awarded bid), if any. */
  defaultContractorId?: number | null;
  /** Sends the payment; rejects with the server's ApiError. */
  onSave: (body: ReturnType<typeof paymentPayload>) => Promise<Payment>;
  onClose: () => void;
  /** Saved: the section refreshes and announces `message`. */
  onSaved: (payment: Payment, message: string) => void;
}

/** The server's field names this form shows beside its fields (`contractor`: beside the payee). */
const FIELDS = ['amount', 'paid_on', 'payee', 'contractor', 'method', 'receipt', 'note'] as const;
type Field = (typeof FIELDS)[number];
const IDS: Record<Field, string> = {
  amount: 'pay-amount',
  paid_on: 'pay-date',
  payee: 'pay-payee',
  contractor: 'pay-payee',
  method: 'pay-method',
  receipt: 'pay-receipt',
  note: 'pay-note',
};

const UNREACHABLE = 'The server could not be reached. Please try again.';

function initialValues(
  payment: Payment | null,
  defaultContractorId: number | null | undefined,
  today: string,
): PaymentFormValues {
  if (!payment) {
    return {
      amount: '',
      paid_on: today,
      payee: defaultContractorId ? String(defaultContractorId) : '',
      payeeText: '',
      method: 'other',
      receipt: '',
      note: '',
    };
  }
  return {
    amount: amountEditText(payment.amount),
    paid_on: payment.paid_on,
    payee: payment.contractor ? String(payment.contractor.id) : payment.payee ? OTHER_PAYEE : '',
    payeeText: payment.contractor ? '' : payment.payee,
    method: isPaymentMethod(payment.method) ? payment.method : 'other',
    receipt: payment.receipt === null ? '' : String(payment.receipt),
    note: payment.note ?? '',
  };
}

/**
 * Add or edit a payment, in a dialog over the task form: amount, date, payee (one of the user's
 * contractors, or anyone typed as text), method, receipt (one of the task's documents) and note.
 * The dialog's form is portalled out of the task form, and its submit stops there.
 */
export function PaymentForm({
  taskId,
  payment,
  documents,
  contractors,
  defaultContractorId,
  onSave,
  onClose,
  onSaved,
}: Props) {
  const [values, setValues] = useState<PaymentFormValues>(() =>
    initialValues(payment, defaultContractorId, localToday()),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  // Each refused save: the first field in error takes focus, scrolled into view.
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState(0);
  useFocusFirstError(formRef, failure);

  // The payee shown: a contractor no longer on the roster keeps its name as an option.
  const roster = contractors.data ?? [];
  const named = payment?.contractor ?? null;
  const options = named && !roster.some((c) => c.id === named.id) ? [...roster, named] : roster;

  const set = <K extends keyof PaymentFormValues>(key: K, value: PaymentFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const fields: string[] = key === 'payee' || key === 'payeeText' ? ['payee', 'contractor'] : [key];
    if (fields.some((f) => errors[f])) {
      setErrors((e) => {
        const rest = { ...e };
        for (const f of fields) delete rest[f];
        return rest;
      });
    }
  };

  const fail = (fields: FieldErrors, text: string) => {
    setErrors(fields);
    setMessage(text);
    setFailure((n) => n + 1);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The dialog is portalled, but React still bubbles its submit to the task form around it.
    e.stopPropagation();
    if (busy || uploading) return;
    setMessage('');
    const problems = validatePayment(values);
    const amount = parseMoney(values.amount, { required: 'Enter the amount paid.' });
    if (Object.keys(problems).length > 0 || !amount.ok) {
      fail(problems, '');
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const saved = await onSave(paymentPayload(values, amount.value));
      const who = saved.payee ? ` to ${saved.payee}` : '';
      onSaved(saved, payment ? `Payment${who} saved.` : `Payment${who} added.`);
    } catch (err) {
      console.error('Failed to save the payment', err);
      const f = toFormErrors(err, FIELDS, UNREACHABLE);
      setBusy(false);
      fail(f.fields, f.message ? `The payment was not saved. ${f.message}` : '');
    }
  };

  const payeeErrors = [...(errors.payee ?? []), ...(errors.contractor ?? [])];
  const errorOf = (field: Field) => (field === 'payee' || field === 'contractor' ? payeeErrors : (errors[field] ?? []));
  const describedBy = (field: Field, hint?: string) => {
    const errorId = errorOf(field).length ? `${IDS[field]}-error` : undefined;
    return {
      'aria-invalid': errorId ? true : undefined,
      'aria-describedby': [errorId, hint].filter(Boolean).join(' ') || undefined,
    } as const;
  };
  const fieldError = (field: Field): ReactNode =>
    errorOf(field).length ? (
      <small className="field-error" id={`${IDS[field]}-error`}>
        {errorOf(field).join(' ')}
      </small>
    ) : null;

  return (
    <Modal title={payment ? 'Edit payment' : 'Add a payment'} onClose={busy ? () => {} : onClose} size="md">
      <form ref={formRef} className="ledger-form" onSubmit={(e) => void submit(e)} noValidate>
        <RequiredNote />
        {message && (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        <div className="grid-2">
          <div className="field">
            <label htmlFor={IDS.amount} className="required">
              Amount
            </label>
            <div className="input-prefix">
              <span aria-hidden="true">$</span>
              <input
                id={IDS.amount}
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                aria-required="true"
                value={values.amount}
                onChange={(e) => set('amount', e.target.value)}
                {...describedBy('amount')}
              />
            </div>
            {fieldError('amount')}
          </div>
          <div className="field">
            <label htmlFor={IDS.paid_on} className="required">
              Paid on
            </label>
            <input
              id={IDS.paid_on}
              name="paid_on"
              type="date"
              aria-required="true"
              value={values.paid_on}
              onChange={(e) => set('paid_on', e.target.value)}
              {...describedBy('paid_on')}
            />
            {fieldError('paid_on')}
          </div>
          <div className="field">
            <label htmlFor={IDS.payee}>Payee</label>
            <select
              id={IDS.payee}
              name="payee"
              value={values.payee}
              onChange={(e) => set('payee', e.target.value)}
              {...(values.payee === OTHER_PAYEE ? {} : describedBy('payee'))}
            >
              <option value="">{contractors.isPending ? 'Loading your contractors…' : 'Not named'}</option>
              {options.map((c) => (
                <option key={c.id} value={c.id}>
                  {'trade' in c && c.trade ? `${c.name} (${c.trade})` : c.name}
                </option>
              ))}
              <option value={OTHER_PAYEE}>Someone else (type the name)</option>
            </select>
            {values.payee !== OTHER_PAYEE && fieldError('payee')}
            {contractors.isError && (
              <small className="field-error">Your contractors could not be loaded. You can still type a name.</small>
            )}
          </div>
          <div className="field">
            <label htmlFor={IDS.method}>Method</label>
            <select
              id={IDS.method}
              name="method"
              value={values.method}
              onChange={(e) => set('method', e.target.value as PaymentMethod)}
              {...describedBy('method')}
            >
              {PAYMENT_METHODS.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </select>
            {fieldError('method')}
          </div>
          {values.payee === OTHER_PAYEE && (
            <div className="field span-2">
              <label htmlFor="pay-payee-text" className="required">
                Payee name
              </label>
              <input
                id="pay-payee-text"
                name="payee_text"
                autoComplete="off"
                aria-required="true"
                placeholder="e.g. City permit office"
                value={values.payeeText}
                onChange={(e) => set('payeeText', e.target.value)}
                aria-invalid={payeeErrors.length ? true : undefined}
                aria-describedby={payeeErrors.length ? 'pay-payee-error' : undefined}
              />
              {fieldError('payee')}
            </div>
          )}
          <DocumentField
            taskId={taskId}
            id={IDS.receipt}
            name="receipt"
            label="Receipt"
            uploadLabel="Upload a new receipt"
            what="the receipt"
            value={values.receipt}
            onChange={(v) => set('receipt', v)}
            documents={documents}
            nameOf={documentName}
            emptyLabel="No receipt"
            onUploading={setUploading}
            hintId="pay-receipt-hint"
            describedBy={describedBy('receipt', 'pay-receipt-hint')}
            error={fieldError('receipt')}
          />
          <div className="field span-2">
            <label htmlFor={IDS.note}>Note</label>
            <textarea
              id={IDS.note}
              name="note"
              rows={2}
              value={values.note}
              onChange={(e) => set('note', e.target.value)}
              {...describedBy('note')}
            />
            {fieldError('note')}
          </div>
        </div>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || uploading}>
            {busy ? 'Saving…' : uploading ? 'Uploading…' : payment ? 'Save payment' : 'Add payment'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
