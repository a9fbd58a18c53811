import type { Dependency, Schedule, ScheduledTask, TimelineTask } from './types';

// A five-task project seen on Wednesday 2026-11-25 (timeline tests): Demo, then Framing and
// Electrical side by side, then Drywall; Paint has no duration yet. Framing is delayed and has a
// baseline, Electrical waits for an inspection.

export const TODAY = '2026-11-25';

const entry = (task: number, start: string, finish: string, extra: Partial<ScheduledTask> = {}): ScheduledTask => ({
  task,
  start,
  finish,
  late_start: start,
  late_finish: finish,
  total_float: 0,
  critical: true,
  baseline_start: null,
  baseline_finish: null,
  variance_days: null,
  delay_days: 0,
  held_by_inspection: false,
  ...extra,
});

export const scheduleFixture: Schedule = {
  start: '2026-11-23',
  finish: '2026-12-04',
  baseline_finish: '2026-12-02',
  variance_days: 2,
  slip_calendar_days: 2,
  carrying_cost_of_slip: null,
  critical_path: [1, 2, 4],
  unscheduled: [5],
  tasks: [
    entry(1, '2026-11-23', '2026-11-24'),
    entry(2, '2026-11-25', '2026-12-01', {
      delay_days: 2,
      baseline_start: '2026-11-25',
      baseline_finish: '2026-11-27',
      variance_days: 2,
    }),
    entry(3, '2026-11-25', '2026-11-26', {
      critical: false,
      total_float: 3,
      late_start: '2026-11-30',
      late_finish: '2026-12-01',
      held_by_inspection: true,
    }),
    entry(4, '2026-12-02', '2026-12-04'),
  ],
};

export const tasksFixture: TimelineTask[] = [
  { id: 1, title: 'Demo', status: 'Paid', duration_days: 2, actual_finish: '2026-11-24' },
  { id: 2, title: 'Framing', status: 'In Progress', duration_days: 5 },
  { id: 3, title: 'Electrical', status: 'To Do', duration_days: 2 },
  { id: 4, title: 'Drywall', status: 'To Do', duration_days: 3 },
  { id: 5, title: 'Paint', status: 'To Do', duration_days: null },
];

const link = (id: number, predecessor: number, successor: number): Dependency => ({
  id,
  project: 1,
  predecessor,
  successor,
  type: 'FS',
  lag_days: 0,
});

export const linksFixture: Dependency[] = [link(1, 1, 2), link(2, 1, 3), link(3, 2, 4), link(4, 3, 4)];
