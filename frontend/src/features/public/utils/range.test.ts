import { describe, expect, it } from 'vitest';
import { formatRange, formatWithRange, rangeEnds, wholeDollars } from './range';

describe('ranges as users read them: "$31,000 (26,000–37,000)"', () => {
  it('writes whole dollars, an en dash, and no dollar sign inside the parentheses', () => {
    expect(formatWithRange(341616, 303832.32, 379779.84)).toBe('$341,616 (303,832–379,780)');
    expect(formatWithRange(31000, 26000, 37000)).toBe('$31,000 (26,000–37,000)');
    expect(formatRange(54643.38, 108634.68)).toBe('54,643–108,635');
    expect(formatRange(54643.38, 108634.68)).toContain('\u2013');
  });

  it('rounds half away from zero, like the totals', () => {
    expect(wholeDollars(999.5)).toBe('1,000');
    expect(wholeDollars(1234567.49)).toBe('1,234,567');
  });

  it('shows no range where there is none: a missing end, or one figure for every quality', () => {
    expect(formatWithRange(6103.68, 6103.68, 6103.68)).toBe('$6,104');
    expect(formatWithRange(6103.68, 6103.6, 6103.9)).toBe('$6,104');
    expect(formatWithRange(500, null, 700)).toBe('$500');
    expect(formatRange(undefined, undefined)).toBeNull();
    expect(formatRange(Number.NaN, 10)).toBeNull();
  });

  it('puts the lower end first', () => {
    expect(rangeEnds(37000, 26000)).toEqual(['26,000', '37,000']);
  });
});
