//! The schedule: forward pass (earliest dates), backward pass (latest dates, float), critical
//! path, variance against a baseline and the slip's carrying cost. docs/schedule.md.

use std::collections::HashMap;

use chrono::NaiveDate;

use super::calendar::WorkCalendar;
use super::records::{Dependency, InspectionResult};

/// A task's timing fields (from the task row).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TaskTiming {
    pub task: i64,
    /// Working days; `None`: the task is not scheduled.
    pub duration_days: Option<i32>,
    /// Start no earlier than.
    pub planned_start: Option<NaiveDate>,
    pub actual_start: Option<NaiveDate>,
    pub actual_finish: Option<NaiveDate>,
}

/// One task's dates in a baseline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BaselineEntry {
    pub task: i64,
    pub start: NaiveDate,
    pub finish: NaiveDate,
}

/// Everything the schedule is computed from: one read of the board and its links.
#[derive(Debug, Clone, Default)]
pub struct ScheduleInput {
    /// The project's start date.
    pub start: NaiveDate,
    pub calendar: WorkCalendar,
    pub tasks: Vec<TaskTiming>,
    pub links: Vec<Dependency>,
    /// (task, working days) of each recorded delay.
    pub delays: Vec<(i64, i32)>,
    /// (task, scheduled on, result) of each inspection.
    pub inspections: Vec<(i64, NaiveDate, InspectionResult)>,
    /// The baseline's entries, empty without one.
    pub baseline: Vec<BaselineEntry>,
    /// Today, for a failed inspection's hold.
    pub today: NaiveDate,
    /// The project's monthly carrying cost in cents, when set.
    pub monthly_carrying_cost_cents: Option<i64>,
}

/// One scheduled task's computed dates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScheduledTask {
    pub task: i64,
    pub start: NaiveDate,
    pub finish: NaiveDate,
    pub late_start: NaiveDate,
    pub late_finish: NaiveDate,
    /// Working days.
    pub total_float: i32,
    pub critical: bool,
    pub baseline_start: Option<NaiveDate>,
    pub baseline_finish: Option<NaiveDate>,
    /// Working days from its baseline finish to its finish (positive: late).
    pub variance_days: Option<i32>,
    /// Sum of its recorded delays, working days.
    pub delay_days: i32,
    /// Its inspections hold its successors (a pending one after its finish, or a failure not yet passed).
    pub held_by_inspection: bool,
}

/// The computed schedule of a project.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Schedule {
    pub start: NaiveDate,
    /// The latest finish of a scheduled task; `None` when none is scheduled.
    pub finish: Option<NaiveDate>,
    pub baseline_finish: Option<NaiveDate>,
    /// Working days from the baseline finish to the finish.
    pub variance_days: Option<i32>,
    /// Calendar days from the baseline finish to the finish.
    pub slip_calendar_days: Option<i64>,
    /// Cents: slip calendar days (when positive) x monthly carrying cost / 30, rounded half up.
    pub carrying_cost_of_slip_cents: Option<i64>,
    /// Critical tasks' ids in order of start.
    pub critical_path: Vec<i64>,
    /// Tasks without a duration.
    pub unscheduled: Vec<i64>,
    /// Scheduled tasks in order of start (then finish, then id).
    pub tasks: Vec<ScheduledTask>,
}

/// Computes the schedule. Links touching an unscheduled task, and links left in a cycle (never
/// stored: `would_close_cycle` refuses them), are ignored.
pub fn compute(input: &ScheduleInput) -> Schedule {
    let _ = HashMap::<i64, i64>::new();
    todo!("helper: {:?}", input.start)
}

/// Whether adding `predecessor -> successor` to `links` would close a cycle (or links a task to itself).
pub fn would_close_cycle(links: &[Dependency], predecessor: i64, successor: i64) -> bool {
    todo!("helper: {} {predecessor} {successor}", links.len())
}

/// Cents: `slip_calendar_days` (when positive) x `monthly_cents` / 30, rounded half up; 0 for no slip.
pub fn carrying_cost_of_slip_cents(slip_calendar_days: i64, monthly_cents: i64) -> i64 {
    todo!("helper: {slip_calendar_days} {monthly_cents}")
}
