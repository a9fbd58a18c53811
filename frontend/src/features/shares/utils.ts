// Pure helpers of the share links: dates, columns, the message to send. Predictions and their
// ranges are written by src/lib/format.ts, so the numbers read the same on every page of the app.
import { formatDecimal, formatIsoDay, isDateOutOfRange, MSG_DATE_OUT_OF_RANGE } from '../../lib/format';
import type { FieldErrors } from '../../lib/form-errors';
import type { Column, Share, SharedTask } from './types';

/** A link's last day is inclusive: it is expired only from the day after. */
export function isExpired(expiresOn: string | null | undefined, today: string): boolean {
  return !!expiresOn && expiresOn < today;
}

/** "Works until Jan 5, 2027" / "Worked until …" once past / "No end date". */
export function expiryText(expiresOn: string | null | undefined, today: string, locale?: string): string {
  if (!expiresOn) return 'No end date';
  const day = formatIsoDay(expiresOn, locale);
  return isExpired(expiresOn, today) ? `Worked until ${day}` : `Works until ${day}`;
}

/** "to-do", "in-progress", "paid": a column's class and test id. */
export function columnSlug(column: Column): string {
  return column.toLowerCase().replace(/\s+/g, '-');
}

/** The tasks of each column, in board order (position, then id). */
export function tasksByColumn(tasks: readonly SharedTask[]): Record<Column, SharedTask[]> {
  const columns: Record<Column, SharedTask[]> = { 'To Do': [], 'In Progress': [], Paid: [] };
  const sorted = [...tasks].sort((a, b) => a.position - b.position || a.id - b.id);
  for (const t of sorted) (columns[t.status] ?? columns['To Do']).push(t);
  return columns;
}

/** The message a link is sent with, by text or email. */
export function shareMessage(projectName: string | null, url: string): string {
  const what = projectName ? `the budget of ${projectName}` : 'my project budget';
  return `Here is a read-only view of ${what} on BuildLedger, always up to date: ${url}`;
}

/** A mailto: address with a subject and the message. */
export function mailtoHref(projectName: string | null, url: string): string {
  const subject = projectName ? `${projectName}: project budget` : 'Project budget';
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(shareMessage(projectName, url))}`;
}

/** An sms: address with the message (`?&body=` is read by both iOS and Android). */
export function smsHref(projectName: string | null, url: string): string {
  return `sms:?&body=${encodeURIComponent(shareMessage(projectName, url))}`;
}

/** A bid against the prediction: 4.5 -> "+4.5%", -12 -> "−12%", 0 -> "0%". */
export function formatPercent(value: number): string {
  const text = formatDecimal(Math.abs(value), 0, 1);
  if (text === '0') return '0%';
  return `${value > 0 ? '+' : '−'}${text}%`;
}

/** "1.2 MB", "340 KB", "900 bytes". */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${formatDecimal(bytes / (1024 * 1024), 0, 1)} MB`;
  if (bytes >= 1024) return `${formatDecimal(bytes / 1024, 0, 0)} KB`;
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
}

// ---------- the owner's form ----------

export interface ShareFormValues {
  label: string;
  /** YYYY-MM-DD, or empty for no end date. */
  expires_on: string;
  include_documents: boolean;
  include_bids: boolean;
  include_payments: boolean;
  include_draws: boolean;
}

/** What a link shows besides the budget and the board, as the list says it. */
export function includedText(
  share: Pick<Share, 'include_documents' | 'include_bids' | 'include_payments'> & Partial<Pick<Share, 'include_draws'>>,
): string {
  const parts = [
    share.include_bids && 'bids',
    share.include_payments && 'payments',
    share.include_draws && 'draws',
    share.include_documents && 'documents',
  ].filter((p): p is string => typeof p === 'string');
  if (parts.length === 0) return 'Budget and board only';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `With ${list}`;
}

/** The server's limit on a label, in characters. */
export const LABEL_MAX = 60;

/** The form's own checks before asking the server (which checks the same, and more). */
export function validateShareForm(values: ShareFormValues, today: string): FieldErrors {
  const fields: FieldErrors = {};
  const label = values.label.trim();
  if (!label) fields.label = ['Give the link a label, such as Bank or Sam.'];
  else if ([...label].length > LABEL_MAX) fields.label = [`Keep the label to ${LABEL_MAX} characters.`];
  // Out of range first: "10000-01-01" sorts before today as text.
  if (values.expires_on && isDateOutOfRange(values.expires_on)) fields.expires_on = [MSG_DATE_OUT_OF_RANGE];
  else if (values.expires_on && values.expires_on < today) fields.expires_on = ['Pick today or a later day.'];
  return fields;
}

// ---------- draws and lien waivers (issue 34) ----------

const DRAW_STATUS: Record<string, string> = { draft: 'Draft', submitted: 'Submitted', funded: 'Funded' };

/** "Draft", "Submitted", "Funded". */
export function drawStatusLabel(status: string): string {
  return DRAW_STATUS[status] ?? status;
}

/** A line's percent complete, one decimal at most: 62.5 -> "62.5%", 100 -> "100%". */
export function formatPercentComplete(value: number): string {
  return `${formatDecimal(value, 0, 1)}%`;
}

/** The project's retainage, two decimals at most: 5 -> "5%", 7.25 -> "7.25%". */
export function formatRetainage(value: number): string {
  return `${formatDecimal(value, 0, 2)}%`;
}

/** Where a payment stands with its lien waiver, in words (the payments list of a link). */
export const WAIVER_STATUS: Record<string, { label: string; tone: 'ok' | 'warn' | 'missing' | 'none' }> = {
  not_needed: { label: 'Not needed', tone: 'none' },
  missing: { label: 'Missing', tone: 'missing' },
  requested: { label: 'Requested', tone: 'warn' },
  received: { label: 'Received', tone: 'ok' },
};
