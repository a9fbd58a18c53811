import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { tokens } from '../../lib/auth-store';
import type { Task } from '../../features/board/types';
import BoardRoute from './board';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const framing = (over: Partial<Task> = {}): Task => ({
  id: 5,
  project: 1,
  title: 'Framing',
  description: '',
  status: 'In Progress',
  material_quality: 'basic',
  actual_cost: null,
  due_date: null,
  position: 0,
  actual_cost_per_sqft: null,
  regional_average_cost_per_sqft: null,
  committed_cost: 38000,
  bid_count: 1,
  lowest_bid: 38000,
  paid_to_date: 0,
  payment_count: 0,
  change_order_total: 0,
  fixed_fee: false,
  payments_total: 0,
  remaining_to_pay: null,
  ...over,
});

describe('the board route composes the task form’s money sections', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows bids, change orders and payments, and refreshes the board after a payment', async () => {
    tokens.set('A', 'R');
    let task = framing();
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        asked.push(`${method} ${url}`);
        if (method === 'POST' && url === '/api/task-payments/') {
          task = { ...task, paid_to_date: 20000, payments_total: 20000, remaining_to_pay: 18000, payment_count: 1 };
          const body = JSON.parse(init.body as string) as Record<string, unknown>;
          return Promise.resolve(
            json(
              { id: 9, task: 5, payee: 'Acme Framing', contractor: { id: 1, name: 'Acme Framing' }, note: '', ...body },
              201,
            ),
          );
        }
        if (url === '/api/projects/1/') return Promise.resolve(json({ id: 1, name: 'Cabin', budget: 100000 }));
        if (url === '/api/projects/1/tasks/') return Promise.resolve(json([task]));
        if (url === '/api/tasks/5/bids/')
          return Promise.resolve(
            json([
              {
                id: 3,
                task: 5,
                contractor: { id: 1, name: 'Acme Framing' },
                amount: 38000,
                notes: '',
                received_on: null,
                valid_until: null,
                document: null,
                status: 'awarded',
              },
            ]),
          );
        if (url === '/api/contractors/?project=1')
          return Promise.resolve(json([{ id: 1, name: 'Acme Framing', trade: '' }]));
        if (url === '/api/tasks/5/payments/')
          return Promise.resolve(
            json(
              task.payment_count
                ? [
                    {
                      id: 9,
                      task: 5,
                      amount: 20000,
                      paid_on: '2026-04-01',
                      payee: 'Acme Framing',
                      contractor: { id: 1, name: 'Acme Framing' },
                      method: 'check',
                      note: '',
                      receipt: null,
                    },
                  ]
                : [],
            ),
          );
        // The task's activity trail (issue 35).
        if (url.startsWith('/api/projects/1/activity/'))
          return Promise.resolve(
            json({
              entries: [
                {
                  id: 1,
                  at: '2026-11-27T14:05:00Z',
                  actor: 'ana',
                  action: 'task.created',
                  task: 5,
                  summary: 'Added Framing to In Progress.',
                },
              ],
              next: null,
            }),
          );
        if (url.endsWith('/summary/') || url.includes('/change-orders/') || url.startsWith('/api/documents/'))
          return Promise.resolve(
            json(
              url.endsWith('/summary/')
                ? {
                    budget: 100000,
                    predicted_total: 38000,
                    cost_per_sqft: null,
                    over_budget: false,
                    column_totals: { 'To Do': 0, 'In Progress': 38000, Paid: 0 },
                  }
                : [],
            ),
          );
        return Promise.resolve(json([]));
      }),
    );
    renderWithProviders(<BoardRoute />, { path: '/kanban/:projectId', url: '/kanban/1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Open task Framing' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Task' });
    expect(await within(form).findByRole('heading', { name: /^Bids/ })).toBeTruthy();
    expect(await within(form).findByRole('heading', { name: /^Change orders/ })).toBeTruthy();
    expect(await within(form).findByText('Added Framing to In Progress.')).toBeTruthy();
    const payments = await within(form).findByTestId('payments-section');
    expect(within(payments).getByTestId('payments-total').textContent).toBe(
      'Paid $0.00 of $38,000.00 committed · $38,000.00 remaining',
    );

    fireEvent.click(within(payments).getByRole('button', { name: 'Add payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a payment' });
    // The awarded bid's contractor is the payee.
    await waitFor(() => expect(within(dialog).getByLabelText<HTMLSelectElement>('Payee').value).toBe('1'));
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '20000' } });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Add payment' }));
    // The board's tasks are asked again, and the section shows the new figures from them.
    await waitFor(() =>
      expect(within(payments).getByTestId('payments-total').textContent).toBe(
        'Paid $20,000.00 of $38,000.00 committed · $18,000.00 remaining',
      ),
    );
    expect(asked.filter((a) => a === 'GET /api/projects/1/tasks/').length).toBeGreaterThanOrEqual(2);
    expect(asked.filter((a) => a === 'GET /api/projects/1/summary/').length).toBeGreaterThanOrEqual(2);
    // The task's activity trail (issue 35) is read again too.
    await waitFor(() =>
      expect(asked.filter((a) => a.startsWith('GET /api/projects/1/activity/')).length).toBeGreaterThanOrEqual(2),
    );
  });
});
