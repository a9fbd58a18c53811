// The property and the construction loan on a project (issue 34, docs/money.md): the street
// address, the lender, the loan number, the retainage the lender holds back of each draw and the
// amount above which a payment needs a lien waiver. Pure helpers of the project form and the
// "Property and loan" dialog; the server checks the same, and answers its messages per field.
import type { FieldErrors } from '../../lib/form-errors';
import type { components } from '../../lib/api/schema';

type Project = components['schemas']['Project'];

export const ADDRESS_MAX = 200;
export const LENDER_NAME_MAX = 120;
export const LOAN_NUMBER_MAX = 60;
export const MAX_RETAINAGE_PERCENT = 20;
/** What a new project gets when the box is left empty. */
export const DEFAULT_WAIVER_THRESHOLD = 500;

/** The five fields as typed. */
export interface LendingValues {
  address: string;
  lender_name: string;
  loan_number: string;
  /** Percent, 0-20, at most two decimals; blank for the default (none on a new project). */
  retainage_percent: string;
  /** Dollars; blank for the default ($500.00 on a new project). */
  waiver_threshold: string;
}

/** The wire names, in the form's order: the server's messages for these show beside them. */
export const LENDING_FIELDS = [
  'address',
  'lender_name',
  'loan_number',
  'retainage_percent',
  'waiver_threshold',
] as const;

export const emptyLending: LendingValues = {
  address: '',
  lender_name: '',
  loan_number: '',
  retainage_percent: '0',
  waiver_threshold: '500',
};

/** A number as an edit box shows it: 5 -> "5", 7.5 -> "7.5", 500 -> "500", 1000.5 -> "1000.50". */
function editNumber(value: number | null | undefined, money: boolean): string {
  if (value === null || value === undefined) return '';
  if (Number.isInteger(value)) return String(value);
  return money ? value.toFixed(2) : String(value);
}

/** A stored project's fields, as the dialog opens with them. */
export function lendingValues(
  project: Pick<Project, 'address' | 'lender_name' | 'loan_number' | 'retainage_percent' | 'waiver_threshold'>,
): LendingValues {
  return {
    address: project.address ?? '',
    lender_name: project.lender_name ?? '',
    loan_number: project.loan_number ?? '',
    retainage_percent: editNumber(project.retainage_percent ?? 0, false),
    waiver_threshold: editNumber(project.waiver_threshold ?? DEFAULT_WAIVER_THRESHOLD, true),
  };
}

type Parsed = { ok: true; value: number | null } | { ok: false; message: string };

/** The retainage box: "5", "7.5", "2.25%"; blank for the default. */
export function parseRetainage(text: string): Parsed {
  const t = text.trim().replace(/%$/, '').trim();
  if (t === '') return { ok: true, value: null };
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(t))
    return { ok: false, message: 'Enter a percent from 0 to 20, such as 5 or 7.5.' };
  if (/\.\d{3,}$/.test(t.replace(/0+$/, ''))) return { ok: false, message: 'Use at most two decimals, such as 7.25.' };
  const n = Number(t);
  if (n > MAX_RETAINAGE_PERCENT) return { ok: false, message: 'Retainage can be at most 20%.' };
  return { ok: true, value: n };
}

/** The waiver threshold box: dollars ("$1,000" too); blank for the default. */
export function parseWaiverThreshold(text: string): Parsed {
  const t = text.trim().replace(/[\s$,]/g, '');
  if (t === '') return { ok: true, value: null };
  if (t.startsWith('-')) return { ok: false, message: 'The amount cannot be negative. Use 0 for every payment.' };
  if (/^\d*\.\d{3,}$/.test(t)) return { ok: false, message: 'Use at most two decimals (cents).' };
  if (!/^\d+(\.\d{1,2})?$/.test(t)) {
    return { ok: false, message: 'Enter an amount in dollars, such as 500 or 1000.50.' };
  }
  return { ok: true, value: Number(t) };
}

/** The form's own checks of the five fields, in its words (none when all is well). */
export function checkLending(values: LendingValues): FieldErrors {
  const problems: FieldErrors = {};
  const tooLong = (name: keyof LendingValues, max: number, what: string) => {
    if ([...values[name].trim()].length > max) problems[name] = [`Keep the ${what} to ${max} characters.`];
  };
  tooLong('address', ADDRESS_MAX, 'address');
  tooLong('lender_name', LENDER_NAME_MAX, "lender's name");
  tooLong('loan_number', LOAN_NUMBER_MAX, 'loan number');
  const retainage = parseRetainage(values.retainage_percent);
  if (!retainage.ok) problems.retainage_percent = [retainage.message];
  const threshold = parseWaiverThreshold(values.waiver_threshold);
  if (!threshold.ok) problems.waiver_threshold = [threshold.message];
  return problems;
}

/** What the body carries of them: texts trimmed; a blank number is left out (the server's default, or unchanged). */
export interface LendingPayload {
  address: string;
  lender_name: string;
  loan_number: string;
  retainage_percent?: number;
  waiver_threshold?: number;
}

/** The five fields for a create or a PATCH (call after `checkLending` found nothing). */
export function lendingPayload(values: LendingValues): LendingPayload {
  const retainage = parseRetainage(values.retainage_percent);
  const threshold = parseWaiverThreshold(values.waiver_threshold);
  return {
    address: values.address.trim(),
    lender_name: values.lender_name.trim(),
    loan_number: values.loan_number.trim(),
    ...(retainage.ok && retainage.value !== null ? { retainage_percent: retainage.value } : {}),
    ...(threshold.ok && threshold.value !== null ? { waiver_threshold: threshold.value } : {}),
  };
}
