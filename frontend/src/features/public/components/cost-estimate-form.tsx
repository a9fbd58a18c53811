import { useRef, useState, type FormEvent } from 'react';
import {
  blankFields,
  estimateProblems,
  fetchEstimate,
  groupByStage,
  type Estimate,
  type EstimateField,
  type EstimateFieldErrors,
  type Quality,
} from '../api/estimate';
import { formatDecimal, formatNumber } from '../../../lib/format';
import { formatDollars } from '../utils/affordability';

const QUALITIES: { value: Quality; label: string }[] = [
  { value: 'basic', label: 'Basic (builder grade)' },
  { value: 'standard', label: 'Standard (mid-range)' },
  { value: 'premium', label: 'Premium (custom finishes)' },
];

const cents = { format: (value: number) => formatDecimal(value, 2, 2) }; // Intl-free (src/lib/format.ts)

/** An estimate and the entries it was made for (it stays on screen while new entries are fixed). */
interface Result {
  estimate: Estimate;
  zipCode: string;
  squareFootage: number;
  quality: Quality;
}

const FIELD_IDS: Record<EstimateField, string> = {
  zip_code: 'est-zip',
  square_footage: 'est-sqft',
  quality: 'est-quality',
};

export function CostEstimateForm() {
  const [zipCode, setZipCode] = useState('');
  const [squareFootage, setSquareFootage] = useState('2400');
  const [quality, setQuality] = useState<Quality>('standard');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<EstimateFieldErrors>({});
  const [result, setResult] = useState<Result | null>(null);
  const abort = useRef<AbortController | null>(null);

  const showProblems = (fields: EstimateFieldErrors, message: string | null) => {
    setFieldErrors(fields);
    setError(message);
    const first = (['zip_code', 'square_footage', 'quality'] as const).find((f) => fields[f]);
    if (first) document.getElementById(FIELD_IDS[first])?.focus();
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    abort.current?.abort();
    const blank = blankFields({ zipCode, squareFootage });
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
      const estimate = await fetchEstimate({ zipCode, squareFootage, quality }, ctrl.signal);
      setResult({ estimate, zipCode: zipCode.trim(), squareFootage: Number(squareFootage) || 0, quality });
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') return;
      // The last good estimate stays on screen while the entries are fixed.
      const problems = estimateProblems(err);
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
  const changed =
    result !== null &&
    (result.zipCode !== zipCode.trim() ||
      result.squareFootage !== (Number(squareFootage) || 0) ||
      result.quality !== quality);
  const qualityLabel = (q: Quality) => QUALITIES.find((x) => x.value === q)?.label.split(' (')[0] ?? q;
  const sqft = result?.squareFootage ?? 0;

  return (
    <div>
      <form className="pub-form" onSubmit={(e) => void onSubmit(e)} aria-label="Free cost estimate" noValidate>
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
            <span className="pub-hint">New home build</span>
          </div>
        </div>
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
                {formatNumber(result.squareFootage)} sq ft, {qualityLabel(result.quality)} quality.{' '}
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
                <dd data-testid="estimate-total">{formatDollars(estimate.predicted_total)}</dd>
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

            {estimate.breakdown.length > 0 && (
              <div className="pub-table-wrap">
                <table className="pub-table">
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
                    {groupByStage(estimate.breakdown).map((g) => (
                      <tr key={g.stage}>
                        <th scope="row" style={{ fontWeight: 500 }}>
                          {g.stage}
                          {g.lines.length > 1 && (
                            <details className="pub-small">
                              <summary>
                                {g.lines.length} items<span className="visually-hidden"> in {g.stage}</span>
                              </summary>
                              <ul style={{ margin: '4px 0 0', paddingLeft: '1.1em' }}>
                                {g.lines.map((l, i) => (
                                  <li key={`${l.task}-${i}`}>
                                    {l.task}: {formatDollars(l.cost)}
                                  </li>
                                ))}
                              </ul>
                            </details>
                          )}
                        </th>
                        <td className="num">${cents.format(g.costPerSqft)}</td>
                        <td className="num">{formatDollars(g.cost)}</td>
                      </tr>
                    ))}
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
          </section>
        )}
      </div>
    </div>
  );
}
