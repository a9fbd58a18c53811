import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { prefetchRouteData } from './route-prefetch';

// Runs once, when the first app route of this page load needs this chunk.
prefetchRouteData(queryClient, window.location.pathname);

/** Server state for the app routes; loaded lazily so public pages never download react-query. */
export default function AppLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
