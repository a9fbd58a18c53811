import { describe, expect, it } from 'vitest';
import { AFFORDABILITY_DEFAULTS, calculateAffordability, formatDollars, toAmount } from './affordability';

const base = {
  annualIncome: '120000',
  downPayment: '50000',
  monthlyDebts: '500',
  ...AFFORDABILITY_DEFAULTS,
};

describe('calculateAffordability', () => {
  it('uses the lesser of the 28% and 36% rules and the annuity formula', () => {
    // monthly income 10,000; 28% = 2,800; 36% - 500 = 3,100 -> payment 2,800
    // P&I = 2,700 at 7%/12 over 360 months
    const r = 0.07 / 12;
    const principal = (2700 * (1 - Math.pow(1 + r, -360))) / r;
    const result = calculateAffordability(base);
    expect(result.monthlyPayment).toBe(2800);
    expect(result.loanAmount).toBe(Math.round(principal));
    expect(result.loanAmount).toBe(405830);
    expect(result.housePrice).toBe(Math.round(principal + 50000));
  });

  it('lets monthly debts bind through the 36% rule', () => {
    // 36% of 10,000 = 3,600 - 1,500 = 2,100 < 2,800
    const result = calculateAffordability({ ...base, monthlyDebts: '1500' });
    expect(result.monthlyPayment).toBe(2100);
  });

  it('with a 0% rate multiplies the payment after insurance by the months', () => {
    const result = calculateAffordability({ ...base, interestRate: '0' });
    expect(result.loanAmount).toBe(2700 * 360);
    expect(result.housePrice).toBe(2700 * 360 + 50000);
  });

  it('treats empty inputs as zero', () => {
    const empty = {
      annualIncome: '',
      downPayment: '',
      monthlyDebts: '',
      interestRate: '',
      loanTermYears: '',
      propertyTaxRate: '',
      insuranceMonthly: '',
    };
    expect(calculateAffordability(empty)).toEqual({ housePrice: 0, monthlyPayment: 0, loanAmount: 0 });
    // Only the down payment filled in: the house price is the down payment.
    expect(calculateAffordability({ ...empty, downPayment: '25000' }).housePrice).toBe(25000);
    // Empty rate behaves like 0%.
    expect(calculateAffordability({ ...base, interestRate: '' }).loanAmount).toBe(2700 * 360);
  });

  it('clamps at zero when insurance exceeds the payment', () => {
    const result = calculateAffordability({ ...base, annualIncome: '3000', monthlyDebts: '0', insuranceMonthly: '100' });
    // payment = 28% of 250 = 70 < 100 insurance -> nothing left for the loan
    expect(result.monthlyPayment).toBe(70);
    expect(result.loanAmount).toBe(0);
    expect(result.housePrice).toBe(50000);
  });

  it('never reports a negative payment when debts exceed 36% of income', () => {
    const result = calculateAffordability({ ...base, monthlyDebts: '5000' });
    expect(result.monthlyPayment).toBe(0);
    expect(result.loanAmount).toBe(0);
    expect(result.housePrice).toBe(50000);
  });

  it('ignores the property tax rate', () => {
    const a = calculateAffordability({ ...base, propertyTaxRate: '0' });
    const b = calculateAffordability({ ...base, propertyTaxRate: '3.25' });
    expect(a).toEqual(b);
  });

  it('accepts two-decimal rates and a zero term', () => {
    const r = calculateAffordability({ ...base, interestRate: '6.75' });
    expect(r.loanAmount).toBeGreaterThan(calculateAffordability(base).loanAmount);
    expect(calculateAffordability({ ...base, loanTermYears: '0' }).loanAmount).toBe(0);
  });

  it('rounds results to whole dollars', () => {
    const r = calculateAffordability({ ...base, annualIncome: '100001' });
    expect(Number.isInteger(r.housePrice)).toBe(true);
    expect(Number.isInteger(r.monthlyPayment)).toBe(true);
    expect(Number.isInteger(r.loanAmount)).toBe(true);
  });
});

describe('toAmount', () => {
  it('parses numbers, strips $ and commas, and zeroes junk and negatives', () => {
    expect(toAmount('1,200')).toBe(1200);
    expect(toAmount('$950.5')).toBe(950.5);
    expect(toAmount('abc')).toBe(0);
    expect(toAmount('-5')).toBe(0);
    expect(toAmount(undefined)).toBe(0);
    expect(toAmount(7)).toBe(7);
  });
});

describe('formatDollars', () => {
  it('formats whole dollars with thousands separators', () => {
    expect(formatDollars(455832.4)).toBe('$455,832');
    expect(formatDollars(0)).toBe('$0');
    expect(formatDollars(1234567)).toBe('$1,234,567');
  });
});
