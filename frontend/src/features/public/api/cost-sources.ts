// GET /api/cost-sources/ (public, cached an hour): every source of the cost catalogue with the
// tasks that cite it, for the /cost-sources page. Only that page imports this file: react-query
// must stay out of the landing chunk (scripts/check-bundle.mjs).
import { queryOptions } from '@tanstack/react-query';
import { ok, publicClient } from '../../../lib/api/client';
import { isPublicPage, publicSource, type EstimateSource } from './estimate';

export type SourceRole = 'primary' | 'secondary' | 'cross-check';

/** A source as the page shows it: named as the estimate names it, plus its role, citation and tasks. */
export interface CostSource extends EstimateSource {
  role: SourceRole | null;
  /** The whole citation, as in data/sources.md. */
  citation: string;
  /** Catalogue tasks whose figures cite it (none for the location factors, the ZIP table and cross-checks). */
  tasks: string[];
}

/** A source of the schedule's default task durations (D1, D2, ... in data/sources.md). */
export interface DurationSource {
  id: string;
  title: string;
  /** A public page, else null. */
  url: string | null;
  citation: string;
  /** Standard tasks whose default duration cites it. */
  tasks: string[];
}

export interface Durations {
  /** Says plainly that no official per-phase figure exists. */
  note: string | null;
  sources: DurationSource[];
  /** Standard tasks whose default duration is an estimate. */
  estimatedTasks: string[];
}

export interface CostSources {
  sources: CostSource[];
  /** "state" today: no public metro or city factor source was found. */
  factorLevel: string | null;
  factorNote: string | null;
  durations: Durations;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const ROLES: readonly SourceRole[] = ['primary', 'secondary', 'cross-check'];
const obj = (v: unknown) => (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string' && t !== '') : [];

/** Tolerant too: a source without an id is dropped; an address that is not a public page is not linked. */
export function parseDurations(raw: unknown): Durations {
  const o = obj(raw);
  const sources: DurationSource[] = [];
  for (const item of Array.isArray(o.sources) ? o.sources : []) {
    const r = obj(item);
    const id = str(r.id);
    if (!id) continue;
    const url = str(r.url);
    sources.push({
      id,
      title: str(r.title) ?? str(r.citation) ?? id,
      url: isPublicPage(url) ? url : null,
      citation: str(r.citation) ?? '',
      tasks: strings(r.tasks),
    });
  }
  return { note: str(o.note), sources, estimatedTasks: strings(o.estimated_tasks) };
}

/** Tolerant parsing: a source without an id is dropped; missing fields become safe defaults. */
export function parseCostSources(raw: unknown): CostSources {
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const list = Array.isArray(o.sources) ? o.sources : [];
  const sources: CostSource[] = [];
  list.forEach((item, i) => {
    const r = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    if (!str(r.id)) return;
    const shown = publicSource(r, i);
    sources.push({
      ...shown,
      role: ROLES.find((x) => x === r.role) ?? null,
      citation: str(r.citation) ?? str(r.title) ?? '',
      tasks: Array.isArray(r.tasks) ? r.tasks.filter((t): t is string => typeof t === 'string' && t !== '') : [],
    });
  });
  return {
    sources,
    factorLevel: str(o.factor_level),
    factorNote: str(o.factor_note),
    durations: parseDurations(o.durations),
  };
}

export async function getCostSources(signal?: AbortSignal): Promise<CostSources> {
  // No session: the page is public (like the landing estimate). Read tolerantly (parseCostSources).
  return parseCostSources(await ok(publicClient.GET('/api/cost-sources/', { signal })));
}

export const publicKeys = {
  all: ['public'] as const,
  costSources: () => [...publicKeys.all, 'cost-sources'] as const,
};

export const costSourcesQuery = () =>
  queryOptions({
    queryKey: publicKeys.costSources(),
    queryFn: ({ signal }) => getCostSources(signal),
    staleTime: 60 * 60 * 1000, // the server caches it an hour too
  });
