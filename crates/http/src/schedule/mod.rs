//! The schedule's resources (issue 33, docs/schedule.md), one module each.

pub mod calendar_feed;
pub mod dependencies;
pub mod timeline;
