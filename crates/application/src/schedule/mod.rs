//! The schedule's use cases (issue 33, docs/schedule.md), one resource each; `ports` holds the
//! repository ports of the delays and inspections.

pub mod calendar_feed;
pub mod delays;
pub mod dependencies;
#[cfg(test)]
mod fixtures;
pub mod inspections;
pub mod ports;
pub mod timeline;
