// Public routes, spread by the app router under the shared layout (navbar).
// Every page is its own lazily loaded chunk; the landing chunk imports no heavy
// library and nothing of the server-state library (react-query).
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const Landing = lazy(() => import('./pages/landing'));
const FindLender = lazy(() => import('./pages/find-lender'));
const FindLand = lazy(() => import('./pages/find-land'));
const ResourceHub = lazy(() => import('./pages/resource-hub'));
const HouseAffordability = lazy(() => import('./pages/house-affordability'));
const BlogSaveMoney = lazy(() => import('./pages/blog-save-money'));
const TermsOfService = lazy(() => import('./pages/terms-of-service'));
const PrivacyPolicy = lazy(() => import('./pages/privacy-policy'));
const Contact = lazy(() => import('./pages/contact'));
const Feedback = lazy(() => import('./pages/feedback'));
const About = lazy(() => import('./pages/about'));
const Checklist = lazy(() => import('./pages/checklist'));
const CostSources = lazy(() => import('./pages/cost-sources'));

export const publicRoutes: RouteObject[] = [
  { index: true, element: <Landing /> },
  { path: 'find-lender', element: <FindLender /> },
  { path: 'find-land', element: <FindLand /> },
  { path: 'resource-hub', element: <ResourceHub /> },
  { path: 'house-affordability', element: <HouseAffordability /> },
  { path: 'blog/10-tips-to-save-money', element: <BlogSaveMoney /> },
  { path: 'terms-of-service', element: <TermsOfService /> },
  { path: 'privacy-policy', element: <PrivacyPolicy /> },
  { path: 'contact', element: <Contact /> },
  { path: 'tell-us-what-you-think', element: <Feedback /> },
  { path: 'what-is-buildledger', element: <About /> },
  { path: 'checklist', element: <Checklist /> },
  { path: 'cost-sources', element: <CostSources /> },
];
