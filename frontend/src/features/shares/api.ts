import { queryOptions } from '@tanstack/react-query';
import { API_BASE, ApiError, http } from '../../lib/api-client';
import type { CreatedShare, Share, SharedProject, ShareInput } from './types';

// Read-only share links (issue 21). The owner's calls go through the app's client (login and
// subscription); the shared page's call is a plain fetch without the session: the person who
// opens a link has no account, and a stale token in this browser must never turn the page into
// a redirect to the login page.

export const shareKeys = {
  all: ['shares'] as const,
  project: (projectId: number) => [...shareKeys.all, 'project', projectId] as const,
  shared: (token: string) => [...shareKeys.all, 'shared', token] as const,
};

/** The project's links, without their tokens. */
export const projectSharesQuery = (projectId: number) =>
  queryOptions({
    queryKey: shareKeys.project(projectId),
    queryFn: ({ signal }) => http.get<Share[]>(`/api/projects/${projectId}/shares/`, signal),
  });

/**
 * 201 with the token and the page's address, shown this once; 400 with `fields.label` or
 * `fields.expires_on`; 409 when the project already has 50 links.
 */
export const createShare = (input: ShareInput) => http.post<CreatedShare>('/api/shares/', input);

/** 204: the link answers 404 at once. */
export const revokeShare = (id: number) => http.del(`/api/shares/${id}/`);

/** What a link shows, without any session; an ApiError with status 404 once it no longer works. */
export async function getSharedProject(token: string, signal?: AbortSignal): Promise<SharedProject> {
  const res = await fetch(`${API_BASE}/api/share/${encodeURIComponent(token)}/`, {
    headers: { Accept: 'application/json' },
    credentials: 'omit',
    signal,
  });
  if (!res.ok) throw await ApiError.fromResponse(res);
  return (await res.json()) as SharedProject;
}

/**
 * The live figures: asked again each time the page is shown or focused (the owner keeps
 * working; the documents' signed links last 15 minutes).
 */
export const sharedProjectQuery = (token: string) =>
  queryOptions({
    queryKey: shareKeys.shared(token),
    queryFn: ({ signal }) => getSharedProject(token, signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
