import { ForgotPassword } from '../../features/auth/components/forgot-password';
import { useAppPageMeta } from '../../lib/page-meta';

export default function ForgotPasswordRoute() {
  useAppPageMeta('Reset your password', 'Get an email with a link to set a new BuildLedger password.');
  return <ForgotPassword />;
}
