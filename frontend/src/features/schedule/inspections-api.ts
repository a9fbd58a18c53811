import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/api-client';
import { taskDocumentsKey } from '../../lib/task-documents';
import { sideKeys } from './schedule-summary-api';

// The inspections list (issue 33): each inspection of a task, its result and optional document.
// Local types until the OpenAPI document has these paths (see schedule-summary-api.ts).

export const INSPECTION_RESULTS = [
  { value: 'pending', label: 'Pending' },
  { value: 'passed', label: 'Passed' },
  { value: 'failed', label: 'Failed' },
  { value: 'partial', label: 'Partial' },
] as const;
export type InspectionResult = (typeof INSPECTION_RESULTS)[number]['value'];

export const resultLabel = (code: string) => INSPECTION_RESULTS.find((r) => r.value === code)?.label ?? code;

export interface Inspection {
  id: number;
  project: number;
  task: number;
  kind: string;
  scheduled_on: string;
  inspector: string;
  result: InspectionResult;
  notes: string;
  /** One of the task's documents (the inspector's report), or null. */
  document: number | null;
}

export interface InspectionWrite {
  task: number;
  kind: string;
  scheduled_on: string;
  inspector?: string;
  result?: InspectionResult;
  notes?: string;
  document?: number | null;
}

/** A task's document as the picker lists it (`GET /api/documents/?task={id}`). */
export interface InspectionDocument {
  id: number;
  name: string;
  file: string;
}

/** The project's inspections, by scheduled date then id. */
export const inspectionsQuery = (projectId: number) =>
  queryOptions({
    queryKey: sideKeys.inspections(projectId),
    queryFn: ({ signal }): Promise<Inspection[]> =>
      http.get<Inspection[]>(`/api/projects/${projectId}/inspections/`, signal),
    staleTime: 0,
  });

/** The usual kinds ("Footing", "Foundation", …), offered as the Kind box's suggestions. */
export const inspectionKindsQuery = () =>
  queryOptions({
    queryKey: sideKeys.kinds(),
    queryFn: ({ signal }): Promise<string[]> => http.get<string[]>('/api/inspection-kinds/', signal),
    staleTime: Infinity,
    retry: false,
  });

/**
 * The documents of a task (signed links, 15 minutes), under the board's key for them (shared with
 * the task form): the inspection's document is one of them.
 */
export const inspectionDocumentsQuery = (taskId: number) =>
  queryOptions({
    queryKey: taskDocumentsKey(taskId),
    queryFn: ({ signal }): Promise<InspectionDocument[]> =>
      http.get<InspectionDocument[]>(`/api/documents/?task=${taskId}`, signal),
    staleTime: 60_000,
  });

export const createInspection = (body: InspectionWrite): Promise<Inspection> =>
  http.post<Inspection>('/api/inspections/', body);
export const updateInspection = (id: number, body: Partial<InspectionWrite>): Promise<Inspection> =>
  http.patch<Inspection>(`/api/inspections/${id}/`, body);
export const deleteInspection = (id: number): Promise<void> => http.del(`/api/inspections/${id}/`);
