//! The schedule's use cases (issue 33, docs/schedule.md), one resource each.

pub mod calendar_feed;
pub mod dependencies;
pub mod timeline;
