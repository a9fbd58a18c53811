import { formatDate, formatIsoDay, formatMoney, formatWholeMoney } from '../../../lib/format';
import type { SharedBidGroup, SharedDocument, SharedPayment, SharedTask } from '../types';
import { formatPercent, formatSize, WAIVER_STATUS } from '../utils';

/** Every task with bids, its bids side by side; the awarded one marked in words (shown only when the link includes bids). */
export function SharedBids({ groups }: { groups: readonly SharedBidGroup[] }) {
  return (
    <section className="card share-section" aria-labelledby="shared-bids-title" data-testid="shared-bids">
      <h2 id="shared-bids-title">Bids</h2>
      {groups.length === 0 ? (
        <p className="muted">No bids yet.</p>
      ) : (
        <div className="share-bid-groups">
          {groups.map((g) => (
            <div key={g.task} className="share-bid-group">
              <h3 className="share-bid-task">
                {g.title}
                {g.predicted_cost !== null && (
                  <span className="share-bid-predicted">Predicted {formatWholeMoney(g.predicted_cost)}</span>
                )}
              </h3>
              <div className="share-table-wrap">
                <table className="share-table share-table-stack">
                  <caption className="visually-hidden">Bids for {g.title}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Contractor</th>
                      <th scope="col" className="num">
                        Amount
                      </th>
                      <th scope="col">Status</th>
                      <th scope="col" className="num">
                        vs predicted
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {g.bids.map((b) => {
                      const awarded = b.id === g.awarded_bid || b.status === 'awarded';
                      return (
                        <tr key={b.id} className={awarded ? 'awarded' : undefined} data-testid="shared-bid">
                          <th scope="row" className="share-cell-main">
                            {b.contractor.name}
                          </th>
                          <td className="num share-cell-amount">{formatMoney(b.amount)}</td>
                          <td className="share-cell-status">
                            {awarded ? (
                              <span className="share-badge share-badge-awarded">Awarded</span>
                            ) : b.status === 'declined' ? (
                              <span className="muted">Declined</span>
                            ) : (
                              <span className="muted">Pending</span>
                            )}
                            {b.lowest && g.bids.length > 1 && <span className="share-lowest">Lowest</span>}
                          </td>
                          <td className="num share-cell-aside">
                            {b.difference_pct === null ? (
                              '-'
                            ) : (
                              <>
                                {formatPercent(b.difference_pct)}
                                <span className="share-phone-only"> vs predicted</span>
                              </>
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

/** A payment's lien waiver (issue 34): not needed, missing, requested or received. */
function WaiverStatus({ status }: { status: string | undefined }) {
  const known = status ? WAIVER_STATUS[status] : undefined;
  if (!known) return <span className="muted">-</span>;
  if (known.tone === 'none') return <span className="muted">{known.label}</span>;
  return <span className={`share-badge share-waiver share-waiver-${known.tone}`}>{known.label}</span>;
}

/**
 * Every payment: date, task, payee, amount, its lien waiver, and their total (shown only when the
 * link includes payments).
 */
export function SharedPayments({ payments }: { payments: readonly SharedPayment[] }) {
  const total = payments.reduce((sum, p) => sum + Math.round(p.amount * 100), 0) / 100;
  return (
    <section className="card share-section" aria-labelledby="shared-payments-title" data-testid="shared-payments">
      <h2 id="shared-payments-title">Payments</h2>
      {payments.length === 0 ? (
        <p className="muted">No payments yet.</p>
      ) : (
        <div className="share-table-wrap">
          <table className="share-table share-table-stack">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Task</th>
                <th scope="col">Payee</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Lien waiver</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id} data-testid="shared-payment">
                  <td className="share-nowrap share-cell-aside">{formatIsoDay(p.paid_on)}</td>
                  <td className="share-cell-main">{p.task_title}</td>
                  <td className="share-cell-status">{p.payee || '-'}</td>
                  <td className="num share-cell-amount">{formatMoney(p.amount)}</td>
                  <td className="share-cell-waiver" data-testid="shared-payment-waiver">
                    <span className="share-phone-only">Lien waiver: </span>
                    <WaiverStatus status={p.waiver_status} />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3} className="share-cell-main">
                  Total ({payments.length} {payments.length === 1 ? 'payment' : 'payments'})
                </th>
                <td className="num share-cell-amount">{formatMoney(total)}</td>
                <td className="share-cell-waiver" />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}

/** The project's documents, each opened through its signed link (valid 15 minutes). */
export function SharedDocuments({
  documents,
  tasks,
}: {
  documents: readonly SharedDocument[];
  tasks: readonly SharedTask[];
}) {
  const titles = new Map(tasks.map((t) => [t.id, t.title]));
  return (
    <section className="card share-section" aria-labelledby="shared-documents-title" data-testid="shared-documents">
      <h2 id="shared-documents-title">Documents</h2>
      {documents.length === 0 ? (
        <p className="muted">No documents yet.</p>
      ) : (
        <>
          <p className="muted share-lead">Links work for 15 minutes: reload the page for fresh ones.</p>
          <ul className="share-list">
            {documents.map((d) => (
              <li key={d.id} className="share-doc" data-testid="shared-document">
                <div className="share-doc-main">
                  <span className="share-doc-name">{d.name}</span>
                  <span className="share-doc-meta">
                    {[titles.get(d.task), formatSize(d.size), `added ${formatDate(d.uploaded_at)}`]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </div>
                <a
                  className="btn btn-sm"
                  href={d.file}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`View ${d.name} (opens in a new tab)`}
                >
                  View
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
