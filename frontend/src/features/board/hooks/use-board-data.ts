import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import {
  boardKeys,
  boardProjectQuery,
  boardTasksQuery,
  deleteTask,
  invalidateSummary,
  projectSummaryQuery,
} from '../api';
import { summarize } from '../money';
import { usePendingDeletes } from '../pending-deletes';
import type { ProjectSummary, Task } from '../types';
import { useCalibration } from './use-calibration';

/** Said in the banner when a delete made final was refused or could not be sent. */
export const DELETE_FAILED = 'Failed to delete task.';

/**
 * What the board reads: the project, its tasks (less those whose delete waits for Undo), the money
 * summary and the project's calibration (issue 20), and the pending deletes themselves.
 */
export function useBoardData(projectId: number, onBanner: (message: string) => void) {
  const qc = useQueryClient();
  const valid = Number.isInteger(projectId);
  const project = useQuery({ ...boardProjectQuery(projectId), enabled: valid });
  const tasksQ = useQuery({ ...boardTasksQuery(projectId), enabled: valid });
  const summaryQ = useQuery({ ...projectSummaryQuery(projectId), enabled: valid });
  // Issue 20: the project's local ratio and its inputs. Whether the board uses it is the
  // project's setting (issue 29: `use_calibration`, on by default), for everyone who sees it.
  const calibration = useCalibration(projectId);
  const loadFailed = project.isError || tasksQ.isError || !valid;
  const notFound = project.error instanceof ApiError && project.error.status === 404;

  // Deletes wait UNDO_MS before the server hears of them (pending-deletes.ts); meanwhile the task is
  // hidden here, and everything on the page (views, sums, export) reads `tasks` without it.
  const { store: deletes, pending } = usePendingDeletes({
    send: (id, keepalive) =>
      deleteTask(id, keepalive).catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 404) return; // already gone
        throw e;
      }),
    onDeleted: (task) => {
      qc.setQueryData<Task[]>(boardKeys.tasks(task.project), (old) => old?.filter((t) => t.id !== task.id));
      void qc.invalidateQueries({ queryKey: boardKeys.tasks(task.project) });
      void invalidateSummary(qc, task.project);
    },
    onFailed: (_task, error) => {
      console.error(error);
      onBanner(DELETE_FAILED);
    },
  });
  const hidden = useMemo(() => new Set(pending.map((p) => p.task.id)), [pending]);
  const allTasks = useMemo(() => tasksQ.data ?? [], [tasksQ.data]);
  const tasks = useMemo(
    () => (hidden.size === 0 ? allTasks : allTasks.filter((t) => !hidden.has(t.id))),
    [allTasks, hidden],
  );
  const sqft = project.data?.square_footage ?? null;
  const budget = project.data?.budget ?? 0;
  // The server's figures when they describe the tasks and project shown: the summary was asked for
  // when these very objects were in the cache (api.ts), and no task is hidden by a pending delete.
  // Any write since (an optimistic move or edit, a rollback, a budget being saved, a refetch that
  // changed something) replaces them; until the summary refetched after the server's answer is in,
  // the same rule computed here in cents (money.ts) gives the figures of the tasks shown, beside the
  // last whole-house estimate the server gave.
  const answer = summaryQ.data;
  const serverSummary =
    answer !== undefined && answer.tasks === tasksQ.data && answer.project === project.data && hidden.size === 0
      ? answer.summary
      : null;
  const estimate = answer?.summary;
  const summary = useMemo<ProjectSummary>(
    () =>
      serverSummary ?? {
        ...summarize(tasks, sqft, budget, {
          contingency_percent: project.data?.contingency_percent,
          loan_amount: project.data?.loan_amount,
          drawn: estimate?.drawn,
          // The last ratio the server gave, until it answers for the tasks shown.
          calibration: estimate?.calibrated ?? null,
          use_calibration: project.data?.use_calibration,
        }),
        full_build_estimate: estimate?.full_build_estimate ?? null,
        estimate_covered: estimate?.estimate_covered ?? null,
      },
    [
      serverSummary,
      tasks,
      sqft,
      budget,
      estimate,
      project.data?.contingency_percent,
      project.data?.loan_amount,
      project.data?.use_calibration,
    ],
  );
  // "Your N tasks cover …": the tasks the server's coverage figure was computed for.
  const coverageCount = serverSummary ? tasks.length : (answer?.tasks?.length ?? tasks.length);

  return {
    project,
    tasksQ,
    calibration,
    loadFailed,
    notFound,
    /** Every task of the board, those waiting for Undo too (an empty board is one without any). */
    allTasks,
    /** The tasks shown. */
    tasks,
    sqft,
    summary,
    coverageCount,
    deletes,
    pending,
  };
}
