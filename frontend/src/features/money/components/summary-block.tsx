import { formatMoney } from '../../../lib/format';
import { FIGURES, statusWords } from '../../../lib/money-words';
import type { MoneySummary } from '../types';
import { Stat, ToneIcon } from '../../../components/ui/stat';
import { contingencySentence, predictionBasisText, toCents } from '../utils';

/**
 * The project's money at a glance (`GET /api/projects/{id}/summary/`), as the server summed it,
 * in the words of docs/money.md: the predicted total (calibrated when the project uses it),
 * committed, change orders, Paid, Remaining and what is not yet awarded; the contingency (the
 * reserve, what the predicted total has used of it, what is left), the working budget and the
 * headroom, coloured by the summary's status; the construction loan.
 */
export function SummaryBlock({ summary }: { summary: MoneySummary }) {
  const tone = summary.status === 'over' || summary.status === 'warning' ? summary.status : 'ok';
  const hasLoan = summary.loan_amount !== null && summary.loan_amount !== undefined;
  const calibrated = summary.use_calibration && summary.calibrated !== null;
  const paymentsDiffer = toCents(summary.payments_recorded) !== toCents(summary.paid_to_date);
  return (
    <section className="card money-summary" aria-labelledby="money-summary-title">
      <h2 id="money-summary-title">Summary</h2>
      <dl className="money-stats">
        <Stat label="Budget" value={formatMoney(summary.budget)} testId="money-budget" />
        <Stat
          label={calibrated ? `${FIGURES.predictedTotal.label} (calibrated)` : FIGURES.predictedTotal.label}
          value={formatMoney(summary.predicted_total)}
          note={predictionBasisText(summary)}
          testId="money-predicted"
        />
        <Stat
          label={FIGURES.committed.label}
          value={formatMoney(summary.committed)}
          note={FIGURES.committed.hint}
          testId="money-committed"
        />
        <Stat
          label={FIGURES.changeOrders.label}
          value={formatMoney(summary.change_orders_approved)}
          note={FIGURES.changeOrders.hint}
          testId="money-change-orders"
        />
        <Stat
          label={FIGURES.paid.label}
          value={formatMoney(summary.paid_to_date)}
          note={FIGURES.paid.hint}
          testId="money-paid"
        />
        {paymentsDiffer && (
          <Stat
            label={FIGURES.paymentsRecorded.label}
            value={formatMoney(summary.payments_recorded)}
            note={FIGURES.paymentsRecorded.hint}
            testId="money-payments-recorded"
          />
        )}
        <Stat
          label={FIGURES.remaining.label}
          value={formatMoney(summary.remaining_to_pay)}
          note={FIGURES.remaining.hint}
          testId="money-remaining"
        />
        <Stat
          label={FIGURES.uncommitted.label}
          value={formatMoney(summary.uncommitted)}
          note={FIGURES.uncommitted.hint}
          testId="money-uncommitted"
        />
      </dl>
      <div className={`money-stat-group money-contingency tone-${tone}`} data-testid="money-contingency-group">
        <h3>
          {FIGURES.contingencyReserve.label} ({summary.contingency_percent}%)
        </h3>
        <p className="money-contingency-status">
          <span className="tone-word" data-testid="money-contingency-status">
            <ToneIcon tone={tone} />
            {statusWords(tone)}
          </span>
          <span className="muted">{contingencySentence(summary)}</span>
        </p>
        <dl className="money-stats">
          <Stat
            label="Reserve"
            value={formatMoney(summary.contingency_reserve)}
            note={`${FIGURES.contingencyReserve.hint}: budget × ${summary.contingency_percent}%`}
            testId="money-contingency-reserve"
          />
          <Stat
            label={FIGURES.contingencyUsed.label}
            value={formatMoney(summary.contingency_used)}
            note={FIGURES.contingencyUsed.hint}
            testId="money-contingency-used"
          />
          <Stat
            label={FIGURES.contingencyLeft.label}
            value={formatMoney(summary.contingency_left)}
            note={FIGURES.contingencyLeft.hint}
            tone={tone}
            testId="money-contingency"
          />
          <Stat
            label={FIGURES.workingBudget.label}
            value={formatMoney(summary.working_budget)}
            note={FIGURES.workingBudget.hint}
            testId="money-working-budget"
          />
          <Stat
            label={FIGURES.headroom.label}
            value={formatMoney(summary.headroom)}
            note={toCents(summary.headroom) < 0 ? 'Over the budget' : FIGURES.headroom.hint}
            testId="money-headroom"
          />
        </dl>
      </div>
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
