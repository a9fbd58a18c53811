import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { AppForm, Field, FormMessage, useAppForm } from '../../../components/form';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { toFormErrors } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { changeMemberRole, inviteMember, memberKeys, membersQuery, myUsernameQuery, removeMember } from '../api';
import { MEMBER_ROLES, roleLabel, type Member, type MemberRole, type ProjectRole } from '../types';
import '../members.css';

interface Props {
  projectId: number;
  projectName: string;
  /** The signed-in user's role on the project: only the owner manages members. */
  userRole: ProjectRole;
  /** The owner's username, shown first when known. */
  owner?: string | null;
  onClose: () => void;
  /** After the signed-in member left the project. */
  onLeft?: () => void;
}

const UNREACHABLE = 'The server could not be reached. Please try again.';

/** A refused row action's message: the server's words for a 4xx, ours otherwise. */
function actionMessage(error: unknown, what: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    const fieldMessages = Object.values(error.fields ?? {}).flat();
    return fieldMessages.length > 0 ? fieldMessages.join(' ') : error.message;
  }
  return `${what} ${UNREACHABLE}`;
}

/**
 * A project's members and open invitations (issue 35). The owner invites by email with a role,
 * changes a role, removes a member or revokes an invitation; a partner or viewer sees the list
 * and may leave the project.
 */
