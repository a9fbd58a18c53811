use buildledger_application::error::RepoError;
use buildledger_application::ports::TaskRepository;
use buildledger_domain::activity as trail;
use buildledger_domain::bid::BidFigures;
use buildledger_domain::board_order::{key_after, slot_between, Slot};
use buildledger_domain::ids::{TaskId, TypedId, UserId};
use buildledger_domain::money::Money;
use buildledger_domain::project::Project;
use buildledger_domain::schedule::LinkType;
use buildledger_domain::task::{LedgerFigures, MaterialQuality, NewTask, Task, TaskChanges, TaskSchedule, TaskStatus};
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::activity;
use crate::connection::{now, Backend, DbConnection};
use crate::db::Db;
use crate::effects::{record, Effect};
use crate::memo::Bumped;
use crate::projects::{bump_version, ProjectRow};
use crate::schema::{documents, task_dependencies, tasks};
use crate::statements::{FindTaskForOwner, RespaceColumn, UpdateTaskCall};

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
    /// Order inside the column; sparse (see `place`). Not the position the API shows.
    sort_key: i64,
    /// Kept by the bid writes (bids.rs).
    committed_cents: Option<i64>,
    bid_count: i32,
    lowest_bid_cents: Option<i64>,
    /// Kept by the ledger writes (ledger.rs).
    paid_cents: i64,
    payment_count: i32,
    change_order_cents: i64,
    planned_start: Option<String>,
    duration_days: Option<i32>,
    actual_start: Option<String>,
    actual_finish: Option<String>,
}

/// A stored `YYYY-MM-DD` date, or the column's corruption.
fn stored_date(raw: Option<String>, what: &str) -> Result<Option<chrono::NaiveDate>, DieselError> {
    raw.map(|d| {
        chrono::NaiveDate::parse_from_str(&d, "%Y-%m-%d")
            .map_err(|_| DieselError::DeserializationError(format!("invalid stored {what}").into()))
    })
    .transpose()
}

impl TaskRow {
    /// The task, with `position` its index in its column (computed by the caller).
    fn into_domain(self, position: i32) -> Result<Task, DieselError> {
        let corrupt = |what: &str| DieselError::DeserializationError(format!("invalid stored {what}").into());
        Ok(Task {
            id: self.id,
            project_id: self.project_id,
            title: self.title,
            description: self.description,
            status: TaskStatus::parse(&self.status).ok_or_else(|| corrupt("status"))?,
            material_quality: MaterialQuality::parse(&self.material_quality)
                .ok_or_else(|| corrupt("material_quality"))?,
            actual_cost: self
                .actual_cost_cents
                .map(|c| Money::from_cents(c).ok_or_else(|| corrupt("actual_cost")))
                .transpose()?,
            due_date: stored_date(self.due_date, "due_date")?,
            position,
            bids: BidFigures {
                committed: self.committed_cents.and_then(Money::from_cents),
                count: self.bid_count,
                lowest: self.lowest_bid_cents.and_then(Money::from_cents),
            },
            ledger: LedgerFigures {
                paid_cents: self.paid_cents,
                payment_count: self.payment_count,
                change_order_cents: self.change_order_cents,
            },
            schedule: TaskSchedule {
                planned_start: stored_date(self.planned_start, "planned_start")?,
                duration_days: self.duration_days,
                actual_start: stored_date(self.actual_start, "actual_start")?,
                actual_finish: stored_date(self.actual_finish, "actual_finish")?,
            },
        })
    }
}

/// Column order of the board.
fn column_index(s: TaskStatus) -> usize {
    TaskStatus::ALL.iter().position(|x| *x == s).unwrap_or(0)
}

/// Task `id` of project `project_id` (NotFound when that project holds no such task).
fn load_row(conn: &mut DbConnection, project_id: i64, id: i64) -> Result<TaskRow, DieselError> {
    tasks::table.find(id).filter(tasks::project_id.eq(project_id)).select(TaskRow::as_select()).first(conn)
}

/// The index of a task in its column: how many tasks sort before it.
fn position_of(conn: &mut DbConnection, row: &TaskRow, status: TaskStatus) -> Result<i32, DieselError> {
    let before: i64 = tasks::table
        .filter(tasks::project_id.eq(row.project_id).and(tasks::status.eq(status.label())))
        .filter(tasks::sort_key.lt(row.sort_key).or(tasks::sort_key.eq(row.sort_key).and(tasks::id.lt(row.id))))
        .count()
        .get_result(conn)?;
    Ok(i32::try_from(before).unwrap_or(i32::MAX))
}

