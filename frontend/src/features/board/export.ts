// Client-side exports of a board (spec 7): kanban_tasks_project_{id}.csv and .pdf, titled
// 'Kanban Board Tasks Report', whose first columns are the spec's Task, Description, Actual Cost,
// Status. Issue 29: they carry the project's ledger, as a spreadsheet a builder would keep. At the
// top, the project (budget, predicted total, headroom, contingency, loan); then one row per task
// with, after the spec's columns, the awarded contractor, the prediction the board shows (with its
// basis: regional, calibrated or fee), committed, change orders, what the task counts for in the
// predicted total, Paid, Remaining and the due date; then a totals row that is the server's
// summary (docs/money.md: the same figures on every screen). The builders are pure
// (export.test.ts); the figures are asked of the server when the user exports.
import { http } from '../../lib/api-client';
import type { components } from '../../lib/api/schema';
import { csvRow } from '../../lib/csv';
import { formatIsoDay, formatMoney } from '../../lib/format';
import { FIGURES, statusWords } from '../../lib/money-words';
import { queryClient } from '../../lib/query-client';
import { saveBlob } from '../../lib/save-blob';
import { boardKeys, type SummaryAnswer } from './api';
import { shownPrediction, toCents, toDollars, type PredictionBasis } from './money';
import type { BoardProject, ProjectSummary, Task } from './types';
import { EXPORT_COLUMNS, exportFileName } from './utils';
import { localToday } from '../../lib/dates';

export const PDF_TITLE = 'Kanban Board Tasks Report';

/** The columns after the spec's four (docs/money.md's words). */
export const LEDGER_COLUMNS = [
  'Contractor',
  'Predicted',
  'Basis',
  'Committed',
  'Change orders',
  'Counts in total',
  'Paid',
  'Remaining',
  'Due',
] as const;

/** Every column of the task table: the spec's first, in the spec's order. */
export const TASK_COLUMNS = [...EXPORT_COLUMNS, ...LEDGER_COLUMNS] as const;

/** What the export reads of the server's summary (`GET /api/projects/{id}/summary/`). */
export type ExportSummary = Pick<
  ProjectSummary,
  | 'budget'
  | 'predicted_total'
  | 'use_calibration'
  | 'calibrated'
  | 'committed'
  | 'change_orders_approved'
  | 'uncommitted'
  | 'paid_to_date'
  | 'payments_recorded'
  | 'remaining_to_pay'
  | 'contingency_percent'
  | 'contingency_reserve'
  | 'contingency_used'
  | 'contingency_left'
  | 'working_budget'
  | 'headroom'
  | 'status'
  | 'loan_amount'
  | 'drawn'
  | 'loan_left'
>;

/** One task of the export, in dollars (null: not known, an empty cell). */
export interface ExportRow {
  id: number;
  title: string;
  description: string;
  actualCost: number | null;
  status: string;
  /** The awarded bid's contractor, or '' without an award. */
  contractor: string;
  /** The prediction the board shows for the task (whole dollars when calibrated); null without one. */
  predicted: number | null;
  basis: PredictionBasis | null;
  /** The awarded bid plus its approved change orders; null without an award. */
  committed: number | null;
  /** The approved change orders of an awarded task (may be negative); null without an award. */
  changeOrders: number | null;
  /** Its best-known cost: actual cost, else committed, else the prediction shown, else 0. */
  countsInTotal: number;
  /** Its Paid: payments, or its actual cost when it is in Paid and that is more. */
  paid: number;
  /** Actual (else committed) cost minus Paid, never below 0; null without a known cost. */
  remaining: number | null;
  due: string | null;
}

/** The totals row. */
export interface ExportTotals {
  actualCost: number;
  committed: number;
  changeOrders: number;
  countsInTotal: number;
  paid: number;
  remaining: number;
}

