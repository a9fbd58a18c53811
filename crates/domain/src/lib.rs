//! BuildLedger domain: entities, value objects and rules. No I/O, no frameworks.
//!
//! Every type that holds user input is parsed once at the edge (`parse`) and is valid by
//! construction afterwards.

pub mod activity;
pub mod bid;
pub mod board_order;
pub mod budget;
pub mod calibration;
pub mod cost;
pub mod document;
pub mod error;
pub mod ids;
pub mod known_cost;
pub mod ledger;
pub mod member;
pub mod messages;
pub mod money;
pub mod project;
pub mod reminder;
pub mod schedule;
pub mod share;
pub mod subscription;
pub mod task;
pub mod user;

pub use error::{DomainError, FieldErrors};
pub use money::Money;
