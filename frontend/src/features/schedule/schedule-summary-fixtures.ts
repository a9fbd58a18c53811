import { vi } from 'vitest';
import type { DelayRegister } from './delays-api';
import type { Inspection } from './inspections-api';
import type { Schedule } from './types';

// Test helpers of the delays, inspections, calendar feed, schedule summary and exports (issue 33):
// a stand-in server answering fetch by "METHOD path", and wire-shaped fixtures.

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
export const noContent = () => new Response(null, { status: 204 });

export type Handler = (body: unknown) => Response;
export interface Call {
  key: string;
  body: unknown;
}

/** fetch answered by "METHOD path" (the body parsed); anything else a 500. Returns the calls. */
export function stubServer(routes: Record<string, Handler | Response>): Call[] {
  const calls: Call[] = [];
  const fetch = vi.fn((url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ key, body });
    const route = routes[key];
    if (!route) return Promise.resolve(json(500, { error: 'unexpected', message: key }));
    return Promise.resolve(typeof route === 'function' ? route(body) : route.clone());
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

export const TASKS = [
  { id: 11, title: 'Foundation' },
  { id: 12, title: 'Framing' },
  { id: 13, title: 'Roofing' },
];

export const delayRegister: DelayRegister = {
  delays: [
    { id: 2, project: 3, task: 12, days: 2, reason: 'materials', note: 'Lumber late', recorded_on: '2026-04-02' },
    { id: 1, project: 3, task: 11, days: 3, reason: 'weather', note: 'Rain', recorded_on: '2026-03-10' },
  ],
  totals: [
    { reason: 'weather', days: 3, cost: 1400 },
    { reason: 'materials', days: 2, cost: 933.33 },
  ],
  total_days: 5,
  total_cost: 2333.33,
};

export const inspections: Inspection[] = [
  {
    id: 5,
    project: 3,
    task: 11,
    kind: 'Footing',
    scheduled_on: '2026-03-05',
    inspector: 'City of Austin',
    result: 'passed',
    notes: '',
    document: null,
  },
];

export const schedule: Schedule = {
  start: '2026-03-02',
  finish: '2026-05-29',
  baseline_finish: '2026-05-26',
  variance_days: 3,
  slip_calendar_days: 3,
  carrying_cost_of_slip: 1000,
  critical_path: [11, 12],
  unscheduled: [13],
  tasks: [
    {
      task: 11,
      start: '2026-03-02',
      finish: '2026-03-13',
      late_start: '2026-03-02',
      late_finish: '2026-03-13',
      total_float: 0,
      critical: true,
      baseline_start: '2026-03-02',
      baseline_finish: '2026-03-10',
      variance_days: 3,
      delay_days: 3,
      held_by_inspection: false,
    },
    {
      task: 12,
      start: '2026-03-16',
      finish: '2026-05-29',
      late_start: '2026-03-16',
      late_finish: '2026-05-29',
      total_float: 0,
      critical: true,
      baseline_start: '2026-03-11',
      baseline_finish: '2026-05-26',
      variance_days: 3,
      delay_days: 0,
      held_by_inspection: false,
    },
  ],
};
