import { useCallback, useMemo } from 'react';
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { boardKeys, boardProjectQuery, boardTasksQuery } from '../../features/board/api';
import { useProjectRole } from '../../features/members/use-project-role';
import { DelaysPage, type RegisterProject } from '../../features/schedule/delays-page';
import { scheduleSettingsOf } from '../../features/schedule/schedule-summary-api';
import { EditAccess } from '../../lib/edit-access';
import { useBoardMoneyRefresh } from '../board-money-refresh';

/**
 * `/kanban/:projectId/delays` (issue 33): the delays register, with the board's project and tasks
 * (the same cached queries as the board) for the names; a write refreshes the board's figures.
 */
export default function DelaysRoute() {
  const { projectId: raw } = useParams();
  const projectId = Number(raw);
  const valid = Number.isSafeInteger(projectId) && projectId > 0;
  const project = useQuery({ ...boardProjectQuery(projectId), enabled: valid });
  const tasks = useQuery({ ...boardTasksQuery(projectId), enabled: valid });
  const onChanged = useBoardMoneyRefresh(projectId);
  const { canEdit } = useProjectRole(projectId);
  const registerProject = useMemo<RegisterProject | null>(
    () =>
      project.data
        ? { id: project.data.id, name: project.data.name, schedule: scheduleSettingsOf(project.data) }
        : null,
    [project.data],
  );
  const qc = useQueryClient();
  const onProjectChanged = useCallback(
    () => void qc.invalidateQueries({ queryKey: boardKeys.project(projectId) }),
    [qc, projectId],
  );
  const choices = useMemo(() => tasks.data?.map((t) => ({ id: t.id, title: t.title })), [tasks.data]);
  return (
    <EditAccess value={canEdit}>
      <DelaysPage
        projectId={projectId}
        project={registerProject}
        tasks={choices}
        onScheduleChanged={onChanged}
        onProjectChanged={onProjectChanged}
      />
    </EditAccess>
  );
}