export interface ExportData {
  projectId: number;
  name: string;
  /** YYYY-MM-DD, local date of the export. */
  exportedOn: string;
  summary: ExportSummary;
  /** True when the predictions shown (and so the predicted total) are calibrated. */
  calibrated: boolean;
  rows: ExportRow[];
  /** The totals row: the summary's figures (the Actual Cost column's sum for that column). */
  totals: ExportTotals;
  /** The columns summed as listed (in cents), which the summary's figures equal. */
  columnSums: ExportTotals;
}

const isSet = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined;

/** The summary's calibration is what the tasks' predictions show. */
const usesCalibration = (summary: Pick<ExportSummary, 'use_calibration' | 'calibrated'>) =>
  summary.use_calibration !== false && isSet(summary.calibrated);

/**
 * The export's rows and totals for `tasks` (board order) of a project: each task's figures from
 * its row on the wire and the prediction it shows (money.ts `shownPrediction`), the totals from
 * the server's summary. `contractors` names the awarded bid's contractor by task id.
 */
export function exportData(input: {
  projectId: number;
  project: Pick<BoardProject, 'name' | 'square_footage'> | null | undefined;
  tasks: readonly Task[];
  summary: ExportSummary;
  contractors?: ReadonlyMap<number, string>;
  now?: Date;
}): ExportData {
  const { projectId, project, tasks, summary } = input;
  const sqft = project?.square_footage ?? null;
  const rows = tasks.map((t): ExportRow => {
    const shown = shownPrediction(t, sqft, summary);
    const awarded = isSet(t.committed_cost);
    const best = isSet(t.actual_cost) ? t.actual_cost : awarded ? t.committed_cost : shown ? toDollars(shown.cents) : 0;
    return {
      id: t.id,
      title: t.title,
      description: t.description ?? '',
      actualCost: t.actual_cost ?? null,
      status: t.status,
      contractor: input.contractors?.get(t.id) ?? '',
      predicted: shown ? toDollars(shown.cents) : null,
      basis: shown ? shown.basis : null,
      committed: awarded ? t.committed_cost : null,
      changeOrders: awarded ? (t.change_order_total ?? 0) : null,
      countsInTotal: best ?? 0,
      paid: t.paid_to_date ?? 0,
      remaining: t.remaining_to_pay ?? null,
      due: t.due_date ?? null,
    };
  });
  const sum = (f: (r: ExportRow) => number | null) => toDollars(rows.reduce((s, r) => s + toCents(f(r) ?? 0), 0));
  const columnSums: ExportTotals = {
    actualCost: sum((r) => r.actualCost),
    committed: sum((r) => r.committed),
    changeOrders: sum((r) => r.changeOrders),
    countsInTotal: sum((r) => r.countsInTotal),
    paid: sum((r) => r.paid),
    remaining: sum((r) => r.remaining),
  };
  return {
    projectId,
    name: project?.name || `Project ${projectId}`,
    exportedOn: localToday(input.now ?? new Date()),
    summary,
    calibrated: usesCalibration(summary),
    rows,
    totals: {
      actualCost: columnSums.actualCost,
      committed: summary.committed,
      changeOrders: summary.change_orders_approved,
      countsInTotal: summary.predicted_total,
      paid: summary.paid_to_date,
      remaining: summary.remaining_to_pay,
    },
    columnSums,
  };
}

// ---------- words ----------

const BASIS_WORDS: Record<PredictionBasis, string> = {
  regional: 'Regional',
  calibrated: 'Calibrated',
  fee: 'Fee',
};

export const basisWord = (basis: PredictionBasis | null) => (basis ? BASIS_WORDS[basis] : '');

/** A figure's hint as a note of the export: "Awarded bids plus ..." -> "awarded bids plus ...". */
const note = (hint: string) => `${hint.charAt(0).toLowerCase()}${hint.slice(1)}`;

