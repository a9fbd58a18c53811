// The figures the Money page's charts draw, and their Chart.js configurations (chart-data.test.ts).
// Pure: the components read the theme's colours and hand them in. Only types come from chart.js
// here; the library itself loads with the charts (chart-setup.ts).
import type { ChartConfiguration } from 'chart.js';
import { formatDecimal, formatMoney } from '../../lib/format';
import type { MoneyTask, ProjectPayment } from './types';
import { formatPrediction, toCents, toDollars } from './utils';

/** Up to this many tasks, the bar chart has one group of bars per task. */
export const MAX_TASK_BARS = 25;
/** Beyond MAX_TASK_BARS: the most expensive tasks (best-known cost) keep their bars, the rest is "Other". */
export const TOP_TASKS = 20;

/** One group of bars (a task, or "Other"): dollars, summed in cents. */
export interface TaskBarRow {
  key: string;
  label: string;
  /** How many tasks the row stands for (1, or the tasks in "Other"). */
  taskCount: number;
  /** The prediction shown (regional, or calibrated when the project uses it); null when none of its tasks has one. */
  predicted: number | null;
  /** Awarded bid + approved change orders; null when none of its tasks is awarded. */
  committed: number | null;
  /** Paid: payments, or the final cost of a task in Paid when that is more. */
  paid: number;
  /** What it counts for in the predicted total: actual, else committed, else predicted. */
  countsInTotal: number;
}

export interface TaskBars {
  rows: TaskBarRow[];
  /** True when the smaller tasks were put together in "Other". */
  grouped: boolean;
  total: TaskBarRow;
}

const sumRow = (key: string, label: string, tasks: readonly MoneyTask[]): TaskBarRow => {
  const somePrediction = tasks.some((t) => t.predicted !== null);
  const someCommitted = tasks.some((t) => t.committed_cost !== null);
  const cents = (f: (t: MoneyTask) => number | null) => tasks.reduce((s, t) => s + toCents(f(t)), 0);
  return {
    key,
    label,
    taskCount: tasks.length,
    predicted: somePrediction ? toDollars(cents((t) => t.predicted)) : null,
    committed: someCommitted ? toDollars(cents((t) => t.committed_cost)) : null,
    paid: toDollars(cents((t) => t.paid_to_date)),
    countsInTotal: toDollars(cents((t) => t.best_known)),
  };
};

/**
 * The bar chart's rows: one per task in board order when there are at most MAX_TASK_BARS tasks;
 * otherwise the TOP_TASKS tasks of highest best-known cost (board order among equals), then
 * "Other (N tasks)" for the rest. The board has no task categories to group by (a task is a
 * title, a status and its money), so the long tail is summed instead.
 */
export function taskBars(tasks: readonly MoneyTask[]): TaskBars {
  const total = sumRow('total', 'Total', tasks);
  if (tasks.length <= MAX_TASK_BARS) {
    return { rows: tasks.map((t) => sumRow(`task-${t.id}`, t.title, [t])), grouped: false, total };
  }
  const ranked = tasks
    .map((task, index) => ({ task, index, cents: toCents(task.best_known) }))
    .sort((a, b) => b.cents - a.cents || a.index - b.index);
  const top = ranked.slice(0, TOP_TASKS).map((r) => r.task);
  const rest = ranked.slice(TOP_TASKS).map((r) => r.task);
  return {
    rows: [
      ...top.map((t) => sumRow(`task-${t.id}`, t.title, [t])),
      sumRow('other', `Other (${rest.length} tasks)`, rest),
    ],
    grouped: true,
    total,
  };
}

/** One day with payments: what was paid that day and in all up to it. */
export interface PaidPoint {
  date: string;
  /** Payments made that day. */
  count: number;
  paid: number;
  cumulative: number;
}

/** Payments summed per day (paid_on), oldest first, with the running total (cents inside). */
export function paidOverTime(payments: readonly Pick<ProjectPayment, 'id' | 'paid_on' | 'amount'>[]): PaidPoint[] {
  const sorted = [...payments].sort((a, b) => (a.paid_on < b.paid_on ? -1 : a.paid_on > b.paid_on ? 1 : a.id - b.id));
  const out: { date: string; count: number; cents: number; cumulative: number }[] = [];
  let running = 0;
  for (const p of sorted) {
    const cents = toCents(p.amount);
    running += cents;
    const last = out[out.length - 1];
    if (last && last.date === p.paid_on) {
      last.count += 1;
      last.cents += cents;
      last.cumulative = running;
    } else {
      out.push({ date: p.paid_on, count: 1, cents, cumulative: running });
    }
  }
  return out.map((d) => ({
    date: d.date,
    count: d.count,
    paid: toDollars(d.cents),
    cumulative: toDollars(d.cumulative),
  }));
}

