import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setApiHandlers } from '../api-client';
import { tokens } from '../auth-store';
import { EARLY_READS_KEY } from '../route-reads';
import { client, ok, publicClient } from './client';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function mockFetch(handler: Handler) {
  const fn = vi.fn((url: string, init?: RequestInit) => Promise.resolve(handler(url, init ?? {})));
  vi.stubGlobal('fetch', fn);
  return fn;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const authOf = (init: RequestInit) => new Headers(init.headers).get('Authorization');
const typeOf = (init: RequestInit) => new Headers(init.headers).get('Content-Type');

describe('typed client (openapi-fetch through the app client)', () => {
  const expired = vi.fn();
  const needsPlan = vi.fn();
  beforeEach(() => {
    expired.mockReset();
    needsPlan.mockReset();
    setApiHandlers({ onSessionExpired: expired, onSubscriptionRequired: needsPlan });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (window as unknown as Record<string, unknown>)[EARLY_READS_KEY];
  });

  it('sends the path as written, with its parameters, the bearer header and the signal', async () => {
    tokens.set('A1', 'R1');
    const f = mockFetch(() => json(200, [{ id: 1 }]));
    const signal = new AbortController().signal;
    const docs = await ok(client.GET('/api/documents/', { params: { query: { task: 7 } }, signal }));
    expect(docs).toEqual([{ id: 1 }]);
    const [url, init] = f.mock.calls[0];
    expect(url).toBe('/api/documents/?task=7');
    expect(init?.method).toBe('GET');
    expect(init?.signal).toBe(signal);
    expect(authOf(init as RequestInit)).toBe('Bearer A1');
    await ok(client.GET('/api/projects/{id}/tasks/', { params: { path: { id: 12 } } }));
    expect(f.mock.calls[1][0]).toBe('/api/projects/12/tasks/');
  });

  it('sends JSON bodies, marks a POST without a body as JSON, and keeps keepalive', async () => {
    tokens.set('A1', 'R1');
    const f = mockFetch((_url, init) =>
      init.method === 'DELETE' ? new Response(null, { status: 204 }) : json(201, {}),
    );
    await ok(client.POST('/api/task-payments/', { body: { task: 3, amount: 10, paid_on: '2026-01-02' } }));
    let init = f.mock.calls[0][1] as RequestInit;
    expect(JSON.parse(init.body as string)).toEqual({ task: 3, amount: 10, paid_on: '2026-01-02' });
    expect(typeOf(init)).toBe('application/json');
    await ok(client.POST('/api/bids/{id}/award/', { params: { path: { id: 4 } } }));
    init = f.mock.calls[1][1] as RequestInit;
    expect(f.mock.calls[1][0]).toBe('/api/bids/4/award/');
    expect(init.body).toBeUndefined();
    expect(typeOf(init)).toBe('application/json');
    await expect(ok(client.DELETE('/api/tasks/{id}/', { params: { path: { id: 5 } }, keepalive: true }))).resolves.toBe(
      undefined,
    );
    expect((f.mock.calls[2][1] as RequestInit).keepalive).toBe(true);
  });

  it('refreshes once on 401 and replays the request with its body', async () => {
    tokens.set('old', 'R1');
    const f = mockFetch((url, init) => {
      if (url.endsWith('/api/token/refresh/')) return json(200, { access: 'new', refresh: 'R2' });
      return authOf(init) === 'Bearer new' ? json(200, { id: 9 }) : json(401, { error: 'token_invalid' });
    });
    const task = await ok(client.PATCH('/api/tasks/{id}/', { params: { path: { id: 9 } }, body: { title: 'Roof' } }));
    expect(task).toEqual({ id: 9 });
    expect(f).toHaveBeenCalledTimes(3);
    expect(JSON.parse((f.mock.calls[2][1] as RequestInit).body as string)).toEqual({ title: 'Roof' });
    expect(expired).not.toHaveBeenCalled();
  });

  it('throws the ApiError of the error body, calls the handlers, and ends the session after a second 401', async () => {
    tokens.set('A', 'R');
    mockFetch(() => json(400, { error: 'validation_error', message: 'Bad', fields: { label: ['Too long.'] } }));
    const e = await ok(client.POST('/api/shares/', { body: { project: 1, label: 'x' } })).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 400, code: 'validation_error', fields: { label: ['Too long.'] } });
    mockFetch(() => json(402, { error: 'subscription_required' }));
    await expect(ok(client.GET('/api/projects/'))).rejects.toMatchObject({ status: 402 });
    expect(needsPlan).toHaveBeenCalledTimes(1);
    mockFetch((url) =>
      url.endsWith('/refresh/') ? json(200, { access: 'B' }) : json(401, { error: 'token_invalid' }),
    );
    await expect(ok(client.GET('/api/projects/'))).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('answers undefined for an empty body and an ApiError for a body that is not JSON', async () => {
    tokens.set('A', 'R');
    mockFetch(() => new Response('', { status: 200 }));
    await expect(ok(client.POST('/api/logout-all/'))).resolves.toBeUndefined();
    mockFetch(() => new Response('<!doctype html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    await expect(ok(client.GET('/api/projects/'))).rejects.toMatchObject({
      status: 200,
      code: 'invalid_response',
      message: 'Expected JSON from /api/projects/',
    });
  });

  it('takes a first-load read the HTML started', async () => {
    tokens.set('A', 'R');
    (window as unknown as Record<string, unknown>)[EARLY_READS_KEY] = {
      token: 'A',
      at: Date.now(),
      reads: { '/api/projects/7/': Promise.resolve(json(200, { id: 7, early: true })) },
    };
    const f = mockFetch(() => json(200, { id: 7, early: false }));
    await expect(ok(client.GET('/api/projects/{id}/', { params: { path: { id: 7 } } }))).resolves.toEqual({
      id: 7,
      early: true,
    });
    expect(f).not.toHaveBeenCalled();
  });

  it('public calls go without the session and never refresh', async () => {
    tokens.set('A', 'R');
    const f = mockFetch(() => json(401, { error: 'unauthorized', message: 'No.' }));
    await expect(ok(publicClient.GET('/api/cost-sources/'))).rejects.toMatchObject({ status: 401 });
    expect(f).toHaveBeenCalledTimes(1);
    const init = f.mock.calls[0][1] as RequestInit;
    expect(authOf(init)).toBeNull();
    expect(new Headers(init.headers).get('Accept')).toBe('application/json');
    expect(expired).not.toHaveBeenCalled();
    expect(tokens.getAccess()).toBe('A');
  });
});
