// The agenda (below NARROW_QUERY, agenda-view.tsx): what is late, what runs this week, what
// starts in the two weeks after it and what starts later. Pure, unit-tested (timeline-agenda.test.ts).
import { dayNumber, weekdayOf } from './timeline-layout';
import type { IsoDay, ScheduledTask, TimelineTask } from './types';

export interface AgendaItem {
  task: TimelineTask;
  entry: ScheduledTask;
}

export interface Agenda {
  /** Its finish is before today and it is not done (not Paid, no actual finish). */
  late: AgendaItem[];
  /** Not late, not done, and runs on a day from today to Sunday. */
  thisWeek: AgendaItem[];
  /** Starts in the fourteen days after this week's Sunday. */
  nextTwoWeeks: AgendaItem[];
  /** Starts after those two weeks (the rest of the build). */
  later: AgendaItem[];
}

export const isDone = (task: TimelineTask) => task.status === 'Paid' || Boolean(task.actual_finish);

/** Each scheduled task in the first section it belongs to, in order of start (then finish). */
export function agendaOf(entries: readonly ScheduledTask[], tasks: readonly TimelineTask[], today: IsoDay): Agenda {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const now = dayNumber(today);
  const sunday = now + (6 - weekdayOf(now));
  const agenda: Agenda = { late: [], thisWeek: [], nextTwoWeeks: [], later: [] };
  const sorted = [...entries].sort(
    (a, b) => dayNumber(a.start) - dayNumber(b.start) || dayNumber(a.finish) - dayNumber(b.finish) || a.task - b.task,
  );
  for (const entry of sorted) {
    const task = byId.get(entry.task);
    if (!task || isDone(task)) continue;
    const start = dayNumber(entry.start);
    const finish = dayNumber(entry.finish);
    if (finish < now) agenda.late.push({ task, entry });
    else if (start <= sunday) agenda.thisWeek.push({ task, entry });
    else if (start <= sunday + 14) agenda.nextTwoWeeks.push({ task, entry });
    else agenda.later.push({ task, entry });
  }
  return agenda;
}
