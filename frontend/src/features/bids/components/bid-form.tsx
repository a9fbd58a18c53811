import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import {
  AppForm,
  ContractorField,
  Field,
  FormFooter,
  FormMessage,
  MoneyInput,
  RequiredNote,
  useAppForm,
} from '../../../components/form';
import { DocumentSlot } from '../../../components/form/document-slot';
import { Modal } from '../../../components/ui/modal';
import { useOwnsProject } from '../../../lib/edit-access';
import { toFormErrors } from '../../../lib/form-errors';
import { documentName } from '../../../lib/task-documents';
import { contractorKeys, createBid, createContractor, projectContractorsQuery, updateBid } from '../api';
import type { Bid, BidDocument } from '../types';
import { amountEditText, NEW_CONTRACTOR, parseAmount, validateBid, type BidFormValues } from '../utils';
import { UNREACHABLE } from '../../../lib/use-item-actions';

interface Props {
  /** The task's project: its roster (the owner's contractors) is picked from and added to. */
  projectId: number;
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
type FieldName = (typeof FIELDS)[number];
const IDS: Record<FieldName, string> = {
  contractor: 'bid-contractor',
  name: 'bid-new-name',
  amount: 'bid-amount',
  received_on: 'bid-received',
  valid_until: 'bid-valid',
  document: 'bid-document',
  notes: 'bid-notes',
};

// Where a new contractor's other details go: the owner's Contractors page holds the project's
// roster; a partner's own page is not it (issue 35), so they are told whose it is.
const OWNER_HINT = 'Phone, email, license and insurance can be added later on the Contractors page.';
const PARTNER_HINT =
  "Phone, email, license and insurance can be added by the project's owner on their Contractors page.";

/** The bid, and the trade of a contractor added on the spot. */
type Values = BidFormValues & { newTrade: string };

function initialValues(bid: Bid | null): Values {
  return {
    newTrade: '',
    contractor: bid ? String(bid.contractor.id) : '',
    newContractorName: '',
    amount: bid ? amountEditText(bid.amount) : '',
    received_on: bid?.received_on ?? '',
    valid_until: bid?.valid_until ?? '',
    notes: bid?.notes ?? '',
    document: bid?.document === null || bid?.document === undefined ? '' : String(bid.document),
  };
}

/**
 * Add or edit a bid, in a dialog over the task form. The contractor comes from the roster or is
 * added on the spot (a name is enough); one of the task's documents may be attached as its PDF.
 * The dialog's form is portalled out of the task form, and its submit stops there.
 */
export function BidForm({ projectId, taskId, bid, documents, onClose, onSaved }: Props) {
  const qc = useQueryClient();
  // Issue 35: the project owner's contractors, for a partner too; a new one joins that roster.
  const roster = projectContractorsQuery(projectId);
  const contractors = useQuery(roster);
  const [uploading, setUploading] = useState(false);
  const ownsProject = useOwnsProject();
  // Each refused save: messages beside the fields (`name`: the new contractor's), the first field
  // in error focused and scrolled into view.
  const kit = useAppForm<Values>({
    defaultValues: initialValues(bid),
    alias: { name: 'newContractorName' },
    validate: validateBid,
  });
  const { busy, showErrors } = kit;
  const { control, getValues, setValue } = kit.form;
  // An empty roster: straight to "new contractor" (once).
  const rosterChecked = useRef(false);
  useEffect(() => {
    if (rosterChecked.current || !contractors.data) return;
    rosterChecked.current = true;
    if (contractors.data.length === 0 && getValues('contractor') === '') setValue('contractor', NEW_CONTRACTOR);
  }, [contractors.data, getValues, setValue]);
  const creating = useWatch({ control, name: 'contractor' }) === NEW_CONTRACTOR;

  const save = async (values: Values) => {
    if (uploading) return;
    const amount = parseAmount(values.amount);
    if (!amount.ok) return; // validateBid said so already
    let contractorId = Number(values.contractor);
    let contractorName = contractors.data?.find((c) => c.id === contractorId)?.name ?? '';
    if (values.contractor === NEW_CONTRACTOR) {
      try {
        const created = await createContractor({
          name: values.newContractorName.trim(),
          trade: values.newTrade.trim(),
          project: projectId,
        });
        contractorId = created.id;
        contractorName = created.name;
        // Picked from now on: a retry after a refused bid does not add the contractor twice.
        qc.setQueryData(roster.queryKey, (old) => (old ? [...old, created] : [created]));
        // Every roster: the project's here and elsewhere, and the owner's own Contractors page.
        void qc.invalidateQueries({ queryKey: contractorKeys.all });
        setValue('contractor', String(created.id));
        setValue('newContractorName', '');
        setValue('newTrade', '');
      } catch (err) {
        console.error('Failed to add the contractor', err);
        showErrors(toFormErrors(err, ['name'], UNREACHABLE));
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
      const of = contractorName ? ` of ${contractorName}` : '';
      showErrors({ fields: f.fields, message: f.message ? `The bid${of} was not saved. ${f.message}` : '' });
    }
  };

  return (
    <Modal title={bid ? 'Edit bid' : 'Add a bid'} onClose={busy ? () => {} : onClose} size="md">
      <AppForm kit={kit} className="item-form" onSubmit={save}>
        <RequiredNote />
        <FormMessage message={kit.message} />
        <ContractorField
          id={IDS.contractor}
          name="contractor"
          label="Contractor"
          required="aria"
          contractors={contractors}
          extra={{ value: NEW_CONTRACTOR, label: '+ Add a new contractor' }}
          none="Choose a contractor"
          failed="The project's contractors could not be loaded. You can still add a new one."
        />
        {creating && (
          <fieldset className="bid-new-contractor">
            <legend>New contractor</legend>
            <div className="grid-2">
              <Field id={IDS.name} name="newContractorName" label="Name" required="aria" autoComplete="organization" />
              <Field id="bid-new-trade" name="newTrade" label="Trade" placeholder="e.g. Framing" />
            </div>
            <small className="hint">{ownsProject ? OWNER_HINT : PARTNER_HINT}</small>
          </fieldset>
        )}
        <div className="grid-2">
          <Field id={IDS.amount} name="amount" label="Amount" required="aria" className="span-2">
            {(control) => <MoneyInput inputMode="decimal" autoComplete="off" {...control} />}
          </Field>
          <Field id={IDS.received_on} name="received_on" label="Received on" type="date" />
          <Field id={IDS.valid_until} name="valid_until" label="Valid until" type="date" />
          <DocumentSlot
            taskId={taskId}
            id={IDS.document}
            name="document"
            label="Bid PDF"
            uploadLabel="Upload the bid's PDF"
            what="the bid's PDF"
            documents={documents}
            nameOf={documentName}
            emptyLabel="No document"
            onUploading={setUploading}
            hintId="bid-document-hint"
          />
          <Field
            id={IDS.notes}
            name="notes"
            label="Scope notes"
            className="span-2"
            hint="What is included and what is not, so bids compare like for like."
            hintId="bid-notes-hint"
          >
            {(control) => <textarea rows={3} {...control} />}
          </Field>
        </div>
        <FormFooter busy={busy} uploading={uploading} onCancel={onClose} submitLabel={bid ? 'Save bid' : 'Add bid'} />
      </AppForm>
    </Modal>
  );
}
