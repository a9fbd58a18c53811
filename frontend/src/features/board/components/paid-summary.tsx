import { formatMoney } from '../../../lib/format';
import { paidAmount, paidText } from '../paid-display';
import type { Task } from '../types';

type PaidFields = Pick<Task, 'actual_cost' | 'committed_cost' | 'paid_to_date' | 'payment_count'>;

/** A Kanban card's payment line ("Paid $12,000 of $41,800"), or nothing without payments. */
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

/** The spreadsheet's Paid to Date cell: the task's paid to date, or a dash without payments. */
export function PaidCell({ task }: { task: PaidFields }) {
  const paid = paidAmount(task);
  return (
    <td className="num readonly" data-testid="sheet-paid">
      {paid === null ? <span className="muted">-</span> : formatMoney(paid)}
    </td>
  );
}
