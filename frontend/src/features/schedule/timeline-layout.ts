// The timeline's geometry (timeline-chart.tsx): days as integers, a day scale in pixels, bars,
// link arrows and what a drag snaps to. Pure functions, unit-tested (timeline-layout.test.ts).
import type { IsoDay, LinkType, Schedule, WorkCalendar } from './types';

const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 (UTC; a calendar day has no time zone). NaN for a malformed day. */
export function dayNumber(iso: IsoDay): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / MS_PER_DAY;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

export function isoOf(day: number): IsoDay {
  const d = new Date(day * MS_PER_DAY);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

export const addDays = (iso: IsoDay, n: number): IsoDay => isoOf(dayNumber(iso) + n);

/** 0 for Monday .. 6 for Sunday (1970-01-01 was a Thursday). */
export const weekdayOf = (day: number) => (((day + 3) % 7) + 7) % 7;

export const mondayOnOrBefore = (day: number) => day - weekdayOf(day);

const WEEK_CODES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const DEFAULT_WEEK: readonly string[] = ['mon', 'tue', 'wed', 'thu', 'fri'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** "Nov 30" (English, as the rest of the app; no ICU start-up). */
export function shortDay(iso: IsoDay): string {
  const d = new Date(dayNumber(iso) * MS_PER_DAY);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

/** "Mon Nov 30". */
export const weekdayDay = (iso: IsoDay) => `${WEEKDAY_NAMES[weekdayOf(dayNumber(iso))]} ${shortDay(iso)}`;

/** "Nov 30 – Dec 4", or one day. */
export const dayRange = (start: IsoDay, finish: IsoDay) =>
  start === finish ? shortDay(start) : `${shortDay(start)} – ${shortDay(finish)}`;

/** Which days are worked: the project's work week (default Monday to Friday) less its non-working days. */
export interface Calendar {
  isWorking: (day: number) => boolean;
}

export function calendarOf(project: WorkCalendar | null | undefined): Calendar {
  const week = project?.work_week && project.work_week.length > 0 ? project.work_week : DEFAULT_WEEK;
  const worked = WEEK_CODES.map((c) => week.includes(c));
  const off = new Set((project?.non_working_days ?? []).map(dayNumber));
  return { isWorking: (day) => worked[weekdayOf(day)] && !off.has(day) };
}

/** Working days from `start` to `finish`, both counted (0 when `finish` is before `start`). */
export function workingDaysBetween(calendar: Calendar, start: number, finish: number): number {
  let n = 0;
  for (let d = start; d <= finish; d += 1) if (calendar.isWorking(d)) n += 1;
  return n;
}

/** `day` when worked, else the next working day (a week of searching at most a year). */
export function onOrAfter(calendar: Calendar, day: number): number {
  for (let d = day; d < day + 366; d += 1) if (calendar.isWorking(d)) return d;
  return day;
}

/**
 * The finish of `duration` working days from `start` (day 1), as the server counts it
 * (WorkCalendar::finish_of): a start on a non-working day counts from the next working day; a
 * milestone (0) finishes on its start.
 */
export function finishOf(calendar: Calendar, start: number, duration: number): number {
  if (duration <= 0) return start;
  let d = onOrAfter(calendar, start);
  for (let left = duration - 1; left > 0; left -= 1) d = onOrAfter(calendar, d + 1);
  return d;
}

/** The chart's day scale: day `origin` (a Monday) at x = 0, `days` columns of `dayWidth` px. */
export interface Scale {
  origin: number;
  days: number;
  dayWidth: number;
}

export const DAY_WIDTH = 24;

/**
 * A scale from the Monday on or before the earliest day shown (the project's start, a task's or
 * its baseline's dates, today) to two weeks after the last one (room to drag a bar later).
 */
export function scaleFor(days: readonly IsoDay[], today: IsoDay, dayWidth = DAY_WIDTH): Scale {
  const all = [...days, today].map(dayNumber).filter((d) => Number.isFinite(d));
  const first = Math.min(...all);
  const last = Math.max(...all);
  const origin = mondayOnOrBefore(first);
  const end = mondayOnOrBefore(last) + 7 + 14; // the end of the last week, then two more
  return { origin, days: end - origin, dayWidth };
}

/** The days a schedule's chart must show: the project's start and each task's (and baseline's) dates. */
export const daysOfSchedule = (s: Schedule): IsoDay[] => [
  s.start,
  ...s.tasks.flatMap((t) => [t.start, t.finish, t.baseline_start, t.baseline_finish].filter((d) => d !== null)),
];

/**
 * Where the chart opens (its scroller's scrollLeft, `viewWidth` px wide), for a schedule whose bars
 * are `bars`: with today within the bars' span, the week before today at the left edge; with today
 * before the first bar, that bar's week (not an empty grid); after the last finish, the last weeks
 * (the finish's week and one more at the right edge). Never past the chart's ends.
 */
export function openingScrollLeft(scale: Scale, bars: readonly BarDates[], today: IsoDay, viewWidth: number): number {
  const max = Math.max(0, chartWidth(scale) - viewWidth);
  const starts = bars.map((b) => dayNumber(b.start)).filter((d) => Number.isFinite(d));
  const finishes = bars.map((b) => dayNumber(b.finish)).filter((d) => Number.isFinite(d));
  const now = dayNumber(today);
  if (max === 0 || starts.length === 0 || finishes.length === 0 || !Number.isFinite(now)) return 0;
  const first = Math.min(...starts);
  const last = Math.max(...finishes);
  let day: number;
  if (now < first) day = mondayOnOrBefore(first);
  else if (now > last)
    return Math.min(max, Math.max(0, (mondayOnOrBefore(last) + 14 - scale.origin) * scale.dayWidth - viewWidth));
  else day = now - 7;
  return Math.min(max, Math.max(0, (day - scale.origin) * scale.dayWidth));
}

export const xOf = (scale: Scale, iso: IsoDay) => (dayNumber(iso) - scale.origin) * scale.dayWidth;
export const chartWidth = (scale: Scale) => scale.days * scale.dayWidth;

/** A bar covers its first and last day (finish inclusive); a milestone is a day wide. */
export function barOf(scale: Scale, start: IsoDay, finish: IsoDay): { x: number; width: number } {
  const x = xOf(scale, start);
  const days = Math.max(1, dayNumber(finish) - dayNumber(start) + 1);
  return { x, width: days * scale.dayWidth };
}

/** Each week's Monday: its x and label ("Nov 30"). */
export function weeksOf(scale: Scale): { x: number; day: IsoDay; label: string }[] {
  const weeks = [];
  for (let d = scale.origin; d < scale.origin + scale.days; d += 7) {
    const day = isoOf(d);
    weeks.push({ x: (d - scale.origin) * scale.dayWidth, day, label: shortDay(day) });
  }
  return weeks;
}

/** Each day's x and day of the month (the header's second row). */
export function daysOfScale(scale: Scale): { x: number; date: number }[] {
  const days = [];
  for (let i = 0; i < scale.days; i += 1) {
    days.push({ x: i * scale.dayWidth, date: new Date((scale.origin + i) * MS_PER_DAY).getUTCDate() });
  }
  return days;
}

/** The days of the scale that are not worked (shaded). */
export function offDaysOf(scale: Scale, calendar: Calendar): number[] {
  const xs = [];
  for (let i = 0; i < scale.days; i += 1) if (!calendar.isWorking(scale.origin + i)) xs.push(i * scale.dayWidth);
  return xs;
}

export const ARROW_GAP = 8;

/** A bar's box for the arrows: left and right x, the row's bar centre y. */
export interface BarBox {
  left: number;
  right: number;
  y: number;
}

/**
 * The arrow of a link, as an SVG path of straight segments from the predecessor to the successor:
 * FS leaves the predecessor's end and enters the successor's start, SS start to start, FF end to
 * end. When the successor starts too close (or before), the path turns back between the rows.
 */
export function arrowPath(from: BarBox, to: BarBox, type: LinkType, rowGap: number): string {
  const g = ARROW_GAP;
  if (type === 'SS') {
    const x = Math.min(from.left, to.left) - g;
    return `M${from.left} ${from.y} H${x} V${to.y} H${to.left}`;
  }
  if (type === 'FF') {
    const x = Math.max(from.right, to.right) + g;
    return `M${from.right} ${from.y} H${x} V${to.y} H${to.right}`;
  }
  if (to.left - from.right >= 2 * g) {
    const x = from.right + g;
    return `M${from.right} ${from.y} H${x} V${to.y} H${to.left}`;
  }
  // Back between the rows: down (or up) half a row, left to before the successor, then in.
  const between = from.y + (to.y >= from.y ? rowGap / 2 : -rowGap / 2);
  return `M${from.right} ${from.y} H${from.right + g} V${between} H${to.left - g} V${to.y} H${to.left}`;
}

/** Whole days a horizontal drag of `dx` px moves (snapped to the nearest day). */
export const daysOfDrag = (dx: number, dayWidth: number) => Math.round(dx / dayWidth) || 0;

/** A bar dragged by `dx` px: its new planned start. */
export const movedStart = (start: IsoDay, dx: number, dayWidth: number) => addDays(start, daysOfDrag(dx, dayWidth));

/**
 * A bar's end dragged by `dx` px: the new duration, the working days from its start to the day
 * the end is dropped on (at least one).
 */
export function resizedDuration(
  calendar: Calendar,
  start: IsoDay,
  finish: IsoDay,
  dx: number,
  dayWidth: number,
): number {
  const s = dayNumber(start);
  const f = Math.max(s, dayNumber(finish) + daysOfDrag(dx, dayWidth));
  return Math.max(1, workingDaysBetween(calendar, s, f));
}

/** The dates a bar shows while it is dragged (or its change is on its way to the server). */
export interface BarDates {
  start: IsoDay;
  finish: IsoDay;
}

/** A moved bar keeps its working days: the finish follows the calendar from the new start. */
export function movedDates(calendar: Calendar, start: IsoDay, duration: number): BarDates {
  const s = dayNumber(start);
  const first = duration > 0 ? onOrAfter(calendar, s) : s;
  return { start: isoOf(first), finish: isoOf(finishOf(calendar, s, duration)) };
}
