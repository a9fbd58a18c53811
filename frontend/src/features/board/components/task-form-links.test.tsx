import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { checkSchedule, schedulePayload, scheduleValues } from './task-form-parts';
import { linkText, StartsAfterSection } from './task-form-links';
import { TaskFormModal } from './task-form-modal';
import type { Task } from '../types';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubServer(routes: Record<string, Response | ((body: unknown) => Response)>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ key, body });
      const route = routes[key];
      if (!route) return Promise.resolve(json(500, { error: 'unexpected', message: key }));
      return Promise.resolve(typeof route === 'function' ? route(body) : route.clone());
    }),
  );
  return calls;
}

const tasks = [
  { id: 11, title: 'Foundation', status: 'To Do' },
  { id: 12, title: 'Framing', status: 'To Do' },
  { id: 13, title: 'Roofing', status: 'To Do' },
];
const links = [
  { id: 1, project: 3, predecessor: 11, successor: 12, type: 'FS', lag_days: 2 },
  { id: 2, project: 3, predecessor: 12, successor: 13, type: 'FS', lag_days: 0 },
];

afterEach(() => vi.unstubAllGlobals());

describe('the task form schedule fields', () => {
  it('reads a task and sends blanks as null, the duration as a number', () => {
    const values = scheduleValues({ planned_start: '2026-03-02', duration_days: 5, actual_start: null });
    expect(values).toEqual({ planned_start: '2026-03-02', duration_days: '5', actual_start: '', actual_finish: '' });
    expect(schedulePayload(values)).toEqual({
      planned_start: '2026-03-02',
      duration_days: 5,
      actual_start: null,
      actual_finish: null,
    });
  });
  it('checks the duration, the dates and a finish before the start, in its words', () => {
    const base = { planned_start: '', duration_days: '', actual_start: '', actual_finish: '' };
    expect(checkSchedule(base)).toEqual({});
    expect(checkSchedule({ ...base, duration_days: '2.5' }).duration_days).toEqual([
      'Enter a whole number of working days from 0 to 1000.',
    ]);
    expect(checkSchedule({ ...base, duration_days: '1001' }).duration_days).toBeDefined();
    expect(checkSchedule({ ...base }, true).duration_days).toBeDefined();
    expect(checkSchedule({ ...base, planned_start: '10000-01-01' }).planned_start).toEqual([
      'Enter a date between 1900-01-01 and 2200-12-31.',
    ]);
    expect(checkSchedule({ ...base, actual_start: '2026-03-05', actual_finish: '2026-03-01' })).toEqual({
      actual_finish: ['The actual finish cannot be before the actual start.'],
    });
  });
});

describe('linkText', () => {
  it('says the lag and a link that is not finish to start', () => {
    expect(linkText({ type: 'FS', lag_days: 0 }, 'Framing')).toBe('Framing');
    expect(linkText({ type: 'FS', lag_days: 1 }, 'Framing')).toBe('Framing + 1 working day');
    expect(linkText({ type: 'SS', lag_days: -2 }, 'Framing')).toBe('Framing − 2 working days (start to start)');
  });
});

