import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { FieldError, fieldAria, RequiredNote } from '../../../components/ui/form-field';
import { mergeFieldErrors, toFormErrors, type FieldErrors } from '../../../lib/form-errors';
import { useFailureFocus, useNativeInvalid } from '../../../lib/use-focus-first-error';
import { noticeFrom } from '../../../lib/route-state';
import { signup } from '../api';
import { validateSignup } from '../utils';
import '../auth.css';

export function Signup() {
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const qc = useQueryClient();
  // Set by the page that sent the user here (a deleted account).
  const notice = noticeFrom(useLocation().state);
  const formRef = useRef<HTMLFormElement>(null);
  // The browser's checks beside the fields; the server's reasons too (a taken username), under
  // the spec's message.
  const native = useNativeInvalid(formRef);
  const [server, setServer] = useState<FieldErrors>({});
  const fields = mergeFieldErrors(native, server);
  const focusError = useFailureFocus(formRef);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setServer({});
    const input = { username: username.trim(), email: email.trim(), password };
    if (!validateSignup(input)) {
      setError('Signup failed. Please check your inputs.');
      focusError();
      return;
    }
    setBusy(true);
    try {
      await signup(input);
      qc.clear();
      void navigate('/projects');
    } catch (err) {
      setError('Signup failed. Please check your inputs.');
      setServer(toFormErrors(err, ['username', 'email', 'password'], '').fields);
      focusError();
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="page auth-page">
      <form ref={formRef} className="card auth-card" onSubmit={(e) => void onSubmit(e)} aria-labelledby="signup-title">
        <h1 id="signup-title">Create Your Account</h1>
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
          <label htmlFor="signup-username" className="required">
            Username
          </label>
          <input
            id="signup-username"
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            {...fieldAria('signup-username', fields.username)}
          />
          <FieldError id="signup-username" errors={fields.username} />
        </div>
        <div className="field">
          <label htmlFor="signup-email" className="required">
            Email
          </label>
          <input
            id="signup-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            {...fieldAria('signup-email', fields.email)}
          />
          <FieldError id="signup-email" errors={fields.email} />
        </div>
        <div className="field">
          <label htmlFor="signup-password" className="required">
            Password
          </label>
          <input
            id="signup-password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            {...fieldAria('signup-password', fields.password, 'signup-password-hint')}
          />
          <FieldError id="signup-password" errors={fields.password} />
          <small className="hint" id="signup-password-hint">
            At least 8 characters.
          </small>
        </div>
        <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
          {busy ? 'Creating account…' : 'Sign Up'}
        </button>
        <p className="muted center">
          Already have an account? <Link to="/login">Login</Link>
        </p>
      </form>
    </main>
  );
}
