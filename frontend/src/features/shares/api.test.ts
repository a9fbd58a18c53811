import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { tokens } from '../../lib/auth-store';
import { createShare, getSharedProject, revokeShare } from './api';
import { createdFixture, sharedFixture, TOKEN } from './test-fixtures';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('shares api', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens a shared project without the session, even when one is stored', async () => {
    tokens.set('ACCESS', 'REFRESH');
    const fetch = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(() =>
      Promise.resolve(json(200, sharedFixture)),
    );
    vi.stubGlobal('fetch', fetch);
    const data = await getSharedProject(TOKEN);
    expect(data.project.name).toBe('Willow Creek House');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe(`/api/share/${TOKEN}/`);
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
    expect(init?.credentials).toBe('omit');
  });

  it('turns a 404 into an ApiError without asking for a new session', async () => {
    tokens.set('ACCESS', 'REFRESH');
    const fetch = vi.fn(() => Promise.resolve(json(404, { error: 'not_found', message: 'Not found.' })));
    vi.stubGlobal('fetch', fetch);
    const error = await getSharedProject('nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect(fetch).toHaveBeenCalledTimes(1); // no refresh, no retry
    expect(tokens.getAccess()).toBe('ACCESS');
  });

  it('creates and revokes links with the session', async () => {
    tokens.set('ACCESS', 'REFRESH');
    const fetch = vi.fn((_url: string, init?: RequestInit) =>
      Promise.resolve(init?.method === 'DELETE' ? new Response(null, { status: 204 }) : json(201, createdFixture)),
    );
    vi.stubGlobal('fetch', fetch);
    const created = await createShare({
      project: 3,
      label: 'Sam',
      expires_on: null,
      include_documents: true,
      include_bids: true,
      include_payments: false,
      include_draws: false,
    });
    expect(created.token).toBe(TOKEN);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/shares/');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({
      project: 3,
      label: 'Sam',
      expires_on: null,
      include_documents: true,
      include_bids: true,
      include_payments: false,
      include_draws: false,
    });
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer ACCESS');
    await revokeShare(5);
    expect(fetch.mock.calls[1][0]).toBe('/api/shares/5/');
    expect(fetch.mock.calls[1][1]?.method).toBe('DELETE');
  });
});
