import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { configQuery } from '../../../config/config-query';
import { noticeFrom } from '../../../lib/route-state';
import { checkSubscriptionQuery, createCheckoutSession } from '../api';
import '../subscription.css';

export function ChoosePlan() {
  const config = useQuery(configQuery());
  const check = useQuery(checkSubscriptionQuery());
  const [busy, setBusy] = useState(false);
  // Handed on by the guard (issue 35: "You left <project>." after a member's last shared project).
  const notice = noticeFrom(useLocation().state);

  const subscribe = async () => {
    setBusy(true);
    try {
      const cfg = config.data ?? (await config.refetch()).data;
      const session = await createCheckoutSession(cfg?.stripe_price_id ?? null);
      const url = session.url ?? (session.sessionId ? `/local-checkout/${session.sessionId}` : null);
      if (!url) throw new Error('No checkout url');
      window.location.assign(url);
    } catch (e) {
      console.error(e);
      window.alert('An error occurred while processing your subscription. Please try again.');
      setBusy(false);
    }
  };

  return (
    <main className="page">
      <header className="page-header center">
        <h1>Choose a Subscription Plan</h1>
        <p className="muted">Everything you need to estimate, track and manage your construction budget.</p>
      </header>
      {notice && (
        <p className="notice center" role="status">
          {notice}
        </p>
      )}
      {check.data?.is_subscribed && (
        <p className="notice center" role="status">
          You already have an active subscription. <Link to="/projects">Go to your projects</Link>
        </p>
      )}
      <section className="plan-card card" aria-labelledby="plan-title">
        <h2 id="plan-title">Access to the BuildLedger app</h2>
        <p className="plan-price">
          <span className="amount">$1.99</span> <span className="per">per month</span>
        </p>
        <ul className="plan-features">
          <li>Unlimited projects and tasks</li>
          <li>Predicted costs for your zip code</li>
          <li>Kanban board and spreadsheet views</li>
          <li>Upload contractor quotes and documents</li>
          <li>CSV and PDF exports</li>
          <li>Cancel anytime</li>
        </ul>
        <button
          type="button"
          className="btn btn-primary btn-block btn-lg"
          onClick={() => void subscribe()}
          disabled={busy}
        >
          {busy ? 'Redirecting…' : 'Subscribe'}
        </button>
        {config.data?.payments_mode === 'local' && (
          <p className="hint center">Test mode: checkout is simulated locally and no card is charged.</p>
        )}
      </section>
      <p className="hint center plan-account">
        <Link to="/account">Your account</Link>: change your password, download your data or delete the account.
      </p>
    </main>
  );
}
