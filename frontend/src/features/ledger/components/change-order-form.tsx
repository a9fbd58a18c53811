import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { DocumentField } from '../../../components/ui/document-field';
import { RequiredNote } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { toFormErrors, type FieldErrors } from '../../../lib/form-errors';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import type { ChangeOrder, ChangeOrderStatus, ContractorList, LedgerDocument } from '../types';
import {
  amountEditText,
  CHANGE_ORDER_STATUSES,
  changeOrderPayload,
  DESCRIPTION_MAX,
  documentName,
  isChangeOrderStatus,
  parseMoney,
  validateChangeOrder,
  type ChangeOrderFormValues,
} from '../utils';
import { localToday } from '../../../lib/dates';

interface Props {
  /** The task changed: a document uploaded here goes to it. */
  taskId: number;
  /** The change order to edit, or null for a new one. */
  changeOrder: ChangeOrder | null;
  documents: readonly LedgerDocument[];
  contractors: ContractorList;
  /** The contractor a new change order is with (the task's awarded bid), if any. */
  defaultContractorId?: number | null;
  /** Sends the change order; rejects with the server's ApiError. */
  onSave: (body: ReturnType<typeof changeOrderPayload>) => Promise<ChangeOrder>;
  onClose: () => void;
  onSaved: (changeOrder: ChangeOrder, message: string) => void;
}

const FIELDS = ['description', 'amount', 'status', 'date', 'contractor', 'document'] as const;
type Field = (typeof FIELDS)[number];
const IDS: Record<Field, string> = {
  description: 'co-description',
  amount: 'co-amount',
  status: 'co-status',
  date: 'co-date',
  contractor: 'co-contractor',
  document: 'co-document',
};

const UNREACHABLE = 'The server could not be reached. Please try again.';
const AMOUNT_REQUIRED = 'Enter the amount (negative for a credit).';

function initialValues(
  co: ChangeOrder | null,
  defaultContractorId: number | null | undefined,
  today: string,
): ChangeOrderFormValues {
  if (!co) {
    return {
      description: '',
      amount: '',
      status: 'proposed',
      date: today,
      contractor: defaultContractorId ? String(defaultContractorId) : '',
      document: '',
    };
  }
  return {
    description: co.description,
    amount: amountEditText(co.amount),
    status: isChangeOrderStatus(co.status) ? co.status : 'proposed',
    date: co.date,
    contractor: co.contractor ? String(co.contractor.id) : '',
    document: co.document === null ? '' : String(co.document),
  };
}

/**
 * Add or edit a change order, in a dialog over the task form: what changes, the amount (negative
 * for a credit), its status, date, and optionally the contractor and a document of the task.
 * Approving needs an awarded bid on the task: the server answers 409 otherwise, shown here.
 */
