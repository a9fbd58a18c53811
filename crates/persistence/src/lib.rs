//! BuildLedger persistence: diesel repositories over one connection type that is either
//! SQLite (embedded default) or PostgreSQL, plus the local-directory document store.

mod access;
mod activity;
mod bids;
mod checkpoint;
mod connection;
pub mod db;
mod documents;
mod draws;
mod effects;
mod ledger;
mod members;
pub mod memo;
mod migrations;
mod open;
mod projects;
mod queue;
mod reminders;
mod schedule;
pub mod schema;
mod sessions;
mod shares;
mod statements;
pub mod storage;
pub mod subscription;
mod tasks;
mod users;

pub use access::DieselProjectAccess;
pub use activity::DieselActivityRepository;
pub use bids::{DieselBidRepository, DieselContractorRepository};
pub use checkpoint::IDLE_BEFORE_TRUNCATE;
pub use connection::{Backend, DbConnection, DbError};
pub use db::Db;
pub use documents::DieselDocumentRepository;
pub use draws::DieselDrawRepository;
pub use ledger::{DieselChangeOrderRepository, DieselLienWaiverRepository, DieselTaskPaymentRepository};
pub use members::DieselMemberRepository;
pub use projects::DieselProjectRepository;
pub use reminders::DieselReminderRepository;
pub use schedule::{
    DieselCalendarFeedRepository, DieselDelayRepository, DieselDependencyRepository, DieselInspectionRepository,
    DieselScheduleRepository,
};
pub use sessions::{DieselPasswordResetRepository, DieselSessionRepository};
pub use shares::DieselShareRepository;
pub use storage::LocalDocumentStore;
pub use tasks::DieselTaskRepository;
pub use users::DieselUserRepository;
