import { useId, useState } from 'react';
import { formatMoney, formatNumber } from '../../../lib/format';
import { toCents, toDollars } from '../money';
import type { ProjectSummary } from '../types';
import { estimateCoverage } from '../utils';

interface Props {
  /** The server's figures, or the local rule's while a change is on its way (board-page.tsx). */
  summary: ProjectSummary;
  squareFootage: number | null;
  /** Tasks on the board (for "Your 8 tasks cover …"). */
  taskCount: number;
  /** Phone layout: one strip (budget, predicted total, status colour); the rest on demand. */
  compact?: boolean;
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
        <span className="stat-sub">Not on your board yet: about {formatMoney(coverage.remaining)}.</span>
      )}
    </>
  );
}

export function BudgetSummary({ summary, squareFootage, taskCount, compact = false }: Props) {
  // Red when the predicted total exceeds the budget, else green.
  const tone = summary.over_budget ? 'red' : 'green';
  const remaining = toDollars(toCents(summary.budget) - toCents(summary.predicted_total));
  const balance = tone === 'red' ? `${formatMoney(-remaining)} over budget` : `${formatMoney(remaining)} under budget`;
  const hasEstimate = summary.full_build_estimate !== null && summary.full_build_estimate !== undefined;
  const [open, setOpen] = useState(false);
  const detailsId = useId();

  if (compact) {
    return (
      <section className={`summary-strip strip-${tone}`} aria-label="Budget summary">
        <div className="strip-row">
          <div className="strip-stat">
            <span className="strip-label">Budget</span>
            <span className="strip-value" data-testid="budget-value">
              {formatMoney(summary.budget)}
            </span>
          </div>
          <div className="strip-stat strip-predicted" data-testid="predicted-total" data-tone={tone}>
            <span className="strip-label">Predicted</span>
            <span className="strip-value stat-value">{formatMoney(summary.predicted_total)}</span>
            <span className="visually-hidden">{balance}</span>
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
          {squareFootage ? (
            <p>
              Cost per Sq Ft: <strong>{formatMoney(summary.cost_per_sqft)}</strong> ({formatNumber(squareFootage)} sq
              ft)
            </p>
          ) : null}
          {hasEstimate && (
            <div className="strip-estimate">
              <p>
                Whole-House Estimate: <strong>{formatMoney(summary.full_build_estimate)}</strong>
              </p>
              <EstimateDetails summary={summary} taskCount={taskCount} />
            </div>
          )}
        </div>
      </section>
    );
  }

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
        <span className="stat-sub">{balance}</span>
      </div>
      {hasEstimate && (
        <div className="stat stat-estimate" data-testid="full-build-estimate">
          <span className="stat-label">Whole-House Estimate</span>
          <span className="stat-value">{formatMoney(summary.full_build_estimate)}</span>
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
    </section>
  );
}
