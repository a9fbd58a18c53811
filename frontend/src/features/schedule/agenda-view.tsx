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

function Items({ items, onOpen }: { items: AgendaItem[] } & Pick<Props, 'onOpen'>) {
  return (
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
  );
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
      {items.length === 0 ? <p className="muted">{empty}</p> : <Items items={items} onOpen={onOpen} />}
    </section>
  );
}

/**
 * The rest of the build (starts after the next two weeks), in order of start, folded so the screen
 * stays short: a build starting next month still shows its following months. Nothing when empty.
 */
function Later({ items, onOpen }: { items: AgendaItem[] } & Pick<Props, 'onOpen'>) {
  if (items.length === 0) return null;
  return (
    <details className="agenda-section agenda-later" data-testid="agenda-later">
      <summary>
        Later ({items.length} {items.length === 1 ? 'task' : 'tasks'})
      </summary>
      <Items items={items} onOpen={onOpen} />
    </details>
  );
}

/**
 * The timeline on a narrow screen (below NARROW_QUERY), where a day scale cannot be read: what is
 * late, what runs this week, what starts in the next two weeks and (folded) what starts later, with
 * each task's dates and marks. The planned finish is above it (the view's finish line, the share
 * page's figures), as above the chart.
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
      <Later items={agenda.later} onOpen={onOpen} />
    </div>
  );
}
