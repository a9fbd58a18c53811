import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { boardKeys } from '../../features/board/api';
import { JoinInvitation } from '../../features/members/components/join-invitation';
import type { RoleProject } from '../../features/members/types';
import { projectKeys } from '../../features/projects/api';
import type { Project } from '../../features/projects/types';
import { useAppPageMeta } from '../../lib/page-meta';

/** /join?token=...: the invitation link of issue 35 (outside the subscription guard). */
export default function JoinRoute() {
  useAppPageMeta('Join a project', 'Join a BuildLedger project you were invited to.');
  const qc = useQueryClient();
  const navigate = useNavigate();

  const onJoined = (joined: RoleProject) => {
    // The project is in the list (the subscription guard lets a member in by it) and its board
    // knows the role at once; both are read again from the server afterwards.
    const project = joined as Project;
    qc.setQueryData<Project[]>(projectKeys.list(), (old) =>
      old ? [...old.filter((p) => p.id !== project.id), project] : [project],
    );
    qc.setQueryData(boardKeys.project(project.id), project);
    void qc.invalidateQueries({ queryKey: projectKeys.all });
    void navigate(`/kanban/${project.id}`, { replace: true });
  };

  return <JoinInvitation onJoined={onJoined} />;
}
