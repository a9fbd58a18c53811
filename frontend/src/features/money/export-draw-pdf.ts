// "Download PDF" of a lender draw: what a bank's inspector reads before releasing money. The
// project, the draw's number and dates, the project's figures (the server's summary, in the words
// of lib/money-words.ts: predicted total, committed, Paid, remaining, contingency, headroom, the
// loan), the work covered (each task's status, percent complete
// and amount in this draw), the payments of those tasks with their receipts, and the loan's
// position (previous draws, loan amount, drawn to date, balance). US Letter; the amounts are the
// server's (the draw's items and total, the payments, the summary's loan figures); a heading never
// ends a page and a table's header row repeats on every page. The document definition is pure
// (export-draw-pdf.test.ts); pdfmake and its font are fetched only on download, as for the bid
// comparison (features/bids/export-pdf.ts).
import { formatIsoDay, formatMoney } from '../../lib/format';
import { FIGURES, statusWords } from '../../lib/money-words';
import { saveBlob } from '../../lib/save-blob';
import type { Draw, MoneyProject, MoneySummary, MoneyTask, ProjectPayment } from './types';
import { drawStatusLabel, fileSlug, methodLabel, percentComplete, sumDollars, toCents } from './utils';
import { localToday } from '../../lib/dates';

type Margin = [number, number, number, number];

export interface DrawPdfInput {
  project: Pick<MoneyProject, 'id' | 'name' | 'zip_code'>;
  draw: Draw;
  /** Every draw of the project (the earlier ones are "previous draws"). */
  draws: readonly Draw[];
  /** The board's tasks (status, paid to date, best-known cost). */
  tasks: readonly MoneyTask[];
  /** Every payment of the project; those of the draw's tasks are listed. */
  payments: readonly ProjectPayment[];
  /** Receipt document names by id. */
  receipts: ReadonlyMap<number, string>;
  /** The server's project summary: the project's figures and the loan. */
  summary: DrawPdfSummary;
  exportedOn?: string;
}

/** What the draw PDF reads of the project summary. */
export type DrawPdfSummary = Pick<
  MoneySummary,
  | 'budget'
  | 'predicted_total'
  | 'use_calibration'
  | 'calibrated'
  | 'committed'
  | 'paid_to_date'
  | 'remaining_to_pay'
  | 'contingency_percent'
  | 'contingency_reserve'
  | 'contingency_used'
  | 'contingency_left'
  | 'headroom'
  | 'status'
  | 'loan_amount'
  | 'drawn'
  | 'loan_left'
>;

/** The project's figures, as the summary gives them: [label, value] in the shared words. */
export function projectFigureRows(summary: DrawPdfSummary): { costs: [string, string][]; reserve: [string, string][] } {
  const calibrated = summary.use_calibration && summary.calibrated !== null && summary.calibrated !== undefined;
  const hasLoan = summary.loan_amount !== null && summary.loan_amount !== undefined;
  return {
    costs: [
      ['Budget', formatMoney(summary.budget)],
      [
        calibrated ? `${FIGURES.predictedTotal.label} (calibrated)` : FIGURES.predictedTotal.label,
        formatMoney(summary.predicted_total),
      ],
      [FIGURES.committed.label, formatMoney(summary.committed)],
      [FIGURES.paid.label, formatMoney(summary.paid_to_date)],
      [FIGURES.remaining.label, formatMoney(summary.remaining_to_pay)],
      [FIGURES.headroom.label, formatMoney(summary.headroom)],
      ['Status', statusWords(summary.status)],
    ],
    reserve: [
      [
        `${FIGURES.contingencyReserve.label} (${summary.contingency_percent}%) reserve`,
        formatMoney(summary.contingency_reserve),
      ],
      [FIGURES.contingencyUsed.label, formatMoney(summary.contingency_used)],
      [FIGURES.contingencyLeft.label, formatMoney(summary.contingency_left)],
      ['Loan amount', hasLoan ? formatMoney(summary.loan_amount) : 'No loan on file'],
      ['Drawn', formatMoney(summary.drawn)],
      ['Loan left', hasLoan && summary.loan_left !== null ? formatMoney(summary.loan_left) : '-'],
    ],
  };
}

/** draw_2_willow_creek_house.pdf, or draw_2_project_3.pdf without a usable name. */
export const drawFileName = (draw: Pick<Draw, 'number'>, project: Pick<MoneyProject, 'id' | 'name'>) =>
  `draw_${draw.number}_${fileSlug(project.name) ?? `project_${project.id}`}.pdf`;

