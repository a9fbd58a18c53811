import { describe, expect, it } from 'vitest';
import {
  checkLending,
  emptyLending,
  lendingPayload,
  lendingValues,
  parseRetainage,
  parseWaiverThreshold,
} from './lending';

describe('property and loan helpers (issue 34)', () => {
  it('reads a retainage of 0 to 20 percent with at most two decimals', () => {
    expect(parseRetainage('5')).toEqual({ ok: true, value: 5 });
    expect(parseRetainage(' 7.25 % ')).toEqual({ ok: true, value: 7.25 });
    expect(parseRetainage('7.50')).toEqual({ ok: true, value: 7.5 });
    expect(parseRetainage('20')).toEqual({ ok: true, value: 20 });
    expect(parseRetainage('')).toEqual({ ok: true, value: null });
    expect(parseRetainage('20.01')).toEqual({ ok: false, message: 'Retainage can be at most 20%.' });
    expect(parseRetainage('7.125')).toEqual({ ok: false, message: 'Use at most two decimals, such as 7.25.' });
    expect(parseRetainage('-1').ok).toBe(false);
    expect(parseRetainage('five').ok).toBe(false);
  });

  it('reads a waiver threshold in dollars, zero included', () => {
    expect(parseWaiverThreshold('$1,000.50')).toEqual({ ok: true, value: 1000.5 });
    expect(parseWaiverThreshold('0')).toEqual({ ok: true, value: 0 });
    expect(parseWaiverThreshold('')).toEqual({ ok: true, value: null });
    expect(parseWaiverThreshold('500.001')).toEqual({ ok: false, message: 'Use at most two decimals (cents).' });
    expect(parseWaiverThreshold('five hundred').ok).toBe(false);
    expect(parseWaiverThreshold('-5')).toEqual({
      ok: false,
      message: 'The amount cannot be negative. Use 0 for every payment.',
    });
  });

  it('checks the lengths and the numbers, and shapes the body', () => {
    expect(checkLending(emptyLending)).toEqual({});
    expect(
      checkLending({ ...emptyLending, address: 'a'.repeat(201), loan_number: 'b'.repeat(61), retainage_percent: '21' }),
    ).toEqual({
      address: ['Keep the address to 200 characters.'],
      loan_number: ['Keep the loan number to 60 characters.'],
      retainage_percent: ['Retainage can be at most 20%.'],
    });
    expect(lendingPayload(emptyLending)).toEqual({
      address: '',
      lender_name: '',
      loan_number: '',
      retainage_percent: 0,
      waiver_threshold: 500,
    });
    // Blank numbers are left out: the server's default on create, unchanged on an edit.
    expect(lendingPayload({ ...emptyLending, retainage_percent: ' ', waiver_threshold: '' })).toEqual({
      address: '',
      lender_name: '',
      loan_number: '',
    });
  });

  it('opens an edit with the stored values', () => {
    const stored = {
      address: '1 Oak',
      lender_name: 'Bank',
      loan_number: 'L',
      retainage_percent: 5,
      waiver_threshold: 750.5,
    };
    expect(lendingValues(stored)).toEqual({
      address: '1 Oak',
      lender_name: 'Bank',
      loan_number: 'L',
      retainage_percent: '5',
      waiver_threshold: '750.50',
    });
  });
});
