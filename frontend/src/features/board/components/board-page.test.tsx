import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { tokens } from '../../../lib/auth-store';
import type { BoardProject, ProjectSummary, Task } from '../types';
import { BoardPage } from './board-page';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const task = (id: number, status: Task['status'], position: number, extra: Partial<Task>): Task => ({
  id,
  project: 1,
  title: `T${id}`,
  description: '',
  status,
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
  ...extra,
});

const project: BoardProject = {
  id: 1,
  name: 'Cabin',
  zip_code: '78701',
  project_type_display: 'ADU',
  budget: 1000,
  square_footage: 10,
  contingency_percent: 10,
  loan_amount: null,
  use_calibration: true,
};

/**
 * A fake server. Its summaries are deliberately not what the tasks sum to, so the test can tell
 * which figures the page shows: the server's, or the local rule's.
 */
function fakeServer(summaries: ProjectSummary[]) {
  let tasks = [
    task(1, 'Paid', 0, { actual_cost: 0.1 }),
    task(2, 'Paid', 1, { actual_cost: 0.2 }),
    task(3, 'To Do', 0, { regional_average_cost_per_sqft: 10 }),
  ];
  const log: string[] = [];
  let answerPatch: () => void = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'PATCH') {
        log.push('patch');
        const patch = JSON.parse(init?.body as string) as Partial<Task>;
        await new Promise<void>((resolve) => (answerPatch = resolve));
        tasks = tasks.map((t) => (url.endsWith(`/api/tasks/${t.id}/`) ? { ...t, ...patch } : t));
        return json(tasks.find((t) => url.endsWith(`/api/tasks/${t.id}/`)));
      }
      if (url.endsWith('/api/projects/1/tasks/')) {
        log.push('tasks:start');
        await new Promise((r) => setTimeout(r, 20));
        log.push('tasks:end');
        return json(tasks);
      }
      if (url.endsWith('/api/projects/1/summary/')) {
        log.push('summary:start');
        return json(summaries.shift());
      }
      if (url.endsWith('/api/projects/1/')) return json(project);
      return json([]);
    }),
  );
  return { log, answerPatch: () => answerPatch() };
}

const summary = (predicted_total: number, over_budget: boolean): ProjectSummary => ({
  budget: 1000,
  predicted_total,
  predicted_total_low: predicted_total,
  predicted_total_high: predicted_total,
  calibrated: null,
  cost_per_sqft: predicted_total / 10,
  over_budget,
  column_totals: { 'To Do': predicted_total, 'In Progress': 0, Paid: 0 },
  use_calibration: true,
  predicted_total_regional: predicted_total,
  predicted_total_calibrated: null,
  committed: 0,
  change_orders_approved: 0,
  paid_to_date: 0,
  payments_recorded: 0,
  remaining_to_pay: 0,
  uncommitted: predicted_total,
  contingency_percent: 10,
  contingency_reserve: 100,
  working_budget: 900,
  contingency_used: over_budget ? 100 : 0,
  contingency_left: over_budget ? 0 : 100,
  headroom: 1000 - predicted_total,
  status: over_budget ? 'over' : 'ok',
  loan_amount: null,
  drawn: 0,
  loan_left: null,
});

const totalText = () => screen.getByTestId('predicted-total').querySelector('.stat-value')?.textContent;

describe('BoardPage money figures', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the server's summary, the local rule while an edit is on its way, then the server's again", async () => {
    tokens.set('A', 'R');
    const server = fakeServer([summary(1234.56, true), summary(4321, true)]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    const router = createMemoryRouter([{ path: '/kanban/:projectId', element: <BoardPage /> }], {
      initialEntries: ['/kanban/1'],
    });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    await screen.findByTestId('predicted-total');
    // The summary's request starts once the tasks are in, and its answer is shown.
    await waitFor(() => expect(totalText()).toBe('$1,234.56'));
    expect(server.log.indexOf('summary:start')).toBeGreaterThan(server.log.indexOf('tasks:end'));
    const total = screen.getByTestId('predicted-total');
    expect(total.dataset.tone).toBe('red');
    expect(total.textContent).toContain('$234.56 over budget');
    expect(screen.getByTestId('budget-value').textContent).toBe('$1,000.00');

    // An inline edit: the local rule on the optimistic tasks, in cents (5.00 + 0.20 + 10 x 10.00).
    server.log.length = 0;
    const cost = screen.getByLabelText('Your cost for T1');
    fireEvent.change(cost, { target: { value: '5' } });
    fireEvent.blur(cost);
    // (react-query notifies its observers on the next tick; the PATCH is not answered yet.)
    await waitFor(() => expect(totalText()).toBe('$105.20'));
    expect(server.log).toEqual(['patch']);
    expect(total.dataset.tone).toBe('green');
    expect(total.textContent).toContain('$894.80 under budget');
    expect(screen.getByText('$10.52')).toBeTruthy(); // cost per sq ft

    // Once the server answered, the tasks and then the summary are asked again.
    server.answerPatch();
    await waitFor(() => expect(totalText()).toBe('$4,321.00'));
    expect(server.log).toEqual(['patch', 'tasks:start', 'tasks:end', 'summary:start']);

    // The Kanban columns show the same figures' column totals.
    fireEvent.change(screen.getByLabelText('View'), { target: { value: 'kanban' } });
    expect((await screen.findByTestId('total-to-do')).textContent).toBe('$4,321.00');
    // The Paid column's total is the final cost of the finished tasks, labelled so.
    expect(screen.getByTestId('total-paid').textContent).toBe('Final cost $0.00');
  });
});
