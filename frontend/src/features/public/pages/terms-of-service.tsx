import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';
import { PublicPage } from '../components/public-page';
import { SupportEmail } from '../components/support-email';
import { usePageMeta } from '../hooks/use-page-meta';

const EFFECTIVE_DATE = '3/11/2025';

export default function TermsOfService() {
  usePageMeta({
    title: 'Terms of Service | BuildLedger',
    description: 'The terms that apply when you use BuildLedger, including subscriptions, your content and estimates.',
  });
  return (
    <PublicPage>
      <PageHeader eyebrow="Legal" title="Terms of Service">
        <span data-testid="effective-date">Effective date: {EFFECTIVE_DATE}</span>
      </PageHeader>
      <div className="pub-container pub-section">
        <article className="pub-prose">
          <p>
            These terms are an agreement between you and BuildLedger (“we”, “us”) for the use of the BuildLedger
            website and app (the “Service”). By creating an account or using the Service you accept them. If you do
            not agree, please do not use the Service.
          </p>

          <h2>1. The Service</h2>
          <p>
            BuildLedger helps you plan and track the budget of a home construction or remodeling project: projects,
            tasks, predicted and actual costs, uploaded documents and exports. Free guides and calculators are
            available without an account.
          </p>

          <h2>2. Your account</h2>
          <ul>
            <li>You must be at least 18 years old and able to enter a contract to create an account.</li>
            <li>Give accurate information and keep your email address current.</li>
            <li>
              Keep your password secret. You are responsible for activity on your account; tell us at once at{' '}
              <SupportEmail subject="Account security" /> if you think someone else has used it.
            </li>
          </ul>

          <h2>3. Subscription and billing</h2>
          <ul>
            <li>
              Access to the app costs $1.99 per month, charged in advance through Stripe, our payment processor, and
              renews automatically each month until you cancel.
            </li>
            <li>
              You can cancel anytime in Account Settings. Cancellation stops the next renewal; you keep access until
              the end of the period you have paid for, and you can resume before then.
            </li>
            <li>
              Payments are non-refundable except where the law requires otherwise or where we charged you in error.
            </li>
            <li>
              We may change the price with at least 30 days’ notice by email; the new price applies from your next
              renewal after the notice period, and you can cancel before it does.
            </li>
            <li>Prices do not include any taxes that may apply where you live.</li>
          </ul>

          <h2>4. Your content</h2>
          <p>
            You own the information and files you put into BuildLedger. You give us permission to store, process and
            display them only to provide the Service to you. You are responsible for having the right to upload what
            you upload, for example a contractor’s quote you received. Our{' '}
            <Link to="/privacy-policy">Privacy Policy</Link> explains how we handle your information.
          </p>

          <h2>5. Acceptable use</h2>
          <p>Do not use the Service to:</p>
          <ul>
            <li>break the law or infringe anyone’s rights;</li>
            <li>upload malware or files you are not allowed to share;</li>
            <li>try to access another user’s account or data, or probe, overload or disrupt the Service;</li>
            <li>resell or copy the Service or its cost data in bulk.</li>
          </ul>

          <h2>6. Estimates are not professional advice</h2>
          <p>
            Predicted costs, the free cost estimate and the affordability calculator are planning estimates based on
            published national averages and general rules of thumb. They are not quotes, appraisals, or financial,
            legal, engineering or lending advice. Actual costs depend on your site, design, market and contractors.
            Get written bids, and talk to a lender and qualified professionals before you commit money.
          </p>
          <p>
            The lender list and links to other websites are provided for convenience. We do not endorse or control
            those businesses and are not responsible for their products, terms or content.
          </p>

          <h2>7. Availability and changes</h2>
          <p>
            We work to keep the Service available and your data safe, but we do not guarantee uninterrupted service.
            Keep your own copies of important documents. We may change or improve features; if we discontinue the
            Service we will give reasonable notice and a way to export your data.
          </p>

          <h2>8. Ending your use</h2>
          <p>
            You may stop using the Service at any time and ask us to delete your account. We may suspend or close an
            account that breaks these terms, after notice where reasonable.
          </p>

          <h2>9. Disclaimers and limits of liability</h2>
          <p>
            The Service is provided “as is” and “as available”, without warranties of any kind to the extent the law
            allows. To the extent the law allows, we are not liable for indirect or consequential losses, such as
            construction cost overruns, lost profits or lost data, and our total liability for any claim is limited to
            the amount you paid us in the 12 months before the claim. Some jurisdictions do not allow these limits, so
            they may not apply to you.
          </p>

          <h2>10. Changes to these terms</h2>
          <p>
            If we change these terms we will update the effective date above and, for significant changes, tell
            account holders by email or in the app before they apply. Continuing to use the Service after that means
            you accept the new terms.
          </p>

          <h2>11. Contact</h2>
          <p>
            Questions about these terms: <SupportEmail subject="BuildLedger terms question" />.
          </p>
        </article>
      </div>
    </PublicPage>
  );
}
