import { describe, expect, it } from 'vitest';
import {
  axisLabel,
  compactMoney,
  dayNumber,
  isoFromDayNumber,
  MAX_TASK_BARS,
  niceMax,
  paidChartConfig,
  paidOverTime,
  taskBars,
  taskChartConfig,
  TOP_TASKS,
  type ChartColors,
} from './chart-data';
import type { MoneyTask } from './types';

const task = (id: number, over: Partial<MoneyTask> = {}): MoneyTask => ({
  id,
  title: `Task ${id}`,
  status: 'To Do',
  predicted: 1000,
  best_known: 1000,
  committed_cost: null,
  actual_cost: null,
  paid_to_date: 0,
  payments_total: 0,
  ...over,
});

const colors: ChartColors = {
  text: '#111',
  grid: '#ddd',
  predicted: '#00f',
  committed: '#f80',
  paid: '#080',
  countsInTotal: '#666',
};

describe('task bars', () => {
  it('has one row per task, in board order, up to MAX_TASK_BARS tasks', () => {
    const tasks = [
      task(1, { title: 'Framing', predicted: 39696, best_known: 41500, committed_cost: 41500, paid_to_date: 10000.1 }),
      task(2, { title: 'Roofing', predicted: null, best_known: 0 }),
      task(3, { title: 'Permits', predicted: 5000.2, best_known: 5000.2, paid_to_date: 0.2 }),
    ];
    const bars = taskBars(tasks);
    expect(bars.grouped).toBe(false);
    expect(bars.rows.map((r) => r.label)).toEqual(['Framing', 'Roofing', 'Permits']);
    expect(bars.rows[0]).toMatchObject({ predicted: 39696, countsInTotal: 41500, committed: 41500, paid: 10000.1 });
    expect(bars.rows[1]).toMatchObject({ predicted: null, committed: null, paid: 0 });
    // Summed in cents: 10000.1 + 0.2 is exactly 10000.3.
    expect(bars.total).toMatchObject({ predicted: 44696.2, countsInTotal: 46500.2, committed: 41500, paid: 10000.3 });
    expect(taskBars(Array.from({ length: MAX_TASK_BARS }, (_, i) => task(i + 1))).grouped).toBe(false);
  });

  it('beyond MAX_TASK_BARS tasks: the TOP_TASKS by best-known cost, then "Other" with the rest', () => {
    // 30 tasks; task i costs i * 100, but tasks 29 and 30 tie with 28 at 2,800.
    const tasks = Array.from({ length: 30 }, (_, i) => {
      const id = i + 1;
      const cost = Math.min(id, 28) * 100;
      return task(id, { best_known: cost, predicted: cost, paid_to_date: id === 1 ? 50 : 0 });
    });
    const bars = taskBars(tasks);
    expect(bars.grouped).toBe(true);
    expect(bars.rows).toHaveLength(TOP_TASKS + 1);
    // Equal costs keep board order: 28, 29, 30, then 27, 26...
    expect(bars.rows.slice(0, 4).map((r) => r.label)).toEqual(['Task 28', 'Task 29', 'Task 30', 'Task 27']);
    const other = bars.rows[TOP_TASKS];
    expect(other.label).toBe('Other (10 tasks)');
    expect(other.taskCount).toBe(10);
    // Tasks 1..10: (1 + ... + 10) * 100.
    expect(other.countsInTotal).toBe(5500);
    expect(other.paid).toBe(50);
    expect(bars.total.countsInTotal).toBe(tasks.reduce((s, t) => s + t.best_known, 0));
  });

  it('is drawn as horizontal grouped bars in the theme colours, full titles in the tooltip', () => {
    const long = 'Excavation, foundation, concrete and retaining walls';
    const bars = taskBars([task(1, { title: long, committed_cost: 900, best_known: 900 })]);
    const config = taskChartConfig(bars, colors);
    expect(config.type).toBe('bar');
    expect(config.options?.indexAxis).toBe('y');
    expect(config.data.labels).toEqual([axisLabel(long)]);
    expect(String(config.data.labels?.[0]).length).toBeLessThanOrEqual(28);
    // Named with the summary's words.
    expect(config.data.datasets.map((d) => d.label)).toEqual(['Predicted', 'Committed', 'Paid', 'Counts in total']);
    // What the task counts for in the predicted total: the committed cost here (no cost of one's own).
    expect(config.data.datasets.map((d) => d.data[0])).toEqual([1000, 900, 0, 900]);
    expect(config.data.datasets.map((d) => d.backgroundColor)).toEqual(['#00f', '#f80', '#080', '#666']);
    // The axis is scaled to the largest bar.
    expect(config.options?.scales?.x).toMatchObject({ max: 1200 });
    // A cost of one's own is what the task counts for, whatever the prediction.
    const own = taskChartConfig(
      taskBars([task(2, { predicted: 47900, actual_cost: 40000, best_known: 40000 })]),
      colors,
    );
    expect(own.data.datasets.map((d) => d.data[0])).toEqual([47900, 0, 0, 40000]);
    const title = config.options?.plugins?.tooltip?.callbacks?.title as (items: { dataIndex: number }[]) => string;
    expect(title([{ dataIndex: 0 }])).toBe(long);
  });
});

