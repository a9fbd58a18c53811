use buildledger_application::error::RepoError;
use buildledger_application::ports::TaskRepository;
use buildledger_domain::money::Money;
use buildledger_domain::project::Project;
use buildledger_domain::task::{MaterialQuality, NewTask, Task, TaskChanges, TaskStatus};
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::db::{now, Db, DbConnection};
use crate::memo::Bumped;
use crate::projects::{bump_version, ProjectRow};
use crate::schema::{documents, projects, tasks};
use crate::statements::{BumpVersionOfTask, ShiftPositions};

#[derive(Queryable, Selectable)]
#[diesel(table_name = tasks)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct TaskRow {
    id: i64,
    project_id: i64,
    title: String,
    description: String,
    status: String,
    material_quality: String,
    actual_cost_cents: Option<i64>,
    due_date: Option<String>,
    position: i32,
}

impl TaskRow {
    fn into_domain(self) -> Result<Task, DieselError> {
        let corrupt = |what: &str| DieselError::DeserializationError(format!("invalid stored {what}").into());
        Ok(Task {
            id: self.id,
            project_id: self.project_id,
            title: self.title,
            description: self.description,
            status: TaskStatus::parse(&self.status).ok_or_else(|| corrupt("status"))?,
            material_quality: MaterialQuality::parse(&self.material_quality).ok_or_else(|| corrupt("material_quality"))?,
            actual_cost: self.actual_cost_cents.map(|c| Money::from_cents(c).ok_or_else(|| corrupt("actual_cost"))).transpose()?,
            due_date: self.due_date.map(|d| chrono::NaiveDate::parse_from_str(&d, "%Y-%m-%d").map_err(|_| corrupt("due_date"))).transpose()?,
            position: self.position,
        })
    }
}

/// Column order of the board.
fn column_index(s: TaskStatus) -> usize {
    TaskStatus::ALL.iter().position(|x| *x == s).unwrap_or(0)
}

fn load_task(conn: &mut DbConnection, id: i64) -> Result<Task, DieselError> {
    tasks::table.find(id).select(TaskRow::as_select()).first(conn)?.into_domain()
}

/// Number of tasks in a column. Positions are dense (0..len), so this is the largest position
/// plus one: one index probe on `tasks_project_column` instead of counting the whole column.
fn column_len(conn: &mut DbConnection, project_id: i64, status: TaskStatus) -> Result<i32, DieselError> {
    let last: Option<i32> =
        tasks::table.filter(tasks::project_id.eq(project_id).and(tasks::status.eq(status.label()))).select(diesel::dsl::max(tasks::position)).first(conn)?;
    Ok(last.map_or(0, |p| p.saturating_add(1)))
}

/// Shifts positions in one column by `delta` for positions in `from..=to`.
fn shift(conn: &mut DbConnection, project_id: i64, status: TaskStatus, from: i32, to: i32, delta: i32) -> Result<(), DieselError> {
    if from > to {
        return Ok(());
    }
    ShiftPositions { project_id, status: status.label(), from, to, delta }.execute(conn)?;
    Ok(())
}

/// Bumps the version of the project that holds `task_id` (NotFound when there is no such task).
///
/// Task writes start with this: on PostgreSQL the row lock on the project serialises writers of
/// one board, so positions read next are current and stay dense under concurrent moves and
/// creates (on SQLite, `Db::write` already runs one writer at a time).
fn bump_version_of_task(conn: &mut DbConnection, task_id: i64) -> Result<Bumped, DieselError> {
    let (project_id, owner_id, version) = BumpVersionOfTask { task_id, updated_at: now() }.get_result(conn)?;
    Ok(Bumped { project_id, owner_id, version })
}

#[derive(AsChangeset, Default)]
#[diesel(table_name = tasks)]
struct TaskFieldChanges {
    title: Option<String>,
    description: Option<String>,
    status: Option<&'static str>,
    material_quality: Option<&'static str>,
    actual_cost_cents: Option<Option<i64>>,
    due_date: Option<Option<String>>,
    position: Option<i32>,
    updated_at: Option<chrono::NaiveDateTime>,
}

pub struct DieselTaskRepository {
    db: Db,
}

impl DieselTaskRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl TaskRepository for DieselTaskRepository {
    fn list_for_project(&self, project_id: i64) -> Result<Vec<Task>, RepoError> {
        // One query. Read in the order of the `tasks_project_column` index (no sort in the
        // database), then put the columns in board order.
        let mut list: Vec<Task> = self.db.read(|conn| {
            tasks::table
                .filter(tasks::project_id.eq(project_id))
                .order((tasks::status.asc(), tasks::position.asc(), tasks::id.asc()))
                .select(TaskRow::as_select())
                .load(conn)?
                .into_iter()
                .map(TaskRow::into_domain)
                .collect::<Result<_, _>>()
        })?;
        // Stable: keeps position order inside each column.
        list.sort_by_key(|t| column_index(t.status));
        Ok(list)
    }

