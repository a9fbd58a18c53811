import type { ReactNode } from 'react';
import { formatMoney } from '../../../lib/format';
import type { SharedSummary as Summary } from '../types';
import { contingencyText, formatRange, formatWholeMoney, rangeInWords } from '../utils';

function Stat({
  label,
  value,
  note,
  tone,
  wide = false,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  note?: ReactNode;
  tone?: string;
  /** The whole row on phones (the headline figures). */
  wide?: boolean;
  testId: string;
}) {
  return (
    <div className={`share-stat${tone ? ` tone-${tone}` : ''}${wide ? ' share-stat-wide' : ''}`} data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        {value}
        {note && <span className="share-stat-note">{note}</span>}
      </dd>
    </div>
  );
}

/** "$31,000 (26,000–37,000)" with the range also said in words for screen readers. */
function WithRange({ value, low, high }: { value: number; low: number | null; high: number | null }) {
  const range = formatRange(low, high);
  return (
    <>
      {formatWholeMoney(value)}
      {range && (
        <>
          {' '}
          <span className="share-range" aria-hidden="true">
            {range}
          </span>
          <span className="share-vh">, {rangeInWords(low, high)}</span>
        </>
      )}
    </>
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

const underOver = (budget: number, total: number) => {
  const balance = Math.round((budget - total) * 100) / 100;
  return balance < 0 ? `${formatMoney(-balance)} over budget` : `${formatMoney(balance)} under budget`;
};

/** The budget at a glance, as the server summed it (the same figures as the owner's board). */
export function SharedSummary({ summary }: { summary: Summary }) {
  const tone = summary.status === 'over' || summary.status === 'warning' ? summary.status : 'ok';
  const hasLoan = summary.loan_amount !== null && summary.loan_amount !== undefined;
  const calibrated = summary.calibrated ?? null;
  return (
    <section className="card share-section" aria-labelledby="shared-summary-title">
      <h2 id="shared-summary-title">Budget</h2>
      <dl className="share-stats">
        <Stat label="Budget" value={formatMoney(summary.budget)} wide testId="shared-budget" />
        <Stat
          label="Predicted total"
          value={
            <WithRange
              value={summary.predicted_total}
              low={summary.predicted_total_low}
              high={summary.predicted_total_high}
            />
          }
          note={underOver(summary.budget, summary.predicted_total)}
          tone={summary.over_budget ? 'over' : undefined}
          wide
          testId="shared-predicted"
        />
        {calibrated && (
          <Stat
            label={
              <>
                Predicted total <span className="share-calibrated-tag">calibrated</span>
              </>
            }
            value={
              <WithRange
                value={calibrated.predicted_total}
                low={calibrated.predicted_total_low}
                high={calibrated.predicted_total_high}
              />
            }
            note={`At this project's own prices so far (${calibrated.n_tasks} ${calibrated.n_tasks === 1 ? 'task' : 'tasks'}).`}
            wide
            testId="shared-calibrated"
          />
        )}
        <Stat
          label="Committed"
          value={formatMoney(summary.committed)}
          note={
            summary.change_orders_approved
              ? `Awarded bids, incl. ${formatMoney(summary.change_orders_approved)} of approved change orders`
              : 'Awarded bids'
          }
          testId="shared-committed"
        />
        <Stat label="Paid to date" value={formatMoney(summary.paid_to_date)} testId="shared-paid" />
        <Stat
          label="Remaining to pay"
          value={formatMoney(summary.remaining_to_pay)}
          note="On awarded work"
          testId="shared-remaining"
        />
        {summary.cost_per_sqft !== null && (
          <Stat
            label="Cost per sq ft"
            value={formatMoney(summary.cost_per_sqft)}
            note="Predicted total over the area"
            testId="shared-per-sqft"
          />
        )}
        <Stat
          label={`Contingency (${summary.contingency_percent}%)`}
          tone={tone}
          wide
          value={formatMoney(summary.contingency_left)}
          note={
            <>
              <span className="share-tone-word" data-testid="shared-contingency-status">
                <ToneIcon tone={tone} />
                {contingencyText(tone)}
              </span>
              {` Left of the budget after the predicted total; reserve ${formatMoney(summary.contingency_reserve)}.`}
            </>
          }
          testId="shared-contingency"
        />
      </dl>
      {hasLoan && (
        <div className="share-stat-group">
          <h3>Construction loan</h3>
          <dl className="share-stats">
            <Stat label="Loan amount" value={formatMoney(summary.loan_amount)} testId="shared-loan" />
            <Stat label="Drawn" value={formatMoney(summary.drawn)} note="Funded draws" testId="shared-drawn" />
            <Stat label="Loan left" value={formatMoney(summary.loan_left)} wide testId="shared-loan-left" />
          </dl>
        </div>
      )}
    </section>
  );
}
