import { describe, expect, it } from 'vitest';
import {
  buildDrawPackage,
  packageDocumentIds,
  packageFileName,
  safeFileName,
  type DrawPackageInput,
} from './draw-package';
import { drawFixture, paymentsFixture } from './test-fixtures';
import type { LienWaiver } from './types';

const project = { id: 3, name: 'Willow Creek House' };
const bytes = (text: string) => new TextEncoder().encode(text);
const textOf = (b: Uint8Array) => new TextDecoder().decode(b);

const waiver = (over: Partial<LienWaiver>): LienWaiver => ({
  id: 1,
  project: 3,
  contractor: 2,
  contractor_name: 'Birch Builders',
  payment: null,
  kind: 'unconditional_progress',
  amount: 0,
  through_date: null,
  status: 'received',
  received_on: '2026-03-21',
  document: null,
  document_name: null,
  ...over,
});

const waivers: LienWaiver[] = [
  // Names a payment of the draw's lines.
  waiver({ id: 5, payment: 3, amount: 8000, document: 60, document_name: 'birch waiver march.pdf' }),
  // The same contractor, through a date on or after one of the draw's payments (Mar 2): it goes in.
  waiver({
    id: 6,
    payment: null,
    amount: 12000,
    through_date: '2026-03-02',
    document: 61,
    document_name: 'birch/through feb.pdf',
  }),
  // The same contractor, through a date before every payment of the draw: an earlier draw's.
  waiver({ id: 10, payment: null, amount: 900, through_date: '2026-01-31', document: 63, document_name: 'jan.pdf' }),
  // Received but no document: nothing to put in.
  waiver({ id: 7, payment: 2, amount: 12000 }),
  // Another contractor's, on no payment of the draw.
  waiver({ id: 8, contractor: 9, contractor_name: 'Other Co', amount: 300, document: 62, document_name: 'x.pdf' }),
];

const documents = new Map([
  [31, { name: 'permit-receipt.pdf', bytes: bytes('receipt 31') }],
  [44, { name: 'framing invoice 2.pdf', bytes: bytes('receipt 44') }],
  [60, { name: 'birch waiver march.pdf', bytes: bytes('waiver 60') }],
  [61, { name: 'through feb.pdf', bytes: bytes('waiver 61') }],
  [62, { name: 'x.pdf', bytes: bytes('waiver 62') }],
  [63, { name: 'jan.pdf', bytes: bytes('waiver 63') }],
]);

const input = (over: Partial<DrawPackageInput> = {}): DrawPackageInput => ({
  project,
  draw: drawFixture(),
  pdf: bytes('%PDF-1.3 draw'),
  payments: paymentsFixture,
  draws: [drawFixture()],
  waivers,
  documents,
  ...over,
});

