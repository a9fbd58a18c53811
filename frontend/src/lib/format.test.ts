import { describe, expect, it } from 'vitest';
import { formatMoney, parsePeriodEnd } from './format';

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
