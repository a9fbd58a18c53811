import { formatMoney } from '../../../lib/format';
import { FIGURES, statusWords } from '../../../lib/money-words';
import { Stat, ToneIcon, type StatProps } from '../../../components/ui/stat';
import type { BoardPieces, SharedSummary as Summary } from '../types';

/** A figure of the share page: the whole row on phones when `wide` (the headline figures). */
function ShareStat({ wide = false, ...props }: Omit<StatProps, 'className' | 'noteClassName'> & { wide?: boolean }) {
  return <Stat {...props} className={`share-stat${wide ? ' share-stat-wide' : ''}`} noteClassName="share-stat-note" />;
}

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
        <ShareStat label="Budget" value={formatMoney(summary.budget)} wide testId="shared-budget" />
        <ShareStat
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
        <ShareStat
          label={FIGURES.committed.label}
          value={formatMoney(summary.committed)}
          note={
            summary.change_orders_approved
              ? `Awarded bids, incl. ${formatMoney(summary.change_orders_approved)} of approved change orders`
              : FIGURES.committed.hint
          }
          testId="shared-committed"
        />
        <ShareStat
          label={FIGURES.paid.label}
          value={formatMoney(summary.paid_to_date)}
          note={words.paidNote(summary)}
          testId="shared-paid"
        />
        <ShareStat
          label={FIGURES.remaining.label}
          value={formatMoney(summary.remaining_to_pay)}
          note={FIGURES.remaining.hint}
          testId="shared-remaining"
        />
        {summary.cost_per_sqft !== null && (
          <ShareStat
            label="Cost per sq ft"
            value={formatMoney(summary.cost_per_sqft)}
            note="Predicted total over the area"
            testId="shared-per-sqft"
          />
        )}
        <ShareStat
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
        <ShareStat
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
            <ShareStat label="Loan amount" value={formatMoney(summary.loan_amount)} testId="shared-loan" />
            <ShareStat label="Drawn" value={formatMoney(summary.drawn)} note="Funded draws" testId="shared-drawn" />
            <ShareStat label="Loan left" value={formatMoney(summary.loan_left)} wide testId="shared-loan-left" />
          </dl>
        </div>
      )}
    </section>
  );
}
