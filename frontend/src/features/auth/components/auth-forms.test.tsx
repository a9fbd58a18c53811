import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { Login } from './login';
import { Signup } from './signup';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the login and sign-up forms', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('login: an empty field is said beside it and takes focus, nothing is sent', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<Login />, { path: '/login' });
    const user = screen.getByLabelText('Email or Username');
    expect(user.hasAttribute('required')).toBe(true);
    expect(screen.getByText('Email or Username').classList.contains('required')).toBe(true);
    fireEvent.change(user, { target: { value: 'ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This field is required.',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sign-up: the spec's message above, the server's reason beside the field, which takes focus", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          json(409, {
            error: 'conflict',
            message: 'A user with that username already exists.',
            fields: { username: ['A user with that username already exists.'] },
          }),
        ),
      ),
    );
    renderWithProviders(<Signup />, { path: '/signup' });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ana' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse-9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Signup failed. Please check your inputs.');
    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(document.activeElement).toBe(username));
    expect(document.getElementById('signup-username-error')?.textContent).toBe(
      'A user with that username already exists.',
    );
  });
});
