import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTimelineDrag } from './timeline-drag';
import {
  arrowPath,
  barOf,
  chartWidth,
  dayNumber,
  daysOfScale,
  dayRange,
  finishOf,
  isoOf,
  movedDates,
  movedStart,
  offDaysOf,
  openingScrollLeft,
  resizedDuration,
  weeksOf,
  workingDaysBetween,
  xOf,
  type BarBox,
  type BarDates,
  type Calendar,
  type Scale,
} from './timeline-layout';
import { marksInWords, TaskMarks } from './timeline-marks';
import type { Dependency, IsoDay, ScheduledTask, TimelineTask } from './types';

// Hand-drawn (HTML bars over one SVG layer) rather than a library: 8.6 KB gzip (JS + CSS) against
// frappe-gantt's 15.1 KB and SVAR React Gantt's 100 KB; docs/schedule.md, "Timeline view: how it is drawn".

export const ROW_HEIGHT = 40;
export const HEADER_HEIGHT = 60;
const BAR_TOP = 8;
const BAR_HEIGHT = 20;
const BASELINE_TOP = 31;

interface ChartData {
  entries: readonly ScheduledTask[];
  links: readonly Dependency[];
  tasks: ReadonlyMap<number, TimelineTask>;
  calendar: Calendar;
  scale: Scale;
  today: IsoDay;
}

interface ChartEditing {
  readOnly?: false;
  /**
   * A viewer's timeline (issue 35): each bar still opens its task (read-only there), and nothing
   * moves: no drags, no end or link handles, no arrow keys or L.
   */
  locked?: boolean;
  /** Dates shown for bars whose change is on its way to the server. */
  pending: ReadonlyMap<number, BarDates>;
  onOpen: (taskId: number) => void;
  /** A bar moved: its new planned start, and the dates it shows until the schedule is back. */
  onMove: (taskId: number, plannedStart: IsoDay, shown: BarDates) => void;
  onResize: (taskId: number, duration: number, shown: BarDates) => void;
  onLink: (predecessor: number, successor: number) => void;
}

/**
 * `readOnly` (the share page): the same drawing with nothing to act on: bars are images with their
 * dates and marks in words (not buttons), no end or link handles, no drags, no keys.
 */
export type TimelineChartProps = ChartData & (ChartEditing | { readOnly: true });

const NOTHING_PENDING: ReadonlyMap<number, BarDates> = new Map();
const NO_DRAG = { onMove: () => {}, onResize: () => {}, onLink: () => {} };

const durationOf = (task: TimelineTask | undefined, entry: ScheduledTask, calendar: Calendar) =>
  task?.duration_days ?? workingDaysBetween(calendar, dayNumber(entry.start), dayNumber(entry.finish));

