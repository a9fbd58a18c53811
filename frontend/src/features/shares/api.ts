import { queryOptions } from '@tanstack/react-query';
import { client, ok, publicClient } from '../../lib/api/client';
import type { CreatedShare, SharedProject, ShareInput } from './types';

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
    queryFn: ({ signal }) =>
      ok(client.GET('/api/projects/{id}/shares/', { params: { path: { id: projectId } }, signal })),
  });

/**
 * 201 with the token and the page's address, shown this once; 400 with `fields.label` or
 * `fields.expires_on`; 409 when the project already has 50 links.
 */
export const createShare = (input: ShareInput): Promise<CreatedShare> =>
  ok(client.POST('/api/shares/', { body: input }));

/** 204: the link answers 404 at once. */
export const revokeShare = (id: number): Promise<void> =>
  ok(client.DELETE('/api/shares/{id}/', { params: { path: { id } } }));

/** What a link shows, without any session; an ApiError with status 404 once it no longer works. */
export const getSharedProject = (token: string, signal?: AbortSignal): Promise<SharedProject> =>
  ok(publicClient.GET('/api/share/{token}/', { params: { path: { token } }, credentials: 'omit', signal }));

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
