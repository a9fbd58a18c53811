import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ledgerKeys } from '../features/ledger/api';
import { moneyKeys } from '../features/money/api';

/**
 * After a lien waiver write (issue 34): what reads a waiver's effect is asked again once the
 * server has answered — the payments' `waiver_status` (the task forms' Payments, the Money page's
 * payments) and the draws' `waivers_missing` (and the package's list of waivers), all under the
 * project's money and the tasks' ledger keys.
 */
export function useWaiverRefresh(projectId: number) {
  const qc = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: moneyKeys.project(projectId) }),
        qc.invalidateQueries({ queryKey: ledgerKeys.all }),
      ]),
    [qc, projectId],
  );
}
