import { useId, useState, type ReactNode } from 'react';
import { formatMoney, formatNumber, formatRange, formatWholeMoney, rangeInWords } from '../../../lib/format';
import { FIGURES, statusWords } from '../../../lib/money-words';
import { toCents, toDollars } from '../money';
import type { MoneyStatus, ProjectSummary } from '../types';
import { useBudgetSummaryExtras } from '../task-form-extras';
import { estimateCoverage } from '../utils';
import './budget-summary.css';

interface Props {
  /** The server's figures, or the local rule's while a change is on its way (board-page.tsx). */
  summary: ProjectSummary;
  squareFootage: number | null;
  /** Tasks on the board (for "Your 8 tasks cover …"). */
  taskCount: number;
  /** Phone layout: one strip (budget, predicted total, status colour); the rest on demand. */
  compact?: boolean;
  /**
   * The predicted total is calibrated (the project uses calibration and has a ratio): it says so.
   * Otherwise the spec's "Predicted Total Cost" as it always was.
   */
  calibrated?: boolean;
  /**
   * Before the project has a calibration: what it waits for ("Calibration starts once 3 tasks
   * …"), said beside the predicted total (in the phone strip's details).
   */
  calibrationNote?: string | null;
  /**
   * Said in place of the ledger while nothing is committed or paid (the board's next step: "No
   * bids or payments yet — add contractors and bids"); nothing when absent.
   */
  emptyLedger?: ReactNode;
}

/** The predicted total's range, "(699,985–759,824)", with the same in words for screen readers. */
function TotalRange({ summary, className }: { summary: ProjectSummary; className: string }) {
  const range = formatRange(summary.predicted_total_low, summary.predicted_total_high);
  if (!range) return null;
  return (
    <span className={className} data-testid="predicted-range">
      <span aria-hidden="true">{range}</span>
      <span className="visually-hidden">{rangeInWords(summary.predicted_total_low, summary.predicted_total_high)}</span>
    </span>
  );
}

function EstimateDetails({ summary, taskCount }: { summary: ProjectSummary; taskCount: number }) {
  const coverage = estimateCoverage(summary.full_build_estimate, summary.estimate_covered, taskCount);
  if (!coverage) return null;
  return (
    <>
      <span className="stat-sub" data-testid="estimate-coverage">
        {coverage.text}
      </span>
      {coverage.percent !== null && (
        <span className="coverage-bar" aria-hidden="true">
          <span style={{ width: `${coverage.percent}%` }} />
        </span>
      )}
      {coverage.remaining !== null && coverage.remaining > 0 && taskCount > 0 && (
        <span className="stat-sub">Not on your board yet: about {formatWholeMoney(coverage.remaining)}.</span>
      )}
    </>
  );
}

/** The summary's colour, from the server's `status` (anything else: from over_budget alone). */
function statusOf(summary: ProjectSummary): MoneyStatus {
  if (summary.status === 'ok' || summary.status === 'warning' || summary.status === 'over') return summary.status;
  return summary.over_budget ? 'over' : 'ok';
}

/**
 * Whether the ledger's figures say more than the budget and predicted total beside them: once
 * something is committed or paid, with a loan, or once the predicted total eats into the
 * contingency reserve. Before that, the headroom is the "under budget" figure already shown, and
 * the board keeps its room.
 */
function hasLedger(summary: ProjectSummary, status: MoneyStatus): boolean {
  return (
    summary.committed !== 0 ||
    summary.paid_to_date !== 0 ||
    (summary.loan_amount !== null && summary.loan_amount !== undefined) ||
    status !== 'ok'
  );
}

/** Whether any money is recorded: an award, a change order, a payment or a final cost. */
export function hasRecordedMoney(summary: ProjectSummary): boolean {
  return (
    (summary.committed ?? 0) !== 0 ||
    (summary.change_orders_approved ?? 0) !== 0 ||
    (summary.paid_to_date ?? 0) !== 0 ||
    (summary.payments_recorded ?? 0) !== 0
  );
}

