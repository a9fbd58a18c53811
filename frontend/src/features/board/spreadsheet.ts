// The spreadsheet view's rules (pure, unit-tested in spreadsheet.test.ts): sorting, the totals
// row, the variance mark, the overdue mark, reading a typed cost, and the message a cell shows
// when the server refuses an inline edit.
import { ApiError } from '../../lib/api-client';
import {
  activeRatio,
  bestKnownRangeCents,
  MAX_CENTS,
  ratioPerMille,
  roundToCent,
  shownPrediction,
  taskPaidCents,
  toCents,
  toDollars,
  type PredictionSettings,
} from './money';
import { paidAmount } from './paid-display';
import { STATUSES, type Task } from './types';

// ---------- sorting ----------

export type SortKey = 'title' | 'actual_cost' | 'predicted' | 'paid' | 'status';
export type SortDir = 'ascending' | 'descending';
export interface SheetSort {
  key: SortKey;
  dir: SortDir;
}

/** Header clicks cycle ascending -> descending -> board order (null). */
export function nextSort(current: SheetSort | null, key: SortKey): SheetSort | null {
  if (!current || current.key !== key) return { key, dir: 'ascending' };
  return current.dir === 'ascending' ? { key, dir: 'descending' } : null;
}

let collator: Intl.Collator | null = null;
// Created on the first sort by title only (Intl's first use costs a few ms, see lib/format.ts).
const compareText = (a: string, b: string) => {
  collator ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  return collator.compare(a, b);
};

const statusRank = (s: string) => {
  const i = (STATUSES as readonly string[]).indexOf(s);
  return i < 0 ? 0 : i;
};

/**
 * The tasks in the order of `sort` (a new array; the input is untouched). Blank costs and
 * predictions come last in both directions; ties keep board order (the sort is stable).
 * `predicted` gives each task's predicted cost (null when unknown).
 */
export function sortTasks(
  tasks: readonly Task[],
  sort: SheetSort | null,
  predicted: (t: Task) => number | null,
): readonly Task[] {
  if (!sort) return tasks;
  const sign = sort.dir === 'ascending' ? 1 : -1;
  const numeric = (value: (t: Task) => number | null | undefined) => {
    const keyed = tasks.map((t, i) => ({ t, i, v: value(t) ?? null }));
    keyed.sort((a, b) => {
      if (a.v === null || b.v === null) return a.v === b.v ? a.i - b.i : a.v === null ? 1 : -1;
      return (a.v - b.v) * sign || a.i - b.i;
    });
    return keyed.map((k) => k.t);
  };
  switch (sort.key) {
    case 'title':
      return [...tasks].sort((a, b) => compareText(a.title, b.title) * sign);
    case 'status':
      return [...tasks].sort((a, b) => (statusRank(a.status) - statusRank(b.status)) * sign);
    case 'actual_cost':
      return numeric((t) => t.actual_cost);
    case 'predicted':
      return numeric(predicted);
    case 'paid':
      return numeric(paidAmount);
  }
}

// ---------- totals ----------

export interface SheetTotals {
  /** Sum of the costs entered (Your Cost), in dollars. */
  actual: number;
  /** Sum of the predictions shown (Predicted Cost), in dollars. */
  predicted: number;
  /** Sum of the tasks' Paid (the summary's Paid), in dollars. */
  paid: number;
  /**
   * Best-known total: each task's own cost where entered, else its awarded bid (committed
   * cost), else its prediction (money.ts, the server's rule): the budget summary's Predicted
   * Total Cost. With calibration in use (issue 29), the predictions calibrated (fees aside).
   */
  projected: number;
}

const clamp = (cents: number) => Math.min(cents, MAX_CENTS);

/**
 * The totals row, summed in cents like the server (each sum clamped to MAX_CENTS); with the
 * project's calibration in use (`prediction`: the summary's setting and ratio), the predictions
 * are the calibrated ones, and the projected total counts the tasks without a known cost at them.
 */
