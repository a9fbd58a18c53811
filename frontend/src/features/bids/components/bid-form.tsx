import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DocumentField } from '../../../components/ui/document-field';
import { RequiredNote } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { toFormErrors, type FieldErrors } from '../../../lib/form-errors';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { contractorKeys, contractorsQuery, createBid, createContractor, updateBid } from '../api';
import type { Bid, BidDocument } from '../types';
import { amountEditText, NEW_CONTRACTOR, parseAmount, validateBid, type BidFormValues } from '../utils';

interface Props {
  taskId: number;
  /** The bid to edit, or null for a new one. */
  bid: Bid | null;
  /** The task's uploaded documents: one may be the bid's PDF. */
  documents: readonly BidDocument[];
  onClose: () => void;
  /** Saved: the section refreshes and announces `message`. */
  onSaved: (bid: Bid, message: string) => void;
}

/** The server's field names this form shows beside its fields (`name`: the new contractor's). */
const FIELDS = ['contractor', 'name', 'amount', 'received_on', 'valid_until', 'document', 'notes'] as const;
type Field = (typeof FIELDS)[number];
const IDS: Record<Field, string> = {
  contractor: 'bid-contractor',
  name: 'bid-new-name',
  amount: 'bid-amount',
  received_on: 'bid-received',
  valid_until: 'bid-valid',
  document: 'bid-document',
  notes: 'bid-notes',
};

const UNREACHABLE = 'The server could not be reached. Please try again.';

function initialValues(bid: Bid | null): BidFormValues {
  return {
    contractor: bid ? String(bid.contractor.id) : '',
    newContractorName: '',
    amount: bid ? amountEditText(bid.amount) : '',
    received_on: bid?.received_on ?? '',
    valid_until: bid?.valid_until ?? '',
    notes: bid?.notes ?? '',
    document: bid?.document === null || bid?.document === undefined ? '' : String(bid.document),
  };
}

const docName = (d: Pick<BidDocument, 'id' | 'name' | 'file'>) =>
  d.name || d.file.split('/').pop()?.split('?')[0] || `Document ${d.id}`;

/**
 * Add or edit a bid, in a dialog over the task form. The contractor comes from the roster or is
 * added on the spot (a name is enough); one of the task's documents may be attached as its PDF.
 * The dialog's form is portalled out of the task form, and its submit stops there.
 */
