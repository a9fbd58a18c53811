import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  awardedContractors,
  csvContent,
  exportData,
  keepHeadingsWithContent,
  LEDGER_COLUMNS,
  loadExport,
  pdfDefinition,
  PDF_TITLE,
  TASK_COLUMNS,
  type ExportSummary,
} from './export';
import type { Task } from './types';
import { exportFileName } from './utils';

function task(partial: Partial<Task> & Pick<Task, 'id' | 'title'>): Task {
  return {
    project: 7,
    description: '',
    status: 'To Do',
    material_quality: 'standard',
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
    payments_total: 0,
    change_order_total: 0,
    remaining_to_pay: null,
    fixed_fee: false,
    predicted_cost: null,
    predicted_cost_low: null,
    predicted_cost_high: null,
    pricing: null,
    ...partial,
  };
}

// The journey on the wire: three awards, $25,000 paid on Framing with a +$2,500 change
// order, "Other / Miscellaneous" in Paid at $6,800 without a payment, a permit fee (never
// scaled), a task predicted at regional x the local ratio and one without a prediction.
const tasks: Task[] = [
  task({
    id: 1,
    title: 'Foundation',
    status: 'In Progress',
    predicted_cost: 38400,
    committed_cost: 36000,
    bid_count: 2,
    remaining_to_pay: 36000,
  }),
  task({
    id: 2,
    title: 'Framing',
    description: 'Walls, "studs"',
    status: 'In Progress',
    predicted_cost: 60000,
    committed_cost: 57500,
    change_order_total: 2500,
    paid_to_date: 25000,
    payments_total: 25000,
    payment_count: 1,
    remaining_to_pay: 32500,
    due_date: '2026-06-30',
  }),
  task({ id: 3, title: 'Roofing', predicted_cost: 21000, committed_cost: 22000, remaining_to_pay: 22000 }),
  task({
    id: 4,
    title: 'Other / Miscellaneous',
    status: 'Paid',
    predicted_cost: 5000,
    actual_cost: 6800,
    paid_to_date: 6800,
    remaining_to_pay: 0,
  }),
  task({ id: 5, title: 'Building Permits', predicted_cost: 6936, fixed_fee: true }),
  task({ id: 6, title: 'Drywall', predicted_cost: 18000.45, predicted_cost_low: 16000, predicted_cost_high: 20000 }),
  task({ id: 7, title: 'Custom shelving' }),
];

/** The server's summary of that board (docs/money.md), worked out by hand. */
const summary: ExportSummary = {
  budget: 160000,
  // 36,000 + 57,500 + 22,000 + 6,800 (actual) + 6,936 (fee) + 17,514 (18,000.45 x 0.973, whole dollars) + 0.
  predicted_total: 146750,
  use_calibration: true,
  calibrated: {
    ratio: 0.973,
    low: 0.9,
    high: 1.05,
    n_tasks: 3,
    predicted_total: 146750,
    predicted_total_low: 0,
    predicted_total_high: 0,
    cost_per_sqft: null,
    over_budget: false,
    column_totals: { 'To Do': 0, 'In Progress': 0, Paid: 0 },
  },
  committed: 115500,
  change_orders_approved: 2500,
  uncommitted: 6800 + 6936 + 17514,
  paid_to_date: 31800,
  payments_recorded: 25000,
  remaining_to_pay: 90500,
  contingency_percent: 10,
  contingency_reserve: 16000,
  contingency_used: 2750,
  contingency_left: 13250,
  working_budget: 144000,
  headroom: 13250,
  status: 'warning',
  loan_amount: 300000,
  drawn: 0,
  loan_left: 300000,
};

const project = { name: 'Maple Street', square_footage: 2400 };
const contractors = new Map([
  [1, 'Stone Concrete'],
  [2, 'Birch Builders'],
  [3, 'Summit Roofing'],
]);
const on = new Date(2026, 10, 24);
const data = exportData({ projectId: 7, project, tasks, summary, contractors, now: on });

