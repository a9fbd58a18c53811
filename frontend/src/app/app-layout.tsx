import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { ConflictDialog } from '../features/offline/components/conflict-dialog';
import { useSyncState } from '../features/offline/hooks';
import { offlineSync } from './offline-board';
import { registerServiceWorker } from './pwa';
import { prefetchRouteData } from './route-prefetch';

// Runs once, when the first app route of this page load needs this chunk.
prefetchRouteData(queryClient, window.location.pathname);
registerServiceWorker();

/** Offline changes the server had a newer value for: asked about wherever the user is. */
function OfflineDecisions() {
  const { problems } = useSyncState(offlineSync);
  return <ConflictDialog problems={problems} onResolve={offlineSync.resolve} />;
}

/** Server state for the app routes; loaded lazily so public pages never download react-query. */
export default function AppLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <OfflineDecisions />
    </QueryClientProvider>
  );
}
