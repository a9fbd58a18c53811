import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ApiError, logout as endSession } from '../../../lib/api-client';
import { useIsLoggedIn } from '../../../lib/use-session';
import type { NoticeState, SignupState } from '../../../lib/route-state';
import { acceptInvitation, invitationPreviewQuery } from '../api';
import { forgetJoinToken, joinPath, rememberJoinToken } from '../pending-join';
import type { InvitationPreview, RoleProject } from '../types';
import '../members.css';

interface Props {
  /** The project just joined: the page's caller updates its caches and opens the board. */
  onJoined: (project: RoleProject) => void;
}

export const MSG_NO_TOKEN = 'This invitation link is incomplete. Open the link from the invitation email again.';
const UNREACHABLE = 'The server could not be reached. Please try again.';
/** The server's words (crates/domain/src/member.rs) that change what the page offers. */
const MSG_USED = 'This invitation has already been used.';
const MSG_OTHER_EMAIL = 'This invitation was sent to another email address. Sign in with the account of that address.';
export const USED_LOG_IN = 'This invitation has already been used. If you joined with it, log in to open the project.';

/** The refusal's words: the server's message about the token (expired, used, another email). */
function refusal(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.fields?.token?.[0] ?? error.message;
  }
  return UNREACHABLE;
}

const SIGNUP_NOTICE = 'Create your account to join the project.';
const LOGIN_NOTICE = 'Log in to join the project.';
const LOGIN_USED_NOTICE = 'Log in to open the project.';

/**
 * A visitor's view of the link (not signed in): what the invitation is for, from the preview
 * (who invited them, to which project, as what, for which address), then Log in and Sign up (its
 * form starts with the invited address). A refused preview (expired, used, unknown) says why
 * instead; an unreachable one falls back to the generic words. A used one may be the visitor's
 * own (a member opening their link again in another browser): it offers Log in, and the token
 * kept meanwhile brings them back here to open the project.
 */
function VisitorJoin({ token }: { token: string }) {
  const preview = useQuery(invitationPreviewQuery(token));
  const refused = preview.error instanceof ApiError && preview.error.status === 400;
  const invitation: InvitationPreview | undefined = preview.data;
  return (
    <main className="page join-page">
      <div className="card stack-sm">
        <h1>Join a project</h1>
        {preview.isPending ? (
          <p className="muted" role="status">
            Loading the invitation…
          </p>
        ) : refused && refusal(preview.error) === MSG_USED ? (
          <>
            <p>{USED_LOG_IN}</p>
            <div className="modal-actions">
              <Link className="btn btn-primary" to="/login" state={{ notice: LOGIN_USED_NOTICE } satisfies NoticeState}>
                Log in
              </Link>
            </div>
          </>
        ) : refused ? (
          <>
            <p className="form-error" role="alert">
              {refusal(preview.error)}
            </p>
            <Link to="/projects">Go to your projects</Link>
          </>
        ) : (
          <>
            {invitation ? (
              <>
                <p>
                  {invitation.owner} invited you to <strong>{invitation.project}</strong> as a {invitation.role}.
                </p>
                <p>
                  Log in or create an account with <strong>{invitation.email}</strong> to join it.
                </p>
              </>
            ) : (
              <p>You have been invited to a project on BuildLedger. Log in or create an account to join it.</p>
            )}
            <div className="modal-actions">
              <Link
                className="btn"
                to="/signup"
                state={
                  invitation
                    ? ({ notice: SIGNUP_NOTICE, email: invitation.email } satisfies SignupState)
                    : ({ notice: SIGNUP_NOTICE } satisfies NoticeState)
                }
              >
                Sign up
              </Link>
              <Link className="btn btn-primary" to="/login" state={{ notice: LOGIN_NOTICE } satisfies NoticeState}>
                Log in
              </Link>
            </div>
          </>
        )}
      </div>
    </main>
  );
}

/**
 * /join?token=... (issue 35): the invitation link. A visitor logs in or signs up first and comes
 * back here (the token is kept for the tab meanwhile); a signed-in user joins the project at once
 * and goes to its board, or reads why the invitation no longer works. Signed in with another
 * account than the invited one, they read which address it was sent to and may sign out here.
 */
export function JoinInvitation({ onJoined }: Props) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const loggedIn = useIsLoggedIn();
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  // One request per token and attempt (StrictMode runs effects twice in development).
  const sent = useRef('');
  const joined = useRef(onJoined);
  const navigate = useNavigate();
  // Signed in with another account than the invited one: the invited address, from the preview
  // (left out when it cannot be read).
  const otherEmail = loggedIn && error === MSG_OTHER_EMAIL;
  const invited = useQuery({ ...invitationPreviewQuery(token), enabled: otherEmail });
  useEffect(() => {
    joined.current = onJoined;
  });

  useEffect(() => {
    if (!token) return;
    if (!loggedIn) {
      rememberJoinToken(token);
      // The next session (after a sign-out here) accepts again.
      sent.current = '';
      return;
    }
    // Signed in with the link in the address: nothing to come back to any more.
    forgetJoinToken();
    const key = `${token}#${attempt}`;
    if (sent.current === key) return;
    sent.current = key;
    acceptInvitation(token).then(
      (project) => joined.current(project),
      (e: unknown) => setError(refusal(e)),
    );
  }, [token, loggedIn, attempt]);

  if (!token) {
    return (
      <main className="page join-page">
        <div className="card stack-sm">
          <h1>Join a project</h1>
          <p className="form-error" role="alert">
            {MSG_NO_TOKEN}
          </p>
          <Link to="/projects">Go to your projects</Link>
        </div>
      </main>
    );
  }

  if (!loggedIn) return <VisitorJoin token={token} />;

  const signOut = () => {
    // As the navbar's Log out (the session ends on the server, both tokens and the cached server
    // state go), but the page stays: the visitor's view of this link, to log in with the invited
    // account.
    setError('');
    void endSession();
    void navigate(joinPath(token), { replace: true });
  };

  return (
    <main className="page join-page">
      <div className="card stack-sm">
        <h1>Join a project</h1>
        {error ? (
          <>
            <p className="form-error" role="alert">
              {error}
            </p>
            {otherEmail && invited.data && (
              <p>
                This invitation was sent to <strong>{invited.data.email}</strong>.
              </p>
            )}
            {otherEmail && (
              <button type="button" className="btn" onClick={signOut}>
                Sign out
              </button>
            )}
            {error === UNREACHABLE && (
              <button
                type="button"
                className="btn"
                onClick={() => {
                  setError('');
                  setAttempt((n) => n + 1);
                }}
              >
                Try again
              </button>
            )}
            <Link to="/projects">Go to your projects</Link>
          </>
        ) : (
          <p className="muted" role="status">
            Joining the project…
          </p>
        )}
      </div>
    </main>
  );
}
