import { useState } from 'react';
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
import type { ChangeOrder, ContractorList, LedgerDocument } from '../types';
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
import { UNREACHABLE } from '../../../lib/use-item-actions';

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
type FieldName = (typeof FIELDS)[number];
const IDS: Record<FieldName, string> = {
  description: 'co-description',
  amount: 'co-amount',
  status: 'co-status',
  date: 'co-date',
  contractor: 'co-contractor',
  document: 'co-document',
};

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
  const [uploading, setUploading] = useState(false);
  // Each refused save: messages beside the fields, the first field in error focused and scrolled into view.
  const kit = useAppForm<ChangeOrderFormValues>({
    defaultValues: initialValues(changeOrder, defaultContractorId, localToday()),
    fields: FIELDS,
    fallback: UNREACHABLE,
    prefix: 'The change order was not saved.',
    validate: validateChangeOrder,
    onError: (err) => console.error('Failed to save the change order', err),
  });
  const { busy } = kit;

  const save = async (values: ChangeOrderFormValues) => {
    if (uploading) return;
    const amount = parseMoney(values.amount, { negative: true, required: AMOUNT_REQUIRED });
    if (!amount.ok) return; // validateChangeOrder said so already
    const saved = await onSave(changeOrderPayload(values, amount.value));
    onSaved(saved, changeOrder ? 'Change order saved.' : 'Change order added.');
  };

  return (
    <Modal
      title={changeOrder ? 'Edit change order' : 'Add a change order'}
      onClose={busy ? () => {} : onClose}
      size="md"
    >
      <AppForm kit={kit} className="item-form" onSubmit={save}>
        <RequiredNote />
        <FormMessage message={kit.message} />
        <div className="grid-2">
          <Field id={IDS.description} name="description" label="What changes" required="aria" className="span-2">
            {(control) => <textarea rows={3} maxLength={DESCRIPTION_MAX} {...control} />}
          </Field>
          <Field
            id={IDS.amount}
            name="amount"
            label="Amount"
            required="aria"
            hint="Extra cost, or a credit with a minus sign (e.g. -1200)."
            hintId="co-amount-hint"
          >
            {(control) => <MoneyInput inputMode="text" autoComplete="off" {...control} />}
          </Field>
          <Field id={IDS.date} name="date" label="Date" type="date" required="aria" />
          <Field
            id={IDS.status}
            name="status"
            label="Status"
            options={CHANGE_ORDER_STATUSES}
            hint="Approved ones add to the task's committed cost."
            hintId="co-status-hint"
          />
          <ContractorField
            id={IDS.contractor}
            name="contractor"
            label="Contractor"
            contractors={contractors}
            named={changeOrder?.contractor}
            none="None"
            failed="The project's contractors could not be loaded."
          />
          <DocumentSlot
            taskId={taskId}
            id={IDS.document}
            name="document"
            label="Document"
            uploadLabel="Upload the signed change order"
            what="the signed change order"
            documents={documents}
            nameOf={documentName}
            emptyLabel="No document"
            onUploading={setUploading}
            hintId="co-document-hint"
          />
        </div>
        <FormFooter
          busy={busy}
          uploading={uploading}
          onCancel={onClose}
          submitLabel={changeOrder ? 'Save change order' : 'Add change order'}
        />
      </AppForm>
    </Modal>
  );
}
