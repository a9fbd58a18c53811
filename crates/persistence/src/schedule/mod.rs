//! The schedule's repositories (issue 33, docs/schedule.md), one each.

mod calendar_feed;
mod dependencies;
mod timeline;

pub use calendar_feed::DieselCalendarFeedRepository;
pub use dependencies::DieselDependencyRepository;
pub use timeline::DieselScheduleRepository;
