import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { tokens } from '../../../lib/auth-store';
import { renderWithProviders } from '../../../testing/render';
import { boardTasksQuery } from '../api';
import { useInlineUpdate } from '../hooks/use-board';
import type { Task } from '../types';
import { SpreadsheetView } from './spreadsheet-view';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const task = (id: number, extra: Partial<Task>): Task => ({
  id,
  project: 1,
  title: `T${id}`,
  description: '',
  status: 'To Do',
  material_quality: 'basic',
  actual_cost: null,
  due_date: null,
  position: id,
  actual_cost_per_sqft: null,
  regional_average_cost_per_sqft: null,
  bid_count: 0,
  committed_cost: null,
  lowest_bid: null,
  paid_to_date: 0,
  payment_count: 0,
  change_order_total: 0,
  fixed_fee: false,
  payments_total: 0,
  remaining_to_pay: null,
  ...extra,
});

const refusal = {
  error: 'validation_error',
  message: 'actual_cost: Ensure this value is greater than or equal to 0.',
  fields: { actual_cost: ['Ensure this value is greater than or equal to 0.'] },
};

/** The sheet wired as the board wires it: the tasks query and the inline-update hook. */
function Board() {
  const tasks = useQuery(boardTasksQuery(1));
  const update = useInlineUpdate(1);
  if (!tasks.data) return <p>Loading</p>;
  return <SpreadsheetView tasks={tasks.data} squareFootage={1000} onUpdate={update} onOpen={() => {}} />;
}

function serve(tasks: Task[], patch: (body: Partial<Task>) => Response) {
  const patches: Partial<Task>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        const body = JSON.parse(init.body as string) as Partial<Task>;
        patches.push(body);
        return Promise.resolve(patch(body));
      }
      return Promise.resolve(url.endsWith('/api/projects/1/tasks/') ? json(200, tasks) : json(200, {}));
    }),
  );
  return patches;
}

const costInput = (title: string) => screen.getByLabelText<HTMLInputElement>(`Your cost for ${title}`);

describe('SpreadsheetView', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows money formatted outside the edited cell, and the raw figure while editing', async () => {
    tokens.set('A', 'R');
    serve([task(1, { actual_cost: 44100 }), task(2, { actual_cost: 18250.5 })], () => json(500, {}));
    renderWithProviders(<Board />);
    await screen.findByRole('table', { name: 'Tasks spreadsheet' });
    expect(costInput('T1').value).toBe('$44,100.00');
    expect(costInput('T2').value).toBe('$18,250.50');
    fireEvent.focus(costInput('T2'));
    expect(costInput('T2').value).toBe('18250.50');
    fireEvent.blur(costInput('T2'));
    expect(costInput('T2').value).toBe('$18,250.50');
  });

  it("keeps a refused cost in its cell with the server's reason; Escape restores the saved value", async () => {
    tokens.set('A', 'R');
    const patches = serve([task(1, { actual_cost: 100 })], () => json(400, refusal));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<Board />);
    await screen.findByRole('table', { name: 'Tasks spreadsheet' });

    const cost = costInput('T1');
    fireEvent.focus(cost);
    fireEvent.change(cost, { target: { value: '-5' } });
    fireEvent.blur(cost);
    await waitFor(() => expect(costInput('T1').getAttribute('aria-invalid')).toBe('true'));
    expect(patches).toEqual([{ title: 'T1', actual_cost: -5, status: 'To Do' }]);
    expect(costInput('T1').value).toBe('-5');
    const describedBy = costInput('T1').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy.split(' ')[0])?.textContent).toBe(
      'Ensure this value is greater than or equal to 0.',
    );
    expect(screen.getByRole('status').textContent).toContain('Not saved: Your Cost of T1.');

    // Leaving the refused value as it is sends nothing again.
    fireEvent.focus(costInput('T1'));
    expect(costInput('T1').value).toBe('-5');
    fireEvent.blur(costInput('T1'));
    expect(patches).toHaveLength(1);

    // Escape: the saved value and no message.
    fireEvent.focus(costInput('T1'));
    fireEvent.keyDown(costInput('T1'), { key: 'Escape' });
    expect(costInput('T1').value).toBe('100');
    expect(costInput('T1').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Ensure this value is greater than or equal to 0.')).toBeNull();
    fireEvent.blur(costInput('T1'));
    expect(costInput('T1').value).toBe('$100.00');
    expect(patches).toHaveLength(1);
  });

  it('says why a typed cost is not a number without sending it', async () => {
    tokens.set('A', 'R');
    const patches = serve([task(1, {})], () => json(200, task(1, {})));
    renderWithProviders(<Board />);
    await screen.findByRole('table', { name: 'Tasks spreadsheet' });
    fireEvent.focus(costInput('T1'));
    fireEvent.change(costInput('T1'), { target: { value: '12 dollars' } });
    fireEvent.blur(costInput('T1'));
    expect(costInput('T1').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter an amount in dollars, like 1250.50.')).toBeTruthy();
    expect(patches).toHaveLength(0);
  });

  it('reads the outcome from a promise when onUpdate returns one', async () => {
    const onUpdate = vi.fn(() =>
      Promise.reject(new ApiError(400, 'validation_error', 'x', { title: ['This field may not be blank.'] })),
    );
    renderWithProviders(
      <SpreadsheetView tasks={[task(1, {})]} squareFootage={null} onUpdate={onUpdate} onOpen={() => {}} />,
    );
    const title = screen.getByLabelText<HTMLInputElement>('Task title: T1');
    fireEvent.focus(title);
    fireEvent.change(title, { target: { value: 'Renamed' } });
    fireEvent.blur(title);
    expect(onUpdate).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), { title: 'Renamed' });
    await screen.findByText('This field may not be blank.');
    expect(title.value).toBe('Renamed');
    expect(title.getAttribute('aria-invalid')).toBe('true');
  });

  it('marks overdue tasks and costs far above their prediction, and sums the columns', () => {
    const tasks = [
      task(1, { due_date: '2000-01-01', actual_cost: 1400, regional_average_cost_per_sqft: 1 }),
      task(2, { due_date: '2000-01-01', status: 'Paid', actual_cost: 1000, regional_average_cost_per_sqft: 1 }),
      task(3, { due_date: '2999-01-01', regional_average_cost_per_sqft: 2.5 }),
    ];
    renderWithProviders(<SpreadsheetView tasks={tasks} squareFootage={1000} onUpdate={() => {}} onOpen={() => {}} />);
    const row = (id: number) => within(document.querySelector<HTMLElement>(`tr[data-task-id="${id}"]`)!);
    expect(row(1).getByText(/^Overdue:/)).toBeTruthy();
    expect(row(2).queryByText(/Overdue/)).toBeNull(); // Paid
    expect(row(2).getByText(/^Due\b/)).toBeTruthy();
    expect(row(3).queryByText(/Overdue/)).toBeNull();

    expect(row(1).getByText(/above the predicted cost of \$1,000\b/)).toBeTruthy();
    expect(row(1).getByTitle('40% above the predicted $1,000')).toBeTruthy();
    expect(row(2).queryByText(/above the predicted/)).toBeNull();

    expect(screen.getByTestId('sheet-total-actual').textContent).toBe('$2,400.00');
    expect(screen.getByTestId('sheet-total-predicted').textContent).toBe('$4,500');
    expect(screen.getByTestId('sheet-total-projected').textContent).toBe('$4,900.00');
  });

  it('sorts by a column header and says so with aria-sort', () => {
    const tasks = [
      task(1, { title: 'B', actual_cost: 5 }),
      task(2, { title: 'A', actual_cost: null }),
      task(3, { title: 'C', actual_cost: 1 }),
    ];
    renderWithProviders(<SpreadsheetView tasks={tasks} squareFootage={null} onUpdate={() => {}} onOpen={() => {}} />);
    const order = () =>
      [...document.querySelectorAll('tbody tr[data-task-id]')].map((r) => r.getAttribute('data-task-id'));
    const header = screen.getByRole('columnheader', { name: /Your Cost/ });
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(order()).toEqual(['3', '1', '2']);
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(order()).toEqual(['1', '3', '2']);
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBeNull();
    expect(order()).toEqual(['1', '2', '3']);
  });
});

