import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { projectContractorsQuery } from '../../features/bids/api';
import { boardProjectQuery, boardTasksQuery } from '../../features/board/api';
import { useProjectRole } from '../../features/members/use-project-role';
import { drawsQuery, projectPaymentsQuery } from '../../features/money/api';
import { WaiversPage } from '../../features/waivers/waivers-page';
import { EditAccess } from '../../lib/edit-access';
import { useWaiverRefresh } from '../waiver-refresh';

const listOf = <T,>(q: { data: readonly T[] | undefined; isPending: boolean; isError: boolean }) => ({
  data: q.data,
  isPending: q.isPending,
  isError: q.isError,
});

/**
 * `/kanban/:projectId/waivers` (issue 34): the project's lien waivers, with the board's project
 * and tasks (the same cached queries as the board) for the names, the project's contractors (its
 * owner's, issue 35), the project's payments and its draws (the Money page's queries); a write
 * refreshes the payments' waiver status and the draws' missing waivers.
 */
export default function WaiversRoute() {
  const { projectId: raw } = useParams();
  const projectId = Number(raw);
  const valid = Number.isSafeInteger(projectId) && projectId > 0;
  const project = useQuery({ ...boardProjectQuery(projectId), enabled: valid });
  const tasks = useQuery({ ...boardTasksQuery(projectId), enabled: valid });
  const roster = useQuery({ ...projectContractorsQuery(projectId), enabled: valid });
  const payments = useQuery({ ...projectPaymentsQuery(projectId), enabled: valid });
  const draws = useQuery({ ...drawsQuery(projectId), enabled: valid });
  const onChanged = useWaiverRefresh(projectId);
  const { canEdit } = useProjectRole(projectId);
  const choices = useMemo(() => tasks.data?.map((t) => ({ id: t.id, title: t.title })), [tasks.data]);
  return (
    <EditAccess value={canEdit}>
      <WaiversPage
        projectId={projectId}
        projectName={project.data?.name ?? null}
        tasks={choices}
        contractors={listOf(roster)}
        payments={listOf(payments)}
        draws={listOf(draws)}
        onChanged={onChanged}
      />
    </EditAccess>
  );
}
