import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { setSubscribedStanding } from '../components/navbar-standing';
import { noticeFrom, type NoticeState } from '../lib/route-state';
import { useIsLoggedIn } from '../lib/use-session';
import { checkSubscriptionQuery } from '../features/subscription/api';
import { joinPath, pendingJoinToken } from '../features/members/pending-join';
import { projectsQuery } from '../features/projects/api';
import type { Project } from '../features/projects/types';
import { isMemberPage, setMemberProjects } from './member-access';

const loading = (
  <p className="page-loading" role="status">
    Loading...
  </p>
);

/** The projects someone else owns that the user joined (issue 35): `role` partner or viewer. */
export const joinedProjectIds = (projects: readonly Project[] | undefined): Set<number> =>
  new Set((projects ?? []).filter((p) => p.role !== undefined && p.role !== 'owner').map((p) => p.id));

/**
 * The subscription check, its answer told to the site menu (components/navbar-standing.ts): a user
 * without a subscription of their own gets their account page and no Contractors there. A failed
 * check counts as none, as in the guard.
 */
function useSubscriptionCheck(loggedIn: boolean) {
  const check = useQuery({ ...checkSubscriptionQuery(), enabled: loggedIn, networkMode: 'offlineFirst' });
  const standing = !loggedIn || check.isPending ? null : check.data?.is_subscribed === true;
  useEffect(() => setSubscribedStanding(standing), [standing]);
  return check;
}

/**
 * Login + subscription guard of the spec (section 2). Issue 35: a user without a subscription of
 * their own who joined someone's project may open the project list and that project's pages (the
 * server answers GET /api/projects/ for them, 402 elsewhere); everyone else without one goes to
 * /choose-plan. A visitor who came from an invitation link goes back to it once signed in.
 */
export function ProtectedRoute() {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  const check = useSubscriptionCheck(loggedIn);
  const subscribed = check.isSuccess && check.data?.is_subscribed === true;
  const onChoosePlan = location.pathname === '/choose-plan';
  const maybeMember = loggedIn && !check.isPending && !subscribed && !onChoosePlan;
  const projects = useQuery({ ...projectsQuery(), enabled: maybeMember, networkMode: 'offlineFirst' });
  const joined = useMemo(
    () => (maybeMember && projects.isSuccess ? joinedProjectIds(projects.data) : null),
    [maybeMember, projects.isSuccess, projects.data],
  );
  const member = joined !== null && isMemberPage(location.pathname, joined);

  useEffect(() => {
    setMemberProjects(member && joined ? joined : []);
  }, [member, joined]);

  if (!loggedIn) return <Navigate to="/login" replace />;
  const pending = pendingJoinToken();
  if (pending) return <Navigate to={joinPath(pending)} replace />;
  if (check.isPending) return loading;
  if (subscribed || onChoosePlan) return <Outlet />;
  if (projects.isPending && projects.fetchStatus !== 'idle') return loading;
  if (member) return <Outlet />;
  // A member without a subscription of their own has no billing here: their account page instead
  // (password, reminders, data). Anyone else without one goes to the plans, as the spec says.
  if (location.pathname === '/account-settings' && joined !== null && joined.size > 0) {
    return <Navigate to="/account" replace />;
  }
  // A notice the page was opened with goes on to the plan page (e.g. "You left <project>." for a
  // member who left their last shared project: ./left-project.ts).
  const notice = noticeFrom(location.state);
  return <Navigate to="/choose-plan" replace state={notice ? ({ notice } satisfies NoticeState) : undefined} />;
}

/** Login only (admin dashboard: the server answers 403 for non-admins; the account page). */
export function RequireLogin() {
  const loggedIn = useIsLoggedIn();
  useSubscriptionCheck(loggedIn);
  if (!loggedIn) return <Navigate to="/login" replace />;
  return <Outlet />;
}
