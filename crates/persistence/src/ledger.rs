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
use buildledger_application::ports::{ChangeOrderRepository, OnTask, Rule, TaskPaymentRepository};
use buildledger_domain::bid::BidStatus;
use buildledger_domain::ledger::{
    committed_cents, ChangeOrder, ChangeOrderDetails, ChangeOrderStatus, Payment, PaymentDetails, PaymentMethod,
    SignedMoney,
};
use buildledger_domain::DomainError;
use buildledger_domain::Money;
use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::connection::{now, DbConnection};
use crate::db::Db;
use crate::projects::bump_version;
use crate::schema::{bids, change_orders, contractors, projects, task_payments, tasks};

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
pub(crate) fn refresh_task_money(conn: &mut DbConnection, task_id: i64, project_id: i64) -> Result<(), DieselError> {
    bump_version(conn, project_id)?;
    recompute_task_money(conn, task_id)
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
    let approved: Vec<i64> = change_orders::table
        .filter(change_orders::task_id.eq(task_id).and(change_orders::status.eq(ChangeOrderStatus::Approved.code())))
        .select(change_orders::amount_cents)
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
    let n: i64 = change_orders::table
        .filter(change_orders::task_id.eq(task_id).and(change_orders::status.eq(ChangeOrderStatus::Approved.code())))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// Whether the task has an awarded bid (an approved change order needs one: docs/money.md).
fn has_award(conn: &mut DbConnection, task_id: i64) -> Result<bool, DieselError> {
    let awards: i64 = bids::table
        .filter(bids::task_id.eq(task_id).and(bids::status.eq(BidStatus::Awarded.code())))
        .count()
        .get_result(conn)?;
    Ok(awards > 0)
}

/// The project of task `task_id` (NotFound when it is gone).
fn project_of_task(conn: &mut DbConnection, task_id: i64) -> Result<i64, DieselError> {
    tasks::table.find(task_id).select(tasks::project_id).first(conn)
}

// ----- payments -------------------------------------------------------------------------------

#[derive(Queryable, Selectable)]
#[diesel(table_name = task_payments)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct PaymentRow {
    id: i64,
    task_id: i64,
    project_id: i64,
    amount_cents: i64,
    paid_on: String,
    payee: String,
    contractor_id: Option<i64>,
    method: String,
    note: String,
    receipt_id: Option<i64>,
}

/// The columns a payment's details set, on creation and on every edit.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = task_payments, treat_none_as_null = true, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct PaymentChanges<'a> {
    amount_cents: i64,
    /// `YYYY-MM-DD`.
    paid_on: String,
    payee: &'a str,
    contractor_id: Option<i64>,
    method: &'static str,
    note: &'a str,
    receipt_id: Option<i64>,
    updated_at: NaiveDateTime,
}

impl<'a> PaymentChanges<'a> {
    fn new(d: &'a PaymentDetails, t: NaiveDateTime) -> Self {
        PaymentChanges {
            amount_cents: d.amount.cents(),
            paid_on: d.paid_on.to_string(),
            payee: &d.payee,
            contractor_id: d.contractor_id,
            method: d.method.code(),
            note: &d.note,
            receipt_id: d.receipt_id,
            updated_at: t,
        }
    }
}

/// A new payment's row.
#[derive(Insertable)]
#[diesel(table_name = task_payments)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewPaymentRow<'a> {
    task_id: i64,
    project_id: i64,
    #[diesel(embed)]
    details: PaymentChanges<'a>,
    created_at: NaiveDateTime,
}

fn into_payment((r, contractor_name): (PaymentRow, Option<String>)) -> Result<Payment, DieselError> {
    Ok(Payment {
        id: r.id,
        task_id: r.task_id,
        project_id: r.project_id,
        details: PaymentDetails {
            amount: money(r.amount_cents, "payment amount")?,
            paid_on: date(&r.paid_on)?,
            payee: r.payee,
            contractor_id: r.contractor_id,
            method: PaymentMethod::parse(&r.method).ok_or_else(|| corrupt("payment method"))?,
            note: r.note,
            receipt_id: r.receipt_id,
        },
        contractor_name,
    })
}

macro_rules! payments_with_names {
    () => {
        task_payments::table
            .left_join(contractors::table.on(contractors::id.nullable().eq(task_payments::contractor_id)))
    };
}

fn load_payment(conn: &mut DbConnection, id: i64) -> Result<Payment, DieselError> {
    let row = payments_with_names!()
        .filter(task_payments::id.eq(id))
        .select((PaymentRow::as_select(), contractors::name.nullable()))
        .first(conn)?;
    into_payment(row)
}

pub struct DieselTaskPaymentRepository {
    db: Db,
}

impl DieselTaskPaymentRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl TaskPaymentRepository for DieselTaskPaymentRepository {
    fn list_for_task(&self, task_id: i64) -> Result<Vec<Payment>, RepoError> {
        self.db.read(|conn| {
            payments_with_names!()
                .filter(task_payments::task_id.eq(task_id))
                .order((task_payments::paid_on, task_payments::id))
                .select((PaymentRow::as_select(), contractors::name.nullable()))
                .load(conn)?
                .into_iter()
                .map(into_payment)
                .collect()
        })
    }