describe('SpreadsheetView with 1,000 tasks (windowed)', () => {
  const many = Array.from({ length: 1000 }, (_, i) => task(i + 1, {}));
  const mounted = () =>
    [...document.querySelectorAll('tbody tr[data-task-id]')].map((r) => Number(r.getAttribute('data-task-id')));
  const spacers = () =>
    [...document.querySelectorAll<HTMLElement>('tbody tr.sheet-spacer')].map((r) => Number.parseFloat(r.style.height));
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
  });

  it('renders the rows near the viewport, counts them all, and stands for the rest with one spacer row', () => {
    renderWithProviders(<SpreadsheetView tasks={many} squareFootage={null} onUpdate={() => {}} onOpen={() => {}} />);
    const table = screen.getByRole('table', { name: 'Tasks spreadsheet' });
    expect(table.getAttribute('aria-rowcount')).toBe('1002');
    const ids = mounted();
    expect(ids.length).toBeGreaterThan(10);
    expect(ids.length).toBeLessThan(100);
    expect(ids[0]).toBe(1);
    // In order, each with its place among all the rows.
    expect(ids).toEqual(ids.map((_, i) => i + 1));
    expect(document.querySelector('tr[data-task-id="3"]')?.getAttribute('aria-rowindex')).toBe('4');
    expect(screen.getByLabelText('Task title: T1')).toBeTruthy();
    // No spacer above; the one below is as tall as the rows it stands for (49 px each).
    expect(spacers()).toEqual([(1000 - ids.length) * 49]);
  });

  it('follows the page as it scrolls', async () => {
    renderWithProviders(<SpreadsheetView tasks={many} squareFootage={null} onUpdate={() => {}} onOpen={() => {}} />);
    Object.defineProperty(window, 'scrollY', { value: 500 * 49, configurable: true, writable: true });
    fireEvent.scroll(window);
    await waitFor(() => expect(mounted()).toContain(500));
    const ids = mounted();
    expect(ids).not.toContain(1);
    expect(ids).toEqual(ids.map((_, i) => ids[0] + i));
    const [above, below] = spacers();
    expect(above).toBe((ids[0] - 1) * 49);
    expect(below).toBe((1000 - ids.at(-1)!) * 49);
    expect(screen.getByLabelText('Your cost for T500')).toBeTruthy();
  });

  it('sorts all the rows, not only those rendered', () => {
    renderWithProviders(<SpreadsheetView tasks={many} squareFootage={null} onUpdate={() => {}} onOpen={() => {}} />);
    const header = screen.getByRole('columnheader', { name: /^Task/ });
    fireEvent.click(within(header).getByRole('button'));
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    // Titles T1..T1000 in numeric order, descending: T1000 first.
    expect(mounted()[0]).toBe(1000);
  });
});
