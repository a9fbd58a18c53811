import { describe, expect, it } from 'vitest';
import {
  calibrationPending,
  calibrationSentence,
  formatRange,
  formatRatio,
  formatWholeMoney,
  formatWithRange,
  percentVsRegional,
  pricingHint,
  pricingLabel,
  rangeInWords,
} from './range-display';

describe('a prediction with its range', () => {
  it('reads "$31,000 (26,000–37,000)": whole dollars, an en dash, no $ inside', () => {
    expect(formatWithRange(31000, 26000, 37000)).toBe('$31,000 (26,000–37,000)');
    expect(formatWithRange(730496.81, 699984.62, 759824.36)).toBe('$730,497 (699,985–759,824)');
    expect(formatRange(35376, 43344)).toBe('(35,376–43,344)');
  });

  it('rounds whole dollars half up, and drops a range that is one figure', () => {
    expect(formatWholeMoney(25999.5)).toBe('$26,000');
    expect(formatWholeMoney(0.49)).toBe('$0');
    expect(formatRange(1000.2, 1000.4)).toBeNull();
    expect(formatWithRange(1000, 1000, 1000)).toBe('$1,000');
    expect(formatWithRange(1000, null, 1200)).toBe('$1,000');
    expect(formatWithRange(null, 1, 2)).toBe('-');
  });

  it('says the range in words for screen readers', () => {
    expect(rangeInWords(26000, 37000)).toBe('likely $26,000 to $37,000');
    expect(rangeInWords(5, 5)).toBeNull();
  });

  it('names the pricing', () => {
    expect(pricingLabel('per_job')).toBe('priced per job');
    expect(pricingLabel('per_sqft')).toBe('per sq\u00a0ft');
    expect(pricingLabel(null)).toBeNull();
    expect(pricingHint('per_job', 2400)).toContain('whatever the size of the house');
    expect(pricingHint('per_sqft', 2400)).toBe('Regional average per sq ft × 2,400 sq ft.');
  });
});

describe('the calibration in words', () => {
  it('gives the percent as the server does, half away from zero', () => {
    expect(percentVsRegional(1.2)).toBe(20);
    expect(percentVsRegional(1.143)).toBe(14);
    expect(percentVsRegional(1.145)).toBe(15);
    expect(percentVsRegional(0.855)).toBe(-15);
    expect(percentVsRegional(0.804)).toBe(-20);
    expect(percentVsRegional(1.004)).toBe(0);
  });

  it('says above, below or match', () => {
    expect(calibrationSentence(20, 3)).toBe('Your prices run 20% above the regional average (3 tasks).');
    expect(calibrationSentence(-15, 4)).toBe('Your prices run 15% below the regional average (4 tasks).');
    expect(calibrationSentence(0, 5)).toBe('Your prices match the regional average (5 tasks).');
    expect(calibrationPending(1, 3)).toBe(
      'Calibration starts once 3 tasks have an awarded bid or an actual cost (1 so far; fixed fees do not count).',
    );
  });

  it('writes the ratio as a multiplier', () => {
    expect(formatRatio(1.2)).toBe('×1.2');
    expect(formatRatio(0.855)).toBe('×0.855');
  });
});
