import { describe, expect, it } from 'vitest';
import { formatIsoDay } from '../../lib/format';
import { payment, waiver } from './test-fixtures';
import {
  kindLabel,
  parseWaiverAmount,
  paymentWaiverStatus,
  paymentWords,
  requestFor,
  stateLabel,
  waiverFor,
} from './utils';

describe('waiver words', () => {
  it('says each kind and status in plain words', () => {
    expect(kindLabel('conditional_progress')).toBe('Conditional progress');
    expect(kindLabel('unconditional_progress')).toBe('Unconditional progress');
    expect(kindLabel('conditional_final')).toBe('Conditional final');
    expect(kindLabel('unconditional_final')).toBe('Unconditional final');
    expect(kindLabel('other')).toBe('other');
    expect(stateLabel('requested')).toBe('Requested');
    expect(stateLabel('received')).toBe('Received');
  });

  it("reads a payment's waiver status, anything unknown or absent as not needed", () => {
    expect(paymentWaiverStatus('missing')).toBe('missing');
    expect(paymentWaiverStatus('requested')).toBe('requested');
    expect(paymentWaiverStatus('received')).toBe('received');
    expect(paymentWaiverStatus('not_needed')).toBe('not_needed');
    expect(paymentWaiverStatus(undefined)).toBe('not_needed');
    expect(paymentWaiverStatus('later')).toBe('not_needed');
  });

  it('says a payment in a sentence', () => {
    expect(paymentWords({ amount: 2000, paid_on: '2026-11-20', contractor_name: 'Acme Framing' })).toBe(
      `$2,000.00 to Acme Framing on ${formatIsoDay('2026-11-20')}`,
    );
  });
});

describe('waiverFor', () => {
  const p = payment();

  it('finds a received waiver naming the payment before a requested one', () => {
    const asked = waiver({ id: 1 });
    const got = waiver({ id: 2, status: 'received', received_on: '2026-11-26' });
    expect(waiverFor(p, [asked, got])?.id).toBe(2);
    expect(waiverFor(p, [asked])?.id).toBe(1);
  });

  it("finds a waiver of the payment's contractor through its day, not one that ends before", () => {
    const through = waiver({ id: 3, payment: null, through_date: '2026-11-30', status: 'received' });
    const before = waiver({ id: 4, payment: null, through_date: '2026-11-19', status: 'received' });
    expect(waiverFor(p, [before, through])?.id).toBe(3);
    expect(waiverFor(p, [before])).toBeNull();
  });

  it("never takes another contractor's waiver, and a payment without a contractor has none", () => {
    expect(waiverFor(p, [waiver({ contractor: 2 })])).toBeNull();
    expect(waiverFor(payment({ contractor: null }), [waiver()])).toBeNull();
  });
});

describe('requestFor', () => {
  it("asks an unconditional progress waiver for the payment's amount, through its day", () => {
    expect(requestFor(payment())).toEqual({
      contractor: 1,
      payment: 30,
      kind: 'unconditional_progress',
      amount: 2000,
      through_date: '2026-11-20',
      status: 'requested',
    });
  });
});

describe('parseWaiverAmount', () => {
  it('takes dollars, 0 included, with at most two decimals', () => {
    expect(parseWaiverAmount('$2,000.50')).toEqual({ ok: true, value: 2000.5 });
    expect(parseWaiverAmount('0')).toEqual({ ok: true, value: 0 });
    expect(parseWaiverAmount(' ')).toEqual({ ok: false, message: 'Enter the amount the waiver covers.' });
    expect(parseWaiverAmount('-5').ok).toBe(false);
    expect(parseWaiverAmount('12.345').ok).toBe(false);
    expect(parseWaiverAmount('abc').ok).toBe(false);
  });
});
