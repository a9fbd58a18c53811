import { describe, expect, it } from 'vitest';
import {
  changeOrderStatusLabel,
  contingencySentence,
  drawStatusLabel,
  fileSlug,
  formatPercent,
  formatPrediction,
  methodLabel,
  parseDollars,
  percentComplete,
  predictionBasisText,
  sumDollars,
  toCents,
} from './utils';

describe('money utils', () => {
  it('adds dollars in cents', () => {
    expect(sumDollars([0.1, 0.2], (x) => x)).toBe(0.3);
    expect(sumDollars([1234.56, 0.44, null], (x) => x)).toBe(1235);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(-250.1)).toBe(-25010);
    expect(toCents(null)).toBe(0);
  });

  it('shows predictions in whole dollars', () => {
    expect(formatPrediction(39061)).toBe('$39,061');
    expect(formatPrediction(39060.6)).toBe('$39,061');
    expect(formatPrediction(null)).toBe('–');
  });

  it('says percentages with one decimal at most', () => {
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatPercent(12)).toBe('12%');
    expect(formatPercent(10.04)).toBe('10%');
  });

  it('labels methods, change-order and draw statuses', () => {
    expect(methodLabel('loan_draw')).toBe('Loan draw');
    expect(methodLabel('transfer')).toBe('Bank transfer');
    expect(methodLabel('barter')).toBe('barter');
    expect(changeOrderStatusLabel('approved')).toBe('Approved');
    expect(drawStatusLabel('funded')).toBe('Funded');
  });

  it('says where the predicted total stands against the reserve', () => {
    const s = { contingency_used: 2750, contingency_reserve: 16000, headroom: 13250 };
    expect(contingencySentence({ ...s, status: 'ok' })).toBe(
      'The predicted total fits the working budget: the reserve is untouched.',
    );
    expect(contingencySentence({ ...s, status: 'warning' })).toBe(
      'The predicted total has used $2,750.00 of the $16,000.00 reserve.',
    );
    expect(contingencySentence({ ...s, contingency_used: 16000, headroom: -1200.5, status: 'over' })).toBe(
      'The predicted total is $1,200.50 over the budget: the reserve is used up.',
    );
  });

  it('says which predictions the predicted total is made of', () => {
    const calibrated = { ratio: 0.973 } as Parameters<typeof predictionBasisText>[0]['calibrated'];
    const totals = { predicted_total_regional: 147236.45, predicted_total_calibrated: 146750 };
    expect(predictionBasisText({ ...totals, use_calibration: true, calibrated })).toBe(
      'Calibrated predictions (regional × 0.973); with regional ones $147,236.45',
    );
    expect(predictionBasisText({ ...totals, use_calibration: false, calibrated })).toBe(
      'Regional predictions; calibrated ones would give $146,750.00',
    );
    expect(
      predictionBasisText({ ...totals, predicted_total_calibrated: null, use_calibration: true, calibrated: null }),
    ).toBe('Regional predictions where no cost is known yet');
  });

  describe('percent complete of a task in a draw', () => {
    it('is 100 once the task is Paid, whatever was paid', () => {
      expect(percentComplete({ status: 'Paid', paid_to_date: 0, best_known: 5000 })).toBe(100);
    });
    it('is paid to date over best-known cost, rounded down, at most 100', () => {
      expect(percentComplete({ status: 'In Progress', paid_to_date: 2500, best_known: 10000 })).toBe(25);
      expect(percentComplete({ status: 'In Progress', paid_to_date: 9999.99, best_known: 10000 })).toBe(99);
      expect(percentComplete({ status: 'To Do', paid_to_date: 12000, best_known: 10000 })).toBe(100);
      expect(percentComplete({ status: 'To Do', paid_to_date: 0, best_known: 10000 })).toBe(0);
    });
    it('without a cost known: 100 once something is paid, else 0', () => {
      expect(percentComplete({ status: 'To Do', paid_to_date: 300, best_known: 0 })).toBe(100);
      expect(percentComplete({ status: 'To Do', paid_to_date: 0, best_known: 0 })).toBe(0);
    });
  });

  it('makes file names from project names', () => {
    expect(fileSlug('Willow Creek House')).toBe('willow_creek_house');
    expect(fileSlug('  Café Déjà-vu #2 ')).toBe('cafe_deja_vu_2');
    expect(fileSlug('!!!')).toBeNull();
    expect(fileSlug(null)).toBeNull();
  });

  it('reads typed amounts', () => {
    expect(parseDollars('$12,000.50')).toEqual({ ok: true, value: 12000.5 });
    expect(parseDollars('')).toMatchObject({ ok: false });
    expect(parseDollars('-3')).toMatchObject({ ok: false, message: 'The amount cannot be negative.' });
    expect(parseDollars('1.234')).toMatchObject({ ok: false, message: 'Use at most two decimals (cents).' });
    expect(parseDollars('0')).toMatchObject({ ok: false, message: 'The amount must be more than $0.' });
    expect(parseDollars('abc')).toMatchObject({ ok: false });
  });
});
