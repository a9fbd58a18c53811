import { Fragment, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type {
  Estimate,
  EstimateField,
  EstimateFieldErrors,
  EstimateGroup,
  EstimateLine,
  EstimateSource,
  ProjectType,
  Quality,
} from '../api/estimate';
import { ESTIMATE_OPTIONS, ESTIMATE_PROJECT_TYPES } from '../content/project-types';
import { formatDecimal, formatNumber, formatRange, wholeDollars } from '../../../lib/format';
import { formatDollars } from '../utils/affordability';

const QUALITIES: { value: Quality; label: string }[] = [
  { value: 'basic', label: 'Basic (builder grade)' },
  { value: 'standard', label: 'Standard (mid-range)' },
  { value: 'premium', label: 'Premium (custom finishes)' },
];

const cents = { format: (value: number) => formatDecimal(value, 2, 2) }; // Intl-free (src/lib/format.ts)

/**
 * The estimate's requests, reading and source cards load with the first use of the form (its
 * focus, a pointer over it, or the submit), not with the landing page: 3.5 KB gzip of the
 * landing page's JavaScript budget (issue 31, scripts/check-bundle.mjs).
 */
const loadEstimateApi = () => import('../api/estimate');

/** An estimate and the entries it was made for (it stays on screen while new entries are fixed). */
interface Result {
  estimate: Estimate;
  /** Its lines by construction stage, and how a line names a source it cites (api/estimate.ts). */
  groups: EstimateGroup[];
  sourceOf: (id: string) => EstimateSource;
  zipCode: string;
  squareFootage: number;
  quality: Quality;
  projectType: ProjectType;
  options: string[];
}

const FIELD_IDS: Record<EstimateField, string> = {
  zip_code: 'est-zip',
  square_footage: 'est-sqft',
  quality: 'est-quality',
  options: 'est-options',
};

/** Up to this many lines, each stage's lines are shown open (a remodel); a new home's 36 start folded. */
const OPEN_LINES_UP_TO = 6;

const typeLabel = (t: ProjectType) => ESTIMATE_PROJECT_TYPES.find((x) => x.value === t)?.label ?? t;

/** "(26,000–37,000)": the likely range, whole dollars, no dollar sign; nothing when there is no range. */
function Range({ low, high, block, testId }: { low: number | null; high: number | null; block?: boolean; testId?: string }) {
  const range = formatRange(low, high);
  if (!range) return null;
  return (
    <span className={`pub-range${block ? ' pub-range--block' : ''}`} data-testid={testId}>
      {block ? '' : ' '}
      {range}
    </span>
  );
}

/** One breakdown line: cost and range, per job or per sq ft, how it was priced, the range's basis, its sources. */
function LineDetail({
  line,
  estimate,
  sourceOf,
  squareFootage,
  showName,
}: {
  line: EstimateLine;
  estimate: Estimate;
  sourceOf: Result['sourceOf'];
  squareFootage: number;
  showName: boolean;
}) {
  const factor =
    estimate.factor !== null ? ` × ${estimate.factor.toFixed(2)}${estimate.state ? ` for ${estimate.state.name}` : ''}` : '';
  let how: string | null = null;
  if (line.pricing === 'per_job') {
    how =
      'Priced per job, the same whatever the size of the house' +
      (line.national_job_price !== null ? `: $${wholeDollars(line.national_job_price)} national${factor}.` : '.');
  } else if (line.pricing === 'per_sqft') {
    how =
      'Priced per square foot' +
      (line.national_cost_per_sqft !== null
        ? `: $${cents.format(line.national_cost_per_sqft)}/sq ft national${factor} × ${formatNumber(squareFootage)} sq ft.`
        : '.');
  }
  return (
    <li className="pub-line" data-testid="estimate-line" data-task={line.task}>
      <p className="pub-line-head">
        {showName && <span className="pub-line-name">{line.task}</span>}
        <span className="pub-line-cost">
          <span data-testid="estimate-line-cost">{formatDollars(line.cost)}</span>
          <Range low={line.low} high={line.high} />
        </span>
        {line.pricing && (
          <span className="pub-pricing" data-testid="estimate-line-pricing">
            {line.pricing === 'per_job' ? 'per job' : 'per sq ft'}
          </span>
        )}
      </p>
      {how && <p className="pub-line-note">{how}</p>}
      {line.range_basis && (
        <p className="pub-line-note" data-testid="estimate-line-basis">
          Range: {line.range_basis}
        </p>
      )}
      {line.sources.length > 0 && (
        <p className="pub-line-note">
          Sources:{' '}
          {line.sources.map((id, i) => {
            const s = sourceOf(id);
            return (
              <Fragment key={id}>
                {i > 0 && ' · '}
                <Link to={`/cost-sources#${id}`} data-source-id={id}>
                  {s.publisher ?? s.title}
                  {s.date ? `, ${s.date}` : ''}
                  {s.publisher && <span className="visually-hidden">: {s.title}</span>}
                </Link>
              </Fragment>
            );
          })}
        </p>
      )}
    </li>
  );
}

export function CostEstimateForm() {
  const [zipCode, setZipCode] = useState('');
  const [squareFootage, setSquareFootage] = useState('2400');
  const [quality, setQuality] = useState<Quality>('standard');
  const [projectType, setProjectType] = useState<ProjectType>('new_home_build');
  const [options, setOptions] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<EstimateFieldErrors>({});
  const [result, setResult] = useState<Result | null>(null);
  const abort = useRef<AbortController | null>(null);

  const showProblems = (fields: EstimateFieldErrors, message: string | null) => {
    setFieldErrors(fields);
    setError(message);
    const first = (['zip_code', 'square_footage', 'quality', 'options'] as const).find((f) => fields[f]);
    const el = first ? document.getElementById(FIELD_IDS[first]) : null;
    // The options are a group of checkboxes: focus the first one.
    (el?.tagName === 'FIELDSET' ? el.querySelector('input') : el)?.focus();
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    abort.current?.abort();
    const chosen = ESTIMATE_OPTIONS[projectType] ? options : [];
    let api: Awaited<ReturnType<typeof loadEstimateApi>>;
    try {
      api = await loadEstimateApi();
    } catch {
      showProblems({}, 'Could not reach the server. Check your connection and try again.');
      return;
    }
    const blank = api.blankFields({ zipCode, squareFootage, projectType, options: chosen });
    if (Object.keys(blank).length > 0) {
      setLoading(false);
      showProblems(blank, null);
      return;
    }
    const ctrl = new AbortController();
    abort.current = ctrl;
    setLoading(true);
    setError(null);
    setFieldErrors({});
    try {
      const estimate = await api.fetchEstimate(
        { zipCode, squareFootage, quality, projectType, options: chosen },
        ctrl.signal,
      );
      setResult({
        estimate,
        groups: api.groupByStage(estimate.breakdown),
        sourceOf: (id) => api.lineSource(estimate, id),
        zipCode: zipCode.trim(),
        squareFootage: Number(squareFootage) || 0,
        quality,
        projectType,
        options: chosen,
      });
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') return;
      // The last good estimate stays on screen while the entries are fixed.
      const problems = api.estimateProblems(err);
      showProblems(problems.fields, problems.message);
    } finally {
      if (abort.current === ctrl) setLoading(false);
    }
  }

  const edit =
    <T,>(setter: (v: T) => void, field: EstimateField) =>
    (value: T) => {
      setter(value);
      if (fieldErrors[field]) {
        setFieldErrors((prev) => {
          const next = { ...prev };
          delete next[field];
          return next;
        });
      }
    };

  const describe = (field: EstimateField, hint: string | null) =>
    [fieldErrors[field] ? `${FIELD_IDS[field]}-error` : null, hint].filter(Boolean).join(' ') || undefined;

  const fieldError = (field: EstimateField, testId: string) =>
    fieldErrors[field] ? (
      <span id={`${FIELD_IDS[field]}-error`} className="pub-field-error" data-testid={testId}>
        {fieldErrors[field]}
      </span>
    ) : null;

  const estimate = result?.estimate ?? null;
  const hasProblems = !!error || Object.keys(fieldErrors).length > 0;
  const optionSet = ESTIMATE_OPTIONS[projectType];
  const changed =
    result !== null &&
    (result.zipCode !== zipCode.trim() ||
      result.squareFootage !== (Number(squareFootage) || 0) ||
      result.quality !== quality ||
      result.projectType !== projectType ||
      result.options.join('|') !== (optionSet ? options : []).join('|'));
  const toggleOption = (name: string, on: boolean) =>
    edit(setOptions, 'options')(on ? [...options.filter((o) => o !== name), name] : options.filter((o) => o !== name));
  const qualityLabel = (q: Quality) => QUALITIES.find((x) => x.value === q)?.label.split(' (')[0] ?? q;
  const sqft = result?.squareFootage ?? 0;

  return (
    <div>
      <form
        className="pub-form"
        onSubmit={(e) => void onSubmit(e)}
        onFocus={() => void loadEstimateApi().catch(() => {})}
        onPointerEnter={() => void loadEstimateApi().catch(() => {})}
        aria-label="Free cost estimate"
        noValidate
      >
        <div className="pub-form-row">
          <div className="pub-field">
            <label htmlFor="est-zip">Zip code</label>
            <input
              id="est-zip"
              name="zip_code"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={10}
              placeholder="e.g. 78701"
              value={zipCode}
              onChange={(e) => edit(setZipCode, 'zip_code')(e.target.value)}
              aria-invalid={fieldErrors.zip_code ? true : undefined}
              aria-describedby={describe('zip_code', 'est-zip-hint')}
            />
            {fieldError('zip_code', 'estimate-zip-error')}
            <span id="est-zip-hint" className="pub-hint">
              Where you plan to build
            </span>
          </div>
          <div className="pub-field">
            <label htmlFor="est-sqft">Square footage</label>
            <input
              id="est-sqft"
              name="square_footage"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={squareFootage}
              onChange={(e) => edit(setSquareFootage, 'square_footage')(e.target.value)}
              aria-invalid={fieldErrors.square_footage ? true : undefined}
              aria-describedby={describe('square_footage', 'est-sqft-hint')}
            />
            {fieldError('square_footage', 'estimate-sqft-error')}
            <span id="est-sqft-hint" className="pub-hint">
              Finished floor area
            </span>
          </div>
          <div className="pub-field">
            <label htmlFor="est-quality">Quality</label>
            <select
              id="est-quality"
              name="quality"
              value={quality}
              onChange={(e) => edit(setQuality, 'quality')(e.target.value as Quality)}
              aria-invalid={fieldErrors.quality ? true : undefined}
              aria-describedby={describe('quality', null)}
            >
              {QUALITIES.map((q) => (
                <option key={q.value} value={q.value}>
                  {q.label}
                </option>
              ))}
            </select>
            {fieldError('quality', 'estimate-quality-error')}
            {/* The type has its own field now: the hint stays for a new home, as it always read. */}
            {projectType === 'new_home_build' && <span className="pub-hint">New home build</span>}
          </div>
          <div className="pub-field">
            <label htmlFor="est-type">Project type</label>
            <select
              id="est-type"
              name="project_type"
              value={projectType}
              onChange={(e) => edit(setProjectType, 'options')(e.target.value as ProjectType)}
            >
              {ESTIMATE_PROJECT_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        {optionSet && (
          <fieldset
            id="est-options"
            className="pub-options"
            aria-invalid={fieldErrors.options ? true : undefined}
            aria-describedby={fieldErrors.options ? 'est-options-error' : undefined}
          >
            <legend>{optionSet.legend}</legend>
            {fieldError('options', 'estimate-options-error')}
            <ul>
              {optionSet.options.map((name) => {
                const id = `est-opt-${name.replace(/\W+/g, '-').toLowerCase()}`;
                return (
                  <li key={name}>
                    <input
                      id={id}
                      type="checkbox"
                      name="options"
                      value={name}
                      checked={options.includes(name)}
                      onChange={(e) => toggleOption(name, e.target.checked)}
                    />
                    <label htmlFor={id}>{name}</label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )}
        <div className="pub-actions">
          <button className="btn btn-primary btn-lg" type="submit" disabled={loading}>
            {loading ? 'Estimating…' : 'Get my free estimate'}
          </button>
        </div>
      </form>

      <div aria-live="polite">
        {error && (
          <p className="pub-error" role="alert" data-testid="estimate-error" style={{ marginTop: 16 }}>
            {error}
          </p>
        )}
        {result && estimate && (
          <section
            className="pub-result"
            data-testid="estimate-result"
            data-stale={hasProblems || changed || undefined}
            aria-label="Your estimate"
            style={{ marginTop: 20 }}
          >
            {(hasProblems || changed) && (
              <p className="pub-note pub-small" data-testid="estimate-previous" style={{ marginTop: 0 }}>
                {hasProblems ? 'Your last estimate' : 'This estimate'} is for zip code {result.zipCode},{' '}
                {formatNumber(result.squareFootage)} sq ft, {qualityLabel(result.quality)} quality
                {result.projectType !== 'new_home_build' &&
                  `, ${typeLabel(result.projectType)}${result.options.length ? `: ${result.options.join(', ')}` : ''}`}
                .{' '}
                {Object.keys(fieldErrors).length > 0
                  ? 'Fix the entry marked above to update it.'
                  : error
                    ? 'It could not be updated just now.'
                    : 'Press “Get my free estimate” to update it.'}
              </p>
            )}
            <dl className="pub-stat-row" style={{ margin: 0 }}>
              <div className="pub-stat pub-stat--main">
                <dt>Predicted total</dt>
                <dd>
                  <span data-testid="estimate-total">{formatDollars(estimate.predicted_total)}</span>
                  <Range
                    low={estimate.predicted_total_low}
                    high={estimate.predicted_total_high}
                    testId="estimate-total-range"
                  />
                  {formatRange(estimate.predicted_total_low, estimate.predicted_total_high) && (
                    <span className="pub-range-note">Likely range in parentheses</span>
                  )}
                </dd>
              </div>
              {sqft > 0 && (
                <div className="pub-stat">
                  <dt>Per square foot</dt>
                  <dd>${cents.format(estimate.cost_per_sqft ?? estimate.predicted_total / sqft)}</dd>
                </div>
              )}
              {estimate.state && (
                <div className="pub-stat">
                  <dt>Location</dt>
                  <dd style={{ fontSize: '1.2rem' }}>
                    {estimate.state.name}
                    {estimate.factor !== null && (
                      <span className="pub-muted pub-small" style={{ display: 'block', fontWeight: 500 }}>
                        cost factor {estimate.factor.toFixed(2)} × national average
                      </span>
                    )}
                  </dd>
                </div>
              )}
            </dl>
            {estimate.factor_note && (
              <p className="pub-muted pub-small" data-testid="estimate-factor-note" style={{ margin: '10px 0 0' }}>
                {estimate.factor_note} <Link to="/cost-sources">Cost data sources</Link>
              </p>
            )}

            {estimate.breakdown.length > 0 && (
              <div className="pub-table-wrap">
                <table className="pub-table pub-table--estimate">
                  <caption>Cost by construction stage</caption>
                  <thead>
                    <tr>
                      <th scope="col">Stage</th>
                      <th scope="col" className="num">
                        $ / sq ft
                      </th>
                      <th scope="col" className="num">
                        Cost
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.groups.map((g) => {
                      const single = g.lines.length === 1;
                      return (
                        <Fragment key={g.stage}>
                          <tr className="pub-stage-row">
                            <th scope="row" style={{ fontWeight: 500 }}>
                              {g.stage}
                            </th>
                            <td className="num">${cents.format(g.costPerSqft)}</td>
                            <td className="num">
                              {formatDollars(g.cost)}
                              <Range low={g.low} high={g.high} block />
                            </td>
                          </tr>
                          <tr className="pub-lines-row">
                            <td colSpan={3}>
                              <details className="pub-small" open={estimate.breakdown.length <= OPEN_LINES_UP_TO}>
                                <summary>
                                  {single ? (
                                    <>
                                      {g.lines[0].task}
                                      <span className="visually-hidden">: how it is priced, range and sources</span>
                                    </>
                                  ) : (
                                    <>
                                      {g.lines.length} items<span className="visually-hidden"> in {g.stage}</span>
                                    </>
                                  )}
                                </summary>
                                <ul className="pub-lines">
                                  {g.lines.map((l, i) => (
                                    <LineDetail
                                      key={`${l.task}-${i}`}
                                      line={l}
                                      estimate={estimate}
                                      sourceOf={result.sourceOf}
                                      squareFootage={sqft}
                                      showName={!single}
                                    />
                                  ))}
                                </ul>
                              </details>
                            </td>
                          </tr>
                        </Fragment>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}

            {estimate.sources.length > 0 && (
              <div style={{ marginTop: 16 }}>
                <h3 style={{ fontSize: '1rem' }}>Where these numbers come from</h3>
                <ul className="pub-small" style={{ paddingLeft: '1.2em', margin: 0 }}>
                  {estimate.sources.map((s) => (
                    <li key={s.id}>
                      {s.url ? (
                        <a href={s.url} target="_blank" rel="noopener noreferrer">
                          {s.title}
                          <span className="visually-hidden"> (opens in a new tab)</span>
                        </a>
                      ) : (
                        <cite>{s.title}</cite>
                      )}
                      {s.publisher || s.date ? (
                        <span className="pub-muted">
                          {' — '}
                          {[s.publisher, s.date].filter(Boolean).join(', ')}
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <p className="pub-muted pub-small" style={{ marginTop: 12, marginBottom: 0 }}>
              A planning estimate from published national averages adjusted for your state. It excludes
              land and is not a bid: get quotes from local contractors.
            </p>
            <p className="pub-small" style={{ marginTop: 8, marginBottom: 0 }}>
              <Link to="/cost-sources">Cost data sources</Link>: every source with its date, role and the tasks that
              use it.
            </p>
          </section>
        )}
      </div>
    </div>
  );
}
