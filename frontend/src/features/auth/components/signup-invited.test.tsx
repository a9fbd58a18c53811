import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SignupState } from '../../../lib/route-state';
import { renderWithProviders } from '../../../testing/render';
import { Signup } from './signup';

// Issue 35: the join page's Sign up link hands the invited address in the router's state
// (SignupState); the form starts with it and the visitor may still change it.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function openSignup(state?: unknown) {
  const view = renderWithProviders(<p>Join page</p>, {
    path: '/join',
    routes: [
      { path: '/signup', element: <Signup /> },
      { path: '/projects', element: <p>Your Projects</p> },
    ],
  });
  act(() => void view.router.navigate('/signup', { state }));
  return view;
}

describe('the sign-up form from an invitation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts with the invited email, which stays editable and is the one sent', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        sent.push(JSON.parse(typeof init?.body === 'string' ? init.body : 'null'));
        return Promise.resolve(json(201, { access: 'A', refresh: 'R', username: 'sam' }));
      }),
    );
    openSignup({ notice: 'Create your account to join the project.', email: 'sam@example.com' } satisfies SignupState);
    const email = await screen.findByLabelText<HTMLInputElement>('Email');
    expect(email.value).toBe('sam@example.com');
    expect(email.readOnly).toBe(false);
    expect(email.disabled).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('Create your account to join the project.');
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('');

    fireEvent.change(email, { target: { value: 'sam@work.example' } });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'sam' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse-9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ username: 'sam', email: 'sam@work.example', password: 'correct-horse-9' });
  });

  it('starts empty without one', async () => {
    vi.stubGlobal('fetch', vi.fn());
    openSignup({ notice: 'Your account was deleted.' });
    expect((await screen.findByLabelText<HTMLInputElement>('Email')).value).toBe('');
    expect(screen.getByRole('status').textContent).toBe('Your account was deleted.');
  });
});
