import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../components/page-header';
import { PublicPage } from '../components/public-page';
import { LENDERS } from '../content/lenders';
import { US_STATES, stateName } from '../content/states';
import { usePageMeta } from '../hooks/use-page-meta';
import { lendersForState } from '../utils/lenders';

export default function FindLender() {
  usePageMeta({
    title: 'Find a Construction Loan Lender in Your State | BuildLedger',
    description:
      'Choose your state to see banks and credit unions that advertise construction and construction-to-permanent home loans there, with links to their loan pages.',
  });
  const navigate = useNavigate();
  const [state, setState] = useState('');
  const lenders = useMemo(() => lendersForState(LENDERS, state), [state]);
  const name = stateName(state);

  function goBack() {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/resource-hub');
  }

  return (
    <PublicPage>
      <PageHeader eyebrow="Free tool" title="Find Out Your Home Building Budget">
        A construction lender decides how much you can borrow to build, and that sets your budget. Pick your state
        to see lenders that advertise construction loans there.
      </PageHeader>

      <section className="pub-section">
        <div className="pub-container">
          <div className="pub-field" style={{ maxWidth: 420 }}>
            <label htmlFor="lender-state">Your state</label>
            <select id="lender-state" value={state} onChange={(e) => setState(e.target.value)}>
              <option value="">-- Select your state --</option>
              {US_STATES.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>

          <div aria-live="polite" style={{ marginTop: 24 }}>
            {!state && (
              <p className="pub-muted" data-testid="lender-helper">
                Select the state where you will build to see lenders that offer construction or
                construction-to-permanent loans there. Each card links to the lender’s own construction loan page.
              </p>
            )}

            {state && lenders.length === 0 && (
              <div className="pub-note" data-testid="no-lenders">
                <p style={{ margin: 0 }}>
                  A listed partner is not available in {name} yet. Check with local banks or credit unions in{' '}
                  {name}: many community lenders make construction and construction-to-permanent loans in their own
                  area, and they know local builders, appraisers and permit offices.
                </p>
              </div>
            )}

            {state && lenders.length > 0 && (
              <>
                <h2 style={{ fontSize: '1.25rem' }}>
                  {lenders.length} {lenders.length === 1 ? 'lender' : 'lenders'} in {name}
                </h2>
                <ul className="pub-lenders" data-testid="lender-list">
                  {lenders.map((l) => (
                    <li key={l.id} className="pub-card" data-testid="lender-card">
                      <span className="pub-tag">{l.kind}</span>
                      <h3>{l.name}</h3>
                      <p className="pub-muted pub-small">{l.summary}</p>
                      <p className="pub-small">
                        <strong>Serves:</strong> {l.area}
                      </p>
                      {l.states !== 'ALL' && l.states.length > 3 && !l.areaNamesStates && (
                        <details className="pub-small" style={{ marginBottom: 12 }}>
                          <summary>All {l.states.length} states</summary>
                          <p className="pub-muted" style={{ margin: '6px 0 0' }}>
                            {[...l.states]
                              .map((c) => stateName(c) ?? c)
                              .sort()
                              .join(', ')}
                          </p>
                        </details>
                      )}
                      <a className="btn btn-ghost btn-lg" href={l.url} target="_blank" rel="noopener noreferrer">
                        View construction loans
                        <span className="visually-hidden"> at {l.name} (opens in a new tab)</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>

          <p className="pub-muted pub-small" style={{ marginTop: 28, maxWidth: '75ch' }}>
            Service areas are taken from each lender’s own website; products and areas change, so confirm with the
            lender before you apply. BuildLedger is not paid by these lenders. Also compare offers from local banks
            and credit unions. To see what price range you can afford, try the{' '}
            <Link to="/house-affordability">house-affordability calculator</Link>.
          </p>

          <div className="pub-actions" style={{ marginTop: 20 }}>
            <button type="button" className="btn btn-ghost btn-lg" onClick={goBack}>
              Back
            </button>
          </div>
        </div>
      </section>
    </PublicPage>
  );
}
