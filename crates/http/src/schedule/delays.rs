//! Delays recorded on tasks (issue 33): a project's delays with their totals per reason and
//! their cost at the project's monthly carrying cost, and each delay's create, change, delete.

use actix_web::{delete, get, patch, post, web, HttpResponse};
use buildledger_application::schedule::delays::{DelayChange, ProjectDelays};
use buildledger_domain::ids::{DelayId, ProjectId};
use buildledger_domain::schedule::{delay_days, delay_reason, record_date, Delay, DelayInput, DelayTotal};
use buildledger_domain::{DomainError, FieldErrors};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::auth::ProjectCaller;
use crate::error::{blocking, ApiError};
use crate::fields::dollars;
use crate::path::{IdPath, Plain};
use crate::request::{collect, Patch, ValidJson, Write};
use crate::state::AppState;

/// A delay recorded on a task.
#[derive(Serialize, ToSchema)]
#[schema(as = Delay)]
pub struct DelayResponse {
    id: i64,
    project: i64,
    task: i64,
    /// Working days, 1 to 365.
    days: i32,
    #[schema(pattern = "^(weather|inspection|materials|labor|owner_change|lender|other)$")]
    reason: &'static str,
    note: String,
    #[schema(format = Date)]
    recorded_on: String,
}

impl From<Delay> for DelayResponse {
    fn from(d: Delay) -> Self {
        DelayResponse {
            id: d.id,
            project: d.project_id,
            task: d.task_id,
            days: d.details.days,
            reason: d.details.reason.code(),
            note: d.details.note,
            recorded_on: d.details.recorded_on.to_string(),
        }
    }
}

/// The delays of one reason.
#[derive(Serialize, ToSchema)]
#[schema(as = DelayTotal)]
pub struct DelayTotalResponse {
    #[schema(pattern = "^(weather|inspection|materials|labor|owner_change|lender|other)$")]
    reason: &'static str,
    days: i64,
    /// Dollars: the calendar days these working days span on average (days x 7 / working days
    /// per week) at the monthly carrying cost / 30; null without a monthly carrying cost.
    #[schema(required = true)]
    cost: Option<f64>,
}

impl From<&DelayTotal> for DelayTotalResponse {
    fn from(t: &DelayTotal) -> Self {
        DelayTotalResponse { reason: t.reason.code(), days: t.days, cost: t.cost_cents.map(dollars) }
    }
}

/// A project's delays with their totals.
#[derive(Serialize, ToSchema)]
#[schema(as = ProjectDelays)]
pub struct ProjectDelaysResponse {
    /// By date recorded, then id.
    delays: Vec<DelayResponse>,
    /// One per reason that has delays, in the reasons' order.
    totals: Vec<DelayTotalResponse>,
    total_days: i64,
    /// Dollars, the sum of the reasons' costs; null without a monthly carrying cost.
    #[schema(required = true)]
    total_cost: Option<f64>,
}

impl From<ProjectDelays> for ProjectDelaysResponse {
    fn from(p: ProjectDelays) -> Self {
        ProjectDelaysResponse {
            totals: p.totals.by_reason.iter().map(DelayTotalResponse::from).collect(),
            total_days: p.totals.days,
            total_cost: p.totals.cost_cents.map(dollars),
            delays: p.delays.into_iter().map(DelayResponse::from).collect(),
        }
    }
}

/// `POST /api/delays/` (`task`, `days`, `reason` required) and `PATCH /api/delays/{id}/` (any
/// subset; `task`, if sent, must be the delay's own).
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = DelayWrite)]
pub struct DelayRequest {
    /// A task of the caller's.
    #[schema(value_type = i64, minimum = 1)]
    #[serde(default)]
    task: Patch<i64>,
    /// Working days, 1 to 365.
    #[schema(value_type = i64, minimum = 1, maximum = 365)]
    #[serde(default)]
    days: Patch<i64>,
    #[schema(value_type = String, pattern = "^(weather|inspection|materials|labor|owner_change|lender|other)$")]
    #[serde(default)]
    reason: Patch<String>,
    #[schema(value_type = Option<String>, max_length = 2000)]
    #[serde(default)]
    note: Patch<String>,
    /// `YYYY-MM-DD`; today when left out, null or empty.
    #[schema(value_type = Option<String>, schema_with = crate::fields::optional_date_schema)]
    #[serde(default)]
    recorded_on: Patch<String>,
}

