import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { drawsSharedFixture, fullSharedFixture, TOKEN } from '../../features/shares/test-fixtures';
import { SharedProjectPage } from '../../features/shares/components/shared-project-page';
import { sharedBoardPieces } from './shared-project';

// Issue 34: the share page shows the property's address and its lender, and the draws when the
// link includes them (null otherwise: no section).

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const render = () =>
  renderWithProviders(<SharedProjectPage token={TOKEN} board={sharedBoardPieces} />, {
    path: '/share/:token',
    url: `/share/${TOKEN}`,
  });

describe('SharedProjectPage with draws', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the address, the lender and the loan number first among the facts, the draws and the payments with their waivers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(200, drawsSharedFixture))),
    );
    render();
    await screen.findByRole('heading', { name: 'Willow Creek House', level: 1 });
    const facts = within(screen.getByTestId('shared-facts'));
    const terms = facts.getAllByRole('term').map((dt) => dt.textContent);
    expect(terms.slice(0, 4)).toEqual(['Address', 'Lender', 'Loan number', 'Type']);
    expect(facts.getByText('12 Elm St, Austin, TX 78701')).toBeTruthy();
    expect(facts.getByText('First Community Bank')).toBeTruthy();
    expect(facts.getByText('CL-2026-0042')).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Draws' });
    expect(within(section).getAllByTestId('shared-draw')).toHaveLength(2);
    expect(within(screen.getByTestId('shared-payments')).getAllByTestId('shared-payment-waiver')[0].textContent).toBe(
      'Lien waiver: Missing',
    );
    expect(screen.queryByTestId('shared-bids')).toBeNull();
  });

  it('has no Draws section, address or lender when the link and the project have none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(200, fullSharedFixture))),
    );
    render();
    await screen.findByRole('heading', { name: 'Willow Creek House', level: 1 });
    expect(screen.queryByRole('region', { name: 'Draws' })).toBeNull();
    const terms = within(screen.getByTestId('shared-facts'))
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    expect(terms).not.toContain('Address');
    expect(terms).not.toContain('Lender');
    expect(terms).not.toContain('Loan number');
  });
});
