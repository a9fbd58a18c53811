//! Change orders on a task: the repository, its rows and their conversion.

use buildledger_application::error::RepoError;
use buildledger_application::ports::{ChangeOrderRepository, OnTask, Rule};
use buildledger_domain::ids::{ChangeOrderId, TypedId, UserId};
use buildledger_domain::ledger::{ChangeOrder, ChangeOrderDetails, ChangeOrderStatus, SignedMoney};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use super::{corrupt, date, has_award, project_of_task, recompute_task_money, refused, Guarded};
use crate::activity;
use crate::connection::{now, DbConnection};
use crate::db::Db;
use crate::projects::bump_version;
use crate::schema::{change_orders, contractors, projects, tasks};
use buildledger_domain::activity as trail;

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

    fn find_for_owner(&self, owner_id: UserId, id: ChangeOrderId) -> Result<Option<ChangeOrder>, RepoError> {
        let (id, owner_id) = (id.get(), owner_id.get());
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
                let bumped = bump_version(conn, project_id)?; // the board's row lock, before the award check
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
                let created = load_change_order(conn, id)?;
                let title = activity::task_title(conn, created.task_id)?;
                activity::record(conn, project_id, bumped.owner_id, [trail::change_order_created(&created, &title)])?;
                Ok(Ok(created))
            })
            .and_then(|r| r)
    }

    fn update(&self, id: i64, change: Rule<ChangeOrder, ChangeOrderDetails>) -> Result<ChangeOrder, RepoError> {
        self.db
            .write(move |conn| -> Guarded<ChangeOrder> {
                let project_id: i64 = change_orders::table.find(id).select(change_orders::project_id).first(conn)?;
                let bumped = bump_version(conn, project_id)?; // the board's lock, then the change order as it is now
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
                let updated = load_change_order(conn, id)?;
                let title = activity::task_title(conn, task_id)?;
                let entry = trail::change_order_changed(&current, &updated, &title);
                activity::record(conn, project_id, bumped.owner_id, entry)?;
                Ok(Ok(updated))
            })
            .and_then(|r| r)
    }

    fn delete(&self, id: i64) -> Result<(), RepoError> {
        self.db.write(move |conn| {
            let (task_id, project_id): (i64, i64) = change_orders::table
                .find(id)
                .select((change_orders::task_id, change_orders::project_id))
                .first(conn)?;
            let bumped = bump_version(conn, project_id)?; // the board's lock first, as every ledger write
            let gone = load_change_order(conn, id)?;
            let title = activity::task_title(conn, task_id)?;
            activity::record(conn, project_id, bumped.owner_id, [trail::change_order_deleted(&gone, &title)])?;
            diesel::delete(change_orders::table.find(id)).execute(conn)?;
            recompute_task_money(conn, task_id)
        })
    }
}
