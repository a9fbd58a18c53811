//! The activity trail (issue 35): [`record`] writes entries inside a repository's write, in the
//! same transaction as the change (so a write that fails or is refused leaves none), and
//! [`DieselActivityRepository`] reads the feed. Reads of the board never touch this table.
//!
//! The actor is the user the write is for. Today that is always the project's owner (every
//! use case checks ownership first), which the write already has under the project's lock:
//! `bump_version` returns it. Members (a later issue) will hand the signed-in user to the
//! repository's write instead; `record` already takes the actor as an argument.

use buildledger_application::activity::ActivityRepository;
use buildledger_application::error::RepoError;
use buildledger_domain::activity::{Activity, ActivityEntry};
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::connection::now;
use crate::db::{Db, DbConnection};
use crate::schema::{activity_entries, tasks, users};

#[derive(Insertable)]
#[diesel(table_name = activity_entries)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewEntryRow<'a> {
    project_id: i64,
    actor_id: Option<i64>,
    at: chrono::NaiveDateTime,
    action: &'a str,
    task_id: Option<i64>,
    summary: &'a str,
    before_cents: Option<i64>,
    after_cents: Option<i64>,
}

/// Writes `entries` for project `project_id`, by `actor`, inside the caller's transaction (one
/// statement each: diesel's MultiConnection has no multi-row insert).
pub(crate) fn record(
    conn: &mut DbConnection,
    project_id: i64,
    actor: i64,
    entries: impl IntoIterator<Item = Activity>,
) -> Result<(), DieselError> {
    let at = now();
    // The signed-in user who made the change (a member, or the owner `actor` passed here).
    let actor = buildledger_application::access::acting_user(project_id).unwrap_or(actor);
    for e in entries {
        diesel::insert_into(activity_entries::table)
            .values(NewEntryRow {
                project_id,
                actor_id: Some(actor),
                at,
                action: e.action,
                task_id: e.task_id,
                summary: &e.summary,
                before_cents: e.before_cents,
                after_cents: e.after_cents,
            })
            .execute(conn)?;
    }
    Ok(())
}

/// A task's title as it is now (for the sentence of a change to its bids, payments, ...); empty
/// when it is gone.
pub(crate) fn task_title(conn: &mut DbConnection, task_id: i64) -> Result<String, DieselError> {
    Ok(tasks::table.find(task_id).select(tasks::title).first(conn).optional()?.unwrap_or_default())
}

type EntryColumns = (i64, chrono::NaiveDateTime, Option<String>, String, Option<i64>, String, Option<i64>, Option<i64>);

pub struct DieselActivityRepository {
    db: Db,
}

impl DieselActivityRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl ActivityRepository for DieselActivityRepository {
    fn list(
        &self,
        project_id: i64,
        task_id: Option<i64>,
        before: Option<i64>,
        limit: i64,
    ) -> Result<Vec<ActivityEntry>, RepoError> {
        self.db.read(|conn| {
            let mut query = activity_entries::table
                .left_join(users::table.on(users::id.nullable().eq(activity_entries::actor_id)))
                .filter(activity_entries::project_id.eq(project_id))
                .into_boxed();
            if let Some(task) = task_id {
                query = query.filter(activity_entries::task_id.eq(task));
            }
            if let Some(before) = before {
                query = query.filter(activity_entries::id.lt(before));
            }
            let rows: Vec<EntryColumns> = query
                .order(activity_entries::id.desc())
                .limit(limit)
                .select((
                    activity_entries::id,
                    activity_entries::at,
                    users::username.nullable(),
                    activity_entries::action,
                    activity_entries::task_id,
                    activity_entries::summary,
                    activity_entries::before_cents,
                    activity_entries::after_cents,
                ))
                .load(conn)?;
            Ok(rows
                .into_iter()
                .map(|(id, at, actor, action, task_id, summary, before_cents, after_cents)| ActivityEntry {
                    id,
                    at,
                    actor,
                    action,
                    task_id,
                    summary,
                    before_cents,
                    after_cents,
                })
                .collect())
        })
    }
}
