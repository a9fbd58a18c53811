import { PageHeader } from '../components/page-header';
import { PublicPage } from '../components/public-page';
import { SupportEmail } from '../components/support-email';
import { usePageMeta } from '../hooks/use-page-meta';

const EFFECTIVE_DATE = '3/11/2025';

export default function PrivacyPolicy() {
  usePageMeta({
    title: 'Privacy Policy | BuildLedger',
    description: 'What BuildLedger stores about you, why, who processes it, and the choices you have.',
  });
  return (
    <PublicPage>
      <PageHeader eyebrow="Legal" title="Privacy Policy">
        <span data-testid="effective-date">Effective date: {EFFECTIVE_DATE}</span>
      </PageHeader>
      <div className="pub-container pub-section">
        <article className="pub-prose">
          <p>
            This policy explains what information BuildLedger (“we”, “us”) keeps when you use the BuildLedger website
            and app, why we keep it and what you can do about it. The short version: we store what you put into the
            app so it can work, we use Stripe to take payments, and we do not sell your data, show ads or use
            tracking cookies.
          </p>

          <h2>1. What we store</h2>
          <h3>Your account</h3>
          <ul>
            <li>Your username and email address.</li>
            <li>
              Your password, only as an Argon2id hash. We never store or see your password itself, and we cannot tell
              you what it is.
            </li>
            <li>Whether your account has administrator rights, and when it was created.</li>
          </ul>
          <h3>Your projects</h3>
          <ul>
            <li>
              Project details you enter: name, zip code, project and property type, units, renovation, addition or
              conversion options, square footage, start and end dates, budget and whether you are an owner-builder.
            </li>
            <li>
              Tasks: title, description, material quality, status, your actual cost, due date and their order on the
              board.
            </li>
            <li>
              Documents you upload to a task, such as contractor quotes, invoices, photos or plans, with their file
              name, type and size.
            </li>
          </ul>
          <h3>Your subscription</h3>
          <ul>
            <li>
              Your Stripe customer ID, subscription ID, subscription status, current period end and whether it is set
              to cancel, plus the invoice history Stripe returns (amount, currency, status, date).
            </li>
            <li>
              We never receive or store your full card number or security code. Card details are entered into forms
              provided by Stripe and go directly to Stripe.
            </li>
          </ul>
          <h3>In your browser</h3>
          <ul>
            <li>
              Your sign-in tokens (an access token that expires after 15 minutes and a refresh token that expires
              after 14 days) and your light or dark theme choice are kept in your browser’s local storage. Signing out
              removes the tokens.
            </li>
            <li>We do not use advertising, analytics or tracking cookies.</li>
          </ul>
          <h3>Free tools</h3>
          <p>
            The cost estimate sends the zip code, square footage and quality you enter to our server to calculate the
            result; it is not saved to an account. The affordability calculator runs entirely in your browser: the
            numbers you type are never sent to us.
          </p>

          <h2>2. Why we use it</h2>
          <ul>
            <li>To provide the app: show your projects, predict costs, store your documents and sign you in.</li>
            <li>To bill your subscription and show your billing history.</li>
            <li>To answer you when you contact us.</li>
            <li>To keep the service secure, for example by limiting repeated failed sign-in attempts.</li>
          </ul>
          <p>We do not sell, rent or share your information for advertising, and we do not profile you.</p>

          <h2>3. Who else processes it</h2>
          <ul>
            <li>
              <strong>Stripe, Inc.</strong> processes payments and stores your payment details. When you subscribe you
              are taken to Stripe’s hosted checkout page, and the card form in Account Settings is loaded from Stripe.
              Stripe’s use of your data is covered by{' '}
              <a href="https://stripe.com/privacy" target="_blank" rel="noopener noreferrer">
                Stripe’s privacy policy
              </a>
              .
            </li>
            <li>
              <strong>Our hosting provider</strong> runs the servers and storage where your account, projects and
              documents are kept, on our behalf and under our instructions.
            </li>
            <li>
              <strong>YouTube (Google).</strong> Some guides include a video. Nothing is loaded from YouTube until you
              press play; the video then plays from youtube-nocookie.com (YouTube’s privacy-enhanced mode) and YouTube’s
              own privacy policy applies.
            </li>
          </ul>
          <p>
            Links to lenders and other websites take you to sites we do not control; their privacy policies apply
            there. We may disclose information if the law requires it.
          </p>

          <h2>4. How long we keep it</h2>
          <ul>
            <li>Your account data is kept while your account exists.</li>
            <li>
              Deleting a task or project deletes its details and its uploaded documents from our storage at once.
            </li>
            <li>
              To delete your whole account, email <SupportEmail subject="Delete my BuildLedger account" /> from the
              address on the account. We delete your account and projects within 30 days, except billing records we
              must keep for tax and accounting law.
            </li>
          </ul>

          <h2>5. How we protect it</h2>
          <ul>
            <li>Passwords are hashed with Argon2id; sign-in tokens are short-lived.</li>
            <li>Every project, task and document is visible only to the account that created it.</li>
            <li>Uploaded documents are served only through signed links that expire after 15 minutes.</li>
          </ul>
          <p>No system is perfectly secure. If we learn of a breach affecting your data we will tell you as the law requires.</p>

          <h2>6. Your choices and rights</h2>
          <ul>
            <li>You can view and edit your projects and tasks at any time, and export tasks as CSV or PDF.</li>
            <li>You can cancel your subscription at any time in Account Settings.</li>
            <li>
              You can ask us for a copy of your data, to correct it or to delete it by emailing{' '}
              <SupportEmail subject="BuildLedger privacy request" />. Depending on where you live (for example
              California), you may have further rights under local law, and we will honour them.
            </li>
          </ul>

          <h2>7. Children</h2>
          <p>
            BuildLedger is not directed to children under 13 and we do not knowingly collect information from them.
          </p>

          <h2>8. Changes to this policy</h2>
          <p>
            If we change this policy we will update the effective date above, and for significant changes we will tell
            signed-in users in the app or by email before the change applies.
          </p>

          <h2>9. Contact</h2>
          <p>
            Questions about privacy: <SupportEmail subject="BuildLedger privacy question" />.
          </p>
        </article>
      </div>
    </PublicPage>
  );
}
