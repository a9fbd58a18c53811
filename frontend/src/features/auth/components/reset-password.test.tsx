import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { renderWithProviders } from '../../../testing/render';
import { noticeFrom } from '../../../lib/route-state';
import { MISMATCH, RESET_DONE, ResetPassword } from './reset-password';

function LoginProbe() {
  return <p>login notice: {noticeFrom(useLocation().state)}</p>;
}
const routes = [
  { path: '/login', element: <LoginProbe /> },
  { path: '/forgot-password', element: <p>at /forgot-password</p> },
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function fill(password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

/** The text of the elements an input's aria-describedby points at. */
function description(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('ResetPassword', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('without a token explains it and links to a new request', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ResetPassword />, { path: '/reset-password', routes });
    expect(screen.getByRole('alert').textContent).toMatch(/no reset token/);
    expect(screen.queryByLabelText('New password')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(screen.getByText('at /forgot-password')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks the confirmation before calling the server', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ResetPassword />, { path: '/reset-password', url: '/reset-password?token=t0k', routes });
    fill('new-password-1', 'new-password-2');
    const confirm = screen.getByLabelText('Confirm new password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(description(confirm)).toContain(MISMATCH);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the server field errors next to the field, and an invalid link with a way out', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        json(400, {
          error: 'validation_error',
          message: 'Invalid input',
          fields: { password: ['is too common'] },
        }),
      )
      .mockResolvedValueOnce(
        json(400, {
          error: 'validation_error',
          message: 'Invalid input',
          fields: { token: ['This link is invalid or has expired.'] },
        }),
      );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ResetPassword />, { path: '/reset-password', url: '/reset-password?token=t0k', routes });
    fill('password', 'password');
    const password = await screen.findByLabelText('New password');
    await vi.waitFor(() => expect(description(password)).toContain('is too common'));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetch.mock.calls[0][0]).toBe('/api/password/reset/confirm/');
    expect(JSON.parse((fetch.mock.calls[0][1] as RequestInit).body as string)).toEqual({
      token: 't0k',
      password: 'password',
    });

    fill('another-password', 'another-password');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBeNull();
  });

  it('goes to /login with a notice once the password is reset', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 204 }))),
    );
    const { router } = renderWithProviders(<ResetPassword />, {
      path: '/reset-password',
      url: '/reset-password?token=t0k',
      routes,
    });
    // The token leaves the address (history state keeps it).
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.state).toEqual({ token: 't0k' });
    fill('new-password-1', 'new-password-1');
    expect(await screen.findByText(`login notice: ${RESET_DONE}`)).toBeTruthy();
  });
});
