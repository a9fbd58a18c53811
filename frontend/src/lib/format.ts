const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** US dollars, two decimals, thousands separators: 1234.5 -> "$1,234.50". */
export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '-';
  return usd.format(value);
}

/**
 * Reads a current_period_end: a number (or numeric string) of 10 digits is
 * seconds, 13 digits milliseconds; anything else is parsed as a date string.
 */
export function parsePeriodEnd(value: number | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value).trim();
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    const ms = text.length <= 10 ? n * 1000 : n;
    const d = new Date(ms);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A date in the browser's locale, or a dash. */
export function formatDate(value: Date | string | number | null | undefined, locale?: string): string {
  if (value === null || value === undefined || value === '') return '-';
  const d = value instanceof Date ? value : parsePeriodEnd(value);
  if (!d) return '-';
  return d.toLocaleDateString(locale);
}

/** A YYYY-MM-DD calendar date in the browser's locale (no timezone shift). */
export function formatIsoDay(value: string | null | undefined, locale?: string): string {
  if (!value) return '-';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return formatDate(value, locale);
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).toLocaleDateString(locale);
}
