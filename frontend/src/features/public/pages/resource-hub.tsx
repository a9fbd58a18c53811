import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';
import { PublicPage } from '../components/public-page';
import { TIPS } from '../content/tips';
import { usePageMeta } from '../hooks/use-page-meta';

const TOOLS = [
  {
    to: '/find-lender',
    title: 'Find Out Your Home Building Budget',
    text: 'See banks and credit unions that advertise construction loans in your state.',
    cta: 'Find a lender',
  },
  {
    to: '/find-land',
    title: 'How to Find and Buy Land',
    text: 'Ten steps from setting a budget to preparing the site, with the checks to make before you buy.',
    cta: 'Read the land guide',
  },
  {
    to: '/house-affordability',
    title: 'House Affordability Calculator',
    text: 'Estimate the home price, monthly payment and loan amount your income supports.',
    cta: 'Open the calculator',
  },
];

export default function ResourceHub() {
  usePageMeta({
    title: 'Resource Hub: Free Tools and Guides for Building a Home | BuildLedger',
    description:
      'Free tools and guides for building a house: find a construction lender, buy land, check what you can afford, save money and follow an 11-step building checklist.',
  });
  return (
    <PublicPage>
      <PageHeader eyebrow="Free resources" title="Resource Hub">
        Everything you need to plan a build, in the order most people need it. All free, no account required.
      </PageHeader>

      <section className="pub-section" aria-labelledby="tools-h">
        <div className="pub-container">
          <h2 id="tools-h">Plan your budget and your lot</h2>
          <div className="pub-grid pub-grid--3" style={{ marginTop: 16 }}>
            {TOOLS.map((t) => (
              <article className="pub-card" key={t.to}>
                <h3>{t.title}</h3>
                <p className="pub-muted">{t.text}</p>
                <Link className="btn btn-ghost btn-lg" to={t.to}>
                  {t.cta}
                </Link>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="pub-section pub-section--alt" aria-labelledby="blog-h">
        <div className="pub-container pub-split">
          <div>
            <span className="pub-eyebrow">From the blog</span>
            <h2 id="blog-h">10 Tips to Save Money When Building a House</h2>
            <p className="pub-muted">
              The biggest savings are decided on paper: a realistic budget with a contingency, the right lot, a simple
              shape, grouped plumbing and a smart mix of materials.
            </p>
            <Link className="btn btn-primary btn-lg" to="/blog/10-tips-to-save-money">
              Read the article
            </Link>
          </div>
          <div className="pub-card">
            <ol style={{ margin: 0, paddingLeft: '1.4em' }} aria-label="First five tips in the article">
              {TIPS.slice(0, 5).map((t) => (
                <li key={t.title}>{t.title}</li>
              ))}
            </ol>
            <p className="pub-muted" style={{ margin: '6px 0 0' }}>
              …and five more in the article.
            </p>
          </div>
        </div>
      </section>

      <section className="pub-section" aria-labelledby="check-h">
        <div className="pub-container">
          <div className="pub-callout">
            <h2 id="check-h">Building checklist</h2>
            <p>
              Eleven steps from budget to final walkthrough, with the numbers lenders and builders expect: a 10–20%
              contingency, a credit score often around 680 or higher for a construction loan, and 20%–50% down on
              a land loan.
            </p>
            <Link className="btn btn-primary btn-lg" to="/checklist">
              View the checklist
            </Link>
          </div>
        </div>
      </section>
    </PublicPage>
  );
}
