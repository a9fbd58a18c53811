import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { logout as endSession } from '../lib/api-client';
import { useIsLoggedIn } from '../lib/use-session';
import { useSubscribedStanding } from './navbar-standing';
import './navbar.css';

interface Item {
  to: string;
  label: string;
}

const loggedInItems: Item[] = [
  { to: '/projects', label: 'Projects' },
  { to: '/contractors', label: 'Contractors' },
  { to: '/resource-hub', label: 'Resource Hub' },
  { to: '/account-settings', label: 'Account Settings' },
  { to: '/tell-us-what-you-think', label: 'Tell Us What You Think' },
  { to: '/what-is-buildledger', label: 'What is BuildLedger?' },
];

/**
 * Signed in without an active subscription of one's own (never subscribed, lapsed, or a member of
 * someone's project, issue 35): no Contractors (a member's contractors are the project owner's,
 * chosen inside the project). Account Settings stays the spec's link; the guard sends a member
 * without a subscription on to their account page (../app/guards.tsx).
 */
const unsubscribedItems: Item[] = loggedInItems.filter((item) => item.to !== '/contractors');

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

  // Close on navigation: state adjusted while rendering, not in an effect
  // (react.dev, "You Might Not Need an Effect": adjusting state when a prop changes). A menu opened
  // on the page the address bar already shows stays open when the router catches up with it (a
  // navigation rendered in a transition commits after the URL changed; a click in between opened it).
  const [menuPath, setMenuPath] = useState(location.pathname);
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    if (openedOn !== location.pathname) setOpen(false);
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

  // The guards' subscription check (./navbar-standing.ts); until it answers, the subscriber's menu.
  const subscribed = useSubscribedStanding();
  const items = !loggedIn ? loggedOutItems : subscribed === false ? unsubscribedItems : loggedInItems;

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
            ref={buttonRef}
            type="button"
            className="icon-btn hamburger"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => {
              setOpenedOn(window.location.pathname);
              setOpen((o) => !o);
            }}
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
