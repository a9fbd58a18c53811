// Client-side exports of a board (spec 7): kanban_tasks_project_{id}.csv and .pdf, titled
// 'Kanban Board Tasks Report', with the columns Task, Description, Actual Cost, Status. Both also
// name the project and give its budget, its predicted total (the board's best-known-cost rule,
// money.ts) and the sum of the actual costs; when tasks have an awarded bid (issue 18), a second
// table lists their committed costs (the spec's table stays as it is). The content builders are
// pure (export.test.ts).
import { csvRow } from '../../lib/csv';
import { formatMoney } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { saveBlob } from '../../lib/save-blob';
import { boardKeys } from './api';
import { summarize, toCents, toDollars, MAX_CENTS } from './money';
import type { BoardProject, Task } from './types';
import { EXPORT_COLUMNS, exportFileName } from './utils';

export const PDF_TITLE = 'Kanban Board Tasks Report';

/** The second table's columns: what was awarded (issue 18). */
export const COMMITTED_COLUMNS = ['Task', 'Committed Cost'] as const;

const committed = (tasks: readonly Task[]) =>
  tasks.filter((t) => t.committed_cost !== null && t.committed_cost !== undefined);

/** What an export says about its project. */
export interface ExportInfo {
  projectId: number;
  /** The project's name, or null when it is not known. */
  name: string | null;
  budget: number | null;
  /** Best-known costs summed (the budget summary's Predicted Total Cost). */
  predictedTotal: number;
  overBudget: boolean;
  /** Sum of the actual costs entered (the Actual Cost column). */
  actualTotal: number;
  /** Sum of the committed costs (awarded bids; the Committed Cost column). */
  committedTotal: number;
  /** YYYY-MM-DD, local date of the export. */
  exportedOn: string;
}

const today = (now: Date) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** The export's figures for `tasks` of `project` (summed in cents like the server). */
export function exportInfo(
  projectId: number,
  project: Pick<BoardProject, 'name' | 'budget' | 'square_footage'> | null | undefined,
  tasks: readonly Task[],
  now: Date = new Date(),
): ExportInfo {
  const budget = project?.budget ?? null;
  const summary = summarize(tasks, project?.square_footage ?? null, budget ?? 0);
  const actualCents = tasks.reduce(
    (sum, t) => sum + (t.actual_cost === null || t.actual_cost === undefined ? 0 : toCents(t.actual_cost)),
    0,
  );
  const committedCents = tasks.reduce(
    (sum, t) => sum + (t.committed_cost === null || t.committed_cost === undefined ? 0 : toCents(t.committed_cost)),
    0,
  );
  return {
    projectId,
    committedTotal: toDollars(Math.min(committedCents, MAX_CENTS)),
    name: project?.name ?? null,
    budget,
    predictedTotal: summary.predicted_total,
    overBudget: budget !== null && summary.over_budget,
    actualTotal: toDollars(Math.min(actualCents, MAX_CENTS)),
    exportedOn: today(now),
  };
}

/** Money for the CSV: a plain number with two decimals (spreadsheets read it as a number). */
const csvMoney = (value: number | null | undefined) => (value === null || value === undefined ? '' : value.toFixed(2));

/**
 * The CSV: a few lines about the project (name, budget, predicted total, actual total, date),
 * a blank line, then the spec's columns and one row per task, then a Total row. Every cell goes
 * through lib/csv's `csvCell` (quoting, and a leading ' against formula injection).
 */
