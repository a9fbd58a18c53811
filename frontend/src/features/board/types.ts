import type { components } from '../../lib/api/schema';

// Wire types come from the server's OpenAPI document (src/lib/api/schema.d.ts, `npm run gen:api`).
export type Task = components['schemas']['Task'];
export type TaskStatus = components['schemas']['TaskStatus'];
export type MaterialQuality = components['schemas']['MaterialQuality'];
export const STATUSES = ['To Do', 'In Progress', 'Paid'] as const satisfies readonly TaskStatus[];

export interface BoardProject {
  id: number;
  name: string;
  zip_code: string | null;
  project_type_display?: string;
  budget: number | null;
  square_footage: number | null;
}

export type TaskDocument = components['schemas']['Document'];

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
