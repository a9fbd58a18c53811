//! The calendar feed's secret link (issue 33): one row per project, the SHA-256 of its token.

use buildledger_application::error::RepoError;
use buildledger_application::schedule::ports::CalendarFeedRepository;
use buildledger_domain::ids::{ProjectId, TypedId, UserId};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::activity;
use crate::connection::DbConnection;
use crate::db::Db;
use crate::schema::{calendar_feeds, projects};
use buildledger_domain::activity as trail;

#[derive(Insertable)]
#[diesel(table_name = calendar_feeds)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewFeedRow<'a> {
    project_id: i64,
    token_hash: &'a str,
    created_at: NaiveDateTime,
}

/// The project's row, locked until the transaction ends (PostgreSQL: `FOR UPDATE`; SQLite runs one
/// write at a time), and its owner (the activity trail's actor). NotFound when the project is gone.
fn lock_project(conn: &mut DbConnection, project_id: i64) -> Result<i64, DieselError> {
    let project = projects::table.find(project_id).select(projects::owner_id);
    match conn {
        DbConnection::Postgres(pg) => project.for_update().first::<i64>(pg),
        DbConnection::Sqlite(lite) => project.first::<i64>(lite),
    }
}

pub struct DieselCalendarFeedRepository {
    db: Db,
}

impl DieselCalendarFeedRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl CalendarFeedRepository for DieselCalendarFeedRepository {
    fn find_for_project(&self, project_id: ProjectId) -> Result<Option<NaiveDateTime>, RepoError> {
        self.db.read(|conn| {
            calendar_feeds::table
                .filter(calendar_feeds::project_id.eq(project_id.get()))
                .select(calendar_feeds::created_at)
                .first(conn)
                .optional()
        })
    }

    fn replace(&self, project_id: ProjectId, token_hash: &str, now: NaiveDateTime) -> Result<(), RepoError> {
        let (project_id, token_hash) = (project_id.get(), token_hash.to_owned());
        self.db.write(move |conn| {
            // Two links made at once: the second waits for the first and replaces it.
            let owner_id = lock_project(conn, project_id)?;
            let replaced = diesel::delete(calendar_feeds::table.filter(calendar_feeds::project_id.eq(project_id)))
                .execute(conn)?
                > 0;
            diesel::insert_into(calendar_feeds::table)
                .values(NewFeedRow { project_id, token_hash: &token_hash, created_at: now })
                .execute(conn)?;
            activity::record(conn, project_id, owner_id, [trail::calendar_feed_created(replaced)])?;
            Ok(())
        })
    }

    fn delete(&self, project_id: ProjectId) -> Result<(), RepoError> {
        let project_id = project_id.get();
        self.db.write(move |conn| {
            // No link: nothing changed, nothing to record (a project gone meanwhile has none).
            let revoked = diesel::delete(calendar_feeds::table.filter(calendar_feeds::project_id.eq(project_id)))
                .execute(conn)?;
            if revoked > 0 {
                let owner_id = lock_project(conn, project_id)?;
                activity::record(conn, project_id, owner_id, [trail::calendar_feed_revoked()])?;
            }
            Ok(())
        })
    }

    fn find_by_token_hash(&self, token_hash: &str) -> Result<Option<(ProjectId, UserId)>, RepoError> {
        self.db.read(|conn| {
            calendar_feeds::table
                .inner_join(projects::table)
                .filter(calendar_feeds::token_hash.eq(token_hash))
                .select((calendar_feeds::project_id, projects::owner_id))
                .first::<(i64, i64)>(conn)
                .optional()
                .map(|found| found.map(|(p, o)| (ProjectId::new(p), UserId::new(o))))
        })
    }
}
