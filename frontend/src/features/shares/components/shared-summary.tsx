import type { ReactNode } from 'react';
import { formatMoney } from '../../../lib/format';
import { FIGURES, statusWords } from '../../../lib/money-words';
import type { BoardPieces, SharedSummary as Summary } from '../types';

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

/**
 * The budget at a glance, as the server summed it: the same figures, in the same words, as the
 * owner's board (docs/money.md), its range and notes written by the board's own pieces.
 * The predicted total follows the project's setting (calibrated when it uses calibration and has
 * a ratio): "$152,459.30 (145,974–157,947)", the total in cents (it adds recorded money), its
 * range in whole dollars.
 */
export function SharedSummary({ summary, board }: { summary: Summary; board: Pick<BoardPieces, 'Range' | 'words'> }) {
  const { Range, words } = board;
  const tone = summary.status === 'over' || summary.status === 'warning' ? summary.status : 'ok';
  const hasLoan = summary.loan_amount !== null && summary.loan_amount !== undefined;
  const calibrated = summary.use_calibration !== false && summary.calibrated ? summary.calibrated : null;
  const headroom = summary.headroom ?? Math.round((summary.budget - summary.predicted_total) * 100) / 100;
  return (
    <section className="card share-section" aria-labelledby="shared-summary-title">
      <h2 id="shared-summary-title">Budget</h2>
      <dl className="share-stats">
        <Stat label="Budget" value={formatMoney(summary.budget)} wide testId="shared-budget" />
        <Stat
          label={
            calibrated ? (
              <>
                Predicted total <span className="share-calibrated-tag">calibrated</span>
              </>
            ) : (
              'Predicted total'
            )
          }
          value={
            <>
              {formatMoney(summary.predicted_total)}
              <Range low={summary.predicted_total_low} high={summary.predicted_total_high} />
            </>
          }
          note={
            calibrated
              ? `${words.balance(headroom)}. At this project's prices (${calibrated.n_tasks} ${calibrated.n_tasks === 1 ? 'task' : 'tasks'}); regional: ${formatMoney(summary.predicted_total_regional)}.`
              : words.balance(headroom)
          }
          tone={summary.over_budget ? 'over' : undefined}
          wide
          testId="shared-predicted"
        />
        <Stat
          label={FIGURES.committed.label}
          value={formatMoney(summary.committed)}
          note={
            summary.change_orders_approved
              ? `Awarded bids, incl. ${formatMoney(summary.change_orders_approved)} of approved change orders`
              : FIGURES.committed.hint
          }
          testId="shared-committed"
        />
        <Stat
          label={FIGURES.paid.label}
          value={formatMoney(summary.paid_to_date)}
          note={words.paidNote(summary)}
          testId="shared-paid"
        />
        <Stat
          label={FIGURES.remaining.label}
          value={formatMoney(summary.remaining_to_pay)}
          note={FIGURES.remaining.hint}
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
          label={FIGURES.contingencyLeft.label}
          tone={tone}
          wide
          value={formatMoney(summary.contingency_left)}
          note={
            <>
              <span className="share-tone-word" data-testid="shared-contingency-status">
                <ToneIcon tone={tone} />
                {statusWords(tone)}
              </span>
              {` ${words.contingencyNote(summary)}.`}
            </>
          }
          testId="shared-contingency"
        />
        <Stat
          label={FIGURES.headroom.label}
          tone={headroom < 0 ? 'over' : undefined}
          value={formatMoney(headroom)}
          note={words.headroomNote({ headroom })}
          testId="shared-headroom"
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
