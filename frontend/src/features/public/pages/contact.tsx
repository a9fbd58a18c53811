import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';
import { PublicPage } from '../components/public-page';
import { SupportEmail } from '../components/support-email';
import { usePageMeta } from '../hooks/use-page-meta';

export default function Contact() {
  usePageMeta({
    title: 'Contact Us | BuildLedger',
    description: 'How to reach the BuildLedger team with questions about your account, billing or the app.',
  });
  return (
    <PublicPage>
      <PageHeader eyebrow="Contact" title="Contact Us">
        We are a small team and we read every message.
      </PageHeader>
      <section className="pub-section">
        <div className="pub-container pub-narrow">
          <div className="pub-card">
            <h2>Email us</h2>
            <p>
              Write to <SupportEmail subject="BuildLedger question" /> and we aim to reply within two business days.
            </p>
            <p className="pub-muted">
              Include the email address of your account and, for a problem, what you were doing and what you saw. Never
              send your password: we will never ask for it.
            </p>
          </div>
          <div className="pub-grid" style={{ marginTop: 20 }}>
            <div className="pub-card">
              <h3>Billing</h3>
              <p className="pub-muted">
                You can cancel or resume your subscription, change your card and see invoices in Account Settings.
              </p>
            </div>
            <div className="pub-card">
              <h3>Ideas and feedback</h3>
              <p className="pub-muted">
                Have an idea? <Link to="/tell-us-what-you-think">Tell us what you think</Link>.
              </p>
            </div>
          </div>
        </div>
      </section>
    </PublicPage>
  );
}
