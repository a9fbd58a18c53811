import { Cancel } from '../../features/subscription/components/cancel';
import { useAppPageMeta } from '../../lib/page-meta';

export default function CancelRoute() {
  useAppPageMeta(
    'Checkout cancelled',
    'Your checkout was cancelled and nothing was charged. You can subscribe to BuildLedger at any time.',
  );
  return <Cancel />;
}
