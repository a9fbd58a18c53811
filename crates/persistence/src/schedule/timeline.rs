//! What a project's schedule is computed from, in one read of six queries whatever the number of
//! tasks (the project row with its calendar, the tasks' timings, the links, the delays, the
//! inspections, the baseline), and the baseline's write.

use buildledger_application::error::RepoError;
use buildledger_application::ports::Rule;
use buildledger_application::schedule::ports::{
    BaselineSnapshot, ScheduleRead, ScheduleRepository, ScheduledInspection,
};
use buildledger_domain::ids::{ProjectId, TypedId, UserId};
use buildledger_domain::schedule::{
    BaselineEntry, InspectionResult, ScheduleInput, TaskTiming, WorkCalendar, WorkWeek,
};
use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use super::dependencies::project_links;
use crate::activity;
use crate::connection::DbConnection;
use crate::db::Db;
use crate::ledger::{corrupt, date, refused, Guarded};
use crate::projects::bump_version;
use crate::schema::{inspections, projects, schedule_baselines, task_delays, tasks};
use buildledger_domain::activity as trail;

type ProjectColumns = (i64, i64, String, i64, NaiveDateTime, String, String, String, Option<i64>);
type TaskColumns = (i64, String, Option<i32>, Option<String>, Option<String>, Option<String>);

fn optional_date(raw: Option<String>) -> Result<Option<NaiveDate>, DieselError> {
    raw.as_deref().map(date).transpose()
}

/// A stored comma-separated list (`work_week`, `non_working_days`), empty items left out.
fn items(raw: &str) -> impl Iterator<Item = &str> {
    raw.split(',').map(str::trim).filter(|s| !s.is_empty())
}

/// The project's calendar from its stored columns.
fn calendar(work_week: &str, non_working_days: &str) -> Result<WorkCalendar, DieselError> {
    let codes: Vec<String> = items(work_week).map(str::to_owned).collect();
    let week = WorkWeek::parse(&codes).ok_or_else(|| corrupt("work week"))?;
    let days = items(non_working_days).map(date).collect::<Result<Vec<_>, _>>()?;
    Ok(WorkCalendar::new(week, days))
}

/// Everything the schedule of project `project_id` (the owner's, when `owner_id` is given) is
/// computed from; `today` left at its default. Six queries.
pub(crate) fn schedule_read(
    conn: &mut DbConnection,
    project_id: i64,
    owner_id: Option<i64>,
) -> Result<Option<ScheduleRead>, DieselError> {
    let mut project = projects::table.filter(projects::id.eq(project_id)).into_boxed();
    if let Some(owner_id) = owner_id {
        project = project.filter(projects::owner_id.eq(owner_id));
    }
    let Some(p): Option<ProjectColumns> = project
        .select((
            projects::id,
            projects::owner_id,
            projects::name,
            projects::version,
            projects::updated_at,
            projects::start_date,
            projects::work_week,
            projects::non_working_days,
            projects::monthly_carrying_cost_cents,
        ))
        .first(conn)
        .optional()?
    else {
        return Ok(None);
    };
    let (id, owner_id, name, version, updated_at, start, work_week, non_working_days, monthly) = p;
    let rows: Vec<TaskColumns> = tasks::table
        .filter(tasks::project_id.eq(project_id))
        .order(tasks::id)
        .select((
            tasks::id,
            tasks::title,
            tasks::duration_days,
            tasks::planned_start,
            tasks::actual_start,
            tasks::actual_finish,
        ))
        .load(conn)?;
    let mut titles = Vec::with_capacity(rows.len());
    let mut timings = Vec::with_capacity(rows.len());
    for (task, title, duration_days, planned_start, actual_start, actual_finish) in rows {
        titles.push((task, title));
        timings.push(TaskTiming {
            task,
            duration_days,
            planned_start: optional_date(planned_start)?,
            actual_start: optional_date(actual_start)?,
            actual_finish: optional_date(actual_finish)?,
        });
    }
    let links = project_links(conn, project_id)?;
    let delays: Vec<(i64, i32)> = task_delays::table
        .filter(task_delays::project_id.eq(project_id))
        .order(task_delays::id)
        .select((task_delays::task_id, task_delays::days))
        .load(conn)?;
    let inspection_rows: Vec<(i64, i64, String, String, String)> = inspections::table
        .filter(inspections::project_id.eq(project_id))
        .order((inspections::scheduled_on, inspections::id))
        .select((
            inspections::id,
            inspections::task_id,
            inspections::kind,
            inspections::scheduled_on,
            inspections::result,
        ))
        .load(conn)?;
    let mut held = Vec::with_capacity(inspection_rows.len());
    let mut shown = Vec::with_capacity(inspection_rows.len());
    for (id, task, kind, scheduled_on, result) in inspection_rows {
        let scheduled_on = date(&scheduled_on)?;
        held.push((task, scheduled_on, InspectionResult::parse(&result).ok_or_else(|| corrupt("inspection result"))?));
        shown.push(ScheduledInspection { id, task, kind, scheduled_on });
    }
    let baseline = schedule_baselines::table
        .filter(schedule_baselines::project_id.eq(project_id))
        .order(schedule_baselines::task_id)
        .select((schedule_baselines::task_id, schedule_baselines::start_date, schedule_baselines::finish_date))
        .load::<(i64, String, String)>(conn)?
        .into_iter()
        .map(|(task, start, finish)| Ok(BaselineEntry { task, start: date(&start)?, finish: date(&finish)? }))
        .collect::<Result<Vec<_>, DieselError>>()?;
    let input = ScheduleInput {
        start: date(&start)?,
        calendar: calendar(&work_week, &non_working_days)?,
        tasks: timings,
        links,
        delays,
        inspections: held,
        baseline,
        today: NaiveDate::default(),
        monthly_carrying_cost_cents: monthly,
    };
    Ok(Some(ScheduleRead { project_id: id, owner_id, name, version, updated_at, input, titles, inspections: shown }))
}