    fn find_for_owner(&self, task_id: i64, owner_id: i64) -> Result<Option<(Task, Project)>, RepoError> {
        self.db.read(|conn| {
            let found: Option<(TaskRow, ProjectRow)> = tasks::table
                .inner_join(projects::table)
                .filter(tasks::id.eq(task_id).and(projects::owner_id.eq(owner_id)))
                .select((TaskRow::as_select(), ProjectRow::as_select()))
                .first(conn)
                .optional()?;
            found.map(|(t, p)| Ok((t.into_domain()?, p.into_domain()?))).transpose()
        })
    }

    fn create(&self, task: &NewTask) -> Result<Task, RepoError> {
        let task = task.clone();
        let (created, bumped) = self.db.write(move |conn| {
            // First, so that concurrent creates in one column (PostgreSQL) queue on the
            // project row instead of reading the same column length.
            let bumped = bump_version(conn, task.project_id)?;
            let position = column_len(conn, task.project_id, task.status)?;
            let t = now();
            let id: i64 = diesel::insert_into(tasks::table)
                .values((
                    tasks::project_id.eq(task.project_id),
                    tasks::title.eq(task.title.as_str()),
                    tasks::description.eq(&task.description),
                    tasks::status.eq(task.status.label()),
                    tasks::material_quality.eq(task.material_quality.code()),
                    tasks::actual_cost_cents.eq(task.actual_cost.map(Money::cents)),
                    tasks::due_date.eq(task.due_date.map(|d| d.to_string())),
                    tasks::position.eq(position),
                    tasks::created_at.eq(t),
                    tasks::updated_at.eq(t),
                ))
                .returning(tasks::id)
                .get_result(conn)?;
            // Everything stored is known here: no need to read the row back.
            let created = Task {
                id,
                project_id: task.project_id,
                title: task.title.as_str().to_owned(),
                description: task.description.clone(),
                status: task.status,
                material_quality: task.material_quality,
                actual_cost: task.actual_cost,
                due_date: task.due_date,
                position,
            };
            Ok((created, bumped))
        })?;
        self.db.memo().observe(bumped);
        Ok(created)
    }

    fn update(&self, task_id: i64, changes: &TaskChanges) -> Result<Task, RepoError> {
        let changes = changes.clone();
        let (updated, bumped) = self.db.write(move |conn| {
            let bumped = bump_version_of_task(conn, task_id)?;
            let current = load_task(conn, task_id)?;
            let project_id = current.project_id;
            let target = changes.status.unwrap_or(current.status);
            let mut fields = TaskFieldChanges {
                title: changes.title.as_ref().map(|t| t.as_str().to_owned()),
                description: changes.description.clone(),
                status: changes.status.map(TaskStatus::label),
                material_quality: changes.material_quality.map(MaterialQuality::code),
                actual_cost_cents: changes.actual_cost.map(|c| c.map(Money::cents)),
                due_date: changes.due_date.map(|d| d.map(|d| d.to_string())),
                position: None,
                updated_at: Some(now()),
            };
            if target != current.status {
                // Leave the old column (closing the gap), then make room in the new one.
                shift(conn, project_id, current.status, current.position + 1, i32::MAX, -1)?;
                let len = column_len(conn, project_id, target)?;
                let wanted = changes.position.unwrap_or(len).clamp(0, len);
                if wanted < len {
                    shift(conn, project_id, target, wanted, i32::MAX, 1)?;
                }
                fields.position = Some(wanted);
            } else if let Some(p) = changes.position {
                let last = column_len(conn, project_id, target)? - 1;
                let wanted = p.clamp(0, last.max(0));
                if wanted < current.position {
                    shift(conn, project_id, target, wanted, current.position - 1, 1)?;
                } else if wanted > current.position {
                    shift(conn, project_id, target, current.position + 1, wanted, -1)?;
                }
                fields.position = Some(wanted);
            }
            diesel::update(tasks::table.find(task_id)).set(&fields).execute(conn)?;
            // The row as just written, built from what was read and changed (one query less).
            let updated = Task {
                id: current.id,
                project_id,
                title: fields.title.unwrap_or(current.title),
                description: fields.description.unwrap_or(current.description),
                status: target,
                material_quality: changes.material_quality.unwrap_or(current.material_quality),
                actual_cost: changes.actual_cost.unwrap_or(current.actual_cost),
                due_date: changes.due_date.unwrap_or(current.due_date),
                position: fields.position.unwrap_or(current.position),
            };
            Ok((updated, bumped))
        })?;
        self.db.memo().observe(bumped);
        Ok(updated)
    }

    fn delete(&self, task_id: i64) -> Result<Vec<String>, RepoError> {
        let (keys, bumped) = self.db.write(move |conn| {
            let current = load_task(conn, task_id)?;
            let keys: Vec<String> = documents::table.filter(documents::task_id.eq(task_id)).select(documents::storage_key).load(conn)?;
            diesel::delete(tasks::table.find(task_id)).execute(conn)?;
            shift(conn, current.project_id, current.status, current.position + 1, i32::MAX, -1)?;
            let bumped = bump_version(conn, current.project_id)?;
            Ok((keys, bumped))
        })?;
        self.db.memo().observe(bumped);
        Ok(keys)
    }
}
