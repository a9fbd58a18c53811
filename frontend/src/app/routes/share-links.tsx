import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { boardProjectQuery } from '../../features/board/api';
import { useProjectRole } from '../../features/members/use-project-role';
import { ShareLinksPage } from '../../features/shares/components/share-links-page';
import { EditAccess } from '../../lib/edit-access';

/** `/kanban/:projectId/share`: the project's name from the board's cache; the links from the shares feature. */
export default function ShareLinksRoute() {
  const { projectId: raw } = useParams();
  const projectId = Number(raw);
  const valid = Number.isSafeInteger(projectId) && projectId > 0;
  const project = useQuery({ ...boardProjectQuery(projectId), enabled: valid });
  // Issue 35: a viewer sees the links and neither creates nor revokes one.
  const { canEdit } = useProjectRole(projectId);
  return (
    <EditAccess value={canEdit}>
      <ShareLinksPage projectId={valid ? projectId : NaN} projectName={project.data?.name ?? null} />
    </EditAccess>
  );
}
