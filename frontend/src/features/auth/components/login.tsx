import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AppForm, Field, FormMessage, RequiredNote, useAppForm } from '../../../components/form';
import { noticeFrom } from '../../../lib/route-state';
import { login } from '../api';
import { loginErrorMessage, MSG_INVALID_CREDENTIALS } from '../utils';
import '../auth.css';

export function Login() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  // Set by the page that sent the user here (password reset, sign-out everywhere).
  const notice = noticeFrom(useLocation().state);
  // Empty fields: said beside them (the browser's check); a refused login: the message above.
  const kit = useAppForm<{ username: string; password: string }>({
    defaultValues: { username: '', password: '' },
    native: true,
    mapError: (err) => ({ message: loginErrorMessage(err), fields: {} }),
  });
  const { busy, message: error, showErrors } = kit;

  const onSubmit = async ({ username, password }: { username: string; password: string }) => {
    if (!username.trim() || !password) {
      showErrors({ message: MSG_INVALID_CREDENTIALS, fields: {} });
      return;
    }
    await login({ username: username.trim(), password });
    qc.clear();
    void navigate('/projects');
  };

  return (
    <main className="page auth-page">
      <AppForm kit={kit} className="card auth-card" onSubmit={onSubmit} aria-labelledby="login-title">
        <h1 id="login-title">Login to Your Account</h1>
        <RequiredNote />
        {notice && !error && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        <FormMessage message={error} />
        <Field id="login-username" label="Email or Username" name="username" autoComplete="username" required />
        <Field
          id="login-password"
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
          {busy ? 'Logging in…' : 'Login'}
        </button>
        <p className="center">
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
        <p className="muted center">
          Don&apos;t have an account? <Link to="/signup">Sign up</Link>
        </p>
      </AppForm>
    </main>
  );
}
