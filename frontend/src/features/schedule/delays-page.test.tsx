import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { EditAccess } from '../../lib/edit-access';
import { DelaysPage, delaysByTask } from './delays-page';
import { delayPayload, validateDelay } from './delays-form';
import { delayRegister, json, noContent, stubServer, TASKS } from './schedule-summary-fixtures';

const project = { id: 3, name: 'Willow Creek House' };

function baseRoutes() {
  return {
    'GET /api/projects/3/delays/': json(200, delayRegister),
    'GET /api/projects/3/calendar/': json(200, { active: false, created_at: null }),
  };
}

function renderPage(onScheduleChanged = vi.fn()) {
  return renderWithProviders(
    <DelaysPage projectId={3} project={project} tasks={TASKS} onScheduleChanged={onScheduleChanged} />,
    { path: '/kanban/:projectId/delays', url: '/kanban/3/delays' },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('delaysByTask', () => {
  it('orders the delays as the board orders their tasks, then by date', () => {
    expect(delaysByTask(delayRegister.delays, TASKS).map((d) => d.id)).toEqual([1, 2]);
  });
});

describe('the delay form checks', () => {
  it('asks for a task and 1 to 365 working days', () => {
    const v = { task: '', days: '0', reason: 'weather' as const, note: '', recorded_on: '2026-03-01' };
    expect(validateDelay(v, null)).toEqual({
      task: ['Choose the task that was delayed.'],
      days: ['Enter the working days lost, a whole number from 1 to 365.'],
    });
    expect(validateDelay({ ...v, task: '11', days: '3' }, null)).toEqual({});
  });
  it('leaves a blank date to the server', () => {
    expect(delayPayload({ task: '11', days: '3', reason: 'weather', note: ' Rain ', recorded_on: '' })).toEqual({
      task: 11,
      days: 3,
      reason: 'weather',
      note: 'Rain',
    });
  });
});

describe('DelaysPage', () => {
  it('lists the delays by task and the totals by reason with their cost', async () => {
    stubServer(baseRoutes());
    renderPage();
    const table = await screen.findByTestId('delays-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Foundation', 'Framing']);
    expect(within(rows[0]).getByText('Weather')).toBeTruthy();
    expect(within(rows[0]).getByText('Rain')).toBeTruthy();
    const totals = screen.getByTestId('delay-totals');
    const weather = within(totals).getByRole('rowheader', { name: 'Weather' }).closest('tr')!;
    expect(
      within(weather)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '$1,400.00']);
    expect(screen.getByTestId('delay-total-days').textContent).toBe('5');
    expect(screen.getByTestId('delay-total-cost').textContent).toBe('$2,333.33');
  });

  it('records a delay and says so, and refreshes the schedule', async () => {
    const onChanged = vi.fn();
    const calls = stubServer({
      ...baseRoutes(),
      'POST /api/delays/': (body) => json(201, { id: 9, project: 3, note: '', ...(body as object) }),
    });
    renderPage(onChanged);
    fireEvent.click(await screen.findByRole('button', { name: 'Record a delay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a delay' });
    fireEvent.change(within(dialog).getByLabelText(/^Task/), { target: { value: '12' } });
    fireEvent.change(within(dialog).getByLabelText(/Working days lost/), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-04-10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record delay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.key === 'POST /api/delays/')?.body).toEqual({
      task: 12,
      days: 3,
      reason: 'weather',
      note: '',
      recorded_on: '2026-04-10',
    });
    expect(screen.getByText('Delay recorded: 3 working days on Framing (Weather).').getAttribute('role')).toBe(
      'status',
    );
    expect(onChanged).toHaveBeenCalled();
  });

  it("shows the server's messages beside the fields", async () => {
    stubServer({
      ...baseRoutes(),
      'POST /api/delays/': json(400, {
        error: 'validation_error',
        message: 'Invalid input',
        fields: { days: ['Days must be between 1 and 365 working days.'] },
      }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Record a delay' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Task/), { target: { value: '11' } });
    fireEvent.change(within(dialog).getByLabelText(/Working days lost/), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record delay' }));
    expect(await within(dialog).findByText('Days must be between 1 and 365 working days.')).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/Working days lost/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
  });

  it('deletes a delay after asking', async () => {
    const calls = stubServer({ ...baseRoutes(), 'DELETE /api/delays/1/': noContent() });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Delete the delay of 3 working days on Foundation/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete delay' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/delays/1/')).toBe(true));
  });

  it('opens Schedule settings here too, and saves them as one PATCH of the project', async () => {
    const onProjectChanged = vi.fn();
    const calls = stubServer({
      ...baseRoutes(),
      'PATCH /api/projects/3/': (body) => json(200, body),
    });
    renderWithProviders(
      <DelaysPage
        projectId={3}
        project={{ ...project, schedule: { work_week: ['mon'], non_working_days: [], monthly_carrying_cost: null } }}
        tasks={TASKS}
        onProjectChanged={onProjectChanged}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule settings' });
    fireEvent.change(within(dialog).getByLabelText('Monthly carrying cost'), { target: { value: '6000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(onProjectChanged).toHaveBeenCalled());
    expect(calls.find((c) => c.key === 'PATCH /api/projects/3/')?.body).toEqual({
      work_week: ['mon'],
      non_working_days: [],
      monthly_carrying_cost: 6000,
    });
  });

  it('shows a viewer (issue 35) the delays and their totals, and nothing to record, edit or share', async () => {
    stubServer(baseRoutes());
    renderWithProviders(
      <EditAccess value={false}>
        <DelaysPage
          projectId={3}
          project={{ ...project, schedule: { work_week: ['mon'], non_working_days: [], monthly_carrying_cost: null } }}
          tasks={TASKS}
        />
      </EditAccess>,
    );
    const table = await screen.findByTestId('delays-table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByTestId('delay-totals')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record a delay' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Schedule settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit the delay/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete the delay/ })).toBeNull();
    expect(screen.queryByTestId('calendar-feed')).toBeNull();
  });
});
