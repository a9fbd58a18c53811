//! Tasks: the board read and task changes.

use actix_web::http::header::{self, HeaderValue};
use actix_web::{delete, get, patch, post, web, HttpRequest, HttpResponse};
use buildledger_application::tasks::{TaskUpdate, TaskView};
use buildledger_domain::money::Money;
use buildledger_domain::project::{parse_date, DateError, MSG_DATE_OUT_OF_RANGE};
use buildledger_domain::task::{
    cost_per_sqft_cents, parse_description, parse_duration_days, MaterialQuality, NewTask, TaskChanges, TaskSchedule,
    TaskStatus, TaskTitle,
};
use buildledger_domain::{DomainError, FieldErrors};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::auth::ProjectCaller;
use crate::conditional::{current_version, matches_tag, not_modified};
use crate::error::{blocking, ApiError};
use crate::fields::dollars;
use crate::openapi::{MaterialQualityCode, TaskStatusLabel};
use crate::path::IdPath;
use crate::request::{collect, finish, Patch, ValidJson};
use crate::state::AppState;
use buildledger_domain::ids::{ProjectId, TaskId, TypedId};

/// A task as the board shows it.
#[derive(Serialize, ToSchema)]
#[schema(as = Task)]
pub struct TaskResponse {
    id: i64,
    project: i64,
    title: String,
    description: String,
    #[schema(value_type = TaskStatusLabel)]
    status: &'static str,
    #[schema(value_type = MaterialQualityCode)]
    material_quality: &'static str,
    /// Dollars, at most two decimals.
    #[schema(minimum = 0, required = true)]
    actual_cost: Option<f64>,
    #[schema(format = Date, required = true)]
    due_date: Option<String>,
    #[schema(minimum = 0)]
    position: i32,
    /// actual_cost / square_footage, or null.
    #[schema(required = true)]
    actual_cost_per_sqft: Option<f64>,
    /// Cost catalogue $/sq ft for the title and quality x the state factor of the project's zip
    /// code, or null. For a job priced as a job (a kitchen remodel, a roof), the job's regional
    /// price / the project's square footage, unrounded, so that this x square footage gives the
    /// job price back (docs/cost-model.md).
    #[schema(required = true)]
    regional_average_cost_per_sqft: Option<f64>,
    /// The regional prediction in dollars (regional_average_cost_per_sqft x square footage, to
    /// the cent), or null.
    #[schema(minimum = 0, required = true)]
    predicted_cost: Option<f64>,
    /// The prediction's range (halfway to the neighbouring quality tiers x the state factor;
    /// docs/cost-model.md), or null.
    #[schema(minimum = 0, required = true)]
    predicted_cost_low: Option<f64>,
    #[schema(minimum = 0, required = true)]
    predicted_cost_high: Option<f64>,
    /// `per_sqft` (per square foot of the house) or `per_job` (the job's price whatever the
    /// house size), or null without a prediction.
    #[schema(required = true, pattern = "^(per_sqft|per_job)$")]
    pricing: Option<&'static str>,
    /// The awarded bid's amount plus its approved change orders (dollars), or null without an
    /// award. In sums a task counts for its actual cost, else this, else its prediction.
    #[schema(minimum = 0, required = true)]
    committed_cost: Option<f64>,
    /// How many bids the task has.
    #[schema(minimum = 0)]
    bid_count: i32,
    /// The lowest of its bids (dollars), or null without bids.
    #[schema(minimum = 0, required = true)]
    lowest_bid: Option<f64>,
    /// Its Paid (docs/money.md): the sum of its payments, or its actual cost when it is in Paid
    /// and that is more (dollars).
    #[schema(minimum = 0)]
    paid_to_date: f64,
    /// Sum of its recorded payments (dollars; 0 without payments).
    #[schema(minimum = 0)]
    payments_total: f64,
    /// Its Remaining: its actual cost, else its committed cost, minus its Paid, never below 0;
    /// null while neither is known.
    #[schema(minimum = 0, required = true)]
    remaining_to_pay: Option<f64>,
    /// A fee or permit of the catalogue (building permit, impact fees, water and sewer fees,
    /// architecture and engineering): its prediction is never calibrated.
    fixed_fee: bool,
    /// How many payments it has.
    #[schema(minimum = 0)]
    payment_count: i32,
    /// Sum of its approved change orders (dollars, may be negative); part of committed_cost
    /// when it has an award.
    change_order_total: f64,
    /// Start no earlier than (docs/schedule.md), or null.
    #[schema(format = Date, required = true)]
    planned_start: Option<String>,
    /// Working days (0: a milestone), or null while the task is not scheduled.
    #[schema(minimum = 0, maximum = 1000, required = true)]
    duration_days: Option<i32>,
    /// When work started (set on the move to In Progress when empty), or null.
    #[schema(format = Date, required = true)]
    actual_start: Option<String>,
    /// When work finished (set on the move to Paid when empty), or null.
    #[schema(format = Date, required = true)]
    actual_finish: Option<String>,
}