/**
 * "$4,000.00 used of the $45,000.00 reserve (10%)" / "None used of the $45,000.00 reserve (10%)":
 * "Contingency (N%)" is the reserve (docs/money.md), so the percent goes with the reserve.
 */
export function contingencyNote(summary: ProjectSummary): string {
  const reserve = `${formatMoney(summary.contingency_reserve)} reserve (${summary.contingency_percent}%)`;
  return summary.contingency_used > 0
    ? `${formatMoney(summary.contingency_used)} used of the ${reserve}`
    : `None used of the ${reserve}`;
}

/** "Budget − predicted total", or what the predicted total is over the budget by. */
export function headroomNote(summary: Pick<ProjectSummary, 'headroom'>): string {
  return summary.headroom < 0 ? `Over budget by ${formatMoney(-summary.headroom)}` : FIGURES.headroom.hint;
}

/** The headroom (budget - predicted total) in words: "$325,000.00 under budget" / "$4,000.00 over budget". */
export function balanceText(headroom: number): string {
  return headroom < 0 ? `${formatMoney(-headroom)} over budget` : `${formatMoney(headroom)} under budget`;
}

/** What Paid is, and the payments recorded when they are not the whole of it (a task paid by its final cost). */
export function paidNote(summary: Pick<ProjectSummary, 'paid_to_date' | 'payments_recorded'>): string {
  const payments = summary.payments_recorded;
  return payments === undefined || toCents(payments) === toCents(summary.paid_to_date)
    ? FIGURES.paid.hint
    : `${FIGURES.paid.hint} (${formatMoney(payments)} in payments recorded)`;
}

interface Figure {
  key: string;
  label: string;
  value: string;
  sub?: string | null;
  tone?: MoneyStatus;
}

/**
 * The ledger's figures, in the words of docs/money.md: committed, Paid, Remaining, the
 * contingency (reserve, used, left) and the headroom, and the loan left. Only those that say
 * something (issue 30): committed once something is awarded, Paid once something is paid,
 * Remaining beside either; the contingency and the headroom once money is recorded or the
 * predicted total eats into the reserve (before that, the predicted total's "under budget" says
 * it); the loan when there is one.
 */
function ledgerFigures(summary: ProjectSummary, status: MoneyStatus): Figure[] {
  const committed = summary.committed;
  const changes = summary.change_orders_approved;
  const payments = summary.payments_recorded;
  const recorded = hasRecordedMoney(summary);
  const shows: Record<string, boolean> = {
    committed: committed !== 0 || changes !== 0,
    paid: summary.paid_to_date !== 0 || (payments ?? 0) !== 0,
    remaining: recorded,
    contingency: recorded || status !== 'ok',
    headroom: recorded || status !== 'ok',
  };
  const figures: Figure[] = [
    {
      key: 'committed',
      label: FIGURES.committed.label,
      value: formatMoney(committed),
      sub:
        changes !== 0
          ? `Incl. ${formatMoney(changes)} of change orders`
          : committed > 0
            ? FIGURES.committed.hint
            : 'No bids awarded yet',
    },
    {
      key: 'paid',
      label: FIGURES.paid.label,
      value: formatMoney(summary.paid_to_date),
      sub: paidNote(summary),
    },
    {
      key: 'remaining',
      label: FIGURES.remaining.label,
      value: formatMoney(summary.remaining_to_pay),
      sub: FIGURES.remaining.hint,
    },
    {
      key: 'contingency',
      label: FIGURES.contingencyLeft.label,
      value: formatMoney(summary.contingency_left),
      sub: `${statusWords(status)}: ${contingencyNote(summary)}`,
      tone: status,
    },
    {
      key: 'headroom',
      label: FIGURES.headroom.label,
      value: formatMoney(summary.headroom),
      sub: headroomNote(summary),
      tone: summary.headroom < 0 ? 'over' : undefined,
    },
  ];
  const shown = figures.filter((f) => shows[f.key]);
  if (summary.loan_amount !== null && summary.loan_amount !== undefined) {
    shown.push({
      key: 'loan',
      label: 'Loan Left',
      value: formatMoney(summary.loan_left ?? summary.loan_amount),
      sub: `${formatMoney(summary.drawn)} drawn of ${formatMoney(summary.loan_amount)}`,
    });
  }
  return shown;
}

