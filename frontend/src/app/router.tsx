// Declarative react-router (BrowserRouter + useRoutes) with React.lazy pages:
// the data router (createBrowserRouter) alone costs ~17 KB gzip more, and the
// landing page's initial JavaScript has a 100 KB budget (docs/lighthouse.md).
import { lazy, useEffect, useEffectEvent } from 'react';
import { useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { setApiHandlers } from '../lib/api-client';
import { preloadable } from '../lib/preloadable';
import { publicRoutes } from '../features/public/routes';
import { onMemberPage } from './member-access';
import { RootLayout } from './root-layout';

const Signup = lazy(() => import('./routes/signup'));
const Login = lazy(() => import('./routes/login'));
const ForgotPassword = lazy(() => import('./routes/forgot-password'));
const ResetPassword = lazy(() => import('./routes/reset-password'));
const Unsubscribe = lazy(() => import('./routes/unsubscribe'));
const Success = lazy(() => import('./routes/success'));
const Cancel = lazy(() => import('./routes/cancel'));
const ChoosePlan = lazy(() => import('./routes/choose-plan'));
const Projects = lazy(() => import('./routes/projects'));
const Board = preloadable(() => import('./routes/board'));
const CompareBids = lazy(() => import('./routes/compare-bids'));
const Money = lazy(() => import('./routes/money'));
const Delays = lazy(() => import('./routes/delays'));
const Inspections = lazy(() => import('./routes/inspections'));
const Waivers = lazy(() => import('./routes/waivers'));
const Activity = lazy(() => import('./routes/activity'));
const ShareLinks = lazy(() => import('./routes/share-links'));
const SharedProject = lazy(() => import('./routes/shared-project'));
const Contractors = lazy(() => import('./routes/contractors'));
const AccountSettings = lazy(() => import('./routes/account-settings'));
const Account = lazy(() => import('./routes/account'));
const AdminSubscriptions = lazy(() => import('./routes/admin-subscriptions'));
const NotFound = lazy(() => import('./routes/not-found'));
const Join = lazy(() => import('./routes/join'));
// Server state (react-query) and the guards load with the first app route, never on public pages.
const AppLayout = preloadable(() => import('./app-layout'));
const ProtectedRoute = preloadable(() => import('./guards').then((m) => ({ default: m.ProtectedRoute })));
const RequireLogin = lazy(() => import('./guards').then((m) => ({ default: m.RequireLogin })));

/**
 * The board opened directly (a reload, a link from outside): its route chunks, which the
 * HTML already preloads (vite.config.ts, routePreload). main.tsx waits for them before the
 * first render, so the board route renders without Suspense fallbacks: React throttles the
 * reveal after a fallback to 300 ms after it was shown, and that wait delayed the board
 * (docs/lighthouse.md, "Board render at 1,000 tasks"). Null for every other path.
 */
export function preloadRoute(pathname: string): Promise<unknown> | null {
  if (!/^\/kanban\/[^/]+\/?$/.test(pathname)) return null;
  return Promise.all([AppLayout.preload(), ProtectedRoute.preload(), Board.preload()]);
}

export const appRoutes: RouteObject[] = [
  { path: 'signup', element: <Signup /> },
  { path: 'login', element: <Login /> },
  { path: 'forgot-password', element: <ForgotPassword /> },
  { path: 'reset-password', element: <ResetPassword /> },
  { path: 'unsubscribe', element: <Unsubscribe /> },
  { path: 'success', element: <Success /> },
  { path: 'cancel', element: <Cancel /> },
  // A read-only share link: open to anyone who has it, outside the login and subscription guards.
  { path: 'share/:token', element: <SharedProject /> },
  // An invitation link (issue 35): signed in or not, and without a subscription of one's own.
  { path: 'join', element: <Join /> },
  {
    element: <ProtectedRoute />,
    children: [
      { path: 'choose-plan', element: <ChoosePlan /> },
      { path: 'projects', element: <Projects /> },
      { path: 'kanban/:projectId', element: <Board /> },
      { path: 'kanban/:projectId/bids', element: <CompareBids /> },
      { path: 'kanban/:projectId/money', element: <Money /> },
      { path: 'kanban/:projectId/delays', element: <Delays /> },
      { path: 'kanban/:projectId/inspections', element: <Inspections /> },
      { path: 'kanban/:projectId/waivers', element: <Waivers /> },
      { path: 'kanban/:projectId/activity', element: <Activity /> },
      { path: 'kanban/:projectId/share', element: <ShareLinks /> },
      { path: 'contractors', element: <Contractors /> },
      { path: 'account-settings', element: <AccountSettings /> },
    ],
  },
  {
    element: <RequireLogin />,
    children: [
      { path: 'admin/subscriptions', element: <AdminSubscriptions /> },
      { path: 'account', element: <Account /> },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...publicRoutes,
      { element: <AppLayout />, children: [...appRoutes, { path: '*', element: <NotFound /> }] },
    ],
  },
];

/** Lets the API client navigate (session expired, subscription required). */
function useApiNavigation() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Reads the current path when the API client calls it, without re-registering the handlers.
  // A member without a subscription of their own stays on the shared project's pages: the
  // refused call says so there (issue 35).
  const onSubscriptionRequired = useEffectEvent(() => {
    if (pathname !== '/choose-plan' && !onMemberPage(pathname)) void navigate('/choose-plan');
  });
  useEffect(() => {
    setApiHandlers({
      onSessionExpired: () => {
        void navigate('/login');
      },
      onSubscriptionRequired: () => onSubscriptionRequired(),
    });
  }, [navigate]);
}

export function AppRoutes() {
  useApiNavigation();
  return useRoutes(routes);
}
