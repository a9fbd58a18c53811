import { API_BASE, ApiError } from '../../../lib/api-client';

export type Quality = 'basic' | 'standard' | 'premium';

export interface EstimateLine {
  task: string;
  component: string | null;
  cost_per_sqft: number;
  cost: number;
}

export interface EstimateSource {
  id: string;
  title: string;
  url: string | null;
}

export interface Estimate {
  predicted_total: number;
  cost_per_sqft: number | null;
  state: { code: string; name: string } | null;
  factor: number | null;
  breakdown: EstimateLine[];
  sources: EstimateSource[];
}

export interface EstimateQuery {
  zipCode: string;
  squareFootage: string;
  quality: Quality;
  projectType?: string;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/** Breakdown lines grouped by construction stage (the part of `component` before " > "). */
export interface EstimateGroup {
  stage: string;
  cost: number;
  costPerSqft: number;
  lines: EstimateLine[];
}

export function groupByStage(lines: EstimateLine[]): EstimateGroup[] {
  const groups = new Map<string, EstimateGroup>();
  for (const line of lines) {
    const stage = line.component?.split(' > ')[0]?.trim() || line.task;
    const g = groups.get(stage) ?? { stage, cost: 0, costPerSqft: 0, lines: [] };
    g.cost += line.cost;
    g.costPerSqft += line.cost_per_sqft;
    g.lines.push(line);
    groups.set(stage, g);
  }
  return [...groups.values()];
}

/** Tolerant parsing: missing or oddly typed fields become safe defaults. */
export function parseEstimate(raw: unknown): Estimate {
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  // `state` is either {code, name} or a code with a separate `state_name` (docs/cost-model.md).
  const st =
    o.state && typeof o.state === 'object'
      ? (o.state as Record<string, unknown>)
      : typeof o.state === 'string'
        ? { code: o.state, name: o.state_name }
        : null;
  const breakdown = Array.isArray(o.breakdown) ? o.breakdown : [];
  const sources = Array.isArray(o.sources) ? o.sources : [];
  return {
    predicted_total: num(o.predicted_total),
    cost_per_sqft: o.cost_per_sqft === undefined || o.cost_per_sqft === null ? null : num(o.cost_per_sqft),
    state: st && str(st.code) ? { code: str(st.code)!, name: str(st.name) ?? str(st.code)! } : null,
    factor: o.factor === undefined || o.factor === null ? null : num(o.factor),
    breakdown: breakdown.map((b) => {
      const r = (b && typeof b === 'object' ? b : {}) as Record<string, unknown>;
      return {
        task: str(r.task) ?? str(r.title) ?? 'Item',
        component: str(r.component),
        cost_per_sqft: num(r.cost_per_sqft),
        cost: num(r.cost),
      };
    }),
    sources: sources.map((s, i) => {
      const r = (s && typeof s === 'object' ? s : {}) as Record<string, unknown>;
      return { id: str(r.id) ?? `S${i + 1}`, title: str(r.title) ?? 'Source', url: str(r.url) };
    }),
  };
}

export async function fetchEstimate(q: EstimateQuery, signal?: AbortSignal): Promise<Estimate> {
  const params = new URLSearchParams({
    zip_code: q.zipCode.trim(),
    square_footage: q.squareFootage.trim(),
    quality: q.quality,
    project_type: q.projectType ?? 'new_home_build',
  });
  // Plain fetch, no session: the estimate is public, and a stale token must never
  // turn a visitor's estimate into a redirect to the login page.
  const res = await fetch(`${API_BASE}/api/estimate/?${params.toString()}`, {
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!res.ok) throw await ApiError.fromResponse(res);
  return parseEstimate(await res.json());
}

export function estimateErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 404) return 'The cost estimate service is not available right now. Please try again later.';
    if (err.status >= 500) return 'The cost estimate service had a problem. Please try again in a moment.';
    return err.message;
  }
  return 'Could not reach the server. Check your connection and try again.';
}
