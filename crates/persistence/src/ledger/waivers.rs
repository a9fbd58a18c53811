//! Lien waivers (issue 34, docs/money.md): the repository, its rows and their conversion, and
//! what the payments' waiver status reads of the project ([`waiver_basis`]).

use buildledger_application::error::RepoError;
use buildledger_application::ports::{LienWaiverRepository, Rule};
use buildledger_domain::ids::{LienWaiverId, TypedId, UserId};
use buildledger_domain::ledger::{
    waiver_status, LienWaiver, LienWaiverDetails, Payment, WaiverCover, WaiverKind, WaiverPayment, WaiverState,
};
use buildledger_domain::DomainError;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use super::{corrupt, date, money, refused, Guarded};
use crate::activity;
use crate::bids::lock_contractor;
use crate::connection::{now, DbConnection};
use crate::db::Db;
use crate::projects::bump_version;
use crate::schema::{contractors, documents, lien_waivers, projects, task_payments};
use buildledger_domain::activity as trail;

#[derive(Queryable, Selectable)]
#[diesel(table_name = lien_waivers)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct WaiverRow {
    id: i64,
    project_id: i64,
    contractor_id: i64,
    payment_id: Option<i64>,
    kind: String,
    amount_cents: i64,
    through_date: Option<String>,
    status: String,
    received_on: Option<String>,
    document_id: Option<i64>,
}

/// The columns a waiver's details set, on creation and on every edit.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = lien_waivers, treat_none_as_null = true, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct WaiverChanges {
    contractor_id: i64,
    payment_id: Option<i64>,
    kind: &'static str,
    amount_cents: i64,
    /// `YYYY-MM-DD`.
    through_date: Option<String>,
    status: &'static str,
    received_on: Option<String>,
    document_id: Option<i64>,
    updated_at: NaiveDateTime,
}

impl WaiverChanges {
    fn new(d: &LienWaiverDetails, t: NaiveDateTime) -> Self {
        WaiverChanges {
            contractor_id: d.contractor_id,
            payment_id: d.payment_id,
            kind: d.kind.code(),
            amount_cents: d.amount.cents(),
            through_date: d.through_date.map(|d| d.to_string()),
            status: d.status.code(),
            received_on: d.received_on.map(|d| d.to_string()),
            document_id: d.document_id,
            updated_at: t,
        }
    }
}

#[derive(Insertable)]
#[diesel(table_name = lien_waivers)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewWaiverRow {
    project_id: i64,
    #[diesel(embed)]
    details: WaiverChanges,
    created_at: NaiveDateTime,
}

fn optional_date(raw: Option<String>) -> Result<Option<chrono::NaiveDate>, DieselError> {
    raw.as_deref().map(date).transpose()
}

fn kind(raw: &str) -> Result<WaiverKind, DieselError> {
    WaiverKind::parse(raw).ok_or_else(|| corrupt("waiver kind"))
}

fn state(raw: &str) -> Result<WaiverState, DieselError> {
    WaiverState::parse(raw).ok_or_else(|| corrupt("waiver status"))
}

fn into_waiver(
    (r, contractor_name, document_name): (WaiverRow, String, Option<String>),
) -> Result<LienWaiver, DieselError> {
    Ok(LienWaiver {
        id: r.id,
        project_id: r.project_id,
        details: LienWaiverDetails {
            contractor_id: r.contractor_id,
            payment_id: r.payment_id,
            kind: kind(&r.kind)?,
            amount: money(r.amount_cents, "waiver amount")?,
            through_date: optional_date(r.through_date)?,
            status: state(&r.status)?,
            received_on: optional_date(r.received_on)?,
            document_id: r.document_id,
        },
        contractor_name,
        document_name,
    })
}

macro_rules! waivers_with_names {
    () => {
        lien_waivers::table
            .inner_join(contractors::table.on(contractors::id.eq(lien_waivers::contractor_id)))
            .left_join(documents::table.on(documents::id.nullable().eq(lien_waivers::document_id)))
    };
}

fn load_waiver(conn: &mut DbConnection, id: i64) -> Result<LienWaiver, DieselError> {
    let row = waivers_with_names!()
        .filter(lien_waivers::id.eq(id))
        .select((WaiverRow::as_select(), contractors::name, documents::name.nullable()))
        .first(conn)?;
    into_waiver(row)
}

/// What the coverage rule reads of a waiver's row.
#[derive(Queryable, Selectable)]
#[diesel(table_name = lien_waivers)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct CoverRow {
    contractor_id: i64,
    payment_id: Option<i64>,
    kind: String,
    status: String,
    through_date: Option<String>,
}

/// The project's waiver threshold and what the coverage rule reads of its waivers: two
/// queries, whatever the number of payments.
pub(crate) fn waiver_basis(conn: &mut DbConnection, project_id: i64) -> Result<(i64, Vec<WaiverCover>), DieselError> {
    let threshold: i64 = projects::table.find(project_id).select(projects::waiver_threshold_cents).first(conn)?;
    let rows: Vec<CoverRow> =
        lien_waivers::table.filter(lien_waivers::project_id.eq(project_id)).select(CoverRow::as_select()).load(conn)?;
    let covers = rows
        .into_iter()
        .map(|r| {
            Ok(WaiverCover {
                contractor_id: r.contractor_id,
                payment_id: r.payment_id,
                kind: kind(&r.kind)?,
                status: state(&r.status)?,
                through_date: optional_date(r.through_date)?,
            })
        })
        .collect::<Result<_, DieselError>>()?;
    Ok((threshold, covers))
}

/// What the coverage rule reads of a payment.
pub(crate) fn waiver_payment(p: &Payment) -> WaiverPayment {
    WaiverPayment {
        payment_id: p.id,
        task_id: p.task_id,
        contractor_id: p.details.contractor_id,
        amount_cents: p.details.amount.cents(),
        paid_on: p.details.paid_on,
    }
}

