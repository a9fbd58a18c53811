// Runtime configuration served by GET /api/config/, so one build serves every
// deployment (DECISIONS.md). A plain fetch (loaded once, shared) so public pages
// can read it without the server-state library; `configQuery` (config-query.ts)
// wraps the same loader for react-query users.
import { useEffect, useState } from 'react';
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

let pending: Promise<AppConfig> | null = null;

/** Loads the configuration once per page load; a failure is not cached. */
export function loadConfig(): Promise<AppConfig> {
  pending ??= http.get<unknown>('/api/config/').then(parseConfig, (e: unknown) => {
    pending = null;
    throw e;
  });
  return pending;
}

/** For tests. */
export function resetConfigCache() {
  pending = null;
}

export type ConfigState =
  | { status: 'pending'; data?: undefined }
  | { status: 'error'; data?: undefined }
  | { status: 'success'; data: AppConfig };

/** The runtime configuration as React state (no react-query needed). */
export function useAppConfig(): ConfigState {
  const [state, setState] = useState<ConfigState>({ status: 'pending' });
  useEffect(() => {
    let live = true;
    loadConfig().then(
      (data) => live && setState({ status: 'success', data }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
