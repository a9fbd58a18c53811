// "Download PDF" of a lender draw: the draw request a bank files (issue 34). A cover page in the
// spirit of AIA G702 — owner, property address, lender, loan number, draw number and period, then
// the application's figures: loan amount, approved change orders, scheduled value, completed to
// date, retainage, previous draws, this request, net, balance to finish, the loan drawn and left —
// then the continuation sheet in the spirit of G703 (landscape: task, scheduled value, previous,
// this period, completed to date, %, balance to finish, retainage, net, totals), the payments of
// the draw's lines in its period with their receipts, the lien waivers still missing, and signature lines for
// the owner, the lender's inspector and the lender. Every amount is the server's (the draw's
// lines and totals, the payments, the summary's loan figures): this module formats, it never adds
// money up. The property's address is in every page's footer. US Letter; a heading never ends a
// page and a table's header row repeats on every page. The document definition is pure
// (export-draw-pdf.test.ts); pdfmake and its font are fetched only on download (pdfMakeBlob).
import { formatMoney } from '../../lib/format';
import { saveBlob } from '../../lib/save-blob';
import { SHEET_COLUMNS, retainageWords, sheetRows, sheetTotals } from './continuation';
import type { Draw, MoneyProject, MoneySummary, ProjectPayment } from './types';
import { drawStatusLabel, fileSlug, formatSheetPercent, methodLabel, shortDay } from './utils';
import { localToday } from '../../lib/dates';

type Margin = [number, number, number, number];

export type DrawPdfProject = Pick<MoneyProject, 'id' | 'name' | 'zip_code' | 'address' | 'lender_name' | 'loan_number'>;

export interface DrawPdfInput {
  project: DrawPdfProject;
  draw: Draw;
  /**
   * Every payment of the project; those of the draw's tasks paid in its period are listed (after
   * the previous submitted or funded draw's request date, up to this one's: drawPayments).
   */
  payments: readonly ProjectPayment[];
  /** The project's draws (to find the previous one that was submitted or funded). */
  draws: readonly DrawPeriodSibling[];
  /** Receipt document names by id. */
  receipts: ReadonlyMap<number, string>;
  /** The server's project summary: the loan and the approved change orders. */
  summary: DrawPdfSummary;
  /** The owner (the signed-in user's name), or '' when unknown. */
  owner: string;
  exportedOn?: string;
}

/** What the draw PDF reads of the project summary. */
export type DrawPdfSummary = Pick<MoneySummary, 'loan_amount' | 'drawn' | 'loan_left' | 'change_orders_approved'>;

/** draw_2_willow_creek_house, or draw_2_project_3 without a usable name (no extension). */
export const drawBaseName = (draw: Pick<Draw, 'number'>, project: Pick<MoneyProject, 'id' | 'name'>) =>
  `draw_${draw.number}_${fileSlug(project.name) ?? `project_${project.id}`}`;

/** draw_2_willow_creek_house.pdf */
export const drawFileName = (draw: Pick<Draw, 'number'>, project: Pick<MoneyProject, 'id' | 'name'>) =>
  `${drawBaseName(draw, project)}.pdf`;

/** The document's title; plain ASCII, so PDF readers (and tests) find it as written. */
export const drawTitle = (draw: Pick<Draw, 'number'>) => `Draw request ${draw.number}`;

/** The tasks a draw covers (those still on the board). */
export const drawTaskIds = (draw: Pick<Draw, 'tasks' | 'items'>) =>
  new Set([...draw.tasks, ...draw.items.flatMap((i) => (i.task === null ? [] : [i.task]))]);

/** What drawPayments reads of the project's other draws. */
export type DrawPeriodSibling = Pick<Draw, 'id' | 'number' | 'status' | 'requested_on'>;

/**
 * Where a draw's period starts: the request date of the previous draw that went to the lender
 * (the highest-numbered draw below this one that is not a draft), or null (from the start).
 */
export function periodStart(draw: Pick<Draw, 'id' | 'number'>, draws: readonly DrawPeriodSibling[]): string | null {
  const before = draws.filter((d) => d.id !== draw.id && d.number < draw.number && d.status !== 'draft');
  if (before.length === 0) return null;
  return before.reduce((a, b) => (b.number > a.number ? b : a)).requested_on;
}

