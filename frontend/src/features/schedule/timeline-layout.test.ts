import { describe, expect, it } from 'vitest';
import {
  addDays,
  arrowPath,
  barOf,
  calendarOf,
  chartWidth,
  dayNumber,
  dayRange,
  daysOfDrag,
  daysOfScale,
  finishOf,
  isoOf,
  movedDates,
  movedStart,
  openingScrollLeft,
  resizedDuration,
  scaleFor,
  weekdayOf,
  weeksOf,
  workingDaysBetween,
  xOf,
} from './timeline-layout';

const weekdays = calendarOf(null);

describe('days', () => {
  it('counts calendar days without a time zone, Monday first', () => {
    expect(isoOf(dayNumber('2026-11-23'))).toBe('2026-11-23');
    expect(dayNumber('2026-12-01') - dayNumber('2026-11-23')).toBe(8);
    expect(weekdayOf(dayNumber('2026-11-23'))).toBe(0); // a Monday
    expect(weekdayOf(dayNumber('2026-11-29'))).toBe(6); // a Sunday
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(Number.isNaN(dayNumber('soon'))).toBe(true);
    expect(dayRange('2026-11-25', '2026-12-01')).toBe('Nov 25 – Dec 1');
    expect(dayRange('2026-11-25', '2026-11-25')).toBe('Nov 25');
  });

  it('follows the work week and the days off, as the server counts working days', () => {
    const wed = dayNumber('2026-11-25');
    expect(workingDaysBetween(weekdays, wed, dayNumber('2026-12-01'))).toBe(5); // Wed..Tue
    expect(isoOf(finishOf(weekdays, wed, 5))).toBe('2026-12-01');
    expect(isoOf(finishOf(weekdays, wed, 0))).toBe('2026-11-25'); // a milestone
    expect(isoOf(finishOf(weekdays, dayNumber('2026-11-28'), 1))).toBe('2026-11-30'); // Saturday: from Monday
    const withHoliday = calendarOf({
      work_week: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
      non_working_days: ['2026-11-26'],
    });
    expect(isoOf(finishOf(withHoliday, wed, 3))).toBe('2026-11-28'); // Wed, (Thu off), Fri, Sat
  });
});

describe('scale', () => {
  const scale = scaleFor(['2026-11-25', '2026-12-04'], '2026-11-20');

  it('starts on the Monday before the first day shown and leaves two weeks after the last', () => {
    expect(isoOf(scale.origin)).toBe('2026-11-16');
    expect(isoOf(scale.origin + scale.days)).toBe('2026-12-21');
    expect(chartWidth(scale)).toBe(35 * 24);
    expect(weeksOf(scale).map((w) => w.label)).toEqual(['Nov 16', 'Nov 23', 'Nov 30', 'Dec 7', 'Dec 14']);
    const days = daysOfScale(scale);
    expect(days).toHaveLength(35);
    expect(days[15]).toEqual({ x: 15 * 24, date: 1 }); // Dec 1
  });

  it('puts a day at its column and a bar over its first to its last day', () => {
    expect(xOf(scale, '2026-11-16')).toBe(0);
    expect(xOf(scale, '2026-11-25')).toBe(9 * 24);
    expect(barOf(scale, '2026-11-25', '2026-12-01')).toEqual({ x: 216, width: 7 * 24 });
    expect(barOf(scale, '2026-11-25', '2026-11-25').width).toBe(24); // one day (or a milestone)
  });
});

describe('where the chart opens', () => {
  const today = '2026-11-25'; // a Wednesday
  const open = (bars: { start: string; finish: string }[], view = 800) =>
    openingScrollLeft(
      scaleFor(
        bars.flatMap((b) => [b.start, b.finish]),
        today,
      ),
      bars,
      today,
      view,
    );

  it('opens on the week before today when today is within the schedule', () => {
    // From Monday Nov 2: today less a week (Nov 18) is 16 days in.
    expect(open([{ start: '2026-11-02', finish: '2026-12-31' }])).toBe(16 * 24);
  });

  it("opens on the first bar's week when the build starts after today, not on an empty grid", () => {
    // The scale starts on today's Monday (Nov 23); the first bar on Monday Dec 21, four weeks on.
    const bars = [
      { start: '2027-09-06', finish: '2027-10-01' },
      { start: '2026-12-23', finish: '2027-01-08' },
    ];
    expect(open(bars)).toBe(28 * 24);
  });

  it('opens on the last weeks when the schedule finished before today', () => {
    // From Monday Oct 5 to Dec 14 (70 days); the finish's week (Nov 2) and one more end the view.
    const bars = [{ start: '2026-10-05', finish: '2026-11-06' }];
    expect(open(bars)).toBe(6 * 7 * 24 - 800);
  });

  it('stays at the start when the chart fits, and never past its end', () => {
    expect(open([{ start: '2026-12-23', finish: '2027-01-08' }], 5000)).toBe(0);
    const bars = [{ start: '2026-12-21', finish: '2026-12-22' }];
    // Nov 23 to Jan 11 (the last week and two more): 49 days; the first bar (28 days in) is past the end.
    expect(open(bars, 49 * 24 - 100)).toBe(100);
    expect(open([])).toBe(0);
  });
});

describe('arrows', () => {
  const from = { left: 0, right: 48, y: 18 };

  it('go from the end of the predecessor to the start of the successor', () => {
    expect(arrowPath(from, { left: 96, right: 144, y: 58 }, 'FS', 40)).toBe('M48 18 H56 V58 H96');
  });

  it('turn back between the rows when the successor starts too early', () => {
    expect(arrowPath(from, { left: 24, right: 72, y: 58 }, 'FS', 40)).toBe('M48 18 H56 V38 H16 V58 H24');
    expect(arrowPath({ ...from, y: 58 }, { left: 24, right: 72, y: 18 }, 'FS', 40)).toBe('M48 58 H56 V38 H16 V18 H24');
  });

  it('join the starts (SS) or the ends (FF)', () => {
    expect(arrowPath(from, { left: 24, right: 96, y: 58 }, 'SS', 40)).toBe('M0 18 H-8 V58 H24');
    expect(arrowPath(from, { left: 24, right: 96, y: 58 }, 'FF', 40)).toBe('M48 18 H104 V58 H96');
  });
});

describe('drags', () => {
  it('snap to whole days', () => {
    expect(daysOfDrag(11, 24)).toBe(0);
    expect(daysOfDrag(13, 24)).toBe(1);
    expect(daysOfDrag(-37, 24)).toBe(-2);
    expect(daysOfDrag(-5, 24)).toBe(0); // never -0
    expect(movedStart('2026-11-25', 50, 24)).toBe('2026-11-27');
  });

  it('move a bar with its working days: a start on a weekend counts from Monday', () => {
    expect(movedDates(weekdays, '2026-11-28', 3)).toEqual({ start: '2026-11-30', finish: '2026-12-02' });
    expect(movedDates(weekdays, '2026-11-26', 3)).toEqual({ start: '2026-11-26', finish: '2026-11-30' });
  });

  it('turn the end dropped on a day into working days from the start (at least one)', () => {
    // Wed Nov 25 .. Tue Dec 1 (5 working days); three days later ends on Friday: 8.
    expect(resizedDuration(weekdays, '2026-11-25', '2026-12-01', 3 * 24, 24)).toBe(8);
    // Dropped on Saturday: still 8 (Saturday is not worked).
    expect(resizedDuration(weekdays, '2026-11-25', '2026-12-01', 4 * 24, 24)).toBe(8);
    expect(resizedDuration(weekdays, '2026-11-25', '2026-12-01', -20 * 24, 24)).toBe(1);
  });
});
