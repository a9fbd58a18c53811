import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AgendaView } from './agenda-view';
import { scheduleFixture } from './timeline-fixtures';
import type { ScheduledTask, TimelineTask } from './types';

const entry = (task: number, start: string, finish: string): ScheduledTask => ({
  ...scheduleFixture.tasks[3],
  task,
  start,
  finish,
});

describe('AgendaView', () => {
  it('folds the rest of a build that starts next month under Later, in order of start', () => {
    const tasks: TimelineTask[] = [
      { id: 1, title: 'Permit', status: 'To Do' },
      { id: 2, title: 'Foundation', status: 'To Do' },
      { id: 3, title: 'Framing', status: 'To Do' },
      { id: 4, title: 'Finishes', status: 'To Do' },
    ];
    const entries = [
      entry(4, '2027-09-06', '2027-10-01'),
      entry(1, '2026-12-07', '2026-12-08'), // in the next two weeks
      entry(3, '2027-02-01', '2027-03-05'),
      entry(2, '2027-01-04', '2027-01-29'),
    ];
    render(<AgendaView entries={entries} tasks={tasks} today="2026-11-25" />);
    const next = screen.getByRole('region', { name: /Next two weeks/ });
    expect(within(next).getByText('Permit')).toBeTruthy();
    const later = screen.getByTestId('agenda-later');
    expect(later.tagName).toBe('DETAILS');
    expect((later as HTMLDetailsElement).open).toBe(false);
    expect(within(later).getByText('Later (3 tasks)').tagName).toBe('SUMMARY');
    expect(
      within(later)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.agenda-title')?.textContent),
    ).toEqual(['Foundation', 'Framing', 'Finishes']);
  });

  it('says one task in the singular, and shows no fold when nothing starts later', () => {
    const tasks: TimelineTask[] = [{ id: 1, title: 'Roof', status: 'To Do' }];
    const { unmount } = render(
      <AgendaView entries={[entry(1, '2027-03-01', '2027-03-05')]} tasks={tasks} today="2026-11-25" />,
    );
    expect(screen.getByText('Later (1 task)')).toBeTruthy();
    unmount();
    render(<AgendaView entries={[entry(1, '2026-11-26', '2026-11-27')]} tasks={tasks} today="2026-11-25" />);
    expect(screen.queryByTestId('agenda-later')).toBeNull();
  });
});