/// Where a task goes at the end of a column (leaving `moving` out): its key and position.
fn end_of_column(
    conn: &mut DbConnection,
    project_id: i64,
    status: TaskStatus,
    moving: Option<i64>,
) -> Result<(i64, i32), DieselError> {
    let (count, last): (i64, Option<i64>) = tasks::table
        .filter(tasks::project_id.eq(project_id).and(tasks::status.eq(status.label())))
        .filter(tasks::id.ne(moving.unwrap_or(0)))
        .select((diesel::dsl::count_star(), diesel::dsl::max(tasks::sort_key)))
        .first(conn)?;
    Ok((key_after(last), i32::try_from(count).unwrap_or(i32::MAX)))
}

/// Places task `moving` at index `wanted` of a column (the column without it; clamped to its
/// end) and returns its new sort key and position: a key between its new neighbours
/// (domain/board_order.rs), so only the moved task is written; the column is spaced out again
/// first when the neighbours leave no room.
fn place(
    conn: &mut DbConnection,
    project_id: i64,
    status: TaskStatus,
    moving: i64,
    wanted: i32,
) -> Result<(i64, i32), DieselError> {
    let wanted = wanted.max(0);
    for _ in 0..2 {
        // The neighbours at wanted - 1 and wanted, in board order.
        let keys: Vec<i64> = tasks::table
            .filter(tasks::project_id.eq(project_id).and(tasks::status.eq(status.label())))
            .filter(tasks::id.ne(moving))
            .order((tasks::sort_key.asc(), tasks::id.asc()))
            .select(tasks::sort_key)
            .limit(2)
            .offset(i64::from(wanted.saturating_sub(1).max(0)))
            .load(conn)?;
        let (before, after) =
            if wanted == 0 { (None, keys.first().copied()) } else { (keys.first().copied(), keys.get(1).copied()) };
        match slot_between(before, after) {
            Slot::End => return end_of_column(conn, project_id, status, Some(moving)),
            Slot::Key(key) => return Ok((key, if before.is_none() { 0 } else { wanted })),
            Slot::NoRoom => {
                RespaceColumn { project_id, status: status.label() }.execute(conn)?;
            }
        }
    }
    // A spaced-out column always has room, so the second round never gets here.
    Err(DieselError::RollbackTransaction)
}

/// `update` on SQLite: the steps one statement at a time (no round trips in-process).
fn update_step_by_step(
    conn: &mut DbConnection,
    project_id: i64,
    task_id: i64,
    changes: &TaskChanges,
) -> Result<(Task, i64), DieselError> {
    // The project row first, as in `create`: the sort keys read next are current.
    let bumped = bump_version(conn, project_id)?;
    let row = load_row(conn, project_id, task_id)?;
    let current_status = TaskStatus::parse(&row.status)
        .ok_or_else(|| DieselError::DeserializationError("invalid stored status".into()))?;
    let target = changes.status.unwrap_or(current_status);
    let mut fields = TaskFieldChanges {
        title: changes.title.as_ref().map(|t| t.as_str().to_owned()),
        description: changes.description.clone(),
        status: changes.status.map(TaskStatus::label),
        material_quality: changes.material_quality.map(MaterialQuality::code),
        actual_cost_cents: changes.actual_cost.map(|c| c.map(Money::cents)),
        due_date: changes.due_date.map(|d| d.map(|d| d.to_string())),
        sort_key: None,
        updated_at: Some(now()),
        schedule: ScheduleFieldChanges::of(changes),
    };
    // Only the moved task is written: the tasks around it keep their keys, and the
    // gap it leaves in its old column needs nothing.
    let position = match (target != current_status, changes.position) {
        (_, Some(wanted)) => {
            let (key, position) = place(conn, project_id, target, task_id, wanted)?;
            fields.sort_key = Some(key);
            position
        }
        // Another column, no position asked: the end of it.
        (true, None) => {
            let (key, position) = end_of_column(conn, project_id, target, Some(task_id))?;
            fields.sort_key = Some(key);
            position
        }
        (false, None) => position_of(conn, &row, current_status)?,
    };
    diesel::update(tasks::table.find(task_id)).set(&fields).execute(conn)?;
    // The row as just written, built from what was read and changed (one query less).
    let current = row.into_domain(position)?;
    let updated = Task {
        id: current.id,
        project_id,
        title: fields.title.unwrap_or(current.title),
        description: fields.description.unwrap_or(current.description),
        status: target,
        material_quality: changes.material_quality.unwrap_or(current.material_quality),
        actual_cost: changes.actual_cost.unwrap_or(current.actual_cost),
        due_date: changes.due_date.unwrap_or(current.due_date),
        position,
        bids: current.bids,
        ledger: current.ledger,
        schedule: current.schedule.with(changes),
    };
    Ok((updated, bumped.owner_id))
}

