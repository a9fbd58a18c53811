import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { boardProjectQuery } from '../../features/board/api';
import { ShareLinksPage } from '../../features/shares/components/share-links-page';

/** `/kanban/:projectId/share`: the project's name from the board's cache; the links from the shares feature. */
export default function ShareLinksRoute() {
  const { projectId: raw } = useParams();
  const projectId = Number(raw);
  const valid = Number.isSafeInteger(projectId) && projectId > 0;
  const project = useQuery({ ...boardProjectQuery(projectId), enabled: valid });
  return <ShareLinksPage projectId={valid ? projectId : NaN} projectName={project.data?.name ?? null} />;
}
