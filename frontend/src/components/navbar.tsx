import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { logout as endSession } from '../lib/api-client';
import { useIsLoggedIn } from '../lib/use-session';
import { useTheme } from '../lib/theme';
import './navbar.css';

interface Item {
  to: string;
  label: string;
}

const loggedInItems: Item[] = [
  { to: '/projects', label: 'Projects' },
  { to: '/resource-hub', label: 'Resource Hub' },
  { to: '/account-settings', label: 'Account Settings' },
  { to: '/tell-us-what-you-think', label: 'Tell Us What You Think' },
  { to: '/what-is-buildledger', label: 'What is BuildLedger?' },
];

const loggedOutItems: Item[] = [
  { to: '/', label: 'Home' },
  { to: '/signup', label: 'Sign Up' },
  { to: '/login', label: 'Login' },
  { to: '/resource-hub', label: 'Resource Hub' },
  { to: '/what-is-buildledger', label: 'What is BuildLedger?' },
];

export function Navbar() {
  const loggedIn = useIsLoggedIn();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const navRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const { theme, setTheme } = useTheme();

  // Close on navigation: state adjusted while rendering, not in an effect
  // (react.dev, "You Might Not Need an Effect": adjusting state when a prop changes).
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setOpen(false);
  }

  // Close on outside click and Escape.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (navRef.current && !navRef.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const logout = () => {
    // Ends the session on the server and removes both tokens at once (which also
    // clears the server-state cache, lib/query-client.ts); the server's answer is not awaited.
    void endSession();
    setOpen(false);
    void navigate('/login');
  };

  const items = loggedIn ? loggedInItems : loggedOutItems;

  return (
    <header className="navbar" ref={navRef}>
      <div className="navbar-inner">
        <Link to="/projects" className="brand" aria-label="BuildLedger — go to your projects">
          <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
            <rect width="32" height="32" rx="8" fill="currentColor" />
            <path d="M8 17 16 9l8 8v7a1 1 0 0 1-1 1h-4v-6h-6v6H9a1 1 0 0 1-1-1z" fill="#fff" />
          </svg>
          <span>BuildLedger</span>
        </Link>
        <div className="navbar-actions">
          <button
            type="button"
            className="icon-btn"
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
            aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
            title={theme === 'dark' ? 'Light theme' : 'Dark theme'}
          >
            {theme === 'dark' ? (
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <circle cx="12" cy="12" r="5" fill="currentColor" />
                <g stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                  <path d="M12 1v3M12 20v3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M1 12h3M20 12h3M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1" />
                </g>
              </svg>
            ) : (
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" fill="currentColor" />
              </svg>
            )}
          </button>
          <button
            ref={buttonRef}
            type="button"
            className="icon-btn hamburger"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((o) => !o)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              {open ? (
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              )}
            </svg>
          </button>
        </div>
        <nav id={menuId} className={`nav-menu${open ? ' open' : ''}`} aria-label="Main" hidden={!open}>
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'} onClick={() => setOpen(false)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {loggedIn && (
              <li>
                <button type="button" className="nav-logout" onClick={logout}>
                  Logout
                </button>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
