//! Contractors and bids (issue 18). Every bid write recomputes the task's bid figures (committed
//! cost, count, lowest) on the task row and bumps the project's version in the same transaction,
//! so the board read stays one query and its ETag moves with the bids. A write that changes an
//! existing bid takes the project's lock first and reads the bid under it, so its rules (an
//! edit's status, the award, its withdrawal) see the bid as it is (see `ledger.rs`).

use buildledger_application::error::RepoError;
use buildledger_application::ports::{BidOnTask, BidRepository, ContractorRepository, NewBid, Rule};
use buildledger_domain::bid::{Bid, BidDetails, BidEdit, BidStatus, Contractor, ContractorDetails};
use buildledger_domain::ids::{BidId, ContractorId, TypedId, UserId};
use buildledger_domain::task::{MaterialQuality, TaskStatus};
use buildledger_domain::Money;
use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::activity;
use crate::connection::{now, DbConnection};
use crate::db::Db;
use crate::ledger::{has_approved_change_orders, recompute_task_money, refresh_task_money, refused, Guarded};
use crate::projects::bump_version;
use crate::schema::{bids, contractors, lien_waivers, projects, task_payments, tasks};
use buildledger_domain::activity::{self as trail, Activity};

fn date(raw: Option<String>) -> Option<NaiveDate> {
    raw.and_then(|d| NaiveDate::parse_from_str(&d, "%Y-%m-%d").ok())
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = contractors)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct ContractorRow {
    id: i64,
    owner_id: i64,
    name: String,
    trade: String,
    phone: String,
    email: String,
    license_number: String,
    insurance_expires: Option<String>,
    notes: String,
}

impl From<ContractorRow> for Contractor {
    fn from(r: ContractorRow) -> Self {
        Contractor {
            id: r.id,
            owner_id: r.owner_id,
            details: ContractorDetails {
                name: r.name,
                trade: r.trade,
                phone: r.phone,
                email: r.email,
                license_number: r.license_number,
                insurance_expires: date(r.insurance_expires),
                notes: r.notes,
            },
        }
    }
}

/// The columns a contractor's details set, on creation and on every edit.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = contractors, treat_none_as_null = true, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct ContractorChanges<'a> {
    name: &'a str,
    trade: &'a str,
    phone: &'a str,
    email: &'a str,
    license_number: &'a str,
    /// `YYYY-MM-DD`.
    insurance_expires: Option<String>,
    notes: &'a str,
    updated_at: NaiveDateTime,
}

impl<'a> ContractorChanges<'a> {
    fn new(d: &'a ContractorDetails, t: NaiveDateTime) -> Self {
        ContractorChanges {
            name: &d.name,
            trade: &d.trade,
            phone: &d.phone,
            email: &d.email,
            license_number: &d.license_number,
            insurance_expires: d.insurance_expires.map(|x| x.to_string()),
            notes: &d.notes,
            updated_at: t,
        }
    }
}

/// A new contractor's row.
#[derive(Insertable)]
#[diesel(table_name = contractors)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewContractorRow<'a> {
    owner_id: i64,
    #[diesel(embed)]
    details: ContractorChanges<'a>,
    created_at: NaiveDateTime,
}

pub struct DieselContractorRepository {
    db: Db,
}

impl DieselContractorRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl ContractorRepository for DieselContractorRepository {
    fn list_for_owner(&self, owner_id: i64) -> Result<Vec<Contractor>, RepoError> {
        self.db.read(|conn| {
            let rows = contractors::table
                .filter(contractors::owner_id.eq(owner_id))
                .order(contractors::id)
                .select(ContractorRow::as_select())
                .load(conn)?;
            let mut list: Vec<Contractor> = rows.into_iter().map(Contractor::from).collect();
            list.sort_by_key(|c| c.details.name.to_lowercase());
            Ok(list)
        })
    }

    fn create(&self, owner_id: i64, d: &ContractorDetails) -> Result<Contractor, RepoError> {
        let d = d.clone();
        self.db.write(move |conn| {
            let t = now();
            let id: i64 = diesel::insert_into(contractors::table)
                .values(NewContractorRow { owner_id, details: ContractorChanges::new(&d, t), created_at: t })
                .returning(contractors::id)
                .get_result(conn)?;
            Ok(Contractor { id, owner_id, details: d.clone() })
        })
    }

