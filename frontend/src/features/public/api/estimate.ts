import { API_BASE, ApiError } from '../../../lib/api-client';
import type { operations, paths } from '../../../lib/api/schema';
import { formatNumber } from '../../../lib/format';
import { SOURCE_CARDS } from '../content/estimate-sources';

export type Quality = 'basic' | 'standard' | 'premium';
export type ProjectType = 'new_home_build' | 'renovation' | 'addition' | 'conversion' | 'adu';
/** `per_job`: the job's price whatever the house size; `per_sqft`: a rate times the area. */
export type Pricing = 'per_sqft' | 'per_job';

export interface EstimateLine {
  task: string;
  component: string | null;
  cost_per_sqft: number;
  cost: number;
  /** Null when the server does not say (older answers). */
  pricing: Pricing | null;
  /** National rate per sq ft before the state factor (for a job: its price over the area). */
  national_cost_per_sqft: number | null;
  /** The job's national price before the state factor; null for a line priced per sq ft. */
  national_job_price: number | null;
  /** The line's likely range; null when the server sends none. */
  low: number | null;
  high: number | null;
  /** How the range was set, in words with the figures. */
  range_basis: string | null;
  /** Ids of the sources the line's figures come from (each on the /cost-sources page). */
  sources: string[];
}

/** A source as users see it: who published what and when, linked to its public page. */
export interface EstimateSource {
  id: string;
  publisher: string | null;
  title: string;
  date: string | null;
  url: string | null;
}

export interface Estimate {
  predicted_total: number;
  /** Sums of the lines' lows and highs; null when the server sends none. */
  predicted_total_low: number | null;
  predicted_total_high: number | null;
  cost_per_sqft: number | null;
  state: { code: string; name: string } | null;
  factor: number | null;
  /** Where the location factor comes from ("state") and the same in words, for the page. */
  factor_level: string | null;
  factor_note: string | null;
  breakdown: EstimateLine[];
  /** One entry per publication, for the list under the estimate. */
  sources: EstimateSource[];
  /** Every source by id (before de-duplication), to label the lines' source links. */
  sourceById: Record<string, EstimateSource>;
}

export interface EstimateQuery {
  zipCode: string;
  squareFootage: string;
  quality: Quality;
  projectType?: ProjectType;
  /** Renovation or addition options (the server requires one for those types). */
  options?: readonly string[];
}

/** Project types that need at least one option. */
export const NEEDS_OPTIONS: readonly ProjectType[] = ['renovation', 'addition'];

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const optNum = (v: unknown): number | null => (v === undefined || v === null || v === '' ? null : num(v));

/** Breakdown lines grouped by construction stage (the part of `component` before " > "). */
export interface EstimateGroup {
  stage: string;
  cost: number;
  costPerSqft: number;
  /** Sums of the lines' lows and highs; null when a line has none. */
  low: number | null;
  high: number | null;
  lines: EstimateLine[];
}

type GroupLine = Pick<EstimateLine, 'task' | 'component' | 'cost' | 'cost_per_sqft'> &
  Partial<Pick<EstimateLine, 'low' | 'high'>>;

export function groupByStage<L extends GroupLine>(lines: L[]): (Omit<EstimateGroup, 'lines'> & { lines: L[] })[] {
  const groups = new Map<string, Omit<EstimateGroup, 'lines'> & { lines: L[] }>();
  for (const line of lines) {
    const stage = line.component?.split(' > ')[0]?.trim() || line.task;
    const g = groups.get(stage) ?? { stage, cost: 0, costPerSqft: 0, low: 0, high: 0, lines: [] };
    g.cost += line.cost;
    g.costPerSqft += line.cost_per_sqft;
    g.low = g.low === null || line.low === null || line.low === undefined ? null : g.low + line.low;
    g.high = g.high === null || line.high === null || line.high === undefined ? null : g.high + line.high;
    g.lines.push(line);
    groups.set(stage, g);
  }
  return [...groups.values()];
}

interface RawSource {
  id?: unknown;
  title?: unknown;
  url?: unknown;
  publisher?: unknown;
  /** The work's own title (the server's `title` is the whole citation). */
  work?: unknown;
  year?: unknown;
  date?: unknown;
}

