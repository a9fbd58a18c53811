import type { ReactNode } from 'react';
import { formatMoney } from '../../../lib/format';
import type { MoneySummary } from '../types';
import { contingencyText, toCents, toDollars } from '../utils';

function Stat({
  label,
  value,
  note,
  tone,
  testId,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  tone?: string;
  testId?: string;
}) {
  return (
    <div className={`money-stat${tone ? ` tone-${tone}` : ''}`} data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        {value}
        {note && <span className="stat-note">{note}</span>}
      </dd>
    </div>
  );
}

const ToneIcon = ({ tone }: { tone: string }) => (
  <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
    {tone === 'ok' ? (
      <path d="m5 12 5 5 9-10" fill="none" stroke="currentColor" strokeWidth="3" />
    ) : (
      <>
        <path d="M12 3 2 21h20L12 3z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <path d="M12 10v5M12 18v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </>
    )}
  </svg>
);

/** The project's money at a glance (`GET /api/projects/{id}/summary/`), as the server summed it. */
export function SummaryBlock({ summary }: { summary: MoneySummary }) {
  const tone = summary.status === 'over' || summary.status === 'warning' ? summary.status : 'ok';
  const balance = toDollars(toCents(summary.budget) - toCents(summary.predicted_total));
  const hasLoan = summary.loan_amount !== null && summary.loan_amount !== undefined;
  return (
    <section className="card money-summary" aria-labelledby="money-summary-title">
      <h2 id="money-summary-title">Summary</h2>
      <dl className="money-stats">
        <Stat label="Budget" value={formatMoney(summary.budget)} testId="money-budget" />
        <Stat
          label="Predicted total"
          value={formatMoney(summary.predicted_total)}
          note={balance < 0 ? `${formatMoney(-balance)} over budget` : `${formatMoney(balance)} under budget`}
          testId="money-predicted"
        />
        <Stat
          label="Committed"
          value={formatMoney(summary.committed)}
          note={
            toCents(summary.change_orders_approved) !== 0
              ? `incl. ${formatMoney(summary.change_orders_approved)} of approved change orders`
              : 'Awarded bids'
          }
          testId="money-committed"
        />
        <Stat label="Paid to date" value={formatMoney(summary.paid_to_date)} testId="money-paid" />
        <Stat
          label="Remaining to pay"
          value={formatMoney(summary.remaining_to_pay)}
          note="On awarded work"
          testId="money-remaining"
        />
        <Stat
          label="Uncommitted"
          value={formatMoney(summary.uncommitted)}
          note="Tasks without an award"
          testId="money-uncommitted"
        />
        <Stat
          label={`Contingency (${summary.contingency_percent}%)`}
          tone={tone}
          testId="money-contingency"
          value={formatMoney(summary.contingency_left)}
          note={
            <>
              <span className="tone-word" data-testid="money-contingency-status">
                <ToneIcon tone={tone} />
                {contingencyText(tone)}
              </span>
              {` Left of the budget after the predicted total; reserve ${formatMoney(summary.contingency_reserve)}.`}
            </>
          }
        />
      </dl>
      {hasLoan && (
        <div className="money-stat-group">
          <h3>Construction loan</h3>
          <dl className="money-stats">
            <Stat label="Loan amount" value={formatMoney(summary.loan_amount)} testId="money-loan" />
            <Stat label="Drawn" value={formatMoney(summary.drawn)} note="Funded draws" testId="money-drawn" />
            <Stat label="Loan left" value={formatMoney(summary.loan_left)} testId="money-loan-left" />
          </dl>
        </div>
      )}
    </section>
  );
}
