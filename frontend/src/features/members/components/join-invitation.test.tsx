import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { tokens } from '../../../lib/auth-store';
import { renderWithProviders } from '../../../testing/render';
import { pendingJoinToken } from '../pending-join';
import { json, stubFetch } from '../test-fetch';
import { JoinInvitation, MSG_NO_TOKEN, USED_LOG_IN } from './join-invitation';

/** The next page: the state the link handed it (the sign-up form reads `email` from it). */
function Signup() {
  return <output aria-label="Handed state">{JSON.stringify(useLocation().state)}</output>;
}

/** A paragraph whose whole text (across its <strong>s) is `text`. */
const paragraph = (text: string) => (_: string, el: Element | null) =>
  el?.tagName === 'P' && (el.textContent ?? '').replace(/\s+/g, ' ').trim() === text;

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

const otherEmail = {
  error: 'validation_error',
  message: 'Invalid input.',
  fields: {
    token: ['This invitation was sent to another email address. Sign in with the account of that address.'],
  },
};

describe('the join page', () => {
  it('names the invitation to a visitor, keeps the token, and starts the sign-up with the invited email', async () => {
    const asked = stubFetch((method, path) =>
      method === 'POST' && path === '/api/invitations/preview/'
        ? json(200, {
            project: 'Lake house',
            owner: 'ana',
            email: 'sam@example.com',
            role: 'partner',
            expires_at: '2026-12-04T10:00:00Z',
          })
        : undefined,
    );
    renderWithProviders(<JoinInvitation onJoined={() => undefined} />, {
      path: '/join',
      url: '/join?token=abc123',
      routes: [{ path: '/signup', element: <Signup /> }],
    });
    expect(screen.getByRole('status').textContent).toBe('Loading the invitation…');
    expect(await screen.findByText(paragraph('ana invited you to Lake house as a partner.'))).toBeTruthy();
    expect(screen.getByText(paragraph('Log in or create an account with sam@example.com to join it.'))).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Join a project');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(pendingJoinToken()).toBe('abc123');
    // Asked once, without the session: only the token.
    expect(asked).toEqual([{ method: 'POST', path: '/api/invitations/preview/', body: { token: 'abc123' } }]);
    const headers = new Headers(vi.mocked(fetch).mock.calls[0][1]?.headers);
    expect(headers.get('Authorization')).toBeNull();

    const signUp = screen.getByRole('link', { name: 'Sign up' });
    expect(signUp.getAttribute('href')).toBe('/signup');
    fireEvent.click(signUp);
    expect(JSON.parse((await screen.findByLabelText('Handed state')).textContent ?? '')).toEqual({
      notice: 'Create your account to join the project.',
      email: 'sam@example.com',
    });
  });

  it('names a viewer invitation as such', async () => {
    stubFetch(() =>
      json(200, {
        project: 'Cabin',
        owner: 'olga',
        email: 'lender@bank.example',
        role: 'viewer',
        expires_at: '2026-12-04T10:00:00Z',
      }),
    );
    renderWithProviders(<JoinInvitation onJoined={() => undefined} />, { path: '/join', url: '/join?token=t9' });
    expect(await screen.findByText(paragraph('olga invited you to Cabin as a viewer.'))).toBeTruthy();
  });

  it('says why a refused invitation no longer works, instead of the buttons', async () => {
    const asked = stubFetch(() =>
      json(400, {
        error: 'validation_error',
        detail: 'Invalid input.',
        message: 'Invalid input.',
        fields: { token: ["This invitation has expired. Ask the project's owner for a new one."] },
      }),
    );
    renderWithProviders(<JoinInvitation onJoined={() => undefined} />, { path: '/join', url: '/join?token=old1' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      "This invitation has expired. Ask the project's owner for a new one.",
    );
    expect(screen.getByRole('link', { name: 'Go to your projects' }).getAttribute('href')).toBe('/projects');
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull();
    expect(asked).toHaveLength(1);
  });

  it("offers a used link's visitor to log in, calmly, and keeps the token", async () => {
    const onJoined = vi.fn();
    const asked = stubFetch((method, path) => {
      if (path === '/api/invitations/preview/')
        return json(400, {
          error: 'validation_error',
          message: 'Invalid input.',
          fields: { token: ['This invitation has already been used.'] },
        });
      if (method === 'POST' && path === '/api/invitations/accept/')
        return json(200, { id: 8, name: 'Cabin', role: 'partner', owner: 'olga' });
    });
    renderWithProviders(<JoinInvitation onJoined={onJoined} />, {
      path: '/join',
      url: '/join?token=mine1',
      routes: [{ path: '/login', element: <Signup /> }],
    });
    // Calm words, not an error: it may be their own link.
    const words = await screen.findByText(USED_LOG_IN);
    expect(words.textContent).toBe(
      'This invitation has already been used. If you joined with it, log in to open the project.',
    );
    expect(words.className).not.toContain('form-error');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Go to your projects' })).toBeNull();
    expect(pendingJoinToken()).toBe('mine1');
    const logIn = screen.getByRole('link', { name: 'Log in' });
    expect(logIn.getAttribute('href')).toBe('/login');
    fireEvent.click(logIn);
    expect(JSON.parse((await screen.findByLabelText('Handed state')).textContent ?? '')).toEqual({
      notice: 'Log in to open the project.',
    });
    expect(onJoined).not.toHaveBeenCalled();
    expect(asked.map((a) => a.path)).toEqual(['/api/invitations/preview/']);
  });

  it('keeps the token of a used link and accepts it once the member is back, signed in', async () => {
    const onJoined = vi.fn();
    const asked = stubFetch((method, path) => {
      if (path === '/api/invitations/preview/')
        return json(400, {
          error: 'validation_error',
          message: 'Invalid input.',
          fields: { token: ['This invitation has already been used.'] },
        });
      if (method === 'POST' && path === '/api/invitations/accept/')
        return json(200, { id: 8, name: 'Cabin', role: 'partner', owner: 'olga' });
    });
    renderWithProviders(<JoinInvitation onJoined={onJoined} />, { path: '/join', url: '/join?token=mine1' });
    await screen.findByText(USED_LOG_IN);
    expect(pendingJoinToken()).toBe('mine1');
    // Logged in (the guard brings them back to the link): the same member is let in again.
    act(() => tokens.set('A', 'R'));
    await waitFor(() =>
      expect(onJoined).toHaveBeenCalledWith({ id: 8, name: 'Cabin', role: 'partner', owner: 'olga' }),
    );
    expect(asked.filter((a) => a.path === '/api/invitations/accept/')).toEqual([
      { method: 'POST', path: '/api/invitations/accept/', body: { token: 'mine1' } },
    ]);
    expect(pendingJoinToken()).toBeNull();
  });

  it('falls back to the generic words and the buttons when the preview cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithProviders(<JoinInvitation onJoined={() => undefined} />, {
      path: '/join',
      url: '/join?token=abc123',
      routes: [{ path: '/signup', element: <Signup /> }],
    });
    expect(
      await screen.findByText(
        'You have been invited to a project on BuildLedger. Log in or create an account to join it.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    fireEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(JSON.parse((await screen.findByLabelText('Handed state')).textContent ?? '')).toEqual({
      notice: 'Create your account to join the project.',
    });
    expect(pendingJoinToken()).toBe('abc123');
  });

  it('falls back too when the server answers something other than a refusal', async () => {
    stubFetch(() => json(500, { error: 'internal', message: 'Something went wrong' }));
    renderWithProviders(<JoinInvitation onJoined={() => undefined} />, { path: '/join', url: '/join?token=abc123' });
    expect(await screen.findByRole('link', { name: 'Sign up' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/You have been invited to a project on BuildLedger/)).toBeTruthy();
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
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(onJoined).not.toHaveBeenCalled();
  });

  it('keeps a used link an error for someone signed in', async () => {
    tokens.set('A', 'R');
    stubFetch(() =>
      json(400, {
        error: 'validation_error',
        message: 'Invalid input.',
        fields: { token: ['This invitation has already been used.'] },
      }),
    );
    renderWithProviders(<JoinInvitation onJoined={() => undefined} />, { path: '/join', url: '/join?token=used1' });
    expect((await screen.findByRole('alert')).textContent).toBe('This invitation has already been used.');
    expect(screen.getByRole('link', { name: 'Go to your projects' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('tells a user signed in with another account where the invitation went, and signs them out here', async () => {
    tokens.set('A', 'R');
    const onJoined = vi.fn();
    const asked = stubFetch((method, path) => {
      if (path === '/api/invitations/accept/') return json(400, otherEmail);
      if (path === '/api/invitations/preview/')
        return json(200, {
          project: 'Lake house',
          owner: 'ana',
          email: 'sam@example.com',
          role: 'partner',
          expires_at: '2026-12-04T10:00:00Z',
        });
      if (method === 'POST' && path === '/api/logout/') return json(204, null);
    });
    const { router } = renderWithProviders(<JoinInvitation onJoined={onJoined} />, {
      path: '/join',
      url: '/join?token=abc123',
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation was sent to another email address. Sign in with the account of that address.',
    );
    expect(await screen.findByText(paragraph('This invitation was sent to sam@example.com.'))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your projects' }).getAttribute('href')).toBe('/projects');

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    // Signed out (as the navbar's Log out: the server is told, both tokens go) and still on the link.
    expect(tokens.getAccess()).toBeNull();
    expect(tokens.getRefresh()).toBeNull();
    await waitFor(() =>
      expect(asked.filter((a) => a.path === '/api/logout/')).toEqual([
        { method: 'POST', path: '/api/logout/', body: { refresh: 'R' } },
      ]),
    );
    expect(router.state.location.pathname + router.state.location.search).toBe('/join?token=abc123');
    expect(
      await screen.findByText(paragraph('Log in or create an account with sam@example.com to join it.')),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(pendingJoinToken()).toBe('abc123');
    expect(asked.filter((a) => a.path === '/api/invitations/accept/')).toHaveLength(1);
    expect(onJoined).not.toHaveBeenCalled();
  });

  it('leaves the address out when the preview cannot tell it', async () => {
    tokens.set('A', 'R');
    const asked = stubFetch((_, path) => {
      if (path === '/api/invitations/accept/') return json(400, otherEmail);
      if (path === '/api/invitations/preview/')
        return json(500, { error: 'internal', message: 'Something went wrong' });
    });
    const { client, container } = renderWithProviders(<JoinInvitation onJoined={() => undefined} />, {
      path: '/join',
      url: '/join?token=abc123',
    });
    expect((await screen.findByRole('alert')).textContent).toBe(otherEmail.fields.token[0]);
    await waitFor(() => expect(client.getQueryState(['invitations', 'preview', 'abc123'])?.status).toBe('error'));
    expect(asked.filter((a) => a.path === '/api/invitations/preview/')).toHaveLength(1);
    // The preview has failed: no address, the rest stays.
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual([otherEmail.fields.token[0]]);
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your projects' })).toBeTruthy();
  });

  it('says when the link has no token', () => {
    tokens.set('A', 'R');
    const asked = stubFetch(() => undefined);
    renderWithProviders(<JoinInvitation onJoined={() => undefined} />, { path: '/join', url: '/join' });
    expect(screen.getByRole('alert').textContent).toBe(MSG_NO_TOKEN);
    expect(asked).toEqual([]);
  });
});
