import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { boardProjectQuery, boardTasksQuery } from '../../features/board/api';
import { bestKnownCents, predictedCents } from '../../features/board/money';
import { MoneyPage } from '../../features/money/components/money-page';
import type { MoneyProject, MoneyTask } from '../../features/money/types';
import { useBoardMoneyRefresh } from '../board-money-refresh';

/**
 * `/kanban/:projectId/money`: the board's project and tasks (the same cached queries as the
 * board), each task's prediction and best-known cost by the board's money rule; a draw change
 * refreshes the board's tasks and money summary.
 */
export default function MoneyRoute() {
  const { projectId: raw } = useParams();
  const projectId = Number(raw);
  const valid = Number.isSafeInteger(projectId) && projectId > 0;
  const project = useQuery({ ...boardProjectQuery(projectId), enabled: valid });
  const tasks = useQuery({ ...boardTasksQuery(projectId), enabled: valid });
  const onMoneyChanged = useBoardMoneyRefresh(projectId);
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
          }
        : null,
    [project.data],
  );

  const moneyTasks = useMemo<MoneyTask[] | undefined>(() => {
    // The prediction needs the project's square footage: wait for both.
    if (!tasks.data || !project.data) return undefined;
    return tasks.data.map((t) => {
      const predicted = predictedCents(t, sqft);
      return {
        id: t.id,
        title: t.title,
        status: t.status,
        predicted: predicted === null ? null : predicted / 100,
        best_known: bestKnownCents(t, sqft) / 100,
        committed_cost: t.committed_cost ?? null,
        actual_cost: t.actual_cost ?? null,
        paid_to_date: t.paid_to_date ?? 0,
      };
    });
  }, [tasks.data, project.data, sqft]);

  return (
    <MoneyPage
      projectId={projectId}
      project={moneyProject}
      tasks={moneyTasks}
      tasksError={tasks.isError || project.isError}
      onMoneyChanged={onMoneyChanged}
    />
  );
}
