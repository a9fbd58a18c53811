import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { tokens } from '../../../lib/auth-store';
import { calibrationStorageKey } from '../calibration-preference';
import { summarize } from '../money';
import type { BoardProject, Calibration, ProjectSummary, Task } from '../types';
import { BoardPage } from './board-page';

// Issue 20 on the board: the calibrated predicted total, on by default and switchable off (the
// choice remembered per project), the calibrated line of the tasks without a known cost, and the
// calibration's inputs, all from the server's answers.

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const task = (id: number, title: string, extra: Partial<Task>): Task => ({
  id,
  project: 1,
  title,
  description: '',
  status: 'To Do',
  material_quality: 'standard',
  actual_cost: null,
  due_date: null,
  position: id,
  actual_cost_per_sqft: null,
  regional_average_cost_per_sqft: null,
  committed_cost: null,
  bid_count: 0,
  lowest_bid: null,
  paid_to_date: 0,
  payment_count: 0,
  change_order_total: 0,
  ...extra,
});

const predicted = (cost: number, low: number, high: number, pricing = 'per_sqft') => ({
  regional_average_cost_per_sqft: cost / 2400,
  predicted_cost: cost,
  predicted_cost_low: low,
  predicted_cost_high: high,
  pricing,
});

// Three awards 20% above their predictions; two tasks still without a price.
const tasks: Task[] = [
  task(1, 'Framing', { ...predicted(39696, 35376, 43344), committed_cost: 47635.2, status: 'In Progress' }),
  task(2, 'Roofing', { ...predicted(13344, 11880, 17544), committed_cost: 16012.8 }),
  task(3, 'Drywall', { ...predicted(11304, 10080, 12336), committed_cost: 13564.8 }),
  task(4, 'Plumbing', predicted(21552, 19224, 23544)),
  task(5, 'Kitchen Remodel', predicted(72857.84, 54643.38, 108634.68, 'per_job')),
];

const project: BoardProject = {
  id: 1,
  name: 'Calibrated House',
  zip_code: '78701',
  project_type_display: 'New Home Build',
  budget: 200000,
  square_footage: 2400,
  contingency_percent: 10,
  loan_amount: null,
};

const calibration = { ratio: 1.2, low: 1.2, high: 1.2, n_tasks: 3 };
// What the server answers: its rule, which the local copy mirrors (money.test.ts).
const serverSummary: ProjectSummary = summarize(tasks, 2400, 200000, { calibration });

const answer: Calibration = {
  ...calibration,
  percent_vs_regional: 20,
  min_tasks: 3,
  used: tasks.slice(0, 3).map((t) => ({
    task: t.id,
    title: t.title,
    predicted: t.predicted_cost ?? 0,
    known: t.committed_cost ?? 0,
    known_from: 'committed',
    ratio: 1.2,
  })),
  left_out: [],
};

function serve() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(url);
      const body: Record<string, unknown> = {
        '/api/projects/1/tasks/': tasks,
        '/api/projects/1/summary/': serverSummary,
        '/api/projects/1/calibration/': answer,
        '/api/projects/1/': project,
      };
      return Promise.resolve(json(body[url] ?? []));
    }),
  );
  return asked;
}

function renderBoard() {
  tokens.set('A', 'R');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/kanban/:projectId', element: <BoardPage /> },
      { path: '/cost-sources', element: <p>Cost sources</p> },
    ],
    { initialEntries: ['/kanban/1'] },
  );
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const total = () => screen.getByTestId('predicted-total');
const totalValue = () => total().querySelector('.stat-value')?.textContent;

describe('BoardPage with a calibration (issue 20)', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the calibrated total by default, and the regional one once switched off (remembered)', async () => {
    const asked = serve();
    const calibrated = serverSummary.calibrated;
    expect(calibrated).not.toBeNull();
    const view = renderBoard();

    await waitFor(() => expect(within(total()).queryByText('Predicted Total Cost (calibrated)')).not.toBeNull());
    expect(asked).toContain('/api/projects/1/calibration/');
    // 47,635.20 + 16,012.80 + 13,564.80 + 1.2 x (21,552 + 72,857.84)
    expect(calibrated?.predicted_total).toBe(190504.61);
    expect(totalValue()).toBe('$190,504.61');
    expect(total().dataset.tone).toBe('green');
    expect(screen.getByTestId('calibration-sentence').textContent).toBe(
      'Your prices run 20% above the regional average (3 tasks).',
    );

    // The sheet: the regional prediction with its range, and the calibrated one for the tasks
    // without a price only.
    const plumbing = document.querySelector<HTMLElement>('tr[data-task-id="4"] td.readonly');
    expect(plumbing?.textContent).toBe('$21,552.00 (19,224–23,544), likely $19,224 to $23,544Calibrated: $25,862.40');
    expect(document.querySelector('tr[data-task-id="1"] [data-testid="sheet-calibrated"]')).toBeNull();
    expect(document.querySelector('tr[data-task-id="5"] td.readonly')?.getAttribute('title')).toContain(
      'Priced per job',
    );
    expect(screen.getByTestId('sheet-total-projected').textContent).toBe('$190,504.61');

    // Switched off: the spec's label and the regional figures.
    fireEvent.click(screen.getByRole('switch', { name: 'Use calibrated predictions' }));
    await waitFor(() => expect(within(total()).queryByText('Predicted Total Cost')).not.toBeNull());
    expect(totalValue()).toBe('$171,622.64');
    expect(document.querySelector('[data-testid="sheet-calibrated"]')).toBeNull();
    expect(window.localStorage.getItem(calibrationStorageKey(1))).toBe('off');

    // Remembered on the next visit.
    view.unmount();
    renderBoard();
    await screen.findByTestId('calibration-sentence');
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Use calibrated predictions' }).checked).toBe(false);
    expect(within(total()).getByText('Predicted Total Cost')).toBeTruthy();
  });

  it('shows the calibrated line on Kanban cards of tasks without a price, and the column totals follow', async () => {
    serve();
    window.localStorage.setItem('board-view:1', 'kanban');
    renderBoard();
    const plumbing = await screen.findByRole('button', { name: /^Plumbing\./ });
    expect(within(plumbing).getByTestId('card-predicted').textContent).toBe(
      '$21,552.00 (19,224–23,544), likely $19,224 to $23,544',
    );
    expect(within(plumbing).getByTestId('card-calibrated').textContent).toBe('$25,862.40');
    const framing = screen.getByRole('button', { name: /^Framing\./ });
    expect(within(framing).queryByTestId('card-calibrated')).toBeNull();
    expect(screen.getByTestId('total-to-do').textContent).toBe(
      `$${(16012.8 + 13564.8 + 25862.4 + 87429.41).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Use calibrated predictions' }));
    await waitFor(() => expect(within(plumbing).queryByTestId('card-calibrated')).toBeNull());
    expect(screen.getByTestId('total-to-do').textContent).toBe('$123,987.44');
  });
});
