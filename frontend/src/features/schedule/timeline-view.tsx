import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { useCanEdit } from '../../lib/edit-access';
import { formatIsoDay } from '../../lib/format';
import { localToday } from '../../lib/dates';
import { AgendaView } from './agenda-view';
import { scheduleKeys, useCreateDependency, useDependencies, usePatchTaskTiming, useSchedule } from './api';
import { TimelineChart } from './timeline-chart';
import { TimelineLegend } from './timeline-legend';
import { calendarOf, daysOfSchedule, scaleFor, type BarDates } from './timeline-layout';
import { TimelineUnscheduled } from './timeline-unscheduled';
import type { IsoDay, Schedule, TimelineTask, WorkCalendar } from './types';
import './timeline.css';

export interface TimelineViewProps {
  projectId: number;
  /** The board's tasks (titles, status, timing fields). */
  tasks: readonly TimelineTask[];
  /** The project's work week and days off (the bars' working days while dragged). */
  calendar?: WorkCalendar | null;
  /** Below NARROW_QUERY: the agenda instead of the chart. */
  narrow: boolean;
  onOpen: (taskId: number) => void;
  /** After a write: refreshes the board's tasks and money summary (src/app). */
  onChanged?: () => void;
  /** Today (tests); default the browser's. */
  today?: IsoDay;
}

/** What the schedule is computed from, of the board's tasks: a change elsewhere (the task form) moves it. */
const timingOf = (tasks: readonly TimelineTask[]) =>
  tasks
    .map((t) => [t.id, t.planned_start, t.duration_days, t.status, t.actual_start, t.actual_finish].join(' '))
    .join('|');

/**
 * Asks the schedule again when the board's tasks change their timing or status (a write in the
 * task form, another device's change seen by the board's refetch), not on the first render.
 */
function useFollowBoard(projectId: number, tasks: readonly TimelineTask[]) {
  const qc = useQueryClient();
  const timing = timingOf(tasks);
  const seen = useRef(timing);
  useEffect(() => {
    if (seen.current === timing) return;
    seen.current = timing;
    void qc.invalidateQueries({ queryKey: scheduleKeys.project(projectId) });
  }, [qc, projectId, timing]);
}

/**
 * The schedule's finish and its slip against the baseline, in one line; its dates as the schedule
 * summary, the share page and the baseline text write them (formatIsoDay), not the bars' "Oct 1".
 */
function FinishLine({ schedule }: { schedule: Schedule }) {
  if (!schedule.finish) return null;
  const v = schedule.variance_days;
  return (
    <p className="tl-finish" data-testid="timeline-finish">
      Finish <strong>{formatIsoDay(schedule.finish)}</strong>
      {schedule.baseline_finish && (
        <>
          {' '}
          · baseline {formatIsoDay(schedule.baseline_finish)}
          {v !== null && v !== 0 && (
            <span className={v > 0 ? 'tl-late' : 'tl-early'}>
              {' '}
              ({Math.abs(v)} working day{Math.abs(v) === 1 ? '' : 's'} {v > 0 ? 'late' : 'early'})
            </span>
          )}
        </>
      )}
    </p>
  );
}

/**
 * The board's Timeline view (issue 33): the project's schedule as bars on a day scale, with its
 * links, critical path, baseline, delays and inspections; the agenda on a narrow screen. Loaded as
 * its own chunk when the view is chosen (src/app/routes/board.tsx).
 */
export function TimelineView({
  projectId,
  tasks,
  calendar,
  narrow,
  onOpen,
  onChanged,
  today: todayProp,
}: TimelineViewProps) {
  // Issue 35: a viewer's timeline opens tasks and moves, resizes or links none.
  const canEdit = useCanEdit();
  const schedule = useSchedule(projectId);
  const links = useDependencies(projectId);
  const patch = usePatchTaskTiming(projectId, { onChanged });
  const link = useCreateDependency(projectId, { onChanged });
  const [pending, setPending] = useState<ReadonlyMap<number, BarDates>>(new Map());
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const today = todayProp ?? localToday();
  useFollowBoard(projectId, tasks);

  if (schedule.isPending) return <p className="muted">Loading the schedule…</p>;
  if (schedule.isError) {
    return (
      <div className="tl-error" role="alert">
        <p>The schedule could not be loaded: {schedule.error.message}</p>
        <button type="button" className="btn btn-sm" onClick={() => void schedule.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const data = schedule.data;
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const unscheduled = data.unscheduled.map((id) => byId.get(id)).filter((t) => t !== undefined);
  const cal = calendarOf(calendar);

  const show = (taskId: number, dates: BarDates | null) =>
    setPending((prev) => {
      const next = new Map(prev);
      if (dates) next.set(taskId, dates);
      else next.delete(taskId);
      return next;
    });
  const refused = (err: unknown, what: string) =>
    setNotice({ error: true, text: err instanceof ApiError ? err.message : `${what} could not be saved. Try again.` });

  const write = (taskId: number, body: { planned_start?: IsoDay; duration_days?: number }, shown: BarDates) => {
    setNotice(null);
    show(taskId, shown);
    patch.mutate(
      { taskId, patch: body },
      { onError: (err) => refused(err, 'The change'), onSettled: () => show(taskId, null) },
    );
  };

  const addLink = (predecessor: number, successor: number) => {
    setNotice(null);
    link.mutate(
      { predecessor, successor, type: 'FS', lag_days: 0 },
      {
        onSuccess: () =>
          setNotice({
            error: false,
            text: `Linked: ${byId.get(successor)?.title ?? 'the task'} now follows ${byId.get(predecessor)?.title ?? 'its predecessor'}.`,
          }),
        onError: (err) => refused(err, 'The link'),
      },
    );
  };

  const setDuration = (taskId: number, days: number) => patch.mutateAsync({ taskId, patch: { duration_days: days } });

  return (
    <div className="timeline" data-testid="timeline-view">
      <div className="tl-top">
        <FinishLine schedule={data} />
        {!narrow && <TimelineLegend />}
      </div>
      <p className="tl-notice tl-notice-error" role="alert" data-testid="timeline-error">
        {notice?.error ? notice.text : null}
      </p>
      <p className="tl-notice" role="status">
        {notice && !notice.error ? notice.text : null}
      </p>
      {data.tasks.length === 0 ? (
        <p className="muted">
          {canEdit
            ? 'No task has a duration yet: give one below to see it on the timeline.'
            : 'No task has a duration yet.'}
        </p>
      ) : narrow ? (
        <AgendaView entries={data.tasks} tasks={tasks} today={today} onOpen={onOpen} />
      ) : (
        <TimelineChart
          entries={data.tasks}
          links={links.data ?? []}
          tasks={byId}
          calendar={cal}
          scale={scaleFor(daysOfSchedule(data), today)}
          today={today}
          pending={pending}
          locked={!canEdit}
          onOpen={onOpen}
          onMove={(taskId, start, shown) => write(taskId, { planned_start: start }, shown)}
          onResize={(taskId, duration, shown) => write(taskId, { duration_days: duration }, shown)}
          onLink={addLink}
        />
      )}
      {canEdit && <TimelineUnscheduled tasks={unscheduled} onSetDuration={setDuration} />}
    </div>
  );
}
