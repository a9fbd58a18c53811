import { AdminSubscriptions } from '../../features/admin/components/AdminSubscriptions';
import { useAppPageMeta } from '../../lib/page-meta';

export default function AdminSubscriptionsRoute() {
  useAppPageMeta('Admin: subscriptions', 'Every BuildLedger subscription, for administrators.');
  return <AdminSubscriptions />;
}
