// The schedule's exports (issue 33), from the board's Export menu: schedule_project_{id}.csv and
// .pdf, one row per task in the order of the schedule (by start), then the tasks without dates:
// Task, Start, Finish, Duration, Float, Critical, Baseline finish, Variance, Delay days; above
// them the project's finish, its baseline, the variance and what the slip costs. The builders are
// pure (schedule-export.test.ts); the figures are asked of the server when the user exports, and
// pdfmake (with its font) loads only for the first PDF, as the board's export does (export.ts).
import { client, ok } from '../../lib/api/client';
import { csvRow } from '../../lib/csv';
import { localToday } from '../../lib/dates';
import { formatIsoDay, formatMoney } from '../../lib/format';
import { saveBlob } from '../../lib/save-blob';
import { varianceText } from './schedule-summary-api';
import type { Schedule } from './types';

export const SCHEDULE_TITLE = 'Construction Schedule';

export const SCHEDULE_COLUMNS = [
  'Task',
  'Start',
  'Finish',
  'Duration (working days)',
  'Float (working days)',
  'Critical',
  'Baseline finish',
  'Variance (working days)',
  'Delay days',
] as const;

/** What the export reads of a task (the board's read of its tasks). */
export interface ExportTask {
  id: number;
  title: string;
  duration_days?: number | null;
}

export interface ScheduleRow {
  title: string;
  start: string | null;
  finish: string | null;
  duration: number | null;
  float: number | null;
  critical: boolean;
  baselineFinish: string | null;
  variance: number | null;
  delayDays: number;
}

export interface ScheduleExport {
  projectId: number;
  name: string;
  exportedOn: string;
  schedule: Pick<
    Schedule,
    'start' | 'finish' | 'baseline_finish' | 'variance_days' | 'slip_calendar_days' | 'carrying_cost_of_slip'
  >;
  rows: ScheduleRow[];
}

/** The export's rows: the schedule's tasks in its order, then every other task of the board without dates. */
export function scheduleExport(input: {
  projectId: number;
  name: string | null | undefined;
  schedule: Schedule;
  tasks: readonly ExportTask[];
  now?: Date;
}): ScheduleExport {
  const byId = new Map(input.tasks.map((t) => [t.id, t]));
  const scheduled = new Set(input.schedule.tasks.map((t) => t.task));
  const rows: ScheduleRow[] = input.schedule.tasks.map((s) => ({
    title: byId.get(s.task)?.title ?? `Task ${s.task}`,
    start: s.start,
    finish: s.finish,
    duration: byId.get(s.task)?.duration_days ?? null,
    float: s.total_float,
    critical: s.critical,
    baselineFinish: s.baseline_finish,
    variance: s.variance_days,
    delayDays: s.delay_days,
  }));
  for (const t of input.tasks) {
    if (scheduled.has(t.id)) continue;
    rows.push({
      title: t.title,
      start: null,
      finish: null,
      duration: t.duration_days ?? null,
      float: null,
      critical: false,
      baselineFinish: null,
      variance: null,
      delayDays: 0,
    });
  }
  return {
    projectId: input.projectId,
    name: input.name || `Project ${input.projectId}`,
    exportedOn: localToday(input.now ?? new Date()),
    schedule: input.schedule,
    rows,
  };
}

/** The figures above the table: [label, text]. */
export function scheduleFacts(data: ScheduleExport): [string, string][] {
  const s = data.schedule;
  return [
    ['Start', s.start],
    ['Finish', s.finish ?? 'Not scheduled'],
    ['Baseline finish', s.baseline_finish ?? 'No baseline'],
    ['Variance', s.variance_days === null ? '' : varianceText(s.variance_days)],
    ['Slip (calendar days)', s.slip_calendar_days === null ? '' : String(s.slip_calendar_days)],
    ['Cost of the slip', s.carrying_cost_of_slip === null ? '' : s.carrying_cost_of_slip.toFixed(2)],
  ];
}

const num = (n: number | null) => (n === null ? '' : String(n));

/** The CSV: the project, its schedule's figures, a blank line, then the task table. */
export function scheduleCsv(data: ScheduleExport): string {
  const lines = [
    csvRow(['Project', data.name]),
    ...scheduleFacts(data).map(([label, value]) => csvRow([label, value])),
    csvRow(['Exported', data.exportedOn]),
    '',
    csvRow(SCHEDULE_COLUMNS),
    ...data.rows.map((r) =>
      csvRow([
        r.title,
        r.start ?? '',
        r.finish ?? '',
        num(r.duration),
        num(r.float),
        r.start === null ? '' : r.critical ? 'Yes' : 'No',
        r.baselineFinish ?? '',
        num(r.variance),
        String(r.delayDays),
      ]),
    ),
  ];
  return lines.join('\r\n') + '\r\n';
}

type Margin = [number, number, number, number];
const right = { alignment: 'right' as const };
const day = (d: string | null) => (d ? formatIsoDay(d, 'en-US') : '–');

