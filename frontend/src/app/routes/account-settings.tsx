import { AccountSections } from '../../features/account/components/account-sections';
import { ReminderSetting } from '../../features/account/components/reminder-setting';
import { AccountSettings } from '../../features/subscription/components/account-settings';
import { useAppPageMeta } from '../../lib/page-meta';

export default function AccountSettingsRoute() {
  useAppPageMeta(
    'Account Settings',
    'Manage your BuildLedger subscription, payment method, billing history, password and data.',
  );
  return (
    <AccountSettings>
      <ReminderSetting />
      <AccountSections />
    </AccountSettings>
  );
}
