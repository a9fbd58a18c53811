import { createBrowserRouter, type RouteObject } from 'react-router';
import { setApiHandlers } from '../lib/api-client';
import { publicRoutes } from '../features/public/routes';
import { RootLayout } from './RootLayout';
import { ProtectedRoute, RequireLogin } from './guards';
import { RouteError } from './RouteError';

type LazyModule = { default: React.ComponentType };
const page = (load: () => Promise<LazyModule>) => async () => {
  const { default: Component } = await load();
  return { Component };
};

export const appRoutes: RouteObject[] = [
  { path: 'signup', lazy: page(() => import('./routes/signup')) },
  { path: 'login', lazy: page(() => import('./routes/login')) },
  { path: 'success', lazy: page(() => import('./routes/success')) },
  { path: 'cancel', lazy: page(() => import('./routes/cancel')) },
  {
    element: <ProtectedRoute />,
    children: [
      { path: 'choose-plan', lazy: page(() => import('./routes/choose-plan')) },
      { path: 'projects', lazy: page(() => import('./routes/projects')) },
      { path: 'kanban/:projectId', lazy: page(() => import('./routes/board')) },
      { path: 'account-settings', lazy: page(() => import('./routes/account-settings')) },
    ],
  },
  {
    element: <RequireLogin />,
    children: [{ path: 'admin/subscriptions', lazy: page(() => import('./routes/admin-subscriptions')) }],
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      ...publicRoutes,
      ...appRoutes,
      { path: '*', lazy: page(() => import('./routes/not-found')) },
    ],
  },
];

export const router = createBrowserRouter(routes);

setApiHandlers({
  onSessionExpired: () => {
    void router.navigate('/login');
  },
  onSubscriptionRequired: () => {
    if (router.state.location.pathname !== '/choose-plan') void router.navigate('/choose-plan');
  },
});
