import { ResetPassword } from '../../features/auth/components/reset-password';
import { useAppPageMeta } from '../../lib/page-meta';

export default function ResetPasswordRoute() {
  useAppPageMeta('Set a new password', 'Choose a new password for your BuildLedger account.');
  return <ResetPassword />;
}
