//! Working days: the project's work week minus its non-working days.
//!
//! Arithmetic is done on working-day indices (docs/schedule.md, "Working days"): every working day
//! maps to an integer, consecutive working days to consecutive integers, so adding working days is
//! an addition. The index is computed by whole weeks (a week holds as many working days as the work
//! week has days) and then by the non-working days (a binary search in their sorted list), never by
//! walking day by day, so long ranges cost the same as short ones. Dates outside chrono's range
//! saturate to its first or last date; nothing panics.

use std::collections::BTreeSet;

use chrono::{Datelike, NaiveDate, Weekday};

/// Wire codes of the week's days, Monday first.
pub const WEEKDAY_CODES: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
/// Most non-working days one project may list.
pub const NON_WORKING_DAYS_MAX: usize = 500;
/// A work week with no day in it.
pub const MSG_WORK_WEEK_EMPTY: &str = "Choose at least one working day.";

/// The days of the week work happens on; never empty. Default Monday to Friday.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WorkWeek(u8);

impl Default for WorkWeek {
    fn default() -> Self {
        WorkWeek(0b0001_1111)
    }
}

impl WorkWeek {
    /// From wire codes (`mon`..`sun`, any order, repeats ignored); `None` when a code is unknown or none is given.
    /// Codes are exact (lowercase, no spaces).
    pub fn parse(codes: &[String]) -> Option<Self> {
        let mut mask = 0u8;
        for code in codes {
            let bit = WEEKDAY_CODES.iter().position(|c| *c == code.as_str())?;
            mask |= 1 << bit;
        }
        (mask != 0).then_some(WorkWeek(mask))
    }
    /// Wire codes, Monday first.
    pub fn codes(self) -> Vec<&'static str> {
        WEEKDAY_CODES.iter().enumerate().filter(|(bit, _)| self.0 & (1 << bit) != 0).map(|(_, c)| *c).collect()
    }
    pub fn contains(self, day: Weekday) -> bool {
        self.0 & (1 << day.num_days_from_monday()) != 0
    }
    /// The mask, a default week in place of an empty one (which `parse` never builds).
    fn mask(self) -> u8 {
        if self.0 & 0x7f == 0 {
            WorkWeek::default().0
        } else {
            self.0 & 0x7f
        }
    }
}

/// The project's calendar.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct WorkCalendar {
    pub week: WorkWeek,
    pub non_working_days: BTreeSet<NaiveDate>,
}

impl WorkCalendar {
    pub fn new(week: WorkWeek, non_working_days: impl IntoIterator<Item = NaiveDate>) -> Self {
        Self { week, non_working_days: non_working_days.into_iter().collect() }
    }
    pub fn is_working(&self, day: NaiveDate) -> bool {
        WorkWeek(self.week.mask()).contains(day.weekday()) && !self.non_working_days.contains(&day)
    }
    /// `day` when it is a working day, else the next one.
    pub fn on_or_after(&self, day: NaiveDate) -> NaiveDate {
        if self.is_working(day) {
            return day;
        }
        let days = DayIndex::new(self);
        days.date(days.index_on_or_after(day))
    }
    /// From the working day `day`, `n` working days later (`n` < 0: earlier). `day` is first moved
    /// to a working day (on or after).
    pub fn add_working_days(&self, day: NaiveDate, n: i32) -> NaiveDate {
        let days = DayIndex::new(self);
        days.date(days.index_on_or_after(day).saturating_add(i64::from(n)))
    }
    /// The finish of a task of `duration` working days starting on `start` (day 1); a milestone (0) finishes on its start.
    /// A start on a non-working day counts from the next working day (a milestone still finishes on
    /// `start`); a negative duration counts as 0.
    pub fn finish_of(&self, start: NaiveDate, duration: i32) -> NaiveDate {
        if duration <= 0 {
            return start;
        }
        let days = DayIndex::new(self);
        days.date(days.index_on_or_after(start).saturating_add(i64::from(duration) - 1))
    }
    /// Working days from `from` to `to`: positive when `to` is later (`to` counted, `from` not), negative when earlier, 0 when the same day.
    pub fn working_days_between(&self, from: NaiveDate, to: NaiveDate) -> i32 {
        DayIndex::new(self).between(from, to)
    }
}

