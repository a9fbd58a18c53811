import { describe, expect, it } from 'vitest';
import { coveredWarning, linePreview } from './draw-edit-dialog';

// The Edit draw dialog's preview of a line from the percent typed (issue 34, tester's notes).

const line = { scheduled_value: 20000, previous: 2000, inspected_percent: null };

describe('linePreview', () => {
  it('asks scheduled × percent − previous, rounded to the cent', () => {
    expect(linePreview(line, '25')).toEqual({ thisPeriod: 3000, coveredPercent: null });
    expect(linePreview({ ...line, scheduled_value: 333.33, previous: 0 }, '33.3')).toEqual({
      thisPeriod: 111, // 33,333 cents × 33.3% = 11,099.9 -> 11,100 cents
      coveredPercent: null,
    });
  });

  it('never goes below 0, and says what earlier draws cover when the percent is below it', () => {
    expect(linePreview(line, '5')).toEqual({ thisPeriod: 0, coveredPercent: 10 });
    expect(coveredWarning(10)).toBe('Earlier draws already cover 10% of this line: this draw asks nothing for it.');
    // Exactly what earlier draws cover: $0.00, not below it.
    expect(linePreview(line, '10')).toEqual({ thisPeriod: 0, coveredPercent: null });
  });

  it('gives none for an empty, unchanged or unreadable percent (the server figure stands)', () => {
    expect(linePreview(line, '')).toBeNull();
    expect(linePreview({ ...line, inspected_percent: 40 }, '40')).toBeNull();
    expect(linePreview(line, '150')).toBeNull();
    expect(linePreview(line, 'abc')).toBeNull();
  });
});
