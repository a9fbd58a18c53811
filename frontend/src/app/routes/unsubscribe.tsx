import { Unsubscribe } from '../../features/account/components/unsubscribe';
import { useAppPageMeta } from '../../lib/page-meta';
import '../../features/auth/auth.css';

export default function UnsubscribeRoute() {
  useAppPageMeta('Stop reminder emails', 'Stop the BuildLedger reminder emails.');
  return <Unsubscribe />;
}
