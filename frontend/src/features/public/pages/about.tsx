import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';
import { PublicPage } from '../components/public-page';
import { VideoEmbed } from '../components/video-embed';
import { VIDEOS } from '../content/videos';
import { usePageMeta } from '../hooks/use-page-meta';

export default function About() {
  usePageMeta({
    title: 'What is BuildLedger? Budgeting and cost tracking for home builds | BuildLedger',
    description:
      'BuildLedger helps people who build or remodel a home predict costs by zip code, compare contractor bids and track every task and dollar in one place.',
  });
  return (
    <PublicPage>
      <PageHeader eyebrow="About" title="What is BuildLedger?">
        A budgeting and task-tracking app for people building or remodeling their own home.
      </PageHeader>
      <div className="pub-container pub-section">
        <div className="pub-split">
          <article className="pub-prose">
            <h2 style={{ marginTop: 0 }}>Why we built it</h2>
            <p>
              Building a home is the largest purchase most people ever make, and it is usually paid for in pieces: a
              lot, a foundation, a framing crew, a roofer, a plumber, dozens of invoices over a year or more. Most
              owners track it in a spreadsheet and find out they are over budget when the money runs out.
            </p>
            <p>
              We wanted the answer to one question at every stage: <em>will this house come in on budget?</em>{' '}
              BuildLedger answers it by comparing what each task should cost where you are building with what you are
              actually paying.
            </p>
            <h2>How it works</h2>
            <ul>
              <li>
                <strong>Predicted costs.</strong> Each task gets a predicted cost from published national
                cost-per-square-foot figures (the National Association of Home Builders’ 2024 construction cost
                survey and remodeling cost reports), adjusted by a state cost factor from the U.S. Army Corps of
                Engineers’ construction cost index, times your square footage. Jobs such as a kitchen remodel or a new roof
                are priced per job, whatever the size of the house, and every prediction comes with a likely range. The
                sources are listed with every estimate and on the <Link to="/cost-sources">cost data sources</Link> page.
              </li>
              <li>
                <strong>Your actual costs.</strong> Enter quotes and payments as they happen, attach the contractor’s
                quote or invoice, and move tasks from To Do to In Progress to Paid.
              </li>
              <li>
                <strong>One budget view.</strong> Your predicted total turns red the moment it passes your budget, so
                you can change a finish or renegotiate a bid while it still matters.
              </li>
            </ul>
            <h2>Who it is for</h2>
            <p>
              People building a custom home, owner-builders managing their own subcontractors, and anyone renovating,
              adding on, converting a garage or building an ADU.
            </p>
            <h2>What it costs</h2>
            <p>
              The Resource Hub, calculator and guides are free. The app is $1.99 per month, and you can cancel anytime.
              We do not sell your data or show ads.
            </p>
            <div className="pub-actions">
              <Link className="btn btn-primary btn-lg" to="/signup">
                Signup
              </Link>
              <Link className="btn btn-ghost btn-lg" to="/resource-hub">
                Explore the Resource Hub
              </Link>
            </div>
          </article>
          <aside aria-label="Video">
            <VideoEmbed video={VIDEOS.about} />
          </aside>
        </div>
      </div>
    </PublicPage>
  );
}
