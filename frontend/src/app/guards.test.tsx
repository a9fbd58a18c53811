import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { Navbar } from '../components/navbar';
import { setSubscribedStanding } from '../components/navbar-standing';
import { tokens } from '../lib/auth-store';
import { renderWithProviders } from '../testing/render';
import { ProtectedRoute, RequireLogin } from './guards';
import { isMemberPage, onMemberPage, setMemberProjects } from './member-access';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  setMemberProjects([]);
  setSubscribedStanding(null);
});

const PAYMENT_REQUIRED = { error: 'subscription_required', message: 'An active subscription is required.' };

/** The server: the subscription check, and the project list (402 without a place anywhere). */
function server(subscribed: boolean, projects: unknown[] | null) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      asked.push(path);
      if (path === '/payments/check-subscription/') return Promise.resolve(json(200, { is_subscribed: subscribed }));
      if (path === '/api/projects/')
        return Promise.resolve(projects === null ? json(402, PAYMENT_REQUIRED) : json(200, projects));
      return Promise.resolve(json(404, { error: 'not_found', message: 'Not found.' }));
    }),
  );
  return asked;
}

const page = (name: string) => <h1>{name}</h1>;
const routes = [
  {
    element: <ProtectedRoute />,
    children: [
      { path: '/projects', element: page('Projects') },
      { path: '/kanban/:id', element: page('Board') },
      { path: '/contractors', element: page('Contractors') },
      { path: '/choose-plan', element: page('Choose a plan') },
    ],
  },
  { path: '/login', element: page('Login') },
  { path: '/join', element: page('Join') },
];

function open(url: string) {
  return renderWithProviders(<p>start</p>, { path: '/start', url, routes });
}

const shared = [
  { id: 3, name: 'Mine', role: 'owner' },
  { id: 8, name: "Olga's cabin", role: 'viewer', owner: 'olga' },
];

describe('the subscription guard', () => {
  it('sends a visitor to log in', async () => {
    server(true, []);
    open('/projects');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
  });

  it('lets a subscriber in anywhere, without asking for the project list', async () => {
    const asked = server(true, []);
    tokens.set('A', 'R');
    open('/contractors');
    expect(await screen.findByRole('heading', { name: 'Contractors' })).toBeTruthy();
    expect(asked).not.toContain('/api/projects/');
  });

  it('sends a user without a subscription or a shared project to choose a plan', async () => {
    server(false, null);
    tokens.set('A', 'R');
    open('/projects');
    expect(await screen.findByRole('heading', { name: 'Choose a plan' })).toBeTruthy();
  });

  it("lets a member without a subscription of their own into the list and the shared project's pages", async () => {
    server(false, shared);
    tokens.set('A', 'R');
    open('/projects');
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeTruthy();
    expect(onMemberPage('/kanban/8/money')).toBe(true);
    expect(onMemberPage('/kanban/3')).toBe(false);
  });

  it.each([
    ['/kanban/8', 'Board'],
    ['/kanban/3', 'Choose a plan'],
    ['/contractors', 'Choose a plan'],
  ])('a member without a subscription opening %s sees %s', async (url, heading) => {
    server(false, shared);
    tokens.set('A', 'R');
    open(url);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });

  it('brings a visitor who came from an invitation link back to it once signed in', async () => {
    server(false, null);
    tokens.set('A', 'R');
    window.sessionStorage.setItem('buildledger.join_token', 'abc 123');
    const { router } = open('/projects');
    expect(await screen.findByRole('heading', { name: 'Join' })).toBeTruthy();
    expect(router.state.location.search).toBe('?token=abc%20123');
  });
});

describe("the site menu after the guard's check", () => {
  const withMenu = [
    {
      element: (
        <>
          <Navbar />
          <Outlet />
        </>
      ),
      children: [
        {
          element: <ProtectedRoute />,
          children: [
            { path: '/kanban/:id', element: page('Board') },
            { path: '/account-settings', element: page('Account Settings') },
            { path: '/choose-plan', element: page('Choose a plan') },
          ],
        },
        { element: <RequireLogin />, children: [{ path: '/account', element: page('Your Account') }] },
      ],
    },
  ];
  const openMenu = () => {
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    return within(screen.getByRole('navigation', { name: 'Main' }));
  };

  it('takes a member without a subscription to their account page, and has no Contractors', async () => {
    server(false, shared);
    tokens.set('A', 'R');
    renderWithProviders(<p>start</p>, { path: '/start', url: '/kanban/8', routes: withMenu });
    expect(await screen.findByRole('heading', { name: 'Board' })).toBeTruthy();
    const menu = openMenu();
    expect(menu.queryByRole('link', { name: 'Contractors' })).toBeNull();
    fireEvent.click(menu.getByRole('link', { name: 'Account Settings' }));
    // Their account (password, reminders, data, deletion), not "Choose a Subscription Plan".
    expect(await screen.findByRole('heading', { name: 'Your Account' })).toBeTruthy();
    expect(openMenu().getByRole('link', { name: 'Account Settings' }).getAttribute('href')).toBe('/account-settings');
  });

  it('sends a user without a subscription who is a member nowhere to the plans, as the spec says', async () => {
    server(false, []);
    tokens.set('A', 'R');
    renderWithProviders(<p>start</p>, { path: '/start', url: '/account-settings', routes: withMenu });
    expect(await screen.findByRole('heading', { name: 'Choose a plan' })).toBeTruthy();
  });

  it('keeps Account Settings and Contractors for a subscriber', async () => {
    server(true, []);
    tokens.set('A', 'R');
    renderWithProviders(<p>start</p>, { path: '/start', url: '/kanban/3', routes: withMenu });
    expect(await screen.findByRole('heading', { name: 'Board' })).toBeTruthy();
    const menu = openMenu();
    expect(menu.getByRole('link', { name: 'Contractors' }).getAttribute('href')).toBe('/contractors');
    fireEvent.click(menu.getByRole('link', { name: 'Account Settings' }));
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeTruthy();
  });
});

describe('member pages', () => {
  it('are the project list and the pages of the joined projects', () => {
    const ids = new Set([8]);
    expect(isMemberPage('/projects', ids)).toBe(true);
    expect(isMemberPage('/kanban/8', ids)).toBe(true);
    expect(isMemberPage('/kanban/8/activity', ids)).toBe(true);
    expect(isMemberPage('/kanban/80', ids)).toBe(false);
    expect(isMemberPage('/contractors', ids)).toBe(false);
    expect(isMemberPage('/projects', new Set())).toBe(false);
  });
});
