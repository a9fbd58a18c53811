import { useQuery } from '@tanstack/react-query';
import { MembersDialog } from '../features/members/components/members-dialog';
import { projectRoleQuery, roleOf } from '../features/members/use-project-role';
import { useLeftProject } from './left-project';

/**
 * The members dialog opened from the board's toolbar (issue 35): the project's name, owner and
 * the user's role come from the board's own read of the project (the same cached query). Leaving
 * lands on /projects with "You left <name>." (./left-project.ts). Its own chunk: the board's
 * first load does not carry the members feature (app/routes/board.tsx).
 */
export default function BoardMembersDialog({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const { data: project } = useQuery(projectRoleQuery(projectId));
  const { role } = roleOf(project);
  const left = useLeftProject();
  const name = project?.name ?? '';
  return (
    <MembersDialog
      projectId={projectId}
      projectName={name}
      // Until the project is known nothing is managed (the toolbar shows once it is).
      userRole={role ?? 'viewer'}
      owner={project?.owner}
      onClose={onClose}
      onLeft={() => {
        onClose();
        left({ id: projectId, name });
      }}
    />
  );
}
