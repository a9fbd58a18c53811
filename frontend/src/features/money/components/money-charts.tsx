import { useCallback, useMemo } from 'react';
import { formatIsoDay, formatMoney } from '../../../lib/format';
import { useMediaQuery } from '../../../lib/use-media-query';
import {
  axisLabel,
  barChartHeight,
  paidChartConfig,
  paidOverTime,
  taskBars,
  taskChartConfig,
  TOP_TASKS,
  type ChartColors,
} from '../chart-data';
import type { MoneyTask, ProjectPayment } from '../types';
import { formatPercent, toCents } from '../utils';
import { ChartCanvas } from './chart-canvas';
import { ScrollTable } from './scroll-table';

const money = (value: number | null) => (value === null ? '–' : formatMoney(value));

/** Budget (regional estimate), predicted, committed and paid per task (or the top tasks and "Other"). */
export function TaskChart({ tasks }: { tasks: readonly MoneyTask[] }) {
  const narrow = useMediaQuery('(max-width: 640px)');
  const bars = useMemo(() => taskBars(tasks), [tasks]);
  const build = useCallback(
    (colors: ChartColors) => {
      const config = taskChartConfig(bars, colors);
      // Short axis labels on a phone; the tooltip and the table keep them whole.
      if (narrow)
        config.data.labels = bars.rows.map((r) =>
          r.key === 'other' ? `Other (${r.taskCount})` : axisLabel(r.label, 14),
        );
      return config;
    },
    [bars, narrow],
  );
  const titleId = 'money-chart-tasks';
  const label = `Bar chart of budget, predicted, committed and paid ${bars.grouped ? `for the ${TOP_TASKS} largest tasks and the others` : 'per task'}. Totals: predicted ${formatMoney(bars.total.predicted)}, committed ${money(bars.total.committed)}, paid ${formatMoney(bars.total.paid)}. The figures are in the table below.`;

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{bars.grouped ? 'Largest tasks' : 'Tasks'}: budget, predicted, committed, paid</h2>
      <p className="muted money-lead">
        Budget is the task&apos;s regional estimate (rate × square footage); predicted is its best-known cost (actual,
        else committed, else the estimate); committed is the awarded bid with its approved change orders.
        {bars.grouped &&
          ` The ${TOP_TASKS} tasks with the highest predicted cost have their own bars; the other ${tasks.length - TOP_TASKS} are summed in "Other".`}
      </p>
      {tasks.length === 0 ? (
        <p className="muted">No tasks on the board yet.</p>
      ) : (
        <>
          <ChartCanvas build={build} label={label} height={barChartHeight(bars.rows.length)} />
          <details className="money-table-alt">
            <summary>Show the figures as a table</summary>
            <ScrollTable label="Task figures table">
              <table className="table">
                <caption className="money-vh">Budget, predicted, committed and paid per task, in dollars</caption>
                <thead>
                  <tr>
                    <th scope="col">Task</th>
                    <th scope="col" className="num">
                      Budget (estimate)
                    </th>
                    <th scope="col" className="num">
                      Predicted
                    </th>
                    <th scope="col" className="num">
                      Committed
                    </th>
                    <th scope="col" className="num">
                      Paid
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {bars.rows.map((r) => (
                    <tr key={r.key}>
                      <th scope="row">{r.label}</th>
                      <td className="num">{money(r.budget)}</td>
                      <td className="num">{formatMoney(r.predicted)}</td>
                      <td className="num">{money(r.committed)}</td>
                      <td className="num">{formatMoney(r.paid)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">Total</th>
                    <td className="num">{money(bars.total.budget)}</td>
                    <td className="num">{formatMoney(bars.total.predicted)}</td>
                    <td className="num">{money(bars.total.committed)}</td>
                    <td className="num">{formatMoney(bars.total.paid)}</td>
                  </tr>
                </tfoot>
              </table>
            </ScrollTable>
          </details>
        </>
      )}
    </section>
  );
}

/** Cumulative payments over time (by `paid_on`) against the budget. */
export function PaymentsChart({ payments, budget }: { payments: readonly ProjectPayment[]; budget: number }) {
  const points = useMemo(() => paidOverTime(payments), [payments]);
  const build = useCallback((colors: ChartColors) => paidChartConfig(points, budget, colors), [points, budget]);
  const last = points[points.length - 1];
  const titleId = 'money-chart-paid';
  const budgetCents = toCents(budget);
  const share = (value: number) => (budgetCents > 0 ? formatPercent((toCents(value) * 100) / budgetCents) : '–');
  const label = last
    ? `Line chart of the amount paid to date over time, from ${formatIsoDay(points[0].date)} to ${formatIsoDay(last.date)}: ${formatMoney(last.cumulative)} paid${budgetCents > 0 ? ` of a ${formatMoney(budget)} budget` : ''}. The figures are in the table below.`
    : 'No payments yet.';

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>Paid to date over time</h2>
      <p className="muted money-lead">
        Every payment recorded on the board&apos;s tasks, added up by date
        {budgetCents > 0 ? ', against the budget (dashed line).' : '. Set a budget on the board to compare.'}
      </p>
      {points.length === 0 ? (
        <p className="muted" data-testid="no-payments">
          No payments yet. Record them in a task&apos;s Payments section on the board.
        </p>
      ) : (
        <>
          <ChartCanvas build={build} label={label} className="money-chart-line" />
          <details className="money-table-alt">
            <summary>Show the figures as a table</summary>
            <ScrollTable label="Payments by date table">
              <table className="table">
                <caption className="money-vh">Payments by date and paid to date, in dollars</caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col" className="num">
                      Payments
                    </th>
                    <th scope="col" className="num">
                      Paid that day
                    </th>
                    <th scope="col" className="num">
                      Paid to date
                    </th>
                    <th scope="col" className="num">
                      Share of budget
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {points.map((p) => (
                    <tr key={p.date}>
                      <th scope="row">{formatIsoDay(p.date)}</th>
                      <td className="num">{p.count}</td>
                      <td className="num">{formatMoney(p.paid)}</td>
                      <td className="num">{formatMoney(p.cumulative)}</td>
                      <td className="num">{share(p.cumulative)}</td>
                    </tr>
                  ))}
                </tbody>
                {budgetCents > 0 && (
                  <tfoot>
                    <tr>
                      <th scope="row">Budget</th>
                      <td />
                      <td />
                      <td className="num">{formatMoney(budget)}</td>
                      <td className="num">100%</td>
                    </tr>
                  </tfoot>
                )}
              </table>
            </ScrollTable>
          </details>
        </>
      )}
    </section>
  );
}
