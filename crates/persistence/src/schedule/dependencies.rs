//! Links between tasks (issue 33): the repository and its rows. Every write takes the project's
//! lock first ([`bump_version`]), reads the project's links under it, checks the use case's rule
//! on them (no cycle, one link per pair) and writes, in one transaction ([`Guarded`]).

use buildledger_application::error::RepoError;
use buildledger_application::ports::Rule;
use buildledger_application::schedule::ports::DependencyRepository;
use buildledger_domain::ids::{DependencyId, ProjectId, TypedId, UserId};
use buildledger_domain::schedule::{Dependency, DependencyDetails, LinkType};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::activity;
use crate::connection::{now, DbConnection};
use crate::db::Db;
use crate::ledger::{corrupt, refused, Guarded};
use crate::projects::bump_version;
use crate::schema::{projects, task_dependencies, tasks};
use buildledger_domain::activity as trail;

#[derive(Queryable, Selectable)]
#[diesel(table_name = task_dependencies)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct DependencyRow {
    id: i64,
    project_id: i64,
    predecessor_id: i64,
    successor_id: i64,
    link_type: String,
    lag_days: i32,
}

impl DependencyRow {
    fn into_domain(self) -> Result<Dependency, DieselError> {
        Ok(Dependency {
            id: self.id,
            project_id: self.project_id,
            predecessor: self.predecessor_id,
            successor: self.successor_id,
            link: LinkType::parse(&self.link_type).ok_or_else(|| corrupt("link type"))?,
            lag_days: self.lag_days,
        })
    }
}

#[derive(Insertable)]
#[diesel(table_name = task_dependencies)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewDependencyRow {
    project_id: i64,
    predecessor_id: i64,
    successor_id: i64,
    link_type: &'static str,
    lag_days: i32,
    created_at: NaiveDateTime,
}

/// The project's links, oldest first: one query.
pub(crate) fn project_links(conn: &mut DbConnection, project_id: i64) -> Result<Vec<Dependency>, DieselError> {
    task_dependencies::table
        .filter(task_dependencies::project_id.eq(project_id))
        .order(task_dependencies::id)
        .select(DependencyRow::as_select())
        .load(conn)?
        .into_iter()
        .map(DependencyRow::into_domain)
        .collect()
}

fn load(conn: &mut DbConnection, id: i64) -> Result<Dependency, DieselError> {
    task_dependencies::table.find(id).select(DependencyRow::as_select()).first(conn)?.into_domain()
}

/// The link's project, taking that project's lock, then the link as it is now, with the
/// project's owner (the activity trail's actor). NotFound when the link is gone, then or meanwhile.
fn lock_link(conn: &mut DbConnection, id: i64) -> Result<(Dependency, i64), DieselError> {
    let project_id: i64 = task_dependencies::table.find(id).select(task_dependencies::project_id).first(conn)?;
    let bumped = bump_version(conn, project_id)?;
    Ok((load(conn, id)?, bumped.owner_id))
}

/// The titles of a link's predecessor and successor, for its sentence in the trail.
fn titles(conn: &mut DbConnection, d: &Dependency) -> Result<(String, String), DieselError> {
    Ok((activity::task_title(conn, d.predecessor)?, activity::task_title(conn, d.successor)?))
}

pub struct DieselDependencyRepository {
    db: Db,
}

impl DieselDependencyRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl DependencyRepository for DieselDependencyRepository {
    fn list_for_project(&self, project_id: ProjectId) -> Result<Vec<Dependency>, RepoError> {
        self.db.read(|conn| project_links(conn, project_id.get()))
    }

    fn find_for_owner(&self, owner_id: UserId, id: DependencyId) -> Result<Option<Dependency>, RepoError> {
        let (id, owner_id) = (id.get(), owner_id.get());
        self.db.read(|conn| {
            task_dependencies::table
                .inner_join(projects::table.on(projects::id.eq(task_dependencies::project_id)))
                .filter(task_dependencies::id.eq(id).and(projects::owner_id.eq(owner_id)))
                .select(DependencyRow::as_select())
                .first(conn)
                .optional()?
                .map(DependencyRow::into_domain)
                .transpose()
        })
    }

    fn create(
        &self,
        project_id: ProjectId,
        link: Rule<[Dependency], DependencyDetails>,
    ) -> Result<Dependency, RepoError> {
        let project_id = project_id.get();
        self.db
            .write_project(project_id, move |conn| -> Guarded<Dependency> {
                // The lock first: the links the rule sees cannot change before the insert.
                let bumped = bump_version(conn, project_id)?;
                let d = match link(&project_links(conn, project_id)?) {
                    Ok(d) => d,
                    Err(e) => return refused(e),
                };
                // Both tasks still in the project (a task never changes project; one may be gone).
                let found: i64 = tasks::table
                    .filter(tasks::project_id.eq(project_id).and(tasks::id.eq_any([d.predecessor, d.successor])))
                    .count()
                    .get_result(conn)?;
                if found != 2 {
                    return Err(DieselError::NotFound);
                }
                let id: i64 = diesel::insert_into(task_dependencies::table)
                    .values(NewDependencyRow {
                        project_id,
                        predecessor_id: d.predecessor,
                        successor_id: d.successor,
                        link_type: d.link.code(),
                        lag_days: d.lag_days,
                        created_at: now(),
                    })
                    .returning(task_dependencies::id)
                    .get_result(conn)?;
                let made = load(conn, id)?;
                let (before, after) = titles(conn, &made)?;
                activity::record(
                    conn,
                    project_id,
                    bumped.owner_id,
                    [trail::dependency_created(&made, &before, &after)],
                )?;
                Ok(Ok(made))
            })
            .and_then(|r| r)
    }

    fn update(&self, id: DependencyId, change: Rule<Dependency, DependencyDetails>) -> Result<Dependency, RepoError> {
        let id = id.get();
        self.db
            .write(move |conn| -> Guarded<Dependency> {
                let (current, actor) = lock_link(conn, id)?;
                let d = match change(&current) {
                    Ok(d) => d,
                    Err(e) => return refused(e),
                };
                diesel::update(task_dependencies::table.find(id))
                    .set((task_dependencies::link_type.eq(d.link.code()), task_dependencies::lag_days.eq(d.lag_days)))
                    .execute(conn)?;
                let changed = load(conn, id)?;
                let (before, after) = titles(conn, &changed)?;
                let entry = trail::dependency_changed(&current, &changed, &before, &after);
                activity::record(conn, changed.project_id, actor, entry)?;
                Ok(Ok(changed))
            })
            .and_then(|r| r)
    }

    fn delete(&self, id: DependencyId) -> Result<(), RepoError> {
        let id = id.get();
        self.db.write(move |conn| {
            let (gone, actor) = lock_link(conn, id)?;
            let (before, after) = titles(conn, &gone)?;
            activity::record(conn, gone.project_id, actor, [trail::dependency_deleted(&gone, &before, &after)])?;
            diesel::delete(task_dependencies::table.find(id)).execute(conn)?;
            Ok(())
        })
    }
}
