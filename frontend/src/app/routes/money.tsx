import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { boardProjectQuery, boardTasksQuery } from '../../features/board/api';
import { shownPrediction } from '../../features/board/money';
import { moneySummaryQuery } from '../../features/money/api';
import { MoneyPage } from '../../features/money/components/money-page';
import type { MoneyProject, MoneyTask } from '../../features/money/types';
import { useProjectRole } from '../../features/members/use-project-role';
import type { components } from '../../lib/api/schema';
import { EditAccess } from '../../lib/edit-access';
import { useBoardMoneyRefresh } from '../board-money-refresh';

/** The property and loan fields of the project the board's query read. */
const loanOf = (project: object) =>
  project as Partial<Pick<components['schemas']['Project'], 'address' | 'lender_name' | 'loan_number'>>;

/**
 * `/kanban/:projectId/money`: the board's project and tasks (the same cached queries as the
 * board), each task's prediction as the board shows it (regional, or calibrated when the project
 * uses it: the server's summary says) and its best-known cost; a draw change refreshes the board's
 * tasks and money summary.
 */
export default function MoneyRoute() {
  const { projectId: raw } = useParams();
  const projectId = Number(raw);
  const valid = Number.isSafeInteger(projectId) && projectId > 0;
  const project = useQuery({ ...boardProjectQuery(projectId), enabled: valid });
  const tasks = useQuery({ ...boardTasksQuery(projectId), enabled: valid });
  const summary = useQuery({ ...moneySummaryQuery(projectId), enabled: valid });
  const onMoneyChanged = useBoardMoneyRefresh(projectId);
  // Issue 35: a viewer reads the money and changes nothing; the exports stay.
  const { canEdit } = useProjectRole(projectId);
  const sqft = project.data?.square_footage ?? null;

  const moneyProject = useMemo<MoneyProject | null>(
    () =>
      project.data
        ? {
            id: project.data.id,
            name: project.data.name,
            zip_code: project.data.zip_code ?? null,
            budget: project.data.budget ?? null,
            square_footage: project.data.square_footage ?? null,
            // The property and the loan (issue 34): on the draw request PDF's cover. The board's
            // query holds the whole project (GET /api/projects/{id}/); BoardProject names less.
            address: loanOf(project.data).address ?? '',
            lender_name: loanOf(project.data).lender_name ?? '',
            loan_number: loanOf(project.data).loan_number ?? '',
          }
        : null,
    [project.data],
  );

  const calibration = summary.data;
  const moneyTasks = useMemo<MoneyTask[] | undefined>(() => {
    // The prediction needs the project's square footage and the summary's calibration: wait for them.
    if (!tasks.data || !project.data || (!calibration && !summary.isError)) return undefined;
    return tasks.data.map((t) => {
      const shown = shownPrediction(t, sqft, calibration);
      const known = t.actual_cost ?? t.committed_cost ?? null;
      return {
        id: t.id,
        title: t.title,
        status: t.status,
        predicted: shown === null ? null : shown.cents / 100,
        best_known: known ?? (shown === null ? 0 : shown.cents / 100),
        committed_cost: t.committed_cost ?? null,
        actual_cost: t.actual_cost ?? null,
        paid_to_date: t.paid_to_date ?? 0,
        payments_total: t.payments_total ?? 0,
      };
    });
  }, [tasks.data, project.data, sqft, calibration, summary.isError]);

  return (
    <EditAccess value={canEdit}>
      <MoneyPage
        projectId={projectId}
        project={moneyProject}
        tasks={moneyTasks}
        tasksError={tasks.isError || project.isError}
        onMoneyChanged={onMoneyChanged}
      />
    </EditAccess>
  );
}
