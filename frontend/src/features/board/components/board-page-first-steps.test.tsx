import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { tokens } from '../../../lib/auth-store';
import type { BoardProject, Task } from '../types';
import { NARROW_QUERY, viewFor, viewStorageKey } from '../view-preference';
import { BoardPage } from './board-page';
import { BudgetSettingsModal, KanbanView, PaidModal, TaskFormModal } from './board-lazy';

// The board's lazily loaded parts, loaded before the tests: their first import (the module graph
// transformed on the spot) can take longer than a findBy's second on a busy machine.
beforeAll(
  () =>
    Promise.all([KanbanView.preload(), TaskFormModal.preload(), BudgetSettingsModal.preload(), PaidModal.preload()]),
  60_000,
);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const task = (id: number, title: string, extra: Partial<Task> = {}): Task => ({
  id,
  project: 1,
  title,
  description: '',
  status: 'To Do',
  material_quality: 'basic',
  actual_cost: null,
  due_date: null,
  position: id,
  actual_cost_per_sqft: null,
  regional_average_cost_per_sqft: 10,
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
  budget: 100000,
  square_footage: 1000,
  contingency_percent: 10,
  loan_amount: null,
  use_calibration: true,
};

/** The board's server; the summary is left to the local rule (money.ts), which the board falls back to. */
function serve(tasks: Task[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url === '/api/projects/1/tasks/') return Promise.resolve(json(tasks));
      if (url === '/api/projects/1/') return Promise.resolve(json(project));
      if (url === '/api/projects/1/summary/') return Promise.resolve(json({ error: 'not_found', message: 'x' }, 404));
      return Promise.resolve(json([]));
    }),
  );
}

/**
 * A screen `width` px wide, as matchMedia reports it for the board's `(max-width: N px)` queries;
 * `resize(w)` changes it and tells the listeners.
 */
function screenWidth(width: number) {
  let current = width;
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const max = /max-width:\s*(\d+)px/.exec(query);
      return {
        matches: max ? current <= Number(max[1]) : false,
        media: query,
        addEventListener: (_: string, fn: () => void) => listeners.add(fn),
        removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
      };
    }),
  );
  return {
    resize: (next: number) => {
      current = next;
      act(() => listeners.forEach((fn) => fn()));
    },
  };
}

function renderBoard() {
  tokens.set('A', 'R');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/kanban/:projectId', element: <BoardPage /> },
      { path: '/contractors', element: <h1>Contractors page</h1> },
    ],
    { initialEntries: ['/kanban/1'] },
  );
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const LONG = 'Water & Sewer Fees / Inspections';