export function ChangeOrderForm({
  taskId,
  changeOrder,
  documents,
  contractors,
  defaultContractorId,
  onSave,
  onClose,
  onSaved,
}: Props) {
  const [values, setValues] = useState<ChangeOrderFormValues>(() =>
    initialValues(changeOrder, defaultContractorId, localToday()),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  // Each refused save: the first field in error takes focus, scrolled into view.
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState(0);
  useFocusFirstError(formRef, failure);

  const roster = contractors.data ?? [];
  const named = changeOrder?.contractor ?? null;
  const options = named && !roster.some((c) => c.id === named.id) ? [...roster, named] : roster;

  const set = <K extends keyof ChangeOrderFormValues>(key: K, value: ChangeOrderFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) {
      setErrors((e) => {
        const rest = { ...e };
        delete rest[key];
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
    e.stopPropagation();
    if (busy || uploading) return;
    setMessage('');
    const problems = validateChangeOrder(values);
    const amount = parseMoney(values.amount, { negative: true, required: AMOUNT_REQUIRED });
    if (Object.keys(problems).length > 0 || !amount.ok) {
      fail(problems, '');
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const saved = await onSave(changeOrderPayload(values, amount.value));
      onSaved(saved, changeOrder ? 'Change order saved.' : 'Change order added.');
    } catch (err) {
      console.error('Failed to save the change order', err);
      const f = toFormErrors(err, FIELDS, UNREACHABLE);
      setBusy(false);
      fail(f.fields, f.message ? `The change order was not saved. ${f.message}` : '');
    }
  };

  const describedBy = (field: Field, hint?: string) => {
    const errorId = errors[field]?.length ? `${IDS[field]}-error` : undefined;
    return {
      'aria-invalid': errorId ? true : undefined,
      'aria-describedby': [errorId, hint].filter(Boolean).join(' ') || undefined,
    } as const;
  };
  const fieldError = (field: Field): ReactNode =>
    errors[field]?.length ? (
      <small className="field-error" id={`${IDS[field]}-error`}>
        {errors[field].join(' ')}
      </small>
    ) : null;

  return (
    <Modal
      title={changeOrder ? 'Edit change order' : 'Add a change order'}
      onClose={busy ? () => {} : onClose}
      size="md"
    >
      <form ref={formRef} className="ledger-form" onSubmit={(e) => void submit(e)} noValidate>
        <RequiredNote />
        {message && (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        <div className="grid-2">
          <div className="field span-2">
            <label htmlFor={IDS.description} className="required">
              What changes
            </label>
            <textarea
              id={IDS.description}
              name="description"
              rows={3}
              maxLength={DESCRIPTION_MAX}
              aria-required="true"
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
              {...describedBy('description')}
            />
            {fieldError('description')}
          </div>
          <div className="field">
            <label htmlFor={IDS.amount} className="required">
              Amount
            </label>
            <div className="input-prefix">
              <span aria-hidden="true">$</span>
              <input
                id={IDS.amount}
                name="amount"
                inputMode="text"
                autoComplete="off"
                aria-required="true"
                value={values.amount}
                onChange={(e) => set('amount', e.target.value)}
                {...describedBy('amount', 'co-amount-hint')}
              />
            </div>
            {fieldError('amount')}
            <small className="hint" id="co-amount-hint">
              Extra cost, or a credit with a minus sign (e.g. -1200).
            </small>
          </div>
          <div className="field">
            <label htmlFor={IDS.date} className="required">
              Date
            </label>
            <input
              id={IDS.date}
              name="date"
              type="date"
              aria-required="true"
              value={values.date}
              onChange={(e) => set('date', e.target.value)}
              {...describedBy('date')}
            />
            {fieldError('date')}
          </div>
          <div className="field">
            <label htmlFor={IDS.status}>Status</label>
            <select
              id={IDS.status}
              name="status"
              value={values.status}
              onChange={(e) => set('status', e.target.value as ChangeOrderStatus)}
              {...describedBy('status', 'co-status-hint')}
            >
              {CHANGE_ORDER_STATUSES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
            {fieldError('status')}
            <small className="hint" id="co-status-hint">
              Approved ones add to the task&apos;s committed cost.
            </small>
          </div>
          <div className="field">
            <label htmlFor={IDS.contractor}>Contractor</label>
            <select
              id={IDS.contractor}
              name="contractor"
              value={values.contractor}
              onChange={(e) => set('contractor', e.target.value)}
              {...describedBy('contractor')}
            >
              <option value="">{contractors.isPending ? 'Loading your contractors…' : 'None'}</option>
              {options.map((c) => (
                <option key={c.id} value={c.id}>
                  {'trade' in c && c.trade ? `${c.name} (${c.trade})` : c.name}
                </option>
              ))}
            </select>
            {fieldError('contractor')}
            {contractors.isError && <small className="field-error">Your contractors could not be loaded.</small>}
          </div>
          <DocumentField
            taskId={taskId}
            id={IDS.document}
            name="document"
            label="Document"
            uploadLabel="Upload the signed change order"
            what="the signed change order"
            value={values.document}
            onChange={(v) => set('document', v)}
            documents={documents}
            nameOf={documentName}
            emptyLabel="No document"
            onUploading={setUploading}
            hintId="co-document-hint"
            describedBy={describedBy('document', 'co-document-hint')}
            error={fieldError('document')}
          />
        </div>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || uploading}>
            {busy ? 'Saving…' : uploading ? 'Uploading…' : changeOrder ? 'Save change order' : 'Add change order'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
