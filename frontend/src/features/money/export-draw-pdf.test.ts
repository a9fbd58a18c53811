import { describe, expect, it } from 'vitest';
import {
  drawFileName,
  drawPdfDefinition,
  drawTitle,
  drawWorkRows,
  previousDraws,
  type DrawPdfInput,
} from './export-draw-pdf';
import { drawFixture, paymentsFixture, summaryFixture, tasksFixture } from './test-fixtures';

const project = { id: 3, name: 'Willow Creek House', zip_code: '78701' };

const input = (over: Partial<DrawPdfInput> = {}): DrawPdfInput => ({
  project,
  draw: drawFixture(),
  draws: [
    drawFixture({ id: 49, number: 1, total: 10000, status: 'funded', funded_amount: 10000, funded_on: '2026-03-01' }),
    drawFixture(),
    drawFixture({ id: 51, number: 3, total: 999, status: 'draft' }),
  ],
  tasks: tasksFixture,
  payments: paymentsFixture,
  receipts: new Map([
    [31, 'permit-receipt.pdf'],
    [44, 'framing-invoice-2.pdf'],
  ]),
  summary: summaryFixture,
  exportedOn: '2026-03-26',
  ...over,
});

/** Every text of the definition, in document order. */
function texts(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) texts(n, out);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (typeof o.text === 'string') out.push(o.text);
    for (const [k, v] of Object.entries(o)) if (k !== 'text' && k !== 'styles') texts(v, out);
  }
  return out;
}

/** The rows of the table under the section titled `title`. */
function tableAfter(def: ReturnType<typeof drawPdfDefinition>, title: string): string[][] {
  const i = def.content.findIndex((c) => (c as { text?: unknown }).text === title);
  const table = def.content.slice(i + 1).find((c) => 'table' in c) as { table: { body: { text: string }[][] } };
  return table.table.body.map((row) => row.map((cell) => cell.text));
}

