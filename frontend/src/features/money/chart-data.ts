// The figures the Money page's charts draw, and their Chart.js configurations (chart-data.test.ts).
// Pure: the components read the theme's colours and hand them in. Only types come from chart.js
// here; the library itself loads with the charts (chart-setup.ts).
import type { ChartConfiguration } from 'chart.js';
import { formatDecimal, formatMoney } from '../../lib/format';
import type { MoneyTask, ProjectPayment } from './types';
import { toCents, toDollars } from './utils';

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
  /** The regional estimate (rate x square footage); null when none of its tasks has one. */
  budget: number | null;
  /** Best-known cost (what the task counts for in the predicted total). */
  predicted: number;
  /** Awarded bid + approved change orders; null when none of its tasks is awarded. */
  committed: number | null;
  paid: number;
}

export interface TaskBars {
  rows: TaskBarRow[];
  /** True when the smaller tasks were put together in "Other". */
  grouped: boolean;
  total: TaskBarRow;
}

const sumRow = (key: string, label: string, tasks: readonly MoneyTask[]): TaskBarRow => {
  const someBudget = tasks.some((t) => t.predicted !== null);
  const someCommitted = tasks.some((t) => t.committed_cost !== null);
  const cents = (f: (t: MoneyTask) => number | null) => tasks.reduce((s, t) => s + toCents(f(t)), 0);
  return {
    key,
    label,
    taskCount: tasks.length,
    budget: someBudget ? toDollars(cents((t) => t.predicted)) : null,
    predicted: toDollars(cents((t) => t.best_known)),
    committed: someCommitted ? toDollars(cents((t) => t.committed_cost)) : null,
    paid: toDollars(cents((t) => t.paid_to_date)),
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

/** A task title short enough for the axis (the tooltip and the table give it whole). */
export const axisLabel = (label: string, max = 28) => (label.length > max ? `${label.slice(0, max - 1)}…` : label);

// ---------- Chart.js configurations ----------

/** The theme's colours, read from the CSS tokens by the chart components. */
export interface ChartColors {
  text: string;
  grid: string;
  budget: string;
  predicted: string;
  committed: string;
  paid: string;
}

export const BAR_SERIES = [
  { key: 'budget', label: 'Budget (regional estimate)' },
  { key: 'predicted', label: 'Predicted (best-known cost)' },
  { key: 'committed', label: 'Committed' },
  { key: 'paid', label: 'Paid to date' },
] as const;

/** Height of the horizontal bar chart: room for four bars per row, plus axis and legend. */
export const barChartHeight = (rows: number) => Math.max(220, 90 + rows * 44);

const commonPlugins = (colors: ChartColors) => ({
  legend: {
    position: 'top' as const,
    labels: { color: colors.text, boxWidth: 14, boxHeight: 14 },
  },
});

/** Grouped horizontal bars: per row, budget, predicted, committed and paid. */
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
            label: (item) => `${item.dataset.label ?? ''}: ${formatMoney(item.parsed.x)}`,
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

/**
 * Paid to date as a step line over time (flat between payments, a step on each payment day),
 * from 0 on the first day, against the budget as a flat dashed line (none without a budget).
 */
export function paidChartConfig(points: readonly PaidPoint[], budget: number, colors: ChartColors) {
  const days = points.map((p) => dayNumber(p.date));
  let min = days.length ? Math.min(...days) : 0;
  let max = days.length ? Math.max(...days) : 0;
  if (max - min < 2) {
    min -= 1;
    max += 1;
  }
  const withYear = max - min > 300 || isoFromDayNumber(min).slice(0, 4) !== isoFromDayNumber(max).slice(0, 4);
  const paid = [
    { x: days.length ? days[0] : min, y: 0 },
    ...points.map((p, i) => ({ x: days[i], y: p.cumulative })),
    { x: max, y: points.length ? points[points.length - 1].cumulative : 0 },
  ];
  const config: ChartConfiguration<'line', { x: number; y: number }[]> = {
    type: 'line',
    data: {
      datasets: [
        {
          label: 'Paid to date',
          data: paid,
          stepped: 'before',
          borderColor: colors.paid,
          backgroundColor: colors.paid,
          borderWidth: 2.5,
          pointRadius: paid.map((_, i) => (i === 0 || i === paid.length - 1 ? 0 : 3)),
          pointHoverRadius: 5,
        },
        ...(budget > 0
          ? [
              {
                label: 'Budget',
                data: [
                  { x: min, y: budget },
                  { x: max, y: budget },
                ],
                borderColor: colors.budget,
                backgroundColor: colors.budget,
                borderDash: [6, 4],
                borderWidth: 2,
                pointRadius: 0,
                pointHoverRadius: 0,
              },
            ]
          : []),
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
          ticks: { color: colors.text, callback: (v) => compactMoney(Number(v)), maxTicksLimit: 6 },
          grid: { color: colors.grid },
          border: { color: colors.grid },
        },
      },
      plugins: {
        legend: {
          position: 'top',
          // Lines in the legend: the budget's is dashed as on the chart.
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
