import { formatMoney } from '../../../lib/format';
import { paidAmount, paidText } from '../paid-display';
import type { Task } from '../types';

type PaidFields = Pick<
  Task,
  'status' | 'actual_cost' | 'committed_cost' | 'paid_to_date' | 'payments_total' | 'payment_count'
>;

/** A Kanban card's Paid line ("Paid $12,000.00 of $41,800.00"), or nothing while nothing is paid. */
export function CardPaid({ task }: { task: PaidFields }) {
  const text = paidText(task);
  if (!text) return null;
  return (
    <p className="task-paid" data-testid="task-paid">
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
        <rect x="3" y="6" width="18" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="12" cy="12" r="2.2" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span>{text}</span>
    </p>
  );
}

/** The spreadsheet's Paid cell: the task's Paid, or a dash while nothing is paid. */
export function PaidCell({ task }: { task: PaidFields }) {
  const paid = paidAmount(task);
  return (
    <td className="num readonly" data-testid="sheet-paid">
      {paid === null ? <span className="muted">-</span> : formatMoney(paid)}
    </td>
  );
}