describe('draw PDF', () => {
  it('is titled with the draw number, in ASCII, and named after the project', () => {
    const def = drawPdfDefinition(input());
    expect(drawTitle({ number: 2 })).toBe('Draw request 2');
    expect(def.info.title).toBe('Draw request 2 - Willow Creek House');
    expect(def.content[0]).toMatchObject({ text: 'Draw request 2' });
    expect(def.content[1]).toMatchObject({ text: 'Willow Creek House' });
    expect(drawFileName({ number: 2 }, project)).toBe('draw_2_willow_creek_house.pdf');
  });

  it('gives the project, the place, the number, the date and the status', () => {
    const all = texts(drawPdfDefinition(input()).content);
    expect(all).toEqual(expect.arrayContaining(['Location', 'ZIP 78701', 'Draw number', '2', 'Requested on', 'Draft']));
    expect(all).toContain(new Date(2026, 2, 25).toLocaleDateString('en-US'));
  });

  it('lists the work covered: status, percent complete, amount in this draw and the total', () => {
    const rows = tableAfter(drawPdfDefinition(input()), 'Work covered');
    expect(rows[0]).toEqual(['Task', 'Status', 'Complete', 'Paid', 'Amount in this draw']);
    // Framing: 20,000 paid of 46,100 best-known = 43%; Permits is Paid: 100%.
    expect(rows[1]).toEqual(['Framing', 'In Progress', '43%', '$20,000.00', '$10,000.00']);
    expect(rows[2]).toEqual(['Building Permits', 'Paid', '100%', '$2,500.00', '$2,500.00']);
    // The draw's total is the server's.
    expect(rows[3]).toEqual(['Total', '', '', '', '$12,500.00']);
  });

  it('is on US Letter, keeps each heading with what follows and repeats table headers', () => {
    const def = drawPdfDefinition(input());
    expect(def.pageSize).toBe('LETTER');
    const headings = def.content.filter((c) => (c as { headlineLevel?: number }).headlineLevel === 1);
    expect(headings.map((h) => (h as { text: string }).text)).toEqual([
      'The project',
      'Work covered',
      'Payments made on this work',
      'Loan',
    ]);
    const after = (n: number) => ({ getFollowingNodesOnPage: () => Array.from({ length: n }) });
    expect(def.pageBreakBefore({ headlineLevel: 1 }, after(2))).toBe(true);
    expect(def.pageBreakBefore({ headlineLevel: 1 }, after(12))).toBe(false);
    expect(def.pageBreakBefore({}, after(0))).toBe(false);
  });

  it('says when a task in Paid counts a final cost with no payment behind it', () => {
    // "Other / Miscellaneous" moved to Paid at $6,800 without a payment: its Paid is its final cost.
    const misc = {
      id: 11,
      title: 'Other / Miscellaneous',
      status: 'Paid',
      predicted: 5000,
      best_known: 6800,
      committed_cost: null,
      actual_cost: 6800,
      paid_to_date: 6800,
      payments_total: 0,
    };
    const draw = drawFixture({
      tasks: [11],
      items: [{ task: 11, title: 'Other / Miscellaneous', amount: 6800 }],
      total: 6800,
    });
    const def = drawPdfDefinition(input({ draw, tasks: [...tasksFixture, misc] }));
    expect(tableAfter(def, 'Work covered')[1]).toEqual([
      'Other / Miscellaneous',
      'Paid',
      '100%',
      '$6,800.00',
      '$6,800.00',
    ]);
    expect(texts(def.content)).toContain(
      'Other / Miscellaneous: $6,800.00 of its final cost has no payment recorded yet.',
    );
  });

  it("lists the payments of the draw's tasks with their receipts, and their total", () => {
    const rows = tableAfter(drawPdfDefinition(input()), 'Payments made on this work');
    expect(rows[0]).toEqual(['Date', 'Task', 'Payee', 'Method', 'Amount', 'Receipt']);
    expect(rows.slice(1, 4).map((r) => [r[1], r[3], r[4], r[5]])).toEqual([
      ['Building Permits', 'Card', '$2,500.00', 'permit-receipt.pdf'],
      ['Framing', 'Check', '$12,000.00', 'None attached'],
      ['Framing', 'Loan draw', '$8,000.00', 'framing-invoice-2.pdf'],
    ]);
    expect(rows[4]).toEqual(['Total', '', '', '', '$22,500.00', '']);
  });

  it('leaves out the payments of tasks not in the draw', () => {
    const draw = drawFixture({
      tasks: [8],
      items: [{ task: 8, title: 'Building Permits', amount: 2500 }],
      total: 2500,
    });
    const rows = tableAfter(drawPdfDefinition(input({ draw })), 'Payments made on this work');
    expect(rows).toHaveLength(3);
    expect(rows[1][1]).toBe('Building Permits');
  });

  it('closes with the previous draws, the loan, drawn to date and the balance', () => {
    const def = drawPdfDefinition(input());
    const i = def.content.findIndex((c) => (c as { text?: unknown }).text === 'Loan');
    const body = (def.content[i + 1] as { table: { body: { text: string }[][] } }).table.body.map((r) =>
      r.map((c) => c.text),
    );
    expect(body).toEqual([
      ['This draw', '$12,500.00'],
      ['Previous draws (1)', '$10,000.00'],
      ['Requested to date, this draw included', '$22,500.00'],
      ['Loan amount', '$300,000.00'],
      ['Drawn', '$10,000.00'],
      ['Loan left', '$290,000.00'],
    ]);
  });

  it("carries the project's figures from the server's summary, in the shared words", () => {
    const def = drawPdfDefinition(input());
    const i = def.content.findIndex((c) => (c as { text?: unknown }).text === 'The project');
    const block = def.content[i + 1] as { columns: { table: { body: { text: string }[][] } }[] };
    const rows = block.columns.flatMap((c) => c.table.body.map((r) => r.map((cell) => cell.text)));
    expect(rows).toEqual([
      ['Budget', '$400,000.00'],
      ['Predicted total (calibrated)', '$375,000.00'],
      ['Committed', '$46,100.00'],
      ['Paid', '$22,500.00'],
      ['Remaining', '$23,600.00'],
      ['Headroom', '$25,000.00'],
      ['Status', 'Using the contingency'],
      ['Contingency (10%) reserve', '$40,000.00'],
      ['Contingency used', '$15,000.00'],
      ['Contingency left', '$25,000.00'],
      ['Loan amount', '$300,000.00'],
      ['Drawn', '$10,000.00'],
      ['Loan left', '$290,000.00'],
    ]);
    const regional = drawPdfDefinition(input({ summary: { ...summaryFixture, use_calibration: false } }));
    expect(texts(regional.content)).toContain('Predicted total');
  });

  it('says when there is no loan, and when the draw was funded', () => {
    const draw = drawFixture({ status: 'funded', funded_amount: 12000, funded_on: '2026-04-02' });
    const all = texts(
      drawPdfDefinition(input({ draw, summary: { ...summaryFixture, loan_amount: null, drawn: 0, loan_left: null } }))
        .content,
    );
    expect(all).toContain('No loan on file');
    expect(all).toContain(`$12,000.00 on ${new Date(2026, 3, 2).toLocaleDateString('en-US')}`);
  });

  it('marks a task deleted since the draw', () => {
    const rows = drawWorkRows(
      drawFixture(),
      tasksFixture.filter((t) => t.id !== 7),
    );
    expect(rows[0]).toMatchObject({ title: 'Framing', status: 'Deleted', percent: null, amount: 10000 });
  });

  it('counts only earlier draws that were sent as previous', () => {
    const draws = [
      drawFixture({ number: 1, total: 100, status: 'draft' }),
      drawFixture({ number: 2, total: 200, status: 'submitted' }),
      drawFixture({ number: 3, total: 300, status: 'funded' }),
      drawFixture({ number: 4, total: 400, status: 'funded' }),
    ];
    expect(previousDraws({ number: 4 }, draws)).toEqual({ count: 2, total: 500 });
    expect(previousDraws({ number: 1 }, draws)).toEqual({ count: 0, total: 0 });
  });
});
