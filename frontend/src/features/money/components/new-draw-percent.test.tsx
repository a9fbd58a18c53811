import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { tokens } from '../../../lib/auth-store';
import { drawFixture, lineFixture, tasksFixture } from '../test-fixtures';
import type { MoneyTask } from '../types';
import { NewDrawDialog } from './draw-dialogs';

// "New draw request" by percent complete (the lender's inspection): the way offered when no paid
// work is waiting to be drawn for, a switch away from the paid work otherwise.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubServer(routes: Record<string, Response>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ key, body });
      const route = routes[key];
      return Promise.resolve(route ? route.clone() : json(500, { error: 'unexpected', message: key }));
    }),
  );
  return calls;
}

// Framing: committed $46,100; Building Permits: actual $2,500; Roofing: a prediction only (no
// scheduled value on the server: not listed); Siding: an award of $30,000.
const tasks: MoneyTask[] = [
  ...tasksFixture,
  { ...tasksFixture[2], id: 10, title: 'Siding', committed_cost: 30000, best_known: 30000 },
];

const created = drawFixture({ number: 1, tasks: [7, 10], items: [lineFixture(7, 'Framing', 11525)] });

function render(nextItems: unknown[], routes: Record<string, Response> = {}) {
  const calls = stubServer({
    'GET /api/projects/3/draws/next/': json(200, { items: nextItems, total: 0 }),
    'POST /api/draws/': json(201, created),
    ...routes,
  });
  tokens.set('A1', 'R1');
  const onCreated = vi.fn();
  renderWithProviders(<NewDrawDialog projectId={3} paid={0} tasks={tasks} onClose={() => {}} onCreated={onCreated} />);
  return { calls, onCreated, posts: () => calls.filter((c) => c.key === 'POST /api/draws/').map((c) => c.body) };
}

const box = (dialog: HTMLElement, title: string) => within(dialog).getByRole('checkbox', { name: title });
const percent = (dialog: HTMLElement, title: string) =>
  within(dialog).getByLabelText<HTMLInputElement>(`Percent complete, ${title}`);

