// Pure rules of the Money page (utils.test.ts): sums in integer cents, labels, percent complete
// of a task in a draw, CSV cells and file names.
import { formatDecimal, formatMoney, formatWholeMoney } from '../../lib/format';
import type {
  ChangeOrderStatus,
  DrawFinalWaiverMissing,
  DrawStatus,
  DrawWaiverMissing,
  MoneySummary,
  MoneyTask,
  PaymentMethod,
} from './types';

/** Dollars from the wire (at most two decimals) -> cents. */
export const toCents = (dollars: number | null | undefined): number =>
  dollars === null || dollars === undefined || !Number.isFinite(dollars) ? 0 : Math.round(dollars * 100);

/** Cents -> dollars. */
export const toDollars = (cents: number): number => cents / 100;

/** Sum of dollar amounts, added in cents (no floating drift: 0.1 + 0.2 = 0.3). */
export function sumDollars<T>(items: readonly T[], amount: (item: T) => number | null | undefined): number {
  return toDollars(items.reduce((sum, item) => sum + toCents(amount(item)), 0));
}

/** A prediction, in whole dollars as predictions are shown (docs/money.md): 39061 -> "$39,061"; null -> "–". */
export const formatPrediction = (dollars: number | null | undefined): string =>
  dollars === null || dollars === undefined || !Number.isFinite(dollars) ? '–' : formatWholeMoney(dollars);

/** 12.5 -> "12.5%", 12 -> "12%" (one decimal at most). */
export const formatPercent = (value: number) => `${formatDecimal(value, 0, 1)}%`;

// ---------- labels ----------

const METHOD_LABELS: Record<PaymentMethod, string> = {
  check: 'Check',
  card: 'Card',
  transfer: 'Bank transfer',
  cash: 'Cash',
  loan_draw: 'Loan draw',
  other: 'Other',
};

export const methodLabel = (method: string): string =>
  (METHOD_LABELS as Record<string, string | undefined>)[method] ?? method;

const CHANGE_ORDER_LABELS: Record<ChangeOrderStatus, string> = {
  proposed: 'Proposed',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const changeOrderStatusLabel = (status: string): string =>
  (CHANGE_ORDER_LABELS as Record<string, string | undefined>)[status] ?? status;

const DRAW_LABELS: Record<DrawStatus, string> = { draft: 'Draft', submitted: 'Submitted', funded: 'Funded' };

export const drawStatusLabel = (status: string): string =>
  (DRAW_LABELS as Record<string, string | undefined>)[status] ?? status;

export const isDrawStatus = (value: unknown): value is DrawStatus =>
  value === 'draft' || value === 'submitted' || value === 'funded';

/** Where the predicted total stands against the reserve, in one sentence. */
export function contingencySentence(
  summary: Pick<MoneySummary, 'status' | 'contingency_used' | 'contingency_reserve' | 'headroom'>,
): string {
  if (summary.status === 'over')
    return `The predicted total is ${formatMoney(-summary.headroom)} over the budget: the reserve is used up.`;
  if (summary.status === 'warning')
    return `The predicted total has used ${formatMoney(summary.contingency_used)} of the ${formatMoney(summary.contingency_reserve)} reserve.`;
  return 'The predicted total fits the working budget: the reserve is untouched.';
}

/** What the predicted total is made of: calibrated or regional predictions, and the other total. */
export function predictionBasisText(
  summary: Pick<
    MoneySummary,
    'use_calibration' | 'calibrated' | 'predicted_total_regional' | 'predicted_total_calibrated'
  >,
): string {
  const ratio = summary.calibrated?.ratio;
  if (summary.use_calibration && ratio !== undefined)
    return `Calibrated predictions (regional × ${formatDecimal(ratio, 2, 3)}); with regional ones ${formatMoney(summary.predicted_total_regional)}`;
  if (summary.predicted_total_calibrated !== null && summary.predicted_total_calibrated !== undefined)
    return `Regional predictions; calibrated ones would give ${formatMoney(summary.predicted_total_calibrated)}`;
  return 'Regional predictions where no cost is known yet';
}

// ---------- draws ----------

/**
 * How complete a task is, for a lender's inspector, in whole percent: 100 once it is in Paid,
 * else its paid to date over its best-known cost, rounded down and never above 100 (a task with
 * payments but no cost known counts as 100, one with neither as 0).
 */
export function percentComplete(task: Pick<MoneyTask, 'status' | 'paid_to_date' | 'best_known'>): number {
  if (task.status === 'Paid') return 100;
  const paid = toCents(task.paid_to_date);
  const cost = toCents(task.best_known);
  if (paid <= 0) return 0;
  if (cost <= 0) return 100;
  return Math.min(100, Math.floor((paid * 100) / cost));
}

/** "2026-11-20" -> "Nov 20, 2026" (the words a lender's paperwork uses). */
export function shortDay(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!m) return iso || '-';
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/** "$2,000.00 to Acme Framing, paid Nov 20, 2026 — no lien waiver received" */
export const waiverMissingText = (w: Pick<DrawWaiverMissing, 'amount' | 'contractor_name' | 'paid_on'>) =>
  `${formatMoney(w.amount)} to ${w.contractor_name}, paid ${shortDay(w.paid_on)} — no lien waiver received`;

/** "Acme Framing — no unconditional final lien waiver received" */
export const finalWaiverMissingText = (w: Pick<DrawFinalWaiverMissing, 'contractor_name'>) =>
  `${w.contractor_name} — no unconditional final lien waiver received`;

/** A percent complete as the continuation sheet shows it: 43.4 -> "43.4%", 100 -> "100%". */
export const formatSheetPercent = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? '–' : formatPercent(value);

export type PercentResult = { ok: true; value: number | null } | { ok: false; message: string };

/** The inspector's percent complete of a line: "" -> null (the work to date); 0–100, one decimal. */
export function parsePercent(text: string): PercentResult {
  const clean = text.trim().replace(/%$/, '').trim();
  if (clean === '') return { ok: true, value: null };
  if (!/^\d+(\.\d)?$/.test(clean) || Number(clean) > 100)
    return { ok: false, message: 'Enter a percent from 0 to 100, with at most one decimal.' };
  return { ok: true, value: Number(clean) };
}

// ---------- files ----------

/** "Willow Creek House" -> "willow_creek_house"; empty -> null. */
export function fileSlug(name: string | null | undefined): string | null {
  const slug = (name ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60)
    .replace(/_+$/g, '');
  return slug === '' ? null : slug;
}

// ---------- forms ----------

export type AmountResult = { ok: true; value: number } | { ok: false; message: string };

/** "38,000", "$38,000.50", " 38000 " -> dollars above 0, at most two decimals. */
export function parseDollars(text: string): AmountResult {
  const clean = text.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  if (clean === '') return { ok: false, message: 'Enter the amount.' };
  if (/^-/.test(clean)) return { ok: false, message: 'The amount cannot be negative.' };
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(clean)) return { ok: false, message: 'Enter the amount as a number, e.g. 12000.' };
  if (/\.\d{3,}$/.test(clean)) return { ok: false, message: 'Use at most two decimals (cents).' };
  const value = Number(clean);
  if (!Number.isFinite(value)) return { ok: false, message: 'Enter the amount as a number, e.g. 12000.' };
  if (toCents(value) <= 0) return { ok: false, message: 'The amount must be more than $0.' };
  return { ok: true, value };
}

/** The text an amount is edited as: 38000 -> "38000", 1234.5 -> "1234.50". */
export const amountEditText = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));
