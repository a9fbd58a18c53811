import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import {
  adminCancelSubscription,
  adminKeys,
  adminSubscriptionsQuery,
  markCanceled,
  type AdminSubscriptionRow,
} from '../api';

export function AdminSubscriptions() {
  const qc = useQueryClient();
  const rows = useQuery(adminSubscriptionsQuery());
  const [pending, setPending] = useState<string | null>(null);

  const cancel = async (id: string) => {
    setPending(id);
    try {
      await adminCancelSubscription(id);
      qc.setQueryData<AdminSubscriptionRow[]>(adminKeys.subscriptions(), (old) => markCanceled(old ?? [], id));
    } catch (e) {
      console.error('Error canceling subscription', e);
      window.alert('Error canceling subscription. Check console for more details.');
    } finally {
      setPending(null);
    }
  };

  let body;
  if (rows.isPending) body = <p className="muted">Loading...</p>;
  else if (rows.isError)
    body = (
      <p className="form-error" role="alert">
        {rows.error instanceof ApiError && rows.error.status === 403
          ? 'You do not have permission to view this page.'
          : 'An error occurred while loading subscriptions.'}
      </p>
    );
  else
    body = (
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Stripe Customer ID</th>
              <th scope="col">Subscription ID</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.data.length === 0 && (
              <tr>
                <td colSpan={5} className="muted center">
                  No subscriptions yet.
                </td>
              </tr>
            )}
            {rows.data.map((r, i) => (
              <tr key={`${r.username}-${i}`}>
                <td>{r.username}</td>
                <td className="mono">{r.stripe_customer_id || '-'}</td>
                <td className="mono">{r.subscription_id || '-'}</td>
                <td>{r.status ? <span className={`pill pill-${r.status}`}>{r.status}</span> : '-'}</td>
                <td>
                  {r.subscription_id ? (
                    <button
                      type="button"
                      className="btn btn-danger btn-sm"
                      disabled={pending === r.subscription_id}
                      onClick={() => void cancel(r.subscription_id as string)}
                      aria-label={`Cancel subscription of ${r.username}`}
                    >
                      Cancel
                    </button>
                  ) : (
                    '-'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <main className="page">
      <header className="page-header">
        <h1>Admin Subscription Dashboard</h1>
        <p className="muted">Every user&apos;s subscription. Cancelling here ends it immediately.</p>
      </header>
      <section className="card">{body}</section>
    </main>
  );
}
