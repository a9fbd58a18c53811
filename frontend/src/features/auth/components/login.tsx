import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { FieldError, fieldAria, RequiredNote } from '../../../components/ui/form-field';
import { useFailureFocus, useNativeInvalid } from '../../../lib/use-focus-first-error';
import { noticeFrom } from '../../../lib/route-state';
import { login } from '../api';
import { loginErrorMessage, MSG_INVALID_CREDENTIALS } from '../utils';
import '../auth.css';

export function Login() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const qc = useQueryClient();
  // Set by the page that sent the user here (password reset, sign-out everywhere).
  const notice = noticeFrom(useLocation().state);
  const formRef = useRef<HTMLFormElement>(null);
  // Empty fields: said beside them (the browser's check); a refused login: the message above.
  const native = useNativeInvalid(formRef);
  const focusError = useFailureFocus(formRef);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!username.trim() || !password) {
      setError(MSG_INVALID_CREDENTIALS);
      focusError();
      return;
    }
    setBusy(true);
    try {
      await login({ username: username.trim(), password });
      qc.clear();
      void navigate('/projects');
    } catch (err) {
      setError(loginErrorMessage(err));
      focusError();
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="page auth-page">
      <form ref={formRef} className="card auth-card" onSubmit={(e) => void onSubmit(e)} aria-labelledby="login-title">
        <h1 id="login-title">Login to Your Account</h1>
        <RequiredNote />
        {notice && !error && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="field">
          <label htmlFor="login-username" className="required">
            Email or Username
          </label>
          <input
            id="login-username"
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            {...fieldAria('login-username', native.username)}
          />
          <FieldError id="login-username" errors={native.username} />
        </div>
        <div className="field">
          <label htmlFor="login-password" className="required">
            Password
          </label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            {...fieldAria('login-password', native.password)}
          />
          <FieldError id="login-password" errors={native.password} />
        </div>
        <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
          {busy ? 'Logging in…' : 'Login'}
        </button>
        <p className="center">
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
        <p className="muted center">
          Don&apos;t have an account? <Link to="/signup">Sign up</Link>
        </p>
      </form>
    </main>
  );
}