export function MembersDialog({ projectId, projectName, userRole, owner, onClose, onLeft }: Props) {
  const qc = useQueryClient();
  const members = useQuery(membersQuery(projectId));
  const isOwner = userRole === 'owner';
  const me = useQuery({ ...myUsernameQuery(), enabled: !isOwner });
  const [problem, setProblem] = useState('');
  const [removing, setRemoving] = useState<Member | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [invited, setInvited] = useState('');

  const setList = (update: (list: Member[]) => Member[]) =>
    qc.setQueryData<Member[]>(memberKeys.project(projectId), (old) => update(old ?? []));

  const roleChange = useMutation({
    mutationFn: ({ member, next }: { member: Member; next: MemberRole }) =>
      changeMemberRole(projectId, member.id, next),
    onMutate: () => setProblem(''),
    onSuccess: (saved) => setList((list) => list.map((m) => (m.id === saved.id ? saved : m))),
    onError: (e) => setProblem(actionMessage(e, 'The role was not changed.')),
  });

  const removal = useMutation({
    mutationFn: (member: Member) => removeMember(projectId, member.id),
    onMutate: () => setProblem(''),
    onSuccess: (_, member) => setList((list) => list.filter((m) => m.id !== member.id)),
    onError: (e) => setProblem(actionMessage(e, 'Nothing was removed.')),
  });

  const mine = me.data ? members.data?.find((m) => m.user === me.data) : undefined;
  const leave = useMutation({
    mutationFn: (member: Member) => removeMember(projectId, member.id),
    onMutate: () => setProblem(''),
    onSuccess: () => {
      qc.removeQueries({ queryKey: memberKeys.project(projectId) });
      onLeft?.();
    },
    onError: (e) => setProblem(actionMessage(e, 'You are still a member.')),
  });

  const kit = useAppForm<{ email: string; role: MemberRole }>({
    defaultValues: { email: '', role: 'partner' },
    // The server's messages beside their fields; a conflict (already a member, or invited) is
    // about the address.
    mapError: (e) =>
      e instanceof ApiError && e.status === 409
        ? { message: '', fields: { email: [e.message] } }
        : toFormErrors(e, ['email', 'role'], UNREACHABLE),
    prefix: 'Nobody was invited.',
    beforeSubmit: () => setInvited(''),
    validate: ({ email }) => (email.trim() ? {} : { email: ['Enter the email address to invite.'] }),
  });
  const chosen = kit.form.watch('role');
  const onInvite = async ({ email, role: given }: { email: string; role: MemberRole }) => {
    const member = await inviteMember(projectId, { email: email.trim(), role: given });
    setList((list) => [...list.filter((m) => m.id !== member.id), member]);
    kit.form.reset({ email: '', role: given });
    setInvited(`An invitation was sent to ${member.email}.`);
  };

  const list = members.data ?? [];

  return (
    <Modal title={`Members – ${projectName}`} onClose={onClose} size="lg">
      <div className="stack-sm members-dialog">
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        {members.isPending ? (
          <p className="muted" role="status">
            Loading...
          </p>
        ) : members.isError ? (
          <p className="form-error" role="alert">
            {members.error instanceof ApiError && members.error.status < 500
              ? members.error.message
              : 'The members could not be loaded.'}
          </p>
        ) : (
          <div className="table-wrap">
            <table className="table members-table" aria-label="Members">
              <thead>
                <tr>
                  <th scope="col">Person</th>
                  <th scope="col">Role</th>
                  <th scope="col">Joined</th>
                  {isOwner && (
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {owner && (
                  <tr>
                    <td>{owner}</td>
                    <td>Owner</td>
                    {/* Nobody invited the owner: no join date (the role says who they are). */}
                    <td />
                    {isOwner && <td />}
                  </tr>
                )}
                {list.length === 0 && !owner && (
                  <tr>
                    <td colSpan={isOwner ? 4 : 3} className="muted">
                      Nobody else is on this project yet.
                    </td>
                  </tr>
                )}
                {list.map((m) => (
                  <tr key={m.id}>
                    <td>
                      <span className="member-name">{m.user ?? <span className="member-invited">Invited</span>}</span>
                      <span className="member-email">{m.email}</span>
                    </td>
                    <td>
                      {isOwner ? (
                        <select
                          aria-label={`Role of ${m.email}`}
                          value={m.role}
                          disabled={roleChange.isPending}
                          onChange={(e) => roleChange.mutate({ member: m, next: e.target.value as MemberRole })}
                        >
                          {MEMBER_ROLES.map((r) => (
                            <option key={r.value} value={r.value}>
                              {r.label}
                            </option>
                          ))}
                        </select>
                      ) : (
                        roleLabel(m.role)
                      )}
                    </td>
                    <td>{m.joined_at ? formatDate(m.joined_at) : `Invited ${formatDate(m.invited_at)}`}</td>
                    {isOwner && (
                      <td>
                        <button
                          type="button"
                          className="btn btn-sm btn-danger"
                          aria-label={`${m.joined_at ? 'Remove' : 'Revoke the invitation of'} ${m.email}`}
                          onClick={() => setRemoving(m)}
                        >
                          {m.joined_at ? 'Remove' : 'Revoke'}
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

        {isOwner ? (
          <AppForm kit={kit} onSubmit={onInvite} className="stack-sm members-invite" aria-label="Invite someone">
            <h3>Invite someone</h3>
            <FormMessage message={kit.message} />
            {invited && (
              <p className="notice" role="status">
                {invited}
              </p>
            )}
            <div className="members-invite-fields">
              <Field id="member-email" name="email" label="Email" type="email" autoComplete="off" required="aria" />
              <Field
                id="member-role"
                name="role"
                label="Role"
                options={MEMBER_ROLES}
                hint={MEMBER_ROLES.find((r) => r.value === chosen)?.hint}
              />
            </div>
            <div className="modal-actions">
              <button type="submit" className="btn btn-primary" disabled={kit.busy}>
                {kit.busy ? 'Inviting…' : 'Send invitation'}
              </button>
            </div>
          </AppForm>
        ) : (
          <div className="modal-actions">
            <button
              type="button"
              className="btn btn-danger"
              disabled={!mine || leave.isPending}
              onClick={() => setLeaving(true)}
            >
              Leave project
            </button>
          </div>
        )}
      </div>

      {removing && (
        <ConfirmDialog
          title={removing.joined_at ? 'Remove member' : 'Revoke invitation'}
          confirmLabel={removing.joined_at ? 'Remove' : 'Revoke'}
          danger
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            removal.mutate(removing);
            setRemoving(null);
          }}
        >
          {removing.joined_at
            ? `${removing.user ?? removing.email} will no longer see ${projectName}.`
            : `The invitation link sent to ${removing.email} will stop working.`}
        </ConfirmDialog>
      )}
      {leaving && mine && (
        <ConfirmDialog
          title="Leave project"
          confirmLabel="Leave"
          danger
          onCancel={() => setLeaving(false)}
          onConfirm={() => {
            leave.mutate(mine);
            setLeaving(false);
          }}
        >
          {`You will no longer see ${projectName}. The owner can invite you again.`}
        </ConfirmDialog>
      )}
    </Modal>
  );
}
