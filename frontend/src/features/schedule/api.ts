import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { client, ok } from '../../lib/api/client';
import type { Dependency, NewDependency, Schedule, TaskTimingPatch } from './types';

// The project's schedule and its links (issue 33, docs/schedule.md), through the app's typed
// client (lib/api/client.ts: paths and bodies checked against the OpenAPI document).

export const scheduleKeys = {
  all: ['schedule'] as const,
  /** Everything of one project's schedule (the timeline, its links, delays, inspections). */
  project: (projectId: number) => [...scheduleKeys.all, projectId] as const,
  schedule: (projectId: number) => [...scheduleKeys.project(projectId), 'schedule'] as const,
  dependencies: (projectId: number) => [...scheduleKeys.project(projectId), 'dependencies'] as const,
};

/** Computed by the server (forward and backward pass); an unchanged project answers 304. */
export const scheduleQuery = (projectId: number) =>
  queryOptions({
    queryKey: scheduleKeys.schedule(projectId),
    queryFn: ({ signal }): Promise<Schedule> =>
      ok(client.GET('/api/projects/{id}/schedule/', { params: { path: { id: projectId } }, signal })),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export const dependenciesQuery = (projectId: number) =>
  queryOptions({
    queryKey: scheduleKeys.dependencies(projectId),
    queryFn: async ({ signal }): Promise<Dependency[]> =>
      (await ok(
        client.GET('/api/projects/{id}/dependencies/', { params: { path: { id: projectId } }, signal }),
      )) as Dependency[],
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export const useSchedule = (projectId: number) => useQuery(scheduleQuery(projectId));
export const useDependencies = (projectId: number) => useQuery(dependenciesQuery(projectId));

/** 201; a cycle or a pair already linked: 409 with the server's message. */
export const createDependency = async (input: NewDependency): Promise<Dependency> =>
  (await ok(client.POST('/api/dependencies/', { body: input }))) as Dependency;
export const updateDependency = async (
  id: number,
  input: Pick<Partial<Dependency>, 'type' | 'lag_days'>,
): Promise<Dependency> =>
  (await ok(client.PATCH('/api/dependencies/{id}/', { params: { path: { id } }, body: input }))) as Dependency;
export const deleteDependency = (id: number): Promise<void> =>
  ok(client.DELETE('/api/dependencies/{id}/', { params: { path: { id } } }));
/** A task's planned start and duration (working days); the server moves its successors. */
export const patchTaskTiming = (taskId: number, input: TaskTimingPatch) =>
  ok(client.PATCH('/api/tasks/{id}/', { params: { path: { id: taskId } }, body: input }));

/**
 * After a write: the project's schedule (and everything under its key: links, delays' totals) is
 * asked again, and `onChanged` refreshes what other features read (the board's tasks and money
 * summary, passed in by src/app). Awaited by the mutations, so a bar keeps its dragged place
 * until the new schedule is in.
 */
export const invalidateSchedule = (client: QueryClient, projectId: number, onChanged?: () => void) => {
  onChanged?.();
  return client.invalidateQueries({ queryKey: scheduleKeys.project(projectId) });
};

export interface WriteOptions {
  /** Refreshes the board's tasks and summary (src/app composes it). */
  onChanged?: () => void;
}

export function usePatchTaskTiming(projectId: number, { onChanged }: WriteOptions = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, patch }: { taskId: number; patch: TaskTimingPatch }) => patchTaskTiming(taskId, patch),
    onSettled: () => invalidateSchedule(qc, projectId, onChanged),
  });
}

export function useCreateDependency(projectId: number, { onChanged }: WriteOptions = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createDependency,
    onSettled: () => invalidateSchedule(qc, projectId, onChanged),
  });
}

export function useUpdateDependency(projectId: number, { onChanged }: WriteOptions = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: Pick<Dependency, 'id'> & Pick<Partial<Dependency>, 'type' | 'lag_days'>) =>
      updateDependency(id, input),
    onSettled: () => invalidateSchedule(qc, projectId, onChanged),
  });
}

export function useDeleteDependency(projectId: number, { onChanged }: WriteOptions = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteDependency,
    onSettled: () => invalidateSchedule(qc, projectId, onChanged),
  });
}
