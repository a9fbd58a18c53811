import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createShare, projectSharesQuery, revokeShare, shareKeys, sharedProjectQuery } from '../api';
import type { CreatedShare, Share, ShareInput } from '../types';

/** The project's share links (none while the id is not a valid one). */
export function useProjectShares(projectId: number) {
  const valid = Number.isSafeInteger(projectId) && projectId > 0;
  return useQuery({ ...projectSharesQuery(projectId), enabled: valid });
}

/** Keeps what the list shows of a link: the token and address are never cached. */
function listed({
  id,
  project,
  label,
  expires_on,
  include_documents,
  include_bids,
  include_payments,
  include_draws,
  created_at,
}: CreatedShare): Share {
  return {
    id,
    project,
    label,
    expires_on,
    include_documents,
    include_bids,
    include_payments,
    include_draws,
    created_at,
  };
}

/** Creates a link; the new one joins the cached list at once (last, as the server orders them), then the list is asked again. */
export function useCreateShare(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<ShareInput, 'project'>) => createShare({ ...input, project: projectId }),
    onSuccess: (created) => {
      qc.setQueryData<Share[]>(shareKeys.project(projectId), (old) => [
        ...(old ?? []).filter((s) => s.id !== created.id),
        listed(created),
      ]);
      void qc.invalidateQueries({ queryKey: shareKeys.project(projectId) });
    },
  });
}

/** Revokes a link: it leaves the cached list at once, then the list is asked again. */
export function useRevokeShare(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (share: Share) => revokeShare(share.id),
    onSuccess: (_data, share) => {
      qc.setQueryData<Share[]>(shareKeys.project(projectId), (old) => (old ?? []).filter((s) => s.id !== share.id));
      void qc.invalidateQueries({ queryKey: shareKeys.project(projectId) });
    },
  });
}

/** The shared page's data, asked without the session. */
export function useSharedProject(token: string) {
  return useQuery({ ...sharedProjectQuery(token), enabled: token.length > 0 });
}