impl From<TaskView> for TaskResponse {
    fn from(v: TaskView) -> Self {
        let t = v.task;
        let (paid, remaining) = (t.paid_to_date_cents(), t.remaining_to_pay_cents());
        TaskResponse {
            id: t.id,
            project: t.project_id,
            actual_cost_per_sqft: cost_per_sqft_cents(t.actual_cost, v.square_footage).map(dollars),
            regional_average_cost_per_sqft: v.prediction.map(|p| p.rate_dollars_per_sqft()),
            predicted_cost: v.prediction.map(|p| dollars(p.cents)),
            predicted_cost_low: v.prediction.map(|p| dollars(p.low_cents)),
            predicted_cost_high: v.prediction.map(|p| dollars(p.high_cents)),
            pricing: v.prediction.map(|p| p.pricing.code()),
            title: t.title,
            description: t.description,
            status: t.status.label(),
            material_quality: t.material_quality.code(),
            actual_cost: t.actual_cost.map(|m| m.as_dollars_f64()),
            due_date: t.due_date.map(|d| d.to_string()),
            position: t.position,
            committed_cost: t.bids.committed.map(|m| m.as_dollars_f64()),
            bid_count: t.bids.count,
            lowest_bid: t.bids.lowest.map(|m| m.as_dollars_f64()),
            paid_to_date: dollars(paid),
            payments_total: dollars(t.ledger.paid_cents),
            remaining_to_pay: remaining.map(dollars),
            fixed_fee: v.prediction.is_some_and(|p| p.fee),
            payment_count: t.ledger.payment_count,
            change_order_total: dollars(t.ledger.change_order_cents),
            planned_start: t.schedule.planned_start.map(|d| d.to_string()),
            duration_days: t.schedule.duration_days,
            actual_start: t.schedule.actual_start.map(|d| d.to_string()),
            actual_finish: t.schedule.actual_finish.map(|d| d.to_string()),
        }
    }
}

