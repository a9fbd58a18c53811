//! Inspections of tasks: the repository, its rows and their conversion.

use buildledger_application::error::RepoError;
use buildledger_application::ports::{OnTask, Rule};
use buildledger_application::schedule::ports::InspectionRepository;
use buildledger_domain::ids::{InspectionId, TypedId, UserId};
use buildledger_domain::schedule::{Inspection, InspectionDetails, InspectionResult};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::activity;
use crate::connection::{now, DbConnection};
use crate::db::Db;
use crate::ledger::{corrupt, date, refused, Guarded};
use crate::projects::bump_version;
use crate::schema::{inspections, projects, tasks};
use buildledger_domain::activity as trail;

#[derive(Queryable, Selectable)]
#[diesel(table_name = inspections)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct InspectionRow {
    id: i64,
    project_id: i64,
    task_id: i64,
    kind: String,
    scheduled_on: String,
    inspector: String,
    result: String,
    notes: String,
    document_id: Option<i64>,
}

/// The columns an inspection's details set, on creation and on every edit.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = inspections, treat_none_as_null = true, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct InspectionChanges<'a> {
    kind: &'a str,
    /// `YYYY-MM-DD`.
    scheduled_on: String,
    inspector: &'a str,
    result: &'static str,
    notes: &'a str,
    document_id: Option<i64>,
    updated_at: NaiveDateTime,
}

impl<'a> InspectionChanges<'a> {
    fn new(d: &'a InspectionDetails, t: NaiveDateTime) -> Self {
        InspectionChanges {
            kind: &d.kind,
            scheduled_on: d.scheduled_on.to_string(),
            inspector: &d.inspector,
            result: d.result.code(),
            notes: &d.notes,
            document_id: d.document_id,
            updated_at: t,
        }
    }
}

/// A new inspection's row.
#[derive(Insertable)]
#[diesel(table_name = inspections)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewInspectionRow<'a> {
    project_id: i64,
    task_id: i64,
    #[diesel(embed)]
    details: InspectionChanges<'a>,
    created_at: NaiveDateTime,
}

fn into_inspection(r: InspectionRow) -> Result<Inspection, DieselError> {
    Ok(Inspection {
        id: r.id,
        project_id: r.project_id,
        task_id: r.task_id,
        details: InspectionDetails {
            kind: r.kind,
            scheduled_on: date(&r.scheduled_on)?,
            inspector: r.inspector,
            result: InspectionResult::parse(&r.result).ok_or_else(|| corrupt("inspection result"))?,
            notes: r.notes,
            document_id: r.document_id,
        },
    })
}

fn load_inspection(conn: &mut DbConnection, id: i64) -> Result<Inspection, DieselError> {
    into_inspection(inspections::table.find(id).select(InspectionRow::as_select()).first(conn)?)
}

/// The inspection's project, taking that project's lock (its version bumped), then the
/// inspection as it is now. NotFound when it is gone, then or meanwhile.
/// With the project's owner (the activity trail's actor).
fn lock_inspection(conn: &mut DbConnection, id: i64) -> Result<(Inspection, i64), DieselError> {
    let project_id: i64 = inspections::table.find(id).select(inspections::project_id).first(conn)?;
    let bumped = bump_version(conn, project_id)?;
    Ok((load_inspection(conn, id)?, bumped.owner_id))
}

pub struct DieselInspectionRepository {
    db: Db,
}

impl DieselInspectionRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl InspectionRepository for DieselInspectionRepository {
    fn list_for_project(&self, project_id: i64) -> Result<Vec<Inspection>, RepoError> {
        self.db.read(|conn| {
            inspections::table
                .filter(inspections::project_id.eq(project_id))
                .order((inspections::scheduled_on, inspections::id))
                .select(InspectionRow::as_select())
                .load(conn)?
                .into_iter()
                .map(into_inspection)
                .collect()
        })
    }

    fn find_for_owner(&self, owner_id: UserId, id: InspectionId) -> Result<Option<Inspection>, RepoError> {
        let (id, owner_id) = (id.get(), owner_id.get());
        self.db.read(|conn| {
            inspections::table
                .inner_join(projects::table.on(projects::id.eq(inspections::project_id)))
                .filter(inspections::id.eq(id).and(projects::owner_id.eq(owner_id)))
                .select(InspectionRow::as_select())
                .first(conn)
                .optional()?
                .map(into_inspection)
                .transpose()
        })
    }

    fn create(&self, new: &OnTask<InspectionDetails>) -> Result<Inspection, RepoError> {
        let new = new.clone();
        self.db.write_project(new.project_id, move |conn| {
            let bumped = bump_version(conn, new.project_id)?; // the project's lock, then the task: still there?
            let project_id: i64 = tasks::table.find(new.task_id).select(tasks::project_id).first(conn)?;
            let t = now();
            let id: i64 = diesel::insert_into(inspections::table)
                .values(NewInspectionRow {
                    project_id,
                    task_id: new.task_id,
                    details: InspectionChanges::new(&new.details, t),
                    created_at: t,
                })
                .returning(inspections::id)
                .get_result(conn)?;
            let created = load_inspection(conn, id)?;
            let title = activity::task_title(conn, created.task_id)?;
            activity::record(conn, project_id, bumped.owner_id, [trail::inspection_created(&created, &title)])?;
            Ok(created)
        })
    }

    fn update(&self, id: i64, change: Rule<Inspection, InspectionDetails>) -> Result<Inspection, RepoError> {
        self.db
            .write(move |conn| -> Guarded<Inspection> {
                let (current, actor) = lock_inspection(conn, id)?;
                let d = match change(&current) {
                    Ok(d) => d,
                    Err(e) => return refused(e),
                };
                diesel::update(inspections::table.find(id)).set(InspectionChanges::new(&d, now())).execute(conn)?;
                let updated = load_inspection(conn, id)?;
                let title = activity::task_title(conn, updated.task_id)?;
                activity::record(
                    conn,
                    updated.project_id,
                    actor,
                    trail::inspection_changed(&current, &updated, &title),
                )?;
                Ok(Ok(updated))
            })
            .and_then(|r| r)
    }

    fn delete(&self, id: i64) -> Result<(), RepoError> {
        self.db.write(move |conn| {
            let (gone, actor) = lock_inspection(conn, id)?;
            let title = activity::task_title(conn, gone.task_id)?;
            activity::record(conn, gone.project_id, actor, [trail::inspection_deleted(&gone, &title)])?;
            diesel::delete(inspections::table.find(id)).execute(conn)?;
            Ok(())
        })
    }
}