describe('draw package', () => {
  it('is named after the draw and the project', () => {
    expect(packageFileName({ number: 2 }, project)).toBe('draw_2_willow_creek_house_package.zip');
    expect(packageFileName({ number: 1 }, { id: 7, name: '' })).toBe('draw_1_project_7_package.zip');
  });

  it("holds the PDF, the receipts of the draw's payments, the waivers of those payments and contractors, and index.csv", () => {
    const files = buildDrawPackage(input());
    expect(files.map((f) => f.path)).toEqual([
      'draw_2_willow_creek_house.pdf',
      'receipts/1_permit-receipt.pdf',
      'receipts/3_framing invoice 2.pdf',
      'waivers/5_birch waiver march.pdf',
      'waivers/6_birch_through feb.pdf',
      'index.csv',
    ]);
    expect(textOf(files[0].bytes)).toBe('%PDF-1.3 draw');
    expect(textOf(files[2].bytes)).toBe('receipt 44');
    expect(textOf(files[4].bytes)).toBe('waiver 61');
    expect(textOf(files[5].bytes)).toBe(
      [
        'file,kind,task,payment,contractor,amount',
        'draw_2_willow_creek_house.pdf,draw_request,,,,12500.00',
        'receipts/1_permit-receipt.pdf,receipt,Building Permits,1,City of Austin,2500.00',
        'receipts/3_framing invoice 2.pdf,receipt,Framing,3,Birch Builders,8000.00',
        'waivers/5_birch waiver march.pdf,lien_waiver_unconditional_progress,Framing,3,Birch Builders,8000.00',
        'waivers/6_birch_through feb.pdf,lien_waiver_unconditional_progress,,,Birch Builders,12000.00',
        '',
      ].join('\r\n'),
    );
  });

  it('asks for each document once, and leaves out payments after the request date', () => {
    expect(packageDocumentIds(drawFixture(), paymentsFixture, waivers, [])).toEqual([31, 44, 60, 61]);
    const early = drawFixture({ requested_on: '2026-03-10' });
    const files = buildDrawPackage(input({ draw: early, draws: [early] }));
    // Payment 3 (Mar 20) is after Mar 10: its receipt and the waiver naming it stay out; the
    // waiver through Mar 2 goes with payment 2.
    expect(files.map((f) => f.path)).toEqual([
      'draw_2_willow_creek_house.pdf',
      'receipts/1_permit-receipt.pdf',
      'waivers/6_birch_through feb.pdf',
      'index.csv',
    ]);
    const permitsOnly = drawFixture({ tasks: [8], items: [drawFixture().items[1]] });
    expect(packageDocumentIds(permitsOnly, paymentsFixture, waivers, [])).toEqual([31]);
  });

  it("leaves out what the previous submitted or funded draw already covered (its payments' receipts and waivers)", () => {
    // Draw 1 went to the lender on Feb 15: payment 1 (Feb 1) went with it. A later draw (3) and a
    // draft do not move the start.
    const first = drawFixture({ id: 40, number: 1, status: 'funded', requested_on: '2026-02-15' });
    const draft = drawFixture({ id: 41, number: 1, status: 'draft', requested_on: '2026-03-05' });
    const third = drawFixture({ id: 60, number: 3, status: 'submitted', requested_on: '2026-04-10' });
    const files = buildDrawPackage(input({ draws: [first, draft, drawFixture(), third] }));
    expect(files.map((f) => f.path)).toEqual([
      'draw_2_willow_creek_house.pdf',
      'receipts/3_framing invoice 2.pdf',
      'waivers/5_birch waiver march.pdf',
      'waivers/6_birch_through feb.pdf',
      'index.csv',
    ]);
    const csv = textOf(files.at(-1)!.bytes);
    expect(csv).not.toContain('permit-receipt');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(5);
    // Only the draft before it: from the start.
    expect(packageDocumentIds(drawFixture(), paymentsFixture, waivers, [draft, drawFixture()])).toEqual([
      31, 44, 60, 61,
    ]);
  });

  it("adds every unconditional final waiver to a final draw's package", () => {
    const final = waiver({
      id: 9,
      contractor: 9,
      contractor_name: 'Other Co',
      kind: 'unconditional_final',
      document: 62,
    });
    const files = buildDrawPackage(input({ draw: drawFixture({ final: true }), waivers: [...waivers, final] }));
    expect(files.map((f) => f.path)).toContain('waivers/9_x.pdf');
    expect(textOf(files.at(-1)!.bytes)).toContain('waivers/9_x.pdf,lien_waiver_unconditional_final,,,Other Co,0.00');
  });

  it('quotes CSV cells that need it and keeps a formula from running', () => {
    const payments = paymentsFixture.map((p) =>
      p.id === 1 ? { ...p, payee: '=HYPERLINK("x")', task_title: 'Permits, city' } : p,
    );
    const csv = textOf(buildDrawPackage(input({ payments })).at(-1)!.bytes);
    expect(csv).toContain('receipts/1_permit-receipt.pdf,receipt,"Permits, city",1,"\'=HYPERLINK(""x"")",2500.00');
  });

  it('refuses to leave a document out without saying so', () => {
    const some = new Map([...documents].filter(([id]) => id !== 44));
    expect(() => buildDrawPackage(input({ documents: some }))).toThrow(
      'The receipt of payment 3: document 44 was not downloaded.',
    );
  });

  it('keeps file names inside their folder', () => {
    expect(safeFileName('../../etc/passwd', 'd')).toBe('_.._etc_passwd');
    expect(safeFileName('.hidden', 'd')).toBe('hidden');
    expect(safeFileName('  ', 'document_4')).toBe('document_4');
    expect(safeFileName('a\u0000b:c.pdf', 'd')).toBe('ab_c.pdf');
    const long = `${'x'.repeat(150)}.pdf`;
    expect(safeFileName(long, 'd')).toHaveLength(100);
    expect(safeFileName(long, 'd').endsWith('.pdf')).toBe(true);
  });
});
