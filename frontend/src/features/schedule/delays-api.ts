import { queryOptions } from '@tanstack/react-query';
import { client, ok } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { sideKeys } from './schedule-summary-api';

// The delays register (issue 33): working days lost on a task, with their reason, through the
// app's typed client (lib/api/client.ts), the types from the OpenAPI document.

export const DELAY_REASONS = [
  { value: 'weather', label: 'Weather' },
  { value: 'inspection', label: 'Inspection' },
  { value: 'materials', label: 'Materials' },
  { value: 'labor', label: 'Labor' },
  { value: 'owner_change', label: 'Owner change' },
  { value: 'lender', label: 'Lender' },
  { value: 'other', label: 'Other' },
] as const;
export type DelayReason = (typeof DELAY_REASONS)[number]['value'];

/** A reason's name ("Owner change"); an unknown code as it came. */
export const reasonLabel = (code: string) => DELAY_REASONS.find((r) => r.value === code)?.label ?? code;

type Schemas = components['schemas'];

/** A delay (`reason` one of the codes above; the document says `string`). */
export type Delay = Omit<Schemas['Delay'], 'reason'> & { reason: DelayReason };

/** One reason's total: `cost` in dollars, null without a monthly carrying cost. */
export type DelayTotal = Omit<Schemas['DelayTotal'], 'reason'> & { reason: DelayReason };

/** `GET /api/projects/{id}/delays/`: the delays, one total per reason with delays (in the reasons' order). */
export type DelayRegister = Omit<Schemas['ProjectDelays'], 'delays' | 'totals'> & {
  delays: Delay[];
  totals: DelayTotal[];
};

/** `POST /api/delays/` (`task`, `days`, `reason` required) and `PATCH /api/delays/{id}/`. */
export interface DelayWrite {
  task: number;
  days: number;
  reason: DelayReason;
  note?: string;
  recorded_on?: string;
}

// The reason codes are the server's (the document types them as strings): narrowed once, here.
export const delaysQuery = (projectId: number) =>
  queryOptions({
    queryKey: sideKeys.delays(projectId),
    queryFn: async ({ signal }): Promise<DelayRegister> =>
      (await ok(
        client.GET('/api/projects/{id}/delays/', { params: { path: { id: projectId } }, signal }),
      )) as DelayRegister,
    staleTime: 0,
  });

export const createDelay = async (body: DelayWrite): Promise<Delay> =>
  (await ok(client.POST('/api/delays/', { body }))) as Delay;
export const updateDelay = async (id: number, body: Partial<DelayWrite>): Promise<Delay> =>
  (await ok(client.PATCH('/api/delays/{id}/', { params: { path: { id } }, body }))) as Delay;
export const deleteDelay = (id: number): Promise<void> =>
  ok(client.DELETE('/api/delays/{id}/', { params: { path: { id } } }));
