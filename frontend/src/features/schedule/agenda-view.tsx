import { agendaOf, type AgendaItem } from './timeline-agenda';
import { dayRange } from './timeline-layout';
import { TaskMarks } from './timeline-marks';
import type { IsoDay, ScheduledTask, TimelineTask } from './types';

interface Props {
  entries: readonly ScheduledTask[];
  tasks: readonly TimelineTask[];
  today: IsoDay;
  /** Opens a task (the board's form); without it (the share page) titles are plain text. */
  onOpen?: (taskId: number) => void;
  /** The sections' heading level: 2 on the board, 3 under the share page's Schedule heading. */
  level?: 2 | 3;
}

function Section({
  title,
  items,
  empty,
  onOpen,
  level,
}: {
  title: string;
  items: AgendaItem[];
  empty: string;
} & Pick<Props, 'onOpen' | 'level'>) {
  const id = `agenda-${title.toLowerCase().replace(/\s+/g, '-')}`;
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <section className="agenda-section" aria-labelledby={id}>
      <Heading id={id}>
        {title} <span className="agenda-count">({items.length})</span>
      </Heading>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="agenda-list">
          {items.map(({ task, entry }) => (
            <li key={task.id} className={`agenda-item${entry.critical ? ' is-critical' : ''}`}>
              {onOpen ? (
                <button type="button" className="agenda-title" onClick={() => onOpen(task.id)}>
                  {task.title}
                </button>
              ) : (
                <span className="agenda-title">{task.title}</span>
              )}
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
export function AgendaView({ entries, tasks, today, onOpen, level = 2 }: Props) {
  const agenda = agendaOf(entries, tasks, today);
  return (
    <div className="agenda" data-testid="schedule-agenda">
      <Section title="Late" items={agenda.late} empty="Nothing is late." onOpen={onOpen} level={level} />
      <Section
        title="This week"
        items={agenda.thisWeek}
        empty="Nothing runs this week."
        onOpen={onOpen}
        level={level}
      />
      <Section
        title="Next two weeks"
        items={agenda.nextTwoWeeks}
        empty="Nothing starts in the next two weeks."
        onOpen={onOpen}
        level={level}
      />
    </div>
  );
}
