import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { tokens } from '../../lib/auth-store';
import { renderWithProviders } from '../../testing/render';
import { setSubscribedStanding } from '../../components/navbar-standing';
import AccountRoute from './account';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

function open(standing: boolean | null) {
  tokens.set('A', 'R');
  setSubscribedStanding(standing);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) =>
      Promise.resolve(
        new URL(input, 'http://localhost').pathname === '/api/account/reminders/'
          ? json({ reminders: 'weekly' })
          : new Response(null, { status: 404 }),
      ),
    ),
  );
  renderWithProviders(<AccountRoute />, { path: '/account' });
}

describe('Your Account (/account)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setSubscribedStanding(null);
  });

  it('gives a user without a subscription the reminders and the way to the plans', async () => {
    open(false);
    expect(screen.getByRole('heading', { name: 'Your Account', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'choose a plan' }).getAttribute('href')).toBe('/choose-plan');
    expect(screen.queryByRole('link', { name: 'account settings' })).toBeNull();
    const select = screen.getByLabelText<HTMLSelectElement>('Reminder emails');
    await waitFor(() => expect(select.value).toBe('weekly'));
    expect(screen.getByRole('heading', { name: 'Reminders' })).toBeTruthy();
  });

  it('sends a subscriber to account settings for the subscription', () => {
    open(true);
    expect(screen.getByRole('link', { name: 'account settings' }).getAttribute('href')).toBe('/account-settings');
    expect(screen.queryByRole('link', { name: 'choose a plan' })).toBeNull();
  });
});
