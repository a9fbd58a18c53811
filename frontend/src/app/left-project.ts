import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { boardKeys } from '../features/board/api';
import { projectKeys } from '../features/projects/api';
import type { Project } from '../features/projects/types';
import type { NoticeState } from '../lib/route-state';

/** What the user reads once they left a project (issue 35). */
export const leftNotice = (projectName: string): string => `You left ${projectName}.`;

/** /projects' state after leaving: the notice, and the project to drop from the caches there. */
interface LeftState extends NoticeState {
  left: number;
}

/**
 * After the signed-in member left a project (the members dialog's `onLeft`, from the project list
 * or the board): /projects with a notice naming it, in place of the page they were on (the board of
 * a project they left would only say "not found" on Back). The caches follow on /projects
 * ([useForgetLeftProject]).
 */
export function useLeftProject(): (project: Pick<Project, 'id' | 'name'>) => void {
  const navigate = useNavigate();
  return useCallback(
    (project) =>
      void navigate('/projects', {
        replace: true,
        state: { notice: leftNotice(project.name), left: project.id } satisfies LeftState,
      }),
    [navigate],
  );
}

/**
 * On /projects: drops the project just left from the list and its board's cache. Only once that
 * page is the one shown: the guard (./guards.tsx) reads the list, and seeing it shorter while the
 * old page (the board, as a route change renders in a transition) is still current would send a
 * member without a subscription to /choose-plan without the notice. From /projects, a member who
 * left their last shared project goes on there, and the guard hands the notice on.
 */
export function useForgetLeftProject(): void {
  const qc = useQueryClient();
  const state: unknown = useLocation().state;
  const left =
    state !== null && typeof state === 'object' && typeof (state as Partial<LeftState>).left === 'number'
      ? (state as LeftState).left
      : null;
  useEffect(() => {
    if (left === null) return;
    qc.setQueryData<Project[]>(projectKeys.list(), (old) => old?.filter((p) => p.id !== left));
    qc.removeQueries({ queryKey: [...boardKeys.all, left] });
  }, [qc, left]);
}
