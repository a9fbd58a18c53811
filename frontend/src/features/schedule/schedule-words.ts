import { formatMoney } from '../../lib/format';
import type { Schedule } from './types';

// The schedule summary's sentences (schedule-summary-panel.tsx), also written by the share page's
// read-only schedule (read-only-schedule.tsx): a module of its own, so that the share page's chunk
// does not carry the panel's dialogs.

/** "Finish slips 4 calendar days: $1,333.33 at $10,000.00 a month" and the like. */
export function slipText(schedule: Pick<Schedule, 'slip_calendar_days' | 'carrying_cost_of_slip' | 'variance_days'>) {
  if (schedule.variance_days === null || schedule.variance_days <= 0) return null;
  const cost = schedule.carrying_cost_of_slip;
  if (cost === null) return 'Set a monthly carrying cost to see what the slip costs.';
  const days = schedule.slip_calendar_days;
  return `The slip costs ${formatMoney(cost)}${days === null ? '' : ` (${days} calendar ${days === 1 ? 'day' : 'days'})`}.`;
}
