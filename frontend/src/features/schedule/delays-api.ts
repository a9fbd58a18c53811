import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/api-client';
import { sideKeys } from './schedule-summary-api';

// The delays register (issue 33): working days lost on a task, with their reason. Local types
// until the OpenAPI document has these paths (see schedule-summary-api.ts).

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

export interface Delay {
  id: number;
  project: number;
  task: number;
  /** Working days, 1..365. */
  days: number;
  reason: DelayReason;
  note: string;
  recorded_on: string;
}

/** One reason's total: `cost` in dollars, null without a monthly carrying cost. */
export interface DelayTotal {
  reason: DelayReason;
  days: number;
  cost: number | null;
}

/** `GET /api/projects/{id}/delays/`. */
export interface DelayRegister {
  delays: Delay[];
  /** One per reason with delays, in the reasons' order. */
  totals: DelayTotal[];
  total_days: number;
  total_cost: number | null;
}

export interface DelayWrite {
  task: number;
  days: number;
  reason: DelayReason;
  note?: string;
  recorded_on?: string;
}

export const delaysQuery = (projectId: number) =>
  queryOptions({
    queryKey: sideKeys.delays(projectId),
    queryFn: ({ signal }): Promise<DelayRegister> =>
      http.get<DelayRegister>(`/api/projects/${projectId}/delays/`, signal),
    staleTime: 0,
  });

export const createDelay = (body: DelayWrite): Promise<Delay> => http.post<Delay>('/api/delays/', body);
export const updateDelay = (id: number, body: Partial<DelayWrite>): Promise<Delay> =>
  http.patch<Delay>(`/api/delays/${id}/`, body);
export const deleteDelay = (id: number): Promise<void> => http.del(`/api/delays/${id}/`);