/// `POST /api/tasks/`. Defaults: status `To Do`, material_quality `basic`. The task goes last in
/// its column. A project the caller neither owns nor is a member of answers 404; a viewer's, 403.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[schema(as = TaskCreate)]
pub struct CreateTaskRequest {
    /// The project id (one the caller owns or edits as a partner).
    #[schema(value_type = i64, minimum = 1, required = true)]
    #[serde(default)]
    project: Patch<i64>,
    #[schema(value_type = String, min_length = 1, max_length = 200, pattern = "[^\\s\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]", required = true)]
    #[validate(length(max = 200, message = "Ensure this field has no more than 200 characters."))]
    #[serde(default)]
    title: Patch<String>,
    #[schema(value_type = Option<String>, max_length = 5000)]
    #[validate(length(max = 5000, message = "Ensure this field has no more than 5000 characters."))]
    #[serde(default)]
    description: Patch<String>,
    #[schema(value_type = TaskStatusLabel)]
    #[serde(default)]
    status: Patch<String>,
    #[schema(value_type = MaterialQualityCode)]
    #[serde(default)]
    material_quality: Patch<String>,
    /// Dollars with at most two decimals (stored as integer cents). A numeric string is accepted too.
    #[schema(value_type = Option<f64>, minimum = 0, maximum = 1000000000, multiple_of = 0.01)]
    #[serde(default)]
    actual_cost: Patch<Money>,
    #[schema(value_type = Option<String>, schema_with = crate::fields::optional_date_schema)]
    #[serde(default)]
    due_date: Patch<String>,
    #[schema(value_type = Option<String>, schema_with = crate::fields::optional_date_schema)]
    #[serde(default)]
    planned_start: Patch<String>,
    /// Working days, 0 to 1000 (0: a milestone); null: not scheduled.
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 1000)]
    #[serde(default)]
    duration_days: Patch<i64>,
    #[schema(value_type = Option<String>, schema_with = crate::fields::optional_date_schema)]
    #[serde(default)]
    actual_start: Patch<String>,
    #[schema(value_type = Option<String>, schema_with = crate::fields::optional_date_schema)]
    #[serde(default)]
    actual_finish: Patch<String>,
}

impl CreateTaskRequest {
    /// The new task, or every problem found (starting from the shape rules' findings).
    pub fn try_into_domain(self, mut errors: FieldErrors) -> Result<NewTask, ApiError> {
        let project_id = self.project.required_not_null(&mut errors, "project");
        let title =
            self.title.required_not_null(&mut errors, "title").and_then(|t| collect(&mut errors, TaskTitle::parse(&t)));
        let description = match self.description.optional(&mut errors, "description") {
            None => Some(String::new()),
            Some(d) => collect(&mut errors, parse_description(&d)),
        };
        let raw = self.status.not_null(&mut errors, "status");
        let status = parse_status(&mut errors, raw);
        let raw = self.material_quality.not_null(&mut errors, "material_quality");
        let quality = parse_quality(&mut errors, raw);
        let actual_cost = self.actual_cost.optional(&mut errors, "actual_cost");
        let raw = self.due_date.optional(&mut errors, "due_date");
        let due_date = parse_due_date(&mut errors, raw);
        let schedule = ScheduleFields {
            planned_start: self.planned_start,
            duration_days: self.duration_days,
            actual_start: self.actual_start,
            actual_finish: self.actual_finish,
        }
        .read(&mut errors);
        finish(errors)?;
        match (project_id, title, description) {
            (Some(project_id), Some(title), Some(description)) => Ok(NewTask {
                project_id,
                title,
                description,
                status: status.unwrap_or(TaskStatus::ToDo),
                material_quality: quality.unwrap_or(MaterialQuality::Basic),
                actual_cost,
                due_date: due_date.flatten(),
                schedule: TaskSchedule::default().with(&schedule),
            }),
            _ => Err(ApiError::bad_request("validation_error", "Invalid task.")),
        }
    }
}

