import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { tokens } from '../../../lib/auth-store';
import { renderWithProviders } from '../../../testing/render';
import { pendingJoinToken } from '../pending-join';
import { json, stubFetch } from '../test-fetch';
import { JoinInvitation, MSG_NO_TOKEN } from './join-invitation';

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('the join page', () => {
  it('sends a visitor to log in or sign up and keeps the token for their return', () => {
    const asked = stubFetch(() => undefined);
    renderWithProviders(<JoinInvitation onJoined={() => undefined} />, { path: '/join', url: '/join?token=abc123' });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(pendingJoinToken()).toBe('abc123');
    expect(asked).toEqual([]);
  });

  it('joins the project once signed in, and hands the project on', async () => {
    tokens.set('A', 'R');
    window.sessionStorage.setItem('buildledger.join_token', 'abc123');
    const onJoined = vi.fn();
    const asked = stubFetch((method, path) =>
      method === 'POST' && path === '/api/invitations/accept/'
        ? json(200, { id: 8, name: 'Cabin', role: 'partner', owner: 'olga' })
        : undefined,
    );
    renderWithProviders(<JoinInvitation onJoined={onJoined} />, { path: '/join', url: '/join?token=abc123' });
    expect(screen.getByRole('status').textContent).toBe('Joining the project…');
    await waitFor(() =>
      expect(onJoined).toHaveBeenCalledWith({ id: 8, name: 'Cabin', role: 'partner', owner: 'olga' }),
    );
    expect(asked).toEqual([{ method: 'POST', path: '/api/invitations/accept/', body: { token: 'abc123' } }]);
    expect(pendingJoinToken()).toBeNull();
  });

  it('says why an invitation no longer works', async () => {
    tokens.set('A', 'R');
    const onJoined = vi.fn();
    stubFetch(() =>
      json(400, {
        error: 'validation_error',
        message: 'Invalid input.',
        fields: { token: ['This invitation has expired. Ask the project owner for a new one.'] },
      }),
    );
    renderWithProviders(<JoinInvitation onJoined={onJoined} />, { path: '/join', url: '/join?token=old' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation has expired. Ask the project owner for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Go to your projects' })).toBeTruthy();
    expect(onJoined).not.toHaveBeenCalled();
  });

  it('says when the link has no token', () => {
    tokens.set('A', 'R');
    const asked = stubFetch(() => undefined);
    renderWithProviders(<JoinInvitation onJoined={() => undefined} />, { path: '/join', url: '/join' });
    expect(screen.getByRole('alert').textContent).toBe(MSG_NO_TOKEN);
    expect(asked).toEqual([]);
  });
});