export function csvContent(tasks: readonly Task[], info: ExportInfo): string {
  const line = csvRow;
  const lines = [
    line(['Project', info.name ?? `Project ${info.projectId}`]),
    line(['Budget', csvMoney(info.budget)]),
    line(['Predicted Total Cost', csvMoney(info.predictedTotal)]),
    line(['Actual Cost Total', csvMoney(info.actualTotal)]),
    line(['Exported', info.exportedOn]),
    '',
    line(EXPORT_COLUMNS),
    ...tasks.map((t) => line([t.title, t.description ?? '', csvMoney(t.actual_cost), t.status])),
    line(['Total', '', csvMoney(info.actualTotal), '']),
  ];
  const awarded = committed(tasks);
  if (awarded.length > 0) {
    lines.push(
      '',
      line(COMMITTED_COLUMNS),
      ...awarded.map((t) => line([t.title, csvMoney(t.committed_cost)])),
      line(['Total', csvMoney(info.committedTotal)]),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

type Margin = [number, number, number, number];

/** The pdfmake document definition (pure): title, project lines, the task table with a total row. */
export function pdfDefinition(tasks: readonly Task[], info: ExportInfo) {
  const facts: [string, string][] = [
    ['Budget', formatMoney(info.budget)],
    ['Predicted Total Cost', `${formatMoney(info.predictedTotal)}${info.overBudget ? ' (over budget)' : ''}`],
    ['Actual Cost Total', formatMoney(info.actualTotal)],
    ...(info.committedTotal > 0
      ? [['Committed Cost Total', formatMoney(info.committedTotal)] as [string, string]]
      : []),
    ['Exported', info.exportedOn],
  ];
  const awarded = committed(tasks);
  return {
    info: { title: PDF_TITLE, subject: info.name ?? `Project ${info.projectId}` },
    pageMargins: [40, 48, 40, 48] as Margin,
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    content: [
      { text: PDF_TITLE, style: 'title' },
      { text: info.name ?? `Project ${info.projectId}`, style: 'project' },
      {
        table: {
          widths: ['auto', 'auto'],
          body: facts.map(([label, value]) => [
            { text: label, style: 'factLabel' },
            { text: value, alignment: 'right' as const },
          ]),
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 14] as Margin,
      },
      {
        table: {
          headerRows: 1,
          widths: ['25%', '*', 'auto', 'auto'],
          body: [
            EXPORT_COLUMNS.map((c, i) => ({ text: c, style: 'th', alignment: i === 2 ? 'right' : 'left' })),
            ...tasks.map((t) => [
              { text: t.title },
              { text: t.description ?? '' },
              { text: formatMoney(t.actual_cost), alignment: 'right' as const },
              { text: t.status },
            ]),
            [
              { text: 'Total', style: 'th' },
              { text: '' },
              { text: formatMoney(info.actualTotal), style: 'th', alignment: 'right' as const },
              { text: '' },
            ],
          ],
        },
        layout: 'lightHorizontalLines',
      },
      ...(awarded.length === 0
        ? []
        : [
            { text: 'Committed costs (awarded bids)', style: 'section' },
            {
              table: {
                headerRows: 1,
                widths: ['*', 'auto'],
                body: [
                  COMMITTED_COLUMNS.map((c, i) => ({ text: c, style: 'th', alignment: i === 1 ? 'right' : 'left' })),
                  ...awarded.map((t) => [
                    { text: t.title },
                    { text: formatMoney(t.committed_cost), alignment: 'right' as const },
                  ]),
                  [
                    { text: 'Total', style: 'th' },
                    { text: formatMoney(info.committedTotal), style: 'th', alignment: 'right' as const },
                  ],
                ],
              },
              layout: 'lightHorizontalLines',
            },
          ]),
    ],
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 4] as Margin },
      project: { fontSize: 13, bold: true, margin: [0, 0, 0, 10] as Margin },
      factLabel: { bold: true },
      section: { fontSize: 12, bold: true, margin: [0, 16, 0, 6] as Margin },
      th: { bold: true },
    },
  };
}

/**
 * The project of the board being exported: the one passed, else the board's cached copy
 * (board-page.tsx has it loaded whenever the Export menu is usable).
 */
function projectOf(projectId: number, project?: BoardProject | null) {
  return project ?? queryClient.getQueryData<BoardProject>(boardKeys.project(projectId)) ?? null;
}

export function exportCsv(projectId: number, tasks: readonly Task[], project?: BoardProject | null) {
  const info = exportInfo(projectId, projectOf(projectId, project), tasks);
  saveBlob(new Blob([csvContent(tasks, info)], { type: 'text/csv;charset=utf-8' }), exportFileName(projectId, 'csv'));
}

/** pdfmake (and its font) are fetched only here, on the first PDF export. */
export async function exportPdf(projectId: number, tasks: readonly Task[], project?: BoardProject | null) {
  const info = exportInfo(projectId, projectOf(projectId, project), tasks);
  const [pdfMakeModule, helveticaModule] = await Promise.all([
    import('pdfmake/build/pdfmake'),
    import('pdfmake/build/standard-fonts/Helvetica'),
  ]);
  const pdfMake = (pdfMakeModule.default ?? pdfMakeModule) as PdfMakeStatic;
  const helvetica = (helveticaModule.default ?? helveticaModule) as unknown;
  pdfMake.addFontContainer(helvetica);
  const doc = pdfMake.createPdf(pdfDefinition(tasks, info));
  const blob = await doc.getBlob();
  saveBlob(blob, exportFileName(projectId, 'pdf'));
}

interface PdfMakeStatic {
  addFontContainer: (container: unknown) => void;
  createPdf: (def: unknown) => { getBlob: () => Promise<Blob> };
}