/** A link users may follow: http(s), and never a code repository or a raw file. */
export function isPublicPage(url: string | null): url is string {
  if (!url || !/^https?:\/\//i.test(url)) return false;
  return !/^https?:\/\/([^/]*\.)?(github\.com|githubusercontent\.com|gitlab\.com|bitbucket\.org)(\/|$)/i.test(url);
}

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const DATE_RE = new RegExp(`(?:\\d{1,2} )?(?:(?:${MONTHS}) )?(?:19|20)\\d{2}`, 'g');

/**
 * How a source is shown: publisher, title of the work and date, linked to its public page.
 * The server's `publisher`, `work` and `year` when it sends them; for a known id, the card of
 * content/estimate-sources.ts (its public page, and its full date when the year agrees); else
 * what the citation says: the publisher before the first comma, the quoted title (or the next
 * part), the last date named. A citation of a code repository is never shown with its address.
 */
export function publicSource(raw: RawSource, index: number): EstimateSource {
  const id = str(raw.id) ?? `S${index + 1}`;
  const citation = str(raw.title) ?? 'Source';
  const serverUrl = str(raw.url);
  const card = SOURCE_CARDS[id];
  const url = card && card.url !== undefined ? card.url : serverUrl;
  const link = isPublicPage(url) ? url : null;
  const publisher = str(raw.publisher);
  if (publisher) {
    const year = typeof raw.year === 'number' ? String(raw.year) : (str(raw.year) ?? str(raw.date));
    const date = card?.date && (!year || card.date.includes(year)) ? card.date : year;
    return { id, publisher, title: str(raw.work) ?? card?.title ?? citation, date, url: link };
  }
  if (card) return { id, publisher: card.publisher, title: card.title, date: card.date, url: link };
  if (/\b(github|gitlab|repository)\b/i.test(citation)) {
    return { id, publisher: 'Secondary source', title: 'A transcription of published figures', date: null, url: null };
  }
  const quoted = /["“]([^"”]+)["”]/.exec(citation)?.[1] ?? null;
  const parts = citation.split(/,\s+|\.\s+/);
  const lead = parts.length > 1 ? parts[0].replace(/^\([^)]*\)\s*/, '') : null;
  const title = quoted ?? (parts.length > 1 ? parts[1] : citation).replace(/\.$/, '');
  const dates = citation.match(DATE_RE);
  return { id, publisher: lead, title, date: dates ? dates[dates.length - 1] : null, url: link };
}

