import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { boardProjectQuery, boardTasksQuery } from '../../features/board/api';
import { useProjectRole } from '../../features/members/use-project-role';
import type { RegisterProject } from '../../features/schedule/delays-page';
import { InspectionsPage } from '../../features/schedule/inspections-page';
import { EditAccess } from '../../lib/edit-access';
import { useBoardMoneyRefresh } from '../board-money-refresh';

/**
 * `/kanban/:projectId/inspections` (issue 33): the project's inspections, with the board's project
 * and tasks (the same cached queries as the board) for the names.
 */
export default function InspectionsRoute() {
  const { projectId: raw } = useParams();
  const projectId = Number(raw);
  const valid = Number.isSafeInteger(projectId) && projectId > 0;
  const project = useQuery({ ...boardProjectQuery(projectId), enabled: valid });
  const tasks = useQuery({ ...boardTasksQuery(projectId), enabled: valid });
  const onChanged = useBoardMoneyRefresh(projectId);
  const { canEdit } = useProjectRole(projectId);
  const registerProject = useMemo<RegisterProject | null>(
    () => (project.data ? { id: project.data.id, name: project.data.name } : null),
    [project.data],
  );
  const choices = useMemo(() => tasks.data?.map((t) => ({ id: t.id, title: t.title })), [tasks.data]);
  return (
    <EditAccess value={canEdit}>
      <InspectionsPage projectId={projectId} project={registerProject} tasks={choices} onScheduleChanged={onChanged} />
    </EditAccess>
  );
}