/** The project's figures at the top of both exports: [label, dollars or text, note]. */
export function projectFacts(data: ExportData): [string, number | string | null, string][] {
  const s = data.summary;
  const loan = isSet(s.loan_amount);
  return [
    ['Budget', s.budget, ''],
    [
      FIGURES.predictedTotal.label,
      s.predicted_total,
      data.calibrated ? 'calibrated predictions (regional x local ratio)' : 'regional predictions',
    ],
    [FIGURES.committed.label, s.committed, note(FIGURES.committed.hint)],
    [FIGURES.paid.label, s.paid_to_date, note(FIGURES.paid.hint)],
    [FIGURES.remaining.label, s.remaining_to_pay, note(FIGURES.remaining.hint)],
    [FIGURES.headroom.label, s.headroom, s.headroom < 0 ? 'over the budget' : 'budget - predicted total'],
    [
      `${FIGURES.contingencyReserve.label} (${s.contingency_percent}%)`,
      s.contingency_reserve,
      'reserve: budget x percent',
    ],
    [FIGURES.contingencyUsed.label, s.contingency_used, ''],
    [FIGURES.contingencyLeft.label, s.contingency_left, ''],
    [FIGURES.workingBudget.label, s.working_budget, 'budget - reserve'],
    ['Status', statusWords(s.status), ''],
    ['Loan', loan ? s.loan_amount : 'None', ''],
    ['Drawn', loan ? s.drawn : '', loan ? 'funded draws' : ''],
    ['Loan left', loan ? s.loan_left : '', ''],
    [FIGURES.paymentsRecorded.label, s.payments_recorded, ''],
    [FIGURES.uncommitted.label, s.uncommitted, note(FIGURES.uncommitted.hint)],
  ];
}

/** What the columns mean (docs/money.md), under the table. */
export const COLUMN_NOTES = [
  'Predicted: the prediction the board shows (regional: rate x square footage; calibrated: x the local ratio, whole dollars; fee: a permit or fee, never scaled).',
  'Committed: the awarded bid plus its approved change orders. Counts in total: actual cost, else committed, else predicted.',
  'Paid: the payments, or the actual cost of a task in Paid when that is more. Remaining: actual (else committed) cost minus Paid.',
];

// ---------- CSV ----------

/** Money for the CSV: a plain number with two decimals (spreadsheets read it as a number). */
const csvMoney = (value: number | null | undefined) => (isSet(value) ? value.toFixed(2) : '');

const csvRowCells = (r: ExportRow) => [
  r.title,
  r.description,
  csvMoney(r.actualCost),
  r.status,
  r.contractor,
  csvMoney(r.predicted),
  basisWord(r.basis),
  csvMoney(r.committed),
  csvMoney(r.changeOrders),
  csvMoney(r.countsInTotal),
  csvMoney(r.paid),
  csvMoney(r.remaining),
  r.due ?? '',
];

/**
 * The CSV: the project's figures (label, value, note), a blank line, the task table (the spec's
 * columns first), its totals row, then what the columns mean. Every cell goes through lib/csv's
 * `csvCell` (quoting, and a leading ' against formula injection).
 */
export function csvContent(data: ExportData): string {
  const t = data.totals;
  const lines = [
    csvRow(['Project', data.name]),
    ...projectFacts(data).map(([label, value, note]) =>
      csvRow(
        [label, typeof value === 'number' ? csvMoney(value) : (value ?? ''), note].filter((c, i) => i < 2 || c !== ''),
      ),
    ),
    csvRow(['Exported', data.exportedOn]),
    '',
    csvRow(TASK_COLUMNS),
    ...data.rows.map((r) => csvRow(csvRowCells(r))),
    csvRow([
      `Total (${data.rows.length} ${data.rows.length === 1 ? 'task' : 'tasks'})`,
      '',
      csvMoney(t.actualCost),
      '',
      '',
      '',
      '',
      csvMoney(t.committed),
      csvMoney(t.changeOrders),
      csvMoney(t.countsInTotal),
      csvMoney(t.paid),
      csvMoney(t.remaining),
      '',
    ]),
    '',
    ...COLUMN_NOTES.map((n) => csvRow([n])),
  ];
  return lines.join('\r\n') + '\r\n';
}

