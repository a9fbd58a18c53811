import { describe, expect, it } from 'vitest';
import { csvContent, exportInfo, pdfDefinition, PDF_TITLE } from './export';
import type { Task } from './types';
import { exportFileName } from './utils';

let nextId = 1;
function task(partial: Partial<Task>): Task {
  const id = partial.id ?? nextId++;
  return {
    id,
    project: 7,
    title: `Task ${id}`,
    description: '',
    status: 'To Do',
    material_quality: 'basic',
    actual_cost: null,
    due_date: null,
    position: 0,
    actual_cost_per_sqft: null,
    regional_average_cost_per_sqft: null,
    bid_count: 0,
    committed_cost: null,
    lowest_bid: null,
    paid_to_date: 0,
    payment_count: 0,
    change_order_total: 0,
    ...partial,
  };
}

const tasks = [
  task({ id: 1, title: 'Framing', description: 'Walls, "studs"', actual_cost: 41800, status: 'Paid' }),
  task({ id: 2, title: 'Roofing', regional_average_cost_per_sqft: 7.5, committed_cost: 14200 }),
  task({ id: 3, title: 'Drywall', actual_cost: 1234.5, status: 'In Progress' }),
];
const project = { name: 'Maple Street', budget: 450000, square_footage: 2000 };
const on = new Date(2026, 10, 24);

describe('export figures', () => {
  it("gives the budget, the board's predicted total and the actual costs' sum", () => {
    expect(exportInfo(7, project, tasks, on)).toEqual({
      projectId: 7,
      name: 'Maple Street',
      budget: 450000,
      // Roofing counts for its committed cost (the awarded bid), not its 15,000 prediction.
      predictedTotal: 41800 + 14200 + 1234.5,
      overBudget: false,
      actualTotal: 43034.5,
      committedTotal: 14200,
      exportedOn: '2026-11-24',
    });
  });
  it('says when the predicted total is over budget, and copes without the project', () => {
    expect(exportInfo(7, { ...project, budget: 1000 }, tasks, on).overBudget).toBe(true);
    const bare = exportInfo(7, null, tasks, on);
    expect(bare).toMatchObject({ name: null, budget: null, overBudget: false, predictedTotal: 57234.5 });
  });
});

describe('CSV export', () => {
  it('keeps the file name of the spec', () => {
    expect(exportFileName(7, 'csv')).toBe('kanban_tasks_project_7.csv');
    expect(exportFileName(7, 'pdf')).toBe('kanban_tasks_project_7.pdf');
  });

  it('starts with the project lines, then the columns of the spec, a row per task and a total', () => {
    expect(csvContent(tasks, exportInfo(7, project, tasks, on))).toBe(
      [
        'Project,Maple Street',
        'Budget,450000.00',
        'Predicted Total Cost,57234.50',
        'Actual Cost Total,43034.50',
        'Exported,2026-11-24',
        '',
        'Task,Description,Actual Cost,Status',
        'Framing,"Walls, ""studs""",41800.00,Paid',
        'Roofing,,,To Do',
        'Drywall,,1234.50,In Progress',
        'Total,,43034.50,',
        '',
        'Task,Committed Cost',
        'Roofing,14200.00',
        'Total,14200.00',
        '',
      ].join('\r\n'),
    );
  });

  it('neutralises a project name or task a spreadsheet would run as a formula', () => {
    const evil = [task({ id: 9, title: '@SUM(A1)', description: '-2+3' })];
    const csv = csvContent(evil, exportInfo(7, { ...project, name: '=HYPERLINK("http://x","y")' }, evil, on));
    expect(csv.startsWith(`Project,"'=HYPERLINK(""http://x"",""y"")"\r\n`)).toBe(true);
    expect(csv).toContain("\r\n'@SUM(A1),'-2+3,,To Do\r\n");
  });

  it('names the project by its id when its name is not known', () => {
    expect(
      csvContent([], exportInfo(7, null, [], on))
        .split('\r\n')
        .slice(0, 2),
    ).toEqual(['Project,Project 7', 'Budget,']);
  });
});

describe('PDF export', () => {
  const def = pdfDefinition(tasks, exportInfo(7, project, tasks, on));
  const texts = (rows: { text: string }[][]) => rows.map((r) => r.map((c) => c.text));

  it('has the title of the spec, then the project name', () => {
    expect(PDF_TITLE).toBe('Kanban Board Tasks Report');
    expect(def.info).toEqual({ title: 'Kanban Board Tasks Report', subject: 'Maple Street' });
    expect(def.content[0]).toMatchObject({ text: 'Kanban Board Tasks Report' });
    expect(def.content[1]).toMatchObject({ text: 'Maple Street' });
  });

  it('gives budget and totals as money', () => {
    const facts = (def.content[2] as { table: { body: { text: string }[][] } }).table.body;
    expect(texts(facts)).toEqual([
      ['Budget', '$450,000.00'],
      ['Predicted Total Cost', '$57,234.50'],
      ['Actual Cost Total', '$43,034.50'],
      ['Committed Cost Total', '$14,200.00'],
      ['Exported', '2026-11-24'],
    ]);
  });

  it('lists the tasks under the columns of the spec with formatted costs and a total', () => {
    const body = (def.content[3] as { table: { body: { text: string }[][] } }).table.body;
    expect(texts(body)).toEqual([
      ['Task', 'Description', 'Actual Cost', 'Status'],
      ['Framing', 'Walls, "studs"', '$41,800.00', 'Paid'],
      ['Roofing', '', '-', 'To Do'],
      ['Drywall', '', '$1,234.50', 'In Progress'],
      ['Total', '', '$43,034.50', ''],
    ]);
  });

  it('lists committed costs (awarded bids) in a table of their own, and nothing of it without bids', () => {
    expect(def.content[4]).toMatchObject({ text: 'Committed costs (awarded bids)' });
    const body = (def.content[5] as { table: { body: { text: string }[][] } }).table.body;
    expect(texts(body)).toEqual([
      ['Task', 'Committed Cost'],
      ['Roofing', '$14,200.00'],
      ['Total', '$14,200.00'],
    ]);
    const plain = [task({ id: 20, title: 'Fence' })];
    expect(pdfDefinition(plain, exportInfo(7, project, plain, on)).content).toHaveLength(4);
    expect(csvContent(plain, exportInfo(7, project, plain, on))).not.toContain('Committed');
  });

  it('marks a predicted total over budget', () => {
    const over = pdfDefinition(tasks, exportInfo(7, { ...project, budget: 1 }, tasks, on));
    const facts = (over.content[2] as { table: { body: { text: string }[][] } }).table.body;
    expect(facts[1][1].text).toBe('$57,234.50 (over budget)');
  });
});