/// `PATCH /api/tasks/{id}/`: any subset of the fields; null clears description, actual_cost and
/// due_date and leaves the others unchanged.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[schema(as = TaskPatch)]
pub struct UpdateTaskRequest {
    /// May be sent; must be the task's own project (400 otherwise). null is ignored.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    project: Patch<i64>,
    /// null leaves the field unchanged.
    #[schema(value_type = Option<String>, min_length = 1, max_length = 200, pattern = "[^\\s\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]")]
    #[validate(length(max = 200, message = "Ensure this field has no more than 200 characters."))]
    #[serde(default)]
    title: Patch<String>,
    #[schema(value_type = Option<String>, max_length = 5000)]
    #[validate(length(max = 5000, message = "Ensure this field has no more than 5000 characters."))]
    #[serde(default)]
    description: Patch<String>,
    /// null leaves the status unchanged.
    #[schema(value_type = Option<String>, schema_with = crate::openapi::nullable_task_status)]
    #[serde(default)]
    status: Patch<String>,
    /// null leaves the quality unchanged.
    #[schema(value_type = Option<String>, schema_with = crate::openapi::nullable_material_quality)]
    #[serde(default)]
    material_quality: Patch<String>,
    /// Dollars with at most two decimals (stored as integer cents). A numeric string is accepted too.
    #[schema(value_type = Option<f64>, minimum = 0, maximum = 1000000000, multiple_of = 0.01)]
    #[serde(default)]
    actual_cost: Patch<Money>,
    #[schema(value_type = Option<String>, schema_with = crate::fields::optional_date_schema)]
    #[serde(default)]
    due_date: Patch<String>,
    /// 0-based index wanted in the (new) column; clamped to the column. A task changing column
    /// without it goes last.
    #[schema(value_type = Option<i32>, minimum = 0, maximum = 2147483647)]
    #[serde(default)]
    position: Patch<i64>,
    #[schema(value_type = Option<String>, schema_with = crate::fields::optional_date_schema)]
    #[serde(default)]
    planned_start: Patch<String>,
    /// Working days, 0 to 1000 (0: a milestone); null: not scheduled.
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 1000)]
    #[serde(default)]
    duration_days: Patch<i64>,
    #[schema(value_type = Option<String>, schema_with = crate::fields::optional_date_schema)]
    #[serde(default)]
    actual_start: Patch<String>,
    #[schema(value_type = Option<String>, schema_with = crate::fields::optional_date_schema)]
    #[serde(default)]
    actual_finish: Patch<String>,
}

impl UpdateTaskRequest {
    /// The change, or every problem found: left to the use case to report, after its check of
    /// who may change the task (404/403 before 400).
    pub fn try_into_domain(self, mut errors: FieldErrors) -> Result<TaskUpdate, DomainError> {
        let project = self.project.optional(&mut errors, "project");
        let title = self.title.optional(&mut errors, "title").and_then(|t| collect(&mut errors, TaskTitle::parse(&t)));
        let description = self
            .description
            .nullable(&mut errors, "description")
            .map(Option::unwrap_or_default)
            .and_then(|d| collect(&mut errors, parse_description(&d)));
        let raw = self.status.optional(&mut errors, "status");
        let status = parse_status(&mut errors, raw);
        let raw = self.material_quality.optional(&mut errors, "material_quality");
        let material_quality = parse_quality(&mut errors, raw);
        let actual_cost = self.actual_cost.nullable(&mut errors, "actual_cost");
        let due_date = self.due_date.nullable(&mut errors, "due_date").and_then(|d| parse_due_date(&mut errors, d));
        let position = match self.position.optional(&mut errors, "position") {
            None => None,
            Some(p) => match i32::try_from(p) {
                Ok(p) if p >= 0 => Some(p),
                _ => {
                    errors.add("position", buildledger_domain::messages::NOT_NEGATIVE);
                    None
                }
            },
        };
        let schedule = ScheduleFields {
            planned_start: self.planned_start,
            duration_days: self.duration_days,
            actual_start: self.actual_start,
            actual_finish: self.actual_finish,
        }
        .read(&mut errors);
        errors.into_result()?;
        Ok(TaskUpdate {
            project,
            changes: TaskChanges {
                title,
                description,
                status,
                material_quality,
                actual_cost,
                due_date,
                position,
                ..schedule
            },
        })
    }
}

fn parse_status(errors: &mut FieldErrors, raw: Option<String>) -> Option<TaskStatus> {
    let raw = raw?;
    let s = TaskStatus::parse(&raw);
    if s.is_none() {
        errors.add("status", buildledger_domain::messages::not_a_choice(raw));
    }
    s
}

