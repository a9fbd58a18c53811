import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { tokens } from '../../../lib/auth-store';
import type { BoardProject, Task } from '../types';
import { BoardPage } from './board-page';
import { BudgetSettingsModal, KanbanView, PaidModal, TaskFormModal } from './board-lazy';

// The board's lazily loaded parts, loaded before the tests: their first import (the module graph
// transformed on the spot) can take longer than a findBy's second on a busy machine.
beforeAll(
  () =>
    Promise.all([KanbanView.preload(), TaskFormModal.preload(), BudgetSettingsModal.preload(), PaidModal.preload()]),
  60_000,
);
import { localToday } from '../../../lib/dates';

// A move to Paid celebrates: no canvas to draw on here.
vi.mock('canvas-confetti', () => ({ default: Object.assign(vi.fn(), { create: () => vi.fn() }) }));

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
 * A fake server; `calls` lists every non-GET request as "METHOD path", `bodies` their JSON bodies
 * in the same order.
 */
function serve(initial: Task[], answers: Record<string, () => Response> = {}) {
  let tasks = initial;
  const calls: string[] = [];
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') {
        calls.push(`${method} ${url}`);
        bodies.push(typeof init?.body === 'string' ? JSON.parse(init.body) : null);
      }
      const special = answers[`${method} ${url}`];
      if (special) {
        const res = special();
        if (res.ok && url.endsWith('/template/')) tasks = (await res.clone().json()) as Task[];
        return res;
      }
      if (url === '/api/projects/1/tasks/') return json(tasks);
      if (url === '/api/projects/1/summary/')
        return json({
          budget: 1000,
          predicted_total: 0,
          cost_per_sqft: 0,
          over_budget: false,
          column_totals: { 'To Do': 0, 'In Progress': 0, Paid: 0 },
          full_build_estimate: 200000,
          estimate_covered: 50000,
        });
      if (url === '/api/projects/1/') return json(project);
      return json([]);
    }),
  );
  return { calls, bodies };
}

