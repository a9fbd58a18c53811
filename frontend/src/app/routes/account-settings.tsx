import { AccountSettings } from '../../features/subscription/components/account-settings';
import { useAppPageMeta } from '../../lib/page-meta';

export default function AccountSettingsRoute() {
  useAppPageMeta('Account Settings', 'Manage your BuildLedger subscription, payment method and billing history.');
  return <AccountSettings />;
}
