import { describe, expect, it } from 'vitest';
import {
  calibrationPending,
  calibrationSentence,
  formatRatio,
  percentVsRegional,
  pricingHint,
  pricingLabel,
} from './range-display';

describe("a prediction's pricing and calibration", () => {
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
