//! Time of a build (issue 33, docs/schedule.md): the project's working calendar, the links
//! between tasks, recorded delays, inspections, and the schedule computed from them (forward and
//! backward pass, float, critical path, variance against a baseline, the slip's carrying cost).
//!
//! Layout: `calendar` working-day arithmetic; `records` the stored things (links, delays,
//! inspections) and their parsing; `engine` the computation; `template` the default durations and
//! links of the standard task list. Every public item is re-exported here.

mod calendar;
mod engine;
mod fields;
mod records;
pub mod template;

pub use calendar::{WorkCalendar, WorkWeek, MSG_WORK_WEEK_EMPTY, NON_WORKING_DAYS_MAX, WEEKDAY_CODES};
pub use engine::{
    carrying_cost_of_slip_cents, compute, would_close_cycle, BaselineEntry, Schedule, ScheduleInput, ScheduledTask,
    TaskTiming,
};
pub use fields::{
    delay_cost_cents, delay_days, delay_reason, delay_totals, inspection_result, record_date, CarryingCost, DelayInput,
    DelayTotal, DelayTotals, InspectionInput, MSG_DELAY_DAYS,
};
pub use records::{
    parse_text, Delay, DelayDetails, DelayReason, Dependency, DependencyDetails, Inspection, InspectionDetails,
    InspectionResult, LinkType, DELAY_DAYS_MAX, DURATION_DAYS_MAX, INSPECTION_KIND_SUGGESTIONS, LAG_DAYS_MAX, NOTE_MAX,
    TEXT_MAX,
};
