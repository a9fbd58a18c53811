import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ActivityPage } from '../../features/activity/activity-page';
import { boardProjectQuery } from '../../features/board/api';

/**
 * `/kanban/:projectId/activity` (issue 35): the project's activity trail, with the board's
 * project (the same cached query as the board) for its name.
 */
export default function ActivityRoute() {
  const { projectId: raw } = useParams();
  const projectId = Number(raw);
  const valid = Number.isSafeInteger(projectId) && projectId > 0;
  const project = useQuery({ ...boardProjectQuery(projectId), enabled: valid });
  return <ActivityPage projectId={projectId} projectName={project.data?.name ?? null} />;
}