/** One line per publication (two ids can name the same study). */
function dedupe(list: EstimateSource[]): EstimateSource[] {
  const seen = new Set<string>();
  return list.filter((s) => {
    const key = `${s.publisher ?? ''}|${s.title}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
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
  const sources = (Array.isArray(o.sources) ? o.sources : []).map((s, i) =>
    publicSource((s && typeof s === 'object' ? s : {}) as RawSource, i),
  );
  return {
    predicted_total: num(o.predicted_total),
    predicted_total_low: optNum(o.predicted_total_low),
    predicted_total_high: optNum(o.predicted_total_high),
    cost_per_sqft: optNum(o.cost_per_sqft),
    state: st && str(st.code) ? { code: str(st.code)!, name: str(st.name) ?? str(st.code)! } : null,
    factor: optNum(o.factor),
    factor_level: str(o.factor_level),
    factor_note: str(o.factor_note),
    breakdown: breakdown.map((b) => {
      const r = (b && typeof b === 'object' ? b : {}) as Record<string, unknown>;
      return {
        task: str(r.task) ?? str(r.title) ?? 'Item',
        component: str(r.component),
        cost_per_sqft: num(r.cost_per_sqft),
        cost: num(r.cost),
        pricing: r.pricing === 'per_job' || r.pricing === 'per_sqft' ? r.pricing : null,
        national_cost_per_sqft: optNum(r.national_cost_per_sqft),
        national_job_price: optNum(r.national_job_price),
        low: optNum(r.low),
        high: optNum(r.high),
        range_basis: str(r.range_basis),
        sources: Array.isArray(r.sources) ? r.sources.filter((x): x is string => typeof x === 'string' && x !== '') : [],
      };
    }),
    sources: dedupe(sources),
    sourceById: Object.fromEntries(sources.map((s) => [s.id, s])),
  };
}

/**
 * How a line names a source it cites: the estimate's own entry for that id, else the card of
 * content/estimate-sources.ts, else the bare id (the /cost-sources page still lists it).
 */
export function lineSource(estimate: Pick<Estimate, 'sourceById'>, id: string): EstimateSource {
  const known = estimate.sourceById[id];
  if (known) return known;
  const card = SOURCE_CARDS[id];
  if (card) return { id, publisher: card.publisher, title: card.title, date: card.date, url: null };
  return { id, publisher: null, title: `Source ${id}`, date: null, url: null };
}

/** The estimate's query parameters (the document's), as the form's text: the server checks them. */
type EstimateParams = Record<keyof operations['estimate']['parameters']['query'], string>;
const ESTIMATE_PATH = '/api/estimate/' satisfies keyof paths;

export async function fetchEstimate(q: EstimateQuery, signal?: AbortSignal): Promise<Estimate> {
  const query: Partial<EstimateParams> = {
    zip_code: q.zipCode.trim(),
    square_footage: q.squareFootage.trim(),
    quality: q.quality,
    project_type: q.projectType ?? 'new_home_build',
  };
  if (q.options && q.options.length > 0) query.options = q.options.join(',');
  const params = new URLSearchParams(query);
  // Plain fetch, no session: the estimate is public, and a stale token must never turn a
  // visitor's estimate into a redirect to the login page. Not through the typed client: this
  // module loads on the landing page (when the form is first used), and openapi-fetch stays off
  // it; the path and parameters are the document's all the same (types above).
  const res = await fetch(`${API_BASE}${ESTIMATE_PATH}?${params.toString()}`, {
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!res.ok) throw await ApiError.fromResponse(res);
  return parseEstimate(await res.json());
}

export type EstimateField = 'zip_code' | 'square_footage' | 'quality' | 'options';
export type EstimateFieldErrors = Partial<Record<EstimateField, string>>;

/** The server's names for the options (`options` and its synonyms) -> the form's field. */
const FIELD_ALIASES: Record<string, EstimateField> = {
  renovation_options: 'options',
  addition_options: 'options',
  conversion_option: 'options',
};

const FIELD_MESSAGES: Record<EstimateField, [RegExp, (m: RegExpExecArray) => string][]> = {
  zip_code: [
    [/required/i, () => 'Enter your zip code.'],
    [/5-digit/i, () => 'Enter a 5-digit zip code, like 78701.'],
    [/50 states|not a zip/i, () => 'We have no cost data for this zip code. Enter one in the 50 states or DC.'],
  ],
  square_footage: [
    [/required/i, () => 'Enter the square footage.'],
    [/number/i, () => 'Enter the square footage as a number, like 2400.'],
    [/greater than 0|at least 1|positive/i, () => 'Enter a square footage above 0.'],
    [/at most (\d+)/i, (m) => `Enter at most ${formatNumber(Number(m[1]))} sq ft.`],
  ],
  quality: [[/./, () => 'Choose a quality.']],
  options: [
    [/at least one|required/i, () => 'Choose at least one option.'],
    [/unknown|not a|invalid/i, () => 'Choose options from the list.'],
  ],
};

const FIELD_NAMES: Record<EstimateField, string> = {
  zip_code: 'the zip code',
  square_footage: 'the square footage',
  quality: 'the quality',
  options: 'the options',
};

/** A human message for the server's message about `field` ("square_footage: is required" -> "Enter the square footage."). */
export function fieldMessage(field: EstimateField, serverMessage: string): string {
  for (const [re, text] of FIELD_MESSAGES[field]) {
    const m = re.exec(serverMessage);
    if (m) return text(m);
  }
  return `Check ${FIELD_NAMES[field]}: ${serverMessage.replace(/\.$/, '')}.`;
}

/** What the browser can tell before asking: the fields left blank (and no option ticked where one is needed). */
export function blankFields(
  q: Pick<EstimateQuery, 'zipCode' | 'squareFootage' | 'projectType' | 'options'>,
): EstimateFieldErrors {
  const out: EstimateFieldErrors = {};
  if (q.zipCode.trim() === '') out.zip_code = fieldMessage('zip_code', 'is required');
  if (q.squareFootage.trim() === '') out.square_footage = fieldMessage('square_footage', 'is required');
  if (q.projectType && NEEDS_OPTIONS.includes(q.projectType) && (q.options ?? []).length === 0) {
    out.options = fieldMessage('options', 'is required');
  }
  return out;
}

/**
 * A failed estimate, split into a message per field of the form (shown beside it) and one
 * message for the rest (null when every problem belongs to a field).
 */
export function estimateProblems(err: unknown): { fields: EstimateFieldErrors; message: string | null } {
  const fields: EstimateFieldErrors = {};
  if (!(err instanceof ApiError) || err.status === 404 || err.status >= 500 || !err.fields) {
    return { fields, message: estimateErrorMessage(err) };
  }
  let unplaced = false;
  for (const [name, messages] of Object.entries(err.fields)) {
    const first = Array.isArray(messages) ? messages.find((m) => typeof m === 'string') : undefined;
    if (!first) continue;
    const field = Object.hasOwn(FIELD_ALIASES, name)
      ? FIELD_ALIASES[name]
      : Object.hasOwn(FIELD_MESSAGES, name)
        ? (name as EstimateField)
        : null;
    if (field) fields[field] = fieldMessage(field, first);
    else unplaced = true;
  }
  if (Object.keys(fields).length === 0) return { fields, message: estimateErrorMessage(err) };
  return { fields, message: unplaced ? estimateErrorMessage(err) : null };
}

export function estimateErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 404) return 'The cost estimate service is not available right now. Please try again later.';
    if (err.status === 429) return 'Too many estimates in a short time. Please wait a minute and try again.';
    if (err.status >= 500) return 'The cost estimate service had a problem. Please try again in a moment.';
    if (err.status > 0) return 'Check the zip code and square footage, then try again.';
  }
  return 'Could not reach the server. Check your connection and try again.';
}
