import { Success } from '../../features/subscription/components/success';
import { useAppPageMeta } from '../../lib/page-meta';

export default function SuccessRoute() {
  useAppPageMeta(
    'Subscription processing',
    'We are confirming your BuildLedger subscription; you will be taken to your projects in a moment.',
  );
  return <Success />;
}
