import { useEffect } from 'react';
import { useFormState } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AppForm, Field, FormMessage, useAppForm } from '../../../components/form';
import { stateString, type NoticeState } from '../../../lib/route-state';
import { resetPassword } from '../api';
import '../auth.css';

export const RESET_DONE = 'Your password was reset. Log in with your new password.';
export const MISMATCH = 'The passwords do not match.';

interface ResetValues {
  password: string;
  confirm: string;
  /** Never typed: where the server's messages about the token land. */
  token: string;
}

/** The page the emailed link opens: /reset-password?token=... */
export function ResetPassword() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const token = params.get('token') ?? stateString(location.state, 'token');
  const kit = useAppForm<ResetValues>({
    defaultValues: { password: '', confirm: '', token: '' },
    fields: ['token', 'password'],
    fallback: 'Could not reset the password. Please try again.',
    native: true,
    clearOnEdit: false,
    validate: (v) => (v.password !== v.confirm ? { confirm: [MISMATCH] } : {}),
  });
  const { busy } = kit;
  // The server's word on the token (expired, used) has no field of its own: said above the form.
  const tokenError = useFormState({ control: kit.form.control, name: 'token' }).errors.token?.message;

  // The token moves from the address into the history entry's state: it stays out of the
  // address bar, the browsing history and the Referer, and still survives a reload.
  const inQuery = params.has('token');
  useEffect(() => {
    if (inQuery && token) void navigate(location.pathname, { replace: true, state: { token } });
  }, [inQuery, token, location.pathname, navigate]);

  const onSubmit = async ({ password }: ResetValues) => {
    await resetPassword({ token, password });
    void navigate('/login', { replace: true, state: { notice: RESET_DONE } satisfies NoticeState });
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

  return (
    <main className="page auth-page">
      <AppForm kit={kit} className="card auth-card" onSubmit={onSubmit} aria-labelledby="reset-title">
        <h1 id="reset-title">Set a new password</h1>
        <FormMessage message={kit.message} />
        {tokenError ? (
          <p className="form-error" role="alert">
            {tokenError} <Link to="/forgot-password">Request a new link</Link>
          </p>
        ) : null}
        <Field
          id="reset-password"
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint="At least 8 characters."
        />
        <Field
          id="reset-confirm"
          label="Confirm new password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
        />
        <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Set new password'}
        </button>
        <p className="muted center">
          <Link to="/login">Back to login</Link>
        </p>
      </AppForm>
    </main>
  );
}
