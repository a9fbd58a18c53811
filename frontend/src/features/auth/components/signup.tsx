import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AppForm, Field, FormMessage, RequiredNote, useAppForm } from '../../../components/form';
import { toFormErrors } from '../../../lib/form-errors';
import { noticeFrom, stateString } from '../../../lib/route-state';
import { signup } from '../api';
import { validateSignup } from '../utils';
import '../auth.css';

const FAILED = 'Signup failed. Please check your inputs.';

interface SignupValues {
  username: string;
  email: string;
  password: string;
}

export function Signup() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  // Set by the page that sent the user here (a deleted account, an invitation link).
  const state: unknown = useLocation().state;
  const notice = noticeFrom(state);
  // An invitation's address (issue 35, SignupState): the form starts with it; it stays editable.
  const invitedEmail = stateString(state, 'email');
  // The browser's checks beside the fields; the server's reasons too (a taken username), under
  // the spec's message.
  const kit = useAppForm<SignupValues>({
    defaultValues: { username: '', email: invitedEmail, password: '' },
    native: true,
    clearOnEdit: false,
    mapError: (err) => ({
      message: FAILED,
      fields: toFormErrors(err, ['username', 'email', 'password'], '').fields,
    }),
  });
  const { busy, message: error, showErrors } = kit;

  const onSubmit = async (values: SignupValues) => {
    const input = { username: values.username.trim(), email: values.email.trim(), password: values.password };
    if (!validateSignup(input)) {
      showErrors({ message: FAILED, fields: {} });
      return;
    }
    await signup(input);
    qc.clear();
    void navigate('/projects');
  };

  return (
    <main className="page auth-page">
      <AppForm kit={kit} className="card auth-card" onSubmit={onSubmit} aria-labelledby="signup-title">
        <h1 id="signup-title">Create Your Account</h1>
        <RequiredNote />
        {notice && !error && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        <FormMessage message={error} />
        <Field id="signup-username" label="Username" name="username" autoComplete="username" required />
        <Field id="signup-email" label="Email" name="email" type="email" autoComplete="email" required />
        <Field
          id="signup-password"
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint="At least 8 characters."
        />
        <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
          {busy ? 'Creating account…' : 'Sign Up'}
        </button>
        <p className="muted center">
          Already have an account? <Link to="/login">Login</Link>
        </p>
      </AppForm>
    </main>
  );
}
