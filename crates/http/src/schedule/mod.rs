//! The schedule's resources (issue 33, docs/schedule.md), one module each: `delays` and
//! `inspections`. Behind the subscription gate; another user's project, task or record answers
//! 404.

pub mod calendar_feed;
pub mod delays;
pub mod dependencies;
pub mod inspections;
pub mod timeline;
