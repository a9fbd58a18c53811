import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { tokens } from '../../../lib/auth-store';
import { REMINDERS_SAVED, ReminderSetting } from './reminder-setting';
import { UNSUBSCRIBED, Unsubscribe } from './unsubscribe';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Call = [string, RequestInit];
function stubFetch(...answers: Response[]) {
  const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(() =>
    Promise.resolve(answers.shift() ?? json(500, {})),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const methodOf = (call: Call) => (call[1].method ?? 'GET').toUpperCase();

describe('Reminders setting', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the saved setting and saves a change with the server answer', async () => {
    const fetch = stubFetch(json(200, { reminders: 'daily' }), json(200, { reminders: 'weekly' }));
    tokens.set('A1', 'R1');
    renderWithProviders(<ReminderSetting />, { path: '/account-settings' });
    const select = screen.getByLabelText<HTMLSelectElement>('Reminder emails');
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(select.value).toBe('daily');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Daily', 'Weekly (Mondays)', 'Off']);
    fireEvent.change(select, { target: { value: 'weekly' } });
    expect(await screen.findByText(REMINDERS_SAVED)).toBeTruthy();
    expect(select.value).toBe('weekly');
    const patch = fetch.mock.calls.map((c) => c).find((c) => methodOf(c) === 'PATCH');
    expect(patch?.[0]).toContain('/api/account/reminders/');
    expect(JSON.parse(patch?.[1].body as string)).toEqual({ reminders: 'weekly' });
  });
});

describe('Unsubscribe page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('changes nothing until the button, then stops the reminders without a login', async () => {
    const fetch = stubFetch(json(200, { reminders: 'off' }));
    tokens.clear();
    renderWithProviders(<Unsubscribe />, { path: '/unsubscribe', url: '/unsubscribe?token=abc123' });
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Stop reminder emails' }));
    expect(await screen.findByText(UNSUBSCRIBED)).toBeTruthy();
    const [url, init] = fetch.mock.calls[0];
    expect(url).toContain('/api/reminders/unsubscribe/?token=abc123');
    expect(methodOf([url, init])).toBe('POST');
    expect(new Headers(init.headers).get('Authorization')).toBeNull();
  });

  it("says the server's word on a bad link", async () => {
    stubFetch(
      json(400, {
        error: 'validation_error',
        message: 'Invalid input.',
        fields: { token: ['This unsubscribe link is invalid. Change your reminders in your account settings.'] },
      }),
    );
    renderWithProviders(<Unsubscribe />, { path: '/unsubscribe', url: '/unsubscribe?token=nope' });
    fireEvent.click(screen.getByRole('button', { name: 'Stop reminder emails' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This unsubscribe link is invalid. Change your reminders in your account settings.',
    );
  });
});