// Each test renders the whole board (and the task form): room for a busy machine.
describe('the board view a screen opens in (issue 30)', { timeout: 15_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('follows the screen until the user chooses, and then the choice', () => {
    expect(viewFor(null, false)).toBe('spreadsheet');
    expect(viewFor(null, true)).toBe('rows');
    expect(viewFor('kanban', true)).toBe('kanban');
    expect(viewFor('spreadsheet', true)).toBe('spreadsheet');
    expect(viewFor('kanban', false)).toBe('kanban');
    // The task list chosen on a phone is the spreadsheet on a wide screen.
    expect(viewFor('rows', false)).toBe('spreadsheet');
    expect(NARROW_QUERY).toBe('(max-width: 600px)');
  });

  it('on a phone, lists every task as a card with its whole title, status, cost and Paid; a tap opens it', async () => {
    screenWidth(390);
    serve([
      task(1, LONG),
      task(2, 'Framing', { status: 'In Progress', committed_cost: 41800, bid_count: 2, payments_total: 12000 }),
      task(3, 'Roofing', { status: 'Paid', actual_cost: 9000.5, paid_to_date: 9000.5 }),
    ]);
    renderBoard();
    const list = await screen.findByRole('region', { name: 'Tasks (3)' });
    expect(screen.queryByRole('table')).toBeNull();
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('heading', { level: 3 }).textContent)).toEqual([
      LONG,
      'Framing',
      'Roofing',
    ]);
    // The prediction (regional, whole dollars), the committed cost, the actual cost: the best-known cost.
    expect(rows[0].textContent).toBe(`${LONG}Status: To DoPredicted$10,000Paid-none yet`);
    expect(rows[1].textContent).toBe('FramingStatus: In ProgressCommitted$41,800.00Paid$12,000.00');
    expect(rows[2].textContent).toBe('RoofingStatus: PaidYour cost$9,000.50Paid$9,000.50');
    // The Kanban switch is in sight, the list chosen.
    const switcher = screen.getByRole('group', { name: 'View' });
    expect(within(switcher).getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(switcher).getByRole('button', { name: 'Kanban' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(within(rows[0]).getByRole('button', { name: `Open task ${LONG}` }));
    expect(await screen.findByRole('dialog', { name: 'Edit Task' })).toBeTruthy();
    // Nothing was chosen: nothing remembered.
    expect(window.localStorage.getItem(viewStorageKey(1))).toBeNull();
  });

  it('on a laptop, opens the spec’s spreadsheet, with the spec’s two views to choose from', async () => {
    screenWidth(1280);
    serve([task(1, LONG)]);
    renderBoard();
    expect(await screen.findByRole('table', { name: 'Tasks spreadsheet' })).toBeTruthy();
    expect(screen.queryByTestId('task-rows')).toBeNull();
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'View' });
    expect(select.value).toBe('spreadsheet');
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['Kanban View', 'Spreadsheet View']);
  });

  it('between a phone and a laptop (600 px), opens the list and offers it beside the spec’s two', async () => {
    screenWidth(560);
    serve([task(1, LONG)]);
    renderBoard();
    expect(await screen.findByTestId('task-rows')).toBeTruthy();
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'View' });
    expect(select.value).toBe('rows');
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
      'List View',
      'Kanban View',
      'Spreadsheet View',
    ]);
  });

  it('remembers a choice made on the phone for the project, across visits', async () => {
    screenWidth(390);
    serve([task(1, LONG)]);
    const first = renderBoard();
    await screen.findByTestId('task-rows');
    fireEvent.click(screen.getByRole('button', { name: 'More board actions' }));
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Spreadsheet View' }));
    expect(await screen.findByRole('table', { name: 'Tasks spreadsheet' })).toBeTruthy();
    expect(window.localStorage.getItem(viewStorageKey(1))).toBe('spreadsheet');
    first.unmount();

    renderBoard();
    expect(await screen.findByRole('table', { name: 'Tasks spreadsheet' })).toBeTruthy();
    const switcher = screen.getByRole('group', { name: 'View' });
    expect(within(switcher).getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(within(switcher).getByRole('button', { name: 'List' }));
    expect(await screen.findByTestId('task-rows')).toBeTruthy();
    expect(window.localStorage.getItem(viewStorageKey(1))).toBe('rows');
  });

  it('keeps the view it opened in when the window is resized (an edit in a cell is not lost)', async () => {
    const screenSize = screenWidth(1280);
    serve([task(1, LONG)]);
    renderBoard();
    await screen.findByRole('table', { name: 'Tasks spreadsheet' });
    screenSize.resize(390);
    // The phone's toolbar, the same view.
    expect(await screen.findByRole('group', { name: 'View' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Tasks spreadsheet' })).toBeTruthy();
    expect(screen.queryByTestId('task-rows')).toBeNull();
  });

  it('keeps a choice made on a laptop on the phone', async () => {
    window.localStorage.setItem(viewStorageKey(1), 'spreadsheet');
    screenWidth(390);
    serve([task(1, LONG)]);
    renderBoard();
    expect(await screen.findByRole('table', { name: 'Tasks spreadsheet' })).toBeTruthy();
  });
});

describe('the board’s first steps (issue 30)', { timeout: 15_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says in one line that nothing is bid or paid yet, with the way to the contractors', async () => {
    serve([task(1, 'Framing'), task(2, 'Roofing')]);
    renderBoard();
    const line = await screen.findByTestId('empty-ledger');
    expect(line.textContent).toBe('No bids or payments yet — add contractors and bids');
    expect(screen.queryByTestId('ledger-summary')).toBeNull();
    // The spec's figures stay.
    expect(screen.getByText('Project Budget')).toBeTruthy();
    expect(screen.getByText('Predicted Total Cost')).toBeTruthy();
    expect(screen.getByText('Cost per Sq Ft')).toBeTruthy();
    fireEvent.click(within(line).getByRole('link', { name: 'add contractors and bids' }));
    expect(await screen.findByRole('heading', { name: 'Contractors page' })).toBeTruthy();
  });

  it('says nothing of it once a task has a bid, or money is recorded', async () => {
    serve([task(1, 'Framing', { bid_count: 1, lowest_bid: 30000 }), task(2, 'Roofing')]);
    const first = renderBoard();
    await screen.findByRole('table', { name: 'Tasks spreadsheet' });
    expect(screen.queryByTestId('empty-ledger')).toBeNull();
    first.unmount();

    serve([task(1, 'Framing', { status: 'Paid', actual_cost: 5000, paid_to_date: 5000 })]);
    renderBoard();
    await screen.findByRole('table', { name: 'Tasks spreadsheet' });
    expect(screen.queryByTestId('empty-ledger')).toBeNull();
    expect(screen.getByTestId('ledger-paid').textContent).toContain('$5,000.00');
  });

  it('on an empty board offers the standard task list, not the ledger line', async () => {
    serve([]);
    renderBoard();
    expect(await screen.findByRole('button', { name: 'Start from the standard task list' })).toBeTruthy();
    expect(screen.queryByTestId('empty-ledger')).toBeNull();
  });

  it('reaches Contractors and Money from the toolbar, on a laptop and on a phone', async () => {
    for (const width of [1280, 390]) {
      screenWidth(width);
      serve([task(1, 'Framing')]);
      const view = renderBoard();
      const toolbar = await screen.findByRole('toolbar', { name: 'Board actions' });
      expect(within(toolbar).getByRole('link', { name: 'Contractors' }).getAttribute('href')).toBe('/contractors');
      expect(within(toolbar).getByRole('link', { name: 'Money' }).getAttribute('href')).toBe('/kanban/1/money');
      expect(within(toolbar).getByRole('link', { name: 'Compare bids' }).getAttribute('href')).toBe('/kanban/1/bids');
      // The phone's line sits in the strip, not in its folded details.
      expect(screen.getByTestId('empty-ledger').closest('[hidden]')).toBeNull();
      view.unmount();
    }
  });
});
