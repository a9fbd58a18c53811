import { AccountSections } from '../../features/account/components/account-sections';
import { useAppPageMeta } from '../../lib/page-meta';

/**
 * The account without the subscription: password, sessions, a copy of the data, deletion.
 * Login only (no subscription guard), so someone who never subscribed, or whose subscription
 * ended, can still change their password, take their data and leave. Account settings shows
 * the same sections below the subscription.
 */
export default function AccountRoute() {
  useAppPageMeta('Your Account', 'Change your BuildLedger password, download your data or delete your account.');
  return (
    <main className="page narrow">
      <header className="page-header">
        <h1>Your Account</h1>
        <p className="muted">Password, sessions and your data. The subscription is managed in account settings.</p>
      </header>
      <AccountSections />
    </main>
  );
}