describe('paid over time', () => {
  it('sums payments per day, oldest first, with the running total in cents', () => {
    const points = paidOverTime([
      { id: 3, paid_on: '2026-03-10', amount: 0.2 },
      { id: 1, paid_on: '2026-02-01', amount: 1000 },
      { id: 2, paid_on: '2026-03-10', amount: 0.1 },
      { id: 4, paid_on: '2026-04-01', amount: 250.5 },
    ]);
    expect(points).toEqual([
      { date: '2026-02-01', count: 1, paid: 1000, cumulative: 1000 },
      { date: '2026-03-10', count: 2, paid: 0.3, cumulative: 1000.3 },
      { date: '2026-04-01', count: 1, paid: 250.5, cumulative: 1250.8 },
    ]);
    expect(paidOverTime([])).toEqual([]);
  });

  it('counts days on a linear axis', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(isoFromDayNumber(dayNumber('2026-03-10'))).toBe('2026-03-10');
    expect(Number.isNaN(dayNumber('soon'))).toBe(true);
  });

  it('draws a step line from 0 against the committed cost, scaled to them and not to the budget', () => {
    // The project: $25,000 paid of $115,500 committed on a $450,000 budget.
    const points = paidOverTime([
      { id: 1, paid_on: '2026-02-01', amount: 10000 },
      { id: 2, paid_on: '2026-03-01', amount: 15000 },
    ]);
    const config = paidChartConfig(points, { committed: 115500, paid: 25000 }, colors);
    const [recorded, committed] = config.data.datasets;
    const first = dayNumber('2026-02-01');
    const last = dayNumber('2026-03-01');
    expect(config.data.datasets.map((d) => d.label)).toEqual(['Payments recorded', 'Committed']);
    expect(recorded.stepped).toBe('before');
    expect(recorded.data).toEqual([
      { x: first, y: 0 },
      { x: first, y: 10000 },
      { x: last, y: 25000 },
      { x: last, y: 25000 },
    ]);
    expect(committed.data).toEqual([
      { x: first, y: 115500 },
      { x: last, y: 115500 },
    ]);
    expect(config.options?.scales?.x).toMatchObject({ type: 'linear', min: first, max: last });
    // The money axis ends just above the committed cost: $25k fills a fifth of it, not 5.6% of $450k.
    const top = config.options?.scales?.y?.max as number;
    expect(top).toBe(120000);
    expect(25000 / top).toBeGreaterThan(0.2);
  });

  it('draws Paid as well when it is more than the payments (a task in Paid without a payment)', () => {
    const points = paidOverTime([{ id: 1, paid_on: '2026-02-01', amount: 25000 }]);
    const config = paidChartConfig(points, { committed: 115500, paid: 31800 }, colors);
    expect(config.data.datasets.map((d) => d.label)).toEqual(['Payments recorded', 'Paid', 'Committed']);
    expect(config.data.datasets[1].data.map((p) => p.y)).toEqual([31800, 31800]);
  });

  it('widens a single day and scales to the payments without anything committed', () => {
    const config = paidChartConfig(
      paidOverTime([{ id: 1, paid_on: '2026-02-01', amount: 10 }]),
      { committed: 0, paid: 10 },
      colors,
    );
    expect(config.data.datasets).toHaveLength(1);
    const day = dayNumber('2026-02-01');
    expect(config.options?.scales?.x).toMatchObject({ min: day - 1, max: day + 1 });
    expect(config.options?.scales?.y?.max).toBe(12);
  });
});

describe('axis text', () => {
  it('writes money compactly', () => {
    expect(compactMoney(950)).toBe('$950');
    expect(compactMoney(12000)).toBe('$12k');
    expect(compactMoney(12500)).toBe('$12.5k');
    expect(compactMoney(1250000)).toBe('$1.3M');
    expect(compactMoney(0)).toBe('$0');
  });
  it('rounds an axis top up to a round figure just above the data', () => {
    expect(niceMax([25000, 115500])).toBe(120000);
    expect(niceMax([25000])).toBe(30000);
    expect(niceMax([450000])).toBe(500000);
    expect(niceMax([null, 0])).toBe(100);
    expect(niceMax([96])).toBe(100);
  });
  it('shortens long titles with an ellipsis', () => {
    expect(axisLabel('Framing')).toBe('Framing');
    expect(axisLabel('abcdefghij', 5)).toBe('abcd…');
  });
});
