//! Delays recorded on tasks: the repository, its rows and their conversion.

use buildledger_application::error::RepoError;
use buildledger_application::ports::{OnTask, Rule};
use buildledger_application::schedule::ports::DelayRepository;
use buildledger_domain::ids::{DelayId, TypedId, UserId};
use buildledger_domain::schedule::{Delay, DelayDetails, DelayReason};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::activity;
use crate::connection::{now, DbConnection};
use crate::db::Db;
use crate::ledger::{corrupt, date, refused, Guarded};
use crate::projects::bump_version;
use crate::schema::{projects, task_delays, tasks};
use buildledger_domain::activity as trail;

#[derive(Queryable, Selectable)]
#[diesel(table_name = task_delays)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct DelayRow {
    id: i64,
    project_id: i64,
    task_id: i64,
    days: i32,
    reason: String,
    note: String,
    recorded_on: String,
}

/// The columns a delay's details set, on creation and on every edit.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = task_delays)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct DelayChanges<'a> {
    days: i32,
    reason: &'static str,
    note: &'a str,
    /// `YYYY-MM-DD`.
    recorded_on: String,
    updated_at: NaiveDateTime,
}

impl<'a> DelayChanges<'a> {
    fn new(d: &'a DelayDetails, t: NaiveDateTime) -> Self {
        DelayChanges {
            days: d.days,
            reason: d.reason.code(),
            note: &d.note,
            recorded_on: d.recorded_on.to_string(),
            updated_at: t,
        }
    }
}

/// A new delay's row.
#[derive(Insertable)]
#[diesel(table_name = task_delays)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewDelayRow<'a> {
    project_id: i64,
    task_id: i64,
    #[diesel(embed)]
    details: DelayChanges<'a>,
    created_at: NaiveDateTime,
}

fn into_delay(r: DelayRow) -> Result<Delay, DieselError> {
    Ok(Delay {
        id: r.id,
        project_id: r.project_id,
        task_id: r.task_id,
        details: DelayDetails {
            days: r.days,
            reason: DelayReason::parse(&r.reason).ok_or_else(|| corrupt("delay reason"))?,
            note: r.note,
            recorded_on: date(&r.recorded_on)?,
        },
    })
}

fn load_delay(conn: &mut DbConnection, id: i64) -> Result<Delay, DieselError> {
    into_delay(task_delays::table.find(id).select(DelayRow::as_select()).first(conn)?)
}

/// The delay's project, taking that project's lock (its version bumped), then the delay as it
/// is now. NotFound when the delay is gone, then or meanwhile.
/// With the project's owner (the activity trail's actor).
fn lock_delay(conn: &mut DbConnection, id: i64) -> Result<(Delay, i64), DieselError> {
    let project_id: i64 = task_delays::table.find(id).select(task_delays::project_id).first(conn)?;
    let bumped = bump_version(conn, project_id)?;
    Ok((load_delay(conn, id)?, bumped.owner_id))
}

pub struct DieselDelayRepository {
    db: Db,
}

impl DieselDelayRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl DelayRepository for DieselDelayRepository {
    fn list_for_project(&self, project_id: i64) -> Result<Vec<Delay>, RepoError> {
        self.db.read(|conn| {
            task_delays::table
                .filter(task_delays::project_id.eq(project_id))
                .order((task_delays::recorded_on, task_delays::id))
                .select(DelayRow::as_select())
                .load(conn)?
                .into_iter()
                .map(into_delay)
                .collect()
        })
    }

    fn find_for_owner(&self, owner_id: UserId, id: DelayId) -> Result<Option<Delay>, RepoError> {
        let (id, owner_id) = (id.get(), owner_id.get());
        self.db.read(|conn| {
            task_delays::table
                .inner_join(projects::table.on(projects::id.eq(task_delays::project_id)))
                .filter(task_delays::id.eq(id).and(projects::owner_id.eq(owner_id)))
                .select(DelayRow::as_select())
                .first(conn)
                .optional()?
                .map(into_delay)
                .transpose()
        })
    }

    fn create(&self, new: &OnTask<DelayDetails>) -> Result<Delay, RepoError> {
        let new = new.clone();
        self.db.write_project(new.project_id, move |conn| {
            let bumped = bump_version(conn, new.project_id)?; // the project's lock, then the task: still there?
            let project_id: i64 = tasks::table.find(new.task_id).select(tasks::project_id).first(conn)?;
            let t = now();
            let id: i64 = diesel::insert_into(task_delays::table)
                .values(NewDelayRow {
                    project_id,
                    task_id: new.task_id,
                    details: DelayChanges::new(&new.details, t),
                    created_at: t,
                })
                .returning(task_delays::id)
                .get_result(conn)?;
            let created = load_delay(conn, id)?;
            let title = activity::task_title(conn, created.task_id)?;
            activity::record(conn, project_id, bumped.owner_id, [trail::delay_created(&created, &title)])?;
            Ok(created)
        })
    }

    fn update(&self, id: i64, change: Rule<Delay, DelayDetails>) -> Result<Delay, RepoError> {
        self.db
            .write(move |conn| -> Guarded<Delay> {
                let (current, actor) = lock_delay(conn, id)?;
                let d = match change(&current) {
                    Ok(d) => d,
                    Err(e) => return refused(e),
                };
                diesel::update(task_delays::table.find(id)).set(DelayChanges::new(&d, now())).execute(conn)?;
                let updated = load_delay(conn, id)?;
                let title = activity::task_title(conn, updated.task_id)?;
                activity::record(conn, updated.project_id, actor, trail::delay_changed(&current, &updated, &title))?;
                Ok(Ok(updated))
            })
            .and_then(|r| r)
    }

    fn delete(&self, id: i64) -> Result<(), RepoError> {
        self.db.write(move |conn| {
            let (gone, actor) = lock_delay(conn, id)?;
            let title = activity::task_title(conn, gone.task_id)?;
            activity::record(conn, gone.project_id, actor, [trail::delay_deleted(&gone, &title)])?;
            diesel::delete(task_delays::table.find(id)).execute(conn)?;
            Ok(())
        })
    }
}
