import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { tokens } from '../../../lib/auth-store';
import { summarize } from '../money';
import type { BoardProject, Calibration, ProjectSummary, Task } from '../types';
import { BoardPage } from './board-page';
import { BudgetSettingsModal, KanbanView, PaidModal, TaskFormModal } from './board-lazy';

// The board's lazily loaded parts, loaded before the tests: their first import (the module graph
// transformed on the spot) can take longer than a findBy's second on a busy machine.
beforeAll(
  () =>
    Promise.all([KanbanView.preload(), TaskFormModal.preload(), BudgetSettingsModal.preload(), PaidModal.preload()]),
  60_000,
);

// Issues 20 and 29 on the board: the calibrated predicted total, on by default and switchable off
// (a setting of the project, PATCHed to the server, for everyone who sees it), each task's
// prediction as the project uses it (calibrated to the whole dollar), and the calibration's
// inputs, all from the server's answers.

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
  fixed_fee: false,
  payments_total: 0,
  remaining_to_pay: null,
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
  use_calibration: true,
};

const calibration = { ratio: 1.2, low: 1.2, high: 1.2, n_tasks: 3 };
// What the server answers for the project's setting: its rule, which the local copy mirrors
// (money.test.ts).
const summaryFor = (useCalibration: boolean): ProjectSummary =>
  summarize(tasks, 2400, 200000, { calibration, use_calibration: useCalibration });

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

interface Served {
  asked: string[];
  patches: unknown[];
}

/** A server with the project's setting: PATCH /api/projects/1/ changes it, the summary follows. */
function serve(initial = true): Served {
  const served: Served = { asked: [], patches: [] };
  let current: BoardProject = { ...project, use_calibration: initial };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      served.asked.push(`${init?.method ?? 'GET'} ${url}`);
      if (init?.method === 'PATCH' && url === '/api/projects/1/') {
        const patch = JSON.parse(init.body as string) as Partial<BoardProject>;
        served.patches.push(patch);
        current = { ...current, ...patch };
        return Promise.resolve(json(current));
      }
      const body: Record<string, unknown> = {
        '/api/projects/1/tasks/': tasks,
        '/api/projects/1/summary/': summaryFor(current.use_calibration),
        '/api/projects/1/calibration/': answer,
        '/api/projects/1/': current,
      };
      return Promise.resolve(json(body[url] ?? []));
    }),
  );
  return served;
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
const predictedCell = (id: number) =>
  document.querySelector<HTMLElement>(`tr[data-task-id="${id}"] [data-testid="sheet-predicted"]`);

describe('BoardPage with a calibration (issues 20 and 29)', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the calibrated total by default; the switch changes the project (PATCH) and the figures follow', async () => {
    const served = serve();
    const calibrated = summaryFor(true);
    const view = renderBoard();

    await waitFor(() => expect(within(total()).queryByText('Predicted Total Cost (calibrated)')).not.toBeNull());
    expect(served.asked).toContain('GET /api/projects/1/calibration/');
    // 47,635.20 + 16,012.80 + 13,564.80 + 1.2 x 21,552 ($25,862) + 1.2 x 72,857.84 ($87,429): each
    // calibrated prediction to the whole dollar.
    expect(calibrated.predicted_total).toBe(190503.8);
    expect(totalValue()).toBe('$190,503.80');
    expect(total().dataset.tone).toBe('green');
    expect(screen.getByTestId('calibration-sentence').textContent).toBe(
      'Your prices run 20% above the regional average (3 tasks).',
    );

    // The sheet: each task's prediction as the project uses it, in whole dollars, its basis said.
    expect(predictedCell(4)?.textContent).toBe('$25,862 (calibrated) (23,069–28,253), likely $23,069 to $28,253');
    expect(predictedCell(4)?.closest('td')?.dataset.basis).toBe('calibrated');
    expect(predictedCell(5)?.closest('td')?.getAttribute('title')).toContain('Priced per job');
    expect(screen.getByTestId('sheet-total-projected').textContent).toBe('$190,503.80');

    // Switched off: a PATCH of the project, then the spec's label and the regional figures.
    fireEvent.click(screen.getByRole('switch', { name: 'Use calibrated predictions' }));
    await waitFor(() => expect(within(total()).queryByText('Predicted Total Cost')).not.toBeNull());
    await waitFor(() => expect(served.patches).toEqual([{ use_calibration: false }]));
    await waitFor(() => expect(totalValue()).toBe('$171,622.64'));
    expect(predictedCell(4)?.textContent).toBe('$21,552 (19,224–23,544), likely $19,224 to $23,544');
    expect(predictedCell(4)?.closest('td')?.dataset.basis).toBe('regional');
    // The summary was asked again after the PATCH, and nothing was kept in this browser.
    await waitFor(() =>
      expect(served.asked.filter((a) => a === 'GET /api/projects/1/summary/').length).toBeGreaterThan(1),
    );
    expect(Object.keys(window.localStorage).filter((k) => k.includes('calibrat'))).toEqual([]);

    // The setting is the project's: on the next visit, as the server says.
    view.unmount();
    renderBoard();
    await screen.findByTestId('calibration-sentence');
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Use calibrated predictions' }).checked).toBe(false);
    expect(within(total()).getByText('Predicted Total Cost')).toBeTruthy();
  });

  it('follows the project switched off elsewhere (another device, a share link)', async () => {
    serve(false);
    renderBoard();
    await screen.findByTestId('calibration-sentence');
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Use calibrated predictions' }).checked).toBe(false);
    expect(totalValue()).toBe('$171,622.64');
  });

  it('shows each card its prediction, calibrated to the dollar, and the column totals follow the switch', async () => {
    const served = serve();
    window.localStorage.setItem('board-view:1', 'kanban');
    renderBoard();
    const plumbing = await screen.findByRole('button', { name: /^Plumbing\./ });
    await waitFor(() =>
      expect(within(plumbing).getByTestId('card-predicted').textContent).toBe(
        '$25,862 (calibrated) (23,069–28,253), likely $23,069 to $28,253',
      ),
    );
    expect(screen.getByTestId('total-to-do').textContent).toBe('$142,868.60');
    // The Paid column's total is the final cost of the finished tasks, and says so.
    expect(screen.getByTestId('total-paid').textContent).toBe('Final cost $0.00');
    fireEvent.click(screen.getByRole('switch', { name: 'Use calibrated predictions' }));
    await waitFor(() =>
      expect(within(plumbing).getByTestId('card-predicted').textContent).toBe(
        '$21,552 (19,224–23,544), likely $19,224 to $23,544',
      ),
    );
    expect(screen.getByTestId('total-to-do').textContent).toBe('$123,987.44');
    await waitFor(() => expect(served.patches).toEqual([{ use_calibration: false }]));
  });
});
