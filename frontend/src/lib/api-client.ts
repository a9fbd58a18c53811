// The one HTTP client of the app: bearer header from local storage, typed
// errors parsed from the server's JSON error body, one shared token refresh
// on 401 (replayed once), and hooks the router sets for navigation. The typed
// client (./api/client.ts, openapi-fetch) sends through `send` below.
import { tokens } from './auth-store';
import { takeEarlyRead } from './early-reads';

export const API_BASE = '';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string[]>;

  constructor(status: number, code: string, message: string, fields?: Record<string, string[]>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  static async fromResponse(res: Response): Promise<ApiError> {
    let code = 'http_error';
    let message = `Request failed with status ${res.status}`;
    let fields: Record<string, string[]> | undefined;
    try {
      const body = (await res.json()) as { error?: unknown; message?: unknown; fields?: unknown };
      if (typeof body.error === 'string') code = body.error;
      if (typeof body.message === 'string') message = body.message;
      if (body.fields && typeof body.fields === 'object') fields = body.fields as Record<string, string[]>;
    } catch {
      /* not JSON */
    }
    return new ApiError(res.status, code, message, fields);
  }
}

export interface ApiHandlers {
  onSessionExpired: () => void;
  onSubscriptionRequired: () => void;
}

const handlers: ApiHandlers = {
  onSessionExpired: () => {
    window.location.assign('/login');
  },
  onSubscriptionRequired: () => {
    window.location.assign('/choose-plan');
  },
};

export function setApiHandlers(next: Partial<ApiHandlers>) {
  Object.assign(handlers, next);
}

/**
 * Paths that never carry the authorization header nor trigger a refresh: they take no
 * access token (sign-up, login, refresh, logout with the refresh token, password reset).
 */
const TOKEN_PATHS = ['/api/register/', '/api/token/', '/api/logout/', '/api/password/reset/'];

export function isTokenPath(path: string): boolean {
  return TOKEN_PATHS.some((p) => path.includes(p));
}

export function authHeaders(path: string, extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  const access = tokens.getAccess();
  if (access && !isTokenPath(path)) headers.set('Authorization', `Bearer ${access}`);
  else headers.delete('Authorization');
  return headers;
}

let refreshing: Promise<boolean> | null = null;

/**
 * Refreshes the access token once for every concurrent caller. Refresh tokens rotate:
 * the answer carries a new one, which replaces the stored one (the old one is spent, and
 * the server ends the session if it is ever presented again).
 */