// ---------- axis helpers ----------

const DAY_MS = 86_400_000;

/** YYYY-MM-DD -> whole days since 1970-01-01 (UTC), the time axis' unit. */
export function dayNumber(isoDay: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
}

/** Whole days since 1970-01-01 -> YYYY-MM-DD. */
export function isoFromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** An axis tick: $950, $12k, $1.2M. */
export function compactMoney(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (abs >= 1_000_000) return `${sign}$${formatDecimal(abs / 1_000_000, 0, 1)}M`;
  if (abs >= 1_000) return `${sign}$${formatDecimal(abs / 1_000, 0, 1)}k`;
  return `${sign}$${formatDecimal(abs, 0, 0)}`;
}

/**
 * The top of a money axis: the largest figure the chart shows, with a little room, rounded up to
 * a round number (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 x a power of ten). The axis is scaled to
 * the data it shows, never to a figure it does not draw (the budget).
 */
export function niceMax(values: readonly (number | null | undefined)[]): number {
  const top = Math.max(0, ...values.map((v) => (v === null || v === undefined || !Number.isFinite(v) ? 0 : v)));
  if (top <= 0) return 100;
  const wanted = top * 1.02;
  const step = 10 ** Math.floor(Math.log10(wanted));
  for (const m of [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (m * step >= wanted) return m * step;
  return 10 * step;
}

/** A task title short enough for the axis (the tooltip and the table give it whole). */
export const axisLabel = (label: string, max = 28) => (label.length > max ? `${label.slice(0, max - 1)}…` : label);

// ---------- Chart.js configurations ----------

/** The theme's colours, read from the CSS tokens by the chart components. */
export interface ChartColors {
  text: string;
  grid: string;
  predicted: string;
  committed: string;
  paid: string;
  countsInTotal: string;
}

/**
 * The bars of a task, named with the summary's words (docs/money.md). The last is what the task
 * counts for in the predicted total (the user's own cost where entered), so the bars add up to the
 * figure above the chart.
 */
export const BAR_SERIES = [
  { key: 'predicted', label: 'Predicted' },
  { key: 'committed', label: 'Committed' },
  { key: 'paid', label: 'Paid' },
  { key: 'countsInTotal', label: 'Counts in total' },
] as const;

/** Height of the horizontal bar chart: room for four bars per row, plus axis and legend. */
export const barChartHeight = (rows: number) => Math.max(200, 90 + rows * 46);

const commonPlugins = (colors: ChartColors) => ({
  legend: {
    position: 'top' as const,
    labels: { color: colors.text, boxWidth: 14, boxHeight: 14 },
  },
});

/** Grouped horizontal bars: per row, predicted, committed, paid and counted in the total; the axis scaled to the largest bar. */
export function taskChartConfig(bars: TaskBars, colors: ChartColors): ChartConfiguration<'bar'> {
  const labels = bars.rows.map((r) => r.label);
  return {
    type: 'bar',
    data: {
      labels: labels.map((l) => axisLabel(l)),
      datasets: BAR_SERIES.map((s) => ({
        label: s.label,
        data: bars.rows.map((r) => r[s.key] ?? 0),
        backgroundColor: colors[s.key],
        borderColor: colors[s.key],
        borderWidth: 0,
        barPercentage: 0.92,
        categoryPercentage: 0.82,
      })),
    },
    options: {
      indexAxis: 'y',
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: {
        x: {
          beginAtZero: true,
          max: niceMax(bars.rows.flatMap((r) => BAR_SERIES.map((b) => r[b.key]))),
          ticks: { color: colors.text, callback: (v) => compactMoney(Number(v)), maxTicksLimit: 6 },
          grid: { color: colors.grid },
          border: { color: colors.grid },
        },
        y: {
          ticks: { color: colors.text, autoSkip: false },
          grid: { display: false },
          border: { color: colors.grid },
        },
      },
      plugins: {
        ...commonPlugins(colors),
        tooltip: {
          callbacks: {
            title: (items) => (items[0] ? (labels[items[0].dataIndex] ?? '') : ''),
            label: (item) =>
              `${item.dataset.label ?? ''}: ${item.dataset.label === 'Predicted' ? formatPrediction(item.parsed.x) : formatMoney(item.parsed.x)}`,
          },
        },
      },
    },
  };
}

const shortDate = (day: number, withYear: boolean) =>
  new Date(day * DAY_MS).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });

