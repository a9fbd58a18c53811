export const STATUSES = ['To Do', 'In Progress', 'Paid'] as const;
export type TaskStatus = (typeof STATUSES)[number];
export type MaterialQuality = 'basic' | 'standard' | 'premium';

export interface Task {
  id: number;
  project: number;
  title: string;
  description: string;
  status: TaskStatus;
  material_quality: MaterialQuality;
  actual_cost: number | null;
  due_date: string | null;
  position: number;
  actual_cost_per_sqft: number | null;
  regional_average_cost_per_sqft: number | null;
}

export interface BoardProject {
  id: number;
  name: string;
  zip_code: string | null;
  project_type_display?: string;
  budget: number | null;
  square_footage: number | null;
}

export interface TaskDocument {
  id: number;
  task: number;
  file: string;
  name?: string;
  content_type?: string;
  size?: number;
  uploaded_at?: string;
}

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
