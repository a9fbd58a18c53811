// Pure rules of the bids screens (utils.test.ts): how a bid compares with the prediction, when
// a contractor's insurance needs a look, and the checks the forms make before sending.
import { formatIsoDay } from '../../lib/format';
import type { FieldErrors } from '../../lib/form-errors';
import type { BidFlag, BidStatus } from './types';

/** Days before an insurance expiry that the roster warns about. */
export const INSURANCE_WARN_DAYS = 30;
/** The server flags a bid more than this many percent away from the prediction. */
export const FLAG_THRESHOLD_PCT = 25;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whole days from `from` to `to` (both YYYY-MM-DD), or null when either is not such a date. */
export function daysBetween(from: string, to: string): number | null {
  const a = ISO_DAY.exec(from);
  const b = ISO_DAY.exec(to);
  if (!a || !b) return null;
  const utc = (m: RegExpExecArray) => Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Math.round((utc(b) - utc(a)) / 86_400_000);
}

// ---------- comparison with the prediction ----------

/** "+12.5%", "-4.3%", "0%": the difference as the compare page shows it in a badge. */
export function formatDifference(pct: number | null | undefined): string {
  if (pct === null || pct === undefined || !Number.isFinite(pct)) return '–';
  if (pct === 0) return '0%';
  const text = `${Math.abs(pct).toFixed(1).replace(/\.0$/, '')}%`;
  return pct > 0 ? `+${text}` : `-${text}`;
}

/** The difference in words (never by colour or sign alone). */
export function differenceText(pct: number | null | undefined): string {
  if (pct === null || pct === undefined || !Number.isFinite(pct)) return 'No prediction to compare with';
  if (pct === 0) return 'Same as the prediction';
  const amount = `${Math.abs(pct).toFixed(1).replace(/\.0$/, '')}%`;
  return pct > 0 ? `${amount} above the prediction` : `${amount} below the prediction`;
}

export function isFlag(value: unknown): value is BidFlag {
  return value === 'high' || value === 'low';
}

/** The "check the scope" note of a flagged bid, or null. */
export function flagText(flag: string | null | undefined): string | null {
  if (flag === 'high') return `Check the scope: more than ${FLAG_THRESHOLD_PCT}% above the prediction.`;
  if (flag === 'low')
    return `Check the scope: more than ${FLAG_THRESHOLD_PCT}% below the prediction. Is everything included?`;
  return null;
}

export function isBidStatus(value: unknown): value is BidStatus {
  return value === 'pending' || value === 'awarded' || value === 'declined';
}

const STATUS_LABELS: Record<BidStatus, string> = { pending: 'Pending', awarded: 'Awarded', declined: 'Declined' };

export function statusLabel(status: string): string {
  return isBidStatus(status) ? STATUS_LABELS[status] : status;
}

/** "3 bids", "1 bid". */
export const bidCount = (n: number) => `${n} ${n === 1 ? 'bid' : 'bids'}`;

// ---------- insurance ----------

export type InsuranceLevel = 'none' | 'expired' | 'soon' | 'ok';

export interface InsuranceStatus {
  level: InsuranceLevel;
  /** Days until the expiry (negative once past); null without a date. */
  days: number | null;
}

/**
 * Past (the day after the expiry date onwards) or within INSURANCE_WARN_DAYS days (the expiry day
 * itself included) is highlighted; no date on file is its own case.
 */
export function insuranceStatus(expires: string | null | undefined, today: string): InsuranceStatus {
  if (!expires) return { level: 'none', days: null };
  const days = daysBetween(today, expires);
  if (days === null) return { level: 'none', days: null };
  if (days < 0) return { level: 'expired', days };
  if (days <= INSURANCE_WARN_DAYS) return { level: 'soon', days };
  return { level: 'ok', days };
}

/** Why the insurance is highlighted, in words. */
export function insuranceText(expires: string | null | undefined, today: string, locale?: string): string {
  const status = insuranceStatus(expires, today);
  const day = formatIsoDay(expires ?? null, locale);
  switch (status.level) {
    case 'none':
      return 'No insurance expiry on file';
    case 'expired': {
      const ago = -(status.days ?? 0);
      return `Insurance expired on ${day} (${ago} ${ago === 1 ? 'day' : 'days'} ago)`;
    }
    case 'soon':
      return status.days === 0
        ? `Insurance expires today (${day})`
        : `Insurance expires in ${status.days} ${status.days === 1 ? 'day' : 'days'} (${day})`;
    default:
      return `Insured until ${day}`;
  }
}

