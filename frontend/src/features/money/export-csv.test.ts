import { describe, expect, it } from 'vitest';
import { PAYMENT_COLUMNS, paymentsCsv, paymentsFileName } from './export-csv';
import { paymentsFixture } from './test-fixtures';

describe('payments CSV', () => {
  const csv = paymentsCsv('Willow Creek House', paymentsFixture, new Map([[31, 'permit-receipt.pdf']]), '2026-04-01');
  const lines = csv.split('\r\n');

  it('names the project and the date, then the columns', () => {
    expect(lines[0]).toBe('Project,Willow Creek House');
    expect(lines[1]).toBe('Exported,2026-04-01');
    expect(lines[2]).toBe('');
    expect(lines[3]).toBe(PAYMENT_COLUMNS.join(','));
    expect(PAYMENT_COLUMNS).toEqual(['Date', 'Task', 'Payee', 'Method', 'Amount', 'Note', 'Receipt']);
  });

  it('has one row per payment, oldest first, with the receipt named', () => {
    expect(lines[4]).toBe('2026-02-01,Building Permits,City of Austin,Card,2500.00,Permit fee,permit-receipt.pdf');
    expect(lines[5]).toBe('2026-03-02,Framing,Birch Builders,Check,12000.00,"Deposit, ""first"" half",');
    // A receipt whose document is not found still says there is one.
    expect(lines[6]).toBe('2026-03-20,Framing,Birch Builders,Loan draw,8000.00,,Document 44');
  });

  it('ends with a totals line', () => {
    expect(lines[7]).toBe('Total (3 payments),,,,22500.00,,');
    expect(lines[8]).toBe('');
    expect(lines).toHaveLength(9);
  });

  it('with no payments, still has the columns and a zero total', () => {
    const empty = paymentsCsv('X', [], new Map(), '2026-04-01').split('\r\n');
    expect(empty[3]).toBe(PAYMENT_COLUMNS.join(','));
    expect(empty[4]).toBe('Total (0 payments),,,,0.00,,');
  });

  it('keeps a payee with a semicolon and a formula in one text cell (lib/csv)', () => {
    const [first] = paymentsFixture;
    const payee = 'x;=HYPERLINK("http://evil.example","Open")';
    const row = paymentsCsv('X', [{ ...first, payee, note: 'n;=1+1' }], new Map(), '2026-04-01').split('\r\n')[4];
    expect(row).toBe(
      '2026-02-01,Building Permits,"x;=HYPERLINK(""http://evil.example"",""Open"")",Card,2500.00,"n;=1+1",Document 31',
    );
  });

  it('is named after the project', () => {
    expect(paymentsFileName(3, 'Willow Creek House')).toBe('payments_willow_creek_house.csv');
    expect(paymentsFileName(3, null)).toBe('payments_project_3.csv');
    expect(paymentsFileName(3, '***')).toBe('payments_project_3.csv');
  });
});
