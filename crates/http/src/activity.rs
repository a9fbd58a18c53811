//! `GET /api/projects/{id}/activity/`: the project's activity trail (issue 35), newest first, a
//! page at a time. The entries are written by the changes themselves (docs/architecture.md).

use actix_web::{get, web, HttpResponse};
use buildledger_application::activity::{ActivityPage, ActivityQuery};
use buildledger_domain::activity::ActivityEntry;
use buildledger_domain::ids::ProjectId;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::auth::ProjectCaller;
use crate::error::{blocking, ApiError};
use crate::path::IdPath;
use crate::state::AppState;

/// `?task=&cursor=&limit=`, read as text so that a bad value gets our own message.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ActivityParams {
    /// Only this task's entries (a deleted task's too).
    #[param(value_type = Option<i64>, minimum = 1)]
    task: Option<String>,
    /// The `next` cursor of the previous page.
    #[param(value_type = Option<String>)]
    cursor: Option<String>,
    /// How many entries, 1 to 200 (50 when absent).
    #[param(value_type = Option<i64>, minimum = 1, maximum = 200)]
    limit: Option<String>,
}

/// One change to the project.
#[derive(Serialize, ToSchema)]
pub struct ActivityEntryResponse {
    pub id: i64,
    /// When, in UTC (RFC 3339).
    pub at: String,
    /// Who made the change (username); null once their account is deleted.
    #[schema(required = true)]
    pub actor: Option<String>,
    /// What kind of change: `task.created`, `task.moved`, `task.cost_changed`, `task.edited`,
    /// `task.deleted`, `bid.created`, `bid.awarded`, `bid.declined`, `payment.created`,
    /// `change_order.approved`, `draw.submitted`, `draw.funded`, `waiver.received`,
    /// `document.uploaded`, `project.updated`, ...
    #[schema(example = "task.moved")]
    pub action: String,
    /// The task it concerns (its id, kept after the task is deleted); null for the project's
    /// own changes, draws and lien waivers.
    #[schema(required = true)]
    pub task: Option<i64>,
    /// A sentence, with the figures before and after.
    #[schema(example = "Framing's actual cost changed from $40,000.00 to $41,500.00.")]
    pub summary: String,
}

impl From<ActivityEntry> for ActivityEntryResponse {
    fn from(e: ActivityEntry) -> Self {
        Self {
            id: e.id,
            at: e.at.and_utc().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            actor: e.actor,
            action: e.action,
            task: e.task_id,
            summary: e.summary,
        }
    }
}

/// A page of the trail.
#[derive(Serialize, ToSchema)]
pub struct ActivityPageResponse {
    /// Newest first.
    pub entries: Vec<ActivityEntryResponse>,
    /// The `cursor` of the next page; null on the last one.
    #[schema(required = true)]
    pub next: Option<String>,
}

impl From<ActivityPage> for ActivityPageResponse {
    fn from(p: ActivityPage) -> Self {
        Self { entries: p.entries.into_iter().map(Into::into).collect(), next: p.next.map(|id| id.to_string()) }
    }
}

#[utoipa::path(
    tag = "activity", operation_id = "listProjectActivity", summary = "The project's activity trail, newest first",
    description = "Every change to the project's data, who made it, when, and a sentence with the figures before and after. Pages of `limit` entries; pass the answer's `next` as `cursor` for the next page. `task` keeps only that task's entries.",
    params(IdPath<ProjectId>, ActivityParams),
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "A page of the trail.", body = ActivityPageResponse),
        (status = 400, description = "A bad `task`, `cursor` or `limit` (`validation_error`, with `fields`).", body = crate::error::ErrorBody),
        crate::openapi::OwnedErrors,
    )
)]
#[get("/projects/{id}/activity/")]
pub async fn list_activity(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId>,
    params: web::Query<ActivityParams>,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let p = params.into_inner();
    let query = ActivityQuery::parse(p.task.as_deref(), p.cursor.as_deref(), p.limit.as_deref());
    let svc = state.activity.clone();
    let page = blocking(move || svc.list(user.owner(), project_id, query)).await?;
    Ok(HttpResponse::Ok().json(ActivityPageResponse::from(page)))
}