export function TimelineChart(props: TimelineChartProps) {
  const { entries, links, tasks, calendar, scale, today } = props;
  const readOnly = props.readOnly === true;
  const locked = !readOnly && props.locked === true;
  const { pending, onOpen, onMove, onResize, onLink } = props.readOnly
    ? { pending: NOTHING_PENDING, onOpen: () => {}, ...NO_DRAG }
    : props;
  const canvas = useRef<HTMLDivElement>(null);
  const helpId = useId();
  const [linkFrom, setLinkFrom] = useState<number | null>(null);
  const [said, say] = useState('');

  const entryOf = new Map(entries.map((e) => [e.task, e]));
  const titleOf = (id: number) => tasks.get(id)?.title ?? `Task ${id}`;
  /** "after Demolition and Foundation": the arrows in words, for a screen reader. */
  const afterOf = (id: number) => {
    const before = links
      .filter((l) => l.successor === id && entryOf.has(l.predecessor))
      .map((l) => titleOf(l.predecessor));
    return before.length === 0 ? [] : [`after ${before.join(' and ')}`];
  };

  const movePreview = (entry: ScheduledTask, dx: number): BarDates =>
    movedDates(
      calendar,
      movedStart(entry.start, dx, scale.dayWidth),
      durationOf(tasks.get(entry.task), entry, calendar),
    );
  const resizePreview = (entry: ScheduledTask, dx: number) => {
    const duration = resizedDuration(calendar, entry.start, entry.finish, dx, scale.dayWidth);
    return {
      duration,
      shown: { start: entry.start, finish: isoOf(finishOf(calendar, dayNumber(entry.start), duration)) },
    };
  };

  const drag = useTimelineDrag(canvas, {
    onMove: (taskId, dx) => {
      const entry = entryOf.get(taskId);
      if (!entry) return;
      const start = movedStart(entry.start, dx, scale.dayWidth);
      if (start !== entry.start) onMove(taskId, start, movePreview(entry, dx));
    },
    onResize: (taskId, dx) => {
      const entry = entryOf.get(taskId);
      if (!entry) return;
      const { duration, shown } = resizePreview(entry, dx);
      if (shown.finish !== entry.finish) onResize(taskId, duration, shown);
    },
    onLink,
  });
  const g = readOnly || locked ? null : drag.gesture;

  /** The dates a bar shows: being dragged, then waiting for the server, else the schedule's. */
  const shownDates = (entry: ScheduledTask): BarDates => {
    if (g && g.taskId === entry.task && g.kind === 'move') return movePreview(entry, g.dx);
    if (g && g.taskId === entry.task && g.kind === 'resize') return resizePreview(entry, g.dx).shown;
    return pending.get(entry.task) ?? entry;
  };

  const rows = entries.map((entry, i) => {
    const dates = shownDates(entry);
    const { x, width } = barOf(scale, dates.start, dates.finish);
    const top = HEADER_HEIGHT + i * ROW_HEIGHT;
    return { entry, dates, x, width, top, task: tasks.get(entry.task) };
  });
  const boxOf = new Map<number, BarBox>(
    rows.map((r) => [r.entry.task, { left: r.x, right: r.x + r.width, y: r.top + BAR_TOP + BAR_HEIGHT / 2 }]),
  );
  const draftFrom = g?.kind === 'link' ? boxOf.get(g.taskId) : undefined;
  const width = chartWidth(scale);
  const height = HEADER_HEIGHT + entries.length * ROW_HEIGHT;
  const todayX = xOf(scale, today) + scale.dayWidth / 2;
  const todayShown = todayX >= 0 && todayX <= width;

  // A long schedule opens, once, on this week when today is within it, else on its first or last
  // weeks (openingScrollLeft): a build starting next month does not open on an empty grid.
  const scroller = useRef<HTMLDivElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    const el = scroller.current;
    if (opened.current || !el) return;
    opened.current = true;
    if (el.scrollWidth > el.clientWidth) el.scrollLeft = openingScrollLeft(scale, entries, today, el.clientWidth);
  }, [scale, entries, today]);

  const keyDown = (entry: ScheduledTask) => (e: KeyboardEvent<HTMLButtonElement>) => {
    const task = tasks.get(entry.task);
    if (e.key === 'Escape' && linkFrom !== null) {
      setLinkFrom(null);
      say('Linking cancelled.');
      return;
    }
    if (e.key === 'l' || e.key === 'L' || (e.key === 'Enter' && linkFrom !== null)) {
      e.preventDefault();
      if (linkFrom === null) {
        setLinkFrom(entry.task);
        say(`Linking from ${titleOf(entry.task)}: move to the task that follows it and press L. Escape cancels.`);
      } else if (linkFrom === entry.task) {
        setLinkFrom(null);
        say('Linking cancelled.');
      } else {
        onLink(linkFrom, entry.task);
        setLinkFrom(null);
      }
      return;
    }
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const step = e.key === 'ArrowRight' ? 1 : -1;
    const dates = shownDates(entry);
    if (e.shiftKey) {
      const duration = Math.max(1, durationOf(task, entry, calendar) + step);
      const shown = { start: dates.start, finish: isoOf(finishOf(calendar, dayNumber(dates.start), duration)) };
      onResize(entry.task, duration, shown);
      say(`${titleOf(entry.task)}: ${duration} working days, finishes ${dayRange(shown.finish, shown.finish)}.`);
    } else {
      const start = isoOf(dayNumber(dates.start) + step);
      const shown = movedDates(calendar, start, durationOf(task, entry, calendar));
      onMove(entry.task, start, shown);
      say(`${titleOf(entry.task)}: starts ${dayRange(shown.start, shown.start)}.`);
    }
  };

  return (
    <div className={`tl-chart${readOnly ? ' is-read-only' : ''}`}>
      {!readOnly && !locked && (
        <>
          <p id={helpId} className="visually-hidden">
            Arrow keys move a task&apos;s start by a day; Shift with an arrow key changes its duration; L, then L on
            another task, links them; Enter opens the task.
          </p>
          <p className="visually-hidden" role="status">
            {said}
          </p>
        </>
      )}
      <div className="tl-names" style={{ height }}>
        <div className="tl-names-head" style={{ height: HEADER_HEIGHT }}>
          Task
        </div>
        {rows.map(({ entry, task }) => (
          <div
            key={entry.task}
            className={`tl-name${entry.critical ? ' is-critical' : ''}`}
            style={{ height: ROW_HEIGHT }}
          >
            <span className="tl-name-title">{task?.title ?? `Task ${entry.task}`}</span>
            <TaskMarks entry={entry} />
          </div>
        ))}
      </div>
      {/* Read only, nothing in the day scale takes the focus: the scroller does (a keyboard scrolls it). */}
      <div
        className="tl-scroll"
        ref={scroller}
        role={readOnly ? 'region' : undefined}
        aria-label={readOnly ? 'Timeline, by day' : undefined}
        tabIndex={readOnly ? 0 : undefined}
      >
        <div
          ref={canvas}
          className={`tl-canvas${g ? ` is-${g.kind}` : ''}`}
          style={{ width, height }}
          {...(readOnly || locked ? {} : drag.handlers)}
        >
          <svg className="tl-grid" width={width} height={height} aria-hidden="true" focusable="false">
            <defs>
              <marker
                id={`${helpId}-arrow`}
                viewBox="0 0 8 8"
                refX="7"
                refY="4"
                markerWidth="7"
                markerHeight="7"
                orient="auto"
              >
                <path d="M0 0L8 4L0 8z" className="tl-arrowhead" />
              </marker>
            </defs>
            {offDaysOf(scale, calendar).map((x) => (
              <rect
                key={x}
                x={x}
                y={HEADER_HEIGHT}
                width={scale.dayWidth}
                height={height - HEADER_HEIGHT}
                className="tl-off"
              />
            ))}
            {weeksOf(scale).map((w) => (
              <line key={w.day} x1={w.x} x2={w.x} y1={0} y2={height} className="tl-week-line" />
            ))}
            {rows.map((r) => {
              if (!r.entry.baseline_start || !r.entry.baseline_finish) return null;
              const b = barOf(scale, r.entry.baseline_start, r.entry.baseline_finish);
              return (
                <rect
                  key={r.entry.task}
                  className="tl-baseline"
                  x={b.x}
                  width={b.width}
                  y={r.top + BASELINE_TOP}
                  height={4}
                  rx={2}
                />
              );
            })}
            {links.map((link) => {
              const from = boxOf.get(link.predecessor);
              const to = boxOf.get(link.successor);
              if (!from || !to) return null;
              const critical = entryOf.get(link.predecessor)?.critical && entryOf.get(link.successor)?.critical;
              return (
                <path
                  key={link.id}
                  d={arrowPath(from, to, link.type, ROW_HEIGHT)}
                  className={`tl-arrow${critical ? ' is-critical' : ''}`}
                  markerEnd={`url(#${helpId}-arrow)`}
                  data-link={`${link.predecessor}-${link.successor}`}
                />
              );
            })}
            {draftFrom && g && (
              <line className="tl-link-draft" x1={draftFrom.right + 8} y1={draftFrom.y} x2={g.x} y2={g.y} />
            )}
            {todayShown && <line className="tl-today" x1={todayX} x2={todayX} y1={HEADER_HEIGHT - 6} y2={height} />}
          </svg>
          <div className="tl-head" style={{ height: HEADER_HEIGHT }} aria-hidden="true">
            {weeksOf(scale).map((w) => (
              <span key={w.day} className="tl-week" style={{ left: w.x, width: 7 * scale.dayWidth }}>
                Week of {w.label}
              </span>
            ))}
            {daysOfScale(scale).map((d) => (
              <span key={d.x} className="tl-day" style={{ left: d.x, width: scale.dayWidth }}>
                {d.date}
              </span>
            ))}
            {todayShown && (
              <span className="tl-today-label" style={{ left: todayX }}>
                Today
              </span>
            )}
          </div>
          {rows.map(({ entry, dates, x, width: w, top, task }) => {
            const duration = durationOf(task, entry, calendar);
            const words = [
              `${task?.title ?? `Task ${entry.task}`}: ${dayRange(dates.start, dates.finish)}`,
              duration === 0 ? 'milestone' : `${duration} working day${duration === 1 ? '' : 's'}`,
              ...afterOf(entry.task),
              ...marksInWords(entry),
            ];
            const over = g?.kind === 'link' && g.overId === entry.task;
            const dragging = g !== null && g.taskId === entry.task && g.kind !== 'link';
            return (
              <div
                key={entry.task}
                className={`tl-bar-wrap${entry.critical ? ' is-critical' : ''}${task?.status === 'Paid' ? ' is-done' : ''}${duration === 0 ? ' is-milestone' : ''}${over || linkFrom === entry.task ? ' is-link-target' : ''}`}
                style={{ left: x, top: top + BAR_TOP, width: w, height: BAR_HEIGHT }}
                data-task-id={entry.task}
              >
                {readOnly ? (
                  <span
                    className="tl-bar"
                    role="img"
                    data-testid={`timeline-bar-${entry.task}`}
                    aria-label={words.join(', ')}
                  />
                ) : locked ? (
                  <button
                    type="button"
                    className="tl-bar"
                    data-testid={`timeline-bar-${entry.task}`}
                    aria-label={words.join(', ')}
                    onClick={() => onOpen(entry.task)}
                  />
                ) : (
                  <>
                    <button
                      type="button"
                      className="tl-bar"
                      data-testid={`timeline-bar-${entry.task}`}
                      aria-label={words.join(', ')}
                      aria-describedby={helpId}
                      onPointerDown={drag.start('move', entry.task)}
                      onClick={() => {
                        if (!drag.wasDrag()) onOpen(entry.task);
                      }}
                      onKeyDown={keyDown(entry)}
                    />
                    <span
                      className="tl-resize"
                      aria-hidden="true"
                      data-testid={`timeline-resize-${entry.task}`}
                      onPointerDown={drag.start('resize', entry.task)}
                    />
                    {dragging && (
                      <span className="tl-drag-label" aria-hidden="true">
                        {dayRange(dates.start, dates.finish)}
                      </span>
                    )}
                    <span
                      className="tl-link-handle"
                      aria-hidden="true"
                      data-testid={`timeline-link-${entry.task}`}
                      onPointerDown={drag.start('link', entry.task)}
                    />
                  </>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
