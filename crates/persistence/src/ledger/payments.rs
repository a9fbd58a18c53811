//! Payments against a task: the repository, its rows and their conversion.

use buildledger_application::error::RepoError;
use buildledger_application::ports::{OnTask, Rule, TaskPaymentRepository};
use buildledger_domain::ids::{PaymentId, TypedId, UserId};
use buildledger_domain::ledger::{Payment, PaymentDetails, PaymentMethod, PaymentWaiverStatus};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use super::waivers::mark_waiver_status;
use super::{corrupt, date, money, project_of_task, recompute_task_money, refresh_task_money, refused, Guarded};
use crate::activity;
use crate::connection::{now, DbConnection};
use crate::db::Db;
use crate::projects::bump_version;
use crate::schema::{contractors, projects, task_payments, tasks};
use buildledger_domain::activity as trail;

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
        // Set from the project's waivers once the payments are read: mark_waiver_status.
        waiver_status: PaymentWaiverStatus::NotNeeded,
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
    let mut payment = into_payment(row)?;
    mark_waiver_status(conn, [&mut payment])?;
    Ok(payment)
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
            let mut payments = payments_with_names!()
                .filter(task_payments::task_id.eq(task_id))
                .order((task_payments::paid_on, task_payments::id))
                .select((PaymentRow::as_select(), contractors::name.nullable()))
                .load(conn)?
                .into_iter()
                .map(into_payment)
                .collect::<Result<Vec<_>, _>>()?;
            mark_waiver_status(conn, &mut payments)?;
            Ok(payments)
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
            let mut payments = rows
                .into_iter()
                .map(|(row, name, title)| Ok((into_payment((row, name))?, title)))
                .collect::<Result<Vec<_>, DieselError>>()?;
            mark_waiver_status(conn, payments.iter_mut().map(|(p, _)| p))?;
            Ok(payments)
        })
    }

    fn find_for_owner(&self, owner_id: UserId, id: PaymentId) -> Result<Option<Payment>, RepoError> {
        let (id, owner_id) = (id.get(), owner_id.get());
        self.db.read(|conn| {
            let row = payments_with_names!()
                .inner_join(projects::table.on(projects::id.eq(task_payments::project_id)))
                .filter(task_payments::id.eq(id).and(projects::owner_id.eq(owner_id)))
                .select((PaymentRow::as_select(), contractors::name.nullable()))
                .first(conn)
                .optional()?;
            let Some(mut payment) = row.map(into_payment).transpose()? else { return Ok(None) };
            mark_waiver_status(conn, [&mut payment])?;
            Ok(Some(payment))
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
            let actor = refresh_task_money(conn, new.task_id, project_id)?;
            let payment = load_payment(conn, id)?;
            let title = activity::task_title(conn, payment.task_id)?;
            activity::record(conn, project_id, actor, [trail::payment_created(&payment, &title)])?;
            Ok(payment)
        })
    }

    fn update(&self, id: i64, change: Rule<Payment, PaymentDetails>) -> Result<Payment, RepoError> {
        self.db
            .write(move |conn| -> Guarded<Payment> {
                let project_id: i64 = task_payments::table.find(id).select(task_payments::project_id).first(conn)?;
                let bumped = bump_version(conn, project_id)?; // the board's lock, then the payment as it is now
                let current = load_payment(conn, id)?;
                let d = match change(&current) {
                    Ok(d) => d,
                    Err(e) => return refused(e),
                };
                diesel::update(task_payments::table.find(id)).set(PaymentChanges::new(&d, now())).execute(conn)?;
                recompute_task_money(conn, current.task_id)?;
                let updated = load_payment(conn, id)?;
                let title = activity::task_title(conn, updated.task_id)?;
                activity::record(
                    conn,
                    project_id,
                    bumped.owner_id,
                    trail::payment_changed(&current, &updated, &title),
                )?;
                Ok(Ok(updated))
            })
            .and_then(|r| r)
    }

    fn delete(&self, id: i64) -> Result<(), RepoError> {
        self.db.write(move |conn| {
            let (task_id, project_id): (i64, i64) = task_payments::table
                .find(id)
                .select((task_payments::task_id, task_payments::project_id))
                .first(conn)?;
            let bumped = bump_version(conn, project_id)?; // the board's lock first, as every ledger write
            let gone = load_payment(conn, id)?;
            let title = activity::task_title(conn, task_id)?;
            activity::record(conn, project_id, bumped.owner_id, [trail::payment_deleted(&gone, &title)])?;
            diesel::delete(task_payments::table.find(id)).execute(conn)?;
            recompute_task_money(conn, task_id)
        })
    }
}
