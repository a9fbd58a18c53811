import { formatIsoDay, formatMoney } from '../../lib/format';
import type { LienWaiver, LienWaiverWrite, PaymentWaiverStatus, WaiverKind, WaiverPayment, WaiverState } from './types';

/** The kinds in plain words, in the order the form offers them. */
export const WAIVER_KINDS: readonly { value: WaiverKind; label: string }[] = [
  { value: 'conditional_progress', label: 'Conditional progress' },
  { value: 'unconditional_progress', label: 'Unconditional progress' },
  { value: 'conditional_final', label: 'Conditional final' },
  { value: 'unconditional_final', label: 'Unconditional final' },
];

export const WAIVER_STATES: readonly { value: WaiverState; label: string }[] = [
  { value: 'requested', label: 'Requested' },
  { value: 'received', label: 'Received' },
];

/** A kind in words ("Unconditional progress"); an unknown code as it came. */
export const kindLabel = (code: string) => WAIVER_KINDS.find((k) => k.value === code)?.label ?? code;

/** A waiver's status in words. */
export const stateLabel = (code: string) => WAIVER_STATES.find((s) => s.value === code)?.label ?? code;

/** A payment's `waiver_status`, narrowed: anything unknown (or absent) reads as not needed. */
export function paymentWaiverStatus(code: string | undefined): PaymentWaiverStatus {
  return code === 'missing' || code === 'requested' || code === 'received' ? code : 'not_needed';
}

/** The badge of a payment's waiver, or null when it needs none (the badge is not shown). */
export const BADGE_WORDS: Record<PaymentWaiverStatus, string | null> = {
  not_needed: null,
  missing: 'Waiver missing',
  requested: 'Waiver requested',
  received: 'Waiver received',
};

/**
 * The waiver that answers for a payment, as the server's coverage rule reads them (issue 34): a
 * received one that names it, else a received one of its contractor through its day; then the
 * same among the requested ones. Null when none does.
 */
export function waiverFor(payment: WaiverPayment, waivers: readonly LienWaiver[]): LienWaiver | null {
  const contractor = payment.contractor?.id ?? null;
  if (contractor === null) return null;
  const mine = waivers.filter((w) => w.contractor === contractor);
  const names = (w: LienWaiver) => w.payment === payment.id;
  const through = (w: LienWaiver) => w.through_date !== null && w.through_date >= payment.paid_on;
  for (const state of ['received', 'requested'] as const) {
    const of = mine.filter((w) => w.status === state);
    const found = of.find(names) ?? of.find(through);
    if (found) return found;
  }
  return null;
}

/**
 * A waiver asked for a payment: unconditional progress (the money has gone out), its amount,
 * through its day, naming it. The contractor is the payment's.
 */
export function requestFor(payment: WaiverPayment): Omit<LienWaiverWrite, 'project'> {
  return {
    contractor: payment.contractor?.id,
    payment: payment.id,
    kind: 'unconditional_progress',
    amount: payment.amount,
    through_date: payment.paid_on,
    status: 'requested',
  };
}

/** "$2,000.00 to Acme Framing on Nov 20, 2026": a payment in a sentence. */
export function paymentWords(p: { amount: number; paid_on: string; contractor_name?: string | null }): string {
  const to = p.contractor_name ? ` to ${p.contractor_name}` : '';
  return `${formatMoney(p.amount)}${to} on ${formatIsoDay(p.paid_on)}`;
}

/** "Unconditional progress waiver from Acme Framing for $2,000.00". */
export const waiverWords = (w: Pick<LienWaiver, 'kind' | 'contractor_name' | 'amount'>) =>
  `${kindLabel(w.kind)} waiver from ${w.contractor_name} for ${formatMoney(w.amount)}`;

export type AmountResult = { ok: true; value: number } | { ok: false; message: string };

export const MSG_WAIVER_AMOUNT = 'Enter the amount the waiver covers.';

/** A waiver's amount typed in dollars ("2000", "$2,000.50"): 0 or more, at most two decimals. */
export function parseWaiverAmount(text: string): AmountResult {
  const digits = text.trim().replace(/[\s,]/g, '').replace(/^\$/, '');
  if (digits === '') return { ok: false, message: MSG_WAIVER_AMOUNT };
  if (digits.startsWith('-')) return { ok: false, message: 'The amount cannot be below $0.00.' };
  if (!/^(\d+\.?\d*|\.\d+)$/.test(digits))
    return { ok: false, message: 'Enter the amount in dollars, like 2000 or 2000.50.' };
  if (/\.\d{3,}$/.test(digits)) return { ok: false, message: 'Use at most two decimals (cents).' };
  return { ok: true, value: Number(digits) };
}

/** The text an amount is edited as: 2000 -> "2000", 1234.5 -> "1234.50". */
export const amountEditText = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));
