import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { tokens } from '../../lib/auth-store';
import { drawFixture, paymentsFixture, registerFixture, summaryFixture } from '../../features/money/test-fixtures';
import type { Draw } from '../../features/money/types';
import MoneyRoute from './money';

// Issue 35: the Money page hides what the project's role cannot do. A viewer reads the figures and
// the draws and downloads them; creating, submitting, funding, editing and deleting are the
// owner's and a partner's.

// Chart.js needs a real canvas: a stand-in draws nothing.
vi.mock('chart.js', () => {
  class Chart {
    static register() {}
    static defaults = { font: { family: 'sans-serif' } };
    destroy() {}
  }
  const part = {};
  return {
    Chart,
    BarController: part,
    BarElement: part,
    CategoryScale: part,
    Legend: part,
    LinearScale: part,
    LineController: part,
    LineElement: part,
    PointElement: part,
    Tooltip: part,
  };
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const draws: Draw[] = [
  drawFixture(),
  drawFixture({ id: 51, number: 3, status: 'submitted' }),
  drawFixture({ id: 52, number: 4, status: 'funded', funded_amount: 12500, funded_on: '2026-03-30' }),
];

function serve(role?: 'owner' | 'partner' | 'viewer') {
  const writes: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (method !== 'GET') writes.push(`${method} ${url}`);
      if (url === '/api/projects/3/')
        return Promise.resolve(
          json({ id: 3, name: 'Willow Creek House', zip_code: '78701', budget: 400000, square_footage: 2400, role }),
        );
      if (url === '/api/projects/3/tasks/') return Promise.resolve(json([]));
      if (url === '/api/projects/3/summary/') return Promise.resolve(json(summaryFixture));
      if (url === '/api/projects/3/payments/') return Promise.resolve(json(paymentsFixture));
      if (url === '/api/projects/3/change-orders/') return Promise.resolve(json(registerFixture));
      if (url === '/api/projects/3/draws/') return Promise.resolve(json(draws));
      return Promise.resolve(json([]));
    }),
  );
  tokens.set('A1', 'R1');
  renderWithProviders(<MoneyRoute />, { path: '/kanban/:projectId/money', url: '/kanban/3/money' });
  return writes;
}

const EDITS = [
  'New draw request',
  'Submit draw 2 to the lender',
  'Mark draw 3 funded',
  'Set draw 3 back to draft',
  'Set draw 4 back to submitted',
  'Edit draw 2',
  'Delete draw 2',
];

describe('the Money page by role (issue 35)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a viewer the figures and the draws with their downloads, and no control that changes them', async () => {
    const writes = serve('viewer');
    // The project (and so the role) is in.
    expect(await screen.findByRole('heading', { name: 'Money — Willow Creek House' })).toBeTruthy();
    const table = await screen.findByTestId('draws-table');
    await waitFor(() => expect(within(table).getAllByTestId('draw-status')).toHaveLength(3));
    expect(screen.getByTestId('money-budget').textContent).toContain('$400,000.00');
    // The exports stay: the payments' CSV, each draw's PDF and package.
    expect(screen.getByRole('button', { name: 'Export payments (CSV)' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Download draw 2 as PDF' })).toBeTruthy();
    expect(
      within(table).getByRole('button', { name: "Download draw 2's package (ZIP: PDF, receipts, lien waivers)" }),
    ).toBeTruthy();
    for (const name of EDITS) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(writes).toEqual([]);
  });

  it.each([['owner'], ['partner']] as const)('gives the %s every draw action', async (role) => {
    serve(role);
    const table = await screen.findByTestId('draws-table');
    await waitFor(() => expect(within(table).getAllByTestId('draw-status')).toHaveLength(3));
    for (const name of EDITS) expect(await screen.findByRole('button', { name })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Download draw 2 as PDF' })).toBeTruthy();
  });
});
