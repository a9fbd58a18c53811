import { agendaOf, type AgendaItem } from './timeline-agenda';
import { dayRange } from './timeline-layout';
import { TaskMarks } from './timeline-marks';
import type { IsoDay, ScheduledTask, TimelineTask } from './types';

interface Props {
  entries: readonly ScheduledTask[];
  tasks: readonly TimelineTask[];
  today: IsoDay;
  onOpen: (taskId: number) => void;
}

function Section({
  title,
  items,
  empty,
  onOpen,
}: {
  title: string;
  items: AgendaItem[];
  empty: string;
  onOpen: Props['onOpen'];
}) {
  const id = `agenda-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section className="agenda-section" aria-labelledby={id}>
      <h2 id={id}>
        {title} <span className="agenda-count">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="agenda-list">
          {items.map(({ task, entry }) => (
            <li key={task.id} className={`agenda-item${entry.critical ? ' is-critical' : ''}`}>
              <button type="button" className="agenda-title" onClick={() => onOpen(task.id)}>
                {task.title}
              </button>
              <span className="agenda-dates">{dayRange(entry.start, entry.finish)}</span>
              <TaskMarks entry={entry} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The timeline on a narrow screen (below NARROW_QUERY), where a day scale cannot be read: what is
 * late, what runs this week and what starts in the next two weeks, with each task's dates and marks.
 */
export function AgendaView({ entries, tasks, today, onOpen }: Props) {
  const agenda = agendaOf(entries, tasks, today);
  return (
    <div className="agenda" data-testid="schedule-agenda">
      <Section title="Late" items={agenda.late} empty="Nothing is late." onOpen={onOpen} />
      <Section title="This week" items={agenda.thisWeek} empty="Nothing runs this week." onOpen={onOpen} />
      <Section
        title="Next two weeks"
        items={agenda.nextTwoWeeks}
        empty="Nothing starts in the next two weeks."
        onOpen={onOpen}
      />
    </div>
  );
}
