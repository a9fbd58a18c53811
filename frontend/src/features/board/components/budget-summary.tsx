import { formatMoney, formatNumber } from '../../../lib/format';
import { budgetTone, costPerSqft } from '../utils';

interface Props {
  budget: number | null;
  predictedTotal: number;
  squareFootage: number | null;
}

export function BudgetSummary({ budget, predictedTotal, squareFootage }: Props) {
  const tone = budgetTone(predictedTotal, budget);
  const perSqft = costPerSqft(predictedTotal, squareFootage);
  const remaining = budget === null ? null : budget - predictedTotal;
  return (
    <section className="summary" aria-label="Budget summary">
      <div className="stat">
        <span className="stat-label">Project Budget</span>
        <span className="stat-value" data-testid="budget-value">
          {formatMoney(budget)}
        </span>
      </div>
      <div className={`stat stat-${tone}`} data-testid="predicted-total" data-tone={tone}>
        <span className="stat-label">Predicted Total Cost</span>
        <span className="stat-value">{formatMoney(predictedTotal)}</span>
        {remaining !== null && (
          <span className="stat-sub">
            {tone === 'red' ? `${formatMoney(-remaining)} over budget` : `${formatMoney(remaining)} under budget`}
          </span>
        )}
      </div>
      {squareFootage ? (
        <div className="stat">
          <span className="stat-label">Cost per Sq Ft</span>
          <span className="stat-value">{formatMoney(perSqft)}</span>
          <span className="stat-sub">{formatNumber(squareFootage)} sq ft</span>
        </div>
      ) : null}
    </section>
  );
}