/** The document's title; plain ASCII, so PDF readers (and tests) find it as written. */
export const drawTitle = (draw: Pick<Draw, 'number'>) => `Draw request ${draw.number}`;

/** The earlier draws sent to the lender (drafts are not), and what they asked for. */
export function previousDraws(draw: Pick<Draw, 'number'>, draws: readonly Draw[]) {
  const earlier = draws.filter((d) => d.number < draw.number && d.status !== 'draft');
  return { count: earlier.length, total: sumDollars(earlier, (d) => d.total) };
}

/** The tasks a draw covers (those still on the board). */
export const drawTaskIds = (draw: Pick<Draw, 'tasks' | 'items'>) =>
  new Set([...draw.tasks, ...draw.items.flatMap((i) => (i.task === null ? [] : [i.task]))]);

/**
 * The work a draw covers, a row per item: the task's status, percent complete and Paid now, and
 * its final cost beyond the payments recorded (a task in Paid whose actual cost is more than its
 * payments: the draw covers that work with no payment behind it).
 */
export function drawWorkRows(draw: Draw, tasks: readonly MoneyTask[]) {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  return draw.items.map((item) => {
    const task = item.task === null ? undefined : byId.get(item.task);
    const unrecorded = task ? toCents(task.paid_to_date) - toCents(task.payments_total) : 0;
    return {
      task: item.task,
      title: item.title,
      status: task ? task.status : 'Deleted',
      percent: task ? percentComplete(task) : null,
      paid: task ? task.paid_to_date : null,
      unrecorded: unrecorded > 0 ? unrecorded / 100 : 0,
      amount: item.amount,
    };
  });
}

/** A heading (headlineLevel 1) with fewer than `min` nodes after it on its page starts the next page. */
const keepHeadings =
  (min: number) => (node: { headlineLevel?: number }, helpers: { getFollowingNodesOnPage: () => unknown[] }) =>
    node.headlineLevel === 1 && helpers.getFollowingNodesOnPage().length < min;

const right = { alignment: 'right' as const };