/** The flat lines the payments are drawn against: the summary's committed and Paid. */
export interface PaidReference {
  /** `committed`: awarded bids with their approved change orders (none drawn at 0). */
  committed: number;
  /** `paid_to_date`: drawn only when it is more than the payments (tasks in Paid without a payment). */
  paid: number;
}

/**
 * The payments recorded as a step line over time (flat between payments, a step on each payment
 * day), from 0 on the first day, against the committed cost as a flat dashed line, and Paid as a
 * dotted one when it is more than the payments. The money axis is scaled to those figures, not to
 * the budget: $25k paid of $115k committed fills a fifth of the chart.
 */
export function paidChartConfig(points: readonly PaidPoint[], reference: PaidReference, colors: ChartColors) {
  const days = points.map((p) => dayNumber(p.date));
  let min = days.length ? Math.min(...days) : 0;
  let max = days.length ? Math.max(...days) : 0;
  if (max - min < 2) {
    min -= 1;
    max += 1;
  }
  const withYear = max - min > 300 || isoFromDayNumber(min).slice(0, 4) !== isoFromDayNumber(max).slice(0, 4);
  const recorded = points.length ? points[points.length - 1].cumulative : 0;
  const paid = [
    { x: days.length ? days[0] : min, y: 0 },
    ...points.map((p, i) => ({ x: days[i], y: p.cumulative })),
    { x: max, y: recorded },
  ];
  const flat = (label: string, y: number, color: string, dash: number[]) => ({
    label,
    data: [
      { x: min, y },
      { x: max, y },
    ],
    borderColor: color,
    backgroundColor: color,
    borderDash: dash,
    borderWidth: 2,
    pointRadius: 0,
    pointHoverRadius: 0,
  });
  const paidAbove = toCents(reference.paid) > toCents(recorded);
  const config: ChartConfiguration<'line', { x: number; y: number }[]> = {
    type: 'line',
    data: {
      datasets: [
        {
          label: 'Payments recorded',
          data: paid,
          stepped: 'before',
          borderColor: colors.paid,
          backgroundColor: colors.paid,
          borderWidth: 2.5,
          pointRadius: paid.map((_, i) => (i === 0 || i === paid.length - 1 ? 0 : 3)),
          pointHoverRadius: 5,
        },
        ...(paidAbove ? [flat('Paid', reference.paid, colors.paid, [2, 3])] : []),
        ...(reference.committed > 0 ? [flat('Committed', reference.committed, colors.committed, [6, 4])] : []),
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'nearest', intersect: false, axis: 'x' },
      scales: {
        x: {
          type: 'linear',
          min,
          max,
          ticks: {
            color: colors.text,
            maxTicksLimit: 6,
            callback: (v) => (Number.isInteger(Number(v)) ? shortDate(Number(v), withYear) : ''),
          },
          grid: { color: colors.grid },
          border: { color: colors.grid },
        },
        y: {
          beginAtZero: true,
          max: niceMax([recorded, paidAbove ? reference.paid : 0, reference.committed]),
          ticks: { color: colors.text, callback: (v) => compactMoney(Number(v)), maxTicksLimit: 6 },
          grid: { color: colors.grid },
          border: { color: colors.grid },
        },
      },
      plugins: {
        legend: {
          position: 'top',
          // Lines in the legend: dashed and dotted as on the chart.
          labels: { color: colors.text, usePointStyle: true, pointStyle: 'line', pointStyleWidth: 28 },
        },
        tooltip: {
          filter: (item) => item.datasetIndex === 0 && item.dataIndex > 0 && item.dataIndex < paid.length - 1,
          callbacks: {
            title: (items) => (items[0] ? shortDate(items[0].parsed.x ?? 0, true) : ''),
            label: (item) => `${item.dataset.label ?? ''}: ${formatMoney(item.parsed.y)}`,
          },
        },
      },
    },
  };
  return config;
}
