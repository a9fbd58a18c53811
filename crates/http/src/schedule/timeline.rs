//! `GET /api/projects/{id}/schedule/`: the project's computed schedule (issue 33,
//! docs/schedule.md), with a strong ETag per project version and day like the board
//! (`conditional.rs`); `POST /api/projects/{id}/baseline/` takes a baseline of it.

use actix_web::http::header;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use buildledger_application::schedule::timeline::Baseline;
use buildledger_domain::ids::{ProjectId, TypedId};
use buildledger_domain::schedule::{Schedule, ScheduledTask};
use chrono::NaiveDate;
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::ProjectCaller;
use crate::conditional::{current_version, matches_tag, not_modified};
use crate::error::{blocking, ApiError};
use crate::fields::dollars;
use crate::path::IdPath;
use crate::state::AppState;

fn day(d: NaiveDate) -> String {
    d.to_string()
}

/// One scheduled task's computed dates (working days for float and variance).
#[derive(Serialize, ToSchema)]
#[schema(as = ScheduledTask)]
pub struct ScheduledTaskResponse {
    task: i64,
    /// Earliest start.
    #[schema(format = Date)]
    start: String,
    /// Earliest finish.
    #[schema(format = Date)]
    finish: String,
    #[schema(format = Date)]
    late_start: String,
    #[schema(format = Date)]
    late_finish: String,
    /// Working days it can slip without moving the project's finish.
    total_float: i32,
    /// On the critical path (no float).
    critical: bool,
    #[schema(format = Date, required = true)]
    baseline_start: Option<String>,
    #[schema(format = Date, required = true)]
    baseline_finish: Option<String>,
    /// Working days from its baseline finish to its finish (positive: late); null without a baseline.
    #[schema(required = true)]
    variance_days: Option<i32>,
    /// Its recorded delays, working days.
    delay_days: i32,
    /// Its inspections hold its successors (a pending one after its finish, or a failure not yet passed).
    held_by_inspection: bool,
}

impl From<&ScheduledTask> for ScheduledTaskResponse {
    fn from(t: &ScheduledTask) -> Self {
        ScheduledTaskResponse {
            task: t.task,
            start: day(t.start),
            finish: day(t.finish),
            late_start: day(t.late_start),
            late_finish: day(t.late_finish),
            total_float: t.total_float,
            critical: t.critical,
            baseline_start: t.baseline_start.map(day),
            baseline_finish: t.baseline_finish.map(day),
            variance_days: t.variance_days,
            delay_days: t.delay_days,
            held_by_inspection: t.held_by_inspection,
        }
    }
}

/// A project's schedule, computed from its tasks' durations and dates, links, delays,
/// inspections, working calendar and baseline.
#[derive(Serialize, ToSchema)]
#[schema(as = Schedule)]
pub struct ScheduleResponse {
    /// The project's start date.
    #[schema(format = Date)]
    start: String,
    /// The latest finish of a scheduled task; null when none is scheduled.
    #[schema(format = Date, required = true)]
    finish: Option<String>,
    #[schema(format = Date, required = true)]
    baseline_finish: Option<String>,
    /// Working days from the baseline finish to the finish; null without a baseline.
    #[schema(required = true)]
    variance_days: Option<i32>,
    /// Calendar days from the baseline finish to the finish.
    #[schema(required = true)]
    slip_calendar_days: Option<i64>,
    /// Dollars: slip calendar days (when positive) x monthly carrying cost / 30; null without a
    /// baseline or a monthly carrying cost.
    #[schema(required = true, minimum = 0)]
    carrying_cost_of_slip: Option<f64>,
    /// Critical tasks' ids in order of start.
    critical_path: Vec<i64>,
    /// Tasks without a duration.
    unscheduled: Vec<i64>,
    /// Scheduled tasks in order of start (then finish, then id).
    tasks: Vec<ScheduledTaskResponse>,
}

impl From<&Schedule> for ScheduleResponse {
    fn from(s: &Schedule) -> Self {
        ScheduleResponse {
            start: day(s.start),
            finish: s.finish.map(day),
            baseline_finish: s.baseline_finish.map(day),
            variance_days: s.variance_days,
            slip_calendar_days: s.slip_calendar_days,
            carrying_cost_of_slip: s.carrying_cost_of_slip_cents.map(dollars),
            critical_path: s.critical_path.clone(),
            unscheduled: s.unscheduled.clone(),
            tasks: s.tasks.iter().map(ScheduledTaskResponse::from).collect(),
        }
    }
}

/// A baseline just taken.
#[derive(Serialize, ToSchema)]
#[schema(as = Baseline)]
pub struct BaselineResponse {
    /// The schedule's finish when it was taken; null when no task was scheduled.
    #[schema(format = Date, required = true)]
    baseline_finish: Option<String>,
    #[schema(format = DateTime)]
    taken_at: String,
    /// How many tasks it holds (the scheduled ones).
    tasks: usize,
}

impl From<Baseline> for BaselineResponse {
    fn from(b: Baseline) -> Self {
        BaselineResponse {
            baseline_finish: b.finish.map(day),
            taken_at: b.taken_at.and_utc().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            tasks: b.tasks,
        }
    }
}

/// The schedule's tag: its project's version and the day (a failed inspection holds until today).
fn schedule_etag(project_id: i64, version: i64, today: NaiveDate) -> String {
    format!("\"sch{project_id}-v{version}-{}-{}\"", today.format("%Y%m%d"), env!("CARGO_PKG_VERSION"))
}

#[utoipa::path(
    tag = "schedule", operation_id = "getSchedule", summary = "The project's schedule: dates, float, critical path, variance",
    description = "Computed from the tasks' durations and dates, the links, recorded delays, inspections, the \
        project's working calendar and its baseline. Strong `ETag` per project version and day, like the board.",
    params(IdPath<ProjectId>),
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The schedule.", body = ScheduleResponse,
            headers(("ETag" = String, description = "Changes with every write to the project, and every day."))),
        (status = 304, description = "Not modified since the `If-None-Match` tag."),
        crate::openapi::OwnedErrors,
    )
)]
#[get("/projects/{id}/schedule/")]
pub async fn schedule(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let today = state.timeline.today();
    let version = current_version(&state, user.owner(), project_id).await?;
    let known = schedule_etag(project_id.get(), version, today);
    if matches_tag(&req, &known) {
        return Ok(not_modified(known));
    }
    let svc = state.timeline.clone();
    let computed = blocking(move || svc.schedule(user.owner(), project_id)).await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::ETAG, schedule_etag(project_id.get(), computed.version, today)))
        .insert_header((header::CACHE_CONTROL, "private, no-cache"))
        .json(ScheduleResponse::from(&computed.schedule)))
}

#[utoipa::path(
    tag = "schedule", operation_id = "takeBaseline", summary = "Take a baseline of the schedule as it stands",
    description = "Replaces the project's baseline: each scheduled task's dates and the finish, which the schedule's \
        variance is counted against.",
    params(IdPath<ProjectId>),
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "The baseline.", body = BaselineResponse),
        crate::openapi::SharedWriteErrors,
    )
)]
#[post("/projects/{id}/baseline/")]
pub async fn take_baseline(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId>,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let svc = state.timeline.clone();
    let baseline = blocking(move || svc.take_baseline(user.owner(), project_id)).await?;
    Ok(HttpResponse::Created().json(BaselineResponse::from(baseline)))
}
