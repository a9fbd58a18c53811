import { describe, expect, it } from 'vitest';
import {
  formatDecimal,
  formatMoney,
  formatNumber,
  formatRange,
  formatWholeMoney,
  formatWithRange,
  isDateOutOfRange,
  parsePeriodEnd,
  rangeEnds,
  rangeInWords,
  wholeDollars,
} from './format';

describe('formatMoney', () => {
  it('uses US dollars, two decimals and thousands separators', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1234567.891)).toBe('$1,234,567.89');
  });
  it('shows a dash for missing values', () => {
    expect(formatMoney(null)).toBe('-');
    expect(formatMoney(undefined)).toBe('-');
  });
});

describe('formatting without Intl matches Intl en-US', () => {
  const money = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const edge = [
    0,
    -0,
    1,
    -1,
    0.5,
    1.5,
    2.5,
    -0.5,
    -0.4,
    0.001,
    -0.001,
    0.005,
    1.005,
    2.675,
    0.125,
    0.135,
    9.995,
    99.995,
    999.995,
    999999.995,
    -999.995,
    1234.5,
    1234567.891,
    123456789.995,
    1e15,
    123456789012345.67,
    1e20,
    1e21,
    1.5e22,
    1e-7,
    -1e-7,
    0.000001,
    Infinity,
    -Infinity,
    Number.MAX_SAFE_INTEGER,
    0.1 + 0.2,
    1234.5678,
    2400,
    2400.5,
    0.0005,
  ];
  const random: number[] = [];
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < 3000; i++) {
    const scale = 10 ** Math.floor(next() * 12 - 3);
    random.push((next() - 0.3) * scale, Math.round((next() - 0.3) * scale * 1000) / 1000);
  }
  it('formatMoney', () => {
    for (const v of [...edge, ...random]) expect(formatMoney(v), String(v)).toBe(money.format(v));
  });
  it('formatDecimal with 0 and 2 decimals', () => {
    for (const v of [...edge, ...random]) {
      expect(formatDecimal(v, 0, 0), String(v)).toBe(whole.format(v));
      expect(formatDecimal(v, 2, 2), String(v)).toBe(cents.format(v));
    }
  });
  it('formatNumber is toLocaleString("en-US")', () => {
    for (const v of [...edge, ...random]) expect(formatNumber(v), String(v)).toBe(v.toLocaleString('en-US'));
  });
});

describe('parsePeriodEnd', () => {
  it('reads 10 digits as seconds', () => {
    expect(parsePeriodEnd(1767225600)?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(parsePeriodEnd('1767225600')?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
  it('reads 13 digits as milliseconds', () => {
    expect(parsePeriodEnd(1767225600000)?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
  it('parses date strings and rejects junk', () => {
    expect(parsePeriodEnd('2026-01-01T00:00:00Z')?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(parsePeriodEnd('not a date')).toBeNull();
    expect(parsePeriodEnd(null)).toBeNull();
    expect(parsePeriodEnd('')).toBeNull();
  });
});

describe('isDateOutOfRange', () => {
  it('flags years outside 1900-2200, five-digit years too', () => {
    for (const v of ['10000-01-01', '275760-12-31', '2201-01-01', '1899-12-31', '0001-01-01']) {
      expect(isDateOutOfRange(v), v).toBe(true);
    }
  });
  it('lets in-range dates, empty values and other forms through', () => {
    for (const v of ['1900-01-01', '2200-12-31', '2027-03-15', '', '3/7/2026', 'soon']) {
      expect(isDateOutOfRange(v), v).toBe(false);
    }
  });
});

describe('a prediction with its range: "$31,000 (26,000–37,000)", the same on every page', () => {
  it('writes whole dollars, an en dash, and no dollar sign inside the parentheses', () => {
    expect(formatWithRange(31000, 26000, 37000)).toBe('$31,000 (26,000–37,000)');
    expect(formatWithRange(730496.81, 699984.62, 759824.36)).toBe('$730,497 (699,985–759,824)');
    expect(formatWithRange(341616, 303832.32, 379779.84)).toBe('$341,616 (303,832–379,780)');
    expect(formatRange(35376, 43344)).toBe('(35,376–43,344)');
    expect(formatRange(54643.38, 108634.68)).toBe('(54,643–108,635)');
    expect(formatRange(54643.38, 108634.68)).toContain('\u2013');
  });

  it('rounds whole dollars half away from zero, like the totals', () => {
    expect(wholeDollars(999.5)).toBe('1,000');
    expect(wholeDollars(1234567.49)).toBe('1,234,567');
    expect(formatWholeMoney(25999.5)).toBe('$26,000');
    expect(formatWholeMoney(0.49)).toBe('$0');
    expect(formatWholeMoney(-1234.5)).toBe('-$1,235');
    expect(formatWithRange(31000.4, 25999.5, 37000)).toBe('$31,000 (26,000–37,000)');
  });

  it('puts the lower end first', () => {
    expect(rangeEnds(37000, 26000)).toEqual([26000, 37000]);
    expect(formatRange(37000, 26000)).toBe('(26,000–37,000)');
    expect(rangeInWords(37000, 26000)).toBe('likely $26,000 to $37,000');
  });

  it('shows no range where there is none: a missing end, or one figure in whole dollars', () => {
    expect(formatRange(1000.2, 1000.4)).toBeNull();
    expect(formatRange(undefined, undefined)).toBeNull();
    expect(formatRange(Number.NaN, 10)).toBeNull();
    expect(formatRange(10, Number.POSITIVE_INFINITY)).toBeNull();
    expect(rangeEnds(null, 10)).toBeNull();
    expect(formatWithRange(1000, 1000, 1000)).toBe('$1,000');
    expect(formatWithRange(6103.68, 6103.6, 6103.9)).toBe('$6,104');
    expect(formatWithRange(31000, 31000.2, 30999.8)).toBe('$31,000');
    expect(formatWithRange(1000, null, 1200)).toBe('$1,000');
  });

  it('writes a dash without a value', () => {
    expect(formatWithRange(null, 1, 2)).toBe('-');
    expect(formatWithRange(undefined, 1, 2)).toBe('-');
    expect(formatWithRange(Number.NaN, 1, 2)).toBe('-');
  });

  it('says the range in words for screen readers', () => {
    expect(rangeInWords(26000, 37000)).toBe('likely $26,000 to $37,000');
    expect(rangeInWords(5, 5)).toBeNull();
    expect(rangeInWords(null, 37000)).toBeNull();
  });
});
