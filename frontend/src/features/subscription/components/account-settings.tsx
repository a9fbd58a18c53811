import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { configQuery } from '../../../config/config-query';
import { formatDate, formatMoney } from '../../../lib/format';
import {
  billingHistoryQuery,
  cancelSubscription,
  resumeSubscription,
  subscriptionKeys,
  subscriptionStatusQuery,
  type SubscriptionStatus,
} from '../api';
import '../subscription.css';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

function statusLabel(s: SubscriptionStatus | undefined): string {
  if (!s || Object.keys(s).length === 0) return 'No active subscription';
  const v = s.subscription_status ?? s.status ?? '';
  return v ? v.charAt(0).toUpperCase() + v.slice(1).replace(/_/g, ' ') : 'No active subscription';
}

function SubscriptionStatusCard() {
  const qc = useQueryClient();
  const status = useQuery(subscriptionStatusQuery());
  const [message, setMessage] = useState('');
  const refresh = () => qc.invalidateQueries({ queryKey: subscriptionKeys.all });
  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (r) => setMessage(r?.message ?? ''),
    onError: (e) => console.error('Cancel subscription failed', e),
    onSettled: refresh,
  });
  const resume = useMutation({
    mutationFn: resumeSubscription,
    onSuccess: (r) => setMessage(r?.message ?? ''),
    onError: (e) => console.error('Resume subscription failed', e),
    onSettled: refresh,
  });

  const data = status.data;
  const empty = !data || Object.keys(data).length === 0;
  const busy = cancel.isPending || resume.isPending;

  return (
    <section className="card" aria-labelledby="sub-status-title">
      <h2 id="sub-status-title">Subscription Status</h2>
      {status.isPending ? (
        <p className="muted">Loading...</p>
      ) : status.isError ? (
        <p className="form-error">Error loading subscription</p>
      ) : (
        <>
          <dl className="kv">
            <div>
              <dt>Status</dt>
              <dd data-testid="subscription-status">
                <span className={`pill pill-${empty ? 'none' : (data.subscription_status ?? data.status ?? 'none')}`}>
                  {statusLabel(data)}
                </span>
                {!empty && data.cancel_at_period_end && <span className="pill pill-warn">Cancels at period end</span>}
              </dd>
            </div>
            {!empty && (
              <div>
                <dt>{data.cancel_at_period_end ? 'Access until' : 'Current period ends'}</dt>
                <dd data-testid="period-end">{formatDate(data.current_period_end ?? null)}</dd>
              </div>
            )}
          </dl>
          {!empty &&
            (data.cancel_at_period_end ? (
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => resume.mutate()}>
                Resume Subscription
              </button>
            ) : (
              <button type="button" className="btn btn-danger" disabled={busy} onClick={() => cancel.mutate()}>
                Cancel Subscription
              </button>
            ))}
          {message && (
            <p className="hint" role="status">
              {message}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function PaymentMethodCard() {
  const config = useQuery(configQuery());
  const key = config.data?.stripe_publishable_key ?? null;
  return (
    <section className="card" aria-labelledby="pm-title">
      <h2 id="pm-title">Update Payment Method</h2>
      {config.isPending ? (
        <p className="muted">Loading...</p>
      ) : key ? (
        <Suspense fallback={<p className="muted">Loading card form...</p>}>
          <StripeCardForm publishableKey={key} />
        </Suspense>
      ) : (
        <p className="notice" data-testid="local-payments-note">
          Payments are in local test mode: there is no card on file to update and nothing is charged.
        </p>
      )}
    </section>
  );
}

function BillingHistoryCard() {
  const history = useQuery(billingHistoryQuery());
  const rows = history.data ?? [];
  return (
    <section className="card" aria-labelledby="billing-title">
      <h2 id="billing-title">Billing History</h2>
      {history.isPending ? (
        <p className="muted">Loading...</p>
      ) : rows.length === 0 ? (
        <p className="muted">No billing history available</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Invoice ID</th>
                <th scope="col">Amount Paid</th>
                <th scope="col">Currency</th>
                <th scope="col">Status</th>
                <th scope="col">Date</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td className="mono">{r.id}</td>
                  <td className="num">{formatMoney(r.amount_paid)}</td>
                  <td>{(r.currency ?? '').toUpperCase()}</td>
                  <td>
                    <span className={`pill pill-${r.status}`}>{r.status}</span>
                  </td>
                  <td>{formatDate(r.date)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The subscription sections; `children` (other features' sections, composed in src/app) go below them. */
export function AccountSettings({ children }: { children?: ReactNode }) {
  return (
    <main className="page narrow-lg">
      <header className="page-header">
        <h1>Account Settings</h1>
        <p className="muted">Manage your subscription, payment method, invoices, password and data.</p>
      </header>
      <div className="stack">
        <SubscriptionStatusCard />
        <PaymentMethodCard />
        <BillingHistoryCard />
        {children}
      </div>
    </main>
  );
}
