// The one CSV writer of the app's exports (the board's, the payments'): every cell goes through
// `csvCell`, every row through `csvRow`. The server writes no CSV.

/** A cell a spreadsheet would run as a formula starts with one of these (OWASP, CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * What makes a cell need quotes: the separators a spreadsheet may split it on (`,`, and `;`, the
 * list separator where the decimal mark is a comma), quotes, line breaks and tabs. Unquoted, a
 * payee `x;=HYPERLINK(…)` would open as two cells there, the second one a formula.
 */
const NEEDS_QUOTES = /[",;\r\n\t]/;

/**
 * One CSV field. A value that starts like a formula gets a leading `'` (shown as text, never run);
 * then a value with a separator, a quote, a line break or a tab is quoted, its quotes doubled.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line: each cell through `csvCell`, separated by commas. */
export function csvRow(cells: readonly string[]): string {
  return cells.map(csvCell).join(',');
}
