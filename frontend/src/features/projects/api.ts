import { queryOptions } from '@tanstack/react-query';
import { client, ok } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import type { LendingPayload } from './lending';
import type { Project, ProjectPayload } from './types';

type ProjectCreate = components['schemas']['ProjectCreate'];
type WireProject = components['schemas']['Project'];

/**
 * The document gives `role` as a string (a pattern, not an enum): the server sends only `owner`,
 * `partner` or `viewer` (issue 35), which `Project` says.
 */
const typed = <T extends WireProject | WireProject[]>(answer: Promise<T>) =>
  answer as Promise<T extends WireProject[] ? Project[] : Project>;

export const projectKeys = {
  all: ['projects'] as const,
  list: () => [...projectKeys.all, 'list'] as const,
  detail: (id: number | string) => [...projectKeys.all, 'detail', String(id)] as const,
};

export const projectsQuery = () =>
  queryOptions({
    queryKey: projectKeys.list(),
    queryFn: ({ signal }): Promise<Project[]> => typed(ok(client.GET('/api/projects/', { signal }))),
  });

/**
 * The form's values as entered: a blank the document requires (no type, no budget) goes as is, and
 * the server answers 400 with a message for each such field, shown beside it (the form's checks
 * are the server's). So the body is the document's `ProjectCreate` once the form is complete.
 */
export const createProject = (payload: ProjectPayload): Promise<Project> =>
  typed(ok(client.POST('/api/projects/', { body: payload as unknown as ProjectCreate })));
export const deleteProject = (id: number): Promise<void> =>
  ok(client.DELETE('/api/projects/{id}/', { params: { path: { id } } }));

/**
 * Fills an empty board with the project's standard task list (catalogue tasks for its type and
 * options, in build order): 201 with the created tasks; 409 when the board already has tasks;
 * 400 with `fields.project` when there is no list for the project.
 */
export const createTemplateTasks = (projectId: number) =>
  ok(client.POST('/api/projects/{id}/tasks/template/', { params: { path: { id: projectId } } }));

/**
 * Issue 34: the property and the loan, one PATCH of the project: 200 with the project; 400 with a
 * message per field (`address`, `lender_name`, `loan_number`, `retainage_percent`,
 * `waiver_threshold`) and nothing changed.
 */
export const updateProjectLending = (id: number, payload: LendingPayload): Promise<Project> =>
  typed(ok(client.PATCH('/api/projects/{id}/', { params: { path: { id } }, body: payload })));
