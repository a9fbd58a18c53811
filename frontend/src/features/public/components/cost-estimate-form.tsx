import { useRef, useState, type FormEvent } from 'react';
import { estimateErrorMessage, fetchEstimate, groupByStage, type Estimate, type Quality } from '../api/estimate';
import { formatDecimal } from '../../../lib/format';
import { formatDollars } from '../utils/affordability';

const QUALITIES: { value: Quality; label: string }[] = [
  { value: 'basic', label: 'Basic (builder grade)' },
  { value: 'standard', label: 'Standard (mid-range)' },
  { value: 'premium', label: 'Premium (custom finishes)' },
];

const cents = { format: (value: number) => formatDecimal(value, 2, 2) }; // Intl-free (src/lib/format.ts)

export function CostEstimateForm() {
  const [zipCode, setZipCode] = useState('');
  const [squareFootage, setSquareFootage] = useState('2400');
  const [quality, setQuality] = useState<Quality>('standard');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    abort.current?.abort();
    const ctrl = new AbortController();
    abort.current = ctrl;
    setLoading(true);
    setError(null);
    try {
      const result = await fetchEstimate({ zipCode, squareFootage, quality }, ctrl.signal);
      setEstimate(result);
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') return;
      setEstimate(null);
      setError(estimateErrorMessage(err));
    } finally {
      if (abort.current === ctrl) setLoading(false);
    }
  }

  const sqft = Number(squareFootage) || 0;

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
              onChange={(e) => setZipCode(e.target.value)}
              aria-describedby="est-zip-hint"
            />
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
              onChange={(e) => setSquareFootage(e.target.value)}
              aria-describedby="est-sqft-hint"
            />
            <span id="est-sqft-hint" className="pub-hint">
              Finished floor area
            </span>
          </div>
          <div className="pub-field">
            <label htmlFor="est-quality">Quality</label>
            <select id="est-quality" name="quality" value={quality} onChange={(e) => setQuality(e.target.value as Quality)}>
              {QUALITIES.map((q) => (
                <option key={q.value} value={q.value}>
                  {q.label}
                </option>
              ))}
            </select>
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
        {estimate && !error && (
          <section className="pub-result" data-testid="estimate-result" aria-label="Your estimate" style={{ marginTop: 20 }}>
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
                        </a>
                      ) : (
                        s.title
                      )}
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
