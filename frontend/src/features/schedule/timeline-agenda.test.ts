import { describe, expect, it } from 'vitest';
import { agendaOf } from './timeline-agenda';
import { scheduleFixture, tasksFixture } from './timeline-fixtures';
import type { ScheduledTask } from './types';

const titles = (items: { task: { title: string } }[]) => items.map((i) => i.task.title);

describe('agendaOf', () => {
  it('puts each open task in the first section it belongs to', () => {
    const extra: ScheduledTask[] = [
      { ...scheduleFixture.tasks[3], task: 6, start: '2026-12-11', finish: '2026-12-14' }, // the Friday after next
      { ...scheduleFixture.tasks[3], task: 7, start: '2026-12-14', finish: '2026-12-15' }, // a day too late
      { ...scheduleFixture.tasks[3], task: 8, start: '2026-11-16', finish: '2026-11-20' }, // finished last week
    ];
    const tasks = [
      ...tasksFixture,
      { id: 6, title: 'Trim', status: 'To Do' },
      { id: 7, title: 'Floors', status: 'To Do' },
      { id: 8, title: 'Permit', status: 'In Progress' },
    ];
    const agenda = agendaOf([...scheduleFixture.tasks, ...extra], tasks, '2026-11-25');
    expect(titles(agenda.late)).toEqual(['Permit']);
    // Demo (Paid) is done; Framing runs over the weekend, Electrical this week.
    expect(titles(agenda.thisWeek)).toEqual(['Electrical', 'Framing']);
    expect(titles(agenda.nextTwoWeeks)).toEqual(['Drywall', 'Trim']);
    expect(titles(agenda.later)).toEqual(['Floors']);
  });

  it('keeps the rest of a build that starts next month under Later, in order of start', () => {
    const later = (task: number, start: string, finish: string): ScheduledTask => ({
      ...scheduleFixture.tasks[3],
      task,
      start,
      finish,
    });
    const entries = [
      later(4, '2027-09-06', '2027-10-01'),
      later(2, '2026-12-21', '2027-01-08'),
      later(3, '2027-02-01', '2027-03-05'),
      later(1, '2026-12-28', '2026-12-29'),
    ];
    const agenda = agendaOf(
      entries,
      tasksFixture.map((t) => ({ ...t, status: 'To Do', actual_finish: null })),
      '2026-11-25',
    );
    expect(agenda.late).toEqual([]);
    expect(agenda.thisWeek).toEqual([]);
    expect(agenda.nextTwoWeeks).toEqual([]);
    expect(titles(agenda.later)).toEqual(['Framing', 'Demo', 'Electrical', 'Drywall']);
  });

  it('counts a task with an actual finish as done, whatever its status', () => {
    const tasks = tasksFixture.map((t) => (t.id === 3 ? { ...t, actual_finish: '2026-11-24' } : t));
    expect(titles(agendaOf(scheduleFixture.tasks, tasks, '2026-11-30').late)).toEqual([]);
    expect(titles(agendaOf(scheduleFixture.tasks, tasksFixture, '2026-11-30').late)).toEqual(['Electrical']);
  });
});
