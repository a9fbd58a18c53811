import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { tokens } from '../../lib/auth-store';
import { fullSharedFixture, sharedFixture, TOKEN } from '../../features/shares/test-fixtures';
import { SharedProjectPage } from '../../features/shares/components/shared-project-page';
import { sharedBoardPieces } from './shared-project';

// The share page as the app composes it: written with the board's read-only pieces.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubFetch(res: () => Response) {
  const fetch = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(() => Promise.resolve(res()));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const render = (token = TOKEN) =>
  renderWithProviders(<SharedProjectPage token={token} board={sharedBoardPieces} />, {
    path: '/share/:token',
    url: `/share/${token}`,
  });

const robots = () => document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');

describe('SharedProjectPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    robots()?.remove();
  });

  it('shows the budget and the board by column, read only, without the session', async () => {
    tokens.set('ACCESS', 'REFRESH');
    const fetch = stubFetch(() => json(200, sharedFixture));
    const { unmount } = render();
    await screen.findByRole('heading', { name: 'Willow Creek House', level: 1 });
    expect(new Headers(fetch.mock.calls[0][1]?.headers).get('Authorization')).toBeNull();
    expect(document.title).toBe('Shared project – Willow Creek House');
    expect(robots()?.content).toBe('noindex, nofollow');
    expect(screen.getByTestId('share-banner').textContent).toBe('Read-only view shared by the project owner · Bank');

    // The facts and the summary.
    const facts = screen.getByTestId('shared-facts');
    expect(facts.textContent).toContain('New Home Build');
    expect(facts.textContent).toContain('2,400 sq ft');
    expect(screen.getByTestId('shared-budget').textContent).toContain('$400,000.00');
    const predicted = screen.getByTestId('shared-predicted');
    expect(predicted.textContent).toContain('$75,000.00 (70,000–81,000)');
    expect(predicted.textContent).toContain('likely $70,000 to $81,000');
    expect(predicted.textContent).toContain('$325,000.00 under budget');
    expect(predicted.textContent).not.toContain('calibrated');
    // The board's figures, in the board's words (docs/money.md).
    expect(screen.getByTestId('shared-committed').textContent).toContain('$41,500.00');
    expect(screen.getByTestId('shared-paid').textContent).toBe(
      'Paid$14,500.00Payments, or the final cost of a finished task when that is more ($12,000.00 in payments recorded)',
    );
    expect(screen.getByTestId('shared-remaining').textContent).toBe(
      'Remaining$29,500.00Actual or committed costs not yet paid',
    );
    expect(screen.getByTestId('shared-contingency').textContent).toBe(
      'Contingency left$40,000.00Within the working budget None used of the $40,000.00 reserve (10%).',
    );
    expect(screen.getByTestId('shared-contingency-status').textContent).toBe('Within the working budget');
    expect(screen.getByTestId('shared-headroom').textContent).toBe(
      'Headroom$325,000.00The budget minus the predicted total',
    );
    expect(screen.queryByTestId('shared-loan')).toBeNull();

    // Three columns with their totals and tasks.
    const todo = screen.getByRole('region', { name: /^To Do/ });
    const progress = screen.getByRole('region', { name: /^In Progress/ });
    const paid = screen.getByRole('region', { name: /^Paid/ });
    expect(within(todo).getByTestId('shared-total-to-do').textContent).toBe('$31,000.00');
    expect(within(progress).getByTestId('shared-total-in-progress').textContent).toBe('$41,500.00');
    // The Paid column's total is the final cost of the finished tasks, and says so.
    expect(within(paid).getByTestId('shared-total-paid').textContent).toBe('Final cost $2,500.00');
    const roofing = within(todo).getByTestId('shared-task');
    expect(within(roofing).getByRole('heading', { name: 'Roofing' })).toBeTruthy();
    expect(roofing.textContent).toContain('Standing seam metal');
    expect(within(roofing).getByTestId('shared-task-predicted').textContent).toContain('$31,000 (26,000–37,000)');
    expect(within(progress).getByTestId('shared-task-paid').textContent).toBe('$12,000.00');
    expect(within(progress).getByTestId('shared-task-remaining').textContent).toBe('$29,500.00');
    expect(within(paid).getByText('Building Permits')).toBeTruthy();
    expect(within(paid).getByTestId('shared-task-paid').textContent).toBe('$2,500.00');

    // What the link does not include is left out.
    expect(screen.queryByRole('heading', { name: 'Bids' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Payments' })).toBeNull();
    expect(screen.queryByTestId('shared-bids')).toBeNull();
    expect(screen.queryByTestId('shared-payments')).toBeNull();
    expect(screen.queryByTestId('shared-documents')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Documents' })).toBeNull();

    // Nothing editable: no fields, no drag handles; the only button prints.
    const main = screen.getByTestId('shared-project');
    expect(main.querySelectorAll('input, textarea, select, [contenteditable], [draggable="true"]')).toHaveLength(0);
    expect(
      within(main)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Print']);

    unmount();
    expect(robots()).toBeNull();
  });

  it('lists bids, payments, the loan, the calibrated total and documents when there are some', async () => {
    stubFetch(() => json(200, fullSharedFixture));
    render();
    await screen.findByRole('heading', { name: 'Willow Creek House', level: 1 });
    expect(screen.getByTestId('share-banner').textContent).toMatch(/· Bank · until \S+/);
    // The project uses its calibration: the predicted total is the calibrated one, and says so.
    const predicted = screen.getByTestId('shared-predicted');
    expect(predicted.textContent).toContain('Predicted total calibrated');
    expect(predicted.textContent).toContain('$78,000.00 (73,000–84,000)');
    expect(predicted.textContent).toContain('$322,000.00 under budget');
    expect(predicted.textContent).toContain('regional: $75,000.00');
    expect(screen.getByTestId('shared-paid').textContent).toBe(
      'Paid$14,500.00Payments, or the final cost of a finished task when that is more',
    );
    // Each task's prediction as the project uses it: calibrated to the whole dollar, a fee at its price.
    const roofing = within(screen.getByRole('region', { name: /^To Do/ })).getByTestId('shared-task-predicted');
    expect(roofing.textContent).toBe('$37,200 (calibrated) (31,200–44,400), likely $31,200 to $44,400');
    const permits = within(screen.getByRole('region', { name: /^Paid/ })).getByTestId('shared-task-predicted');
    expect(permits.textContent).toBe('$2,401 (fee)');
    expect(screen.getByTestId('shared-loan').textContent).toContain('$300,000.00');
    expect(screen.getByTestId('shared-drawn').textContent).toContain('$10,000.00');
    expect(screen.getByTestId('shared-loan-left').textContent).toContain('$290,000.00');

    const bids = within(screen.getByTestId('shared-bids')).getAllByTestId('shared-bid');
    expect(bids.map((b) => b.textContent)).toEqual([
      'Birch Builders$41,500.00AwardedLowest+4.5% vs predicted',
      'Oak & Sons$48,000.00Pending+20.9% vs predicted',
    ]);
    const payments = within(screen.getByTestId('shared-payments')).getAllByTestId('shared-payment');
    expect(payments).toHaveLength(2);
    expect(payments[0].textContent).toContain('Framing');
    expect(payments[0].textContent).toContain('Birch Builders');
    expect(payments[0].textContent).toContain('$12,000.00');
    expect(screen.getByTestId('shared-payments').textContent).toContain('Total (2 payments)$14,500.00');

    const doc = within(screen.getByTestId('shared-documents')).getByTestId('shared-document');
    expect(doc.textContent).toContain('permit-receipt.pdf');
    expect(doc.textContent).toContain('Building Permits · 2 KB');
    const view = within(doc).getByRole('link', { name: 'View permit-receipt.pdf (opens in a new tab)' });
    expect(view.getAttribute('href')).toBe('/api/documents/31/download/?expires=1&signature=abc');
    expect(view.getAttribute('target')).toBe('_blank');
    expect(view.getAttribute('rel')).toBe('noopener noreferrer');

    const main = screen.getByTestId('shared-project');
    expect(main.querySelectorAll('input, textarea, select, [contenteditable], [draggable="true"]')).toHaveLength(0);
    expect(
      within(main)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Print']);
  });

  it('shows only the sections the link includes, each saying when it is empty', async () => {
    stubFetch(() => json(200, { ...fullSharedFixture, include_payments: false, payments: [], bids: [] }));
    render();
    await screen.findByRole('heading', { name: 'Willow Creek House', level: 1 });
    expect(screen.getByTestId('shared-bids').textContent).toContain('No bids yet.');
    expect(screen.queryByTestId('shared-payments')).toBeNull();
    expect(screen.getByTestId('shared-documents')).toBeTruthy();
  });

  it('says a revoked, expired or mistyped link is no longer available, and keeps the page out of search', async () => {
    const fetch = stubFetch(() => json(404, { error: 'not_found', message: 'Not found.' }));
    render('abc');
    expect(await screen.findByRole('heading', { name: 'This link is no longer available', level: 1 })).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('share-unavailable').textContent).toContain('revoked');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(robots()?.content).toBe('noindex, nofollow');
    expect(document.title).toBe('Link not available – BuildLedger');
  });

  it("gives the app's robots tag back its value on leaving", async () => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'index, follow';
    document.head.appendChild(meta);
    stubFetch(() => json(200, sharedFixture));
    const { unmount } = render();
    await screen.findByRole('heading', { name: 'Willow Creek House', level: 1 });
    expect(document.head.querySelectorAll('meta[name="robots"]')).toHaveLength(1);
    expect(meta.content).toBe('noindex, nofollow');
    unmount();
    expect(meta.content).toBe('index, follow');
  });
});
