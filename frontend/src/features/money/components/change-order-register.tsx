import { formatIsoDay, formatMoney } from '../../../lib/format';
import type { ChangeOrderRegister as Register } from '../types';
import { changeOrderStatusLabel, formatPercent } from '../utils';
import { ScrollTable } from './scroll-table';

/** The text of the register's warning (approved change orders beyond 10% of the committed total). */
export const changeOrderWarning = (percent: number | null) =>
  `Approved change orders are ${percent === null ? 'more than 10%' : formatPercent(percent)} of the committed total — more than 10%.`;

/**
 * Every change order of the project in date order, with the running total of the approved ones
 * and the contingency left once each counted (approved change orders raise the predicted total,
 * so they consume the contingency; the server works it out, docs/money.md).
 */
export function ChangeOrderRegister({ register }: { register: Register }) {
  const rows = register.change_orders;
  return (
    <>
      {register.warning && (
        <p className="money-warning" role="note" data-testid="change-order-warning">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M12 3 2 21h20L12 3z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
            <path d="M12 10v5M12 18v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>
            <strong>Warning: </strong>
            {changeOrderWarning(register.approved_percent)}
          </span>
        </p>
      )}
      {rows.length === 0 ? (
        <p className="muted">No change orders yet. Enter them in a task&apos;s Change orders section on the board.</p>
      ) : (
        <ScrollTable label="Change-order table">
          <table className="table money-cards" data-testid="change-order-table">
            <caption className="visually-hidden">
              Change orders in date order, with the running total of approved ones and the contingency left after each
            </caption>
            <thead className="visually-hidden-narrow">
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Task</th>
                <th scope="col">Description</th>
                <th scope="col">Contractor</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col" className="num">
                  Approved to date
                </th>
                <th scope="col" className="num">
                  Contingency left after
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((co) => (
                <tr key={co.id} data-change-order-id={co.id}>
                  <td className="nowrap" data-label="Date">
                    {formatIsoDay(co.date)}
                  </td>
                  <td className="co-task" data-label="Task">
                    {co.task_title}
                  </td>
                  <td className="co-description" data-label="Description">
                    {co.description}
                  </td>
                  <td data-label="Contractor">{co.contractor?.name ?? '–'}</td>
                  <td data-label="Status">
                    <span className={`co-status co-status-${co.status}`}>{changeOrderStatusLabel(co.status)}</span>
                  </td>
                  <td className="num" data-label="Amount">
                    {formatMoney(co.amount)}
                  </td>
                  <td className="num" data-label="Approved to date">
                    {formatMoney(co.running_total)}
                  </td>
                  <td className="num" data-label="Contingency left after" data-testid="co-contingency-left">
                    {formatMoney(co.contingency_left_after)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      <dl className="money-facts">
        <div>
          <dt>Approved total</dt>
          <dd data-testid="change-orders-approved">{formatMoney(register.approved_total)}</dd>
        </div>
        <div>
          <dt>Committed total</dt>
          <dd>{formatMoney(register.committed_total)}</dd>
        </div>
        <div>
          <dt>Approved share</dt>
          <dd data-testid="change-orders-percent">
            {register.approved_percent === null ? 'Nothing committed yet' : formatPercent(register.approved_percent)}
          </dd>
        </div>
      </dl>
    </>
  );
}
