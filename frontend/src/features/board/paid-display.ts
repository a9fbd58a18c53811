// What the board shows of a task's payments, from the task's own fields (paid_to_date,
// payment_count, committed_cost, actual_cost): no request per card or row, so a 1,000-task board
// stays fast (docs/money.md: the figures come with the board read).
import { shortMoney } from './bids-display';
import type { Task } from './types';

type PaidFields = Pick<Task, 'actual_cost' | 'committed_cost' | 'paid_to_date' | 'payment_count'>;

/** The task's paid to date when it has payments, else null. */
export function paidAmount(task: Partial<PaidFields>): number | null {
  const paid = task.paid_to_date ?? 0;
  return (task.payment_count ?? 0) > 0 || paid > 0 ? paid : null;
}

/**
 * The card's payment line: "Paid $12,000 of $41,800" (of its actual cost when entered, else of its
 * committed cost), "Paid $12,000" without either, or null without payments.
 */
export function paidText(task: Partial<PaidFields>): string | null {
  const paid = paidAmount(task);
  if (paid === null) return null;
  const of = task.actual_cost ?? task.committed_cost ?? null;
  return of === null ? `Paid ${shortMoney(paid)}` : `Paid ${shortMoney(paid)} of ${shortMoney(of)}`;
}