describe('StartsAfterSection', () => {
  const render = () => renderWithProviders(<StartsAfterSection projectId={3} task={{ id: 12, title: 'Framing' }} />);

  it('lists what the task starts after and what follows it', async () => {
    stubServer({
      'GET /api/projects/3/dependencies/': json(200, links),
      'GET /api/projects/3/tasks/': json(200, tasks),
    });
    render();
    const list = await screen.findByRole('list', { name: 'Tasks Framing starts after' });
    await waitFor(() => expect(within(list).getByText('Foundation + 2 working days')).toBeTruthy());
    expect(screen.getByTestId('followed-by').textContent).toBe('Followed by: Roofing');
  });

  it("adds a link, and says the server's 409 in its words", async () => {
    const calls = stubServer({
      'GET /api/projects/3/dependencies/': json(200, links),
      'GET /api/projects/3/tasks/': json(200, tasks),
      'POST /api/dependencies/': json(409, { error: 'conflict', message: 'These links would make a loop.' }),
    });
    render();
    await screen.findByText('Foundation + 2 working days');
    fireEvent.click(screen.getByRole('button', { name: 'Add a task it starts after' }));
    const dialog = await screen.findByRole('dialog', { name: 'Framing starts after…' });
    const select = within(dialog).getByLabelText(/^Starts after/);
    // Neither the task itself nor a task it already starts after.
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a task', 'Roofing']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add link' }));
    expect(await within(dialog).findByText('Choose the task this one starts after.')).toBeTruthy();
    fireEvent.change(select, { target: { value: '13' } });
    fireEvent.change(within(dialog).getByLabelText(/^Lag/), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add link' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('These links would make a loop.');
    expect(calls.find((c) => c.key === 'POST /api/dependencies/')?.body).toEqual({
      predecessor: 13,
      successor: 12,
      type: 'FS',
      lag_days: 1,
    });
  });

  it('removes a link', async () => {
    const calls = stubServer({
      'GET /api/projects/3/dependencies/': json(200, links),
      'GET /api/projects/3/tasks/': json(200, tasks),
      'DELETE /api/dependencies/1/': new Response(null, { status: 204 }),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: /Remove the link: starts after Foundation/ }));
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/dependencies/1/')).toBe(true));
    await waitFor(() =>
      expect(screen.getByText('Framing no longer starts after Foundation.').getAttribute('role')).toBe('status'),
    );
  });
});

describe('the task form, scheduled', () => {
  const task = {
    id: 12,
    project: 3,
    title: 'Framing',
    description: '',
    status: 'To Do',
    material_quality: 'standard',
    actual_cost: null,
    due_date: null,
    position: 0,
    planned_start: null,
    duration_days: null,
    actual_start: null,
    actual_finish: null,
  } as unknown as Task;

  it('sends the planned start and duration typed (the keyboard way to place a bar), and shows Starts after', async () => {
    const calls = stubServer({
      'GET /api/projects/3/dependencies/': json(200, links),
      'GET /api/projects/3/tasks/': json(200, tasks),
      'GET /api/task-suggestions/': json(200, { suggestions: [] }),
      'GET /api/documents/?task=12': json(200, []),
      'PATCH /api/tasks/12/': (body) => json(200, { ...task, ...(body as object) }),
    });
    const onClose = vi.fn();
    renderWithProviders(
      <TaskFormModal
        projectId={3}
        task={task}
        squareFootage={2400}
        onClose={onClose}
        onBanner={() => {}}
        onDelete={() => {}}
      />,
    );
    expect(await screen.findByTestId('starts-after')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Planned start'), { target: { value: '2026-03-16' } });
    fireEvent.change(screen.getByLabelText('Duration (working days)'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.key === 'PATCH /api/tasks/12/')?.body).toMatchObject({
      planned_start: '2026-03-16',
      duration_days: 10,
      actual_start: null,
      actual_finish: null,
    });
  });

  it('says a duration that is not a whole number of days at the field, without saving', async () => {
    const calls = stubServer({
      'GET /api/projects/3/dependencies/': json(200, []),
      'GET /api/projects/3/tasks/': json(200, tasks),
      'GET /api/task-suggestions/': json(200, { suggestions: [] }),
      'GET /api/documents/?task=12': json(200, []),
    });
    renderWithProviders(
      <TaskFormModal
        projectId={3}
        task={task}
        squareFootage={null}
        onClose={vi.fn()}
        onBanner={() => {}}
        onDelete={() => {}}
      />,
    );
    const duration = await screen.findByLabelText('Duration (working days)');
    fireEvent.change(duration, { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number of working days from 0 to 1000.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(duration));
    expect(calls.some((c) => c.key.startsWith('PATCH'))).toBe(false);
  });
});
