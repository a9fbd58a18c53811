import { describe, expect, it } from 'vitest';
import { localToday } from './dates';

describe('localToday', () => {
  it('writes the local calendar day as YYYY-MM-DD, zero-padded', () => {
    expect(localToday(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(localToday(new Date(2026, 11, 31, 12))).toBe('2026-12-31');
    expect(localToday(new Date(2026, 1, 28, 23, 30))).toBe('2026-02-28');
  });

  it('takes the day in the browser’s time zone, not UTC', () => {
    // Late in the evening local time is already the next day in UTC west of Greenwich.
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localToday(new Date(2026, 0, 5, 0, 0))).toBe('2026-01-05');
  });

  it('is today without an argument', () => {
    const before = localToday(new Date());
    const today = localToday();
    const after = localToday(new Date());
    // Around midnight the default may be read a moment after `before`.
    expect([before, after]).toContain(today);
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
