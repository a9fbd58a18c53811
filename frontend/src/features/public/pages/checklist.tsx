import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';
import { PublicPage } from '../components/public-page';
import { usePageMeta } from '../hooks/use-page-meta';

interface Step {
  title: string;
  text: string;
  items?: string[];
  fact?: { label: string; value: string };
  action?: { to: string; label: string };
}

const STEPS: Step[] = [
  {
    title: 'Set your budget, with a contingency',
    text: 'Decide the total you can spend on land, site work, construction and fees, and how you will pay for it. Hold back a contingency for surprises and changes you decide on along the way.',
    fact: { label: 'Contingency', value: '10–20% of your budget' },
    action: { to: '/find-lender', label: 'Find a lender in your state' },
  },
  {
    title: 'Find and buy your land',
    text: 'Check zoning, soil, utilities, access and flood risk before you buy, and make your offer contingent on a survey, a clear title and a passing perc test if you need septic.',
    fact: { label: 'Land loan down payment', value: 'often 20%–50%' },
    action: { to: '/find-land', label: 'Read the land-buying guide' },
  },
  {
    title: 'Choose a general contractor (or decide to be an owner-builder)',
    text: 'Get at least three bids on the same plans. Check the contractor’s license where your state or city requires one, proof of liability and workers’ compensation insurance, references and recent projects. Lenders usually need to approve the builder.',
  },
  {
    title: 'Hire an architect or designer',
    text: 'Bring your budget to the first meeting. A designer turns your wish list into plans the permit office, your lender’s appraiser and your contractor can price.',
  },
  {
    title: 'Confirm zoning and get your permits',
    text: 'Confirm setbacks, height limits and any HOA review, then apply for building, septic, well, driveway and grading permits as needed. Ask what inspections each permit requires.',
  },
  {
    title: 'Finalise your wish list and floor plan',
    text: 'Lock in room sizes, window and door locations, plumbing locations and major finishes before you sign the construction contract. Changes after that cost the most.',
  },
  {
    title: 'Arrange construction financing',
    text: 'A construction-to-permanent (one-time close) loan pays your builder in draws during construction and becomes your mortgage at the end. Lenders look closely at credit, income, savings and the builder.',
    fact: { label: 'Construction loan credit score', value: 'often around 680 or higher' },
  },
  {
    title: 'Utilities and site preparation',
    text: 'Schedule water, sewer or septic, power, gas and internet connections early; some take months. Clear, grade and install the driveway and erosion control before the foundation goes in.',
  },
  {
    title: 'Select materials',
    text: 'Choose finishes and fixtures early and put allowances in writing. Order long-lead items (windows, cabinets, some appliances) so they arrive when the crew needs them.',
  },
  {
    title: 'Manage the timeline and change orders',
    text: 'Agree a schedule with milestones tied to the lender’s draws. Put every change in a written change order with its price and time impact before the work is done.',
  },
  {
    title: 'Final walkthrough and inspection',
    text: 'Walk the house with your builder and make a punch list of anything unfinished or damaged. The final building inspection leads to the certificate of occupancy, which your lender needs before the loan converts.',
  },
];

export default function Checklist() {
  usePageMeta({
    title: 'Home Building Checklist: 11 Steps from Budget to Move-In | BuildLedger',
    description:
      'An 11-step checklist for building a house: budget and contingency, land, contractor, architect, permits, floor plan, financing, site prep, materials, timeline and final inspection.',
    keywords: 'home building checklist, steps to build a house, construction loan, contingency budget',
  });
  return (
    <PublicPage>
      <PageHeader eyebrow="Checklist" title="Your Home Building Checklist">
        Eleven steps from the first budget to the final walkthrough. Work through them in order; the early steps set
        the limits for everything after.
      </PageHeader>
      <section className="pub-section">
        <div className="pub-container pub-narrow">
          <ol className="pub-steps" aria-label="Building steps">
            {STEPS.map((s, i) => (
              <li className="pub-step" key={s.title} data-testid="checklist-step">
                <span className="pub-step-num" aria-hidden="true">
                  {i + 1}
                </span>
                <div className="pub-card">
                  <h2 style={{ fontSize: '1.2rem' }}>
                    <span className="visually-hidden">Step {i + 1}: </span>
                    {s.title}
                  </h2>
                  <p className="pub-muted">{s.text}</p>
                  {s.fact && (
                    <p className="pub-fact">
                      <strong>{s.fact.label}:</strong> {s.fact.value}
                    </p>
                  )}
                  {s.action && (
                    <div className="pub-actions" style={{ marginTop: 12 }}>
                      <Link className="btn btn-ghost btn-lg" to={s.action.to}>
                        {s.action.label}
                      </Link>
                    </div>
                  )}
                </div>
              </li>
            ))}
          </ol>

          <div className="pub-callout" style={{ marginTop: 32 }}>
            <h2>Keep every step on budget</h2>
            <p>
              BuildLedger turns this checklist into tasks with predicted costs for your zip code, then tracks your
              quotes and actual costs against your budget.
            </p>
            <Link className="btn btn-primary btn-lg" to="/signup">
              Signup
            </Link>
          </div>
        </div>
      </section>
    </PublicPage>
  );
}
