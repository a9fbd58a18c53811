// Pure rules of the task form's Payments and Change orders sections (utils.test.ts): labels, the
// amounts typed, and the checks the forms make before sending (the server checks again).
import { formatMoney, formatNumber } from '../../lib/format';
import type { FieldErrors } from '../../lib/form-errors';
import type { ChangeOrderStatus, PaymentMethod } from './types';

export const PAYMENT_METHODS: readonly { value: PaymentMethod; label: string }[] = [
  { value: 'check', label: 'Check' },
  { value: 'card', label: 'Card' },
  { value: 'transfer', label: 'Transfer' },
  { value: 'cash', label: 'Cash' },
  { value: 'loan_draw', label: 'Loan draw' },
  { value: 'other', label: 'Other' },
];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return PAYMENT_METHODS.some((m) => m.value === value);
}

export function methodLabel(method: string): string {
  return PAYMENT_METHODS.find((m) => m.value === method)?.label ?? method;
}

export const CHANGE_ORDER_STATUSES: readonly { value: ChangeOrderStatus; label: string }[] = [
  { value: 'proposed', label: 'Proposed' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

export function isChangeOrderStatus(value: unknown): value is ChangeOrderStatus {
  return CHANGE_ORDER_STATUSES.some((s) => s.value === value);
}

export function changeOrderStatusLabel(status: string): string {
  return CHANGE_ORDER_STATUSES.find((s) => s.value === status)?.label ?? status;
}

/** "+$2,500.00", "-$1,200.00", "$0.00": a change order's amount, its sign always said. */
export function signedMoney(value: number): string {
  return value > 0 ? `+${formatMoney(value)}` : formatMoney(value);
}

/** A document's name as lists show it (its file name when it has no name): lib/task-documents.ts. */
export { documentName } from '../../lib/task-documents';

export type AmountResult = { ok: true; value: number } | { ok: false; message: string };

/**
 * An amount typed in dollars ("12000", "$12,000.50", "-2,500" where negatives are allowed): at
 * most two decimals. `required` is the message for a blank box.
 */
export function parseMoney(
  text: string,
  { negative = false, required }: { negative?: boolean; required: string },
): AmountResult {
  const clean = text.trim().replace(/[\s,]/g, '');
  const sign = clean.startsWith('-') ? -1 : 1;
  const digits = clean.replace(/^[-+]/, '').replace(/^\$/, '');
  if (digits === '') return { ok: false, message: required };
  if (sign < 0 && !negative) return { ok: false, message: 'The amount must be more than $0.00.' };
  if (!/^(\d+\.?\d*|\.\d+)$/.test(digits))
    return { ok: false, message: 'Enter the amount in dollars, like 12000 or 12000.50.' };
  if (/\.\d{3,}$/.test(digits)) return { ok: false, message: 'Use at most two decimals (cents).' };
  const value = Number(digits);
  if (!negative && !(value > 0)) return { ok: false, message: 'The amount must be more than $0.00.' };
  // -0 is 0.
  return { ok: true, value: value === 0 ? 0 : sign * value };
}

/** The text an amount is edited as: 38000 -> "38000", 1234.5 -> "1234.50", -2500 -> "-2500". */
export const amountEditText = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

/** The payee picker: a contractor id, OTHER_PAYEE (typed as text), or '' (nobody named). */
export const OTHER_PAYEE = 'other';

export interface PaymentFormValues {
  amount: string;
  paid_on: string;
  /** A contractor id, OTHER_PAYEE or ''. */
  payee: string;
  /** The payee's name when it is not one of the contractors. */
  payeeText: string;
  method: PaymentMethod;
  /** A document id or ''. */
  receipt: string;
  note: string;
}

export function validatePayment(values: PaymentFormValues): FieldErrors {
  const errors: FieldErrors = {};
  const amount = parseMoney(values.amount, { required: 'Enter the amount paid.' });
  if (!amount.ok) errors.amount = [amount.message];
  if (values.paid_on.trim() === '') errors.paid_on = ['Enter the date of the payment.'];
  if (values.payee === OTHER_PAYEE && values.payeeText.trim() === '')
    errors.payee = ['Type who was paid, or choose one of your contractors.'];
  return errors;
}

/** The body of POST/PATCH /api/task-payments/ from the form (the amount already checked). */
export function paymentPayload(values: PaymentFormValues, amount: number) {
  const contractor = values.payee !== '' && values.payee !== OTHER_PAYEE ? Number(values.payee) : null;
  return {
    amount,
    paid_on: values.paid_on,
    // A contractor named: its name is the payee (docs/money.md); otherwise the text typed.
    ...(contractor !== null
      ? { contractor }
      : { contractor: null, payee: values.payee === OTHER_PAYEE ? values.payeeText.trim() : '' }),
    method: values.method,
    note: values.note.trim(),
    receipt: values.receipt === '' ? null : Number(values.receipt),
  };
}

/** The largest description the server keeps. */
export const DESCRIPTION_MAX = 5000;

export interface ChangeOrderFormValues {
  description: string;
  amount: string;
  status: ChangeOrderStatus;
  date: string;
  /** A contractor id or ''. */
  contractor: string;
  /** A document id or ''. */
  document: string;
}

export function validateChangeOrder(values: ChangeOrderFormValues): FieldErrors {
  const errors: FieldErrors = {};
  const description = values.description.trim();
  if (description === '') errors.description = ['Describe the change.'];
  else if (description.length > DESCRIPTION_MAX)
    errors.description = [`Keep the description to ${formatNumber(DESCRIPTION_MAX)} characters or fewer.`];
  const amount = parseMoney(values.amount, { negative: true, required: 'Enter the amount (negative for a credit).' });
  if (!amount.ok) errors.amount = [amount.message];
  if (values.date.trim() === '') errors.date = ['Enter the date of the change order.'];
  return errors;
}

export function changeOrderPayload(values: ChangeOrderFormValues, amount: number) {
  return {
    description: values.description.trim(),
    amount,
    status: values.status,
    date: values.date,
    contractor: values.contractor === '' ? null : Number(values.contractor),
    document: values.document === '' ? null : Number(values.document),
  };
}

/** "3 payments", "1 change order". */
export const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
