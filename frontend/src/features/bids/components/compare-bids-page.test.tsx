import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { tokens } from '../../../lib/auth-store';
import { formatIsoDay } from '../../../lib/format';
import type { BidComparison, Contractor } from '../types';
import { CompareBidsPage } from './compare-bids-page';
import { localToday } from '../../../lib/dates';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fromToday = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return localToday(d);
};

const past = fromToday(-3);
const later = fromToday(40);

const rows: BidComparison[] = [
  {
    task: 7,
    title: 'Plumbing',
    predicted_cost: 20000,
    lowest: 12000,
    highest: 16800,
    spread: 4800,
    awarded_bid: null,
    bids: [
      {
        id: 1,
        contractor: { id: 3, name: "Pat's Plumbing" },
        amount: 12000,
        status: 'pending',
        difference_pct: -40,
        flag: 'low',
        lowest: true,
        notes: 'Rough-in only; fixtures by the owner',
        valid_until: past,
      },
      {
        id: 2,
        contractor: { id: 4, name: 'Flow Bros' },
        amount: 16800,
        status: 'pending',
        difference_pct: -16,
        flag: null,
        lowest: false,
        notes: '',
        valid_until: later,
      },
    ],
  },
];

const contractor = (id: number, name: string, insurance_expires: string | null): Contractor => ({
  id,
  name,
  trade: '',
  phone: '',
  email: '',
  license_number: '',
  insurance_expires,
  notes: '',
});

function serve() {
  const awards: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      if (key === 'GET /api/projects/9/bids/') return Promise.resolve(json(200, rows));
      if (key === 'GET /api/contractors/?project=9')
        return Promise.resolve(
          json(200, [contractor(3, "Pat's Plumbing", fromToday(-320)), contractor(4, 'Flow Bros', fromToday(100))]),
        );
      if (key.startsWith('POST /api/bids/')) {
        awards.push(key);
        return Promise.resolve(json(200, {}));
      }
      return Promise.resolve(json(500, { error: 'unexpected', message: key }));
    }),
  );
  tokens.set('A1', 'R1');
  renderWithProviders(<CompareBidsPage projectId={9} projectName="Oak Street" />);
  return awards;
}

describe('CompareBidsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each bid's scope notes and valid-until date, expired when past", async () => {
    serve();
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByTestId('bid-notes').textContent).toBe(
      'Scope notesRough-in only; fixtures by the owner',
    );
    expect(within(cards[0]).getByTestId('bid-valid-until').textContent).toBe(
      `Valid until ${formatIsoDay(past)} (expired)`,
    );
    expect(within(cards[1]).queryByTestId('bid-notes')).toBeNull();
    expect(within(cards[1]).getByTestId('bid-valid-until').textContent).toBe(`Valid until ${formatIsoDay(later)}`);
  });

  it('asks before awarding to an expired insurance, and awards a current one at once', async () => {
    const awards = serve();
    fireEvent.click(await screen.findByRole('button', { name: "Award Plumbing to Pat's Plumbing, $12,000.00" }));
    const dialog = await screen.findByRole('dialog', { name: 'Check the insurance first' });
    expect(dialog.textContent).toContain("Pat's Plumbing's insurance expired on");
    expect(dialog.textContent).toContain('(320 days ago)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(awards).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Award Plumbing to Flow Bros, $16,800.00' }));
    await waitFor(() => expect(awards).toEqual(['POST /api/bids/2/award/']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
