// What the board shows of a task's Paid, from the task's own fields (status, actual_cost,
// payments_total, payment_count, committed_cost): no request per card or row, so a 1,000-task
// board stays fast (docs/money.md: the figures come with the board read). The task's Paid is the
// server's rule (money.ts taskPaidCents): its payments, or its actual cost when it is in Paid and
// that is more; so an unsaved move to Paid shows what the server will answer.
import { recordedMoney } from './bids-display';
import { taskPaidCents, toDollars } from './money';
import type { Task } from './types';

type PaidFields = Pick<Task, 'status' | 'actual_cost' | 'committed_cost' | 'payment_count'> &
  Partial<Pick<Task, 'payments_total' | 'paid_to_date'>>;

/** The task's Paid when it has payments or is paid by its actual cost, else null. */
export function paidAmount(task: Partial<PaidFields>): number | null {
  const paid = taskPaidCents({
    status: task.status ?? 'To Do',
    actual_cost: task.actual_cost ?? null,
    payments_total: task.payments_total,
    paid_to_date: task.paid_to_date,
  });
  return (task.payment_count ?? 0) > 0 || paid > 0 ? toDollars(paid) : null;
}

/**
 * The card's payment line: "Paid $12,000.00 of $41,800.00" (of its actual cost when entered, else of its
 * committed cost), "Paid $12,000.00" without either, or null when nothing is paid.
 */
export function paidText(task: Partial<PaidFields>): string | null {
  const paid = paidAmount(task);
  if (paid === null) return null;
  const of = task.actual_cost ?? task.committed_cost ?? null;
  return of === null ? `Paid ${recordedMoney(paid)}` : `Paid ${recordedMoney(paid)} of ${recordedMoney(of)}`;
}
