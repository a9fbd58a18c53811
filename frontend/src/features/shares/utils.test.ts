import { describe, expect, it } from 'vitest';
import { sharedFixture } from './test-fixtures';
import {
  expiryText,
  formatPercent,
  formatSize,
  includedText,
  isExpired,
  mailtoHref,
  smsHref,
  tasksByColumn,
  validateShareForm,
} from './utils';

describe('share utils', () => {
  it("counts a link's last day as working", () => {
    expect(isExpired(null, '2026-03-02')).toBe(false);
    expect(isExpired('2026-03-02', '2026-03-02')).toBe(false);
    expect(isExpired('2026-03-01', '2026-03-02')).toBe(true);
    expect(expiryText(null, '2026-03-02')).toBe('No end date');
    expect(expiryText('2026-03-05', '2026-03-02', 'en-US')).toBe('Works until 3/5/2026');
    expect(expiryText('2026-03-01', '2026-03-02', 'en-US')).toBe('Worked until 3/1/2026');
  });

  it('puts the tasks in their columns in board order', () => {
    const tasks = [
      { ...sharedFixture.tasks[0], id: 1, position: 2 },
      { ...sharedFixture.tasks[0], id: 2, position: 1 },
      sharedFixture.tasks[1],
    ];
    const columns = tasksByColumn(tasks);
    expect(columns['To Do'].map((t) => t.id)).toEqual([2, 1]);
    expect(columns['In Progress'].map((t) => t.id)).toEqual([7]);
    expect(columns.Paid).toEqual([]);
  });

  it('says what a link shows besides the budget and the board', () => {
    const none = { include_documents: false, include_bids: false, include_payments: false };
    expect(includedText(none)).toBe('Budget and board only');
    expect(includedText({ ...none, include_payments: true })).toBe('With payments');
    expect(includedText({ ...none, include_bids: true, include_documents: true })).toBe('With bids and documents');
    expect(includedText({ include_documents: true, include_bids: true, include_payments: true })).toBe(
      'With bids, payments and documents',
    );
    expect(includedText({ ...none, include_draws: true })).toBe('With draws');
    expect(includedText({ ...none, include_payments: true, include_draws: true })).toBe('With payments and draws');
  });

  it('checks the form before asking the server', () => {
    const none = { include_documents: false, include_bids: false, include_payments: false, include_draws: false };
    expect(validateShareForm({ label: '  ', expires_on: '', ...none }, '2026-03-02')).toEqual({
      label: ['Give the link a label, such as Bank or Sam.'],
    });
    expect(validateShareForm({ label: 'x'.repeat(61), expires_on: '2026-03-01', ...none }, '2026-03-02')).toEqual({
      label: ['Keep the label to 60 characters.'],
      expires_on: ['Pick today or a later day.'],
    });
    expect(
      validateShareForm({ label: 'Bank', expires_on: '2026-03-02', ...none, include_documents: true }, '2026-03-02'),
    ).toEqual({});
  });

  it('says the date range for a year past 2200, five digits too (not "Pick today")', () => {
    const none = { include_documents: false, include_bids: false, include_payments: false, include_draws: false };
    for (const expires_on of ['10000-01-01', '2201-01-01']) {
      expect(validateShareForm({ label: 'Bank', expires_on, ...none }, '2026-03-02')).toEqual({
        expires_on: ['Enter a date between 1900-01-01 and 2200-12-31.'],
      });
    }
  });

  it('words the message and the addresses to send it', () => {
    const url = 'https://buildledger.example/share/abc';
    expect(decodeURIComponent(smsHref('Willow & Co', url))).toBe(
      `sms:?&body=Here is a read-only view of the budget of Willow & Co on BuildLedger, always up to date: ${url}`,
    );
    const mail = mailtoHref('Willow & Co', url);
    expect(mail.startsWith('mailto:?subject=Willow%20%26%20Co%3A%20project%20budget&body=')).toBe(true);
    expect(decodeURIComponent(mail)).toContain(url);
  });

  it('says sizes and statuses in words', () => {
    expect(formatPercent(4.5)).toBe('+4.5%');
    expect(formatPercent(-12)).toBe('−12%');
    expect(formatPercent(0.01)).toBe('0%');
    expect(formatSize(900)).toBe('900 bytes');
    expect(formatSize(2048)).toBe('2 KB');
    expect(formatSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});