describe('NewDrawDialog by percent complete', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the percent lines when nothing is paid and sends the ticked tasks with their percents', async () => {
    const { posts, onCreated } = render([]);
    const dialog = await screen.findByRole('dialog', { name: 'New draw request' });
    const empty = await within(dialog).findByTestId('no-draw-items');
    expect(empty.textContent).toContain('Nothing has been paid yet');
    expect(empty.textContent).toContain('percent complete');
    within(dialog).getByRole('group', { name: "By percent complete (lender's inspection)" });
    // The tasks with a scheduled value, in board order; Roofing has none.
    expect(
      within(dialog)
        .getAllByTestId('draw-pct-line')
        .map((l) => l.textContent),
    ).toEqual([
      expect.stringContaining('Framing') as string,
      expect.stringContaining('Building Permits') as string,
      expect.stringContaining('Siding') as string,
    ]);
    expect(within(dialog).queryByRole('checkbox', { name: 'Roofing' })).toBeNull();
    expect(within(dialog).getAllByTestId('draw-pct-line')[0].textContent).toContain('Scheduled value $46,100.00');
    expect(within(dialog).getByText(/The amounts are worked out when the draft is created\./)).toBeTruthy();
    // A box's percent is open once it is ticked.
    expect(percent(dialog, 'Framing').disabled).toBe(true);
    fireEvent.click(box(dialog, 'Framing'));
    expect(percent(dialog, 'Framing').disabled).toBe(false);
    fireEvent.change(percent(dialog, 'Framing'), { target: { value: '25' } });
    fireEvent.click(box(dialog, 'Siding'));
    fireEvent.change(percent(dialog, 'Siding'), { target: { value: '40.5' } });
    fireEvent.change(within(dialog).getByLabelText('Requested on'), { target: { value: '2026-03-25' } });
    fireEvent.change(within(dialog).getByLabelText(/Note for the lender/), { target: { value: ' Inspection 1 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create draw request' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(posts()).toEqual([
      {
        project: 3,
        tasks: [7, 10],
        items: [
          { task: 7, percent_complete: 25 },
          { task: 10, percent_complete: 40.5 },
        ],
        requested_on: '2026-03-25',
        note: 'Inspection 1',
      },
    ]);
  });

  it.each([
    ['101', 'above 100'],
    ['12.34', 'two decimals'],
  ])('refuses %s (%s) beside the box and sends nothing', async (typed) => {
    const { posts } = render([]);
    const dialog = await screen.findByRole('dialog', { name: 'New draw request' });
    await within(dialog).findByTestId('no-draw-items');
    fireEvent.click(box(dialog, 'Framing'));
    fireEvent.change(percent(dialog, 'Framing'), { target: { value: typed } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create draw request' }));
    const input = percent(dialog, 'Framing');
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('draw-pct-7-error')?.textContent).toBe(
      'Enter a percent from 0 to 100, with at most one decimal.',
    );
    expect(posts()).toEqual([]);
  });

  it('asks for at least one task, in the words of the paid list', async () => {
    const { posts } = render([]);
    const dialog = await screen.findByRole('dialog', { name: 'New draw request' });
    await within(dialog).findByTestId('no-draw-items');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create draw request' }));
    const group = within(dialog).getByRole('group', { name: "By percent complete (lender's inspection)" });
    expect(group.getAttribute('data-invalid')).toBe('true');
    expect(document.getElementById('draw-pct-tasks-error')?.textContent).toBe('Choose at least one task.');
    await waitFor(() => expect(document.activeElement).toBe(box(dialog, 'Framing')));
    expect(posts()).toEqual([]);
  });

  it("puts the server's items and tasks messages under the lines", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render([], {
      'POST /api/draws/': json(400, {
        error: 'invalid',
        message: 'Check the draw.',
        fields: {
          items: ['Ensure that there are no more than 1 decimal places.'],
          tasks: ['Choose tasks of this draw.'],
        },
      }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'New draw request' });
    await within(dialog).findByTestId('no-draw-items');
    fireEvent.click(box(dialog, 'Framing'));
    fireEvent.change(percent(dialog, 'Framing'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create draw request' }));
    await waitFor(() =>
      expect(document.getElementById('draw-items-error')?.textContent).toBe(
        'Ensure that there are no more than 1 decimal places.',
      ),
    );
    expect(document.getElementById('draw-pct-tasks-error')?.textContent).toBe('Choose tasks of this draw.');
    const group = within(dialog).getByRole('group', { name: "By percent complete (lender's inspection)" });
    expect(group.getAttribute('aria-describedby')).toBe('draw-pct-tasks-error draw-items-error draw-pct-hint');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('keeps the paid work as the default when there is some, and switches to the percent lines and back', async () => {
    const { posts } = render([lineFixture(7, 'Framing', 20000)]);
    const dialog = await screen.findByRole('dialog', { name: 'New draw request' });
    const paidBox = await within(dialog).findByRole('checkbox', { name: /Framing/ });
    expect((paidBox as HTMLInputElement).checked).toBe(true);
    within(dialog).getByRole('group', { name: 'Work to include' });
    expect(within(dialog).queryByRole('group', { name: "By percent complete (lender's inspection)" })).toBeNull();
    expect(within(dialog).queryByTestId('no-draw-items')).toBeNull();

    fireEvent.click(
      within(dialog).getByRole('button', { name: "Ask by percent complete (lender's inspection) instead" }),
    );
    within(dialog).getByRole('group', { name: "By percent complete (lender's inspection)" });
    expect(within(dialog).queryByRole('group', { name: 'Work to include' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ask for the work paid instead' }));
    within(dialog).getByRole('group', { name: 'Work to include' });

    fireEvent.click(
      within(dialog).getByRole('button', { name: "Ask by percent complete (lender's inspection) instead" }),
    );
    fireEvent.click(box(dialog, 'Building Permits'));
    fireEvent.change(percent(dialog, 'Building Permits'), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create draw request' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({ project: 3, tasks: [8], items: [{ task: 8, percent_complete: 100 }] });
  });

  it('sends the paid work as before when not switched', async () => {
    const { posts } = render([lineFixture(7, 'Framing', 20000)]);
    const dialog = await screen.findByRole('dialog', { name: 'New draw request' });
    await within(dialog).findByRole('checkbox', { name: /Framing/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create draw request' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual({ project: 3, tasks: [7], requested_on: expect.any(String) as string, note: '' });
  });
});
