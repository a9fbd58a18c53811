// Runtime configuration served by GET /api/config/, so one build serves every
// deployment (DECISIONS.md).
import { queryOptions } from '@tanstack/react-query';
import { http } from '../lib/api-client';

export interface AppConfig {
  support_email: string | null;
  stripe_publishable_key: string | null;
  stripe_price_id: string | null;
  payments_mode: 'local' | 'stripe';
}

export function parseConfig(raw: unknown): AppConfig {
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
  return {
    support_email: str(o.support_email),
    stripe_publishable_key: str(o.stripe_publishable_key),
    stripe_price_id: str(o.stripe_price_id),
    payments_mode: o.payments_mode === 'stripe' ? 'stripe' : 'local',
  };
}

export const configKeys = { all: ['config'] as const };

export const configQuery = () =>
  queryOptions({
    queryKey: configKeys.all,
    queryFn: async ({ signal }) => parseConfig(await http.get<unknown>('/api/config/', signal)),
    staleTime: Infinity,
  });
