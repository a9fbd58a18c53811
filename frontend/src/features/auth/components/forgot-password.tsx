import { useState } from 'react';
import { Link } from 'react-router';
import { AppForm, Field, FormMessage, useAppForm } from '../../../components/form';
import { requestPasswordReset } from '../api';
import '../auth.css';

// Shown if the server's answer has no text of its own (it always should).
const SENT = 'If an account uses that email address, a link to reset its password is on its way.';

export function ForgotPassword() {
  const [sent, setSent] = useState('');
  const kit = useAppForm<{ email: string }>({
    defaultValues: { email: '' },
    fields: ['email'],
    fallback: 'Could not send the reset link. Please try again.',
    native: true,
    clearOnEdit: false,
  });
  const { busy } = kit;

  const onSubmit = async ({ email }: { email: string }) => {
    setSent((await requestPasswordReset(email.trim())) || SENT);
  };

  return (
    <main className="page auth-page">
      <div className="card auth-card">
        <h1 id="forgot-title">Reset your password</h1>
        {sent ? (
          <p className="notice" role="status">
            {sent}
          </p>
        ) : (
          <AppForm kit={kit} onSubmit={onSubmit} aria-labelledby="forgot-title">
            <p className="muted">
              Enter the email address of your account and we will email you a link to set a new password.
            </p>
            <FormMessage message={kit.message} />
            <Field id="forgot-email" label="Email" name="email" type="email" autoComplete="email" required />
            <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
              {busy ? 'Sending…' : 'Send reset link'}
            </button>
          </AppForm>
        )}
        <p className="muted center">
          Remembered it? <Link to="/login">Back to login</Link>
        </p>
      </div>
    </main>
  );
}
