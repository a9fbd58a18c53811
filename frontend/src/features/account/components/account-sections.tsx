import { ChangePasswordForm } from './change-password-form';
import { DeleteAccount } from './delete-account';
import { DownloadData } from './download-data';
import { SignOutEverywhere } from './sign-out-everywhere';
import '../account.css';

/** Account settings below the subscription: security, a copy of the data, deletion. */
export function AccountSections() {
  return (
    <div className="account-sections">
      <section className="card" aria-labelledby="security-title">
        <h2 id="security-title">Security</h2>
        <ChangePasswordForm />
        <SignOutEverywhere />
      </section>
      <DownloadData />
      <DeleteAccount />
    </div>
  );
}
