// House-affordability calculator (spec section 9), as a pure function.
//
// monthly income      = annual income / 12
// max housing payment = min(28% of monthly income, 36% of monthly income - monthly debts)
// loan principal      = present value of (payment - monthly insurance) paid monthly for
//                       term x 12 months at rate/100/12; with a 0% rate, simply
//                       (payment - insurance) x months
// house price         = principal + down payment
//
// Decisions the spec leaves open (documented and unit-tested):
// - Empty, missing or non-numeric inputs count as 0.
// - The housing payment never goes below 0: when debts exceed 36% of income the
//   budget is $0, not a negative payment.
// - The amount left for principal and interest (payment - insurance) is clamped at 0,
//   so insurance larger than the payment gives a $0 loan rather than a negative one.
// - A 0% rate uses (payment - insurance) x months, the limit of the annuity formula as
//   the rate goes to 0, so results do not jump between 0% and 0.01%.
// - Negative inputs are treated as 0 (a negative income, rate or term is meaningless).
// - The property tax rate is accepted and validated like the others but, as the spec
//   says, does not change the result.
import { formatDecimal } from '../../../lib/format'; // not Intl: see src/lib/format.ts

export interface AffordabilityInput {
  annualIncome: string | number;
  downPayment: string | number;
  monthlyDebts: string | number;
  interestRate: string | number; // percent per year, e.g. 7 for 7%
  loanTermYears: string | number;
  propertyTaxRate: string | number; // percent per year; read but not used
  insuranceMonthly: string | number;
}

export interface AffordabilityResult {
  housePrice: number;
  monthlyPayment: number;
  loanAmount: number;
}

export const AFFORDABILITY_DEFAULTS = {
  interestRate: '7',
  loanTermYears: '30',
  propertyTaxRate: '1.2',
  insuranceMonthly: '100',
} as const;

/** Empty, missing, non-numeric and negative values become 0. */
export function toAmount(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const n = typeof value === 'number' ? value : Number(String(value).replace(/[$,\s]/g, ''));
  if (!Number.isFinite(n) || n < 0) return 0;
  return n;
}

export function calculateAffordability(input: AffordabilityInput): AffordabilityResult {
  const annualIncome = toAmount(input.annualIncome);
  const downPayment = toAmount(input.downPayment);
  const monthlyDebts = toAmount(input.monthlyDebts);
  const ratePercent = toAmount(input.interestRate);
  const termYears = toAmount(input.loanTermYears);
  toAmount(input.propertyTaxRate); // read, deliberately unused (spec section 9)
  const insurance = toAmount(input.insuranceMonthly);

  const monthlyIncome = annualIncome / 12;
  const frontEnd = monthlyIncome * 0.28;
  const backEnd = monthlyIncome * 0.36 - monthlyDebts;
  const maxPayment = Math.max(0, Math.min(frontEnd, backEnd));

  const forPrincipalAndInterest = Math.max(0, maxPayment - insurance);
  const months = Math.round(termYears * 12);
  const monthlyRate = ratePercent / 100 / 12;

  let principal: number;
  if (months <= 0) {
    principal = 0;
  } else if (monthlyRate === 0) {
    principal = forPrincipalAndInterest * months;
  } else {
    principal = (forPrincipalAndInterest * (1 - Math.pow(1 + monthlyRate, -months))) / monthlyRate;
  }

  return {
    housePrice: Math.round(principal + downPayment),
    monthlyPayment: Math.round(maxPayment),
    loanAmount: Math.round(principal),
  };
}

/** Whole dollars with thousands separators: 412345 -> "$412,345". */
export function formatDollars(value: number): string {
  return `$${formatDecimal(Math.round(value), 0, 0)}`;
}
