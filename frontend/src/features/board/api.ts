import { queryOptions } from '@tanstack/react-query';
import { http, upload } from '../../lib/api-client';
import { markBoardData } from './perf';
import type { BoardProject, Task, TaskDocument, TaskInput, TaskPatch } from './types';

export const boardKeys = {
  all: ['board'] as const,
  project: (projectId: number) => [...boardKeys.all, projectId, 'project'] as const,
  tasks: (projectId: number) => [...boardKeys.all, projectId, 'tasks'] as const,
  documents: (taskId: number) => [...boardKeys.all, 'documents', taskId] as const,
  suggestions: () => [...boardKeys.all, 'task-suggestions'] as const,
};

export const boardProjectQuery = (projectId: number) =>
  queryOptions({
    queryKey: boardKeys.project(projectId),
    queryFn: ({ signal }) => http.get<BoardProject>(`/api/projects/${projectId}/`, signal),
  });

export const boardTasksQuery = (projectId: number) =>
  queryOptions({
    queryKey: boardKeys.tasks(projectId),
    queryFn: async ({ signal }) => {
      // Default fetch cache mode: the browser revalidates with If-None-Match and
      // an unchanged board costs a 304 (the server sends an ETag, private, no-cache).
      const tasks = await http.get<Task[]>(`/api/projects/${projectId}/tasks/`, signal);
      markBoardData();
      return tasks;
    },
  });

export const taskDocumentsQuery = (taskId: number) =>
  queryOptions({
    queryKey: boardKeys.documents(taskId),
    queryFn: ({ signal }) => http.get<TaskDocument[]>(`/api/documents/?task=${taskId}`, signal),
    // Download links are signed for 15 minutes: refresh them well before.
    staleTime: 60_000,
  });

export const taskSuggestionsQuery = () =>
  queryOptions({
    queryKey: boardKeys.suggestions(),
    queryFn: async ({ signal }) => {
      const res = await http.get<{ suggestions?: string[] }>('/api/task-suggestions/', signal);
      return Array.isArray(res?.suggestions) ? res.suggestions : [];
    },
    staleTime: Infinity,
    retry: false,
  });

export const createTask = (input: TaskInput) => http.post<Task>('/api/tasks/', input);
export const patchTask = (id: number, patch: TaskPatch) => http.patch<Task>(`/api/tasks/${id}/`, patch);
export const deleteTask = (id: number) => http.del(`/api/tasks/${id}/`);
export const updateProjectBudget = (projectId: number, budget: number | null) =>
  http.patch<BoardProject>(`/api/projects/${projectId}/`, { budget });

export function uploadDocument(taskId: number, file: File, onProgress?: (fraction: number) => void) {
  const form = new FormData();
  form.append('task', String(taskId));
  form.append('file', file, file.name);
  return upload<TaskDocument>('/api/documents/', form, onProgress);
}
