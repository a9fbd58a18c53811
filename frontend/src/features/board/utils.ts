import { csvRow } from '../../lib/csv';
import { formatMoney, formatWholeMoney } from '../../lib/format';
import {
  paymentsCents,
  roundToCent,
  shownPrediction,
  toCents,
  toDollars,
  type PredictedFields,
  type PredictionSettings,
} from './money';
import { STATUSES, type Task, type TaskInput, type TaskStatus } from './types';
import { localToday } from '../../lib/dates';

export function isStatus(value: unknown): value is TaskStatus {
  return typeof value === 'string' && (STATUSES as readonly string[]).includes(value);
}

/** Tasks of one column in board order. */
export function columnTasks(tasks: readonly Task[], status: TaskStatus): Task[] {
  return tasks.filter((t) => t.status === status).sort((a, b) => a.position - b.position || a.id - b.id);
}

export function groupByStatus(tasks: readonly Task[]): Record<TaskStatus, Task[]> {
  return {
    'To Do': columnTasks(tasks, 'To Do'),
    'In Progress': columnTasks(tasks, 'In Progress'),
    Paid: columnTasks(tasks, 'Paid'),
  };
}

/**
 * Moves a task to `toIndex` of column `toStatus` (pure). Positions of the
 * affected columns are renumbered 0..n-1; the result is in board order.
 * Unknown task ids leave the list unchanged (same array).
 */
export function moveTask(
  tasks: readonly Task[],
  taskId: number,
  toStatus: TaskStatus,
  toIndex: number,
  changes: Partial<Task> = {},
): Task[] {
  const moving = tasks.find((t) => t.id === taskId);
  if (!moving) return tasks as Task[];
  const groups = groupByStatus(tasks.filter((t) => t.id !== taskId));
  const target = groups[toStatus];
  const index = Math.max(0, Math.min(Math.trunc(toIndex), target.length));
  target.splice(index, 0, { ...moving, ...changes, status: toStatus });
  const out: Task[] = [];
  for (const s of STATUSES) {
    groups[s].forEach((t, i) => {
      out.push(t.position === i && t.status === s && t.id !== taskId ? t : { ...t, position: i });
    });
  }
  return out;
}

/** Applies a patch to one task (pure), keeping order. */
export function patchTaskInList(tasks: readonly Task[], taskId: number, patch: Partial<Task>): Task[] {
  const current = tasks.find((t) => t.id === taskId);
  if (!current) return tasks as Task[];
  if (patch.status && patch.status !== current.status) {
    return moveTask(tasks, taskId, patch.status, Number.MAX_SAFE_INTEGER, patch);
  }
  return tasks.map((t) => (t.id === taskId ? { ...t, ...patch } : t));
}

/** Shapes the task form's payload: blank due date and cost are null, numbers parsed. */
export function buildTaskPayload(
  v: {
    title: string;
    description: string;
    material_quality: TaskInput['material_quality'];
    status: TaskStatus;
    actual_cost: string;
    due_date: string;
  },
  projectId: number,
): TaskInput {
  const cost = v.actual_cost.trim();
  const n = cost === '' ? null : Number(cost);
  return {
    title: v.title.trim(),
    description: v.description,
    material_quality: v.material_quality,
    status: v.status,
    actual_cost: n === null || !Number.isFinite(n) ? null : n,
    due_date: v.due_date.trim() === '' ? null : v.due_date,
    project: projectId,
  };
}

/** The Enter Actual Cost modal: blank means 0. */
export function parseActualCost(value: string): number {
  const t = value.trim();
  if (t === '') return 0;
  const n = Number(t);
  return Number.isFinite(n) ? roundToCent(n) : 0;
}

/** Where the Enter Actual Cost modal's starting value comes from (recorded money only). */
export type PrefillSource = 'actual' | 'paid' | 'committed' | 'none';

export interface PaidPrefill {
  value: string;
  source: PrefillSource;
  /** The sum of the task's payments and their number, when it has some. */
  paid?: number;
  payments?: number;
  /** The prediction the task shows (dollars, whole with calibration), for the hint; never the value. */
  predicted?: number | null;
}

