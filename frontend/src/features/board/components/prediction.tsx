import { toDollars, type ShownPrediction } from '../money';
import { formatRatio } from '../range-display';
import { formatRange, formatWholeMoney, rangeInWords } from '../../../lib/format';
import './prediction.css';

/** What a basis is called beside a prediction (docs/money.md), or null for the regional one. */
export function basisTag(basis: ShownPrediction['basis']): string | null {
  if (basis === 'calibrated') return 'calibrated';
  if (basis === 'fee') return 'fee';
  return null;
}

/**
 * Where a prediction comes from, for a tooltip: the regional price, calibrated by the project's
 * ratio, or a fee's regional price (fees and permits are never calibrated).
 */
export function basisHint(basis: ShownPrediction['basis'], ratio: number | null): string {
  if (basis === 'calibrated' && ratio !== null) {
    return `Calibrated: the regional prediction ${formatRatio(ratio)} (your prices), to the whole dollar.`;
  }
  if (basis === 'fee') return 'A fee or permit: priced by the authority, never calibrated.';
  return 'The regional prediction for this zip code.';
}

/**
 * A range as every view writes it beside its figure: " (26,000–37,000)" in whole dollars, the same
 * in words for screen readers; nothing without both ends. The share page writes its totals' ranges
 * with it too (composed in src/app).
 */
export function CostRange({ low, high }: { low: number | null; high: number | null }) {
  const range = formatRange(low, high);
  if (!range) return null;
  return (
    <span className="cost-range">
      {' '}
      <span aria-hidden="true">{range}</span>
      <span className="visually-hidden">, {rangeInWords(low, high)}</span>
    </span>
  );
}

/**
 * A task's prediction as every view writes it (whole dollars: "$31,000 (26,000–37,000)"), its
 * basis beside the figure when not regional, the range also in words for screen readers.
 */
export function PredictionFigure({ prediction }: { prediction: ShownPrediction }) {
  const tag = basisTag(prediction.basis);
  return (
    <>
      {formatWholeMoney(toDollars(prediction.cents))}
      {tag && (
        <span className={`basis-tag basis-${prediction.basis}`} data-testid="prediction-basis">
          <span className="visually-hidden"> (</span>
          {tag}
          <span className="visually-hidden">)</span>
        </span>
      )}
      <CostRange low={toDollars(prediction.low)} high={toDollars(prediction.high)} />
    </>
  );
}
