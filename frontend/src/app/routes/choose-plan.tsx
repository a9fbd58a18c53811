import { ChoosePlan } from '../../features/subscription/components/choose-plan';
import { useAppPageMeta } from '../../lib/page-meta';

export default function ChoosePlanRoute() {
  useAppPageMeta(
    'Choose your plan',
    'Subscribe to BuildLedger for $1.99 per month to estimate, track and manage your construction budget. Cancel anytime.',
  );
  return <ChoosePlan />;
}
