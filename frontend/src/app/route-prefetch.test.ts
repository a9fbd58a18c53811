import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { tokens } from '../lib/auth-store';
import { boardKeys } from '../features/board/api';
import { moneyKeys } from '../features/money/api';
import { subscriptionKeys } from '../features/subscription/api';
import { prefetchRouteData } from './route-prefetch';

function fakeClient() {
  const keys: unknown[] = [];
  const client = {
    prefetchQuery: vi.fn((o: { queryKey: unknown }) => {
      keys.push(o.queryKey);
      return Promise.resolve();
    }),
  };
  return { client: client as unknown as QueryClient, keys };
}

describe('prefetchRouteData', () => {
  afterEach(() => {
    vi.useRealTimers();
    tokens.clear();
  });

  it('starts the subscription check, the project and its tasks for a board, each in its own task', () => {
    vi.useFakeTimers();
    tokens.set('A', 'R');
    const { client, keys } = fakeClient();
    prefetchRouteData(client, '/kanban/7');
    expect(keys).toEqual([]);
    vi.runAllTimers();
    expect(keys).toEqual([subscriptionKeys.check(), boardKeys.tasks(7), boardKeys.project(7)]);
  });

  it('adds the money summary for the Money page', () => {
    vi.useFakeTimers();
    tokens.set('A', 'R');
    const { client, keys } = fakeClient();
    prefetchRouteData(client, '/kanban/7/money');
    vi.runAllTimers();
    expect(keys).toEqual([subscriptionKeys.check(), boardKeys.tasks(7), boardKeys.project(7), moneyKeys.summary(7)]);
  });

  it('starts only the subscription check for other guarded pages', () => {
    vi.useFakeTimers();
    tokens.set('A', 'R');
    const { client, keys } = fakeClient();
    prefetchRouteData(client, '/projects');
    vi.runAllTimers();
    expect(keys).toEqual([subscriptionKeys.check()]);
  });

  it('does nothing when signed out or on other pages', () => {
    vi.useFakeTimers();
    const { client, keys } = fakeClient();
    prefetchRouteData(client, '/kanban/7');
    tokens.set('A', 'R');
    prefetchRouteData(client, '/login');
    prefetchRouteData(client, '/kanban/abc');
    vi.runAllTimers();
    expect(keys).toEqual([]);
  });
});