/** The task has payments recorded (their sum comes with the board read, docs/money.md). */
export function hasPayments(
  task: Partial<Pick<Task, 'payments_total' | 'paid_to_date' | 'payment_count'>> | undefined,
): boolean {
  return !!task && ((task.payment_count ?? 0) > 0 || paymentsCents(task) > 0);
}

/**
 * The Enter Actual Cost modal's starting value, from recorded money only, so that Enter keeps what
 * is known and never records a prediction as a cost: the task's actual cost, else its payments
 * when more than 0, else its committed cost (the award), else blank. The prediction the task shows
 * (calibrated to the whole dollar when the project uses calibration, `prediction`: the summary's
 * setting and ratio) comes along for the hint only.
 */
export function paidPrefill(
  task:
    | (Pick<Task, 'actual_cost' | 'regional_average_cost_per_sqft'> &
        PredictedFields &
        Partial<Pick<Task, 'payments_total' | 'paid_to_date' | 'payment_count' | 'fixed_fee' | 'committed_cost'>>)
    | undefined,
  squareFootage: number | null | undefined,
  prediction?: PredictionSettings,
): PaidPrefill {
  if (!task) return { value: '', source: 'none' };
  const shown = shownPrediction(task, squareFootage, prediction);
  const predicted = shown === null ? null : toDollars(shown.cents);
  const paymentCents = paymentsCents(task);
  const payments = hasPayments(task) ? { paid: toDollars(paymentCents), payments: task.payment_count ?? 0 } : {};
  if (task.actual_cost !== null && task.actual_cost !== undefined) {
    return { value: String(toDollars(toCents(task.actual_cost))), source: 'actual', ...payments, predicted };
  }
  if (paymentCents > 0) return { value: String(toDollars(paymentCents)), source: 'paid', ...payments, predicted };
  if (task.committed_cost !== null && task.committed_cost !== undefined) {
    return { value: String(toDollars(toCents(task.committed_cost))), source: 'committed', ...payments, predicted };
  }
  return { value: '', source: 'none', ...payments, predicted };
}

/**
 * The hint under the Enter Actual Cost box: the payments recorded (when any), and the prediction
 * as a hint only, in whole dollars ("Predicted $6,957"); null when there is neither.
 */