describe('export rows and totals', () => {
  it('gives each task the figures of its row and the prediction the board shows', () => {
    const byTitle = Object.fromEntries(data.rows.map((r) => [r.title, r]));
    expect(byTitle.Framing).toMatchObject({
      contractor: 'Birch Builders',
      predicted: 58380, // 60,000 x 0.973, whole dollars
      basis: 'calibrated',
      committed: 57500,
      changeOrders: 2500,
      countsInTotal: 57500,
      paid: 25000,
      remaining: 32500,
      due: '2026-06-30',
    });
    // In Paid at $6,800 with no payment: its Paid is its actual cost, nothing remains.
    expect(byTitle['Other / Miscellaneous']).toMatchObject({
      actualCost: 6800,
      contractor: '',
      committed: null,
      changeOrders: null,
      countsInTotal: 6800,
      paid: 6800,
      remaining: 0,
    });
    // A fee keeps its regional price; a task without a known cost counts for its calibrated prediction.
    expect(byTitle['Building Permits']).toMatchObject({ predicted: 6936, basis: 'fee', countsInTotal: 6936 });
    expect(byTitle.Drywall).toMatchObject({ predicted: 17514, basis: 'calibrated', countsInTotal: 17514 });
    expect(byTitle['Custom shelving']).toMatchObject({
      predicted: null,
      basis: null,
      countsInTotal: 0,
      remaining: null,
    });
  });

  it('has a totals row equal to the summary, and the columns add up to it', () => {
    expect(data.totals).toEqual({
      actualCost: 6800,
      committed: summary.committed,
      changeOrders: summary.change_orders_approved,
      countsInTotal: summary.predicted_total,
      paid: summary.paid_to_date,
      remaining: summary.remaining_to_pay,
    });
    expect(data.columnSums).toEqual(data.totals);
  });

  it('follows the project setting: regional predictions when calibration is off', () => {
    const regional = exportData({
      projectId: 7,
      project,
      tasks,
      summary: {
        ...summary,
        use_calibration: false,
        predicted_total: 147236.45,
        headroom: 12763.55,
        uncommitted: 6800 + 6936 + 18000.45,
      },
      contractors,
      now: on,
    });
    expect(regional.calibrated).toBe(false);
    expect(regional.rows.find((r) => r.title === 'Drywall')).toMatchObject({ predicted: 18000.45, basis: 'regional' });
    expect(regional.columnSums.countsInTotal).toBe(147236.45);
    expect(regional.totals.countsInTotal).toBe(147236.45);
  });

  it("shows the summary's figure when the rows it was given disagree with it", () => {
    const stale = exportData({ projectId: 7, project, tasks: tasks.slice(0, 3), summary, now: on });
    expect(stale.totals.paid).toBe(31800);
    expect(stale.columnSums.paid).toBe(25000);
  });

  it("names the awarded bid's contractor of each task with an award", () => {
    const bid = (id: number, name: string, status = 'declined') => ({
      id,
      amount: 1,
      contractor: { id, name },
      difference_pct: null,
      flag: null,
      lowest: false,
      status,
    });
    const compared = {
      predicted_cost: null,
      highest: 1,
      lowest: 1,
      spread: 0,
      title: '',
    };
    expect(
      awardedContractors([
        { ...compared, task: 1, awarded_bid: 11, bids: [bid(10, 'Other Co'), bid(11, 'Stone Concrete', 'awarded')] },
        { ...compared, task: 2, awarded_bid: null, bids: [bid(12, 'Pending Co', 'pending')] },
      ]),
    ).toEqual(new Map([[1, 'Stone Concrete']]));
  });
});

