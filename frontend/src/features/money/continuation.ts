// The continuation sheet of a draw (issue 34, in the spirit of AIA G703), one shape for the screen
// (components/continuation-sheet.tsx) and the PDF (export-draw-pdf.ts). Every figure is the
// server's (the draw's lines and totals): this module formats, it never adds or subtracts money.
import { formatMoney } from '../../lib/format';
import type { Draw } from './types';
import { formatSheetPercent } from './utils';

/** The columns, in order: the task, then the figures (right-aligned). */
export const SHEET_COLUMNS = [
  'Task',
  'Scheduled value',
  'Previous',
  'This period',
  'Completed to date',
  '%',
  'Balance to finish',
  'Retainage',
  'Net',
] as const;

export interface SheetRow {
  /** The line's task, or null once deleted. */
  task: number | null;
  /** The task's title, then each figure formatted, in SHEET_COLUMNS' order. */
  cells: string[];
  /** The lender inspector's percent set this line's amount. */
  inspected: boolean;
  /**
   * The inspector's percent, formatted ("5%"), when it differs from the completed percent the
   * sheet shows (earlier draws may have covered more than the inspector's figure); else null.
   */
  inspectorDiffers: string | null;
}

/** Two percents with one decimal are the same figure. */
const samePercent = (a: number, b: number) => Math.round(a * 10) === Math.round(b * 10);

/**
 * The inspector's percent, formatted, when it differs from the line's completed percent: the
 * sheet's % is always completed to date over scheduled value; the inspector's figure only set the
 * amount asked, so it is shown beside it, never in its place.
 */
export function inspectorDiffers(item: Pick<Draw['items'][number], 'percent_complete' | 'inspected_percent'>) {
  const inspected = item.inspected_percent;
  if (inspected === null || inspected === undefined) return null;
  return samePercent(inspected, item.percent_complete) ? null : formatSheetPercent(inspected);
}

/** One row per line of the draw. */
export function sheetRows(draw: Pick<Draw, 'items'>): SheetRow[] {
  return draw.items.map((item) => ({
    task: item.task,
    inspected: item.inspected_percent !== null && item.inspected_percent !== undefined,
    inspectorDiffers: inspectorDiffers(item),
    cells: [
      item.title,
      formatMoney(item.scheduled_value),
      formatMoney(item.previous),
      formatMoney(item.this_period),
      formatMoney(item.completed_to_date),
      formatSheetPercent(item.percent_complete),
      formatMoney(item.balance_to_finish),
      formatMoney(item.retainage),
      formatMoney(item.net),
    ],
  }));
}

/** The totals row: the server's totals (no percent for the whole: it is not a figure it gives). */
export function sheetTotals(
  draw: Pick<
    Draw,
    | 'scheduled_total'
    | 'previous_total'
    | 'total'
    | 'completed_to_date_total'
    | 'balance_to_finish_total'
    | 'retainage_total'
    | 'net_total'
  >,
): string[] {
  return [
    'Total',
    formatMoney(draw.scheduled_total),
    formatMoney(draw.previous_total),
    formatMoney(draw.total),
    formatMoney(draw.completed_to_date_total),
    '',
    formatMoney(draw.balance_to_finish_total),
    formatMoney(draw.retainage_total),
    formatMoney(draw.net_total),
  ];
}

/** "Retainage 5% of this period" / "No retainage held" (the project's percent, as the server read it). */
export const retainageWords = (percent: number) =>
  percent > 0 ? `Retainage: ${formatSheetPercent(percent)} of this period is held back.` : 'No retainage is held.';
