import { vi } from 'vitest';
import type { DrawNeeds, LienWaiver, WaiverPayment } from './types';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Handler = (body: unknown) => Response;
export interface Call {
  key: string;
  body: unknown;
}

/** fetch answered by "METHOD path" (the body parsed), and a record of the calls. */
export function stubServer(routes: Record<string, Handler | Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ key, body });
      const route = routes[key];
      if (!route) return Promise.resolve(json(500, { error: 'unexpected', message: key }));
      return Promise.resolve(typeof route === 'function' ? route(body) : route.clone());
    }),
  );
  return calls;
}

export const TASKS = [
  { id: 11, title: 'Foundation' },
  { id: 12, title: 'Framing' },
];

export const CONTRACTORS = {
  data: [
    { id: 1, name: 'Acme Framing', trade: 'Framing' },
    { id: 2, name: 'Birch Concrete', trade: 'Concrete' },
  ],
  isPending: false,
  isError: false,
};

export const payment = (over: Partial<WaiverPayment> = {}): WaiverPayment => ({
  id: 30,
  task: 12,
  amount: 2000,
  paid_on: '2026-11-20',
  contractor: { id: 1, name: 'Acme Framing' },
  waiver_status: 'missing',
  task_title: 'Framing',
  ...over,
});

export const waiver = (over: Partial<LienWaiver> = {}): LienWaiver => ({
  id: 5,
  project: 3,
  contractor: 1,
  contractor_name: 'Acme Framing',
  payment: 30,
  kind: 'unconditional_progress',
  amount: 2000,
  through_date: '2026-11-20',
  status: 'requested',
  received_on: null,
  document: null,
  document_name: null,
  ...over,
});

export const draw = (over: Partial<DrawNeeds> = {}): DrawNeeds => ({
  id: 8,
  number: 2,
  status: 'draft',
  requested_on: '2026-11-25',
  final: false,
  waivers_missing: [],
  final_waivers_missing: [],
  ...over,
});
