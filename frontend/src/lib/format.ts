// Number formatting without Intl on the first render: the first Intl.NumberFormat (or
// Number#toLocaleString) in a fresh renderer process initialises ICU's number formatting,
// measured at 28–117 ms of main thread on the build machine before any CPU throttling
// (docs/lighthouse.md, 2026-11-23). These functions give the same strings as Intl's en-US
// formatting (rounding half away from zero on the shortest decimal form of the double, as
// ICU does), and fall back to Intl for what they do not handle (exponent forms, infinities).

const fallback = new Map<string, Intl.NumberFormat>();
function intl(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let f = fallback.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', options);
    fallback.set(key, f);
  }
  return f;
}

/**
 * `new Intl.NumberFormat('en-US', { minimumFractionDigits, maximumFractionDigits }).format(value)`:
 * thousands separators, at most `maxFrac` decimals (half away from zero), trailing zeros kept
 * down to `minFrac`, a minus sign for negative values (and -0).
 */
export function formatDecimal(value: number, minFrac: number, maxFrac: number): string {
  const text = String(Math.abs(value));
  if (!/^\d+(\.\d+)?$/.test(text)) {
    return intl(`d${minFrac}-${maxFrac}`, { minimumFractionDigits: minFrac, maximumFractionDigits: maxFrac }).format(
      value,
    );
  }
  let [int, frac = ''] = text.split('.');
  if (frac.length > maxFrac) {
    const up = frac.charCodeAt(maxFrac) >= 53; // next digit >= '5'
    frac = frac.slice(0, maxFrac);
    if (up) {
      const digits = (int + frac).split('');
      let i = digits.length - 1;
      for (; i >= 0 && digits[i] === '9'; i--) digits[i] = '0';
      if (i < 0) digits.unshift('1');
      else digits[i] = String(Number(digits[i]) + 1);
      const all = digits.join('');
      int = all.slice(0, all.length - maxFrac);
      frac = all.slice(all.length - maxFrac);
    }
  }
  while (frac.length > minFrac && frac.endsWith('0')) frac = frac.slice(0, -1);
  frac = frac.padEnd(minFrac, '0');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
}

/** `value.toLocaleString('en-US')`: 2400 -> "2,400", 1234.5678 -> "1,234.568". */
export function formatNumber(value: number): string {
  return formatDecimal(value, 0, 3);
}

/** US dollars, two decimals, thousands separators: 1234.5 -> "$1,234.50". */
export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '-';
  if (!Number.isFinite(value)) {
    return intl('usd', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(value);
  }
  const text = formatDecimal(value, 2, 2);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
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

/** The server's one message for a date outside the years it accepts (1900 to 2200). */
export const MSG_DATE_OUT_OF_RANGE = 'Enter a date between 1900-01-01 and 2200-12-31.';

/**
 * True when a date input's YYYY-MM-DD value falls outside 1900-2200. A date input lets a year of
 * five or six digits through ("10000-01-01"); empty or other values are left to the server.
 */
export function isDateOutOfRange(value: string): boolean {
  const m = /^(\d{4,6})-\d{2}-\d{2}$/.exec(value.trim());
  if (!m) return false;
  const year = Number(m[1]);
  return year < 1900 || year > 2200;
}

// ---------- predictions in whole dollars, with their likely range (issue 20) ----------
// One rule for every page (the board's): "$31,000 (26,000–37,000)". Whole dollars, an en dash,
// no dollar sign inside the parentheses, the lower end first; no range when an end is unknown
// or both ends are the same in whole dollars; "-" when there is no value.

const isAmount = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Whole dollars with thousands separators, without the sign: 25,999.5 -> "26,000". */
export function wholeDollars(value: number): string {
  return formatDecimal(value, 0, 0);
}

/** "$31,000": whole dollars with the sign. */
export function formatWholeMoney(value: number): string {
  const text = wholeDollars(value);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/**
 * The range's two ends, lower first; null when there is no range to show: an end unknown, or
 * both the same in whole dollars (a known cost, one published figure for every quality).
 */
export function rangeEnds(low: number | null | undefined, high: number | null | undefined): [number, number] | null {
  if (!isAmount(low) || !isAmount(high)) return null;
  const ends: [number, number] = low <= high ? [low, high] : [high, low];
  return wholeDollars(ends[0]) === wholeDollars(ends[1]) ? null : ends;
}

/** "(26,000–37,000)", or null when there is no range to show. */
export function formatRange(low: number | null | undefined, high: number | null | undefined): string | null {
  const ends = rangeEnds(low, high);
  return ends ? `(${wholeDollars(ends[0])}–${wholeDollars(ends[1])})` : null;
}

/** "$31,000 (26,000–37,000)"; "$31,000" alone without a range; "-" without a value. */
export function formatWithRange(
  value: number | null | undefined,
  low: number | null | undefined,
  high: number | null | undefined,
): string {
  if (!isAmount(value)) return '-';
  const range = formatRange(low, high);
  return range ? `${formatWholeMoney(value)} ${range}` : formatWholeMoney(value);
}

/** The range in words, for screen readers and tooltips: "likely $26,000 to $37,000"; null without one. */
export function rangeInWords(low: number | null | undefined, high: number | null | undefined): string | null {
  const ends = rangeEnds(low, high);
  return ends ? `likely ${formatWholeMoney(ends[0])} to ${formatWholeMoney(ends[1])}` : null;
}
