import { PageHeader } from '../components/page-header';
import { PublicPage } from '../components/public-page';
import { SupportEmail } from '../components/support-email';
import { usePageMeta } from '../hooks/use-page-meta';

export default function Feedback() {
  usePageMeta({
    title: 'Tell Us What You Think | BuildLedger',
    description: 'Share feedback, ideas and problems with the BuildLedger team.',
  });
  return (
    <PublicPage>
      <PageHeader eyebrow="Feedback" title="Tell Us What You Think">
        BuildLedger is shaped by the people building with it. What works, what is missing, what got in your way?
      </PageHeader>
      <section className="pub-section">
        <div className="pub-container pub-narrow">
          <div className="pub-card">
            <h2>Send us your feedback</h2>
            <p>
              Email <SupportEmail subject="BuildLedger feedback" />. Every message is read by the team that builds the
              app.
            </p>
            <p className="pub-muted">Helpful things to include:</p>
            <ul className="pub-muted">
              <li>what you were trying to do (for example, comparing two roofing bids);</li>
              <li>what you expected and what happened instead;</li>
              <li>the kind of project (new build, renovation, addition, conversion or ADU);</li>
              <li>a screenshot, if it helps, with personal details covered.</li>
            </ul>
          </div>
        </div>
      </section>
    </PublicPage>
  );
}