    fn list_for_project(&self, project_id: i64) -> Result<Vec<(Payment, String)>, RepoError> {
        self.db.read(|conn| {
            let rows: Vec<(PaymentRow, Option<String>, String)> = payments_with_names!()
                .inner_join(tasks::table.on(tasks::id.eq(task_payments::task_id)))
                .filter(task_payments::project_id.eq(project_id))
                .order((task_payments::paid_on, task_payments::id))
                .select((PaymentRow::as_select(), contractors::name.nullable(), tasks::title))
                .load(conn)?;
            rows.into_iter().map(|(row, name, title)| Ok((into_payment((row, name))?, title))).collect()
        })
    }

    fn find_for_owner(&self, id: i64, owner_id: i64) -> Result<Option<Payment>, RepoError> {
        self.db.read(|conn| {
            let row = payments_with_names!()
                .inner_join(projects::table.on(projects::id.eq(task_payments::project_id)))
                .filter(task_payments::id.eq(id).and(projects::owner_id.eq(owner_id)))
                .select((PaymentRow::as_select(), contractors::name.nullable()))
                .first(conn)
                .optional()?;
            row.map(into_payment).transpose()
        })
    }

    fn create(&self, new: &OnTask<PaymentDetails>) -> Result<Payment, RepoError> {
        let new = new.clone();
        self.db.write_project(new.project_id, move |conn| {
            let project_id = project_of_task(conn, new.task_id)?; // still there?
            let (d, t) = (&new.details, now());
            let id: i64 = diesel::insert_into(task_payments::table)
                .values(NewPaymentRow {
                    task_id: new.task_id,
                    project_id,
                    details: PaymentChanges::new(d, t),
                    created_at: t,
                })
                .returning(task_payments::id)
                .get_result(conn)?;
            refresh_task_money(conn, new.task_id, project_id)?;
            load_payment(conn, id)
        })
    }

    fn update(&self, id: i64, change: Rule<Payment, PaymentDetails>) -> Result<Payment, RepoError> {
        self.db
            .write(move |conn| -> Guarded<Payment> {
                let project_id: i64 = task_payments::table.find(id).select(task_payments::project_id).first(conn)?;
                bump_version(conn, project_id)?; // the board's lock, then the payment as it is now
                let current = load_payment(conn, id)?;
                let d = match change(&current) {
                    Ok(d) => d,
                    Err(e) => return refused(e),
                };
                diesel::update(task_payments::table.find(id)).set(PaymentChanges::new(&d, now())).execute(conn)?;
                recompute_task_money(conn, current.task_id)?;
                load_payment(conn, id).map(Ok)
            })
            .and_then(|r| r)
    }

    fn delete(&self, id: i64) -> Result<(), RepoError> {
        self.db.write(move |conn| {
            let (task_id, project_id): (i64, i64) = task_payments::table
                .find(id)
                .select((task_payments::task_id, task_payments::project_id))
                .first(conn)?;
            bump_version(conn, project_id)?; // the board's lock first, as every ledger write
            diesel::delete(task_payments::table.find(id)).execute(conn)?;
            recompute_task_money(conn, task_id)
        })
    }
}

// ----- change orders --------------------------------------------------------------------------

#[derive(Queryable, Selectable)]
#[diesel(table_name = change_orders)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct ChangeOrderRow {
    id: i64,
    task_id: i64,
    project_id: i64,
    description: String,
    amount_cents: i64,
    status: String,
    change_date: String,
    contractor_id: Option<i64>,
    document_id: Option<i64>,
}

/// The columns a change order's details set, on creation and on every edit.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = change_orders, treat_none_as_null = true, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct ChangeOrderChanges<'a> {
    description: &'a str,
    amount_cents: i64,
    status: &'static str,
    /// `YYYY-MM-DD`.
    change_date: String,
    contractor_id: Option<i64>,
    document_id: Option<i64>,
    updated_at: NaiveDateTime,
}

impl<'a> ChangeOrderChanges<'a> {
    fn new(d: &'a ChangeOrderDetails, t: NaiveDateTime) -> Self {
        ChangeOrderChanges {
            description: &d.description,
            amount_cents: d.amount.cents(),
            status: d.status.code(),
            change_date: d.date.to_string(),
            contractor_id: d.contractor_id,
            document_id: d.document_id,
            updated_at: t,
        }
    }
}

/// A new change order's row.
#[derive(Insertable)]
#[diesel(table_name = change_orders)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewChangeOrderRow<'a> {
    task_id: i64,
    project_id: i64,
    #[diesel(embed)]
    details: ChangeOrderChanges<'a>,
    created_at: NaiveDateTime,
}

fn into_change_order((r, contractor_name): (ChangeOrderRow, Option<String>)) -> Result<ChangeOrder, DieselError> {
    Ok(ChangeOrder {
        id: r.id,
        task_id: r.task_id,
        project_id: r.project_id,
        details: ChangeOrderDetails {
            description: r.description,
            amount: SignedMoney::from_cents(r.amount_cents).ok_or_else(|| corrupt("change order amount"))?,
            status: ChangeOrderStatus::parse(&r.status).ok_or_else(|| corrupt("change order status"))?,
            date: date(&r.change_date)?,
            contractor_id: r.contractor_id,
            document_id: r.document_id,
        },
        contractor_name,
    })
}

