import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { activityKeys } from '../features/activity/api';
import { boardKeys, invalidateSummary } from '../features/board/api';

/**
 * After a bid, payment or change-order write (an award or an approved change order changes a
 * task's committed cost, a payment its paid to date): the board's tasks, then its money
 * summary, asked again once the server has answered. Tasks first: the summary's request waits for
 * their refetch (features/board/api.ts). The project's activity trail (issue 35) has a new entry
 * too: the task dialog's Activity reads it again.
 */
export function useBoardMoneyRefresh(projectId: number) {
  const qc = useQueryClient();
  return useCallback(() => {
    if (!Number.isSafeInteger(projectId)) return;
    void Promise.all([
      qc.invalidateQueries({ queryKey: boardKeys.tasks(projectId) }),
      invalidateSummary(qc, projectId),
      qc.invalidateQueries({ queryKey: activityKeys.project(projectId) }),
    ]);
  }, [qc, projectId]);
}
