import { formatMoney, formatNumber } from '../../../lib/format';
import { toCents, toDollars } from '../money';
import type { ProjectSummary } from '../types';

interface Props {
  /** The server's figures, or the local rule's while a change is on its way (board-page.tsx). */
  summary: ProjectSummary;
  squareFootage: number | null;
}

export function BudgetSummary({ summary, squareFootage }: Props) {
  // Red when the predicted total exceeds the budget, else green.
  const tone = summary.over_budget ? 'red' : 'green';
  const remaining = toDollars(toCents(summary.budget) - toCents(summary.predicted_total));
  return (
    <section className="summary" aria-label="Budget summary">
      <div className="stat">
        <span className="stat-label">Project Budget</span>
        <span className="stat-value" data-testid="budget-value">
          {formatMoney(summary.budget)}
        </span>
      </div>
      <div className={`stat stat-${tone}`} data-testid="predicted-total" data-tone={tone}>
        <span className="stat-label">Predicted Total Cost</span>
        <span className="stat-value">{formatMoney(summary.predicted_total)}</span>
        <span className="stat-sub">
          {tone === 'red' ? `${formatMoney(-remaining)} over budget` : `${formatMoney(remaining)} under budget`}
        </span>
      </div>
      {squareFootage ? (
        <div className="stat">
          <span className="stat-label">Cost per Sq Ft</span>
          <span className="stat-value">{formatMoney(summary.cost_per_sqft)}</span>
          <span className="stat-sub">{formatNumber(squareFootage)} sq ft</span>
        </div>
      ) : null}
    </section>
  );
}
