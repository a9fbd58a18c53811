//! BuildLedger application layer: use cases over ports.
//!
//! Ports are synchronous `Send + Sync` traits (diesel is synchronous); the HTTP adapter runs
//! use cases on a blocking thread pool. Adapters are chosen only in the binary crate.

pub mod access;
pub mod accounts;
pub mod activity;
pub mod bids;
pub mod calibration;
pub mod documents;
pub mod error;
pub mod ledger;
pub mod members;
pub mod ports;
pub mod projects;
pub mod reminders;
pub mod schedule;
pub mod shares;
pub mod subscription;
pub mod summary;
pub mod tasks;

pub use error::{RepoError, UseCaseError};
