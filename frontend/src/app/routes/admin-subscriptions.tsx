import { AdminSubscriptions } from '../../features/admin/components/admin-subscriptions';
import { useAppPageMeta } from '../../lib/page-meta';

export default function AdminSubscriptionsRoute() {
  useAppPageMeta('Admin: subscriptions', 'Every BuildLedger subscription, for administrators.');
  return <AdminSubscriptions />;
}