/**
 * The payments of a draw's lines, oldest first as given: of its tasks, paid after the previous
 * submitted or funded draw's request date (periodStart; none: from the start) and on or before
 * its own, so a draw does not list again what an earlier one already showed the lender.
 */
export function drawPayments<P extends Pick<ProjectPayment, 'task' | 'paid_on'>>(
  draw: Pick<Draw, 'id' | 'number' | 'tasks' | 'items' | 'requested_on'>,
  payments: readonly P[],
  draws: readonly DrawPeriodSibling[],
): P[] {
  const covered = drawTaskIds(draw);
  const start = periodStart(draw, draws);
  return payments.filter(
    (p) => covered.has(p.task) && p.paid_on <= draw.requested_on && (start === null || p.paid_on > start),
  );
}

/** The period the payments list covers, in words. */
export function paymentsPeriod(
  draw: Pick<Draw, 'id' | 'number' | 'requested_on'>,
  draws: readonly DrawPeriodSibling[],
) {
  const start = periodStart(draw, draws);
  return start === null
    ? `Payments on these lines up to ${shortDay(draw.requested_on)}.`
    : `Payments on these lines after ${shortDay(start)} (the previous draw's request date) up to ${shortDay(draw.requested_on)}; earlier ones went with earlier draws.`;
}

const orNone = (value: string | undefined | null) => (value && value.trim() ? value.trim() : 'Not given');

