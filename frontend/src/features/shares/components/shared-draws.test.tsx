import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { tokens } from '../../../lib/auth-store';
import { formatIsoDay } from '../../../lib/format';
import { createdFixture, createdListed, drawsSharedFixture } from '../test-fixtures';
import { SharedPayments } from './shared-details';
import { SharedDraws } from './shared-draws';
import { ShareLinksPage } from './share-links-page';

// Issue 34: a link may show the lender draws (their continuation lines, retainage and the lien
// waivers they still need) and each payment's lien waiver.

const draws = drawsSharedFixture.draws ?? [];

describe('SharedDraws', () => {
  it('lists the draws by number, each with its dates, status, totals, retainage, net and lines', () => {
    render(<SharedDraws draws={draws} />);
    const section = screen.getByRole('region', { name: 'Draws' });
    const cards = within(section).getAllByTestId('shared-draw');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual(['Draw 1', 'Draw 2']);

    const [first, second] = cards;
    expect(first.textContent).toContain('Funded');
    const day = (iso: string) => formatIsoDay(iso);
    expect(first.textContent).toContain(`Requested ${day('2026-02-02')} · funded ${day('2026-02-09')}`);
    expect(first.textContent).toContain('Funded$2,250.00');
    expect(first.textContent).toContain('Note: Retainage held.');
    expect(within(first).getByText('Lien waivers: all in.')).toBeTruthy();

    expect(second.textContent).toContain('Submitted');
    expect(second.textContent).toContain(`Requested ${day('2026-03-10')} · inspected ${day('2026-03-09')}`);
    const figures = within(second)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent}=${dt.nextSibling?.textContent}`);
    expect(figures).toEqual(['Requested=$8,750.00', 'Retainage (10%)=$875.00', 'Net=$7,875.00']);
    // The continuation line: scheduled value, previous, this period, completed, %, balance, retainage, net.
    const lines = within(second).getAllByTestId('shared-draw-line');
    expect(lines).toHaveLength(1);
    const cells = within(lines[0])
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(within(lines[0]).getByRole('rowheader').textContent).toBe('Framing');
    expect(cells).toEqual([
      '$41,500.00',
      '$12,000.00',
      '$8,750.00',
      '$20,750.00',
      '50% (inspected)',
      '$20,750.00',
      '$875.00',
      '$7,875.00',
    ]);
    expect(within(second).getByRole('columnheader', { name: 'Balance to finish' })).toBeTruthy();
    // What it still needs, and the lender's inspection.
    expect(within(second).getByTestId('shared-draw-waivers').textContent).toBe(
      `Lien waivers still missing:$12,000.00 to Birch Builders on ${day('2026-03-02')}`,
    );
    expect(second.textContent).toContain('Inspector: Dana Ruiz · Walls up on the first floor.');
  });

  it("shows the completed percent, the inspector's figure beside it only where it differs, and the scroll hint", () => {
    const second = draws[1];
    const lowered = {
      ...second,
      // Earlier draws covered 10%: the inspector's 5% asks nothing and the line stays at 10%.
      items: [{ ...second.items[0], percent_complete: 10, inspected_percent: 5 }],
    };
    render(<SharedDraws draws={[lowered]} />);
    const line = screen.getByTestId('shared-draw-line');
    expect(within(line).getAllByRole('cell')[4].textContent).toBe('10% (inspector: 5%)');
    // The hint sits above the table (the CSS shows it on narrow screens only).
    const hint = screen.getByTestId('share-scroll-hint');
    expect(hint.textContent).toBe('Scroll sideways for every column.');
    expect(hint.nextElementSibling?.getAttribute('role')).toBe('region');
  });

  it('says when there are no draws yet', () => {
    render(<SharedDraws draws={[]} />);
    expect(screen.getByRole('region', { name: 'Draws' }).textContent).toBe('DrawsNo draws yet.');
  });

  it("shows each payment's lien waiver in words", () => {
    render(<SharedPayments payments={drawsSharedFixture.payments} />);
    expect(screen.getByRole('columnheader', { name: 'Lien waiver' })).toBeTruthy();
    const waivers = screen.getAllByTestId('shared-payment-waiver').map((c) => c.textContent);
    expect(waivers).toEqual(['Lien waiver: Missing', 'Lien waiver: Not needed', 'Lien waiver: Requested']);
  });
});

describe('Share link form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends include_draws when "Include draws" is ticked, and the list says so', async () => {
    tokens.set('A', 'R');
    const bodies: Record<string, unknown>[] = [];
    let list = [] as unknown[];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit = {}) => {
        const json = (status: number, body: unknown) =>
          Promise.resolve(
            new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
          );
        if (init.method === 'POST') {
          bodies.push(JSON.parse(init.body as string) as Record<string, unknown>);
          list = [{ ...createdListed, include_documents: false, include_bids: false, include_draws: true }];
          return json(201, { ...createdFixture, include_documents: false, include_bids: false, include_draws: true });
        }
        return url.endsWith('/shares/') ? json(200, list) : json(404, { error: 'not_found', message: url });
      }),
    );
    renderWithProviders(<ShareLinksPage projectId={3} projectName="Willow Creek House" />, {
      path: '/kanban/:projectId/share',
      url: '/kanban/3/share',
    });
    const draws = await screen.findByLabelText<HTMLInputElement>('Include draws');
    expect(draws.checked).toBe(false);
    expect(document.getElementById(draws.getAttribute('aria-describedby')!)?.textContent).toContain('retainage');
    fireEvent.change(screen.getByLabelText(/^Label/), { target: { value: 'Bank' } });
    fireEvent.click(draws);
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ label: 'Bank', include_draws: true, include_payments: false });
    const listed = await screen.findByTestId('share-included');
    expect(listed.textContent).toBe('With draws');
  });
});
