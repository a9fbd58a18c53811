import { queryOptions } from '@tanstack/react-query';
import { client, ok, publicClient } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import type { InvitationPreview, Member, MemberRole, RoleProject } from './types';

// Issue 35: a project's members and invitations (docs/api.md, "Members"). Reading the list needs
// a place on the project; inviting, changing a role and removing are the owner's; a member may
// leave (DELETE of their own row). The server sends only the role codes `Member` and
// `RoleProject` name.

type WireMember = components['schemas']['Member'];
const member = (answer: Promise<WireMember>) => answer as Promise<Member>;

export const memberKeys = {
  all: ['members'] as const,
  project: (projectId: number) => [...memberKeys.all, projectId] as const,
};

export const membersQuery = (projectId: number) =>
  queryOptions({
    queryKey: memberKeys.project(projectId),
    queryFn: ({ signal }) =>
      ok(client.GET('/api/projects/{id}/members/', { params: { path: { id: projectId } }, signal })) as Promise<
        Member[]
      >,
  });

export interface Invitation {
  email: string;
  role: MemberRole;
}

/** 201 with the new invitation (the mail is on its way); 400 with `fields.email` / `fields.role`; 409 already there. */
export const inviteMember = (projectId: number, invitation: Invitation): Promise<Member> =>
  member(ok(client.POST('/api/projects/{id}/members/', { params: { path: { id: projectId } }, body: invitation })));

/** 200 with the member and their new role. */
export const changeMemberRole = (projectId: number, memberId: number, role: MemberRole): Promise<Member> =>
  member(
    ok(
      client.PATCH('/api/projects/{id}/members/{member_id}/', {
        params: { path: { id: projectId, member_id: memberId } },
        body: { role },
      }),
    ),
  );

/** The owner removes a member or revokes an invitation; a member removes themself (leaves). 204. */
export const removeMember = (projectId: number, memberId: number): Promise<void> =>
  ok(
    client.DELETE('/api/projects/{id}/members/{member_id}/', {
      params: { path: { id: projectId, member_id: memberId } },
    }),
  ).then(() => undefined);

/**
 * Joins the project of the invitation link's `token`: 200 with the project (its `role`); 400 with
 * `fields.token` when the invitation expired, was used or revoked, or is for another email.
 */
export const acceptInvitation = (token: string): Promise<RoleProject> =>
  ok(client.POST('/api/invitations/accept/', { body: { token } }));

/**
 * What the invitation link's `token` is for, before any login: 200 with the project's name, its
 * owner, the invited email and role; 400 with `fields.token` (expired, used, unknown: the words of
 * accept). Sent without the session (`publicClient`: the visitor has none, and a stale token in
 * this browser must not send them to the login page).
 */
export const previewInvitation = (token: string, signal?: AbortSignal): Promise<InvitationPreview> =>
  ok(publicClient.POST('/api/invitations/preview/', { body: { token }, credentials: 'omit', signal }));

export const invitationPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitations', 'preview', token] as const,
    queryFn: ({ signal }) => previewInvitation(token, signal),
    staleTime: Infinity,
    // A refusal (400) is the answer; an unreachable server falls back to the generic text at once.
    retry: false,
  });

/** The signed-in user's username: finds their own row of the list (to leave). */
export const myUsernameQuery = () =>
  queryOptions({
    queryKey: ['me', 'username'] as const,
    queryFn: ({ signal }) => ok(client.GET('/api/me/', { signal })).then((me) => me.username),
    staleTime: Infinity,
  });