describe('CSV export', () => {
  const lines = csvContent(data).split('\r\n');

  it('keeps the file names and the first columns of the spec', () => {
    expect(exportFileName(7, 'csv')).toBe('kanban_tasks_project_7.csv');
    expect(exportFileName(7, 'pdf')).toBe('kanban_tasks_project_7.pdf');
    expect(TASK_COLUMNS.slice(0, 4)).toEqual(['Task', 'Description', 'Actual Cost', 'Status']);
    expect(LEDGER_COLUMNS).toEqual([
      'Contractor',
      'Predicted',
      'Basis',
      'Committed',
      'Change orders',
      'Counts in total',
      'Paid',
      'Remaining',
      'Due',
    ]);
  });

  it('starts with the project: budget, predicted total, committed, paid, remaining, headroom, contingency and loan', () => {
    expect(lines.slice(0, 19)).toEqual([
      'Project,Maple Street',
      'Budget,160000.00',
      'Predicted total,146750.00,calibrated predictions (regional x local ratio)',
      'Committed,115500.00,awarded bids plus approved change orders',
      'Paid,31800.00,"payments, or the final cost of a finished task when that is more"',
      'Remaining,90500.00,actual or committed costs not yet paid',
      'Headroom,13250.00,budget - predicted total',
      'Contingency (10%),16000.00,reserve: budget x percent',
      'Contingency used,2750.00',
      'Contingency left,13250.00',
      'Working budget,144000.00,budget - reserve',
      'Status,Using the contingency',
      'Loan,300000.00',
      'Drawn,0.00,funded draws',
      'Loan left,300000.00',
      'Payments recorded,25000.00',
      'Not yet awarded,31250.00,best-known cost of the tasks without an award',
      'Exported,2026-11-24',
      '',
    ]);
  });

  it('has a row per task under the columns, then the totals row of the summary', () => {
    const header = lines.indexOf(TASK_COLUMNS.join(','));
    expect(header).toBe(19);
    expect(lines.slice(header, header + 9)).toEqual([
      'Task,Description,Actual Cost,Status,Contractor,Predicted,Basis,Committed,Change orders,Counts in total,Paid,Remaining,Due',
      'Foundation,,,In Progress,Stone Concrete,37363.00,Calibrated,36000.00,0.00,36000.00,0.00,36000.00,',
      'Framing,"Walls, ""studs""",,In Progress,Birch Builders,58380.00,Calibrated,57500.00,2500.00,57500.00,25000.00,32500.00,2026-06-30',
      'Roofing,,,To Do,Summit Roofing,20433.00,Calibrated,22000.00,0.00,22000.00,0.00,22000.00,',
      'Other / Miscellaneous,,6800.00,Paid,,4865.00,Calibrated,,,6800.00,6800.00,0.00,',
      'Building Permits,,,To Do,,6936.00,Fee,,,6936.00,0.00,,',
      'Drywall,,,To Do,,17514.00,Calibrated,,,17514.00,0.00,,',
      'Custom shelving,,,To Do,,,,,,0.00,0.00,,',
      'Total (7 tasks),,6800.00,,,,,115500.00,2500.00,146750.00,31800.00,90500.00,',
    ]);
  });

  it('says without a loan that there is none', () => {
    const none = csvContent({ ...data, summary: { ...summary, loan_amount: null, loan_left: null } }).split('\r\n');
    expect(none).toContain('Loan,None');
    expect(none).toContain('Drawn,');
    expect(none).toContain('Loan left,');
  });

  it('neutralises a project name or task a spreadsheet would run as a formula', () => {
    const evil = exportData({
      projectId: 7,
      project: { ...project, name: '=HYPERLINK("http://x","y")' },
      tasks: [task({ id: 9, title: '@SUM(A1)', description: '-2+3' })],
      summary,
      now: on,
    });
    const csv = csvContent(evil);
    expect(csv.startsWith(`Project,"'=HYPERLINK(""http://x"",""y"")"\r\n`)).toBe(true);
    expect(csv).toContain("\r\n'@SUM(A1),'-2+3,,To Do,");
  });

  it('names the project by its id when its name is not known', () => {
    expect(csvContent(exportData({ projectId: 7, project: null, tasks: [], summary, now: on })).split('\r\n')[0]).toBe(
      'Project,Project 7',
    );
  });
});

type Cell = { text: string };
type Def = ReturnType<typeof pdfDefinition>;
const tableOf = (def: Def) =>
  def.content.find((c) => 'table' in c && c.table && 'headerRows' in c.table) as {
    table: { headerRows: number; keepWithHeaderRows: number; widths: unknown[]; body: Cell[][] };
  };

