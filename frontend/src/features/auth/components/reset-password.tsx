import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormField } from '../../../components/ui/form-field';
import { toFormErrors, type FormErrors } from '../../../lib/form-errors';
import { useFailureFocus, useNativeInvalid } from '../../../lib/use-focus-first-error';
import { stateString, type NoticeState } from '../../../lib/route-state';
import { resetPassword } from '../api';
import '../auth.css';

const NO_ERRORS: FormErrors = { message: '', fields: {} };
export const RESET_DONE = 'Your password was reset. Log in with your new password.';
export const MISMATCH = 'The passwords do not match.';

/** The page the emailed link opens: /reset-password?token=... */
export function ResetPassword() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const token = params.get('token') ?? stateString(location.state, 'token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const native = useNativeInvalid(formRef);
  const focusError = useFailureFocus(formRef);

  // The token moves from the address into the history entry's state: it stays out of the
  // address bar, the browsing history and the Referer, and still survives a reload.
  const inQuery = params.has('token');
  useEffect(() => {
    if (inQuery && token) void navigate(location.pathname, { replace: true, state: { token } });
  }, [inQuery, token, location.pathname, navigate]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (password !== confirm) {
      setErrors({ message: '', fields: { confirm: [MISMATCH] } });
      focusError();
      return;
    }
    setErrors(NO_ERRORS);
    setBusy(true);
    try {
      await resetPassword({ token, password });
      void navigate('/login', { replace: true, state: { notice: RESET_DONE } satisfies NoticeState });
    } catch (err) {
      setErrors(toFormErrors(err, ['token', 'password'], 'Could not reset the password. Please try again.'));
      setBusy(false);
      focusError();
    }
  };

  if (!token) {
    return (
      <main className="page auth-page">
        <div className="card auth-card">
          <h1>Set a new password</h1>
          <p className="form-error" role="alert">
            This link has no reset token. Open the link from the email again, or ask for a new one.
          </p>
          <Link className="btn btn-primary btn-block" to="/forgot-password">
            Request a new link
          </Link>
        </div>
      </main>
    );
  }

  const tokenErrors = errors.fields.token;
  return (
    <main className="page auth-page">
      <form ref={formRef} className="card auth-card" onSubmit={(e) => void onSubmit(e)} aria-labelledby="reset-title">
        <h1 id="reset-title">Set a new password</h1>
        {errors.message && (
          <p className="form-error" role="alert">
            {errors.message}
          </p>
        )}
        {tokenErrors?.length ? (
          <p className="form-error" role="alert">
            {tokenErrors.join(' ')} <Link to="/forgot-password">Request a new link</Link>
          </p>
        ) : null}
        <FormField
          id="reset-password"
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          value={password}
          errors={native.password ?? errors.fields.password}
          hint="At least 8 characters."
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormField
          id="reset-confirm"
          label="Confirm new password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          errors={native.confirm ?? errors.fields.confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Set new password'}
        </button>
        <p className="muted center">
          <Link to="/login">Back to login</Link>
        </p>
      </form>
    </main>
  );
}
