import { describe, expect, it } from 'vitest';
import { paidAmount, paidText } from './paid-display';

describe('the payment line of cards and rows', () => {
  it('says nothing without payments', () => {
    expect(paidText({})).toBeNull();
    expect(paidText({ paid_to_date: 0, payment_count: 0, committed_cost: 41800 })).toBeNull();
    expect(paidAmount({ paid_to_date: 0, payment_count: 0 })).toBeNull();
  });

  it('counts against the actual cost when entered, else the committed cost', () => {
    expect(paidText({ paid_to_date: 12000, payment_count: 1, committed_cost: 41800, actual_cost: null })).toBe(
      'Paid $12,000.00 of $41,800.00',
    );
    expect(paidText({ paid_to_date: 41800, payment_count: 2, committed_cost: 41800, actual_cost: 43000.5 })).toBe(
      'Paid $41,800.00 of $43,000.50',
    );
    expect(paidText({ paid_to_date: 950.25, payment_count: 1, committed_cost: null, actual_cost: null })).toBe(
      'Paid $950.25',
    );
  });

  it("reads the task's Paid: a finished task is paid its actual cost when that is more than its payments", () => {
    expect(paidText({ status: 'Paid', actual_cost: 6800, payments_total: 0, payment_count: 0 })).toBe(
      'Paid $6,800.00 of $6,800.00',
    );
    expect(paidText({ status: 'In Progress', actual_cost: 6800, payments_total: 0, payment_count: 0 })).toBeNull();
    expect(paidAmount({ status: 'Paid', actual_cost: 6800, payments_total: 7000, payment_count: 1 })).toBe(7000);
    expect(paidAmount({ status: 'To Do', actual_cost: null, payments_total: 25000, payment_count: 2 })).toBe(25000);
  });

  it('shows a payment of $0 that was recorded', () => {
    expect(paidAmount({ paid_to_date: 0, payment_count: 1 })).toBe(0);
    expect(paidText({ paid_to_date: 0, payment_count: 1 })).toBe('Paid $0.00');
  });
});
