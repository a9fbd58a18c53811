import { Navigate, Outlet, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useIsLoggedIn } from '../lib/use-session';
import { checkSubscriptionQuery } from '../features/subscription/api';

/** Login + subscription guard of the spec (section 2). */
export function ProtectedRoute() {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  const check = useQuery({ ...checkSubscriptionQuery(), enabled: loggedIn, networkMode: 'offlineFirst' });

  if (!loggedIn) return <Navigate to="/login" replace />;
  if (check.isPending)
    return (
      <p className="page-loading" role="status">
        Loading...
      </p>
    );
  const onChoosePlan = location.pathname === '/choose-plan';
  if (check.isError || !check.data?.is_subscribed) {
    if (!onChoosePlan) return <Navigate to="/choose-plan" replace />;
  }
  return <Outlet />;
}

/** Login only (admin dashboard: the server answers 403 for non-admins). */
export function RequireLogin() {
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) return <Navigate to="/login" replace />;
  return <Outlet />;
}
