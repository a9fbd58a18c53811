import { useState } from 'react';
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
import type { ContractorList, LedgerDocument, Payment } from '../types';
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
import { UNREACHABLE } from '../../../lib/use-item-actions';

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
  const [uploading, setUploading] = useState(false);
  // Each refused save: messages beside the fields (the payee's beside the name typed, when it is
  // typed), the first field in error focused and scrolled into view.
  const kit = useAppForm<PaymentFormValues>({
    defaultValues: initialValues(payment, defaultContractorId, localToday()),
    fields: FIELDS,
    fallback: UNREACHABLE,
    prefix: 'The payment was not saved.',
    alias: (name, values) =>
      name === 'payee' || name === 'contractor' ? (values.payee === OTHER_PAYEE ? 'payeeText' : 'payee') : name,
    validate: validatePayment,
    onError: (err) => console.error('Failed to save the payment', err),
  });
  const { busy } = kit;
  const payee = useWatch({ control: kit.form.control, name: 'payee' });

  const save = async (values: PaymentFormValues) => {
    if (uploading) return;
    const amount = parseMoney(values.amount, { required: 'Enter the amount paid.' });
    if (!amount.ok) return; // validatePayment said so already
    const saved = await onSave(paymentPayload(values, amount.value));
    const who = saved.payee ? ` to ${saved.payee}` : '';
    onSaved(saved, payment ? `Payment${who} saved.` : `Payment${who} added.`);
  };

  return (
    <Modal title={payment ? 'Edit payment' : 'Add a payment'} onClose={busy ? () => {} : onClose} size="md">
      <AppForm kit={kit} className="item-form" onSubmit={save}>
        <RequiredNote />
        <FormMessage message={kit.message} />
        <div className="grid-2">
          <Field id={IDS.amount} name="amount" label="Amount" required="aria">
            {(control) => <MoneyInput inputMode="decimal" autoComplete="off" {...control} />}
          </Field>
          <Field id={IDS.paid_on} name="paid_on" label="Paid on" type="date" required="aria" />
          {/* The payee shown: a contractor no longer on the roster keeps its name as an option. */}
          <ContractorField
            id={IDS.payee}
            name="payee"
            label="Payee"
            contractors={contractors}
            named={payment?.contractor}
            extra={{ value: OTHER_PAYEE, label: 'Someone else (type the name)' }}
            none="Not named"
            failed="The project's contractors could not be loaded. You can still type a name."
            onChange={() => kit.form.clearErrors('payeeText')}
          />
          <Field id={IDS.method} name="method" label="Method" options={PAYMENT_METHODS} />
          {payee === OTHER_PAYEE && (
            <Field
              id="pay-payee-text"
              name="payeeText"
              errorId="pay-payee-error"
              label="Payee name"
              required="aria"
              autoComplete="off"
              placeholder="e.g. City permit office"
              className="span-2"
            />
          )}
          <DocumentSlot
            taskId={taskId}
            id={IDS.receipt}
            name="receipt"
            label="Receipt"
            uploadLabel="Upload a new receipt"
            what="the receipt"
            documents={documents}
            nameOf={documentName}
            emptyLabel="No receipt"
            onUploading={setUploading}
            hintId="pay-receipt-hint"
          />
          <Field id={IDS.note} name="note" label="Note" className="span-2">
            {(control) => <textarea rows={2} {...control} />}
          </Field>
        </div>
        <FormFooter
          busy={busy}
          uploading={uploading}
          onCancel={onClose}
          submitLabel={payment ? 'Save payment' : 'Add payment'}
        />
      </AppForm>
    </Modal>
  );
}