function renderBoard() {
  tokens.set('A', 'R');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/kanban/:projectId', element: <BoardPage /> }], {
    initialEntries: ['/kanban/1'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('BoardPage, as a user meets it', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks before deleting, hides the task with an Undo toast, and Undo sends nothing', async () => {
    const { calls } = serve([task(1, 'Framing'), task(2, 'Roofing')]);
    renderBoard();
    fireEvent.click(await screen.findByRole('button', { name: 'Open task Framing' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Task' });
    fireEvent.click(within(form).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this task?' });
    expect(calls).toEqual([]); // asked first
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete task' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open task Framing' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Task deleted.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo deleting Framing' }));
    expect(await screen.findByRole('button', { name: 'Open task Framing' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('offers the standard task list on an empty board, and shows the server’s message on a 409', async () => {
    const created = [task(5, 'Building Permits'), task(6, 'Framing')];
    const { calls } = serve([], { 'POST /api/projects/1/tasks/template/': () => json(created, 201) });
    renderBoard();
    fireEvent.click(await screen.findByRole('button', { name: 'Start from the standard task list' }));
    expect(await screen.findByRole('button', { name: 'Open task Building Permits' })).toBeTruthy();
    expect(calls).toEqual(['POST /api/projects/1/tasks/template/']);
    expect(screen.getByTestId('estimate-coverage').textContent).toBe(
      'The catalogue’s estimate, for comparison: your 2 tasks cover $50,000 of it (25%).',
    );
  });

  it('shows a refused template call in the banner', async () => {
    serve([], {
      'POST /api/projects/1/tasks/template/': () =>
        json({ error: 'conflict', message: 'This board already has tasks.' }, 409),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBoard();
    fireEvent.click(await screen.findByRole('button', { name: 'Start from the standard task list' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This board already has tasks.');
  });

  it('keeps the budget dialog open with the server’s message at the field, and the spec’s banner', async () => {
    serve([task(1, 'Framing')], {
      'PATCH /api/projects/1/': () =>
        json(
          {
            error: 'validation_error',
            message: 'budget: This field is required.',
            fields: { budget: ['This field is required.'] },
          },
          400,
        ),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBoard();
    fireEvent.click(await screen.findByRole('button', { name: 'Update Budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Project Budget' });
    const input = within(dialog).getByLabelText(/^Budget/);
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(input.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(message?.textContent).toBe('This field is required.');
    expect(screen.getByText('Failed to update budget.')).toBeTruthy();
  });

  it('shows the server’s message beside Task Title when it refuses a blank title', async () => {
    serve([task(1, 'Framing')], {
      'POST /api/tasks/': () =>
        json(
          {
            error: 'validation_error',
            message: 'title: This field may not be blank.',
            fields: { title: ['This field may not be blank.'] },
          },
          400,
        ),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBoard();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Task' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const title = within(dialog).getByLabelText(/^Task Title/);
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(title.getAttribute('aria-required')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This field may not be blank.',
    );
    expect(screen.getByText('Failed to save task.')).toBeTruthy();
  });

  it('clears "Failed to save task." once the same form saves', async () => {
    let refuse = true;
    serve([task(1, 'Framing')], {
      'POST /api/tasks/': () =>
        refuse
          ? json(
              {
                error: 'validation_error',
                message: 'title: This field may not be blank.',
                fields: { title: ['This field may not be blank.'] },
              },
              400,
            )
          : json(task(2, 'Roofing'), 201),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBoard();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Task' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Failed to save task.');
    refuse = false;
    fireEvent.change(within(dialog).getByLabelText(/^Task Title/), { target: { value: 'Roofing' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Task' })).toBeNull());
    expect(screen.queryByText('Failed to save task.')).toBeNull();
  });

  it('says the date range beside Due Date for a five-digit year, without asking the server', async () => {
    const { calls } = serve([task(1, 'Framing')]);
    renderBoard();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Task' });
    fireEvent.change(within(dialog).getByLabelText(/^Task Title/), { target: { value: 'Roofing' } });
    const due = within(dialog).getByLabelText('Due Date');
    // What a date input holds once 01/01/10000 is typed into it.
    fireEvent.change(due, { target: { value: '10000-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(due.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(due.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent).toBe(
      'Enter a date between 1900-01-01 and 2200-12-31.',
    );
    expect(calls.filter((c) => c.startsWith('POST /api/tasks/'))).toEqual([]);
  });

  it('links to the Money page from the toolbar', async () => {
    serve([task(1, 'Framing')]);
    renderBoard();
    const link = await screen.findByRole('link', { name: 'Money' });
    expect(link.getAttribute('href')).toBe('/kanban/1/money');
  });

  it('saves the contingency and the construction loan with the budget, only what changed', async () => {
    const patches: unknown[] = [];
    serve([task(1, 'Framing')], {
      'PATCH /api/projects/1/': () => json({ ...project, budget: 1000, contingency_percent: 15, loan_amount: 250000 }),
    });
    const fetchMock = vi.mocked(fetch);
    renderBoard();
    fireEvent.click(await screen.findByRole('button', { name: 'Update Budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Project Budget' });
    const contingency = within(dialog).getByLabelText('Contingency (%)');
    expect((contingency as HTMLInputElement).value).toBe('10'); // the default
    expect(within(dialog).getByLabelText<HTMLInputElement>('Construction loan').value).toBe('');
    // Checked here first: nothing is sent.
    fireEvent.change(contingency, { target: { value: '60' } });
    fireEvent.submit(contingency.closest('form') as HTMLFormElement);
    expect(contingency.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('budget-contingency-error')?.textContent).toBe(
      'The contingency can be at most 50% of the budget.',
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    fireEvent.change(contingency, { target: { value: '15' } });
    expect(contingency.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Construction loan'), { target: { value: '$250,000' } });
    fireEvent.submit(contingency.closest('form') as HTMLFormElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    for (const [, init] of fetchMock.mock.calls)
      if (init?.method === 'PATCH') patches.push(JSON.parse(init.body as string));
    expect(patches).toEqual([{ budget: 1000, contingency_percent: 15, loan_amount: 250000 }]);
  });

  it('shows Paid on the cards and in the sheet, and pre-fills the Paid dialog with the payments', async () => {
    serve([
      task(1, 'Framing', {
        committed_cost: 41800,
        paid_to_date: 12000,
        payments_total: 12000,
        payment_count: 1,
        bid_count: 2,
      }),
      task(2, 'Roofing'),
    ]);
    renderBoard();
    // The spreadsheet (the default view): a Paid column and its total.
    await screen.findByRole('columnheader', { name: /^Paid/ });
    const cells = screen.getAllByTestId('sheet-paid').map((c) => c.textContent);
    expect(cells).toEqual(['$12,000.00', '-']);
    expect(screen.getByTestId('sheet-total-paid').textContent).toBe('$12,000.00');

    fireEvent.change(screen.getByLabelText('View'), { target: { value: 'kanban' } });
    const line = await screen.findByTestId('task-paid');
    expect(line.textContent).toBe('Paid $12,000.00 of $41,800.00');
    expect(screen.getAllByTestId('task-paid')).toHaveLength(1); // none without payments

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Framing' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move to Paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter Actual Cost' });
    const input = within(dialog).getByLabelText<HTMLInputElement>('Actual Cost');
    expect(input.value).toBe('12000');
    expect(within(dialog).getByTestId('number-prompt-hint').textContent).toBe(
      'Payments recorded: $12,000.00 (1 payment).',
    );
    expect(input.getAttribute('aria-describedby')).toContain('number-prompt-hint');
    // Enter keeps the payments as the final cost: nothing more to record.
    expect(within(dialog).queryByTestId('record-difference')).toBeNull();
  });

  it('records the difference between the actual cost and the payments as a payment dated today', async () => {
    const framing = task(1, 'Framing', {
      committed_cost: 41800,
      paid_to_date: 12000,
      payments_total: 12000,
      payment_count: 1,
    });
    const { calls, bodies } = serve([framing, task(2, 'Roofing')], {
      'GET /api/tasks/1/payments/': () =>
        json([
          {
            id: 7,
            task: 1,
            amount: 12000,
            paid_on: '2026-03-02',
            payee: 'Acme Framing',
            contractor: null,
            method: 'check',
            note: '',
            receipt: null,
          },
        ]),
      'PATCH /api/tasks/1/': () => json({ ...framing, status: 'Paid', actual_cost: 41800 }),
      'POST /api/task-payments/': () => json({ id: 8 }, 201),
    });
    window.localStorage.setItem('board-view:1', 'kanban');
    renderBoard();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Framing' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move to Paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter Actual Cost' });
    // The payments recorded so far, listed.
    const payments = await within(dialog).findByTestId('paid-payments');
    await waitFor(() => expect(payments.textContent).toContain('Acme Framing$12,000.00'));
    expect(payments.textContent).toContain('Total$12,000.00');
    // The final invoice: $29,800 more than the payments; recording it is offered, ticked.
    fireEvent.change(within(dialog).getByLabelText('Actual Cost'), { target: { value: '41800' } });
    const record = within(dialog).getByRole<HTMLInputElement>('checkbox', {
      name: /^Record the \$29,800\.00 difference as a payment dated today/,
    });
    expect(record.checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toEqual(['PATCH /api/tasks/1/', 'POST /api/task-payments/']));
    expect(bodies[0]).toMatchObject({ status: 'Paid', actual_cost: 41800 });
    expect(bodies[1]).toEqual({ task: 1, amount: 29800, paid_on: localToday() });
    localStorage.clear();
  });

  it('records nothing when the offer is unticked, and moves the task all the same', async () => {
    const roofing = task(2, 'Roofing', { committed_cost: 9000 });
    const { calls } = serve([roofing], {
      'PATCH /api/tasks/2/': () => json({ ...roofing, status: 'Paid', actual_cost: 9500 }),
    });
    renderBoard();
    // From the spreadsheet's status: to Paid asks for the actual cost, as a drop does.
    const status = await screen.findByLabelText('Status of Roofing');
    fireEvent.change(status, { target: { value: 'Paid' } });
    const dialog = await screen.findByRole('dialog', { name: 'Enter Actual Cost' });
    expect(calls).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Actual Cost'), { target: { value: '9500' } });
    const record = within(dialog).getByRole<HTMLInputElement>('checkbox', { name: /^Record the \$9,500\.00/ });
    fireEvent.click(record);
    expect(record.checked).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toEqual(['PATCH /api/tasks/2/']));
  });
  it('never pre-fills the prediction: the box is blank and the prediction is a hint', async () => {
    // 10 sq ft x $695.70 = $6,957 predicted; nothing recorded yet.
    serve([task(2, 'Roofing', { regional_average_cost_per_sqft: 695.7 })]);
    renderBoard();
    const status = await screen.findByLabelText('Status of Roofing');
    fireEvent.change(status, { target: { value: 'Paid' } });
    const dialog = await screen.findByRole('dialog', { name: 'Enter Actual Cost' });
    const input = within(dialog).getByLabelText<HTMLInputElement>('Actual Cost');
    expect(input.value).toBe('');
    expect(within(dialog).getByTestId('number-prompt-hint').textContent).toBe('Predicted $6,957.');
    // Nothing to record until a cost is typed.
    expect(within(dialog).queryByTestId('record-difference')).toBeNull();
  });

  it('pre-fills the committed cost of an awarded task', async () => {
    serve([task(2, 'Roofing', { committed_cost: 14280, regional_average_cost_per_sqft: 695.7 })]);
    renderBoard();
    fireEvent.change(await screen.findByLabelText('Status of Roofing'), { target: { value: 'Paid' } });
    const dialog = await screen.findByRole('dialog', { name: 'Enter Actual Cost' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Actual Cost').value).toBe('14280');
  });

  it('keeps the dialog open with the message beside the field when the cost is refused', async () => {
    const roofing = task(2, 'Roofing', { committed_cost: 9000 });
    const { calls } = serve([roofing], {
      'PATCH /api/tasks/2/': () =>
        json(
          {
            error: 'validation_error',
            message: 'Invalid input.',
            fields: { actual_cost: ['Ensure this value is greater than or equal to 0.'] },
          },
          400,
        ),
    });
    renderBoard();
    fireEvent.change(await screen.findByLabelText('Status of Roofing'), { target: { value: 'Paid' } });
    const dialog = await screen.findByRole('dialog', { name: 'Enter Actual Cost' });
    const input = within(dialog).getByLabelText<HTMLInputElement>('Actual Cost');
    // Checked here first: a negative cost is not sent.
    fireEvent.change(input, { target: { value: '-5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByTestId('number-prompt-error').textContent).toBe('The actual cost cannot be negative.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    // The server refuses what it is sent: its words beside the field, the dialog still open.
    fireEvent.change(input, { target: { value: '9500' } });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('number-prompt-error').textContent).toBe(
        'Ensure this value is greater than or equal to 0.',
      ),
    );
    expect(calls).toEqual(['PATCH /api/tasks/2/']);
    expect(screen.getByRole('dialog', { name: 'Enter Actual Cost' })).toBe(dialog);
    expect(screen.queryByText('Failed to update task with actual cost.')).toBeNull();
  });
});