// ---------- PDF ----------

type Margin = [number, number, number, number];
const right = { alignment: 'right' as const };

/** Thin rules between rows, tight padding: thirteen columns across a landscape Letter page. */
export const TABLE_LAYOUT = {
  hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
    i === 0 || i === node.table.body.length ? 0 : i === 1 || i === node.table.body.length - 1 ? 1 : 0.5,
  vLineWidth: () => 0,
  hLineColor: (i: number) => (i === 1 ? '#4a5567' : '#c9d1dc'),
  paddingLeft: (i: number) => (i === 0 ? 0 : 3),
  paddingRight: (i: number, node: { table: { widths?: unknown[] } }) =>
    i === (node.table.widths?.length ?? 0) - 1 ? 0 : 3,
  paddingTop: () => 2.5,
  paddingBottom: () => 2.5,
};

/** Column widths in points (landscape Letter: 720 pt between the margins). */
export const TASK_WIDTHS = ['*', '*', 48, 40, 56, 46, 38, 48, 44, 50, 48, 48, 40];

const pdfMoney = (value: number | null | undefined) => (isSet(value) ? formatMoney(value) : '–');
/** A prediction in whole dollars ($12,345), as predictions are shown. */
const pdfDollars = (value: number | null) =>
  value === null ? '–' : Number.isInteger(value) ? formatMoney(value).replace(/\.00$/, '') : formatMoney(value);

interface PdfNode {
  headlineLevel?: number;
  pageNumbers: number[];
}
interface PageBreakHelpers {
  getFollowingNodesOnPage: () => unknown[];
}

/**
 * A heading (headlineLevel 1) never ends a page: when fewer than `minFollowing` nodes follow it
 * on its page (the table's header row and a first row of cells), it starts the next page.
 */
export const keepHeadingsWithContent =
  (minFollowing: number) =>
  (node: PdfNode, helpers: PageBreakHelpers): boolean =>
    node.headlineLevel === 1 && helpers.getFollowingNodesOnPage().length < minFollowing;