fn parse_quality(errors: &mut FieldErrors, raw: Option<String>) -> Option<MaterialQuality> {
    let raw = raw?;
    let q = MaterialQuality::parse(&raw);
    if q.is_none() {
        errors.add("material_quality", buildledger_domain::messages::not_a_choice(raw));
    }
    q
}

/// The schedule fields of a task body (docs/schedule.md), shared by create and update.
struct ScheduleFields {
    planned_start: Patch<String>,
    duration_days: Patch<i64>,
    actual_start: Patch<String>,
    actual_finish: Patch<String>,
}

impl ScheduleFields {
    /// The changes they make (absent: unchanged; null or blank: cleared), their problems in `errors`.
    fn read(self, errors: &mut FieldErrors) -> TaskChanges {
        let mut date = |field: &str, raw: Patch<String>| {
            raw.nullable(errors, field).and_then(|d| parse_date_field(errors, field, d))
        };
        let planned_start = date("planned_start", self.planned_start);
        let actual_start = date("actual_start", self.actual_start);
        let actual_finish = date("actual_finish", self.actual_finish);
        let duration_days = self.duration_days.nullable(errors, "duration_days").and_then(|d| match d {
            None => Some(None),
            Some(raw) => collect(errors, parse_duration_days(raw)).map(Some),
        });
        TaskChanges { planned_start, duration_days, actual_start, actual_finish, ..TaskChanges::default() }
    }
}

/// `Some(None)` for a blank or null date (cleared), `Some(Some(d))` for a valid one, `None`
/// (reported) for anything else.
fn parse_due_date(errors: &mut FieldErrors, raw: Option<String>) -> Option<Option<NaiveDate>> {
    parse_date_field(errors, "due_date", raw)
}

/// [`parse_due_date`] for any date field of a task.
fn parse_date_field(errors: &mut FieldErrors, field: &str, raw: Option<String>) -> Option<Option<NaiveDate>> {
    match raw.as_deref().map(str::trim) {
        None | Some("") => Some(None),
        Some(r) => match parse_date(r) {
            Ok(d) => Some(Some(d)),
            Err(DateError::Format) => {
                errors.add(field, buildledger_domain::messages::DATE_FORMAT);
                None
            }
            Err(DateError::OutOfRange) => {
                errors.add(field, MSG_DATE_OUT_OF_RANGE);
                None
            }
        },
    }
}

/// Strong ETag of a board: changes with the project's version (bumped by every write to the
/// project, its tasks and documents) and with the cost catalogue shipped in this build.
fn board_etag(project_id: i64, version: i64) -> String {
    format!("\"b{project_id}-v{version}-{}\"", env!("CARGO_PKG_VERSION"))
}

/// `GET /api/projects/{id}/tasks/`, answering 304 when the caller's copy is current.
#[utoipa::path(
    tag = "tasks", operation_id = "getBoard",
    summary = "The project's tasks (the board), ordered by status then position",
    description = "Strong `ETag` per project version; `If-None-Match` with the current tag answers 304.",
    params(IdPath<ProjectId>),
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The tasks of the project.", body = [TaskResponse],
            headers(("ETag" = String, description = "Changes with every write to the project."))),
        (status = 304, description = "Not modified since the `If-None-Match` tag."),
        crate::openapi::OwnedErrors,
    )
)]
#[get("/projects/{id}/tasks/")]
pub async fn board(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    // The version from memory when this process knows it (it records its own writes as they
    // commit), else one query on the blocking pool.
    let version = current_version(&state, user.owner(), project_id).await?;
    let current = board_etag(project_id.get(), version);
    if matches_tag(&req, &current) {
        return Ok(not_modified(current));
    }
    let svc = state.tasks.clone();
    let (etag, body) = match state.board_cache.get(project_id.get(), user.id, version) {
        Some(body) => (current, body),
        None => {
            let board = blocking(move || svc.board(user.owner(), project_id)).await?;
            let version = board.project.version;
            let tasks: Vec<TaskResponse> = board.tasks.into_iter().map(TaskResponse::from).collect();
            let json = web::Bytes::from(serde_json::to_vec(&tasks).map_err(ApiError::internal)?);
            (board_etag(project_id.get(), version), state.board_cache.put(project_id.get(), user.id, version, json))
        }
    };
    let mut res = HttpResponse::Ok();
    if let Ok(v) = HeaderValue::from_str(&etag) {
        res.insert_header((header::ETAG, v));
    }
    res.insert_header((header::CACHE_CONTROL, "private, no-cache"));
    Ok(body.respond(req.headers().get(header::ACCEPT_ENCODING), res))
}

