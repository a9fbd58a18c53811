import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { boardKeys, invalidateSummary } from '../features/board/api';

/**
 * After a bid write (an award changes a task's committed cost): the board's tasks, then its money
 * summary, asked again once the server has answered. Tasks first: the summary's request waits for
 * their refetch (features/board/api.ts).
 */
export function useBoardMoneyRefresh(projectId: number) {
  const qc = useQueryClient();
  return useCallback(() => {
    if (!Number.isSafeInteger(projectId)) return;
    void Promise.all([
      qc.invalidateQueries({ queryKey: boardKeys.tasks(projectId) }),
      invalidateSummary(qc, projectId),
    ]);
  }, [qc, projectId]);
}
