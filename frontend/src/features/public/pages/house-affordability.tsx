import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';
import { PublicPage } from '../components/public-page';
import { usePageMeta } from '../hooks/use-page-meta';
import {
  AFFORDABILITY_DEFAULTS,
  calculateAffordability,
  formatDollars,
  type AffordabilityInput,
  type AffordabilityResult,
} from '../utils/affordability';

type Field = keyof AffordabilityInput;

const FIELDS: { key: Field; label: string; hint: string; step: string; prefix?: string; suffix?: string }[] = [
  { key: 'annualIncome', label: 'Annual household income', hint: 'Before taxes, everyone on the loan', step: '1', prefix: '$' },
  { key: 'downPayment', label: 'Down payment', hint: 'Cash or land equity you will put in', step: '1', prefix: '$' },
  {
    key: 'monthlyDebts',
    label: 'Total monthly non-housing debts',
    hint: 'Car, student and personal loans, minimum card payments',
    step: '1',
    prefix: '$',
  },
  { key: 'interestRate', label: 'Interest rate (%)', hint: 'Annual rate, e.g. 7 or 6.75', step: '0.01', suffix: '%' },
  { key: 'loanTermYears', label: 'Loan term (years)', hint: 'Usually 15 or 30', step: '1' },
  {
    key: 'propertyTaxRate',
    label: 'Property tax rate (%)',
    hint: 'Annual, as a share of home value (not used in this estimate)',
    step: '0.01',
    suffix: '%',
  },
  { key: 'insuranceMonthly', label: 'Homeowners insurance per month', hint: 'Your quote, or about $100', step: '1', prefix: '$' },
];

const initial: AffordabilityInput = {
  annualIncome: '',
  downPayment: '',
  monthlyDebts: '',
  ...AFFORDABILITY_DEFAULTS,
};

export default function HouseAffordability() {
  usePageMeta({
    title: 'Build Your Dream Home',
    description:
      'Free house-affordability calculator: estimate the home price, monthly housing payment and loan amount your income supports using the 28/36 rule.',
  });
  const [values, setValues] = useState<Record<Field, string>>(initial as Record<Field, string>);
  const [result, setResult] = useState<AffordabilityResult | null>(null);
  const [presses, setPresses] = useState(0);
  const resultRef = useRef<HTMLElement>(null);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setResult(calculateAffordability(values));
    setPresses((n) => n + 1);
  }

  // On phones the result sits below the form: bring it into view after each press.
  useEffect(() => {
    if (presses === 0) return;
    const el = resultRef.current;
    if (!el || typeof el.scrollIntoView !== 'function') return;
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight) el.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [presses]);

  return (
    <PublicPage>
      <PageHeader eyebrow="Free calculator" title="Build Your Dream Home">
        How much house can you afford? Enter your numbers and press Calculate for an estimated price range, monthly
        payment and loan amount.
      </PageHeader>

      <section className="pub-section">
        <div className="pub-container pub-split">
          <form className="pub-form" onSubmit={onSubmit} aria-label="House affordability calculator">
            {FIELDS.map((f) => (
              <div className="pub-field" key={f.key}>
                <label htmlFor={`aff-${f.key}`}>{f.label}</label>
                <input
                  id={`aff-${f.key}`}
                  name={f.key}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={f.step}
                  value={values[f.key]}
                  onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
                  aria-describedby={`aff-${f.key}-hint`}
                />
                <span className="pub-hint" id={`aff-${f.key}-hint`}>
                  {f.hint}
                </span>
              </div>
            ))}
            <div className="pub-actions">
              <button type="submit" className="btn btn-primary btn-lg">
                Calculate
              </button>
            </div>
          </form>

          <div>
            <div aria-live="polite">
              {result ? (
                <section className="pub-result" data-testid="affordability-result" aria-label="Your results" ref={resultRef}>
                  <h2 style={{ fontSize: '1.25rem' }}>Your estimate</h2>
                  <dl className="pub-stat-row pub-stat-row--result" style={{ margin: 0 }}>
                    <div className="pub-stat pub-stat--main">
                      <dt>Home price you can afford</dt>
                      <dd data-testid="result-house-price">{formatDollars(result.housePrice)}</dd>
                    </div>
                    <div className="pub-stat">
                      <dt>Monthly housing payment</dt>
                      <dd data-testid="result-monthly-payment">{formatDollars(result.monthlyPayment)}</dd>
                    </div>
                    <div className="pub-stat">
                      <dt>Loan amount</dt>
                      <dd data-testid="result-loan-amount">{formatDollars(result.loanAmount)}</dd>
                    </div>
                  </dl>
                </section>
              ) : (
                <p className="pub-muted">Your results appear here after you press Calculate.</p>
              )}
            </div>

            <p className="pub-note" data-testid="affordability-disclaimer" style={{ marginTop: 20 }}>
              These results are estimates only and are not a loan offer or pre-approval. Contact a lender for an
              accurate figure based on your credit, savings and local costs.
            </p>

            <div className="pub-prose pub-small pub-muted" style={{ marginTop: 20 }}>
              <h2 style={{ fontSize: '1.05rem' }}>How we calculate it</h2>
              <ul>
                <li>
                  Your monthly housing payment is capped at the lower of 28% of your gross monthly income and 36% of
                  it minus your other monthly debts (the common “28/36” guideline).
                </li>
                <li>
                  Homeowners insurance comes out of that payment; the rest pays principal and interest. The loan
                  amount is what that monthly amount repays over the term at your rate.
                </li>
                <li>Home price = loan amount + down payment. Empty fields count as zero.</li>
                <li>
                  Property taxes and mortgage insurance also come out of the payment in real life, so budget a margin
                  below this figure.
                </li>
              </ul>
              <p>
                Ready for real numbers? <Link to="/find-lender">Find a construction lender in your state</Link>.
              </p>
            </div>
          </div>
        </div>
      </section>
    </PublicPage>
  );
}