    fn find_for_owner(&self, owner_id: UserId, id: ContractorId) -> Result<Option<Contractor>, RepoError> {
        let (id, owner_id) = (id.get(), owner_id.get());
        self.db.read(|conn| {
            contractors::table
                .filter(contractors::id.eq(id).and(contractors::owner_id.eq(owner_id)))
                .select(ContractorRow::as_select())
                .first(conn)
                .optional()
                .map(|r| r.map(Contractor::from))
        })
    }

    fn update(&self, owner_id: UserId, id: ContractorId, d: &ContractorDetails) -> Result<Contractor, RepoError> {
        let (id, owner_id) = (id.get(), owner_id.get());
        let d = d.clone();
        self.db.write(move |conn| {
            let n = diesel::update(
                contractors::table.filter(contractors::id.eq(id).and(contractors::owner_id.eq(owner_id))),
            )
            .set(ContractorChanges::new(&d, now()))
            .execute(conn)?;
            if n == 0 {
                return Err(DieselError::NotFound);
            }
            Ok(Contractor { id, owner_id, details: d.clone() })
        })
    }

    fn delete(&self, owner_id: UserId, id: ContractorId) -> Result<(), RepoError> {
        let (id, owner_id) = (id.get(), owner_id.get());
        self.db
            .write(move |conn| -> Guarded<()> {
                lock_contractor(conn, id, owner_id)?;
                let bid_count: i64 = bids::table.filter(bids::contractor_id.eq(id)).count().get_result(conn)?;
                let waiver_count: i64 =
                    lien_waivers::table.filter(lien_waivers::contractor_id.eq(id)).count().get_result(conn)?;
                if let Err(e) = Contractor::check_delete(bid_count, waiver_count) {
                    return refused(e);
                }
                // Payments to them keep their name as text (the link goes with the contractor).
                let name: String = contractors::table.find(id).select(contractors::name).first(conn)?;
                diesel::update(task_payments::table.filter(task_payments::contractor_id.eq(id)))
                    .set((task_payments::payee.eq(&name), task_payments::contractor_id.eq(None::<i64>)))
                    .execute(conn)?;
                diesel::delete(contractors::table.find(id)).execute(conn)?;
                Ok(Ok(()))
            })
            .and_then(|deleted| deleted)
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = bids)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct BidRow {
    id: i64,
    task_id: i64,
    project_id: i64,
    contractor_id: i64,
    amount_cents: i64,
    notes: String,
    received_on: Option<String>,
    valid_until: Option<String>,
    document_id: Option<i64>,
    status: String,
}

/// The columns a bid's edit sets; a new bid sets them too (as pending).
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = bids, treat_none_as_null = true, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct BidChanges<'a> {
    contractor_id: i64,
    amount_cents: i64,
    notes: &'a str,
    /// `YYYY-MM-DD`.
    received_on: Option<String>,
    /// `YYYY-MM-DD`.
    valid_until: Option<String>,
    document_id: Option<i64>,
    status: &'static str,
    updated_at: NaiveDateTime,
}

impl<'a> BidChanges<'a> {
    fn new(contractor_id: i64, d: &'a BidDetails, status: BidStatus, t: NaiveDateTime) -> Self {
        BidChanges {
            contractor_id,
            amount_cents: d.amount.cents(),
            notes: &d.notes,
            received_on: d.received_on.map(|x| x.to_string()),
            valid_until: d.valid_until.map(|x| x.to_string()),
            document_id: d.document_id,
            status: status.code(),
            updated_at: t,
        }
    }
}

/// A new bid's row.
#[derive(Insertable)]
#[diesel(table_name = bids)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewBidRow<'a> {
    task_id: i64,
    project_id: i64,
    #[diesel(embed)]
    details: BidChanges<'a>,
    created_at: NaiveDateTime,
}

fn into_bid((r, contractor_name): (BidRow, String)) -> Result<Bid, DieselError> {
    let corrupt = |what: &str| DieselError::DeserializationError(format!("invalid stored {what}").into());
    Ok(Bid {
        id: r.id,
        task_id: r.task_id,
        project_id: r.project_id,
        contractor_id: r.contractor_id,
        contractor_name,
        details: BidDetails {
            amount: Money::from_cents(r.amount_cents).ok_or_else(|| corrupt("amount"))?,
            notes: r.notes,
            received_on: date(r.received_on),
            valid_until: date(r.valid_until),
            document_id: r.document_id,
        },
        status: BidStatus::parse(&r.status).ok_or_else(|| corrupt("bid status"))?,
    })
}

