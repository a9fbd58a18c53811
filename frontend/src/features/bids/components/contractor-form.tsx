import { Modal } from '../../../components/ui/modal';
import { AppForm, Field, FormMessage, useAppForm } from '../../../components/form';
import { createContractor, updateContractor } from '../api';
import type { Contractor } from '../types';
import { contractorPayload, EMPTY_CONTRACTOR, validateContractor, type ContractorFormValues } from '../utils';
import { UNREACHABLE } from '../../../lib/use-item-actions';

interface Props {
  /** The contractor to edit, or null for a new one. */
  contractor: Contractor | null;
  onClose: () => void;
  onSaved: (contractor: Contractor) => void;
}

const FIELDS = ['name', 'trade', 'phone', 'email', 'license_number', 'insurance_expires', 'notes'] as const;

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
  // Each refused save: the first field in error takes focus, scrolled into view.
  const kit = useAppForm<ContractorFormValues>({
    defaultValues: valuesOf(contractor),
    fields: FIELDS,
    fallback: UNREACHABLE,
    validate: validateContractor,
    onError: (err) => console.error('Failed to save the contractor', err),
  });
  const { busy } = kit;

  const save = async (values: ContractorFormValues) => {
    const payload = contractorPayload(values);
    const saved = contractor ? await updateContractor(contractor.id, payload) : await createContractor(payload);
    onSaved(saved);
  };

  return (
    <Modal title={contractor ? `Edit ${contractor.name}` : 'Add a contractor'} onClose={onClose} size="md">
      <AppForm kit={kit} className="contractor-form" onSubmit={save}>
        <FormMessage message={kit.message} />
        <div className="grid-2">
          <div className="span-2">
            <Field
              id="contractor-name"
              label="Name (required)"
              name="name"
              autoComplete="organization"
              aria-required="true"
            />
          </div>
          <Field id="contractor-trade" label="Trade" name="trade" placeholder="e.g. Framing, Plumbing" />
          <Field id="contractor-phone" label="Phone" name="phone" type="tel" autoComplete="tel" />
          <Field id="contractor-email" label="Email" name="email" type="email" autoComplete="email" />
          <Field id="contractor-license_number" label="License number" name="license_number" />
          <Field
            id="contractor-insurance_expires"
            label="Insurance expires"
            name="insurance_expires"
            type="date"
            hint="The roster warns 30 days before this date."
          />
          <Field id="contractor-notes" label="Notes" name="notes" className="span-2">
            {(control) => <textarea rows={3} {...control} />}
          </Field>
        </div>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : contractor ? 'Save contractor' : 'Add contractor'}
          </button>
        </div>
      </AppForm>
    </Modal>
  );
}
