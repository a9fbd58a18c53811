import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../testing/render';
import { boardKeys } from '../features/board/api';
import { ExportMenu } from '../features/board/components/export-menu';
import { ExportMenuExtras } from '../features/board/task-form-extras';
import type { Task } from '../features/board/types';
import { scheduleSettingsOf } from '../features/schedule/schedule-summary-api';
import { BoardSchedule, hasScheduledTask } from './board-schedule';

const exported = vi.hoisted(() => ({ csv: [] as number[] }));
vi.mock('../features/schedule/schedule-export', () => ({
  exportScheduleCsv: (id: number) => {
    exported.csv.push(id);
    return Promise.resolve();
  },
  exportSchedulePdf: () => Promise.resolve(),
}));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const task = (extra: Partial<Task>) => ({ id: 1, title: 'Footing', ...extra }) as Task;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('hasScheduledTask', () => {
  it('is true once a task has a planned start or a duration', () => {
    expect(hasScheduledTask([task({})])).toBe(false);
    expect(hasScheduledTask([task({ planned_start: null, duration_days: null })])).toBe(false);
    expect(hasScheduledTask([task({ duration_days: 0 })])).toBe(true);
    expect(hasScheduledTask([task({ planned_start: '2026-03-02' })])).toBe(true);
  });
});

describe('scheduleSettingsOf', () => {
  it('reads the calendar and carrying cost of the project JSON', () => {
    expect(scheduleSettingsOf({ id: 3, work_week: ['mon'], non_working_days: [], monthly_carrying_cost: 900 })).toEqual(
      {
        work_week: ['mon'],
        non_working_days: [],
        monthly_carrying_cost: 900,
      },
    );
    expect(scheduleSettingsOf({ id: 3 })).toEqual({
      work_week: null,
      non_working_days: null,
      monthly_carrying_cost: null,
    });
    expect(scheduleSettingsOf(undefined)).toBeNull();
  });
});

function renderSlot(tasks: Task[]) {
  const fetch = vi.fn((url: string) =>
    Promise.resolve(
      url === '/api/projects/3/schedule/'
        ? json({
            start: '2026-03-02',
            finish: '2026-05-29',
            baseline_finish: null,
            variance_days: null,
            slip_calendar_days: null,
            carrying_cost_of_slip: null,
            critical_path: [],
            unscheduled: [],
            tasks: [],
          })
        : json([]),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  const view = renderWithProviders(<BoardSchedule compact={false} />, {
    path: '/kanban/:projectId',
    url: '/kanban/3',
  });
  view.client.setQueryData(boardKeys.tasks(3), tasks);
  view.client.setQueryData(boardKeys.project(3), { id: 3, name: 'House' });
  return { fetch, ...view };
}

describe('BoardSchedule', () => {
  it('asks for the schedule only after an idle moment, and only with a scheduled task', async () => {
    const { fetch } = renderSlot([task({ planned_start: '2026-03-02', duration_days: 5 })]);
    // The first paint: the schedule's place kept, nothing asked.
    expect(await screen.findByTestId('schedule-pending')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    expect(await screen.findByTestId('schedule-summary', {}, { timeout: 3000 })).toBeTruthy();
    expect(fetch.mock.calls.map((c) => c[0])).toEqual(['/api/projects/3/schedule/']);
  });

  it('asks nothing for a board without dates', async () => {
    const { fetch } = renderSlot([task({})]);
    await new Promise((r) => setTimeout(r, 700));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByTestId('schedule-summary')).toBeNull();
    expect(screen.queryByTestId('schedule-pending')).toBeNull();
  });
});

describe("the board's Export menu", () => {
  it('offers the schedule exports composed by the app, after its own', async () => {
    const { scheduleExports } = await import('./board-schedule');
    renderWithProviders(
      <ExportMenuExtras value={scheduleExports}>
        <ExportMenu onCsv={() => {}} onPdf={() => {}} />
      </ExportMenuExtras>,
      { path: '/kanban/:projectId', url: '/kanban/3' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const items = screen.getAllByRole('menuitem').map((m) => m.textContent);
    expect(items).toEqual(['Export CSV', 'Export PDF', 'Export schedule CSV', 'Export schedule PDF']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Export schedule CSV' }));
    await waitFor(() => expect(exported.csv).toEqual([3]));
  });
});