impl DelayRequest {
    /// The task a create names, when it names one as a whole number: the use case looks it up
    /// before it answers the body's problems (another user's task is 404 whatever the body).
    pub fn task(&self) -> Option<i64> {
        self.task.as_value().copied()
    }

    /// The delay's fields as domain input, or every problem found (starting from the shape
    /// rules' findings). A create needs a task (its argument to the use case), days and a
    /// reason; an update's task, if sent, must be the delay's own.
    pub fn try_into_domain(self, mut errors: FieldErrors, write: Write) -> Result<DelayChange, DomainError> {
        let (task, days, reason) = match write {
            Write::Create => {
                self.task.required_not_null(&mut errors, "task");
                (
                    None,
                    self.days.required_not_null(&mut errors, "days"),
                    self.reason.required_not_null(&mut errors, "reason"),
                )
            }
            Write::Update => (
                self.task.not_null(&mut errors, "task"),
                self.days.not_null(&mut errors, "days"),
                self.reason.not_null(&mut errors, "reason"),
            ),
        };
        let days = days.and_then(|d| collect(&mut errors, delay_days(d)));
        let reason = reason.and_then(|r| collect(&mut errors, delay_reason(&r)));
        let note =
            self.note.text_or_empty(&mut errors, "note").and_then(|raw| collect(&mut errors, DelayInput::note(&raw)));
        let recorded_on = self
            .recorded_on
            .text_or_empty(&mut errors, "recorded_on")
            .and_then(|raw| collect(&mut errors, record_date("recorded_on", &raw)));
        errors.into_result()?;
        Ok(DelayChange { task, input: DelayInput { days, reason, note, recorded_on } })
    }
}

#[utoipa::path(
    tag = "schedule", operation_id = "listDelays", summary = "The project's delays with their totals and cost per reason",
    params(IdPath<ProjectId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The delays and their totals.", body = ProjectDelaysResponse), crate::openapi::OwnedErrors)
)]
#[get("/projects/{id}/delays/")]
pub async fn list_delays(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let svc = state.delays.clone();
    let delays = blocking(move || svc.delays(user.owner(), project_id)).await?;
    Ok(HttpResponse::Ok().json(ProjectDelaysResponse::from(delays)))
}

#[utoipa::path(
    tag = "schedule", operation_id = "createDelay", summary = "Record a delay on a task",
    description = "Another user's task answers 404 whatever the rest of the body says.",
    request_body = DelayRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "The delay.", body = DelayResponse,
            links(("UpdateDelay" = (operation_id = "updateDelay", parameters(("id" = "$response.body#/id")))),
                  ("DeleteDelay" = (operation_id = "deleteDelay", parameters(("id" = "$response.body#/id")))))),
        crate::openapi::JsonBodyErrors,
        crate::openapi::SharedWriteErrors,
    )
)]
#[post("/delays/")]
pub async fn create_delay(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    body: ValidJson<DelayRequest>,
) -> Result<HttpResponse, ApiError> {
    let task = body.body.task();
    let change = body.body.try_into_domain(body.shape_errors, Write::Create);
    let svc = state.delays.clone();
    let d = blocking(move || svc.create_delay(user.owner(), task, change)).await?;
    Ok(HttpResponse::Created().json(DelayResponse::from(d)))
}

#[utoipa::path(
    tag = "schedule", operation_id = "updateDelay", summary = "Change a delay",
    params(IdPath<DelayId, Plain>),
    request_body = DelayRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The delay.", body = DelayResponse),
        crate::openapi::JsonBodyErrors,
        crate::openapi::SharedWriteErrors,
    )
)]
#[patch("/delays/{id}/")]
pub async fn update_delay(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<DelayId, Plain>,
    body: ValidJson<DelayRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let change = body.body.try_into_domain(body.shape_errors, Write::Update);
    let svc = state.delays.clone();
    let d = blocking(move || svc.update_delay(user.owner(), id, change)).await?;
    Ok(HttpResponse::Ok().json(DelayResponse::from(d)))
}

#[utoipa::path(
    tag = "schedule", operation_id = "deleteDelay", summary = "Delete a delay",
    params(IdPath<DelayId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 204, description = "Deleted."), crate::openapi::SharedWriteErrors)
)]
#[delete("/delays/{id}/")]
pub async fn delete_delay(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<DelayId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let svc = state.delays.clone();
    blocking(move || svc.delete_delay(user.owner(), id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