/** The pdfmake document (pure): US Letter landscape, the header row on every page. */
export function schedulePdfDefinition(data: ScheduleExport) {
  const s = data.schedule;
  const facts: [string, string][] = [
    ['Start', day(s.start)],
    ['Finish', s.finish ? day(s.finish) : 'Not scheduled'],
    ['Baseline finish', s.baseline_finish ? day(s.baseline_finish) : 'No baseline'],
    ['Variance', s.variance_days === null ? '–' : varianceText(s.variance_days)],
    ['Cost of the slip', s.carrying_cost_of_slip === null ? '–' : formatMoney(s.carrying_cost_of_slip)],
  ];
  return {
    info: { title: SCHEDULE_TITLE, subject: data.name },
    pageSize: 'LETTER' as const,
    pageOrientation: 'landscape' as const,
    pageMargins: [36, 36, 36, 40] as Margin,
    defaultStyle: { font: 'Helvetica', fontSize: 9 },
    footer: (page: number, pages: number) => ({
      text: `${data.name} - ${SCHEDULE_TITLE} - exported ${data.exportedOn} - page ${page} of ${pages}`,
      style: 'footer',
      margin: [36, 14, 36, 0] as Margin,
    }),
    content: [
      { text: SCHEDULE_TITLE, style: 'title' },
      { text: data.name, style: 'project' },
      {
        table: { widths: ['auto', 'auto'], body: facts.map(([l, v]) => [{ text: l, bold: true }, { text: v }]) },
        layout: 'noBorders',
        margin: [0, 0, 0, 10] as Margin,
      },
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: ['*', 62, 62, 52, 48, 40, 62, 52, 40],
          body: [
            SCHEDULE_COLUMNS.map((c, i) => ({ text: c, bold: true, ...(i >= 3 && i !== 5 && i !== 6 ? right : {}) })),
            ...data.rows.map((r) => [
              { text: r.title, bold: r.critical },
              { text: day(r.start) },
              { text: day(r.finish) },
              { text: num(r.duration) || '–', ...right },
              { text: num(r.float) || '–', ...right },
              { text: r.start === null ? '–' : r.critical ? 'Yes' : 'No' },
              { text: day(r.baselineFinish) },
              { text: num(r.variance) || '–', ...right },
              { text: String(r.delayDays), ...right },
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
        fontSize: 8,
      },
      {
        text: 'Working days follow the project’s work week and days off. Float: working days a task can slip without moving the finish; critical tasks have none. Variance: against the baseline, late above 0.',
        style: 'small',
      },
    ],
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 2] as Margin },
      project: { fontSize: 12, bold: true, margin: [0, 0, 0, 8] as Margin },
      small: { fontSize: 7.5, color: '#4a5567', margin: [0, 6, 0, 0] as Margin },
      footer: { fontSize: 7.5, color: '#4a5567' },
    },
  };
}

export const scheduleFileName = (projectId: number, ext: 'csv' | 'pdf') => `schedule_project_${projectId}.${ext}`;

/** The schedule, the board's tasks and the project's name, asked of the server now. */
export async function loadScheduleExport(projectId: number): Promise<ScheduleExport> {
  const path = { params: { path: { id: projectId } } };
  const [schedule, tasks, project] = await Promise.all([
    ok(client.GET('/api/projects/{id}/schedule/', path)),
    ok(client.GET('/api/projects/{id}/tasks/', path)),
    ok(client.GET('/api/projects/{id}/', path)).catch(() => null),
  ]);
  return scheduleExport({ projectId, name: project?.name, schedule, tasks });
}

/** Saves schedule_project_{id}.csv. */
export async function exportScheduleCsv(projectId: number): Promise<void> {
  const data = await loadScheduleExport(projectId);
  saveBlob(new Blob([scheduleCsv(data)], { type: 'text/csv;charset=utf-8' }), scheduleFileName(projectId, 'csv'));
}

interface PdfMakeStatic {
  addFontContainer: (container: unknown) => void;
  createPdf: (def: unknown) => { getBlob: () => Promise<Blob> };
}

/** Saves schedule_project_{id}.pdf; pdfmake and its font are fetched only here. */
export async function exportSchedulePdf(projectId: number): Promise<void> {
  const [data, pdfMakeModule, helveticaModule] = await Promise.all([
    loadScheduleExport(projectId),
    import('pdfmake/build/pdfmake'),
    import('pdfmake/build/standard-fonts/Helvetica'),
  ]);
  const pdfMake = (pdfMakeModule.default ?? pdfMakeModule) as PdfMakeStatic;
  const helvetica = (helveticaModule.default ?? helveticaModule) as unknown;
  pdfMake.addFontContainer(helvetica);
  const blob = await pdfMake.createPdf(schedulePdfDefinition(data)).getBlob();
  saveBlob(blob, scheduleFileName(projectId, 'pdf'));
}