/** The pdfmake document definition (pure): US Letter, landscape, the header row on every page. */
export function pdfDefinition(data: ExportData) {
  const t = data.totals;
  const facts = projectFacts(data);
  const factText = (value: number | string | null) => (typeof value === 'number' ? formatMoney(value) : (value ?? ''));
  const factTable = (rows: typeof facts) => ({
    table: {
      widths: ['auto', 'auto'],
      body: rows.map(([label, value]) => [
        { text: label, style: 'factLabel' },
        {
          text: `${factText(value)}${label === 'Predicted total' && data.calibrated ? ' (calibrated)' : ''}`,
          ...right,
        },
      ]),
    },
    layout: 'noBorders',
  });
  const byLabel = (labels: string[]) => facts.filter(([label]) => labels.some((l) => label.startsWith(l)));
  const loan = isSet(data.summary.loan_amount);
  const header = TASK_COLUMNS.map((c, i) => ({
    text: c,
    style: 'th',
    ...(i === 2 || (i >= 5 && i !== 6 && i !== 12) ? right : {}),
  }));
  return {
    info: { title: PDF_TITLE, subject: data.name },
    pageSize: 'LETTER' as const,
    pageOrientation: 'landscape' as const,
    pageMargins: [36, 36, 36, 40] as Margin,
    defaultStyle: { font: 'Helvetica', fontSize: 9 },
    footer: (page: number, pages: number) => ({
      text: `${data.name} - ${PDF_TITLE} - exported ${data.exportedOn} - page ${page} of ${pages}`,
      style: 'footer',
      margin: [36, 14, 36, 0] as Margin,
    }),
    pageBreakBefore: keepHeadingsWithContent(TASK_COLUMNS.length * 2),
    content: [
      { text: PDF_TITLE, style: 'title' },
      { text: data.name, style: 'project' },
      {
        columns: [
          {
            width: 'auto',
            ...factTable(byLabel(['Budget', 'Predicted total', 'Committed', 'Paid', 'Remaining', 'Headroom'])),
          },
          {
            width: 'auto',
            ...factTable(byLabel(['Contingency', 'Working budget', 'Status'])),
          },
          {
            width: 'auto',
            ...factTable([
              ...(loan ? byLabel(['Loan', 'Drawn']) : byLabel(['Loan']).slice(0, 1)),
              ...byLabel(['Payments recorded', 'Not yet awarded']),
            ]),
          },
        ],
        columnGap: 28,
        margin: [0, 0, 0, 10] as Margin,
      },
      { text: `Tasks (${data.rows.length})`, style: 'section', headlineLevel: 1 },
      {
        table: {
          headerRows: 1,
          keepWithHeaderRows: 1,
          dontBreakRows: true,
          widths: TASK_WIDTHS,
          body: [
            header,
            ...data.rows.map((r) => [
              { text: r.title, bold: true },
              { text: r.description, color: '#4a5567' },
              { text: pdfMoney(r.actualCost), ...right },
              { text: r.status },
              { text: r.contractor || '–' },
              { text: pdfDollars(r.predicted), ...right },
              { text: basisWord(r.basis) || '–' },
              { text: pdfMoney(r.committed), ...right },
              { text: pdfMoney(r.changeOrders), ...right },
              { text: pdfMoney(r.countsInTotal), ...right },
              { text: pdfMoney(r.paid), ...right },
              { text: pdfMoney(r.remaining), ...right },
              { text: r.due ? formatIsoDay(r.due, 'en-US') : '–' },
            ]),
            [
              { text: 'Total', style: 'th' },
              { text: '' },
              { text: formatMoney(t.actualCost), style: 'th', ...right },
              { text: '' },
              { text: '' },
              { text: '' },
              { text: '' },
              { text: formatMoney(t.committed), style: 'th', ...right },
              { text: formatMoney(t.changeOrders), style: 'th', ...right },
              { text: formatMoney(t.countsInTotal), style: 'th', ...right },
              { text: formatMoney(t.paid), style: 'th', ...right },
              { text: formatMoney(t.remaining), style: 'th', ...right },
              { text: '' },
            ],
          ],
        },
        layout: TABLE_LAYOUT,
        style: 'table',
      },
      {
        stack: COLUMN_NOTES.map((n) => ({ text: n })),
        style: 'small',
        unbreakable: true,
      },
    ],
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 2] as Margin },
      project: { fontSize: 12, bold: true, margin: [0, 0, 0, 8] as Margin },
      factLabel: { bold: true },
      section: { fontSize: 11, bold: true, margin: [0, 4, 0, 4] as Margin },
      table: { fontSize: 7.5 },
      th: { bold: true },
      small: { fontSize: 7.5, color: '#4a5567', margin: [0, 6, 0, 0] as Margin },
      footer: { fontSize: 7.5, color: '#4a5567' },
    },
  };
}

// ---------- exporting ----------

type Comparison = components['schemas']['BidComparison'];

/** The awarded bid's contractor of each task with an award (`GET /api/projects/{id}/bids/`). */
export function awardedContractors(comparisons: readonly Comparison[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const c of comparisons) {
    const bid = c.awarded_bid === null ? undefined : c.bids.find((b) => b.id === c.awarded_bid);
    if (bid) out.set(c.task, bid.contractor.name);
  }
  return out;
}

/** The project of the board being exported: the one passed, else the board's cached copy. */
function projectOf(projectId: number, project?: BoardProject | null) {
  return project ?? queryClient.getQueryData<BoardProject>(boardKeys.project(projectId)) ?? null;
}