/** The ledger row of the desktop summary: one card, the figures side by side. */
function LedgerRow({ summary, status }: { summary: ProjectSummary; status: MoneyStatus }) {
  return (
    <dl className={`summary-ledger summary-ledger-${status}`} data-testid="ledger-summary" data-status={status}>
      {ledgerFigures(summary, status).map((f) => (
        <div
          key={f.key}
          className={`summary-figure${f.tone ? ` summary-tone-${f.tone}` : ''}`}
          data-testid={`ledger-${f.key}`}
        >
          <dt className="stat-label">{f.label}</dt>
          <dd className="summary-figure-value">{f.value}</dd>
          {f.sub && <dd className="stat-sub">{f.sub}</dd>}
        </div>
      ))}
    </dl>
  );
}

/** The same figures in the phone strip's details: one line each. */
function LedgerLines({ summary, status }: { summary: ProjectSummary; status: MoneyStatus }) {
  return (
    <dl className="strip-ledger" data-testid="ledger-summary" data-status={status}>
      {ledgerFigures(summary, status).map((f) => (
        <div key={f.key} className={f.tone ? `summary-tone-${f.tone}` : undefined} data-testid={`ledger-${f.key}`}>
          <dt>{f.label}</dt>
          <dd>
            <strong>{f.value}</strong>
          </dd>
          {f.sub && <dd className="strip-ledger-sub">{f.sub}</dd>}
        </div>
      ))}
    </dl>
  );
}