export function drawPdfDefinition(input: DrawPdfInput) {
  const { project, draw, tasks, payments, receipts, summary } = input;
  const exportedOn = input.exportedOn ?? localToday();
  const name = project.name || `Project ${project.id}`;
  const title = drawTitle(draw);
  const work = drawWorkRows(draw, tasks);
  const covered = drawTaskIds(draw);
  const paid = payments.filter((p) => covered.has(p.task));
  const paidTotal = sumDollars(paid, (p) => p.amount);
  const previous = previousDraws(draw, input.draws);
  const finalCosts = work.filter((r) => r.unrecorded > 0);

  const facts: [string, string][] = [
    ['Project', name],
    ['Location', project.zip_code ? `ZIP ${project.zip_code}` : 'Not given'],
    ['Draw number', String(draw.number)],
    ['Requested on', formatIsoDay(draw.requested_on, 'en-US')],
    ['Status', drawStatusLabel(draw.status)],
    ...(draw.status === 'funded' && draw.funded_amount !== null
      ? [
          [
            'Funded',
            `${formatMoney(draw.funded_amount)}${draw.funded_on ? ` on ${formatIsoDay(draw.funded_on, 'en-US')}` : ''}`,
          ] as [string, string],
        ]
      : []),
  ];

  const totals: [string, string][] = [
    ['This draw', formatMoney(draw.total)],
    [`Previous draws (${previous.count})`, previous.count === 0 ? formatMoney(0) : formatMoney(previous.total)],
    ['Requested to date, this draw included', formatMoney(previous.total + draw.total)],
    ...projectFigureRows(summary).reserve.slice(3),
  ];
  const figures = projectFigureRows(summary);

  const factTable = (rows: [string, string][], boldLast = false) => ({
    table: {
      widths: ['auto', 'auto'],
      body: rows.map(([label, value], i) => [
        { text: label, style: 'factLabel' },
        { text: value, ...right, bold: boldLast && i === rows.length - 1 },
      ]),
    },
    layout: 'noBorders',
  });

  return {
    info: { title: `${title} - ${name}`, subject: name, keywords: `draw ${draw.number}` },
    pageSize: 'LETTER' as const,
    pageMargins: [40, 48, 40, 56] as Margin,
    pageBreakBefore: keepHeadings(6),
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    footer: (page: number, pages: number) => ({
      text: `${name} - ${title} - page ${page} of ${pages}`,
      style: 'footer',
      margin: [40, 16, 40, 0] as Margin,
    }),
    content: [
      { text: title, style: 'title' },
      { text: name, style: 'project' },
      { ...factTable(facts), margin: [0, 0, 0, 14] as Margin },
      ...(draw.note ? [{ text: `Note: ${draw.note}`, style: 'note' }] : []),
      { text: 'The project', style: 'section', headlineLevel: 1 },
      {
        columns: [
          { ...factTable(figures.costs), width: 'auto' },
          { ...factTable(figures.reserve), width: 'auto' },
        ],
        columnGap: 48,
      },
      {
        text: [FIGURES.predictedTotal, FIGURES.committed, FIGURES.paid, FIGURES.remaining, FIGURES.headroom]
          .map((f) => `${f.label}: ${f.hint.charAt(0).toLowerCase()}${f.hint.slice(1)}.`)
          .join(' '),
        style: 'small',
      },
      { text: 'Work covered', style: 'section', headlineLevel: 1 },
      {
        table: {
          headerRows: 1,
          keepWithHeaderRows: 1,
          widths: ['*', 'auto', 'auto', 'auto', 'auto'],
          body: [
            [
              { text: 'Task', style: 'th' },
              { text: 'Status', style: 'th' },
              { text: 'Complete', style: 'th', ...right },
              { text: FIGURES.paid.label, style: 'th', ...right },
              { text: 'Amount in this draw', style: 'th', ...right },
            ],
            ...work.map((r) => [
              { text: r.title },
              { text: r.status },
              { text: r.percent === null ? '-' : `${r.percent}%`, ...right },
              { text: r.paid === null ? '-' : formatMoney(r.paid), ...right },
              { text: formatMoney(r.amount), ...right },
            ]),
            [
              { text: 'Total', style: 'th' },
              { text: '' },
              { text: '' },
              { text: '' },
              { text: formatMoney(draw.total), style: 'th', ...right },
            ],
          ],
        },
        layout: 'lightHorizontalLines',
      },
      {
        text: 'Complete: 100% for a task marked Paid, else its Paid over its best-known cost (actual, else committed, else predicted). Paid: the payments recorded, or the final cost of a task in Paid when that is more. Amount in this draw: the work to date no earlier draw covered.',
        style: 'small',
      },
      ...finalCosts.map((r) => ({
        text: `${r.title}: ${formatMoney(r.unrecorded)} of its final cost has no payment recorded yet.`,
        style: 'small',
      })),
      { text: 'Payments made on this work', style: 'section', headlineLevel: 1 },
      paid.length === 0
        ? { text: 'No payments recorded for these tasks.', style: 'small' }
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
                  { text: formatIsoDay(p.paid_on, 'en-US') },
                  { text: p.task_title },
                  { text: p.payee || '-' },
                  { text: methodLabel(p.method) },
                  { text: formatMoney(p.amount), ...right },
                  {
                    text: p.receipt === null ? 'None attached' : (receipts.get(p.receipt) ?? `Document ${p.receipt}`),
                  },
                ]),
                [
                  { text: 'Total', style: 'th' },
                  { text: '' },
                  { text: '' },
                  { text: '' },
                  { text: formatMoney(paidTotal), style: 'th', ...right },
                  { text: '' },
                ],
              ],
            },
            layout: 'lightHorizontalLines',
          },
      { text: 'Loan', style: 'section', headlineLevel: 1 },
      factTable(totals, true),
      {
        text: `Prepared ${formatIsoDay(exportedOn, 'en-US')} with BuildLedger.`,
        style: 'small',
        margin: [0, 18, 0, 0] as Margin,
      },
      {
        columns: [
          { text: "Borrower's signature: ______________________________", style: 'sign' },
          { text: 'Date: ______________', style: 'sign', width: 'auto' },
        ],
        margin: [0, 28, 0, 0] as Margin,
      },
    ],
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 4] as Margin },
      project: { fontSize: 13, bold: true, margin: [0, 0, 0, 8] as Margin },
      factLabel: { bold: true },
      note: { italics: true, margin: [0, 0, 0, 8] as Margin },
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

/** Builds and saves the PDF; pdfmake (and its font) load here, on the first download. */
export async function downloadDrawPdf(input: DrawPdfInput): Promise<void> {
  const [pdfMakeModule, helveticaModule] = await Promise.all([
    import('pdfmake/build/pdfmake'),
    import('pdfmake/build/standard-fonts/Helvetica'),
  ]);
  const pdfMake = (pdfMakeModule.default ?? pdfMakeModule) as PdfMakeStatic;
  const helvetica = (helveticaModule.default ?? helveticaModule) as unknown;
  pdfMake.addFontContainer(helvetica);
  const blob = await pdfMake.createPdf(drawPdfDefinition(input)).getBlob();
  saveBlob(blob, drawFileName(input.draw, input.project));
}
