import { describe, expect, it } from 'vitest';
import {
  coverFacts,
  drawFileName,
  drawPayments,
  drawPdfDefinition,
  drawTitle,
  paperworkLines,
  type DrawPdfInput,
} from './export-draw-pdf';
import { drawFixture, lineFixture, paymentsFixture, summaryFixture } from './test-fixtures';

const project = {
  id: 3,
  name: 'Willow Creek House',
  zip_code: '78701',
  address: '12 Willow Creek Rd, Austin TX',
  lender_name: 'First Hill Bank',
  loan_number: 'CL-2026-0042',
};

const input = (over: Partial<DrawPdfInput> = {}): DrawPdfInput => ({
  project,
  draw: drawFixture(),
  payments: paymentsFixture,
  draws: [drawFixture()],
  receipts: new Map([
    [31, 'permit-receipt.pdf'],
    [44, 'framing-invoice-2.pdf'],
  ]),
  summary: summaryFixture,
  owner: 'dana',
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

type Def = ReturnType<typeof drawPdfDefinition>;
const indexOf = (def: Def, title: string) => def.content.findIndex((c) => (c as { text?: unknown }).text === title);

/** The rows of the first table after the node titled `title`. */
function tableAfter(def: Def, title: string): string[][] {
  const table = def.content.slice(indexOf(def, title) + 1).find((c) => 'table' in c) as {
    table: { body: { text: string }[][] };
  };
  return table.table.body.map((row) => row.map((cell) => cell.text));
}

describe('draw PDF', () => {
  it('is titled with the draw number, in ASCII, and named after the project', () => {
    const def = drawPdfDefinition(input());
    expect(drawTitle({ number: 2 })).toBe('Draw request 2');
    expect(def.info.title).toBe('Draw request 2 - Willow Creek House');
    expect(def.content[0]).toMatchObject({ text: 'Draw request 2' });
    expect(drawFileName({ number: 2 }, project)).toBe('draw_2_willow_creek_house.pdf');
  });

  it('opens with a cover: owner, property address, lender, loan number, draw number and period', () => {
    const rows = tableAfter(drawPdfDefinition(input()), 'Application for payment');
    expect(rows).toEqual([
      ['Owner', 'dana'],
      ['Project', 'Willow Creek House'],
      ['Property address', '12 Willow Creek Rd, Austin TX'],
      ['ZIP code', '78701'],
      ['Lender', 'First Hill Bank'],
      ['Loan number', 'CL-2026-0042'],
      ['Draw number', '2'],
      ['Period to', 'Mar 25, 2026'],
      ['Status', 'Draft'],
      ['Inspected', 'Mar 24, 2026 by Pat Inspector'],
    ]);
    const bare = coverFacts({
      project: { id: 3, name: '', zip_code: null },
      draw: drawFixture({ final: true, inspected_on: null, inspector: '' }),
      owner: '',
    });
    expect(bare).toContainEqual(['Property address', 'Not given']);
    expect(bare).toContainEqual(['Lender', 'Not given']);
    expect(bare).toContainEqual(['Draw number', '2 (final draw)']);
    expect(bare.map((r) => r[0])).not.toContain('Inspected');
  });

  it("gives the application's figures, every one the server's", () => {
    expect(tableAfter(drawPdfDefinition(input()), 'The application')).toEqual([
      ['Loan amount', '$300,000.00'],
      ['Approved change orders', '$4,600.00'],
      ['Scheduled value of these lines', '$48,600.00'],
      ['Completed to date', '$22,500.00'],
      ['Retainage (5% of this period)', '$625.00'],
      ['Previous draws on these lines', '$10,000.00'],
      ['This request', '$12,500.00'],
      ['Net this request (less retainage)', '$11,875.00'],
      ['Balance to finish', '$26,100.00'],
      ['Loan drawn to date', '$10,000.00'],
      ['Loan left', '$290,000.00'],
    ]);
    const noLoan = drawPdfDefinition(input({ summary: { ...summaryFixture, loan_amount: null, loan_left: null } }));
    expect(tableAfter(noLoan, 'The application')[0]).toEqual(['Loan amount', 'No loan on file']);
  });

  it('carries the continuation sheet on a landscape page: the G703 columns, each line and the totals', () => {
    const def = drawPdfDefinition(input());
    expect(def.content[indexOf(def, 'Continuation sheet')]).toMatchObject({
      pageBreak: 'before',
      pageOrientation: 'landscape',
    });
    const rows = tableAfter(def, 'Continuation sheet');
    expect(rows[0]).toEqual([
      'Task',
      'Scheduled value',
      'Previous',
      'This period',
      'Completed to date',
      '%',
      'Balance to finish',
      'Retainage',
      'Net',
    ]);
    expect(rows[1]).toEqual([
      'Framing',
      '$46,100.00',
      '$10,000.00',
      '$10,000.00',
      '$20,000.00',
      '43.4%*',
      '$26,100.00',
      '$500.00',
      '$9,500.00',
    ]);
    expect(rows[2]).toEqual([
      'Building Permits',
      '$2,500.00',
      '$0.00',
      '$2,500.00',
      '$2,500.00',
      '100%',
      '$0.00',
      '$125.00',
      '$2,375.00',
    ]);
    expect(rows[3]).toEqual([
      'Total',
      '$48,600.00',
      '$10,000.00',
      '$12,500.00',
      '$22,500.00',
      '',
      '$26,100.00',
      '$625.00',
      '$11,875.00',
    ]);
  });

  it("shows the completed percent, starring the inspector's figure, and gives it under it where they differ", () => {
    const draw = drawFixture();
    draw.items[0] = { ...draw.items[0], percent_complete: 21.7, inspected_percent: 5 };
    const def = drawPdfDefinition(input({ draw }));
    expect(tableAfter(def, 'Continuation sheet')[1][5]).toBe('21.7%\n5%*');
    expect(texts(def.content).find((t) => t.startsWith('Scheduled value:'))).toContain(
      "*: the lender inspector's percent complete, which set the line's amount; where it differs from the completed percent (earlier draws covered more), it is shown under it.",
    );
  });

  it('puts the property on every page and closes with the three signature lines and their dates', () => {
    const def = drawPdfDefinition(input());
    expect(def.footer(2, 3).text).toBe(
      'Willow Creek House - 12 Willow Creek Rd, Austin TX - Draw request 2 - page 2 of 3',
    );
    const all = texts(def.content.slice(indexOf(def, 'Signatures')));
    expect(all).toEqual(
      expect.arrayContaining(['Owner: dana', "Lender's inspector: Pat Inspector", 'Lender: First Hill Bank']),
    );
    expect(all.filter((t) => t.startsWith('Date: '))).toHaveLength(3);
  });

  it('lists the lien waivers still missing, or says none is', () => {
    const draw = drawFixture({
      final: true,
      waivers_missing: [
        { payment: 12, task: 7, contractor: 2, contractor_name: 'Acme Framing', amount: 2000, paid_on: '2026-03-20' },
      ],
      final_waivers_missing: [{ contractor: 2, contractor_name: 'Acme Framing' }],
    });
    expect(paperworkLines(draw)).toEqual([
      '$2,000.00 to Acme Framing, paid Mar 20, 2026 - no lien waiver received (payment 12)',
      'Acme Framing - no unconditional final lien waiver received',
    ]);
    const all = texts(drawPdfDefinition(input({ draw })).content);
    expect(all).toContain('Acme Framing - no unconditional final lien waiver received');
    expect(texts(drawPdfDefinition(input()).content)).toContain(
      'No lien waiver is missing: every payment above the threshold is covered.',
    );
  });

  it("lists the payments of the draw's lines up to its request date, with their receipts", () => {
    const late = { ...paymentsFixture[2], id: 4, paid_on: '2026-03-30' };
    const rows = tableAfter(
      drawPdfDefinition(input({ payments: [...paymentsFixture, late] })),
      'Payments made on this work',
    );
    expect(rows[0]).toEqual(['Date', 'Task', 'Payee', 'Method', 'Amount', 'Receipt']);
    expect(rows.slice(1).map((r) => [r[1], r[3], r[4], r[5]])).toEqual([
      ['Building Permits', 'Card', '$2,500.00', 'permit-receipt.pdf'],
      ['Framing', 'Check', '$12,000.00', 'None attached'],
      ['Framing', 'Loan draw', '$8,000.00', 'framing-invoice-2.pdf'],
    ]);
    const permits = drawFixture({ tasks: [8], items: [lineFixture(8, 'Building Permits', 2500)], total: 2500 });
    expect(drawPayments(permits, paymentsFixture, []).map((p) => p.id)).toEqual([1]);
  });

  it('lists only the payments after the previous submitted or funded draw, up to its request date', () => {
    const first = drawFixture({ id: 40, number: 1, status: 'submitted', requested_on: '2026-03-02' });
    const def = drawPdfDefinition(input({ draws: [first, drawFixture()] }));
    const rows = tableAfter(def, 'Payments made on this work');
    // Payment 2 was paid on Mar 2, the day draw 1 was asked: it went with draw 1.
    expect(rows.slice(1).map((r) => [r[0], r[4]])).toEqual([['Mar 20, 2026', '$8,000.00']]);
    expect(texts(def.content)).toContain(
      "Payments on these lines after Mar 2, 2026 (the previous draw's request date) up to Mar 25, 2026; earlier ones went with earlier draws.",
    );
    // A draft before it does not count: from the start.
    const draft = { ...first, status: 'draft' };
    expect(drawPayments(drawFixture(), paymentsFixture, [draft]).map((p) => p.id)).toEqual([1, 2, 3]);
    expect(texts(drawPdfDefinition(input({ draws: [draft] })).content)).toContain(
      'Payments on these lines up to Mar 25, 2026.',
    );
  });

  it('says when the draw was funded, and keeps the note (the reason it was funded less)', () => {
    const draw = drawFixture({
      status: 'funded',
      funded_amount: 12000,
      funded_on: '2026-04-02',
      note: 'Inspector held back $500 on framing.',
    });
    const all = texts(drawPdfDefinition(input({ draw })).content);
    expect(all).toContain('$12,000.00 on Apr 2, 2026');
    expect(all).toContain('Note: Inspector held back $500 on framing.');
  });
});
