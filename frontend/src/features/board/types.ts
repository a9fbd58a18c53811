import type { components } from '../../lib/api/schema';

// Wire types come from the server's OpenAPI document (src/lib/api/schema.d.ts, `npm run gen:api`).
export type Task = components['schemas']['Task'];
export type TaskStatus = components['schemas']['TaskStatus'];
export type MaterialQuality = components['schemas']['MaterialQuality'];
export const STATUSES = ['To Do', 'In Progress', 'Paid'] as const satisfies readonly TaskStatus[];

/** What the board reads of its project. */
export type BoardProject = Pick<
  components['schemas']['Project'],
  'id' | 'name' | 'zip_code' | 'project_type_display' | 'budget' | 'square_footage'
>;

export type TaskDocument = components['schemas']['Document'];

/** `GET /api/projects/{id}/summary/`: the board's money figures, summed by the server in cents. */
export type ProjectSummary = components['schemas']['ProjectSummary'];
/** Best-known cost per column, keyed by status. */
export type ColumnTotals = components['schemas']['ColumnTotals'];

export interface TaskInput {
  title: string;
  description: string;
  material_quality: MaterialQuality;
  status: TaskStatus;
  actual_cost: number | null;
  due_date: string | null;
  project: number;
}

export type TaskPatch = Partial<Omit<TaskInput, 'project'>> & { project?: number; position?: number };
