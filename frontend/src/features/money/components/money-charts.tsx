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
import type { MoneySummary, MoneyTask, ProjectPayment } from '../types';
import { formatPercent, formatPrediction, toCents } from '../utils';
import { ChartCanvas } from './chart-canvas';
import { ScrollTable } from './scroll-table';

const money = (value: number | null) => (value === null ? '–' : formatMoney(value));

/** The summary's figures the task table's totals row shows (the same as every other screen). */
export type TaskTotals = Pick<MoneySummary, 'committed' | 'paid_to_date' | 'predicted_total'>;

/**
 * Predicted, committed, paid and what each task counts for in the predicted total, per task (or
 * the top tasks and "Other"), in the summary's words; the table's totals row gives the summary's
 * figures.
 */
export function TaskChart({ tasks, totals }: { tasks: readonly MoneyTask[]; totals?: TaskTotals }) {
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
  const committedTotal = totals ? totals.committed : bars.total.committed;
  const paidTotal = totals ? totals.paid_to_date : bars.total.paid;
  const countsTotal = totals ? totals.predicted_total : bars.total.countsInTotal;
  const titleId = 'money-chart-tasks';
  const label = `Bar chart of predicted, committed, paid and counted in the total ${bars.grouped ? `for the ${TOP_TASKS} largest tasks and the others` : 'per task'}. Totals: predicted total ${formatMoney(countsTotal)}, committed ${money(committedTotal)}, paid ${formatMoney(paidTotal)}. The figures are in the table below.`;

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{bars.grouped ? 'Largest tasks' : 'Tasks'}: predicted, committed, paid, counted in total</h2>
      <p className="muted money-lead">
        Predicted is the prediction the board shows for the task; committed is the awarded bid with its approved change
        orders; paid is its payments, or its final cost once in Paid; counts in total is what it adds to the predicted
        total (your cost where you entered one, else committed, else predicted). Predictions are in whole dollars.
        {bars.grouped &&
          ` The ${TOP_TASKS} tasks that count for most have their own bars; the other ${tasks.length - TOP_TASKS} are summed in "Other".`}
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
                <caption className="visually-hidden">
                  Predicted, committed, paid and counted in the predicted total per task, in dollars
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Task</th>
                    <th scope="col" className="num">
                      Predicted
                    </th>
                    <th scope="col" className="num">
                      Committed
                    </th>
                    <th scope="col" className="num">
                      Paid
                    </th>
                    <th scope="col" className="num">
                      Counts in total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {bars.rows.map((r) => (
                    <tr key={r.key}>
                      <th scope="row">{r.label}</th>
                      <td className="num">{formatPrediction(r.predicted)}</td>
                      <td className="num">{money(r.committed)}</td>
                      <td className="num">{formatMoney(r.paid)}</td>
                      <td className="num">{formatMoney(r.countsInTotal)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr data-testid="task-table-total">
                    <th scope="row">Total</th>
                    <td className="num">
                      {formatPrediction(bars.total.predicted)}
                      <span className="money-cell-note">sum of predictions</span>
                    </td>
                    <td className="num">{money(committedTotal)}</td>
                    <td className="num">{formatMoney(paidTotal)}</td>
                    <td className="num">{formatMoney(countsTotal)}</td>
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

/**
 * Payments recorded over time (by `paid_on`) against the committed cost, and Paid when it is
 * more than the payments (tasks in Paid without a payment): the axis is the data's, not the budget's.
 */
export function PaymentsChart({
  payments,
  summary,
}: {
  payments: readonly ProjectPayment[];
  summary: Pick<MoneySummary, 'committed' | 'paid_to_date'> | undefined;
}) {
  const points = useMemo(() => paidOverTime(payments), [payments]);
  const committed = summary?.committed ?? 0;
  const paid = summary?.paid_to_date ?? 0;
  const build = useCallback(
    (colors: ChartColors) => paidChartConfig(points, { committed, paid }, colors),
    [points, committed, paid],
  );
  const last = points[points.length - 1];
  const recorded = last ? last.cumulative : 0;
  const unrecorded = toCents(paid) - toCents(recorded);
  const titleId = 'money-chart-paid';
  const committedCents = toCents(committed);
  const share = (value: number) =>
    committedCents > 0 ? formatPercent(Math.round((toCents(value) * 1000) / committedCents) / 10) : '–';
  const label = last
    ? `Line chart of the payments recorded over time, from ${formatIsoDay(points[0].date)} to ${formatIsoDay(last.date)}: ${formatMoney(recorded)} paid${committedCents > 0 ? ` of ${formatMoney(committed)} committed` : ''}. The figures are in the table below.`
    : 'No payments yet.';

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>Paid over time</h2>
      <p className="muted money-lead">
        Every payment recorded on the board&apos;s tasks, added up by date
        {committedCents > 0 ? ', against the committed cost (dashed line).' : '. Award bids to compare with them.'}
        {unrecorded > 0 &&
          ` Paid (${formatMoney(paid)}, dotted line) also counts ${formatMoney(unrecorded / 100)} of final costs of tasks in Paid without a payment.`}
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
                <caption className="visually-hidden">
                  Payments by date and payments recorded to date, in dollars
                </caption>
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
                      Recorded to date
                    </th>
                    <th scope="col" className="num">
                      Share of committed
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
                <tfoot>
                  {unrecorded > 0 && (
                    <tr>
                      <th scope="row">Paid</th>
                      <td />
                      <td />
                      <td className="num">{formatMoney(paid)}</td>
                      <td className="num">{share(paid)}</td>
                    </tr>
                  )}
                  {committedCents > 0 && (
                    <tr>
                      <th scope="row">Committed</th>
                      <td />
                      <td />
                      <td className="num">{formatMoney(committed)}</td>
                      <td className="num">100%</td>
                    </tr>
                  )}
                </tfoot>
              </table>
            </ScrollTable>
          </details>
        </>
      )}
    </section>
  );
}
