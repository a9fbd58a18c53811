import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  differenceText,
  EMPTY_CONTRACTOR,
  flagText,
  formatDifference,
  insuranceStatus,
  insuranceText,
  NEW_CONTRACTOR,
  parseAmount,
  validateBid,
  validateContractor,
  type BidFormValues,
} from './utils';

describe('difference from the prediction', () => {
  it('shows the sign in the badge and the direction in words', () => {
    expect(formatDifference(12.5)).toBe('+12.5%');
    expect(formatDifference(-4.3)).toBe('-4.3%');
    expect(formatDifference(30)).toBe('+30%');
    expect(formatDifference(0)).toBe('0%');
    expect(formatDifference(null)).toBe('–');
    expect(differenceText(12.5)).toBe('12.5% above the prediction');
    expect(differenceText(-4.3)).toBe('4.3% below the prediction');
    expect(differenceText(0)).toBe('Same as the prediction');
    expect(differenceText(null)).toBe('No prediction to compare with');
  });

  it('says "check the scope" for the server\'s high and low flags only', () => {
    expect(flagText('high')).toBe('Check the scope: more than 25% above the prediction.');
    expect(flagText('low')).toMatch(/^Check the scope: more than 25% below the prediction\./);
    expect(flagText(null)).toBeNull();
    expect(flagText('other')).toBeNull();
  });
});

describe('insurance highlight', () => {
  const today = '2026-03-10';

  it('counts whole calendar days', () => {
    expect(daysBetween('2026-03-10', '2026-04-09')).toBe(30);
    expect(daysBetween('2026-03-10', '2026-03-09')).toBe(-1);
    // Across the change to daylight saving time (US, 2026-03-08).
    expect(daysBetween('2026-03-01', '2026-03-15')).toBe(14);
    expect(daysBetween('nope', '2026-03-15')).toBeNull();
  });

  it('highlights past dates and the next 30 days (both ends included), not later ones', () => {
    expect(insuranceStatus(null, today)).toEqual({ level: 'none', days: null });
    expect(insuranceStatus('2026-03-09', today)).toEqual({ level: 'expired', days: -1 });
    expect(insuranceStatus('2026-03-10', today)).toEqual({ level: 'soon', days: 0 });
    expect(insuranceStatus('2026-04-09', today)).toEqual({ level: 'soon', days: 30 });
    expect(insuranceStatus('2026-04-10', today)).toEqual({ level: 'ok', days: 31 });
  });

  it('says why in words', () => {
    expect(insuranceText(null, today)).toBe('No insurance expiry on file');
    expect(insuranceText('2026-03-09', today, 'en-US')).toBe('Insurance expired on 3/9/2026 (1 day ago)');
    expect(insuranceText('2026-02-08', today, 'en-US')).toBe('Insurance expired on 2/8/2026 (30 days ago)');
    expect(insuranceText('2026-03-10', today, 'en-US')).toBe('Insurance expires today (3/10/2026)');
    expect(insuranceText('2026-03-11', today, 'en-US')).toBe('Insurance expires in 1 day (3/11/2026)');
    expect(insuranceText('2026-04-09', today, 'en-US')).toBe('Insurance expires in 30 days (4/9/2026)');
    expect(insuranceText('2027-01-01', today, 'en-US')).toBe('Insured until 1/1/2027');
  });
});

describe('bid amount', () => {
  it('reads dollars with separators and a dollar sign', () => {
    expect(parseAmount('38000')).toEqual({ ok: true, value: 38000 });
    expect(parseAmount(' $38,000.50 ')).toEqual({ ok: true, value: 38000.5 });
    expect(parseAmount('0')).toEqual({ ok: true, value: 0 });
    expect(parseAmount('.5')).toEqual({ ok: true, value: 0.5 });
  });

  it('refuses empty, negative, non-numeric and sub-cent amounts with a reason', () => {
    expect(parseAmount('')).toEqual({ ok: false, message: 'Enter the bid amount.' });
    expect(parseAmount('-5')).toEqual({ ok: false, message: 'The amount cannot be negative.' });
    expect(parseAmount('12k')).toEqual({ ok: false, message: 'Enter the amount as a number, e.g. 38000.' });
    expect(parseAmount('1.234')).toEqual({ ok: false, message: 'Use at most two decimals (cents).' });
  });
});

describe('bid form', () => {
  const valid: BidFormValues = {
    contractor: '4',
    newContractorName: '',
    amount: '38000',
    received_on: '',
    valid_until: '',
    notes: '',
    document: '',
  };

  it('accepts a contractor and an amount', () => {
    expect(validateBid(valid)).toEqual({});
  });

  it('needs a contractor, or a name for a new one', () => {
    expect(validateBid({ ...valid, contractor: '' })).toEqual({
      contractor: ['Choose a contractor, or add a new one.'],
    });
    expect(validateBid({ ...valid, contractor: NEW_CONTRACTOR, newContractorName: '  ' })).toEqual({
      name: ["Enter the new contractor's name."],
    });
    expect(validateBid({ ...valid, contractor: NEW_CONTRACTOR, newContractorName: 'Acme' })).toEqual({});
  });

  it('puts each problem beside its field', () => {
    expect(validateBid({ ...valid, amount: 'abc', received_on: '2026-03-10', valid_until: '2026-03-01' })).toEqual({
      amount: ['Enter the amount as a number, e.g. 38000.'],
      valid_until: ['The bid cannot be valid only until before it was received.'],
    });
    expect(validateBid({ ...valid, received_on: '2026-03-10', valid_until: '2026-03-10' })).toEqual({});
  });
});

describe('contractor form', () => {
  it('needs a name; the email may be empty but not malformed', () => {
    expect(validateContractor(EMPTY_CONTRACTOR)).toEqual({ name: ["Enter the contractor's name."] });
    expect(validateContractor({ ...EMPTY_CONTRACTOR, name: 'Acme' })).toEqual({});
    expect(validateContractor({ ...EMPTY_CONTRACTOR, name: 'Acme', email: 'acme@' })).toEqual({
      email: ['Enter a valid email address, or leave it empty.'],
    });
    expect(validateContractor({ ...EMPTY_CONTRACTOR, name: 'Acme', email: 'bids@acme.test' })).toEqual({});
  });
});