/// Working days as consecutive integers, for one calendar (built once per computation).
///
/// `index(day)` is the number of working days up to and including `day`, counted from an
/// arbitrary origin (0001-01-01, a Monday): a working day gets its own index, a non-working day the
/// index of the working day before it.
#[derive(Debug, Clone)]
pub(super) struct DayIndex {
    mask: u8,
    per_week: i64,
    /// Week ordinals (see `week_ordinal`) of the non-working days that fall in the work week, ascending.
    holidays: Vec<i64>,
    /// `holidays[i] - i`, non-decreasing: how many holidays come before a working-day index.
    shifted: Vec<i64>,
}

impl DayIndex {
    pub(super) fn new(calendar: &WorkCalendar) -> Self {
        let mask = calendar.week.mask();
        let mut days = DayIndex { mask, per_week: i64::from(mask.count_ones()), holidays: vec![], shifted: vec![] };
        let week = WorkWeek(mask);
        // The set is sorted and `week_ordinal` strictly increases over work-week days.
        days.holidays = calendar
            .non_working_days
            .iter()
            .filter(|d| week.contains(d.weekday()))
            .map(|d| days.week_ordinal(*d))
            .collect();
        days.shifted = days.holidays.iter().zip(0i64..).map(|(w, i)| w - i).collect();
        days
    }

    /// Days of the work week (holidays included) from the origin up to and including `day`.
    fn week_ordinal(&self, day: NaiveDate) -> i64 {
        let n = i64::from(day.num_days_from_ce()) - 1;
        let weeks = n.div_euclid(7);
        let in_week = n.rem_euclid(7);
        let upto = u32::from(self.mask) & ((2u32 << in_week) - 1);
        weeks * self.per_week + i64::from(upto.count_ones())
    }

    /// The work-week day whose `week_ordinal` is `ordinal`.
    fn day_of_week_ordinal(&self, ordinal: i64) -> NaiveDate {
        let week = (ordinal - 1).div_euclid(self.per_week);
        let mut rank = (ordinal - 1).rem_euclid(self.per_week);
        let mut offset = 0i64;
        for bit in 0..7 {
            if self.mask & (1 << bit) != 0 {
                if rank == 0 {
                    offset = bit;
                    break;
                }
                rank -= 1;
            }
        }
        let n = week.saturating_mul(7).saturating_add(offset);
        i32::try_from(n.saturating_add(1)).ok().and_then(NaiveDate::from_num_days_from_ce_opt).unwrap_or(if n < 0 {
            NaiveDate::MIN
        } else {
            NaiveDate::MAX
        })
    }

    /// Working days up to and including `day` (a non-working day: the index of the working day before it).
    pub(super) fn index(&self, day: NaiveDate) -> i64 {
        let w = self.week_ordinal(day);
        w - self.holidays.partition_point(|h| *h <= w) as i64
    }

    /// The index of `day` when it is a working day, else of the next working day.
    pub(super) fn index_on_or_after(&self, day: NaiveDate) -> i64 {
        let ix = self.index(day);
        if self.date(ix) == day {
            ix
        } else {
            ix + 1
        }
    }

    /// The working day of index `ix`.
    pub(super) fn date(&self, ix: i64) -> NaiveDate {
        let before = self.shifted.partition_point(|s| *s <= ix) as i64;
        self.day_of_week_ordinal(ix.saturating_add(before))
    }

