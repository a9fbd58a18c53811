// How the board speaks of a prediction's pricing and the project's calibration (issue 20), in
// words. The prediction and its range themselves ("$31,000 (26,000–37,000)") are written by
// src/lib/format.ts, the same on every page. Pure (range-display.test.ts).
import { formatDecimal } from '../../lib/format';
import { ratioPerMille } from './money';

/** How a task's prediction is priced, in words (a tooltip, the task form); null when unknown. */
export function pricingLabel(pricing: string | null | undefined): string | null {
  if (pricing === 'per_job') return 'priced per job';
  if (pricing === 'per_sqft') return 'per sq\u00a0ft';
  return null;
}

/**
 * What the predicted figure is, for a tooltip: the job's regional price for a job priced per
 * job, the regional rate x the area otherwise.
 */
export function pricingHint(pricing: string | null | undefined, squareFootage: number | null): string {
  if (pricing === 'per_job') return 'Priced per job: the regional price of this job, whatever the size of the house.';
  const area = squareFootage ? ` × ${formatDecimal(squareFootage, 0, 3)} sq ft` : ' × the square footage';
  return `Regional average per sq ft${area}.`;
}

/**
 * The project's prices against the regional average, in percent: (ratio - 1) x 100 rounded half
 * away from zero, as the server's `percent_vs_regional` (1.2 -> 20, 0.855 -> -15).
 */
export function percentVsRegional(ratio: number): number {
  const tenths = ratioPerMille(ratio) - 1000; // in tenths of a percent
  const percent = Math.round(Math.abs(tenths) / 10);
  return tenths < 0 ? -percent : percent;
}

/** "Your prices run 20% above the regional average (3 tasks)." (or "below", or "match"). */
export function calibrationSentence(percent: number, tasks: number): string {
  const n = `(${tasks} ${tasks === 1 ? 'task' : 'tasks'})`;
  if (percent === 0) return `Your prices match the regional average ${n}.`;
  return `Your prices run ${Math.abs(percent)}% ${percent > 0 ? 'above' : 'below'} the regional average ${n}.`;
}

/** Before a ratio: how many more tasks with a known price it takes (fixed fees never count). */
export function calibrationPending(tasks: number, minTasks: number): string {
  return `Calibration starts once ${minTasks} tasks have an awarded bid or an actual cost (${tasks} so far; fixed fees do not count).`;
}

/** A ratio as a multiplier: 1.2 -> "×1.2", 0.855 -> "×0.855". */
export function formatRatio(ratio: number): string {
  return `×${formatDecimal(ratioPerMille(ratio) / 1000, 0, 3)}`;
}
