// Public routes, spread by the app router under the shared layout (navbar).
// Every page is its own lazily loaded chunk; the landing chunk imports no heavy library.
import type { RouteObject } from 'react-router';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => {
  const { default: Component } = await load();
  return { Component };
};

export const publicRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('./pages/Landing')) },
  { path: 'find-lender', lazy: page(() => import('./pages/FindLender')) },
  { path: 'find-land', lazy: page(() => import('./pages/FindLand')) },
  { path: 'resource-hub', lazy: page(() => import('./pages/ResourceHub')) },
  { path: 'house-affordability', lazy: page(() => import('./pages/HouseAffordability')) },
  { path: 'blog/10-tips-to-save-money', lazy: page(() => import('./pages/BlogSaveMoney')) },
  { path: 'terms-of-service', lazy: page(() => import('./pages/TermsOfService')) },
  { path: 'privacy-policy', lazy: page(() => import('./pages/PrivacyPolicy')) },
  { path: 'contact', lazy: page(() => import('./pages/Contact')) },
  { path: 'tell-us-what-you-think', lazy: page(() => import('./pages/Feedback')) },
  { path: 'what-is-buildledger', lazy: page(() => import('./pages/About')) },
  { path: 'checklist', lazy: page(() => import('./pages/Checklist')) },
];
