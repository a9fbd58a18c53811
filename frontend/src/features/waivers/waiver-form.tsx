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
  type ContractorRoster,
} from '../../components/form';
import { Modal } from '../../components/ui/modal';
import { localToday } from '../../lib/dates';
import { formatIsoDay, formatMoney, isDateOutOfRange, MSG_DATE_OUT_OF_RANGE } from '../../lib/format';
import { UNREACHABLE } from '../../lib/use-item-actions';
import type { LienWaiver, LienWaiverWrite, WaiverKind, WaiverPayment, WaiverState } from './types';
import { amountEditText, parseWaiverAmount, WAIVER_KINDS, WAIVER_STATES } from './utils';

export interface WaiverValues {
  contractor: string;
  payment: string;
  kind: WaiverKind | '';
  amount: string;
  through_date: string;
  status: WaiverState;
  received_on: string;
}

export const MSG_WAIVER_CONTRACTOR = 'Choose the contractor who signs the waiver.';
export const MSG_WAIVER_KIND = 'Choose the kind of waiver.';

const FIELDS = ['contractor', 'payment', 'kind', 'amount', 'through_date', 'status', 'received_on'] as const;

export function validateWaiver(values: WaiverValues): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (values.contractor === '') problems.contractor = [MSG_WAIVER_CONTRACTOR];
  if (values.kind === '') problems.kind = [MSG_WAIVER_KIND];
  const amount = parseWaiverAmount(values.amount);
  if (!amount.ok) problems.amount = [amount.message];
  for (const name of ['through_date', 'received_on'] as const) {
    if (values[name] !== '' && isDateOutOfRange(values[name])) problems[name] = [MSG_DATE_OUT_OF_RANGE];
  }
  return problems;
}

/** What the form sends: a requested waiver without a day received (the server refuses one). */
export function waiverPayload(values: WaiverValues): Omit<LienWaiverWrite, 'project'> {
  const amount = parseWaiverAmount(values.amount);
  return {
    contractor: Number(values.contractor),
    payment: values.payment === '' ? null : Number(values.payment),
    kind: values.kind === '' ? undefined : values.kind,
    amount: amount.ok ? amount.value : undefined,
    through_date: values.through_date === '' ? null : values.through_date,
    status: values.status,
    ...(values.status === 'received' && values.received_on !== '' ? { received_on: values.received_on } : {}),
  };
}

function initialValues(waiver: LienWaiver | null): WaiverValues {
  if (waiver) {
    return {
      contractor: String(waiver.contractor),
      payment: waiver.payment === null ? '' : String(waiver.payment),
      kind: waiver.kind,
      amount: amountEditText(waiver.amount),
      through_date: waiver.through_date ?? '',
      status: waiver.status,
      received_on: waiver.received_on ?? '',
    };
  }
  return {
    contractor: '',
    payment: '',
    kind: 'unconditional_progress',
    amount: '',
    through_date: '',
    status: 'requested',
    received_on: '',
  };
}

interface Props {
  /** The waiver to edit, or null for a new one. */
  waiver: LienWaiver | null;
  contractors: ContractorRoster;
  /** The project's payments: a waiver may name one of its contractor's. */
  payments: readonly WaiverPayment[];
  /** Sends the waiver; rejects with the server's ApiError. */
  onSave: (body: Omit<LienWaiverWrite, 'project'>) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Add or edit a lien waiver: who signs it, the payment it covers (one of theirs, or none for a
 * waiver through a date), its kind, amount, through date, and whether it is in hand.
 */
export function WaiverForm({ waiver, contractors, payments, onSave, onClose }: Props) {
  const kit = useAppForm<WaiverValues>({
    defaultValues: initialValues(waiver),
    fields: FIELDS,
    fallback: UNREACHABLE,
    prefix: 'The waiver was not saved.',
    validate: validateWaiver,
    onError: (err) => console.error('Failed to save the lien waiver', err),
  });
  const [contractor, status] = useWatch({ control: kit.form.control, name: ['contractor', 'status'] });
  const theirs = payments.filter((p) => p.contractor !== null && String(p.contractor.id) === contractor);
  const choices = theirs.map((p) => ({
    value: p.id,
    label: `${formatIsoDay(p.paid_on)} · ${formatMoney(p.amount)}${p.task_title ? ` · ${p.task_title}` : ''}`,
  }));
  const named = waiver ? { id: waiver.contractor, name: waiver.contractor_name } : null;

  // A payment chosen: the waiver is for its amount, through its day.
  const pickPayment = (id: string) => {
    const p = theirs.find((x) => String(x.id) === id);
    if (!p) return;
    kit.form.setValue('amount', amountEditText(p.amount));
    kit.form.setValue('through_date', p.paid_on);
    kit.form.clearErrors(['amount', 'through_date']);
  };

  const save = async (values: WaiverValues) => {
    await onSave(waiverPayload(values));
  };

  return (
    <Modal title={waiver ? 'Edit lien waiver' : 'Add a lien waiver'} onClose={kit.busy ? () => {} : onClose} size="md">
      <AppForm kit={kit} className="item-form" onSubmit={save}>
        <RequiredNote />
        <FormMessage message={kit.message} />
        <div className="grid-2">
          <ContractorField
            id="waiver-contractor"
            name="contractor"
            label="Contractor"
            required="aria"
            contractors={contractors}
            named={named}
            none="Choose a contractor"
            failed="The project's contractors could not be loaded."
            onChange={() => kit.form.setValue('payment', '')}
          />
          <Field
            id="waiver-payment"
            name="payment"
            label="Payment it covers"
            options={choices}
            empty={contractor === '' ? 'Choose the contractor first' : 'None (through a date)'}
            onChange={(e) => pickPayment(e.target.value)}
          />
          <Field
            id="waiver-kind"
            name="kind"
            label="Kind"
            required="aria"
            options={WAIVER_KINDS}
            empty="Choose a kind"
          />
          <Field id="waiver-amount" name="amount" label="Amount" required="aria">
            {(control) => <MoneyInput inputMode="decimal" autoComplete="off" {...control} />}
          </Field>
          <Field
            id="waiver-through"
            name="through_date"
            label="Through"
            type="date"
            hint="It covers payments to this contractor up to this day."
          />
          <Field
            id="waiver-status"
            name="status"
            label="Status"
            options={WAIVER_STATES}
            onChange={(e) => {
              if (e.target.value === 'received' && kit.form.getValues('received_on') === '') {
                kit.form.setValue('received_on', localToday());
              }
            }}
          />
          {status === 'received' && <Field id="waiver-received" name="received_on" label="Received on" type="date" />}
        </div>
        <FormFooter busy={kit.busy} onCancel={onClose} submitLabel={waiver ? 'Save waiver' : 'Add waiver'} />
      </AppForm>
    </Modal>
  );
}