#[utoipa::path(
    tag = "tasks", operation_id = "createStandardTasks",
    summary = "Start an empty board from the project's standard task list",
    description = "The catalogue's tasks for the project's type and options (the lines of its whole-house estimate), \
        standard quality, status To Do, in build order, created in one transaction. 409 when the board already has a task; \
        400 when the project's type and options name no task (a renovation without options).",
    params(IdPath<ProjectId>),
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "The created tasks, in board order.", body = Vec<TaskResponse>),
        (status = 400, response = crate::openapi::BadRequest),
        (status = 409, response = crate::openapi::Conflict),
        crate::openapi::SharedWriteErrors,
    )
)]
#[post("/projects/{id}/tasks/template/")]
pub async fn create_standard_tasks(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId>,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let svc = state.tasks.clone();
    let created = blocking(move || svc.create_standard_tasks(user.owner(), project_id)).await?;
    Ok(HttpResponse::Created().json(created.into_iter().map(TaskResponse::from).collect::<Vec<_>>()))
}

#[utoipa::path(
    tag = "tasks", operation_id = "createTask", summary = "Add a task to a project",
    request_body = CreateTaskRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "The created task.", body = TaskResponse,
            links(("UpdateTask" = (operation_id = "updateTask", parameters(("id" = "$response.body#/id")))),
                  ("DeleteTask" = (operation_id = "deleteTask", parameters(("id" = "$response.body#/id")))),
                  ("ListTaskDocuments" = (operation_id = "listDocuments", parameters(("task" = "$response.body#/id")))))),
        crate::openapi::JsonBodyErrors,
        crate::openapi::SharedWriteErrors,
    )
)]
#[post("/tasks/")]
pub async fn create(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    body: ValidJson<CreateTaskRequest>,
) -> Result<HttpResponse, ApiError> {
    let new = body.body.try_into_domain(body.shape_errors)?;
    let svc = state.tasks.clone();
    let v = blocking(move || svc.create(user.owner(), new)).await?;
    Ok(HttpResponse::Created().json(TaskResponse::from(v)))
}

#[utoipa::path(
    tag = "tasks", operation_id = "updateTask", summary = "Change any subset of a task's fields, move it between columns",
    params(IdPath<TaskId>),
    request_body = UpdateTaskRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The updated task.", body = TaskResponse),
        crate::openapi::JsonBodyErrors,
        crate::openapi::SharedWriteErrors,
    )
)]
#[patch("/tasks/{id}/")]
pub async fn update(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<TaskId>,
    body: ValidJson<UpdateTaskRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let update = body.body.try_into_domain(body.shape_errors);
    let svc = state.tasks.clone();
    let v = blocking(move || svc.update(user.owner(), id, update)).await?;
    Ok(HttpResponse::Ok().json(TaskResponse::from(v)))
}

#[utoipa::path(
    tag = "tasks", operation_id = "deleteTask", summary = "Delete a task with its documents",
    params(IdPath<TaskId>),
    security(("bearerAuth" = [])),
    responses(
        (status = 204, description = "Deleted."),
        crate::openapi::SharedWriteErrors,
    )
)]
#[delete("/tasks/{id}/")]
pub async fn delete(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<TaskId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let svc = state.tasks.clone();
    blocking(move || svc.delete(user.owner(), id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