/**
 * Why awarding to this contractor needs a look first (their insurance expired, or no expiry date
 * on file), or null when the insurance is current (a date expiring soon is still current).
 */
export function awardInsuranceWarning(
  name: string,
  expires: string | null | undefined,
  today: string,
  locale?: string,
): string | null {
  const status = insuranceStatus(expires, today);
  if (status.level === 'expired') {
    const ago = -(status.days ?? 0);
    return `${name}'s insurance expired on ${formatIsoDay(expires ?? null, locale)} (${ago} ${ago === 1 ? 'day' : 'days'} ago). Check the certificate before awarding.`;
  }
  if (status.level === 'none') return `${name} has no insurance date on file. Check the certificate before awarding.`;
  return null;
}

/** Whether a bid's offer date is past. */
export const offerExpired = (validUntil: string | null | undefined, today: string) =>
  !!validUntil && (daysBetween(today, validUntil) ?? 0) < 0;

// ---------- forms ----------

export type AmountResult = { ok: true; value: number } | { ok: false; message: string };

/** "38,000", "$38,000.50", " 38000 " -> dollars; at most two decimals, not negative. */
export function parseAmount(text: string): AmountResult {
  const clean = text.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  if (clean === '') return { ok: false, message: 'Enter the bid amount.' };
  if (/^-/.test(clean)) return { ok: false, message: 'The amount cannot be negative.' };
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(clean)) return { ok: false, message: 'Enter the amount as a number, e.g. 38000.' };
  if (/\.\d{3,}$/.test(clean)) return { ok: false, message: 'Use at most two decimals (cents).' };
  const value = Number(clean);
  if (!Number.isFinite(value)) return { ok: false, message: 'Enter the amount as a number, e.g. 38000.' };
  return { ok: true, value };
}

/** The text an amount is edited as: 38000 -> "38000", 1234.5 -> "1234.50". */
export const amountEditText = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

/** Pick an existing contractor, or name a new one on the spot. */
export const NEW_CONTRACTOR = 'new';

export interface BidFormValues {
  /** A contractor id, NEW_CONTRACTOR, or '' (none chosen). */
  contractor: string;
  newContractorName: string;
  amount: string;
  received_on: string;
  valid_until: string;
  notes: string;
  /** A document id or ''. */
  document: string;
}

/** The bid form's own checks (the server checks again and its messages go beside the same fields). */
export function validateBid(values: BidFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (values.contractor === '') errors.contractor = ['Choose a contractor, or add a new one.'];
  else if (values.contractor === NEW_CONTRACTOR && values.newContractorName.trim() === '')
    errors.name = ["Enter the new contractor's name."];
  const amount = parseAmount(values.amount);
  if (!amount.ok) errors.amount = [amount.message];
  if (values.received_on && values.valid_until) {
    const days = daysBetween(values.received_on, values.valid_until);
    if (days !== null && days < 0) errors.valid_until = ['The bid cannot be valid only until before it was received.'];
  }
  return errors;
}

export interface ContractorFormValues {
  name: string;
  trade: string;
  phone: string;
  email: string;
  license_number: string;
  insurance_expires: string;
  notes: string;
}

export const EMPTY_CONTRACTOR: ContractorFormValues = {
  name: '',
  trade: '',
  phone: '',
  email: '',
  license_number: '',
  insurance_expires: '',
  notes: '',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateContractor(values: ContractorFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (values.name.trim() === '') errors.name = ["Enter the contractor's name."];
  if (values.email.trim() !== '' && !EMAIL.test(values.email.trim()))
    errors.email = ['Enter a valid email address, or leave it empty.'];
  return errors;
}

/** The body of POST/PATCH /api/contractors/: trimmed text, an empty date cleared. */
export function contractorPayload(values: ContractorFormValues) {
  return {
    name: values.name.trim(),
    trade: values.trade.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    license_number: values.license_number.trim(),
    insurance_expires: values.insurance_expires || null,
    notes: values.notes.trim(),
  };
}
