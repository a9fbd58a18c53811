// Predictions with their likely range (issue 20): "$31,000 (26,000–37,000)". Whole dollars,
// an en dash, no dollar sign inside the parentheses. Intl-free (src/lib/format.ts), so the
// landing chunk stays light and the first render initialises no ICU number formatting.
import { formatDecimal } from '../../../lib/format';

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Whole dollars without the sign: 26000.4 -> "26,000". */
export function wholeDollars(value: number): string {
  return formatDecimal(Math.round(value), 0, 0);
}

/**
 * The range's two ends in whole dollars, lower first; null when there is no range to show
 * (an end missing, or both ends the same once rounded: one published figure for every quality).
 */
export function rangeEnds(low: number | null | undefined, high: number | null | undefined): [string, string] | null {
  if (!finite(low) || !finite(high)) return null;
  const [a, b] = low <= high ? [low, high] : [high, low];
  const lo = wholeDollars(a);
  const hi = wholeDollars(b);
  return lo === hi ? null : [lo, hi];
}

/** "26,000–37,000", or null when there is no range. */
export function formatRange(low: number | null | undefined, high: number | null | undefined): string | null {
  const ends = rangeEnds(low, high);
  return ends ? `${ends[0]}–${ends[1]}` : null;
}

/** "$31,000 (26,000–37,000)"; just "$31,000" when there is no range. */
export function formatWithRange(value: number, low: number | null | undefined, high: number | null | undefined): string {
  const range = formatRange(low, high);
  return `$${wholeDollars(value)}${range ? ` (${range})` : ''}`;
}
