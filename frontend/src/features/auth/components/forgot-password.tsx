import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormField } from '../../../components/ui/form-field';
import { toFormErrors, type FormErrors } from '../../../lib/form-errors';
import { useFailureFocus, useNativeInvalid } from '../../../lib/use-focus-first-error';
import { requestPasswordReset } from '../api';
import '../auth.css';

const NO_ERRORS: FormErrors = { message: '', fields: {} };
// Shown if the server's answer has no text of its own (it always should).
const SENT = 'If an account uses that email address, a link to reset its password is on its way.';

export function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [sent, setSent] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const native = useNativeInvalid(formRef);
  const focusError = useFailureFocus(formRef);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors(NO_ERRORS);
    setBusy(true);
    try {
      setSent((await requestPasswordReset(email.trim())) || SENT);
    } catch (err) {
      setErrors(toFormErrors(err, ['email'], 'Could not send the reset link. Please try again.'));
      focusError();
    } finally {
      setBusy(false);
    }
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
          <form ref={formRef} onSubmit={(e) => void onSubmit(e)} aria-labelledby="forgot-title">
            <p className="muted">
              Enter the email address of your account and we will email you a link to set a new password.
            </p>
            {errors.message && (
              <p className="form-error" role="alert">
                {errors.message}
              </p>
            )}
            <FormField
              id="forgot-email"
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              errors={native.email ?? errors.fields.email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
              {busy ? 'Sending…' : 'Send reset link'}
            </button>
          </form>
        )}
        <p className="muted center">
          Remembered it? <Link to="/login">Back to login</Link>
        </p>
      </div>
    </main>
  );
}
