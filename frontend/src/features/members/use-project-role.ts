import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, ok } from '../../lib/api/client';
import type { ProjectRole, RoleProject } from './types';

/**
 * The project as the board reads it: the same key and request as the board's project query
 * (features/board/api.ts `boardProjectQuery`, checked by src/app/project-role.test.tsx), so the
 * role comes from the one cached project, offline too.
 */
export const projectRoleQuery = (projectId: number) =>
  queryOptions({
    queryKey: ['board', projectId, 'project'] as const,
    queryFn: ({ signal }): Promise<RoleProject> =>
      // The document gives `role` as a string with a pattern; the server sends only ProjectRole's codes.
      ok(client.GET('/api/projects/{id}/', { params: { path: { id: projectId } }, signal })) as Promise<RoleProject>,
    networkMode: 'offlineFirst',
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });

export interface ProjectRoleAnswer {
  /** undefined until the project is known. */
  role: ProjectRole | undefined;
  /** May change the project's data (owner, partner). False until the role is known. */
  canEdit: boolean;
  /** May delete the project and manage its members. */
  isOwner: boolean;
}

/**
 * What the given `project` lets the signed-in user do. A project without `role` (from an older
 * server or a cache written before issue 35, when only owners had projects) is the user's own.
 */
export function roleOf(project: Pick<RoleProject, 'role'> | undefined): ProjectRoleAnswer {
  const role = project === undefined ? undefined : (project.role ?? 'owner');
  return { role, canEdit: role === 'owner' || role === 'partner', isOwner: role === 'owner' };
}

/**
 * The signed-in user's role on a project, from the project JSON's `role` (issue 35). While the
 * project is still loading nothing is editable, so that a viewer never sees edit controls flash.
 */
export function useProjectRole(projectId: number): ProjectRoleAnswer {
  const { data } = useQuery(projectRoleQuery(projectId));
  return roleOf(data);
}
