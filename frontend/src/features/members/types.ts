import type { components } from '../../lib/api/schema';

// Issue 35: a project's members and what each may do (docs/api.md, "Members").

/** What the signed-in user is on a project (`role` of the project JSON). */
export type ProjectRole = 'owner' | 'partner' | 'viewer';

/** What the owner may give an invited person. */
export type MemberRole = Exclude<ProjectRole, 'owner'>;

/**
 * A member or an open invitation (`user` and `joined_at` null until the invited person joins).
 * Dates are RFC 3339 UTC.
 */
export interface Member {
  id: number;
  user: string | null;
  email: string;
  role: MemberRole;
  invited_at: string;
  joined_at: string | null;
}

/** The project fields the members feature reads (`role`, `owner` may be absent on older servers or caches). */
export type RoleProject = Pick<components['schemas']['Project'], 'id' | 'name'> & {
  role?: ProjectRole;
  owner?: string | null;
};

/** What an invitation link is for (`POST /api/invitations/preview/`, no login needed). */
export type InvitationPreview = components['schemas']['InvitationPreview'];

export const MEMBER_ROLES: { value: MemberRole; label: string; hint: string }[] = [
  { value: 'partner', label: 'Partner', hint: 'Can edit everything except deleting the project and managing members' },
  { value: 'viewer', label: 'Viewer', hint: 'Can see everything, change nothing' },
];

export const roleLabel = (role: ProjectRole): string =>
  role === 'owner' ? 'Owner' : role === 'partner' ? 'Partner' : 'Viewer';