/**
 * The figures of one project version: the board and its summary asked together (the summary is
 * computed from the same tasks), and the awards for the Contractor column. Without the server
 * (offline), the board's cached tasks and summary; without awards, an empty Contractor column.
 */
export async function loadExport(
  projectId: number,
  tasks: readonly Task[],
  project?: BoardProject | null,
): Promise<ExportData> {
  const [fresh, summary, comparisons] = await Promise.all([
    http.get<Task[]>(`/api/projects/${projectId}/tasks/`).catch(() => null),
    http.get<ProjectSummary>(`/api/projects/${projectId}/summary/`).catch(() => null),
    http.get<Comparison[]>(`/api/projects/${projectId}/bids/`).catch((e: unknown) => {
      console.error('Awards could not be read for the export', e);
      return [] as Comparison[];
    }),
  ]);
  const cached = queryClient.getQueryData<SummaryAnswer>(boardKeys.summary(projectId))?.summary ?? null;
  const figures = fresh && summary ? { tasks: fresh, summary } : { tasks, summary: summary ?? cached };
  if (!figures.summary) throw new Error('The money summary could not be read.');
  return exportData({
    projectId,
    project: projectOf(projectId, project),
    tasks: figures.tasks,
    summary: figures.summary,
    contractors: awardedContractors(comparisons),
  });
}

// An export under way, and the last one's failure: the Export menu (export-menu.tsx) shows them.
export interface ExportState {
  busy: boolean;
  error: string;
}
let state: ExportState = { busy: false, error: '' };
const listeners = new Set<() => void>();
const setState = (next: ExportState) => {
  state = next;
  for (const l of listeners) l();
};
export const exportState = {
  get: () => state,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  clearError: () => setState({ ...state, error: '' }),
};

const FAILED = 'The export could not be made: its figures could not be read. Please try again.';

async function run(kind: string, job: () => Promise<void>) {
  setState({ busy: true, error: '' });
  try {
    await job();
    setState({ busy: false, error: '' });
  } catch (e) {
    console.error(`${kind} export failed`, e);
    setState({ busy: false, error: FAILED });
    throw e;
  }
}

/**
 * Another export of the menu (issue 33: the schedule's CSV and PDF, composed in src/app): the
 * same "Exporting…" while it runs and the same message when it fails.
 */
export const trackExport = (kind: string, job: () => Promise<void>) => run(kind, job);

/** Saves kanban_tasks_project_{id}.csv (the figures are asked of the server first). */
export function exportCsv(projectId: number, tasks: readonly Task[], project?: BoardProject | null): void {
  void run('CSV', async () => {
    const data = await loadExport(projectId, tasks, project);
    saveBlob(new Blob([csvContent(data)], { type: 'text/csv;charset=utf-8' }), exportFileName(projectId, 'csv'));
  }).catch(() => undefined);
}

/** pdfmake (and its font) are fetched only here, on the first PDF export. */
export async function exportPdf(projectId: number, tasks: readonly Task[], project?: BoardProject | null) {
  await run('PDF', async () => {
    const [data, pdfMakeModule, helveticaModule] = await Promise.all([
      loadExport(projectId, tasks, project),
      import('pdfmake/build/pdfmake'),
      import('pdfmake/build/standard-fonts/Helvetica'),
    ]);
    const pdfMake = (pdfMakeModule.default ?? pdfMakeModule) as PdfMakeStatic;
    const helvetica = (helveticaModule.default ?? helveticaModule) as unknown;
    pdfMake.addFontContainer(helvetica);
    const blob = await pdfMake.createPdf(pdfDefinition(data)).getBlob();
    saveBlob(blob, exportFileName(projectId, 'pdf'));
  });
}

interface PdfMakeStatic {
  addFontContainer: (container: unknown) => void;
  createPdf: (def: unknown) => { getBlob: () => Promise<Blob> };
}