/// One bid with its contractor's name.
fn load_bid(conn: &mut DbConnection, id: i64) -> Result<Bid, DieselError> {
    let row = bids::table
        .inner_join(contractors::table)
        .filter(bids::id.eq(id))
        .select((BidRow::as_select(), contractors::name))
        .first(conn)?;
    into_bid(row)
}

/// The bid's project, taking that project's lock first (the board's row lock on PostgreSQL;
/// awards, edits and withdrawals of its bids queue there), then the bid as it is now. NotFound
/// when the bid is gone, then or meanwhile. With the project's owner, who makes the change (the
/// activity trail's actor).
fn lock_bid(conn: &mut DbConnection, id: i64) -> Result<(Bid, i64), DieselError> {
    let project_id: i64 = bids::table.find(id).select(bids::project_id).first(conn)?;
    let bumped = bump_version(conn, project_id)?;
    Ok((load_bid(conn, id)?, bumped.owner_id))
}

/// Records `entry` for the bid's project, in the write's transaction.
fn record_bid(
    conn: &mut DbConnection,
    bid: &Bid,
    actor: i64,
    entry: impl Fn(&Bid, &str) -> Option<Activity>,
) -> Result<(), DieselError> {
    let title = activity::task_title(conn, bid.task_id)?;
    activity::record(conn, bid.project_id, actor, entry(bid, &title))
}

/// The owner's contractor, locked against new bids and payments naming them until the
/// transaction ends (PostgreSQL: `FOR UPDATE`, which waits for the writes that name them and
/// holds off new ones; SQLite runs one write at a time). NotFound when missing or someone else's.
pub(crate) fn lock_contractor(conn: &mut DbConnection, id: i64, owner_id: i64) -> Result<(), DieselError> {
    let owned = contractors::table.filter(contractors::id.eq(id).and(contractors::owner_id.eq(owner_id)));
    match conn {
        DbConnection::Postgres(pg) => owned.select(contractors::id).for_update().first::<i64>(pg).map(|_| ()),
        DbConnection::Sqlite(lite) => owned.select(contractors::id).first::<i64>(lite).map(|_| ()),
    }
}

pub struct DieselBidRepository {
    db: Db,
}

impl DieselBidRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl BidRepository for DieselBidRepository {
    fn list_for_task(&self, task_id: i64) -> Result<Vec<Bid>, RepoError> {
        self.db.read(|conn| {
            bids::table
                .inner_join(contractors::table)
                .filter(bids::task_id.eq(task_id))
                .order(bids::id)
                .select((BidRow::as_select(), contractors::name))
                .load(conn)?
                .into_iter()
                .map(into_bid)
                .collect()
        })
    }

    fn list_for_project(&self, project_id: i64) -> Result<Vec<BidOnTask>, RepoError> {
        let mut rows: Vec<(usize, BidOnTask)> = self.db.read(|conn| {
            let rows: Vec<(BidRow, String, String, String, String)> = bids::table
                .inner_join(contractors::table)
                .inner_join(tasks::table)
                .filter(bids::project_id.eq(project_id))
                .order((tasks::status, tasks::sort_key, tasks::id, bids::id))
                .select((BidRow::as_select(), contractors::name, tasks::title, tasks::material_quality, tasks::status))
                .load(conn)?;
            rows.into_iter()
                .map(|(row, contractor, title, quality, status)| {
                    let corrupt =
                        |what: &str| DieselError::DeserializationError(format!("invalid stored {what}").into());
                    let column = TaskStatus::parse(&status).ok_or_else(|| corrupt("status"))?;
                    let task_quality = MaterialQuality::parse(&quality).ok_or_else(|| corrupt("material_quality"))?;
                    let column = TaskStatus::ALL.iter().position(|s| *s == column).unwrap_or(0);
                    Ok((column, BidOnTask { task_title: title, task_quality, bid: into_bid((row, contractor))? }))
                })
                .collect::<Result<_, DieselError>>()
        })?;
        // Board order: the columns as the board shows them (stable, so each column keeps its order).
        rows.sort_by_key(|(column, _)| *column);
        Ok(rows.into_iter().map(|(_, r)| r).collect())
    }

    fn find_for_owner(&self, owner_id: UserId, id: BidId) -> Result<Option<Bid>, RepoError> {
        let (id, owner_id) = (id.get(), owner_id.get());
        self.db.read(|conn| {
            let row = bids::table
                .inner_join(contractors::table)
                .inner_join(projects::table.on(projects::id.eq(bids::project_id)))
                .filter(bids::id.eq(id).and(projects::owner_id.eq(owner_id)))
                .select((BidRow::as_select(), contractors::name))
                .first(conn)
                .optional()?;
            row.map(into_bid).transpose()
        })
    }

