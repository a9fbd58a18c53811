import { ProjectsPage } from '../../features/projects/components/projects-page';
import { useAppPageMeta } from '../../lib/page-meta';

export default function ProjectsPageRoute() {
  useAppPageMeta(
    'Your Projects',
    'Your BuildLedger projects: create a project, then open its board to track tasks, bids and costs.',
  );
  return <ProjectsPage />;
}
