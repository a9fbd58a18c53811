//! The schedule's records (issue 33, docs/schedule.md), one repository each. Every write bumps
//! the project's version (the board's and the schedule's ETag; its row lock on PostgreSQL) before
//! it reads what it changes, in the transaction that writes.

mod calendar_feed;
mod delays;
mod dependencies;
mod inspections;
mod timeline;

pub use calendar_feed::DieselCalendarFeedRepository;
pub use delays::DieselDelayRepository;
pub use dependencies::DieselDependencyRepository;
pub use inspections::DieselInspectionRepository;
pub use timeline::DieselScheduleRepository;
