import { queryOptions } from '@tanstack/react-query';
import { client, ok } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { taskDocumentsKey } from '../../lib/task-documents';
import { sideKeys } from './schedule-summary-api';

// The inspections list (issue 33): each inspection of a task, its result and optional document,
// through the app's typed client, the types from the OpenAPI document.

export const INSPECTION_RESULTS = [
  { value: 'pending', label: 'Pending' },
  { value: 'passed', label: 'Passed' },
  { value: 'failed', label: 'Failed' },
  { value: 'partial', label: 'Partial' },
] as const;
export type InspectionResult = (typeof INSPECTION_RESULTS)[number]['value'];

export const resultLabel = (code: string) => INSPECTION_RESULTS.find((r) => r.value === code)?.label ?? code;

type Schemas = components['schemas'];

/** An inspection (`result` one of the codes above; the document says `string`). */
export type Inspection = Omit<Schemas['Inspection'], 'result'> & { result: InspectionResult };

/** `POST /api/inspections/` (`task`, `kind`, `scheduled_on` required) and `PATCH /api/inspections/{id}/`. */
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
export type InspectionDocument = Schemas['Document'];

/** The project's inspections, by scheduled date then id. */
export const inspectionsQuery = (projectId: number) =>
  queryOptions({
    queryKey: sideKeys.inspections(projectId),
    queryFn: async ({ signal }): Promise<Inspection[]> =>
      (await ok(
        client.GET('/api/projects/{id}/inspections/', { params: { path: { id: projectId } }, signal }),
      )) as Inspection[],
    staleTime: 0,
  });

/** The usual kinds ("Footing", "Foundation", …), offered as the Kind box's suggestions. */
export const inspectionKindsQuery = () =>
  queryOptions({
    queryKey: sideKeys.kinds(),
    queryFn: ({ signal }): Promise<string[]> => ok(client.GET('/api/inspection-kinds/', { signal })),
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
      ok(client.GET('/api/documents/', { params: { query: { task: taskId } }, signal })),
    staleTime: 60_000,
  });

export const createInspection = async (body: InspectionWrite): Promise<Inspection> =>
  (await ok(client.POST('/api/inspections/', { body }))) as Inspection;
export const updateInspection = async (id: number, body: Partial<InspectionWrite>): Promise<Inspection> =>
  (await ok(client.PATCH('/api/inspections/{id}/', { params: { path: { id } }, body }))) as Inspection;
export const deleteInspection = (id: number): Promise<void> =>
  ok(client.DELETE('/api/inspections/{id}/', { params: { path: { id } } }));
