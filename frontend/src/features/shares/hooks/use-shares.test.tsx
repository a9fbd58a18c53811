import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { tokens } from '../../../lib/auth-store';
import { shareKeys } from '../api';
import { createdFixture, createdListed, shareFixture } from '../test-fixtures';
import type { Share } from '../types';
import { useCreateShare, useProjectShares, useRevokeShare } from './use-shares';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('share hooks', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists a project's links", async () => {
    tokens.set('A', 'R');
    const fetch = vi.fn<(url: string) => Promise<Response>>(() => Promise.resolve(json(200, [shareFixture])));
    vi.stubGlobal('fetch', fetch);
    const { wrapper } = setup();
    const { result } = renderHook(() => useProjectShares(3), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual([shareFixture]));
    expect(fetch.mock.calls[0][0]).toBe('/api/projects/3/shares/');
  });

  it('asks nothing for an invalid project id', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { wrapper } = setup();
    const { result } = renderHook(() => useProjectShares(Number.NaN), { wrapper });
    expect(result.current.fetchStatus).toBe('idle');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('caches a new link without its token, and drops a revoked one', async () => {
    tokens.set('A', 'R');
    let list: Share[] = [shareFixture];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          list = [...list, createdListed];
          return Promise.resolve(json(201, createdFixture));
        }
        if (init?.method === 'DELETE') {
          list = list.filter((s) => !url.endsWith(`/${s.id}/`));
          return Promise.resolve(new Response(null, { status: 204 }));
        }
        return Promise.resolve(json(200, list));
      }),
    );
    const { client, wrapper } = setup();
    client.setQueryData(shareKeys.project(3), [shareFixture]);
    const { result } = renderHook(() => ({ create: useCreateShare(3), revoke: useRevokeShare(3) }), { wrapper });
    let created;
    await act(async () => {
      created = await result.current.create.mutateAsync({
        label: 'Sam',
        expires_on: null,
        include_documents: true,
        include_bids: true,
        include_payments: false,
        include_draws: false,
      });
    });
    expect(created).toEqual(createdFixture);
    const cached = client.getQueryData<Share[]>(shareKeys.project(3));
    expect(cached?.map((s) => s.id)).toEqual([4, 5]);
    expect(JSON.stringify(cached)).not.toContain(createdFixture.token);

    await act(async () => {
      await result.current.revoke.mutateAsync(shareFixture);
    });
    await waitFor(() => expect(client.getQueryData<Share[]>(shareKeys.project(3))?.map((s) => s.id)).toEqual([5]));
  });
});
