import { vi } from 'vitest';

export const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export interface Asked {
  method: string;
  path: string;
  body: unknown;
}

/** fetch answered by method and path; returns the requests made. */
export function stubFetch(answer: (method: string, path: string, body: unknown) => Response | undefined): Asked[] {
  const asked: Asked[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      asked.push({ method, path, body });
      return Promise.resolve(answer(method, path, body) ?? json(404, { error: 'not_found', message: 'Not found.' }));
    }),
  );
  return asked;
}
