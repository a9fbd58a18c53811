// Typed calls (issue 32): openapi-fetch checks each call's path, parameters and body against the
// server's OpenAPI document (./schema.d.ts, `npm run gen:api`) and types its answer from it. It
// sends nothing itself: `client` goes through the app's one client (../api-client.ts `send`:
// bearer header, early reads, one shared refresh on 401 replayed once, the 402 handler, ApiError
// from the JSON error body), `publicClient` through a plain fetch without the session (the public
// estimate, the cost sources and share links). A refusal is thrown as an ApiError, so a call's
// `data` is its success body (`ok` below). Only the feature API modules import this file: the
// landing page's first load does not carry openapi-fetch (scripts/check-bundle.mjs).
import createClient from 'openapi-fetch';
import { API_BASE, ApiError, send, type Outgoing } from '../api-client';
import type { paths } from './schema';

/**
 * What openapi-fetch builds for each call, kept as given (`new Request` would need an absolute
 * URL and would turn the body into a stream that a replay after a refresh cannot read again):
 * the path with its query, the serialised body (JSON text, FormData) and the request's options.
 */
class TypedRequest implements Outgoing {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: BodyInit | null;
  readonly signal: AbortSignal | null;
  readonly credentials?: RequestCredentials;
  readonly keepalive?: boolean;

  constructor(url: string, init: RequestInit) {
    this.url = url;
    this.method = init.method ?? 'GET';
    this.headers = new Headers(init.headers);
    this.body = init.body ?? null;
    this.signal = init.signal ?? null;
    this.credentials = init.credentials;
    this.keepalive = init.keepalive;
  }
}

/**
 * An ok answer as openapi-fetch reads it: its body parsed once, by `json()` (openapi-fetch calls
 * it for a body with a length, and reads none for a length of 0), and, as `api` does, an
 * ApiError `invalid_response` when the body is not JSON.
 */
class TypedAnswer extends Response {
  readonly #text: string;
  readonly #path: string;

  constructor(text: string, from: Response, path: string) {
    const headers = new Headers(from.headers);
    // A marker for openapi-fetch only (this answer never reaches the browser's network layer).
    headers.set('Content-Length', String(text.length));
    super(text === '' ? null : text, { status: from.status, statusText: from.statusText, headers });
    this.#text = text;
    this.#path = path;
  }

  override json(): Promise<unknown> {
    try {
      return Promise.resolve(JSON.parse(this.#text) as unknown);
    } catch {
      return Promise.reject(new ApiError(this.status, 'invalid_response', `Expected JSON from ${this.#path}`));
    }
  }
}

async function typedAnswer(res: Response, path: string): Promise<Response> {
  if (res.status === 204) return res;
  return new TypedAnswer(await res.text(), res, path);
}

const pathOf = (url: string) => url.slice(API_BASE.length);

/** Through the app's client: the session, refresh and handlers of ../api-client.ts. */
export const client = createClient<paths>({
  baseUrl: API_BASE,
  Request: TypedRequest as unknown as typeof Request,
  fetch: async (request) => {
    const req = request as unknown as TypedRequest;
    const path = pathOf(req.url);
    return typedAnswer(await send(path, req), path);
  },
});

/**
 * Without the session: no bearer header, no refresh, no redirect to the login page (a stale token
 * in this browser must never turn a visitor's page into one). `Accept: application/json`, and
 * an ApiError from the server's error body for any status but ok.
 */
export const publicClient = createClient<paths>({
  baseUrl: API_BASE,
  Request: TypedRequest as unknown as typeof Request,
  headers: { Accept: 'application/json' },
  fetch: async (request) => {
    const req = request as unknown as TypedRequest;
    const path = pathOf(req.url);
    const res = await fetch(`${API_BASE}${path}`, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: req.signal,
      credentials: req.credentials,
    });
    if (!res.ok) throw await ApiError.fromResponse(res);
    return typedAnswer(res, path);
  },
});

/**
 * A typed call's success body. A refusal never gets here (the clients throw an ApiError), so
 * `data` is the body the document gives for the success status (undefined for a 204).
 */
export async function ok<D>(call: Promise<{ data?: D }>): Promise<D> {
  return (await call).data as D;
}