macro_rules! change_orders_with_names {
    () => {
        change_orders::table
            .left_join(contractors::table.on(contractors::id.nullable().eq(change_orders::contractor_id)))
    };
}

fn load_change_order(conn: &mut DbConnection, id: i64) -> Result<ChangeOrder, DieselError> {
    let row = change_orders_with_names!()
        .filter(change_orders::id.eq(id))
        .select((ChangeOrderRow::as_select(), contractors::name.nullable()))
        .first(conn)?;
    into_change_order(row)
}

pub struct DieselChangeOrderRepository {
    db: Db,
}

impl DieselChangeOrderRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl ChangeOrderRepository for DieselChangeOrderRepository {
    fn list_for_task(&self, task_id: i64) -> Result<Vec<ChangeOrder>, RepoError> {
        self.db.read(|conn| {
            change_orders_with_names!()
                .filter(change_orders::task_id.eq(task_id))
                .order((change_orders::change_date, change_orders::id))
                .select((ChangeOrderRow::as_select(), contractors::name.nullable()))
                .load(conn)?
                .into_iter()
                .map(into_change_order)
                .collect()
        })
    }

    fn list_for_project(&self, project_id: i64) -> Result<Vec<(ChangeOrder, String)>, RepoError> {
        self.db.read(|conn| {
            let rows: Vec<(ChangeOrderRow, Option<String>, String)> = change_orders_with_names!()
                .inner_join(tasks::table.on(tasks::id.eq(change_orders::task_id)))
                .filter(change_orders::project_id.eq(project_id))
                .order((change_orders::change_date, change_orders::id))
                .select((ChangeOrderRow::as_select(), contractors::name.nullable(), tasks::title))
                .load(conn)?;
            rows.into_iter().map(|(row, name, title)| Ok((into_change_order((row, name))?, title))).collect()
        })
    }

    fn find_for_owner(&self, id: i64, owner_id: i64) -> Result<Option<ChangeOrder>, RepoError> {
        self.db.read(|conn| {
            let row = change_orders_with_names!()
                .inner_join(projects::table.on(projects::id.eq(change_orders::project_id)))
                .filter(change_orders::id.eq(id).and(projects::owner_id.eq(owner_id)))
                .select((ChangeOrderRow::as_select(), contractors::name.nullable()))
                .first(conn)
                .optional()?;
            row.map(into_change_order).transpose()
        })
    }

    fn create(&self, new: &OnTask<ChangeOrderDetails>) -> Result<ChangeOrder, RepoError> {
        let new = new.clone();
        self.db
            .write_project(new.project_id, move |conn| -> Guarded<ChangeOrder> {
                let project_id = project_of_task(conn, new.task_id)?;
                bump_version(conn, project_id)?; // the board's row lock, before the award check
                let d = &new.details;
                if let Err(e) = d.check_award(has_award(conn, new.task_id)?) {
                    return refused(e);
                }
                let t = now();
                let id: i64 = diesel::insert_into(change_orders::table)
                    .values(NewChangeOrderRow {
                        task_id: new.task_id,
                        project_id,
                        details: ChangeOrderChanges::new(d, t),
                        created_at: t,
                    })
                    .returning(change_orders::id)
                    .get_result(conn)?;
                recompute_task_money(conn, new.task_id)?;
                load_change_order(conn, id).map(Ok)
            })
            .and_then(|r| r)
    }

    fn update(&self, id: i64, change: Rule<ChangeOrder, ChangeOrderDetails>) -> Result<ChangeOrder, RepoError> {
        self.db
            .write(move |conn| -> Guarded<ChangeOrder> {
                let project_id: i64 = change_orders::table.find(id).select(change_orders::project_id).first(conn)?;
                bump_version(conn, project_id)?; // the board's lock, then the change order as it is now
                let current = load_change_order(conn, id)?;
                let task_id = current.task_id;
                let d = match change(&current) {
                    Ok(d) => d,
                    Err(e) => return refused(e),
                };
                if let Err(e) = d.check_award(has_award(conn, task_id)?) {
                    return refused(e);
                }
                diesel::update(change_orders::table.find(id)).set(ChangeOrderChanges::new(&d, now())).execute(conn)?;
                recompute_task_money(conn, task_id)?;
                load_change_order(conn, id).map(Ok)
            })
            .and_then(|r| r)
    }

    fn delete(&self, id: i64) -> Result<(), RepoError> {
        self.db.write(move |conn| {
            let (task_id, project_id): (i64, i64) = change_orders::table
                .find(id)
                .select((change_orders::task_id, change_orders::project_id))
                .first(conn)?;
            bump_version(conn, project_id)?; // the board's lock first, as every ledger write
            diesel::delete(change_orders::table.find(id)).execute(conn)?;
            recompute_task_money(conn, task_id)
        })
    }
}
