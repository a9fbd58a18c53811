import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, authHeaders, isTokenPath, logout, refreshOnce, setApiHandlers } from './api-client';
import { tokens } from './auth-store';
import { EARLY_READS_KEY, routeReads } from './route-reads';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function mockFetch(handler: Handler) {
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(input instanceof Request ? input.url : String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const authOf = (init: RequestInit) => new Headers(init.headers).get('Authorization');

describe('api client', () => {
  const expired = vi.fn();
  const needsPlan = vi.fn();
  beforeEach(() => {
    expired.mockReset();
    needsPlan.mockReset();
    setApiHandlers({ onSessionExpired: expired, onSubscriptionRequired: needsPlan });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token from local storage', async () => {
    tokens.set('A1', 'R1');
    const f = mockFetch(() => json(200, []));
    await api('/api/projects/');
    expect(authOf(f.mock.calls[0][1] as RequestInit)).toBe('Bearer A1');
  });

  it('never sends the header on register and token paths', async () => {
    tokens.set('A1', 'R1');
    expect(isTokenPath('/api/register/')).toBe(true);
    expect(isTokenPath('/api/token/')).toBe(true);
    expect(isTokenPath('/api/token/refresh/')).toBe(true);
    expect(isTokenPath('/api/projects/')).toBe(false);
    // Logout and password reset take no access token; logout-all and password change do.
    expect(isTokenPath('/api/logout/')).toBe(true);
    expect(isTokenPath('/api/password/reset/')).toBe(true);
    expect(isTokenPath('/api/password/reset/confirm/')).toBe(true);
    expect(isTokenPath('/api/logout-all/')).toBe(false);
    expect(isTokenPath('/api/password/change/')).toBe(false);
    expect(isTokenPath('/api/account/')).toBe(false);
    expect(authHeaders('/api/token/').get('Authorization')).toBeNull();
    const f = mockFetch(() => json(201, {}));
    await api('/api/register/', { method: 'POST', json: { username: 'a' } });
    expect(authOf(f.mock.calls[0][1] as RequestInit)).toBeNull();
  });

  it('refreshes once for concurrent 401s and replays every request', async () => {
    tokens.set('old', 'R1');
    let refreshCalls = 0;
    const f = mockFetch(async (url, init) => {
      if (url.endsWith('/api/token/refresh/')) {
        refreshCalls += 1;
        expect(JSON.parse(init.body as string)).toEqual({ refresh: 'R1' });
        await new Promise((r) => setTimeout(r, 10));
        return json(200, { access: 'new' });
      }
      return authOf(init) === 'Bearer new'
        ? json(200, { url })
        : json(401, { error: 'token_invalid', message: 'expired' });
    });
    const results = await Promise.all([
      api<{ url: string }>('/api/projects/'),
      api<{ url: string }>('/api/tasks/1/'),
      api<{ url: string }>('/payments/check-subscription/'),
    ]);
    expect(refreshCalls).toBe(1);
    expect(results.map((r) => r.url)).toEqual(['/api/projects/', '/api/tasks/1/', '/payments/check-subscription/']);
    expect(tokens.getAccess()).toBe('new');
    expect(tokens.getRefresh()).toBe('R1');
    expect(f).toHaveBeenCalledTimes(7); // 3 failures + 1 refresh + 3 replays
    expect(expired).not.toHaveBeenCalled();
  });

  it('stores the rotated refresh token and refreshes with it next time', async () => {
    tokens.set('A1', 'R1');
    const sent: unknown[] = [];
    let n = 0;
    mockFetch((url, init) => {
      if (url.endsWith('/api/token/refresh/')) {
        sent.push(JSON.parse(init.body as string));
        n += 1;
        return json(200, { access: `A${n + 1}`, refresh: `R${n + 1}` });
      }
      return json(401, { error: 'token_invalid' });
    });
    await expect(refreshOnce()).resolves.toBe(true);
    expect(tokens.getAccess()).toBe('A2');
    expect(tokens.getRefresh()).toBe('R2');
    await expect(refreshOnce()).resolves.toBe(true);
    expect(sent).toEqual([{ refresh: 'R1' }, { refresh: 'R2' }]);
    expect(tokens.getAccess()).toBe('A3');
    expect(tokens.getRefresh()).toBe('R3');
  });

  it('does not bring back a session that was logged out while the refresh was in flight', async () => {
    tokens.set('A1', 'R1');
    let answer: (r: Response) => void = () => {};
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const pending = refreshOnce();
    await Promise.resolve();
    tokens.clear();
    answer(json(200, { access: 'A2', refresh: 'R2' }));
    await expect(pending).resolves.toBe(false);
    expect(tokens.getAccess()).toBeNull();
    expect(tokens.getRefresh()).toBeNull();
  });

  it('clears both tokens and goes to login when the refresh fails', async () => {
    tokens.set('old', 'R1');
    mockFetch((url) =>
      url.endsWith('/refresh/')
        ? json(401, { error: 'token_invalid' })
        : json(401, { error: 'token_invalid', message: 'x' }),
    );
    await expect(api('/api/projects/')).rejects.toMatchObject({ status: 401 });
    expect(tokens.getAccess()).toBeNull();
    expect(tokens.getRefresh()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('replays only once: a second 401 after refresh ends the session', async () => {
    tokens.set('old', 'R1');
    let refreshCalls = 0;
    mockFetch((url) => {
      if (url.endsWith('/refresh/')) {
        refreshCalls += 1;
        return json(200, { access: 'new' });
      }
      return json(401, { error: 'token_invalid' });
    });
    await expect(api('/api/projects/')).rejects.toBeInstanceOf(ApiError);
    expect(refreshCalls).toBe(1);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('does not refresh on a 401 from the token path (wrong login)', async () => {
    const f = mockFetch(() => json(401, { error: 'invalid_credentials', message: 'Wrong' }));
    await expect(api('/api/token/', { method: 'POST', json: {} })).rejects.toMatchObject({
      status: 401,
      code: 'invalid_credentials',
    });
    expect(f).toHaveBeenCalledTimes(1);
    expect(expired).not.toHaveBeenCalled();
  });

  it('sends the user to choose-plan on 402', async () => {
    tokens.set('A', 'R');
    mockFetch(() => json(402, { error: 'subscription_required', message: 'Subscribe' }));
    await expect(api('/api/projects/')).rejects.toMatchObject({ status: 402, code: 'subscription_required' });
    expect(needsPlan).toHaveBeenCalledTimes(1);
  });

  it('parses the error body into a typed ApiError', async () => {
    tokens.set('A', 'R');
    mockFetch(() => json(400, { error: 'validation_error', message: 'Bad', fields: { units: ['Required'] } }));
    const err = (await api('/api/projects/', { method: 'POST', json: {} }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.code).toBe('validation_error');
    expect(err.message).toBe('Bad');
    expect(err.fields).toEqual({ units: ['Required'] });
  });

  it('returns undefined on 204 and sends JSON bodies', async () => {
    tokens.set('A', 'R');
    const f = mockFetch(() => new Response(null, { status: 204 }));
    await expect(api('/api/projects/1/', { method: 'DELETE' })).resolves.toBeUndefined();
    mockFetch((_u, init) => {
      expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
      expect(init.body).toBe('{"budget":12.5}');
      return json(200, { ok: true });
    });
    await api('/api/projects/1/', { method: 'PATCH', json: { budget: 12.5 } });
    expect(f).toHaveBeenCalledTimes(1);
  });
});

describe('logout', () => {
  const expired = vi.fn();
  beforeEach(() => {
    expired.mockReset();
    setApiHandlers({ onSessionExpired: expired });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts the refresh token to /api/logout/ without the bearer header, then clears both tokens', async () => {
    tokens.set('A1', 'R1');
    const f = mockFetch(() => new Response(null, { status: 204 }));
    const done = logout();
    // Cleared at once; the server's answer is not awaited.
    expect(tokens.getAccess()).toBeNull();
    expect(tokens.getRefresh()).toBeNull();
    await done;
    expect(f).toHaveBeenCalledTimes(1);
    const [url, init] = f.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/logout/');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ refresh: 'R1' });
    expect(authOf(init)).toBeNull();
  });

  it('clears the tokens even when the call fails, without refreshing or expiring the session', async () => {
    tokens.set('A1', 'R1');
    const f = mockFetch(() => json(401, { error: 'token_invalid', message: 'spent' }));
    await expect(logout()).resolves.toBeUndefined();
    expect(tokens.getAccess()).toBeNull();
    expect(tokens.getRefresh()).toBeNull();
    expect(f).toHaveBeenCalledTimes(1); // no call to /api/token/refresh/
    expect(expired).not.toHaveBeenCalled();

    tokens.set('A2', 'R2');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(logout()).resolves.toBeUndefined();
    expect(tokens.getAccess()).toBeNull();
    expect(tokens.getRefresh()).toBeNull();
  });

  it('calls nothing without a stored refresh token', async () => {
    const f = mockFetch(() => new Response(null, { status: 204 }));
    await logout();
    expect(f).not.toHaveBeenCalled();
  });
});

describe('api client with a non-JSON answer', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('throws a typed error instead of a SyntaxError', async () => {
    tokens.set('A', 'R');
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(new Response('<!doctype html>', { status: 200, headers: { 'Content-Type': 'text/html' } })),
      ),
    );
    await expect(api('/payments/check-subscription/')).rejects.toMatchObject({ code: 'invalid_response' });
  });
});

describe('api client with reads the HTML started (route-reads.ts)', () => {
  const setEarly = (token: string, reads: Record<string, Promise<Response>>, at = Date.now()) => {
    (window as unknown as Record<string, unknown>)[EARLY_READS_KEY] = { token, at, reads };
  };
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (window as unknown as Record<string, unknown>)[EARLY_READS_KEY];
  });

  it('uses the early answer once, then asks the server', async () => {
    tokens.set('A', 'R');
    setEarly('A', { '/api/projects/7/': Promise.resolve(json(200, { id: 7, early: true })) });
    const f = mockFetch(() => json(200, { id: 7, early: false }));
    await expect(api('/api/projects/7/')).resolves.toEqual({ id: 7, early: true });
    expect(f).not.toHaveBeenCalled();
    await expect(api('/api/projects/7/')).resolves.toEqual({ id: 7, early: false });
    expect(f).toHaveBeenCalledTimes(1);
  });

  it('asks again when the early read failed, was sent with another token, or is stale', async () => {
    tokens.set('A', 'R');
    const f = mockFetch(() => json(200, { fresh: true }));
    setEarly('A', { '/api/projects/': Promise.reject(new TypeError('Failed to fetch')) });
    await expect(api('/api/projects/')).resolves.toEqual({ fresh: true });
    setEarly('old', { '/api/projects/': Promise.resolve(json(200, { fresh: false })) });
    await expect(api('/api/projects/')).resolves.toEqual({ fresh: true });
    setEarly('A', { '/api/projects/': Promise.resolve(json(200, { fresh: false })) }, Date.now() - 60_000);
    await expect(api('/api/projects/')).resolves.toEqual({ fresh: true });
    expect(f).toHaveBeenCalledTimes(3);
  });

  it('refreshes and asks again when the early answer is a 401', async () => {
    tokens.set('A', 'R');
    setEarly('A', { '/api/projects/': Promise.resolve(json(401, { error: 'unauthorized' })) });
    const f = mockFetch((url) =>
      url.endsWith('/api/token/refresh/') ? json(200, { access: 'B', refresh: 'R2' }) : json(200, [1]),
    );
    await expect(api('/api/projects/')).resolves.toEqual([1]);
    expect(f).toHaveBeenCalledTimes(2);
    expect(authOf(f.mock.calls[1][1] as RequestInit)).toBe('Bearer B');
  });

  it('lists the first reads of a route', () => {
    expect(routeReads('/kanban/12')).toEqual([
      '/payments/check-subscription/',
      '/api/projects/12/tasks/',
      '/api/projects/12/',
    ]);
    expect(routeReads('/kanban/12/money')).toContain('/api/projects/12/summary/');
    expect(routeReads('/projects')).toEqual(['/payments/check-subscription/', '/api/projects/']);
    expect(routeReads('/login')).toEqual([]);
  });
});
