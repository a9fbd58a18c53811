// The board's writes to its project (the calibration switch, the budget) and the standard task
// list, as react-query mutations: `isPending` is the busy state the page shows. Each is sent at once,
// online or not (networkMode 'always'): with no connection the request fails and the banner says so,
// as before (these writes are not queued offline; task moves and edits are, use-board.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import {
  boardKeys,
  createTasksFromTemplate,
  invalidateSummary,
  updateProjectCalibration,
  updateProjectMoney,
  type ProjectMoneyPatch,
} from '../api';
import type { BoardProject } from '../types';

export const UNREACHABLE = 'The server could not be reached. Please try again.';
export const BUDGET_FAILED = 'Failed to update budget.';

/** A refusal by the server (4xx), not a failure to reach it. */
const refused = (e: unknown): e is ApiError => e instanceof ApiError && e.status > 0 && e.status < 500;

/**
 * "Use calibrated predictions" (issue 29): the project's setting. The board follows at once (the
 * local rule), then the server's figures; a failure puts the setting back and says why.
 */
export function useCalibrationSwitch(projectId: number, onBanner: (message: string) => void) {
  const qc = useQueryClient();
  const key = boardKeys.project(projectId);
  return useMutation({
    mutationFn: (on: boolean) => updateProjectCalibration(projectId, on),
    networkMode: 'always',
    onMutate: (on) => {
      const before = qc.getQueryData<BoardProject>(key);
      if (before) qc.setQueryData(key, { ...before, use_calibration: on });
      return { before };
    },
    onSuccess: (updated) => {
      qc.setQueryData(key, updated);
      void qc.invalidateQueries({ queryKey: ['projects'] });
    },
    onError: (e, _on, context) => {
      console.error(e);
      if (context?.before) qc.setQueryData(key, context.before);
      onBanner(
        refused(e)
          ? `Failed to change the predictions: ${e.message}`
          : `Failed to change the predictions. ${UNREACHABLE}`,
      );
    },
    onSettled: () => {
      void invalidateSummary(qc, projectId);
    },
  });
}

/**
 * "Update Budget": the budget and the money settings. The dialog says a refusal beside its fields
 * (`mutateAsync` rethrows to it); the spec's banner too, taken down by the next save that goes through.
 */
export function useBudgetSave(
  projectId: number,
  onBanner: (message: string) => void,
  onBannerResolved: (message: string) => void = () => {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProjectMoneyPatch) => updateProjectMoney(projectId, patch),
    networkMode: 'always',
    onSuccess: (updated) => {
      qc.setQueryData(boardKeys.project(projectId), updated);
      void qc.invalidateQueries({ queryKey: ['projects'] });
      onBannerResolved(BUDGET_FAILED);
    },
    onError: (e) => {
      console.error(e);
      onBanner(BUDGET_FAILED);
    },
    onSettled: () => {
      void invalidateSummary(qc, projectId);
    },
  });
}

/**
 * The standard task list for an empty board: the created tasks are shown at once; a refusal (409
 * when the board already has tasks) is the server's message in the banner.
 */
export function useTemplateStart(projectId: number, onBanner: (message: string) => void) {
  const qc = useQueryClient();
  const tasksKey = boardKeys.tasks(projectId);
  return useMutation({
    mutationFn: () => createTasksFromTemplate(projectId),
    networkMode: 'always',
    onSuccess: (created) => {
      if (Array.isArray(created)) qc.setQueryData(tasksKey, created);
    },
    onError: (e) => {
      console.error(e);
      onBanner(refused(e) ? e.message : UNREACHABLE);
    },
    onSettled: () => {
      // Tasks first: the summary's request waits for their refetch (api.ts).
      void Promise.all([qc.invalidateQueries({ queryKey: tasksKey }), invalidateSummary(qc, projectId)]);
    },
  });
}
