import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { tokens } from '../../../lib/auth-store';
import { formatIsoDay } from '../../../lib/format';
import type { Bid, Contractor } from '../types';
import { awardInsuranceWarning } from '../utils';
import { BidsSection } from './bids-section';
import { localToday } from '../../../lib/dates';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** YYYY-MM-DD `days` from today (negative: in the past), in the browser's time zone. */
const fromToday = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return localToday(d);
};

const pat = (insurance_expires: string | null): Contractor => ({
  id: 3,
  name: "Pat's Plumbing",
  trade: 'Plumbing',
  phone: '',
  email: '',
  license_number: '',
  insurance_expires,
  notes: '',
});

const bid = (over: Partial<Bid> = {}): Bid => ({
  id: 20,
  task: 5,
  contractor: { id: 3, name: "Pat's Plumbing" },
  amount: 12000,
  notes: '',
  received_on: null,
  valid_until: null,
  document: null,
  status: 'pending',
  ...over,
});

/** The task's one bid; the roster says when Pat's insurance expires; records the award calls. */
function serve(expires: string | null) {
  let awarded = false;
  const awards: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      if (key === 'GET /api/tasks/5/bids/')
        return Promise.resolve(json(200, [bid({ status: awarded ? 'awarded' : 'pending' })]));
      if (key === 'GET /api/contractors/?project=3') return Promise.resolve(json(200, [pat(expires)]));
      if (key === 'POST /api/bids/20/award/') {
        awarded = true;
        awards.push(key);
        return Promise.resolve(json(200, bid({ status: 'awarded' })));
      }
      return Promise.resolve(json(500, { error: 'unexpected', message: key }));
    }),
  );
  tokens.set('A1', 'R1');
  const onBidsChanged = vi.fn();
  renderWithProviders(<BidsSection projectId={3} taskId={5} documents={[]} onBidsChanged={onBidsChanged} />);
  return { awards, onBidsChanged };
}

const AWARD = "Award the bid of Pat's Plumbing, $12,000.00";

describe('the insurance check before an award', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('words an expired insurance with its date and how long ago, and a missing one', () => {
    expect(awardInsuranceWarning("Pat's Plumbing", '2026-01-10', '2026-11-26')).toBe(
      `Pat's Plumbing's insurance expired on ${formatIsoDay('2026-01-10')} (320 days ago). Check the certificate before awarding.`,
    );
    expect(awardInsuranceWarning('Acme', '2026-11-25', '2026-11-26')).toContain('(1 day ago)');
    expect(awardInsuranceWarning('Acme', null, '2026-11-26')).toBe(
      'Acme has no insurance date on file. Check the certificate before awarding.',
    );
    // Current (also when it expires today or soon): no warning.
    expect(awardInsuranceWarning('Acme', '2026-11-26', '2026-11-26')).toBeNull();
    expect(awardInsuranceWarning('Acme', '2027-03-01', '2026-11-26')).toBeNull();
  });

  it('asks before awarding to an expired insurance: Cancel keeps it unawarded, Award anyway awards', async () => {
    const expired = fromToday(-320);
    const { awards, onBidsChanged } = serve(expired);
    fireEvent.click(await screen.findByRole('button', { name: AWARD }));
    const dialog = await screen.findByRole('dialog', { name: 'Check the insurance first' });
    expect(within(dialog).getByTestId('award-insurance-warning').textContent).toBe(
      `Pat's Plumbing's insurance expired on ${formatIsoDay(expired)} (320 days ago). Check the certificate before awarding.`,
    );
    expect(dialog.textContent).toContain(`${AWARD}?`);
    // Cancel is focused first: Enter never awards by accident.
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(awards).toEqual([]);
    expect(onBidsChanged).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: AWARD }));
    const again = await screen.findByRole('dialog', { name: 'Check the insurance first' });
    fireEvent.click(within(again).getByRole('button', { name: 'Award anyway' }));
    await waitFor(() => expect(onBidsChanged).toHaveBeenCalledTimes(1));
    expect(awards).toEqual(['POST /api/bids/20/award/']);
    expect(await screen.findByTestId('bids-committed')).toBeTruthy();
  });

  it('asks when no insurance date is on file', async () => {
    const { awards } = serve(null);
    fireEvent.click(await screen.findByRole('button', { name: AWARD }));
    const dialog = await screen.findByRole('dialog', { name: 'Check the insurance first' });
    expect(within(dialog).getByTestId('award-insurance-warning').textContent).toBe(
      "Pat's Plumbing has no insurance date on file. Check the certificate before awarding.",
    );
    expect(awards).toEqual([]);
  });

  it('awards at once when the insurance is current', async () => {
    const { awards, onBidsChanged } = serve(fromToday(200));
    fireEvent.click(await screen.findByRole('button', { name: AWARD }));
    await waitFor(() => expect(onBidsChanged).toHaveBeenCalledTimes(1));
    expect(awards).toEqual(['POST /api/bids/20/award/']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
