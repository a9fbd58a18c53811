import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { tokens } from '../../lib/auth-store';
import { linksFixture, scheduleFixture, tasksFixture } from '../../features/schedule/timeline-fixtures';
import BoardRoute from './board';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const boardTask = (t: (typeof tasksFixture)[number], position: number) => ({
  project: 1,
  description: '',
  material_quality: 'basic',
  actual_cost: null,
  due_date: null,
  position,
  actual_cost_per_sqft: null,
  regional_average_cost_per_sqft: null,
  committed_cost: null,
  bid_count: 0,
  lowest_bid: null,
  paid_to_date: 0,
  payment_count: 0,
  change_order_total: 0,
  fixed_fee: false,
  payments_total: 0,
  remaining_to_pay: null,
  ...t,
});

describe('the board route composes the Timeline view (issue 33)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers it in the View choice, draws the schedule, and refreshes the board after a move', async () => {
    tokens.set('A', 'R');
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        asked.push(`${method} ${url}`);
        if (method === 'PATCH' && url === '/api/tasks/4/') return Promise.resolve(json({}));
        if (url === '/api/projects/1/') return Promise.resolve(json({ id: 1, name: 'Cabin', budget: 100000 }));
        if (url === '/api/projects/1/tasks/') return Promise.resolve(json(tasksFixture.map(boardTask)));
        if (url === '/api/projects/1/schedule/') return Promise.resolve(json(scheduleFixture));
        if (url === '/api/projects/1/dependencies/') return Promise.resolve(json(linksFixture));
        return Promise.resolve(json({ error: 'not_found', message: 'Not found.' }, 404));
      }),
    );
    renderWithProviders(<BoardRoute />, { path: '/kanban/:projectId', url: '/kanban/1' });
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'View' });
    expect(Array.from(select.options).map((o) => o.value)).toContain('timeline');
    fireEvent.change(select, { target: { value: 'timeline' } });
    const drywall = await screen.findByTestId('timeline-bar-4', {}, { timeout: 5000 });
    expect(window.localStorage.getItem('board-view:1')).toBe('timeline');

    const before = asked.filter((a) => a === 'GET /api/projects/1/tasks/').length;
    fireEvent.keyDown(drywall, { key: 'ArrowLeft' });
    await waitFor(() => expect(asked).toContain('PATCH /api/tasks/4/'));
    // The board's tasks are asked again (the task form and the summary read them).
    await waitFor(() => expect(asked.filter((a) => a === 'GET /api/projects/1/tasks/').length).toBeGreaterThan(before));

    // A click on a bar opens the board's task form.
    fireEvent.click(screen.getByTestId('timeline-bar-2'));
    expect(await screen.findByRole('dialog', {}, { timeout: 5000 })).toBeTruthy();
  });
});
