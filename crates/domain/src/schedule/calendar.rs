//! Working days: the project's work week minus its non-working days.

use std::collections::BTreeSet;

use chrono::{NaiveDate, Weekday};

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
    pub fn parse(codes: &[String]) -> Option<Self> {
        todo!("helper: {codes:?}")
    }
    /// Wire codes, Monday first.
    pub fn codes(self) -> Vec<&'static str> {
        todo!()
    }
    pub fn contains(self, day: Weekday) -> bool {
        todo!("{day}")
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
        todo!("{day}")
    }
    /// `day` when it is a working day, else the next one.
    pub fn on_or_after(&self, day: NaiveDate) -> NaiveDate {
        todo!("{day}")
    }
    /// From the working day `day`, `n` working days later (`n` < 0: earlier). `day` is first moved
    /// to a working day (on or after).
    pub fn add_working_days(&self, day: NaiveDate, n: i32) -> NaiveDate {
        todo!("{day} {n}")
    }
    /// The finish of a task of `duration` working days starting on `start` (day 1); a milestone (0) finishes on its start.
    pub fn finish_of(&self, start: NaiveDate, duration: i32) -> NaiveDate {
        todo!("{start} {duration}")
    }
    /// Working days from `from` to `to`: positive when `to` is later (`to` counted, `from` not), negative when earlier, 0 when the same day.
    pub fn working_days_between(&self, from: NaiveDate, to: NaiveDate) -> i32 {
        todo!("{from} {to}")
    }
}