/// Sets each payment's waiver status from its project's waivers (the payments are of one
/// project: a task's, or a project's).
pub(super) fn mark_waiver_status<'a>(
    conn: &mut DbConnection,
    payments: impl IntoIterator<Item = &'a mut Payment>,
) -> Result<(), DieselError> {
    let mut payments = payments.into_iter().peekable();
    let Some(project_id) = payments.peek().map(|p| p.project_id) else { return Ok(()) };
    let (threshold, covers) = waiver_basis(conn, project_id)?;
    for p in payments {
        debug_assert_eq!(p.project_id, project_id);
        p.waiver_status = waiver_status(&waiver_payment(p), threshold, &covers);
    }
    Ok(())
}

/// The checks of a write, under the project's lock: the contractor still the owner's (locked
/// against its delete until the write ends), the payment one of the project's to that
/// contractor, the document one of the project's.
fn check_links(
    conn: &mut DbConnection,
    project_id: i64,
    owner_id: i64,
    d: &LienWaiverDetails,
) -> Result<Result<(), DomainError>, DieselError> {
    lock_contractor(conn, d.contractor_id, owner_id)?;
    if let Some(payment_id) = d.payment_id {
        let contractor: Option<Option<i64>> = task_payments::table
            .filter(task_payments::id.eq(payment_id).and(task_payments::project_id.eq(project_id)))
            .select(task_payments::contractor_id)
            .first(conn)
            .optional()?;
        if let Err(e) = d.check_payment(contractor) {
            return Ok(Err(e));
        }
    }
    if let Some(document_id) = d.document_id {
        let project: Option<i64> =
            documents::table.find(document_id).select(documents::project_id).first(conn).optional()?;
        if let Err(e) = d.check_document(project_id, project) {
            return Ok(Err(e));
        }
    }
    Ok(Ok(()))
}

pub struct DieselLienWaiverRepository {
    db: Db,
}

impl DieselLienWaiverRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl LienWaiverRepository for DieselLienWaiverRepository {
    fn list_for_project(&self, project_id: i64) -> Result<Vec<LienWaiver>, RepoError> {
        self.db.read(|conn| {
            waivers_with_names!()
                .filter(lien_waivers::project_id.eq(project_id))
                .order(lien_waivers::id)
                .select((WaiverRow::as_select(), contractors::name, documents::name.nullable()))
                .load(conn)?
                .into_iter()
                .map(into_waiver)
                .collect()
        })
    }

    fn find_for_owner(&self, owner_id: UserId, id: LienWaiverId) -> Result<Option<LienWaiver>, RepoError> {
        let (id, owner_id) = (id.get(), owner_id.get());
        self.db.read(|conn| {
            let row = waivers_with_names!()
                .inner_join(projects::table.on(projects::id.eq(lien_waivers::project_id)))
                .filter(lien_waivers::id.eq(id).and(projects::owner_id.eq(owner_id)))
                .select((WaiverRow::as_select(), contractors::name, documents::name.nullable()))
                .first(conn)
                .optional()?;
            row.map(into_waiver).transpose()
        })
    }

    fn create(&self, project_id: i64, waiver: &LienWaiverDetails) -> Result<LienWaiver, RepoError> {
        let d = waiver.clone();
        self.db
            .write_project(project_id, move |conn| -> Guarded<LienWaiver> {
                let bumped = bump_version(conn, project_id)?; // the project's lock; NotFound when gone
                if let Err(e) = check_links(conn, project_id, bumped.owner_id, &d)? {
                    return refused(e);
                }
                let t = now();
                let id: i64 = diesel::insert_into(lien_waivers::table)
                    .values(NewWaiverRow { project_id, details: WaiverChanges::new(&d, t), created_at: t })
                    .returning(lien_waivers::id)
                    .get_result(conn)?;
                let created = load_waiver(conn, id)?;
                activity::record(conn, project_id, bumped.owner_id, [trail::waiver_created(&created)])?;
                Ok(Ok(created))
            })
            .and_then(|r| r)
    }

    fn update(&self, id: i64, change: Rule<LienWaiver, LienWaiverDetails>) -> Result<LienWaiver, RepoError> {
        self.db
            .write(move |conn| -> Guarded<LienWaiver> {
                let project_id: i64 = lien_waivers::table.find(id).select(lien_waivers::project_id).first(conn)?;
                let bumped = bump_version(conn, project_id)?; // the project's lock, then the waiver as it is now
                let current = load_waiver(conn, id)?;
                let d = match change(&current) {
                    Ok(d) => d,
                    Err(e) => return refused(e),
                };
                if let Err(e) = check_links(conn, project_id, bumped.owner_id, &d)? {
                    return refused(e);
                }
                diesel::update(lien_waivers::table.find(id)).set(WaiverChanges::new(&d, now())).execute(conn)?;
                let updated = load_waiver(conn, id)?;
                activity::record(conn, project_id, bumped.owner_id, trail::waiver_changed(&current, &updated))?;
                Ok(Ok(updated))
            })
            .and_then(|r| r)
    }

    fn delete(&self, id: i64) -> Result<(), RepoError> {
        self.db.write(move |conn| {
            let project_id: i64 = lien_waivers::table.find(id).select(lien_waivers::project_id).first(conn)?;
            let bumped = bump_version(conn, project_id)?; // the project's lock first, as every ledger write
            let gone = load_waiver(conn, id)?;
            activity::record(conn, project_id, bumped.owner_id, [trail::waiver_deleted(&gone)])?;
            diesel::delete(lien_waivers::table.find(id)).execute(conn)?;
            Ok(())
        })
    }
}
