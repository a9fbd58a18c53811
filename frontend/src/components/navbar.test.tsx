import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/render';
import { tokens } from '../lib/auth-store';
import { setApiHandlers } from '../lib/api-client';
import { Navbar } from './navbar';
import { setSubscribedStanding } from './navbar-standing';

const routes = [{ path: '/login', element: <p>at /login</p> }];

function clickLogout() {
  fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
}

describe('Navbar logout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('ends the session on the server, removes both tokens and goes to /login', async () => {
    tokens.set('A1', 'R1');
    const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(() =>
      Promise.resolve(new Response(null, { status: 204 })),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<Navbar />, { path: '/projects', routes });
    clickLogout();
    expect(await screen.findByText('at /login')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/logout/');
    expect(JSON.parse(init.body as string)).toEqual({ refresh: 'R1' });
    expect(tokens.getAccess()).toBeNull();
    expect(tokens.getRefresh()).toBeNull();
  });

  it('still logs out locally when the server call fails', async () => {
    tokens.set('A1', 'R1');
    const expired = vi.fn();
    setApiHandlers({ onSessionExpired: expired });
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<Navbar />, { path: '/projects', routes });
    clickLogout();
    expect(await screen.findByText('at /login')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1); // no refresh attempt
    expect(tokens.getAccess()).toBeNull();
    expect(tokens.getRefresh()).toBeNull();
    expect(expired).not.toHaveBeenCalled();
  });

  it("has no theme toggle: the board's theme selector is the one theme control", () => {
    renderWithProviders(<Navbar />, { path: '/projects', routes });
    expect(screen.queryByRole('button', { name: /theme/i })).toBeNull();
  });
});

describe('Navbar for a user without a subscription of their own', () => {
  afterEach(() => {
    setSubscribedStanding(null);
    tokens.clear();
  });

  const menuLinks = () => {
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    return Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
  };

  it('leaves Contractors out (Account Settings stays the spec link)', () => {
    tokens.set('A1', 'R1');
    setSubscribedStanding(false);
    renderWithProviders(<Navbar />, { path: '/projects', routes });
    expect(menuLinks()).toEqual([
      ['Projects', '/projects'],
      ['Resource Hub', '/resource-hub'],
      ['Account Settings', '/account-settings'],
      ['Tell Us What You Think', '/tell-us-what-you-think'],
      ['What is BuildLedger?', '/what-is-buildledger'],
    ]);
  });

  it.each([
    ['a subscriber', true],
    ['a user whose check has not answered', null],
  ])('keeps the full menu for %s', (_who, standing) => {
    tokens.set('A1', 'R1');
    setSubscribedStanding(standing);
    renderWithProviders(<Navbar />, { path: '/projects', routes });
    expect(menuLinks()).toEqual([
      ['Projects', '/projects'],
      ['Contractors', '/contractors'],
      ['Resource Hub', '/resource-hub'],
      ['Account Settings', '/account-settings'],
      ['Tell Us What You Think', '/tell-us-what-you-think'],
      ['What is BuildLedger?', '/what-is-buildledger'],
    ]);
  });
});