/// `update` on PostgreSQL: the same steps in the `board_update_task` function, one round trip
/// (see `UpdateTaskCall`). Both paths run the same repository tests.
fn update_in_one_call(
    conn: &mut DbConnection,
    project_id: i64,
    task_id: i64,
    changes: &TaskChanges,
    (bids, ledger, schedule): (BidFigures, LedgerFigures, TaskSchedule),
) -> Result<(Task, i64), DieselError> {
    let call = UpdateTaskCall {
        project_id,
        task_id,
        now: now(),
        title: changes.title.as_ref().map(|t| t.as_str().to_owned()),
        description: changes.description.clone(),
        status: changes.status.map(TaskStatus::label),
        material_quality: changes.material_quality.map(MaterialQuality::code),
        set_cost: changes.actual_cost.is_some(),
        actual_cost_cents: changes.actual_cost.flatten().map(Money::cents),
        set_due: changes.due_date.is_some(),
        due_date: changes.due_date.flatten().map(|d| d.to_string()),
        position: changes.position,
    };
    let (owner_id, version, title, description, status, material_quality, actual_cost_cents, due_date, position): UpdatedTask = call.get_result(conn)?;
    // The function keeps to the board's fields; a schedule change is one more statement in the
    // same transaction (the project's row lock is already held), only when there is one.
    if changes.changes_schedule() {
        diesel::update(tasks::table.find(task_id)).set(ScheduleFieldChanges::of(changes)).execute(conn)?;
    }
    let row = TaskRow {
        id: task_id,
        project_id,
        title,
        description,
        status,
        material_quality,
        actual_cost_cents,
        due_date,
        sort_key: 0,
        // A task change does not touch its bids or ledger: they are as the caller read them.
        committed_cents: bids.committed.map(Money::cents),
        bid_count: bids.count,
        lowest_bid_cents: bids.lowest.map(Money::cents),
        paid_cents: ledger.paid_cents,
        payment_count: ledger.payment_count,
        change_order_cents: ledger.change_order_cents,
        planned_start: None,
        duration_days: None,
        actual_start: None,
        actual_finish: None,
    };
    record(Effect::Version(Bumped { project_id, owner_id, version }));
    // A task change reads the task first: its dates are as the caller read them, with the change.
    Ok((Task { schedule: schedule.with(changes), ..row.into_domain(position)? }, owner_id))
}

type UpdatedTask = (i64, i64, String, String, String, String, Option<i64>, Option<String>, i32);

#[derive(AsChangeset, Default)]
#[diesel(table_name = tasks)]
struct TaskFieldChanges {
    title: Option<String>,
    description: Option<String>,
    status: Option<&'static str>,
    material_quality: Option<&'static str>,
    actual_cost_cents: Option<Option<i64>>,
    due_date: Option<Option<String>>,
    sort_key: Option<i64>,
    updated_at: Option<chrono::NaiveDateTime>,
    #[diesel(embed)]
    schedule: ScheduleFieldChanges,
}

/// The schedule fields a change sets (`None`: unchanged; `Some(None)`: cleared).
#[derive(AsChangeset, Default)]
#[diesel(table_name = tasks)]
struct ScheduleFieldChanges {
    planned_start: Option<Option<String>>,
    duration_days: Option<Option<i32>>,
    actual_start: Option<Option<String>>,
    actual_finish: Option<Option<String>>,
}

impl ScheduleFieldChanges {
    fn of(changes: &TaskChanges) -> Self {
        let date = |d: Option<Option<chrono::NaiveDate>>| d.map(|d| d.map(|d| d.to_string()));
        ScheduleFieldChanges {
            planned_start: date(changes.planned_start),
            duration_days: changes.duration_days,
            actual_start: date(changes.actual_start),
            actual_finish: date(changes.actual_finish),
        }
    }
}