export function refreshOnce(): Promise<boolean> {
  refreshing ??= (async () => {
    const refresh = tokens.getRefresh();
    if (!refresh) return false;
    try {
      const res = await fetch(`${API_BASE}/api/token/refresh/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh }),
      });
      if (!res.ok) return false;
      const body = (await res.json()) as { access?: unknown; refresh?: unknown };
      if (typeof body.access !== 'string') return false;
      // Logged out (or in again) while the refresh was in flight: keep what is stored now.
      if (tokens.getRefresh() !== refresh) return tokens.getAccess() !== null;
      tokens.set(body.access, typeof body.refresh === 'string' ? body.refresh : undefined);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Logout: asks the server to end this session (its refresh token), then forgets the tokens
 * without waiting for the answer. The call is best effort: whatever it answers (a 401 for
 * a spent token, a network error) never triggers the refresh or session-expiry logic.
 * The returned promise settles when the server has answered (or failed); it never rejects.
 */
export function logout(): Promise<void> {
  const refresh = tokens.getRefresh();
  const request = refresh
    ? api<void>('/api/logout/', { method: 'POST', json: { refresh } }).catch(() => undefined)
    : Promise.resolve();
  tokens.clear();
  return request;
}

function sessionExpired() {
  tokens.clear();
  handlers.onSessionExpired();
}

export interface RequestOptions {
  method?: string;
  /** JSON body (serialised) */
  json?: unknown;
  /** Raw body (FormData etc.) */
  body?: BodyInit;
  headers?: HeadersInit;
  signal?: AbortSignal;
  credentials?: RequestCredentials;
  /** Let the request outlive the page (sent on `pagehide`). */
  keepalive?: boolean;
}

/** A request as it goes out: the body already serialised (JSON text, FormData). */
export interface Outgoing {
  method: string;
  headers?: HeadersInit;
  body?: BodyInit | null;
  signal?: AbortSignal | null;
  credentials?: RequestCredentials;
  keepalive?: boolean;
}

/**
 * Sends `path` the way every call of the app goes (`api` and the typed client, ./api/client.ts):
 * the bearer header (never on the token paths), a POST without a body marked JSON, a first-load
 * read taken from the early reads, one shared refresh on 401 then the request replayed once (or
 * the session ends), the subscription handler on 402. Answers the response when it is ok; any
 * other status is thrown as an ApiError read from the server's JSON error body.
 */
export async function send(path: string, init: Outgoing, isRetry = false): Promise<Response> {
  const method = init.method;
  const headers = authHeaders(path, init.headers);
  const body = init.body ?? undefined;
  if (body === undefined && method === 'POST' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  const request = () =>
    fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body,
      signal: init.signal ?? undefined,
      credentials: init.credentials,
      keepalive: init.keepalive,
    });
  // A first-load read the HTML already started (./route-reads.ts); if it failed, ask again.
  const early =
    method === 'GET' && body === undefined && !isRetry ? takeEarlyRead(path, tokens.getAccess()) : undefined;
  const res = (early && (await early.catch(() => null))) ?? (await request());
  if (res.status === 401 && !isTokenPath(path)) {
    if (!isRetry && (await refreshOnce())) return send(path, init, true);
    sessionExpired();
    throw await ApiError.fromResponse(res);
  }
  if (res.status === 402) {
    handlers.onSubscriptionRequired();
    throw await ApiError.fromResponse(res);
  }
  if (!res.ok) throw await ApiError.fromResponse(res);
  return res;
}

/** An ok answer's JSON body: undefined for a 204 or an empty body; an ApiError when it is not JSON. */
export async function readJson<T>(res: Response, path: string): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(res.status, 'invalid_response', `Expected JSON from ${path}`);
  }
}

export async function api<T>(path: string, opts: RequestOptions = {}, isRetry = false): Promise<T> {
  const headers = new Headers(opts.headers);
  let body = opts.body;
  if (opts.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(opts.json);
  }
  const res = await send(
    path,
    {
      method: opts.method ?? 'GET',
      headers,
      body,
      signal: opts.signal,
      credentials: opts.credentials,
      keepalive: opts.keepalive,
    },
    isRetry,
  );
  return readJson<T>(res, path);
}

export const http = {
  get: <T>(path: string, signal?: AbortSignal) => api<T>(path, { signal }),
  post: <T>(path: string, json?: unknown) => api<T>(path, { method: 'POST', json }),
  patch: <T>(path: string, json: unknown) => api<T>(path, { method: 'PATCH', json }),
  del: <T = void>(path: string) => api<T>(path, { method: 'DELETE' }),
};

/**
 * Multipart upload through XMLHttpRequest so upload progress can be shown.
 * Same auth rules as `api` (refresh once on 401, then give up).
 */
export function upload<T>(
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
  isRetry = false,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    const access = tokens.getAccess();
    if (access) xhr.setRequestHeader('Authorization', `Bearer ${access}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Network error during upload'));
    xhr.onload = async () => {
      const status = xhr.status;
      let parsed: { error?: string; message?: string; fields?: Record<string, string[]> } | undefined;
      try {
        parsed = xhr.responseText ? (JSON.parse(xhr.responseText) as typeof parsed) : undefined;
      } catch {
        parsed = undefined;
      }
      if (status === 401) {
        if (!isRetry && (await refreshOnce())) {
          upload<T>(path, form, onProgress, true).then(resolve, reject);
          return;
        }
        sessionExpired();
      }
      if (status === 402) handlers.onSubscriptionRequired();
      if (status < 200 || status >= 300) {
        reject(
          new ApiError(
            status,
            parsed?.error ?? 'http_error',
            parsed?.message ?? `Upload failed with status ${status}`,
            parsed?.fields,
          ),
        );
        return;
      }
      onProgress?.(1);
      resolve(parsed as T);
    };
    xhr.send(form);
  });
}