    /// `WorkCalendar::working_days_between`, saturated to `i32`.
    pub(super) fn between(&self, from: NaiveDate, to: NaiveDate) -> i32 {
        let diff = self.index(to) - self.index(from);
        i32::try_from(diff).unwrap_or(if diff < 0 { i32::MIN } else { i32::MAX })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).expect("valid date")
    }
    fn codes(list: &[&str]) -> Vec<String> {
        list.iter().map(|c| (*c).to_owned()).collect()
    }
    /// Monday to Saturday, with 2026-12-24/25 and 2027-01-01 off.
    fn six_day_with_holidays() -> WorkCalendar {
        let week = WorkWeek::parse(&codes(&["mon", "tue", "wed", "thu", "fri", "sat"])).expect("week");
        WorkCalendar::new(week, [d(2026, 12, 24), d(2026, 12, 25), d(2027, 1, 1)])
    }

    #[test]
    fn the_origin_of_the_index_is_a_monday() {
        assert_eq!(d(1, 1, 1).weekday(), Weekday::Mon);
    }

    #[test]
    fn a_work_week_parses_codes_in_any_order_and_ignores_repeats() {
        let week = WorkWeek::parse(&codes(&["sat", "mon", "mon", "wed"])).expect("week");
        assert_eq!(week.codes(), vec!["mon", "wed", "sat"]);
        assert!(week.contains(Weekday::Sat));
        assert!(!week.contains(Weekday::Sun));
        assert_eq!(WorkWeek::default().codes(), vec!["mon", "tue", "wed", "thu", "fri"]);
    }

    #[test]
    fn a_work_week_without_days_or_with_an_unknown_code_is_refused() {
        assert_eq!(WorkWeek::parse(&[]), None);
        assert_eq!(WorkWeek::parse(&codes(&["mon", "funday"])), None);
        assert_eq!(WorkWeek::parse(&codes(&["Mon"])), None);
        assert_eq!(WorkWeek::parse(&codes(&[" mon"])), None);
    }

    #[test]
    fn weekends_and_listed_days_are_not_working_days() {
        let cal = WorkCalendar::new(WorkWeek::default(), [d(2026, 12, 25)]);
        assert!(cal.is_working(d(2026, 12, 24)));
        assert!(!cal.is_working(d(2026, 12, 25)));
        assert!(!cal.is_working(d(2026, 12, 26)));
        assert!(!cal.is_working(d(2026, 12, 27)));
        assert_eq!(cal.on_or_after(d(2026, 12, 25)), d(2026, 12, 28));
        assert_eq!(cal.on_or_after(d(2026, 12, 28)), d(2026, 12, 28));
    }

    #[test]
    fn adding_working_days_skips_weekends() {
        let cal = WorkCalendar::default();
        // Friday 2026-11-27 + 1 = Monday 11-30; + 5 = Friday 12-04; - 1 = Thursday.
        assert_eq!(cal.add_working_days(d(2026, 11, 27), 1), d(2026, 11, 30));
        assert_eq!(cal.add_working_days(d(2026, 11, 27), 5), d(2026, 12, 4));
        assert_eq!(cal.add_working_days(d(2026, 11, 27), -1), d(2026, 11, 26));
        assert_eq!(cal.add_working_days(d(2026, 11, 30), -1), d(2026, 11, 27));
        assert_eq!(cal.add_working_days(d(2026, 11, 27), 0), d(2026, 11, 27));
        // A Saturday first moves to Monday.
        assert_eq!(cal.add_working_days(d(2026, 11, 28), 0), d(2026, 11, 30));
        assert_eq!(cal.add_working_days(d(2026, 11, 28), 1), d(2026, 12, 1));
    }

    #[test]
    fn a_six_day_week_with_holidays_counts_saturdays_and_skips_the_holidays() {
        let cal = six_day_with_holidays();
        assert!(cal.is_working(d(2026, 12, 26)));
        assert!(!cal.is_working(d(2026, 12, 27)));
        // Wed 12-23 + 1 skips Thu 24 and Fri 25 (holidays) to Sat 26; + 2 skips Sunday to Mon 28.
        assert_eq!(cal.add_working_days(d(2026, 12, 23), 1), d(2026, 12, 26));
        assert_eq!(cal.add_working_days(d(2026, 12, 23), 2), d(2026, 12, 28));
        // Mon 12-28 .. Thu 12-31, Fri 01-01 off, Sat 01-02.
        assert_eq!(cal.add_working_days(d(2026, 12, 28), 4), d(2027, 1, 2));
        assert_eq!(cal.add_working_days(d(2027, 1, 2), -6), d(2026, 12, 23));
        assert_eq!(cal.finish_of(d(2026, 12, 23), 3), d(2026, 12, 28));
        assert_eq!(cal.working_days_between(d(2026, 12, 23), d(2027, 1, 2)), 6);
        assert_eq!(cal.working_days_between(d(2027, 1, 2), d(2026, 12, 23)), -6);
        assert_eq!(cal.on_or_after(d(2026, 12, 24)), d(2026, 12, 26));
    }

    #[test]
    fn a_task_finishes_on_its_last_working_day_and_a_milestone_on_its_start() {
        let cal = WorkCalendar::default();
        assert_eq!(cal.finish_of(d(2026, 11, 23), 3), d(2026, 11, 25));
        assert_eq!(cal.finish_of(d(2026, 11, 26), 3), d(2026, 11, 30));
        assert_eq!(cal.finish_of(d(2026, 11, 23), 1), d(2026, 11, 23));
        assert_eq!(cal.finish_of(d(2026, 11, 23), 0), d(2026, 11, 23));
        assert_eq!(cal.finish_of(d(2026, 11, 28), 0), d(2026, 11, 28));
        assert_eq!(cal.finish_of(d(2026, 11, 28), 1), d(2026, 11, 30));
        assert_eq!(cal.finish_of(d(2026, 11, 23), -4), d(2026, 11, 23));
    }

    #[test]
    fn working_days_between_counts_the_later_day_not_the_earlier() {
        let cal = WorkCalendar::default();
        assert_eq!(cal.working_days_between(d(2026, 11, 27), d(2026, 11, 27)), 0);
        assert_eq!(cal.working_days_between(d(2026, 11, 27), d(2026, 11, 30)), 1);
        assert_eq!(cal.working_days_between(d(2026, 11, 28), d(2026, 11, 29)), 0);
        assert_eq!(cal.working_days_between(d(2026, 11, 27), d(2026, 11, 29)), 0);
        assert_eq!(cal.working_days_between(d(2026, 11, 30), d(2026, 11, 27)), -1);
        assert_eq!(cal.working_days_between(d(2026, 1, 1), d(2027, 1, 1)), 261);
    }

    #[test]
    fn absurd_ranges_saturate_instead_of_panicking() {
        let cal = six_day_with_holidays();
        assert_eq!(cal.add_working_days(NaiveDate::MAX, 10), NaiveDate::MAX);
        assert_eq!(cal.add_working_days(NaiveDate::MIN, -10), NaiveDate::MIN);
        assert_eq!(cal.add_working_days(d(9999, 12, 31), i32::MAX), NaiveDate::MAX);
        assert_eq!(cal.add_working_days(d(1900, 1, 1), i32::MIN), NaiveDate::MIN);
        assert!(cal.working_days_between(NaiveDate::MIN, NaiveDate::MAX) > 0);
        let _ = cal.on_or_after(NaiveDate::MAX);
        let _ = cal.finish_of(NaiveDate::MAX, 1000);
    }

    /// Counting by walking day by day, the definition the index must agree with.
    fn walk(cal: &WorkCalendar, day: NaiveDate, n: i32) -> NaiveDate {
        let mut at = day;
        while !cal.is_working(at) {
            at = at.succ_opt().expect("in range");
        }
        let mut left = n;
        while left != 0 {
            at = if left > 0 { at.succ_opt() } else { at.pred_opt() }.expect("in range");
            if cal.is_working(at) {
                left -= left.signum();
            }
        }
        at
    }

    fn calendar_strategy() -> impl Strategy<Value = WorkCalendar> {
        (1u8..128, proptest::collection::vec(0i64..400, 0..60)).prop_map(|(mask, offsets)| {
            let base = d(2026, 1, 1);
            WorkCalendar {
                week: WorkWeek(mask),
                non_working_days: offsets.into_iter().map(|o| base + chrono::Duration::days(o)).collect(),
            }
        })
    }

    proptest! {
        #[test]
        fn index_arithmetic_agrees_with_walking(cal in calendar_strategy(), from in 0i64..400, n in -60i32..60) {
            let day = d(2026, 1, 1) + chrono::Duration::days(from);
            let expected = walk(&cal, day, n);
            prop_assert_eq!(cal.add_working_days(day, n), expected);
            let start = cal.on_or_after(day);
            prop_assert_eq!(cal.working_days_between(start, expected), n);
            prop_assert_eq!(cal.working_days_between(expected, start), -n);
            prop_assert!(cal.is_working(expected));
            if n >= 1 {
                prop_assert_eq!(cal.finish_of(day, n), walk(&cal, day, n - 1));
            }
        }

        #[test]
        fn between_counts_working_days_in_the_half_open_range(cal in calendar_strategy(), a in 0i64..200, b in 0i64..200) {
            let base = d(2026, 1, 1);
            let (from, to) = (base + chrono::Duration::days(a), base + chrono::Duration::days(b));
            let count = |lo: NaiveDate, hi: NaiveDate| {
                lo.iter_days().skip(1).take_while(|x| *x <= hi).filter(|x| cal.is_working(*x)).count() as i32
            };
            let expected = if to >= from { count(from, to) } else { -count(to, from) };
            prop_assert_eq!(cal.working_days_between(from, to), expected);
        }
    }
}
