import { Link } from 'react-router';
import { CostEstimateForm } from '../components/cost-estimate-form';
import { PublicPage } from '../components/public-page';
import { LANDING_META } from '../content/meta';
import { usePageMeta } from '../hooks/use-page-meta';

const icon = (path: string) => (
  <span className="pub-icon" aria-hidden="true">
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={path} />
    </svg>
  </span>
);

const PROMISES = [
  {
    title: 'Predict building costs in your zip code',
    text: 'Enter a zip code and square footage to see what each stage of a new home typically costs in your state, from permits and foundations to finishes, with the published sources behind every figure.',
    icon: 'M12 21s-7-6.5-7-11a7 7 0 1 1 14 0c0 4.5-7 11-7 11z M12 10.5a2 2 0 1 0 0-.01',
  },
  {
    title: 'Compare bids from multiple contractors',
    text: 'Upload each contractor’s quote to the task it covers and set their numbers side by side with the regional prediction, so a price that is far too high or too low stands out.',
    icon: 'M4 6h16 M4 12h10 M4 18h6 M18 14l2 2 4-4',
  },
  {
    title: 'Track everything in one app',
    text: 'Tasks, budget, actual costs, quotes and receipts live in one project, on a board or a spreadsheet, with a warning the moment your predicted total passes your budget.',
    icon: 'M3 3h7v7H3z M14 3h7v7h-7z M3 14h7v7H3z M14 14h7v7h-7z',
  },
];

const FEATURES = [
  'A pre-built or customizable task list for your project',
  'Upload and view contractor quotes on each task',
  'Real-time final-cost prediction as actual costs come in',
  'Lender finder to define your budget',
  'A land-buying guide for choosing your lot',
  'A free house-affordability calculator',
];

export default function Landing() {
  usePageMeta(LANDING_META);
  return (
    <PublicPage>
      <section className="pub-hero" aria-labelledby="hero-title">
        <div className="pub-container pub-hero-grid">
          <div>
            <h1 id="hero-title">Build or remodel your home with a budget you can trust</h1>
            <p>
              BuildLedger predicts what your build should cost in your zip code, lines up contractor bids against
              that prediction, and tracks every task and dollar until move-in day.
            </p>
            <div className="pub-actions">
              <Link className="btn btn-light btn-lg" to="/signup">
                Signup
              </Link>
              <a className="btn btn-outline-light btn-lg" href="#estimate">
                Try a free estimate
              </a>
            </div>
            <p className="pub-hero-note">$1.99 per month after signup. Cancel anytime.</p>
          </div>
          <div className="pub-hero-card" aria-hidden="true">
            <p className="pub-hero-card-title">Example: 2,400 sq ft new build</p>
            <p className="pub-hero-sub">Budget $450,000 · actual costs replace predictions as you pay</p>
            <ul className="pub-hero-bars">
              <li>
                <span>Foundation</span>
                <span>$44,100 paid</span>
                <span className="pub-hero-bar">
                  <span className="paid" style={{ width: '100%' }} />
                </span>
              </li>
              <li>
                <span>Framing</span>
                <span>$62,300 of $64,400</span>
                <span className="pub-hero-bar">
                  <span style={{ width: '82%' }} />
                </span>
              </li>
              <li>
                <span>Roofing</span>
                <span>3 bids to compare</span>
                <span className="pub-hero-bar">
                  <span style={{ width: '30%' }} />
                </span>
              </li>
            </ul>
            <div className="pub-hero-total">
              <span>Predicted total</span>
              <span className="ok">$431,200 · under budget</span>
            </div>
          </div>
        </div>
      </section>

      <section className="pub-section" aria-labelledby="promises-title">
        <div className="pub-container">
          <h2 id="promises-title">What BuildLedger does for you</h2>
          <div className="pub-grid pub-grid--3" style={{ marginTop: 20 }}>
            {PROMISES.map((p) => (
              <article className="pub-card" key={p.title}>
                {icon(p.icon)}
                <h3>{p.title}</h3>
                <p className="pub-muted">{p.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="pub-section pub-section--alt" aria-labelledby="features-title">
        <div className="pub-container">
          <h2 id="features-title">Everything you need from lot to keys</h2>
          <p className="pub-lead">
            Built for custom-home builders, owner-builders and anyone renovating, adding on, converting a garage
            or building an ADU.
          </p>
          <ul className="pub-checklist">
            {FEATURES.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className="pub-section" id="estimate" aria-labelledby="estimate-title">
        <div className="pub-container">
          <h2 id="estimate-title">Free cost estimate for a new home</h2>
          <p className="pub-lead">
            No account needed. We multiply national cost-per-square-foot figures from the National Association of
            Home Builders’ 2024 cost survey by your state’s construction cost factor. Remodels and additions are
            priced per job, and every line links to the <Link to="/cost-sources">sources</Link> behind it.
          </p>
          <CostEstimateForm />
        </div>
      </section>

      <section className="pub-section pub-section--alt" aria-labelledby="start-title">
        <div className="pub-container">
          <div className="pub-callout">
            <h2 id="start-title">Not sure where to start?</h2>
            <p>
              Our free Resource Hub walks you through the first decisions: how much house you can afford, which
              lenders make construction loans in your state, how to buy land, and a step-by-step building
              checklist.
            </p>
            <Link className="btn btn-primary btn-lg" to="/resource-hub">
              Resource Hub
            </Link>
          </div>
        </div>
      </section>
    </PublicPage>
  );
}
