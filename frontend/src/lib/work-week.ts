// The project's working calendar (issue 33): which weekdays are worked, as the server codes them.

/** A weekday's code on the wire (`work_week`), Monday first. */
export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

/** The seven days in order, with their names (the project's "Work week" boxes). */
export const WEEKDAYS: readonly { value: Weekday; label: string }[] = [
  { value: 'mon', label: 'Mon' },
  { value: 'tue', label: 'Tue' },
  { value: 'wed', label: 'Wed' },
  { value: 'thu', label: 'Thu' },
  { value: 'fri', label: 'Fri' },
  { value: 'sat', label: 'Sat' },
  { value: 'sun', label: 'Sun' },
];

/** The server's default: Monday to Friday. */
export const DEFAULT_WORK_WEEK: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];

/** The form's check of the work week, in its words (the server never takes an empty one). */
export const MSG_WORK_WEEK_EMPTY = 'Choose at least one working day.';

/** The ticked days in the week's order (the boxes give them in the order they were ticked). */
export const inWeekOrder = (days: readonly string[]): Weekday[] =>
  WEEKDAYS.map((d) => d.value).filter((d) => days.includes(d));

/** The carrying cost as typed: '' is none (null), else dollars with at most two decimals. */
export function parseCarryingCost(text: string): { ok: true; value: number | null } | { ok: false; message: string } {
  const t = text.trim().replace(/[\s$,]/g, '');
  if (t === '') return { ok: true, value: null };
  if (!/^\d+(\.\d{1,2})?$/.test(t)) {
    return { ok: false, message: 'Enter an amount in dollars, such as 2500 or 2500.50, or leave it empty.' };
  }
  return { ok: true, value: Number(t) };
}
