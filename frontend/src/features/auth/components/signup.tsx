import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
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

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const input = { username: username.trim(), email: email.trim(), password };
    if (!validateSignup(input)) {
      setError('Signup failed. Please check your inputs.');
      return;
    }
    setBusy(true);
    try {
      await signup(input);
      qc.clear();
      void navigate('/projects');
    } catch {
      setError('Signup failed. Please check your inputs.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="page auth-page">
      <form className="card auth-card" onSubmit={(e) => void onSubmit(e)} aria-labelledby="signup-title">
        <h1 id="signup-title">Create Your Account</h1>
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
          <label htmlFor="signup-username">Username</label>
          <input
            id="signup-username"
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="signup-email">Email</label>
          <input
            id="signup-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="signup-password">Password</label>
          <input
            id="signup-password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <small className="hint">At least 8 characters.</small>
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
