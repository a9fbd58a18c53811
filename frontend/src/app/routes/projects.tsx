import { useQuery } from '@tanstack/react-query';
import { MembersDialog } from '../../features/members/components/members-dialog';
import { checkSubscriptionQuery } from '../../features/subscription/api';
import { ProjectsPage } from '../../features/projects/components/projects-page';
import type { Project } from '../../features/projects/types';
import { useAppPageMeta } from '../../lib/page-meta';
import { useForgetLeftProject, useLeftProject } from '../left-project';

export default function ProjectsPageRoute() {
  useAppPageMeta(
    'Your Projects',
    'Your BuildLedger projects: create a project, then open its board to track tasks, bids and costs.',
  );
  const left = useLeftProject();
  useForgetLeftProject();
  // A member without a subscription of their own uses shared projects but cannot create one.
  const subscription = useQuery({ ...checkSubscriptionQuery(), networkMode: 'offlineFirst' });
  const canCreate = subscription.data?.is_subscribed !== false;
  // Issue 35: the owner manages a project's members from its menu; a member sees them and may
  // leave, and reads "You left <name>." here (or on the plan page: ../left-project.ts).
  const renderMembers = (project: Project, close: () => void) => (
    <MembersDialog
      projectId={project.id}
      projectName={project.name}
      userRole={project.role ?? 'owner'}
      owner={project.owner}
      onClose={close}
      onLeft={() => {
        close();
        left(project);
      }}
    />
  );
  return <ProjectsPage renderMembers={renderMembers} canCreate={canCreate} />;
}
