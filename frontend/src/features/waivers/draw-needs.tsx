import { useCanEdit } from '../../lib/edit-access';
import { formatIsoDay, formatMoney } from '../../lib/format';
import type { DrawNeeds, LienWaiver, LienWaiverWrite, Loaded, MissingWaiver, WaiverPayment, WaiverTask } from './types';
import { requestFor, waiverFor } from './utils';

const DRAW_STATUS: Record<string, string> = { draft: 'Draft', submitted: 'Submitted', funded: 'Funded' };

/** The draws still open to paperwork: drafts and submitted ones, by number. */
export const openDraws = (draws: readonly DrawNeeds[]) =>
  draws.filter((d) => d.status === 'draft' || d.status === 'submitted').sort((a, b) => a.number - b.number);

/** The payment a draw misses a waiver for, as the waivers read a payment. */
export const missingPayment = (m: MissingWaiver): WaiverPayment => ({
  id: m.payment,
  task: m.task,
  amount: m.amount,
  paid_on: m.paid_on,
  contractor: { id: m.contractor, name: m.contractor_name },
});

/** The requested waiver out for a payment a draw misses (one that names it, or through its day), if any. */
const requestedFor = (m: MissingWaiver, waivers: readonly LienWaiver[]) => {
  const found = waiverFor(missingPayment(m), waivers);
  return found?.status === 'requested' ? found : null;
};

/** The requested unconditional final waiver of this contractor, if one is out. */
const requestedFinal = (contractor: number, waivers: readonly LienWaiver[]) =>
  waivers.find((w) => w.contractor === contractor && w.kind === 'unconditional_final' && w.status === 'requested') ??
  null;

/** What a final waiver is for: everything paid to the contractor on the project. */
export function paidTo(contractor: number, payments: readonly WaiverPayment[]): number {
  const cents = payments
    .filter((p) => p.contractor?.id === contractor)
    .reduce((sum, p) => sum + Math.round(p.amount * 100), 0);
  return cents / 100;
}

interface Props {
  draws: Loaded<DrawNeeds>;
  waivers: readonly LienWaiver[];
  payments: readonly WaiverPayment[];
  tasks: readonly WaiverTask[];
  /** Another action is out: the buttons wait (aria-disabled). */
  waiting: boolean;
  /** Creates a requested waiver (its body as `POST /api/lien-waivers/` takes it), saying `done` after. */
  onRequest: (body: Omit<LienWaiverWrite, 'project'>, done: string) => void;
  /** Marks a requested waiver received. */
  onReceived: (waiver: LienWaiver) => void;
}

/**
 * "What each draw still needs": for each draft or submitted draw, the payments of its tasks that
 * still miss a lien waiver (its `waivers_missing`, the server's), each with Request waiver (or,
 * once asked, Mark received); a final draw also names the contractors without an unconditional
 * final waiver. A draw with nothing missing says so.
 */
export function DrawNeedsSection({ draws, waivers, payments, tasks, waiting, onRequest, onReceived }: Props) {
  const open = openDraws(draws.data ?? []);
  const titleOf = (id: number) => tasks.find((t) => t.id === id)?.title ?? `Task ${id}`;
  // Issue 35: a viewer sees what each draw needs, without the buttons that record it.
  const canEdit = useCanEdit();
  const button = (label: string, name: string, onClick: () => void) =>
    canEdit && (
      <button
        type="button"
        className="btn btn-sm"
        aria-disabled={waiting || undefined}
        aria-label={`${label}: ${name}`}
        onClick={() => !waiting && onClick()}
      >
        {label}
      </button>
    );
  return (
    <section className="card" aria-labelledby="draw-needs-title" data-testid="draw-needs">
      <h2 id="draw-needs-title">What each draw still needs</h2>
      <p className="muted waiver-intro">
        A lender funds a draw once each payment in it above the project&apos;s waiver threshold has a signed waiver from
        the contractor paid.
      </p>
      {draws.isPending ? (
        <p className="muted">Loading the draws…</p>
      ) : draws.isError ? (
        <p className="form-error" role="alert">
          The draws could not be loaded. Please try again.
        </p>
      ) : open.length === 0 ? (
        <p className="muted">No draft or submitted draws. Prepare a draw on the Money page.</p>
      ) : (
        <ul className="draw-needs-list">
          {open.map((d) => {
            const missing = d.waivers_missing;
            const finals = d.final ? d.final_waivers_missing : [];
            const title = `Draw ${d.number}`;
            return (
              <li key={d.id} className="draw-needs" data-draw-id={d.id}>
                <h3>
                  {title}
                  {d.final ? ' (final)' : ''}{' '}
                  <span className="muted draw-needs-meta">
                    · {DRAW_STATUS[d.status] ?? d.status} · requested {formatIsoDay(d.requested_on)}
                  </span>
                </h3>
                {missing.length === 0 && finals.length === 0 ? (
                  <p className="draw-needs-done">Nothing missing: every payment in it has its waiver.</p>
                ) : (
                  <ul className="draw-needs-items" aria-label={`What ${title} still needs`}>
                    {missing.map((m) => {
                      const out = requestedFor(m, waivers);
                      const what = `${formatMoney(m.amount)} to ${m.contractor_name} on ${formatIsoDay(m.paid_on)}`;
                      return (
                        <li key={`p${m.payment}`} className="draw-need">
                          <span className="draw-need-what">
                            <strong>{m.contractor_name}</strong> · {formatMoney(m.amount)} paid{' '}
                            {formatIsoDay(m.paid_on)} · {titleOf(m.task)}
                          </span>
                          <span className="draw-need-actions">
                            {out ? (
                              <>
                                <span className="waiver-badge waiver-badge-requested">Waiver requested</span>
                                {button('Mark received', `the waiver for ${what}`, () => onReceived(out))}
                              </>
                            ) : (
                              <>
                                <span className="waiver-badge waiver-badge-missing">Waiver missing</span>
                                {button('Request waiver', `the payment of ${what}`, () =>
                                  onRequest(
                                    requestFor(missingPayment(m)),
                                    `Marked as requested from ${m.contractor_name} for ${formatMoney(m.amount)}. Send them your lien waiver form to sign.`,
                                  ),
                                )}
                              </>
                            )}
                          </span>
                        </li>
                      );
                    })}
                    {finals.map((f) => {
                      const out = requestedFinal(f.contractor, waivers);
                      const amount = paidTo(f.contractor, payments);
                      return (
                        <li key={`c${f.contractor}`} className="draw-need">
                          <span className="draw-need-what">
                            <strong>{f.contractor_name}</strong> · an unconditional final waiver (final draw)
                          </span>
                          <span className="draw-need-actions">
                            {out ? (
                              <>
                                <span className="waiver-badge waiver-badge-requested">Waiver requested</span>
                                {button('Mark received', `the final waiver from ${f.contractor_name}`, () =>
                                  onReceived(out),
                                )}
                              </>
                            ) : (
                              <>
                                <span className="waiver-badge waiver-badge-missing">Waiver missing</span>
                                {button('Request final waiver', `from ${f.contractor_name}`, () =>
                                  onRequest(
                                    {
                                      contractor: f.contractor,
                                      payment: null,
                                      kind: 'unconditional_final',
                                      amount,
                                      through_date: null,
                                      status: 'requested',
                                    },
                                    `Final waiver marked as requested from ${f.contractor_name} for ${formatMoney(amount)}. Send them your final lien waiver form to sign.`,
                                  ),
                                )}
                              </>
                            )}
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
