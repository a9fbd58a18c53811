import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, ok } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import type { LienWaiver, LienWaiverWrite } from './types';

// A project's lien waivers (issue 34, docs/money.md): every call needs a login and a
// subscription. A waiver changes what the project's payments say of their waiver
// (`waiver_status`) and what its draws still miss (`waivers_missing`): those are other features'
// reads, so every write here calls `onChanged` once the server answered, and the app refreshes
// them (src/app).

export const waiverKeys = {
  all: ['waivers'] as const,
  project: (projectId: number) => [...waiverKeys.all, 'project', projectId] as const,
  document: (documentId: number) => [...waiverKeys.all, 'document', documentId] as const,
};

/** The project's waivers, oldest first. */
export const projectWaiversQuery = (projectId: number) =>
  queryOptions({
    queryKey: waiverKeys.project(projectId),
    queryFn: async ({ signal }): Promise<LienWaiver[]> =>
      (await ok(
        client.GET('/api/projects/{id}/lien-waivers/', { params: { path: { id: projectId } }, signal }),
      )) as LienWaiver[],
    staleTime: 0,
  });

/** A document of the project (`GET /api/documents/{id}/`): its name and a fresh signed link (15 minutes). */
export type WaiverDocument = components['schemas']['Document'];

export const waiverDocumentQuery = (documentId: number) =>
  queryOptions({
    queryKey: waiverKeys.document(documentId),
    queryFn: ({ signal }): Promise<WaiverDocument> =>
      ok(client.GET('/api/documents/{id}/', { params: { path: { id: documentId } }, signal })),
    staleTime: 5 * 60_000,
  });

export const createWaiver = (
  body: LienWaiverWrite & Required<Pick<LienWaiverWrite, 'project' | 'contractor' | 'kind' | 'amount'>>,
): Promise<LienWaiver> => ok(client.POST('/api/lien-waivers/', { body })) as Promise<LienWaiver>;
/** Any subset but `project`. */
export const updateWaiver = (id: number, body: Omit<LienWaiverWrite, 'project'>): Promise<LienWaiver> =>
  ok(client.PATCH('/api/lien-waivers/{id}/', { params: { path: { id } }, body })) as Promise<LienWaiver>;
export const deleteWaiver = (id: number): Promise<void> =>
  ok(client.DELETE('/api/lien-waivers/{id}/', { params: { path: { id } } }));

/** A waiver to write: a new one (`id` null, the project added) or changes to one. */
export type WaiverSave = { id: number | null; body: Omit<LienWaiverWrite, 'project'> };

/**
 * The writes of a project's waivers, as mutations: each, answered or refused, refreshes the
 * project's waivers, then calls `onChanged` (the app: the payments' waiver status, the draws'
 * missing waivers).
 */
export function useWaiverMutations(projectId: number, onChanged?: () => unknown) {
  const qc = useQueryClient();
  const settled = async () => {
    await Promise.all([qc.invalidateQueries({ queryKey: waiverKeys.project(projectId) }), onChanged?.()]);
  };
  const save = useMutation({
    mutationFn: ({ id, body }: WaiverSave): Promise<LienWaiver> => {
      if (id !== null) return updateWaiver(id, body);
      const { contractor, kind, amount } = body;
      if (contractor === undefined || kind === undefined || amount === undefined) {
        return Promise.reject(new Error('A new waiver needs its contractor, kind and amount.'));
      }
      return createWaiver({ ...body, project: projectId, contractor, kind, amount });
    },
    onSettled: settled,
  });
  const remove = useMutation({ mutationFn: deleteWaiver, onSettled: settled });
  return { save, remove };
}