#[derive(Insertable)]
#[diesel(table_name = schedule_baselines)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct BaselineRow {
    task_id: i64,
    project_id: i64,
    /// `YYYY-MM-DD`.
    start_date: String,
    finish_date: String,
}

pub struct DieselScheduleRepository {
    db: Db,
}

impl DieselScheduleRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl ScheduleRepository for DieselScheduleRepository {
    fn schedule_input(&self, owner_id: UserId, project_id: ProjectId) -> Result<Option<ScheduleRead>, RepoError> {
        self.db.read(|conn| schedule_read(conn, project_id.get(), Some(owner_id.get())))
    }

    fn save_baseline(
        &self,
        project_id: ProjectId,
        taken_at: NaiveDateTime,
        snapshot: Rule<ScheduleRead, BaselineSnapshot>,
    ) -> Result<BaselineSnapshot, RepoError> {
        let project_id = project_id.get();
        self.db
            .write_project(project_id, move |conn| -> Guarded<BaselineSnapshot> {
                let bumped = bump_version(conn, project_id)?;
                let read = schedule_read(conn, project_id, None)?.ok_or(DieselError::NotFound)?;
                // The baseline it replaces, for the trail's sentence.
                let (before_finish, before_taken): (Option<String>, Option<NaiveDateTime>) = projects::table
                    .find(project_id)
                    .select((projects::baseline_finish, projects::baseline_taken_at))
                    .first(conn)?;
                let snap = match snapshot(&read) {
                    Ok(snap) => snap,
                    Err(e) => return refused(e),
                };
                diesel::delete(schedule_baselines::table.filter(schedule_baselines::project_id.eq(project_id)))
                    .execute(conn)?;
                // One statement per task: batch inserts are not available over diesel's MultiConnection.
                for t in &snap.tasks {
                    diesel::insert_into(schedule_baselines::table)
                        .values(BaselineRow {
                            task_id: t.task,
                            project_id,
                            start_date: t.start.to_string(),
                            finish_date: t.finish.to_string(),
                        })
                        .execute(conn)?;
                }
                diesel::update(projects::table.find(project_id))
                    .set((
                        projects::baseline_finish.eq(snap.finish.map(|d| d.to_string())),
                        projects::baseline_taken_at.eq(Some(taken_at)),
                    ))
                    .execute(conn)?;
                let entry = trail::schedule_baselined(
                    before_taken.is_some(),
                    optional_date(before_finish)?,
                    snap.finish,
                    snap.tasks.len(),
                );
                activity::record(conn, project_id, bumped.owner_id, [entry])?;
                Ok(Ok(snap))
            })
            .and_then(|r| r)
    }
}
