import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/api-client';
import type { Project, ProjectPayload } from './types';

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
