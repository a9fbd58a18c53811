import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { tokens } from '../../../lib/auth-store';
import { MAX_POLLS, POLL_INTERVAL_MS, Success } from './success';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const routes = ['/projects', '/choose-plan', '/login'].map((path) => ({ path, element: <p>at {path}</p> }));

describe('Success polling', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('polls every 2000 ms, 10 times, then goes to /choose-plan', async () => {
    expect(POLL_INTERVAL_MS).toBe(2000);
    expect(MAX_POLLS).toBe(10);
    vi.useFakeTimers();
    tokens.set('A', 'R');
    const fetch = vi.fn(() => Promise.resolve(json({ status: 'incomplete', subscription_status: 'incomplete' })));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<Success />, { path: '/success', routes });
    expect(screen.getByText('Processing Subscription...')).toBeTruthy();
    for (let i = 0; i < 12; i += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
      });
    }
    expect(fetch).toHaveBeenCalledTimes(10);
    expect(screen.getByText('at /choose-plan')).toBeTruthy();
  });

  it('goes to /projects once the subscription is active', async () => {
    vi.useFakeTimers();
    tokens.set('A', 'R');
    let n = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json((n += 1) < 3 ? {} : { status: 'active', subscription_status: 'active' }))),
    );
    renderWithProviders(<Success />, { path: '/success', routes });
    for (let i = 0; i < 3; i += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
      });
    }
    expect(n).toBe(3);
    expect(screen.getByText('at /projects')).toBeTruthy();
  });

  it('goes to /login without a token', async () => {
    renderWithProviders(<Success />, { path: '/success', routes });
    expect(await screen.findByText('at /login')).toBeTruthy();
  });
});