    fn create(&self, new: &NewBid) -> Result<Bid, RepoError> {
        let new = new.clone();
        self.db.write_project(new.project_id, move |conn| {
            // The task must still be there (it may have been deleted since it was checked).
            let project_id: i64 = tasks::table.find(new.task_id).select(tasks::project_id).first(conn)?;
            let t = now();
            let d = &new.details;
            let id: i64 = diesel::insert_into(bids::table)
                .values(NewBidRow {
                    task_id: new.task_id,
                    project_id,
                    details: BidChanges::new(new.contractor_id, d, BidStatus::Pending, t),
                    created_at: t,
                })
                .returning(bids::id)
                .get_result(conn)?;
            let actor = refresh_task_money(conn, new.task_id, project_id)?;
            let created = load_bid(conn, id)?;
            record_bid(conn, &created, actor, |b, title| Some(trail::bid_created(b, title)))?;
            Ok(created)
        })
    }

    fn update(&self, id: i64, edit: Rule<Bid, BidEdit>) -> Result<Bid, RepoError> {
        self.db
            .write(move |conn| -> Guarded<Bid> {
                let (current, actor) = lock_bid(conn, id)?;
                let BidEdit { contractor_id, details: d, status } = match edit(&current) {
                    Ok(edit) => edit,
                    Err(e) => return refused(e),
                };
                diesel::update(bids::table.find(id))
                    .set(BidChanges::new(contractor_id, &d, status, now()))
                    .execute(conn)?;
                // An awarded bid's new amount is the task's new committed cost.
                recompute_task_money(conn, current.task_id)?;
                let updated = load_bid(conn, id)?;
                record_bid(conn, &updated, actor, |b, title| trail::bid_changed(&current, b, title))?;
                Ok(Ok(updated))
            })
            .and_then(|r| r)
    }

    fn delete(&self, id: i64) -> Result<(), RepoError> {
        self.db
            .write(move |conn| -> Guarded<()> {
                let (current, actor) = lock_bid(conn, id)?;
                if let Err(e) = current.check_delete(has_approved_change_orders(conn, current.task_id)?) {
                    return refused(e);
                }
                record_bid(conn, &current, actor, |b, title| Some(trail::bid_deleted(b, title)))?;
                diesel::delete(bids::table.find(id)).execute(conn)?;
                recompute_task_money(conn, current.task_id).map(Ok)
            })
            .and_then(|r| r)
    }

    fn award(&self, id: i64) -> Result<Bid, RepoError> {
        self.db.write(move |conn| {
            let (current, actor) = lock_bid(conn, id)?; // awards of one task queue on the lock
            if current.status == BidStatus::Awarded {
                return Ok(current);
            }
            let task_id = current.task_id;
            diesel::update(bids::table.filter(bids::task_id.eq(task_id).and(bids::id.ne(id))))
                .set((bids::status.eq(BidStatus::Declined.code()), bids::updated_at.eq(now())))
                .execute(conn)?;
            diesel::update(bids::table.find(id))
                .set((bids::status.eq(BidStatus::Awarded.code()), bids::updated_at.eq(now())))
                .execute(conn)?;
            recompute_task_money(conn, task_id)?;
            let awarded = load_bid(conn, id)?;
            record_bid(conn, &awarded, actor, |b, title| trail::bid_changed(&current, b, title))?;
            Ok(awarded)
        })
    }

    fn withdraw_award(&self, id: i64) -> Result<Bid, RepoError> {
        self.db
            .write(move |conn| -> Guarded<Bid> {
                let (current, actor) = lock_bid(conn, id)?;
                let task_id = current.task_id;
                if let Err(e) = current.check_withdraw(has_approved_change_orders(conn, task_id)?) {
                    return refused(e);
                }
                diesel::update(
                    bids::table.filter(
                        bids::task_id
                            .eq(task_id)
                            .and(bids::status.eq_any([BidStatus::Awarded.code(), BidStatus::Declined.code()])),
                    ),
                )
                .set((bids::status.eq(BidStatus::Pending.code()), bids::updated_at.eq(now())))
                .execute(conn)?;
                recompute_task_money(conn, task_id)?;
                let withdrawn = load_bid(conn, id)?;
                record_bid(conn, &withdrawn, actor, |b, title| trail::bid_changed(&current, b, title))?;
                Ok(Ok(withdrawn))
            })
            .and_then(|r| r)
    }
}
