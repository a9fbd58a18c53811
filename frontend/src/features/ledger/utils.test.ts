import { describe, expect, it } from 'vitest';
import {
  changeOrderPayload,
  changeOrderStatusLabel,
  methodLabel,
  OTHER_PAYEE,
  parseMoney,
  PAYMENT_METHODS,
  paymentPayload,
  signedMoney,
  validateChangeOrder,
  validatePayment,
  type ChangeOrderFormValues,
  type PaymentFormValues,
} from './utils';

const payment: PaymentFormValues = {
  amount: '12000',
  paid_on: '2026-03-02',
  payee: '',
  payeeText: '',
  method: 'check',
  receipt: '',
  note: '',
};

const changeOrder: ChangeOrderFormValues = {
  description: 'Extra window in the loft',
  amount: '2500',
  status: 'proposed',
  date: '2026-03-05',
  contractor: '',
  document: '',
};

describe('amounts typed', () => {
  it('reads dollars with a sign, separators and at most two decimals', () => {
    const required = 'Enter it.';
    expect(parseMoney('$12,000.50', { required })).toEqual({ ok: true, value: 12000.5 });
    expect(parseMoney(' 12000 ', { required })).toEqual({ ok: true, value: 12000 });
    expect(parseMoney('-$1,200', { negative: true, required })).toEqual({ ok: true, value: -1200 });
    expect(parseMoney('-0', { negative: true, required })).toEqual({ ok: true, value: 0 });
    expect(parseMoney('', { required })).toEqual({ ok: false, message: 'Enter it.' });
    expect(parseMoney('-5', { required })).toEqual({ ok: false, message: 'The amount must be more than $0.00.' });
    expect(parseMoney('0', { required })).toEqual({ ok: false, message: 'The amount must be more than $0.00.' });
    expect(parseMoney('1.005', { required })).toEqual({ ok: false, message: 'Use at most two decimals (cents).' });
    expect(parseMoney('12k', { required }).ok).toBe(false);
  });

  it('says the sign of a change order', () => {
    expect(signedMoney(2500)).toBe('+$2,500.00');
    expect(signedMoney(-1200.5)).toBe('-$1,200.50');
    expect(signedMoney(0)).toBe('$0.00');
  });

  it('labels the methods and statuses in words', () => {
    expect(PAYMENT_METHODS.map((m) => m.label)).toEqual(['Check', 'Card', 'Transfer', 'Cash', 'Loan draw', 'Other']);
    expect(methodLabel('loan_draw')).toBe('Loan draw');
    expect(changeOrderStatusLabel('approved')).toBe('Approved');
  });
});

describe('the payment form', () => {
  it('asks for an amount, a date and, for someone else, a name', () => {
    expect(validatePayment(payment)).toEqual({});
    expect(validatePayment({ ...payment, amount: '', paid_on: '', payee: OTHER_PAYEE })).toEqual({
      amount: ['Enter the amount paid.'],
      paid_on: ['Enter the date of the payment.'],
      payee: ['Type who was paid, or choose one of your contractors.'],
    });
  });

  it('names a contractor by id, or anyone else by text', () => {
    expect(paymentPayload({ ...payment, payee: '4', receipt: '77', note: ' deposit ' }, 12000)).toEqual({
      amount: 12000,
      paid_on: '2026-03-02',
      contractor: 4,
      method: 'check',
      note: 'deposit',
      receipt: 77,
    });
    expect(paymentPayload({ ...payment, payee: OTHER_PAYEE, payeeText: ' City of Austin ' }, 350)).toMatchObject({
      contractor: null,
      payee: 'City of Austin',
      receipt: null,
    });
    expect(paymentPayload(payment, 1)).toMatchObject({ contractor: null, payee: '' });
  });
});

describe('the change order form', () => {
  it('asks for a description, an amount (a credit too) and a date', () => {
    expect(validateChangeOrder(changeOrder)).toEqual({});
    expect(validateChangeOrder({ ...changeOrder, amount: '-1200' })).toEqual({});
    expect(validateChangeOrder({ ...changeOrder, description: '  ', amount: '', date: '' })).toEqual({
      description: ['Describe the change.'],
      amount: ['Enter the amount (negative for a credit).'],
      date: ['Enter the date of the change order.'],
    });
    expect(validateChangeOrder({ ...changeOrder, description: 'x'.repeat(5001) }).description).toEqual([
      'Keep the description to 5,000 characters or fewer.',
    ]);
  });

  it('sends ids, or null for none', () => {
    expect(changeOrderPayload({ ...changeOrder, contractor: '3', document: '' }, -1200)).toEqual({
      description: 'Extra window in the loft',
      amount: -1200,
      status: 'proposed',
      date: '2026-03-05',
      contractor: 3,
      document: null,
    });
  });
});