export function BudgetSummary({
  summary,
  squareFootage,
  taskCount,
  compact = false,
  calibrated = false,
  calibrationNote = null,
  emptyLedger = null,
}: Props) {
  // Red when the predicted total exceeds the budget, else green.
  const tone = summary.over_budget ? 'red' : 'green';
  // The headroom (budget - predicted total), in words.
  const headroom = summary.headroom ?? toDollars(toCents(summary.budget) - toCents(summary.predicted_total));
  const balance = balanceText(headroom);
  const hasEstimate = summary.full_build_estimate !== null && summary.full_build_estimate !== undefined;
  const status = statusOf(summary);
  const ledger = hasLedger(summary, status);
  // The board's next step, while no money is recorded.
  const nextStep = !hasRecordedMoney(summary) && emptyLedger ? emptyLedger : null;
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  // Issue 33: the schedule's finish and slip (src/app composes it; it loads after the first paint).
  const extras = useBudgetSummaryExtras();

  if (compact) {
    // The next step under the strip, which stays one row.
    return (
      <>
        <section
          className={`summary-strip strip-${tone} strip-status-${status}`}
          aria-label="Budget summary"
          data-status={status}
        >
          <div className="strip-row">
            <div className="strip-stat">
              <span className="strip-label">Budget</span>
              <span className="strip-value" data-testid="budget-value">
                {formatMoney(summary.budget)}
              </span>
            </div>
            <div className="strip-stat strip-predicted" data-testid="predicted-total" data-tone={tone}>
              <span className="strip-label">
                Predicted Total Cost
                {calibrated && <span className="visually-hidden"> (calibrated)</span>}
                {status === 'warning' && (
                  <svg
                    className="strip-flag"
                    data-testid="strip-warning"
                    viewBox="0 0 24 24"
                    width="13"
                    height="13"
                    aria-hidden="true"
                  >
                    <path
                      d="M12 3 2 21h20L12 3Z"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.5"
                      strokeLinejoin="round"
                    />
                    <path d="M12 10v5M12 18v.5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
                  </svg>
                )}
              </span>
              <span className="strip-value stat-value">{formatMoney(summary.predicted_total)}</span>
              {calibrated && (
                <span className="strip-note" aria-hidden="true">
                  calibrated
                </span>
              )}
              <span className="visually-hidden">
                {balance}
                {status === 'warning' && `. ${statusWords(status)}: ${contingencyNote(summary)}.`}
              </span>
            </div>
            <button
              type="button"
              className="strip-toggle"
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={() => setOpen((o) => !o)}
            >
              Details
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path d={open ? 'm6 15 6-6 6 6' : 'm6 9 6 6 6-6'} fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
          </div>
          <div id={detailsId} className="strip-details" hidden={!open}>
            <p className={`strip-balance tone-${tone}`}>{balance}</p>
            {formatRange(summary.predicted_total_low, summary.predicted_total_high) && (
              <p data-testid="predicted-range">
                Likely between <strong>{formatWholeMoney(summary.predicted_total_low)}</strong> and{' '}
                <strong>{formatWholeMoney(summary.predicted_total_high)}</strong>
                {calibrated ? ' (calibrated)' : ''}
              </p>
            )}
            {calibrationNote && (
              <p className="muted" data-testid="calibration-note">
                {calibrationNote}
              </p>
            )}
            {ledger && <LedgerLines summary={summary} status={status} />}
            {squareFootage ? (
              <p>
                Cost per Sq Ft: <strong>{formatMoney(summary.cost_per_sqft)}</strong> ({formatNumber(squareFootage)} sq
                ft)
              </p>
            ) : null}
            {hasEstimate && (
              <div className="strip-estimate">
                <p>
                  Whole-House Estimate: <strong>{formatWholeMoney(summary.full_build_estimate ?? 0)}</strong>
                </p>
                <EstimateDetails summary={summary} taskCount={taskCount} />
              </div>
            )}
            {extras?.({ compact: true })}
          </div>
        </section>
        {nextStep}
      </>
    );
  }

  return (
    <section className="summary-wrap" aria-label="Budget summary" data-status={status}>
      <div className="summary">
        <div className="stat">
          <span className="stat-label">Project Budget</span>
          <span className="stat-value" data-testid="budget-value">
            {formatMoney(summary.budget)}
          </span>
        </div>
        <div className={`stat stat-${tone}`} data-testid="predicted-total" data-tone={tone}>
          <span className="stat-label">
            {calibrated ? 'Predicted Total Cost (calibrated)' : 'Predicted Total Cost'}
          </span>
          <span className="stat-value">{formatMoney(summary.predicted_total)}</span>
          <TotalRange summary={summary} className="stat-range" />
          <span className="stat-sub">{balance}</span>
          {calibrationNote && (
            <span className="stat-sub calibration-note" data-testid="calibration-note">
              {calibrationNote}
            </span>
          )}
        </div>
        {hasEstimate && (
          <div className="stat stat-estimate" data-testid="full-build-estimate">
            <span className="stat-label">Whole-House Estimate</span>
            <span className="stat-value">{formatWholeMoney(summary.full_build_estimate ?? 0)}</span>
            <EstimateDetails summary={summary} taskCount={taskCount} />
          </div>
        )}
        {squareFootage ? (
          <div className="stat">
            <span className="stat-label">Cost per Sq Ft</span>
            <span className="stat-value">{formatMoney(summary.cost_per_sqft)}</span>
            <span className="stat-sub">{formatNumber(squareFootage)} sq ft</span>
          </div>
        ) : null}
        {extras?.({ compact: false })}
      </div>
      {ledger && <LedgerRow summary={summary} status={status} />}
      {nextStep}
    </section>
  );
}
