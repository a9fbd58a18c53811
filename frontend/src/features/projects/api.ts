import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/api-client';
import type { Project, ProjectPayload } from './types';
import type { components } from '../../lib/api/schema';

export const projectKeys = {
  all: ['projects'] as const,
  list: () => [...projectKeys.all, 'list'] as const,
  detail: (id: number | string) => [...projectKeys.all, 'detail', String(id)] as const,
};

export const projectsQuery = () =>
  queryOptions({
    queryKey: projectKeys.list(),
    queryFn: ({ signal }) => http.get<Project[]>('/api/projects/', signal),
  });

export const createProject = (payload: ProjectPayload) => http.post<Project>('/api/projects/', payload);
export const deleteProject = (id: number) => http.del(`/api/projects/${id}/`);

/**
 * Fills an empty board with the project's standard task list (catalogue tasks for its type and
 * options, in build order): 201 with the created tasks; 409 when the board already has tasks;
 * 400 with `fields.project` when there is no list for the project. Typed by hand until the
 * OpenAPI document has it.
 */
export const createTemplateTasks = (projectId: number) =>
  http.post<components['schemas']['Task'][]>(`/api/projects/${projectId}/tasks/template/`);
