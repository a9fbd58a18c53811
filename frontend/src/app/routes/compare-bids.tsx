import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { boardProjectQuery } from '../../features/board/api';
import { CompareBidsPage } from '../../features/bids/components/compare-bids-page';
import { useProjectRole } from '../../features/members/use-project-role';
import { EditAccess } from '../../lib/edit-access';
import { useBoardMoneyRefresh } from '../board-money-refresh';

/** `/kanban/:projectId/bids`: the project's name from the board's cache; awards refresh the board's totals. */
export default function CompareBidsRoute() {
  const { projectId: raw } = useParams();
  const projectId = Number(raw);
  const project = useQuery({ ...boardProjectQuery(projectId), enabled: Number.isSafeInteger(projectId) });
  const onBidsChanged = useBoardMoneyRefresh(projectId);
  const { canEdit } = useProjectRole(projectId);
  return (
    <EditAccess value={canEdit}>
      <CompareBidsPage projectId={projectId} projectName={project.data?.name ?? null} onBidsChanged={onBidsChanged} />
    </EditAccess>
  );
}
