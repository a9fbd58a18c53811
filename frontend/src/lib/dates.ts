// Calendar days as the app's date inputs and the server write them: YYYY-MM-DD.

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Today (or the day of `now`) in the browser's calendar, its time zone, as YYYY-MM-DD: a date
 * input's value or `min`, a payment's day, the day an export is dated.
 */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`;
}
