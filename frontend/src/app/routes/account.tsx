import { Link } from 'react-router';
import { useSubscribedStanding } from '../../components/navbar-standing';
import { AccountSections } from '../../features/account/components/account-sections';
import { ReminderSetting } from '../../features/account/components/reminder-setting';
import { useAppPageMeta } from '../../lib/page-meta';

/**
 * The account without the subscription: password, reminders, sessions, a copy of the data,
 * deletion. Login only (no subscription guard), so someone who never subscribed, whose
 * subscription ended, or who only joined someone's project (the site menu's Account Settings
 * brings them here) can still change their password, take their data and leave. Account settings
 * shows the same sections below the subscription.
 */
export default function AccountRoute() {
  useAppPageMeta('Your Account', 'Change your BuildLedger password, download your data or delete your account.');
  // RequireLogin (../guards.tsx) checks the subscription.
  const subscribed = useSubscribedStanding();
  return (
    <main className="page narrow">
      <header className="page-header">
        <h1>Your Account</h1>
        {subscribed === false ? (
          <p className="muted">
            Password, reminders, sessions and your data. You have no subscription of your own:{' '}
            <Link to="/choose-plan">choose a plan</Link> to start your own projects.
          </p>
        ) : (
          <p className="muted">
            Password, reminders, sessions and your data. The subscription is managed in{' '}
            <Link to="/account-settings">account settings</Link>.
          </p>
        )}
      </header>
      <div className="stack">
        <ReminderSetting />
        <AccountSections />
      </div>
    </main>
  );
}
