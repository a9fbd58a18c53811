import { formatIsoDay } from '../../lib/format';
import { localToday } from '../../lib/dates';
import { AgendaView } from './agenda-view';
import { varianceText } from './schedule-summary-api';
import { slipText } from './schedule-words';
import { TimelineChart } from './timeline-chart';
import { TimelineLegend } from './timeline-legend';
import { calendarOf, daysOfSchedule, scaleFor } from './timeline-layout';
import type { Dependency, IsoDay, LinkType, Schedule, TimelineTask, WorkCalendar } from './types';
import './timeline.css';
import './read-only-schedule.css';

/** A link as the wire has it: the document gives `type` as a string (the server sends FS, SS or FF). */
export type WireDependency = Omit<Dependency, 'type'> & { type: string };

export interface ReadOnlyScheduleProps {
  schedule: Schedule;
  links: readonly WireDependency[];
  /** The project's tasks (titles, status, durations). */
  tasks: readonly TimelineTask[];
  /** The project's work week and days off (the shaded days). */
  calendar?: WorkCalendar | null;
  /** Below NARROW_QUERY: the agenda instead of the chart. */
  narrow: boolean;
  /** Today (tests); default the browser's. */
  today?: IsoDay;
}

const linkTypeOf = (type: string): LinkType => (type === 'SS' || type === 'FF' ? type : 'FS');

/**
 * The planned finish and, when there is a baseline, the variance and what the slip costs, in the
 * words of the board's schedule summary (schedule-summary-panel.tsx), without its actions and
 * without its prompts to the owner (set a baseline, set a carrying cost).
 */
function Figures({ schedule: s }: { schedule: Schedule }) {
  if (s.finish === null) return null;
  const late = s.variance_days !== null && s.variance_days > 0;
  const slip = s.carrying_cost_of_slip === null ? null : slipText(s);
  return (
    <div className="ro-schedule-figures" data-testid="shared-schedule-summary">
      <p>
        Planned finish: <strong data-testid="shared-schedule-finish">{formatIsoDay(s.finish)}</strong>
      </p>
      {s.variance_days !== null && s.baseline_finish !== null && (
        <p className={late ? 'tl-late' : undefined} data-testid="shared-schedule-variance">
          {varianceText(s.variance_days)} against the baseline ({formatIsoDay(s.baseline_finish)}).
        </p>
      )}
      {slip && <p data-testid="shared-schedule-slip-cost">{slip}</p>}
    </div>
  );
}

/**
 * The share page's schedule (issue 33), read only: the figures, then the board's timeline chart
 * with nothing to drag, resize, link or open, or its agenda below NARROW_QUERY. Drawn from the
 * link's own answer (no request of its own: the share page has no login). Its own chunk, loaded by
 * src/app/routes/shared-project.tsx when the project has a scheduled task.
 */
export function ReadOnlySchedule({
  schedule,
  links,
  tasks,
  calendar,
  narrow,
  today: todayProp,
}: ReadOnlyScheduleProps) {
  const today = todayProp ?? localToday();
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const waiting = schedule.unscheduled.filter((id) => byId.has(id)).length;
  return (
    <div className="timeline ro-schedule" data-testid="shared-schedule-view">
      <div className="tl-top">
        <Figures schedule={schedule} />
        {!narrow && <TimelineLegend />}
      </div>
      {narrow ? (
        <AgendaView entries={schedule.tasks} tasks={tasks} today={today} level={3} />
      ) : (
        <TimelineChart
          readOnly
          entries={schedule.tasks}
          links={links.map((l) => ({ ...l, type: linkTypeOf(l.type) }))}
          tasks={byId}
          calendar={calendarOf(calendar)}
          scale={scaleFor(daysOfSchedule(schedule), today)}
          today={today}
        />
      )}
      {waiting > 0 && (
        <p className="hint" data-testid="shared-schedule-unscheduled">
          {waiting === 1 ? '1 task is' : `${waiting} tasks are`} not on the schedule yet (no duration).
        </p>
      )}
    </div>
  );
}
