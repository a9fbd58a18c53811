// Public routes, spread by the app router under the shared layout (navbar).
// Every page is its own lazily loaded chunk; the landing chunk imports no heavy
// library and nothing of the server-state library (react-query).
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const Landing = lazy(() => import('./pages/Landing'));
const FindLender = lazy(() => import('./pages/FindLender'));
const FindLand = lazy(() => import('./pages/FindLand'));
const ResourceHub = lazy(() => import('./pages/ResourceHub'));
const HouseAffordability = lazy(() => import('./pages/HouseAffordability'));
const BlogSaveMoney = lazy(() => import('./pages/BlogSaveMoney'));
const TermsOfService = lazy(() => import('./pages/TermsOfService'));
const PrivacyPolicy = lazy(() => import('./pages/PrivacyPolicy'));
const Contact = lazy(() => import('./pages/Contact'));
const Feedback = lazy(() => import('./pages/Feedback'));
const About = lazy(() => import('./pages/About'));
const Checklist = lazy(() => import('./pages/Checklist'));

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
];
