//! The money ledger (issue 19, docs/money.md): payments and change orders, and the helpers that
//! the lender draws (`draws.rs`) and the bids (`bids.rs`) share with them. Every write
//! recomputes what the board shows of a task's money (paid to date, approved change orders,
//! committed cost: [`recompute_task_money`]) or the project's drawn total, and bumps the
//! project's version in the same transaction, so the board read and the summary stay one query
//! and their ETags move with the ledger.
//!
//! A write whose rule depends on stored state (a use case's [`Rule`], or a rule of the domain
//! such as "a funded draw stays") takes the project's lock first ([`bump_version`]: its row lock
//! on PostgreSQL; on SQLite the one writer thread already runs writes one at a time), then reads
//! what the rule needs, checks it, and writes, all in one transaction ([`Guarded`]).

use buildledger_application::error::RepoError;
use buildledger_domain::bid::BidStatus;
use buildledger_domain::ledger::{committed_cents, ChangeOrderStatus};
use buildledger_domain::DomainError;
use buildledger_domain::Money;
use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::connection::DbConnection;
use crate::projects::bump_version;
mod change_orders;
mod payments;
mod waivers;

pub use change_orders::DieselChangeOrderRepository;
pub use payments::DieselTaskPaymentRepository;
pub use waivers::DieselLienWaiverRepository;

use crate::schema::{self, bids, task_payments, tasks};

pub(crate) fn corrupt(what: &str) -> DieselError {
    DieselError::DeserializationError(format!("invalid stored {what}").into())
}

pub(crate) fn date(raw: &str) -> Result<NaiveDate, DieselError> {
    NaiveDate::parse_from_str(raw, "%Y-%m-%d").map_err(|_| corrupt("date"))
}

pub(crate) fn money(cents: i64, what: &str) -> Result<Money, DieselError> {
    Money::from_cents(cents).ok_or_else(|| corrupt(what))
}

// Sums are taken in Rust: diesel types SUM(BIGINT) as NUMERIC on PostgreSQL, and a task has a
// handful of rows.

/// What the closure of a write with a rule returns: its value, or (inner `Err`) the rule's
/// refusal, `RepoError::Refused`. A refused write has written nothing but the lock it took (the
/// project's version bump) and commits that; `Db::write(..).and_then(|r| r)` gives the caller
/// either.
pub(crate) type Guarded<T> = Result<Result<T, RepoError>, DieselError>;

/// A rule's refusal, as the closure of the write returns it.
pub(crate) fn refused<T>(rule: DomainError) -> Guarded<T> {
    Ok(Err(RepoError::Refused(rule)))
}

/// Bumps the project's version and recomputes the task's money ([`recompute_task_money`]).
/// Returns the project's owner, who makes the change (the activity trail's actor).
pub(crate) fn refresh_task_money(conn: &mut DbConnection, task_id: i64, project_id: i64) -> Result<i64, DieselError> {
    let bumped = bump_version(conn, project_id)?;
    recompute_task_money(conn, task_id)?;
    Ok(bumped.owner_id)
}

/// What the board shows of a task's money and bids, as [`recompute_task_money`] writes it.
#[derive(AsChangeset)]
#[diesel(table_name = tasks, treat_none_as_null = true)]
struct TaskMoneyChanges {
    committed_cents: Option<i64>,
    bid_count: i32,
    lowest_bid_cents: Option<i64>,
    change_order_cents: i64,
    paid_cents: i64,
    payment_count: i32,
}

/// Recomputes what the board shows of a task's money and bids — bid count and lowest bid,
/// approved change orders, committed cost (award + approved change orders), paid to date and
/// payment count — from its rows, in the transaction that changed them (which has bumped its
/// project's version: the board's row lock on PostgreSQL), so the task row always matches them.
pub(crate) fn recompute_task_money(conn: &mut DbConnection, task_id: i64) -> Result<(), DieselError> {
    let all: Vec<(i64, String)> =
        bids::table.filter(bids::task_id.eq(task_id)).select((bids::amount_cents, bids::status)).load(conn)?;
    let award = all.iter().find(|(_, s)| s == BidStatus::Awarded.code()).map(|(a, _)| *a);
    let lowest = all.iter().map(|(a, _)| *a).min();
    let approved: Vec<i64> = schema::change_orders::table
        .filter(
            schema::change_orders::task_id
                .eq(task_id)
                .and(schema::change_orders::status.eq(ChangeOrderStatus::Approved.code())),
        )
        .select(schema::change_orders::amount_cents)
        .load(conn)?;
    let change_order_cents = approved.iter().fold(0i64, |s, a| s.saturating_add(*a));
    let paid: Vec<i64> = task_payments::table
        .filter(task_payments::task_id.eq(task_id))
        .select(task_payments::amount_cents)
        .load(conn)?;
    let paid_cents = paid.iter().fold(0i64, |s, a| s.saturating_add(*a));
    diesel::update(tasks::table.find(task_id))
        .set(TaskMoneyChanges {
            committed_cents: committed_cents(award, change_order_cents),
            bid_count: i32::try_from(all.len()).unwrap_or(i32::MAX),
            lowest_bid_cents: lowest,
            change_order_cents,
            paid_cents,
            payment_count: i32::try_from(paid.len()).unwrap_or(i32::MAX),
        })
        .execute(conn)?;
    Ok(())
}

/// Whether the task has approved change orders (an award under them stays: docs/money.md).
pub(crate) fn has_approved_change_orders(conn: &mut DbConnection, task_id: i64) -> Result<bool, DieselError> {
    let n: i64 = schema::change_orders::table
        .filter(
            schema::change_orders::task_id
                .eq(task_id)
                .and(schema::change_orders::status.eq(ChangeOrderStatus::Approved.code())),
        )
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// Whether the task has an awarded bid (an approved change order needs one: docs/money.md).
pub(super) fn has_award(conn: &mut DbConnection, task_id: i64) -> Result<bool, DieselError> {
    let awards: i64 = bids::table
        .filter(bids::task_id.eq(task_id).and(bids::status.eq(BidStatus::Awarded.code())))
        .count()
        .get_result(conn)?;
    Ok(awards > 0)
}

/// The project of task `task_id` (NotFound when it is gone).
pub(super) fn project_of_task(conn: &mut DbConnection, task_id: i64) -> Result<i64, DieselError> {
    tasks::table.find(task_id).select(tasks::project_id).first(conn)
}