export function BidForm({ taskId, bid, documents, onClose, onSaved }: Props) {
  const qc = useQueryClient();
  const contractors = useQuery(contractorsQuery());
  const [values, setValues] = useState<BidFormValues>(() => initialValues(bid));
  const [newTrade, setNewTrade] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  // Each refused save: the first field in error takes focus, scrolled into view.
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState(0);
  useFocusFirstError(formRef, failure);
  // An empty roster: straight to "new contractor" (state adjusted while rendering, once).
  const [rosterChecked, setRosterChecked] = useState(false);
  if (!rosterChecked && contractors.data) {
    setRosterChecked(true);
    if (contractors.data.length === 0 && values.contractor === '')
      setValues((v) => ({ ...v, contractor: NEW_CONTRACTOR }));
  }

  const set = <K extends keyof BidFormValues>(key: K, value: BidFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const field = key === 'newContractorName' ? 'name' : key;
    if (errors[field]) {
      setErrors((e) => {
        const rest = { ...e };
        delete rest[field];
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
    const problems = validateBid(values);
    if (Object.keys(problems).length > 0) {
      fail(problems, '');
      return;
    }
    const amount = parseAmount(values.amount);
    if (!amount.ok) return; // validateBid said so already
    setBusy(true);
    setErrors({});
    let contractorId = Number(values.contractor);
    let contractorName = contractors.data?.find((c) => c.id === contractorId)?.name ?? '';
    if (values.contractor === NEW_CONTRACTOR) {
      try {
        const created = await createContractor({ name: values.newContractorName.trim(), trade: newTrade.trim() });
        contractorId = created.id;
        contractorName = created.name;
        // Picked from now on: a retry after a refused bid does not add the contractor twice.
        qc.setQueryData(contractorKeys.all, (old: typeof contractors.data) => (old ? [...old, created] : [created]));
        void qc.invalidateQueries({ queryKey: contractorKeys.all });
        setValues((v) => ({ ...v, contractor: String(created.id), newContractorName: '' }));
        setNewTrade('');
      } catch (err) {
        console.error('Failed to add the contractor', err);
        const f = toFormErrors(err, ['name'], UNREACHABLE);
        setBusy(false);
        fail(f.fields, f.message);
        return;
      }
    }
    const body = {
      contractor: contractorId,
      amount: amount.value,
      notes: values.notes.trim(),
      received_on: values.received_on || null,
      valid_until: values.valid_until || null,
      document: values.document === '' ? null : Number(values.document),
    };
    try {
      const saved = bid ? await updateBid(bid.id, body) : await createBid({ task: taskId, ...body });
      onSaved(saved, bid ? `Bid of ${saved.contractor.name} saved.` : `Bid of ${saved.contractor.name} added.`);
    } catch (err) {
      console.error('Failed to save the bid', err);
      const f = toFormErrors(err, FIELDS, UNREACHABLE);
      setBusy(false);
      fail(
        f.fields,
        f.message ? `The bid${contractorName ? ` of ${contractorName}` : ''} was not saved. ${f.message}` : '',
      );
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

  const creating = values.contractor === NEW_CONTRACTOR;

  return (
    <Modal title={bid ? 'Edit bid' : 'Add a bid'} onClose={busy ? () => {} : onClose} size="md">
      <form ref={formRef} className="bid-form" onSubmit={(e) => void submit(e)} noValidate>
        <RequiredNote />
        {message && (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        <div className="field">
          <label htmlFor={IDS.contractor} className="required">
            Contractor
          </label>
          <select
            id={IDS.contractor}
            name="contractor"
            aria-required="true"
            value={values.contractor}
            onChange={(e) => set('contractor', e.target.value)}
            {...describedBy('contractor')}
          >
            <option value="">{contractors.isPending ? 'Loading your contractors…' : 'Choose a contractor'}</option>
            {(contractors.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.trade ? `${c.name} (${c.trade})` : c.name}
              </option>
            ))}
            <option value={NEW_CONTRACTOR}>+ Add a new contractor</option>
          </select>
          {fieldError('contractor')}
          {contractors.isError && (
            <small className="field-error">Your contractors could not be loaded. You can still add a new one.</small>
          )}
        </div>
        {creating && (
          <fieldset className="bid-new-contractor">
            <legend>New contractor</legend>
            <div className="grid-2">
              <div className="field">
                <label htmlFor={IDS.name} className="required">
                  Name
                </label>
                <input
                  id={IDS.name}
                  name="name"
                  autoComplete="organization"
                  aria-required="true"
                  value={values.newContractorName}
                  onChange={(e) => set('newContractorName', e.target.value)}
                  {...describedBy('name')}
                />
                {fieldError('name')}
              </div>
              <div className="field">
                <label htmlFor="bid-new-trade">Trade</label>
                <input
                  id="bid-new-trade"
                  name="trade"
                  placeholder="e.g. Framing"
                  value={newTrade}
                  onChange={(e) => setNewTrade(e.target.value)}
                />
              </div>
            </div>
            <small className="hint">
              Phone, email, license and insurance can be added later on the Contractors page.
            </small>
          </fieldset>
        )}
        <div className="grid-2">
          <div className="field span-2">
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
            <label htmlFor={IDS.received_on}>Received on</label>
            <input
              id={IDS.received_on}
              name="received_on"
              type="date"
              value={values.received_on}
              onChange={(e) => set('received_on', e.target.value)}
              {...describedBy('received_on')}
            />
            {fieldError('received_on')}
          </div>
          <div className="field">
            <label htmlFor={IDS.valid_until}>Valid until</label>
            <input
              id={IDS.valid_until}
              name="valid_until"
              type="date"
              value={values.valid_until}
              onChange={(e) => set('valid_until', e.target.value)}
              {...describedBy('valid_until')}
            />
            {fieldError('valid_until')}
          </div>
          <DocumentField
            taskId={taskId}
            id={IDS.document}
            name="document"
            label="Bid PDF"
            uploadLabel="Upload the bid's PDF"
            what="the bid's PDF"
            value={values.document}
            onChange={(v) => set('document', v)}
            documents={documents}
            nameOf={docName}
            emptyLabel="No document"
            onUploading={setUploading}
            hintId="bid-document-hint"
            describedBy={describedBy('document', 'bid-document-hint')}
            error={fieldError('document')}
          />
          <div className="field span-2">
            <label htmlFor={IDS.notes}>Scope notes</label>
            <textarea
              id={IDS.notes}
              name="notes"
              rows={3}
              value={values.notes}
              onChange={(e) => set('notes', e.target.value)}
              {...describedBy('notes', 'bid-notes-hint')}
            />
            {fieldError('notes')}
            <small className="hint" id="bid-notes-hint">
              What is included and what is not, so bids compare like for like.
            </small>
          </div>
        </div>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || uploading}>
            {busy ? 'Saving…' : uploading ? 'Uploading…' : bid ? 'Save bid' : 'Add bid'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