/** The cover's facts: who, where, which loan, which draw. */
export function coverFacts(input: Pick<DrawPdfInput, 'project' | 'draw' | 'owner'>): [string, string][] {
  const { project, draw } = input;
  const inspection = [
    draw.inspected_on ? shortDay(draw.inspected_on) : '',
    draw.inspector ? `by ${draw.inspector}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return [
    ['Owner', orNone(input.owner)],
    ['Project', project.name || `Project ${project.id}`],
    ['Property address', orNone(project.address)],
    ['ZIP code', orNone(project.zip_code)],
    ['Lender', orNone(project.lender_name)],
    ['Loan number', orNone(project.loan_number)],
    ['Draw number', `${draw.number}${draw.final ? ' (final draw)' : ''}`],
    ['Period to', shortDay(draw.requested_on)],
    ['Status', drawStatusLabel(draw.status)],
    ...(draw.status === 'funded' && draw.funded_amount !== null
      ? [
          [
            'Funded',
            `${formatMoney(draw.funded_amount)}${draw.funded_on ? ` on ${shortDay(draw.funded_on)}` : ''}`,
          ] as [string, string],
        ]
      : []),
    ...(inspection ? [['Inspected', inspection] as [string, string]] : []),
  ];
}

/** The application's figures (in the spirit of G702), every one the server's. */
export function coverFigures(draw: Draw, summary: DrawPdfSummary): [string, string][] {
  const hasLoan = summary.loan_amount !== null && summary.loan_amount !== undefined;
  return [
    ['Loan amount', hasLoan ? formatMoney(summary.loan_amount) : 'No loan on file'],
    ['Approved change orders', formatMoney(summary.change_orders_approved)],
    ['Scheduled value of these lines', formatMoney(draw.scheduled_total)],
    ['Completed to date', formatMoney(draw.completed_to_date_total)],
    [`Retainage (${formatSheetPercent(draw.retainage_percent)} of this period)`, formatMoney(draw.retainage_total)],
    ['Previous draws on these lines', formatMoney(draw.previous_total)],
    ['This request', formatMoney(draw.total)],
    ['Net this request (less retainage)', formatMoney(draw.net_total)],
    ['Balance to finish', formatMoney(draw.balance_to_finish_total)],
    ['Loan drawn to date', formatMoney(summary.drawn)],
    ['Loan left', hasLoan && summary.loan_left !== null ? formatMoney(summary.loan_left) : '-'],
  ];
}

/** The paperwork lines of the PDF (ASCII dashes: the standard font's words as written). */
export function paperworkLines(draw: Pick<Draw, 'final' | 'waivers_missing' | 'final_waivers_missing'>): string[] {
  return [
    ...draw.waivers_missing.map(
      (w) =>
        `${formatMoney(w.amount)} to ${w.contractor_name}, paid ${shortDay(w.paid_on)} - no lien waiver received (payment ${w.payment})`,
    ),
    ...draw.final_waivers_missing.map((w) => `${w.contractor_name} - no unconditional final lien waiver received`),
  ];
}

/** A heading (headlineLevel 1) with fewer than `min` nodes after it on its page starts the next page. */
const keepHeadings =
  (min: number) => (node: { headlineLevel?: number }, helpers: { getFollowingNodesOnPage: () => unknown[] }) =>
    node.headlineLevel === 1 && helpers.getFollowingNodesOnPage().length < min;

const right = { alignment: 'right' as const };

const factTable = (rows: [string, string][], boldRows: readonly string[] = []) => ({
  table: {
    widths: ['auto', 'auto'],
    body: rows.map(([label, value]) => [
      { text: label, style: 'factLabel' },
      { text: value, ...right, bold: boldRows.includes(label) },
    ]),
  },
  layout: 'noBorders',
});

/** A signature line: the role, a line to sign on, the name when known, and a date line. */
const signature = (role: string, name: string) => ({
  columns: [
    {
      stack: [
        { text: '______________________________________', style: 'sign' },
        { text: name ? `${role}: ${name}` : role, style: 'small' },
      ],
    },
    {
      width: 'auto',
      stack: [
        { text: 'Date: ____________________', style: 'sign' },
        { text: ' ', style: 'small' },
      ],
    },
  ],
  columnGap: 24,
  margin: [0, 22, 0, 0] as Margin,
});

export function drawPdfDefinition(input: DrawPdfInput) {
  const { project, draw, receipts, summary } = input;
  const exportedOn = input.exportedOn ?? localToday();
  const name = project.name || `Project ${project.id}`;
  const address = project.address?.trim() ?? '';
  const title = drawTitle(draw);
  const paid = drawPayments(draw, input.payments, input.draws);
  const missing = paperworkLines(draw);
  const figures = coverFigures(draw, summary);

  return {
    info: {
      title: `${title} - ${name}`,
      subject: address ? `${name}, ${address}` : name,
      keywords: `draw ${draw.number}`,
    },
    pageSize: 'LETTER' as const,
    pageOrientation: 'portrait' as const,
    pageMargins: [40, 48, 40, 56] as Margin,
    pageBreakBefore: keepHeadings(4),
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    footer: (page: number, pages: number) => ({
      text: `${name}${address ? ` - ${address}` : ''} - ${title} - page ${page} of ${pages}`,
      style: 'footer',
      margin: [40, 16, 40, 0] as Margin,
    }),
    content: [
      { text: title, style: 'title' },
      { text: 'Application for payment', style: 'project' },
      { ...factTable(coverFacts(input)), margin: [0, 0, 0, 10] as Margin },
      { text: 'The application', style: 'section', headlineLevel: 1 },
      factTable(figures, ['This request', 'Net this request (less retainage)']),
      {
        text: `${retainageWords(draw.retainage_percent)} Completed to date = previous draws + this request, line by line, as the continuation sheet shows.`,
        style: 'small',
      },
      ...(draw.note ? [{ text: `Note: ${draw.note}`, style: 'note' }] : []),
      ...(draw.inspection_note ? [{ text: `Inspection note: ${draw.inspection_note}`, style: 'note' }] : []),
      // The cover's last section stays whole on the cover (the continuation sheet starts a page).
      {
        unbreakable: true,
        stack: [
          { text: 'Lien waivers', style: 'section' },
          missing.length === 0
            ? {
                text: draw.final
                  ? 'No lien waiver is missing: every payment above the threshold is covered, and every awarded contractor gave an unconditional final waiver.'
                  : 'No lien waiver is missing: every payment above the threshold is covered.',
                style: 'body',
              }
            : { ul: missing.map((line) => ({ text: line })), style: 'body' },
        ],
      },
      {
        text: 'Continuation sheet',
        style: 'section',
        headlineLevel: 2,
        pageBreak: 'before' as const,
        pageOrientation: 'landscape' as const,
      },
      {
        table: {
          headerRows: 1,
          keepWithHeaderRows: 1,
          // Landscape Letter: the task takes what the eight figures leave (about 160 pt).
          widths: ['*', 62, 62, 62, 70, 48, 62, 58, 62],
          body: [
            SHEET_COLUMNS.map((c, i) => ({ text: c, style: 'th', ...(i > 0 ? right : {}) })),
            ...sheetRows(draw).map((row) =>
              row.cells.map((cell, i) => ({
                // %: the completed percent; the inspector's figure, starred, where it set the line
                // (on the same figure, or under it where the two differ).
                text:
                  i === 5 && row.inspected
                    ? row.inspectorDiffers
                      ? `${cell}\n${row.inspectorDiffers}*`
                      : `${cell}*`
                    : cell,
                ...(i > 0 ? right : {}),
              })),
            ),
            sheetTotals(draw).map((cell, i) => ({ text: cell, style: 'th', ...(i > 0 ? right : {}) })),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      {
        text: "Scheduled value: the task's committed cost, else its best-known cost, fixed with the line. Previous: what earlier draws covered of the task. %: completed to date over scheduled value (at most 100). *: the lender inspector's percent complete, which set the line's amount; where it differs from the completed percent (earlier draws covered more), it is shown under it.",
        style: 'small',
      },
      { text: 'Payments made on this work', style: 'section', headlineLevel: 1 },
      { text: paymentsPeriod(draw, input.draws), style: 'small' },
      paid.length === 0
        ? { text: "No payments recorded for these lines in this draw's period.", style: 'small' }
        : {
            table: {
              headerRows: 1,
              keepWithHeaderRows: 1,
              widths: ['auto', '*', '*', 'auto', 'auto', '*'],
              body: [
                [
                  { text: 'Date', style: 'th' },
                  { text: 'Task', style: 'th' },
                  { text: 'Payee', style: 'th' },
                  { text: 'Method', style: 'th' },
                  { text: 'Amount', style: 'th', ...right },
                  { text: 'Receipt', style: 'th' },
                ],
                ...paid.map((p) => [
                  { text: shortDay(p.paid_on) },
                  { text: p.task_title },
                  { text: p.payee || '-' },
                  { text: methodLabel(p.method) },
                  { text: formatMoney(p.amount), ...right },
                  {
                    text: p.receipt === null ? 'None attached' : (receipts.get(p.receipt) ?? `Document ${p.receipt}`),
                  },
                ]),
              ],
            },
            layout: 'lightHorizontalLines',
          },
      { text: 'Signatures', style: 'section', headlineLevel: 1 },
      {
        text: `The owner asks for ${formatMoney(draw.total)} for the work above, done up to ${shortDay(draw.requested_on)}. Prepared ${shortDay(exportedOn)} with BuildLedger.`,
        style: 'body',
      },
      signature('Owner', input.owner),
      signature("Lender's inspector", draw.inspector),
      signature('Lender', project.lender_name ?? ''),
    ],
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 2] as Margin },
      project: { fontSize: 12, bold: true, margin: [0, 0, 0, 8] as Margin },
      factLabel: { bold: true },
      body: { margin: [0, 2, 0, 4] as Margin },
      note: { italics: true, margin: [0, 6, 0, 0] as Margin },
      section: { fontSize: 12, bold: true, margin: [0, 14, 0, 6] as Margin },
      small: { fontSize: 8, color: '#4a5567', margin: [0, 4, 0, 0] as Margin },
      footer: { fontSize: 8, color: '#4a5567' },
      sign: { fontSize: 10 },
      th: { bold: true },
    },
  };
}

interface PdfMakeStatic {
  addFontContainer: (container: unknown) => void;
  createPdf: (def: unknown) => { getBlob: () => Promise<Blob> };
}

/** pdfmake with its Helvetica, loaded on the first download (its own chunk). */
export async function loadPdfMake(): Promise<PdfMakeStatic> {
  const [pdfMakeModule, helveticaModule] = await Promise.all([
    import('pdfmake/build/pdfmake'),
    import('pdfmake/build/standard-fonts/Helvetica'),
  ]);
  const pdfMake = (pdfMakeModule.default ?? pdfMakeModule) as PdfMakeStatic;
  const helvetica = (helveticaModule.default ?? helveticaModule) as unknown;
  pdfMake.addFontContainer(helvetica);
  return pdfMake;
}

/** The draw request PDF as a blob. */
export async function drawPdfBlob(input: DrawPdfInput, pdfMake?: PdfMakeStatic): Promise<Blob> {
  const maker = pdfMake ?? (await loadPdfMake());
  return maker.createPdf(drawPdfDefinition(input)).getBlob();
}

/** Builds and saves the PDF; pdfmake (and its font) load here, on the first download. */
export async function downloadDrawPdf(input: DrawPdfInput): Promise<void> {
  saveBlob(await drawPdfBlob(input), drawFileName(input.draw, input.project));
}