/// A new task's row.
#[derive(Insertable)]
#[diesel(table_name = tasks, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewTaskRow<'a> {
    project_id: i64,
    title: &'a str,
    description: &'a str,
    status: &'static str,
    material_quality: &'static str,
    actual_cost_cents: Option<i64>,
    /// `YYYY-MM-DD`.
    due_date: Option<String>,
    sort_key: i64,
    created_at: chrono::NaiveDateTime,
    updated_at: chrono::NaiveDateTime,
    planned_start: Option<String>,
    duration_days: Option<i32>,
    actual_start: Option<String>,
    actual_finish: Option<String>,
}

impl<'a> NewTaskRow<'a> {
    /// `task` in project `project_id` at `sort_key`, created at `t`.
    fn new(project_id: i64, task: &'a NewTask, sort_key: i64, t: chrono::NaiveDateTime) -> Self {
        NewTaskRow {
            project_id,
            title: task.title.as_str(),
            description: &task.description,
            status: task.status.label(),
            material_quality: task.material_quality.code(),
            actual_cost_cents: task.actual_cost.map(Money::cents),
            due_date: task.due_date.map(|d| d.to_string()),
            sort_key,
            created_at: t,
            updated_at: t,
            planned_start: task.schedule.planned_start.map(|d| d.to_string()),
            duration_days: task.schedule.duration_days,
            actual_start: task.schedule.actual_start.map(|d| d.to_string()),
            actual_finish: task.schedule.actual_finish.map(|d| d.to_string()),
        }
    }
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
        // database), number each column from 0, then put the columns in board order.
        let mut list: Vec<Task> = self.db.read(|conn| {
            let rows = tasks::table
                .filter(tasks::project_id.eq(project_id))
                .order((tasks::status.asc(), tasks::sort_key.asc(), tasks::id.asc()))
                .select(TaskRow::as_select())
                .load(conn)?;
            let mut column: Option<String> = None;
            let mut position = 0;
            rows.into_iter()
                .map(|row| {
                    if column.as_deref() != Some(row.status.as_str()) {
                        column = Some(row.status.clone());
                        position = 0;
                    }
                    position += 1;
                    row.into_domain(position - 1)
                })
                .collect::<Result<_, _>>()
        })?;
        // Stable: keeps position order inside each column.
        list.sort_by_key(|t| column_index(t.status));
        Ok(list)
    }

    fn find_for_owner(&self, owner_id: UserId, task_id: TaskId) -> Result<Option<(Task, Project)>, RepoError> {
        let (task_id, owner_id) = (task_id.get(), owner_id.get());
        self.db.read(|conn| {
            let found: Option<(TaskRow, ProjectRow, i64)> =
                FindTaskForOwner { task_id, owner_id }.get_result(conn).optional()?;
            let Some((row, project, before)) = found else { return Ok(None) };
            Ok(Some((row.into_domain(i32::try_from(before).unwrap_or(i32::MAX))?, project.into_domain()?)))
        })
    }

    fn create(&self, task: &NewTask) -> Result<Task, RepoError> {
        let task = task.clone();
        self.db.write_project(task.project_id, move |conn| {
            // First: on PostgreSQL the row lock on the project orders the writers of one board
            // (another instance's, or this one's pooled writes), so the end of the column read
            // next is current.
            let bumped = bump_version(conn, task.project_id)?;
            let (sort_key, position) = end_of_column(conn, task.project_id, task.status, None)?;
            let t = now();
            let id: i64 = diesel::insert_into(tasks::table)
                .values(NewTaskRow::new(task.project_id, &task, sort_key, t))
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
                bids: BidFigures::default(),
                ledger: LedgerFigures::default(),
                schedule: task.schedule,
            };
            activity::record(conn, task.project_id, bumped.owner_id, [trail::task_created(&created)])?;
            Ok(created)
        })
    }

    fn create_first(&self, project_id: i64, new: &[NewTask], links: &[(usize, usize)]) -> Result<Vec<Task>, RepoError> {
        let (new, links) = (new.to_vec(), links.to_vec());
        self.db
            .write_project(project_id, move |conn| {
                // The row lock first (as in `create`), then the emptiness check under it.
                let bumped = bump_version(conn, project_id)?;
                let existing: i64 = tasks::table.filter(tasks::project_id.eq(project_id)).count().get_result(conn)?;
                if existing > 0 {
                    return Ok(Err(RepoError::Conflict("tasks".into())));
                }
                let t = now();
                let mut created: Vec<Task> = Vec::with_capacity(new.len());
                let mut last_key: std::collections::HashMap<TaskStatus, (i64, i32)> = Default::default();
                for task in &new {
                    let (prev, position) = last_key.get(&task.status).map_or((None, 0), |(k, p)| (Some(*k), p + 1));
                    let sort_key = key_after(prev);
                    last_key.insert(task.status, (sort_key, position));
                    let id: i64 = diesel::insert_into(tasks::table)
                        .values(NewTaskRow::new(project_id, task, sort_key, t))
                        .returning(tasks::id)
                        .get_result(conn)?;
                    created.push(Task {
                        id,
                        project_id,
                        title: task.title.as_str().to_owned(),
                        description: task.description.clone(),
                        status: task.status,
                        material_quality: task.material_quality,
                        actual_cost: task.actual_cost,
                        due_date: task.due_date,
                        position,
                        bids: BidFigures::default(),
                        ledger: LedgerFigures::default(),
                        schedule: task.schedule,
                    });
                }
                // The list's finish-to-start links: one statement each, as the tasks above (batch
                // inserts are not available over diesel's MultiConnection); a list has ~40.
                let pairs =
                    links.iter().filter_map(|&(before, after)| Some((created.get(before)?.id, created.get(after)?.id)));
                for (predecessor, successor) in pairs {
                    diesel::insert_into(task_dependencies::table)
                        .values((
                            task_dependencies::project_id.eq(project_id),
                            task_dependencies::predecessor_id.eq(predecessor),
                            task_dependencies::successor_id.eq(successor),
                            task_dependencies::link_type.eq(LinkType::FinishToStart.code()),
                            task_dependencies::lag_days.eq(0),
                            task_dependencies::created_at.eq(t),
                        ))
                        .execute(conn)?;
                }
                activity::record(conn, project_id, bumped.owner_id, created.iter().map(trail::task_created))?;
                Ok(Ok(created))
            })
            .and_then(|created| created)
    }

    fn update(&self, task: &Task, changes: &TaskChanges) -> Result<Task, RepoError> {
        let (project_id, task_id, changes, figures) =
            (task.project_id, task.id, changes.clone(), (task.bids, task.ledger, task.schedule));
        let in_one_call = self.db.backend() == Backend::Postgres;
        let before = task.clone();
        self.db.write_project(project_id, move |conn| {
            let (updated, actor) = if in_one_call {
                update_in_one_call(conn, project_id, task_id, &changes, figures)?
            } else {
                update_step_by_step(conn, project_id, task_id, &changes)?
            };
            // What changed, from the task as the use case read it to the row as written.
            activity::record(conn, project_id, actor, trail::task_changes(&before, &updated))?;
            Ok(updated)
        })
    }

    fn delete(&self, task: &Task) -> Result<Vec<String>, RepoError> {
        let (project_id, task_id) = (task.project_id, task.id);
        let gone = task.clone();
        self.db.write_project(project_id, move |conn| {
            let bumped = bump_version(conn, project_id)?;
            load_row(conn, project_id, task_id)?;
            // Kept after the task: the entry's task is a plain number, not a foreign key.
            activity::record(conn, project_id, bumped.owner_id, [trail::task_deleted(&gone)])?;
            let keys: Vec<String> =
                documents::table.filter(documents::task_id.eq(task_id)).select(documents::storage_key).load(conn)?;
            // Positions are counted on read: the tasks after it move up by themselves.
            diesel::delete(tasks::table.find(task_id)).execute(conn)?;
            Ok(keys)
        })
    }
}

#[cfg(test)]
mod tests {
    use diesel::prelude::*;

    use super::TaskRow;
    use crate::projects::ProjectRow;
    use crate::schema::{projects, tasks};
    use crate::statements::{PROJECT_ROW_COLUMNS, TASK_ROW_COLUMNS};

    /// The hand-written column lists of `FindTaskForOwner` are the rows' own, in order.
    #[test]
    fn fixed_sql_selects_the_row_structs_columns_in_order() {
        let columns =
            |sql: String| sql.split(" FROM ").next().unwrap().trim_start_matches("SELECT ").replace(['`', '"'], "");
        let task =
            diesel::debug_query::<diesel::sqlite::Sqlite, _>(&tasks::table.select(TaskRow::as_select())).to_string();
        let project =
            diesel::debug_query::<diesel::sqlite::Sqlite, _>(&projects::table.select(ProjectRow::as_select()))
                .to_string();
        assert_eq!(columns(task), TASK_ROW_COLUMNS);
        assert_eq!(columns(project), PROJECT_ROW_COLUMNS);
    }
}