describe('PDF export', () => {
  const def = pdfDefinition(data);

  it('has the title of the spec, then the project name, on US Letter in landscape', () => {
    expect(PDF_TITLE).toBe('Kanban Board Tasks Report');
    expect(def.info).toEqual({ title: 'Kanban Board Tasks Report', subject: 'Maple Street' });
    expect(def.content[0]).toMatchObject({ text: 'Kanban Board Tasks Report' });
    expect(def.content[1]).toMatchObject({ text: 'Maple Street' });
    expect(def.pageSize).toBe('LETTER');
    expect(def.pageOrientation).toBe('landscape');
  });

  it('gives the project figures at the top', () => {
    const texts = JSON.stringify(def.content[2]);
    for (const fact of [
      ['Budget', '$160,000.00'],
      ['Predicted total', '$146,750.00 (calibrated)'],
      ['Committed', '$115,500.00'],
      ['Paid', '$31,800.00'],
      ['Remaining', '$90,500.00'],
      ['Headroom', '$13,250.00'],
      ['Contingency (10%)', '$16,000.00'],
      ['Contingency used', '$2,750.00'],
      ['Contingency left', '$13,250.00'],
      ['Working budget', '$144,000.00'],
      ['Status', 'Using the contingency'],
      ['Loan', '$300,000.00'],
      ['Drawn', '$0.00'],
      ['Loan left', '$300,000.00'],
      ['Payments recorded', '$25,000.00'],
    ])
      expect(texts).toContain(`{"text":"${fact[0]}","style":"factLabel"},{"text":"${fact[1]}"`);
  });

  it('repeats the header row on every page and keeps the heading with the table', () => {
    const table = tableOf(def);
    expect(table.table.headerRows).toBe(1);
    expect(table.table.keepWithHeaderRows).toBe(1);
    expect(table.table.widths).toHaveLength(TASK_COLUMNS.length);
    const heading = def.content[def.content.indexOf(table as never) - 1];
    expect(heading).toMatchObject({ text: 'Tasks (7)', headlineLevel: 1 });
    const nodes = (n: number) => ({ getFollowingNodesOnPage: () => Array.from({ length: n }) });
    // A heading with less than the header row and a first row after it on its page starts the next page.
    expect(def.pageBreakBefore({ headlineLevel: 1, pageNumbers: [1] }, nodes(5))).toBe(true);
    expect(def.pageBreakBefore({ headlineLevel: 1, pageNumbers: [1] }, nodes(TASK_COLUMNS.length * 2))).toBe(false);
    expect(def.pageBreakBefore({ pageNumbers: [1] }, nodes(0))).toBe(false);
    expect(keepHeadingsWithContent(2)({ headlineLevel: 1, pageNumbers: [2] }, nodes(1))).toBe(true);
  });

  it('lists the tasks, the predictions in whole dollars, and the totals of the summary', () => {
    const body = tableOf(def).table.body.map((r) => r.map((c) => c.text));
    expect(body[0]).toEqual([...TASK_COLUMNS]);
    expect(body[2]).toEqual([
      'Framing',
      'Walls, "studs"',
      '–',
      'In Progress',
      'Birch Builders',
      '$58,380',
      'Calibrated',
      '$57,500.00',
      '$2,500.00',
      '$57,500.00',
      '$25,000.00',
      '$32,500.00',
      '6/30/2026',
    ]);
    expect(body[body.length - 1]).toEqual([
      'Total',
      '',
      '$6,800.00',
      '',
      '',
      '',
      '',
      '$115,500.00',
      '$2,500.00',
      '$146,750.00',
      '$31,800.00',
      '$90,500.00',
      '',
    ]);
  });
});

describe('loading the figures', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

  it('asks the server for the board, its summary and the awards together', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        urls.push(url);
        if (url.endsWith('/tasks/')) return Promise.resolve(json(tasks));
        if (url.endsWith('/summary/')) return Promise.resolve(json(summary));
        return Promise.resolve(
          json([
            {
              task: 2,
              title: 'Framing',
              awarded_bid: 5,
              bids: [
                {
                  id: 5,
                  amount: 55000,
                  contractor: { id: 1, name: 'Birch Builders' },
                  difference_pct: null,
                  flag: null,
                  lowest: true,
                  status: 'awarded',
                },
              ],
              predicted_cost: 60000,
              highest: 55000,
              lowest: 55000,
              spread: 0,
            },
          ]),
        );
      }),
    );
    const loaded = await loadExport(7, [], { id: 7, ...project } as never);
    expect(urls.sort()).toEqual(['/api/projects/7/bids/', '/api/projects/7/summary/', '/api/projects/7/tasks/']);
    expect(loaded.rows).toHaveLength(7);
    expect(loaded.rows[1].contractor).toBe('Birch Builders');
    expect(loaded.columnSums).toEqual(loaded.totals);
  });

  it('fails when no summary can be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await expect(loadExport(7, tasks, null)).rejects.toThrow(/summary/);
  });
});
