import { roundToCent } from './money';
import { STATUSES, type Task, type TaskInput, type TaskStatus } from './types';

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

/** Budget input -> number (null when blank or not a number). */
export function parseBudget(value: string): number | null {
  const t = value.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/**
 * One CSV field. A value a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`,
 * a tab or a carriage return) gets a leading `'`, as OWASP recommends against CSV injection; then
 * fields with quotes, commas or line breaks are quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
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
  const lines = [EXPORT_COLUMNS.join(','), ...exportRows(tasks).map((r) => r.map(csvCell).join(','))];
  return lines.join('\r\n') + '\r\n';
}

export const exportFileName = (projectId: number | string, ext: 'csv' | 'pdf') =>
  `kanban_tasks_project_${projectId}.${ext}`;
