import { Signup } from '../../features/auth/components/signup';
import { useAppPageMeta } from '../../lib/page-meta';

export default function SignupRoute() {
  useAppPageMeta(
    'Sign up',
    'Create your BuildLedger account to predict building costs, compare contractor bids and track your home building budget.',
  );
  return <Signup />;
}