export function paidHint(prefill: PaidPrefill): string | null {
  const parts: string[] = [];
  if (prefill.paid !== undefined) {
    const n = prefill.payments ?? 0;
    const count = n > 0 ? ` (${n} ${n === 1 ? 'payment' : 'payments'})` : '';
    parts.push(`Payments recorded: ${formatMoney(prefill.paid)}${count}.`);
  }
  if (prefill.predicted !== null && prefill.predicted !== undefined) {
    parts.push(`Predicted ${formatWholeMoney(prefill.predicted)}.`);
  }
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * The Enter Actual Cost box read before it is sent: dollars, or the message to show at the field
 * (letters, a negative amount). A blank box is $0.00. `badInput`: the number input's
 * `validity.badInput` (a browser leaves the value blank for letters).
 */
export function checkActualCost(
  value: string,
  badInput = false,
): { ok: true; value: number } | { ok: false; message: string } {
  const t = value.trim();
  if (badInput || (t !== '' && !Number.isFinite(Number(t)))) {
    return { ok: false, message: 'Enter the cost as a number of dollars, like 6957.50.' };
  }
  const n = t === '' ? 0 : Number(t);
  if (n < 0) return { ok: false, message: 'The actual cost cannot be negative.' };
  return { ok: true, value: roundToCent(n) };
}

/**
 * What moving a task to Paid at `actualCost` (dollars) leaves unrecorded: the actual cost minus
 * the task's payments, in cents, when more than 0 (docs/money.md: the Paid dialog offers to record
 * it as a payment dated today); else 0.
 */
export function unrecordedCents(
  actualCost: number | null | undefined,
  task: Partial<Pick<Task, 'payments_total' | 'paid_to_date'>> | undefined,
): number {
  if (actualCost === null || actualCost === undefined || !Number.isFinite(actualCost)) return 0;
  const difference = toCents(actualCost) - (task ? paymentsCents(task) : 0);
  return difference > 0 ? difference : 0;
}

/** Past its due date (before today, local time) and not Paid. */
export function isOverdue(task: Pick<Task, 'due_date' | 'status'>, today: string = localToday()): boolean {
  return Boolean(task.due_date) && task.status !== 'Paid' && (task.due_date as string) < today;
}

/** How much of the whole-house estimate the board's tasks cover, in words; null without an estimate. */
export function estimateCoverage(
  fullBuild: number | null | undefined,
  covered: number | null | undefined,
  taskCount: number,
): { percent: number | null; remaining: number | null; text: string } | null {
  if (fullBuild === null || fullBuild === undefined) return null;
  const full = formatWholeMoney(fullBuild);
  if (taskCount === 0) {
    return {
      percent: 0,
      remaining: fullBuild,
      text: `No tasks on the board yet: the catalogue estimates the whole house at ${full}, for comparison.`,
    };
  }
  if (covered === null || covered === undefined || !(fullBuild > 0)) {
    return {
      percent: null,
      remaining: null,
      text: 'The catalogue’s estimate, for comparison: standard quality, for this project’s zip code, size and type.',
    };
  }
  const share = (covered / fullBuild) * 100;
  const percent = Math.min(100, Math.round(share));
  const shown = covered > 0 && percent === 0 ? 'under 1' : String(percent);
  const n = taskCount;
  const remaining = toDollars(Math.max(0, toCents(fullBuild) - toCents(covered)));
  return {
    percent,
    remaining,
    text: `The catalogue’s estimate, for comparison: your ${n} ${n === 1 ? 'task covers' : 'tasks cover'} ${formatWholeMoney(covered)} of it (${shown}%).`,
  };
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** The contingency box: a whole percent from 0 to 50 (blank: the default, 10). */
export function parseContingency(value: string): Parsed<number> {
  const t = value.trim().replace(/%$/, '').trim();
  if (t === '') return { ok: true, value: 10 };
  if (!/^\d+$/.test(t)) return { ok: false, message: 'Enter a whole percent from 0 to 50.' };
  const n = Number(t);
  if (n > 50) return { ok: false, message: 'The contingency can be at most 50% of the budget.' };
  return { ok: true, value: n };
}

/** The construction loan box: dollars ("$250,000" too), blank for no loan. */
export function parseLoan(value: string): Parsed<number | null> {
  const t = value.trim().replace(/[\s$,]/g, '');
  if (t === '') return { ok: true, value: null };
  if (t.startsWith('-')) return { ok: false, message: 'The loan cannot be negative.' };
  if (!/^(\d+\.?\d*|\.\d+)$/.test(t)) {
    return { ok: false, message: 'Enter the loan in dollars, like 250000, or leave it empty for none.' };
  }
  if (/\.\d{3,}$/.test(t)) return { ok: false, message: 'Use at most two decimals (cents).' };
  return { ok: true, value: Number(t) };
}

/** Budget input -> number (null when blank or not a number). */
export function parseBudget(value: string): number | null {
  const t = value.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

export const EXPORT_COLUMNS = ['Task', 'Description', 'Actual Cost', 'Status'] as const;

export function exportRows(tasks: readonly Task[]): string[][] {
  return tasks.map((t) => [
    t.title,
    t.description ?? '',
    t.actual_cost === null || t.actual_cost === undefined ? '' : t.actual_cost.toFixed(2),
    t.status,
  ]);
}

export function tasksToCsv(tasks: readonly Task[]): string {
  const lines = [csvRow(EXPORT_COLUMNS), ...exportRows(tasks).map(csvRow)];
  return lines.join('\r\n') + '\r\n';
}

export const exportFileName = (projectId: number | string, ext: 'csv' | 'pdf') =>
  `kanban_tasks_project_${projectId}.${ext}`;
