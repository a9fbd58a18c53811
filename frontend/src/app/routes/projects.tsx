import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MembersDialog } from '../../features/members/components/members-dialog';
import { projectKeys } from '../../features/projects/api';
import { checkSubscriptionQuery } from '../../features/subscription/api';
import { ProjectsPage } from '../../features/projects/components/projects-page';
import type { Project } from '../../features/projects/types';
import { useAppPageMeta } from '../../lib/page-meta';

export default function ProjectsPageRoute() {
  useAppPageMeta(
    'Your Projects',
    'Your BuildLedger projects: create a project, then open its board to track tasks, bids and costs.',
  );
  const qc = useQueryClient();
  // A member without a subscription of their own uses shared projects but cannot create one.
  const subscription = useQuery({ ...checkSubscriptionQuery(), networkMode: 'offlineFirst' });
  const canCreate = subscription.data?.is_subscribed !== false;
  // Issue 35: the owner manages a project's members from its menu; a member sees them and may leave.
  const renderMembers = (project: Project, close: () => void) => (
    <MembersDialog
      projectId={project.id}
      projectName={project.name}
      userRole={project.role ?? 'owner'}
      owner={project.owner}
      onClose={close}
      onLeft={() => {
        qc.setQueryData<Project[]>(projectKeys.list(), (old) => (old ?? []).filter((p) => p.id !== project.id));
        close();
      }}
    />
  );
  return <ProjectsPage renderMembers={renderMembers} canCreate={canCreate} />;
}
