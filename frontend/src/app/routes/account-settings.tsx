import { AccountSettings } from '../../features/subscription/components/AccountSettings';

export default AccountSettings;
