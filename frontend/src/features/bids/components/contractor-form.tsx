import { useRef, useState, type FormEvent } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { toFormErrors, type FieldErrors } from '../../../lib/form-errors';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { createContractor, updateContractor } from '../api';
import type { Contractor } from '../types';
import { contractorPayload, EMPTY_CONTRACTOR, validateContractor, type ContractorFormValues } from '../utils';

interface Props {
  /** The contractor to edit, or null for a new one. */
  contractor: Contractor | null;
  onClose: () => void;
  onSaved: (contractor: Contractor) => void;
}

const FIELDS = ['name', 'trade', 'phone', 'email', 'license_number', 'insurance_expires', 'notes'] as const;
const UNREACHABLE = 'The server could not be reached. Please try again.';

const valuesOf = (c: Contractor | null): ContractorFormValues =>
  c
    ? {
        name: c.name,
        trade: c.trade,
        phone: c.phone,
        email: c.email,
        license_number: c.license_number,
        insurance_expires: c.insurance_expires ?? '',
        notes: c.notes,
      }
    : EMPTY_CONTRACTOR;

/** Add or edit a contractor of the roster (a name is required, the rest is optional). */
export function ContractorForm({ contractor, onClose, onSaved }: Props) {
  const [values, setValues] = useState(() => valuesOf(contractor));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const set = (key: keyof ContractorFormValues) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) {
      setErrors((old) => {
        const rest = { ...old };
        delete rest[key];
        return rest;
      });
    }
  };

  // Each refused save: the first field in error takes focus, scrolled into view.
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState(0);
  useFocusFirstError(formRef, failure);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage('');
    const problems = validateContractor(values);
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      setFailure((n) => n + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const payload = contractorPayload(values);
      const saved = contractor ? await updateContractor(contractor.id, payload) : await createContractor(payload);
      onSaved(saved);
    } catch (err) {
      console.error('Failed to save the contractor', err);
      const f = toFormErrors(err, FIELDS, UNREACHABLE);
      setErrors(f.fields);
      setMessage(f.message);
      setFailure((n) => n + 1);
      setBusy(false);
    }
  };

  return (
    <Modal title={contractor ? `Edit ${contractor.name}` : 'Add a contractor'} onClose={onClose} size="md">
      <form ref={formRef} className="contractor-form" onSubmit={(e) => void submit(e)} noValidate>
        {message && (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        <div className="grid-2">
          <div className="span-2">
            <FormField
              id="contractor-name"
              label="Name (required)"
              name="name"
              autoComplete="organization"
              aria-required="true"
              value={values.name}
              errors={errors.name}
              onChange={set('name')}
            />
          </div>
          <FormField
            id="contractor-trade"
            label="Trade"
            name="trade"
            placeholder="e.g. Framing, Plumbing"
            value={values.trade}
            errors={errors.trade}
            onChange={set('trade')}
          />
          <FormField
            id="contractor-phone"
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            value={values.phone}
            errors={errors.phone}
            onChange={set('phone')}
          />
          <FormField
            id="contractor-email"
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            errors={errors.email}
            onChange={set('email')}
          />
          <FormField
            id="contractor-license_number"
            label="License number"
            name="license_number"
            value={values.license_number}
            errors={errors.license_number}
            onChange={set('license_number')}
          />
          <FormField
            id="contractor-insurance_expires"
            label="Insurance expires"
            name="insurance_expires"
            type="date"
            value={values.insurance_expires}
            errors={errors.insurance_expires}
            hint="The roster warns 30 days before this date."
            onChange={set('insurance_expires')}
          />
          <div className="field span-2">
            <label htmlFor="contractor-notes">Notes</label>
            <textarea
              id="contractor-notes"
              name="notes"
              rows={3}
              value={values.notes}
              aria-invalid={errors.notes?.length ? true : undefined}
              aria-describedby={errors.notes?.length ? 'contractor-notes-error' : undefined}
              onChange={set('notes')}
            />
            {errors.notes?.length ? (
              <small className="field-error" id="contractor-notes-error">
                {errors.notes.join(' ')}
              </small>
            ) : null}
          </div>
        </div>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : contractor ? 'Save contractor' : 'Add contractor'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
