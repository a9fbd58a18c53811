import { describe, expect, it } from 'vitest';
import { CONFETTI_OPTIONS } from './hooks/use-board';
import type { Task } from './types';
import {
  buildTaskPayload,
  exportFileName,
  groupByStatus,
  moveTask,
  parseActualCost,
  parseBudget,
  patchTaskInList,
  tasksToCsv,
} from './utils';

let nextId = 1;
function task(partial: Partial<Task>): Task {
  const id = partial.id ?? nextId++;
  return {
    id,
    project: 1,
    title: `Task ${id}`,
    description: '',
    status: 'To Do',
    material_quality: 'basic',
    actual_cost: null,
    due_date: null,
    position: 0,
    actual_cost_per_sqft: null,
    regional_average_cost_per_sqft: null,
    committed_cost: null,
    bid_count: 0,
    lowest_bid: null,
    paid_to_date: 0,
    payment_count: 0,
    change_order_total: 0,
    fixed_fee: false,
    payments_total: 0,
    remaining_to_pay: null,
    ...partial,
  };
}

describe('moveTask', () => {
  const board = () => [
    task({ id: 1, status: 'To Do', position: 0 }),
    task({ id: 2, status: 'To Do', position: 1 }),
    task({ id: 3, status: 'To Do', position: 2 }),
    task({ id: 4, status: 'In Progress', position: 0 }),
    task({ id: 5, status: 'Paid', position: 0 }),
  ];
  const ids = (tasks: Task[]) => {
    const g = groupByStatus(tasks);
    return {
      todo: g['To Do'].map((t) => t.id),
      doing: g['In Progress'].map((t) => t.id),
      paid: g.Paid.map((t) => t.id),
    };
  };

  it('moves across columns and renumbers positions', () => {
    const out = moveTask(board(), 2, 'Paid', 0);
    expect(ids(out)).toEqual({ todo: [1, 3], doing: [4], paid: [2, 5] });
    expect(out.find((t) => t.id === 2)).toMatchObject({ status: 'Paid', position: 0 });
    expect(out.find((t) => t.id === 3)?.position).toBe(1);
    expect(out.find((t) => t.id === 5)?.position).toBe(1);
  });
  it('reorders within a column', () => {
    expect(ids(moveTask(board(), 1, 'To Do', 2)).todo).toEqual([2, 3, 1]);
    expect(ids(moveTask(board(), 3, 'To Do', 0)).todo).toEqual([3, 1, 2]);
  });
  it('clamps the index and moves into an empty column', () => {
    const out = moveTask(moveTask(board(), 4, 'To Do', 99), 5, 'In Progress', -3);
    expect(ids(out)).toEqual({ todo: [1, 2, 3, 4], doing: [5], paid: [] });
  });
  it('applies extra changes (actual cost at Paid) and is pure', () => {
    const before = board();
    const snapshot = JSON.stringify(before);
    const out = moveTask(before, 1, 'Paid', 1, { actual_cost: 250 });
    expect(out.find((t) => t.id === 1)).toMatchObject({ status: 'Paid', actual_cost: 250, position: 1 });
    expect(JSON.stringify(before)).toBe(snapshot);
  });
  it('keeps unchanged tasks as the same objects and ignores unknown ids', () => {
    const before = board();
    const out = moveTask(before, 2, 'To Do', 1);
    expect(out.find((t) => t.id === 4)).toBe(before[3]);
    expect(moveTask(before, 999, 'Paid', 0)).toBe(before);
  });
  it('patchTaskInList moves a task whose status changes to the end of its new column', () => {
    const out = patchTaskInList(board(), 1, { status: 'In Progress', title: 'Renamed' });
    expect(ids(out).doing).toEqual([4, 1]);
    expect(out.find((t) => t.id === 1)?.title).toBe('Renamed');
    expect(patchTaskInList(board(), 2, { actual_cost: 5 }).find((t) => t.id === 2)?.actual_cost).toBe(5);
  });
});

describe('task payloads', () => {
  it('sends blank due date and cost as null', () => {
    expect(
      buildTaskPayload(
        {
          title: ' Framing ',
          description: 'd',
          material_quality: 'basic',
          status: 'To Do',
          actual_cost: '',
          due_date: '',
        },
        7,
      ),
    ).toEqual({
      title: 'Framing',
      description: 'd',
      material_quality: 'basic',
      status: 'To Do',
      actual_cost: null,
      due_date: null,
      project: 7,
    });
    expect(
      buildTaskPayload(
        {
          title: 'x',
          description: '',
          material_quality: 'premium',
          status: 'Paid',
          actual_cost: '12.34',
          due_date: '2026-05-01',
        },
        7,
      ),
    ).toMatchObject({ actual_cost: 12.34, due_date: '2026-05-01', material_quality: 'premium', status: 'Paid' });
  });
  it('treats a blank actual cost at Paid as 0', () => {
    expect(parseActualCost('')).toBe(0);
    expect(parseActualCost('  ')).toBe(0);
    expect(parseActualCost('1500.456')).toBe(1500.46);
    expect(parseActualCost('1.005')).toBe(1.01);
  });
  it('converts the budget to a number', () => {
    expect(parseBudget('250000.25')).toBe(250000.25);
    expect(parseBudget('')).toBeNull();
  });
  it('fires confetti with the spec parameters', () => {
    expect(CONFETTI_OPTIONS).toEqual({ particleCount: 100, spread: 70, origin: { y: 0.6 } });
  });
});

describe('exports', () => {
  const tasks = [
    task({ id: 1, title: 'Framing', description: 'Walls, "studs"', actual_cost: 1234.5, status: 'Paid' }),
    task({ id: 2, title: 'Roofing' }),
  ];
  it('names the files per project', () => {
    expect(exportFileName(3, 'csv')).toBe('kanban_tasks_project_3.csv');
    expect(exportFileName(3, 'pdf')).toBe('kanban_tasks_project_3.pdf');
  });
  it('writes the CSV columns with quoting', () => {
    expect(tasksToCsv(tasks)).toBe(
      'Task,Description,Actual Cost,Status\r\nFraming,"Walls, ""studs""",1234.50,Paid\r\nRoofing,,,To Do\r\n',
    );
  });
  it('neutralises cells a spreadsheet would run as formulas, and quotes semicolons (lib/csv)', () => {
    expect(tasksToCsv([task({ id: 4, title: 'x;=1+1', description: 'a;b' })])).toBe(
      'Task,Description,Actual Cost,Status\r\n"x;=1+1","a;b",,To Do\r\n',
    );
    expect(tasksToCsv([task({ id: 3, title: '@SUM(A1)', description: '-2+3' })])).toBe(
      "Task,Description,Actual Cost,Status\r\n'@SUM(A1),'-2+3,,To Do\r\n",
    );
  });
});