export function sheetTotals(
  tasks: readonly Task[],
  squareFootage: number | null | undefined,
  prediction: PredictionSettings = null,
): SheetTotals {
  const ratio = activeRatio(prediction);
  const perMille = ratio === null ? null : ratioPerMille(ratio);
  let actual = 0;
  let predicted = 0;
  let paid = 0;
  let projected = 0;
  for (const t of tasks) {
    paid += taskPaidCents(t);
    if (t.actual_cost !== null && t.actual_cost !== undefined) actual += toCents(t.actual_cost);
    predicted += shownPrediction(t, squareFootage, prediction)?.cents ?? 0;
    projected += bestKnownRangeCents(t, squareFootage, perMille).cents;
  }
  return {
    actual: toDollars(clamp(actual)),
    predicted: toDollars(clamp(predicted)),
    paid: toDollars(clamp(paid)),
    projected: toDollars(clamp(projected)),
  };
}

// ---------- variance and overdue ----------

/** Your cost is flagged when it is more than this share above the prediction. */
export const VARIANCE_THRESHOLD = 0.25;

/**
 * How far the actual cost is above the prediction, as a whole percentage, when it is more than
 * 25% above; null otherwise (no cost, no prediction, a prediction of 0, or within 25%).
 */
export function costOverrun(actual: number | null | undefined, predicted: number | null | undefined): number | null {
  if (actual === null || actual === undefined || predicted === null || predicted === undefined) return null;
  const a = toCents(actual);
  const p = toCents(predicted);
  if (p <= 0) return null;
  // a > p × 1.25, in whole cents (no floating-point edge at exactly 25%).
  if (a * 100 <= p * (100 + VARIANCE_THRESHOLD * 100)) return null;
  return Math.round(((a - p) / p) * 100);
}

/** Past due (before today, local date) and not Paid. */
export function isOverdue(task: Pick<Task, 'due_date' | 'status'>, today: string): boolean {
  return !!task.due_date && task.status !== 'Paid' && task.due_date < today;
}

// ---------- typed input ----------

export type CostInput = { ok: true; value: number | null } | { ok: false; message: string };

/**
 * A cost typed in a cell: blank is no cost (null); "$1,250.5" reads as 1250.5 and is rounded to
 * the cent like every cost input. A minus sign is kept: the server says why it refuses it.
 */
export function parseCostInput(text: string): CostInput {
  const cleaned = text.trim().replace(/[\s$,]/g, '');
  if (cleaned === '') return { ok: true, value: null };
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) {
    return { ok: false, message: 'Enter an amount in dollars, like 1250.50.' };
  }
  return { ok: true, value: roundToCent(Number(cleaned)) };
}

/** The raw figure a cost cell shows while it is edited (44100 -> "44100", 18250.5 -> "18250.50"). */
export function costEditText(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

// ---------- refused edits ----------

/** The fields a spreadsheet cell edits, by their wire names. */
export type SheetField = 'title' | 'actual_cost' | 'status';

const FIELD_LABELS: Record<string, string> = { title: 'Task', actual_cost: 'Your Cost', status: 'Status' };

/**
 * Why an inline edit of `field` was not saved, from the failed request: the server's messages
 * for that field (`ApiError.fields`), else those of another field (named), else its message.
 */
export function cellErrorMessage(error: unknown, field: SheetField): string {
  if (error instanceof ApiError) {
    const own = error.fields?.[field];
    if (own?.length) return own.join(' ');
    const other = Object.entries(error.fields ?? {}).find(([, m]) => Array.isArray(m) && m.length > 0);
    if (other) return `${FIELD_LABELS[other[0]] ?? other[0]}: ${other[1].join(' ')}`;
    if (error.status === 0) return 'Not saved: the server could not be reached. Try again.';
    if (error.status >= 500) return 'Not saved: the server had a problem. Try again.';
    if (error.status === 404) return 'Not saved: this task no longer exists. Reload the page.';
    return error.message || 'Not saved.';
  }
  return 'Not saved: the server could not be reached. Try again.';
}
