//! Tasks: the board read and task changes.

use actix_web::http::header::{self, HeaderValue};
use actix_web::{delete, get, patch, post, web, HttpRequest, HttpResponse};
use buildledger_application::tasks::{ProjectSummary, TaskUpdate, TaskView};
use buildledger_cache::BoundedMap;
use buildledger_domain::money::Money;
use buildledger_domain::project::{parse_date, DateError, MSG_DATE_OUT_OF_RANGE};
use buildledger_domain::task::{
    cost_per_sqft_cents, parse_description, MaterialQuality, NewTask, TaskChanges, TaskStatus, TaskTitle,
};
use buildledger_domain::FieldErrors;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::auth::Subscribed;
use crate::error::{blocking, ApiError};
use crate::openapi::{MaterialQualityCode, TaskStatusLabel};
use crate::projects::parse_id;
use crate::request::{collect, finish, Patch, ValidJson};
use crate::state::AppState;

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
}

fn cents_to_dollars(c: i64) -> f64 {
    c as f64 / 100.0
}

impl From<TaskView> for TaskResponse {
    fn from(v: TaskView) -> Self {
        let t = v.task;
        let (paid, remaining) = (t.paid_to_date_cents(), t.remaining_to_pay_cents());
        TaskResponse {
            id: t.id,
            project: t.project_id,
            actual_cost_per_sqft: cost_per_sqft_cents(t.actual_cost, v.square_footage).map(cents_to_dollars),
            regional_average_cost_per_sqft: v.prediction.map(|p| p.rate_dollars_per_sqft()),
            predicted_cost: v.prediction.map(|p| cents_to_dollars(p.cents)),
            predicted_cost_low: v.prediction.map(|p| cents_to_dollars(p.low_cents)),
            predicted_cost_high: v.prediction.map(|p| cents_to_dollars(p.high_cents)),
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
            paid_to_date: cents_to_dollars(paid),
            payments_total: cents_to_dollars(t.ledger.paid_cents),
            remaining_to_pay: remaining.map(cents_to_dollars),
            fixed_fee: v.prediction.is_some_and(|p| p.fee),
            payment_count: t.ledger.payment_count,
            change_order_total: cents_to_dollars(t.ledger.change_order_cents),
        }
    }
}

/// `YYYY-MM-DD`, or an empty string (clears, like null).
pub fn optional_date_schema() -> utoipa::openapi::schema::Object {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::SchemaType::from_iter([Type::String, Type::Null]))
        .description(Some("`YYYY-MM-DD`; null or an empty string clears it."))
        .pattern(Some("^([0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01]))?$"))
        .build()
}

/// `POST /api/tasks/`. Defaults: status `To Do`, material_quality `basic`. The task goes last in
/// its column. A project id that is not one of the caller's answers 404.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[schema(as = TaskCreate)]
pub struct CreateTaskRequest {
    /// The project id (one of the caller's projects).
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
    #[schema(value_type = Option<String>, schema_with = optional_date_schema)]
    #[serde(default)]
    due_date: Patch<String>,
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
    #[schema(value_type = Option<String>, schema_with = optional_date_schema)]
    #[serde(default)]
    due_date: Patch<String>,
    /// 0-based index wanted in the (new) column; clamped to the column. A task changing column
    /// without it goes last.
    #[schema(value_type = Option<i32>, minimum = 0, maximum = 2147483647)]
    #[serde(default)]
    position: Patch<i64>,
}

impl UpdateTaskRequest {
    pub fn try_into_domain(self, mut errors: FieldErrors) -> Result<TaskUpdate, ApiError> {
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
                    errors.add("position", "Ensure this value is greater than or equal to 0.");
                    None
                }
            },
        };
        finish(errors)?;
        Ok(TaskUpdate {
            project,
            changes: TaskChanges { title, description, status, material_quality, actual_cost, due_date, position },
        })
    }
}

fn parse_status(errors: &mut FieldErrors, raw: Option<String>) -> Option<TaskStatus> {
    let raw = raw?;
    let s = TaskStatus::parse(&raw);
    if s.is_none() {
        errors.add("status", format!("\"{raw}\" is not a valid choice."));
    }
    s
}

fn parse_quality(errors: &mut FieldErrors, raw: Option<String>) -> Option<MaterialQuality> {
    let raw = raw?;
    let q = MaterialQuality::parse(&raw);
    if q.is_none() {
        errors.add("material_quality", format!("\"{raw}\" is not a valid choice."));
    }
    q
}

/// `Some(None)` for a blank or null date (cleared), `Some(Some(d))` for a valid one, `None`
/// (reported) for anything else.
fn parse_due_date(errors: &mut FieldErrors, raw: Option<String>) -> Option<Option<NaiveDate>> {
    match raw.as_deref().map(str::trim) {
        None | Some("") => Some(None),
        Some(r) => match parse_date(r) {
            Ok(d) => Some(Some(d)),
            Err(DateError::Format) => {
                errors.add("due_date", "Date has wrong format. Use YYYY-MM-DD.");
                None
            }
            Err(DateError::OutOfRange) => {
                errors.add("due_date", MSG_DATE_OUT_OF_RANGE);
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

fn if_none_match(req: &HttpRequest) -> Option<&str> {
    req.headers().get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok())
}

/// Serialized boards by project, each valid for one project version. A board read then costs
/// one small query (the version) when nothing changed since it was last built.
pub struct BoardCache {
    entries: BoundedMap<i64, CachedBoard>,
}

#[derive(Clone)]
struct CachedBoard {
    owner_id: i64,
    version: i64,
    json: web::Bytes,
}

impl BoardCache {
    pub fn new(capacity: usize) -> Self {
        Self { entries: BoundedMap::new(capacity) }
    }

    fn get(&self, project_id: i64, owner_id: i64, version: i64) -> Option<web::Bytes> {
        self.entries.get(&project_id).filter(|c| c.owner_id == owner_id && c.version == version).map(|c| c.json)
    }

    fn put(&self, project_id: i64, owner_id: i64, version: i64, json: web::Bytes) {
        self.entries.insert(project_id, CachedBoard { owner_id, version, json });
    }
}

impl Default for BoardCache {
    fn default() -> Self {
        Self::new(1024)
    }
}

/// `GET /api/projects/{id}/tasks/`, answering 304 when the caller's copy is current.
#[utoipa::path(
    tag = "tasks", operation_id = "getBoard",
    summary = "The project's tasks (the board), ordered by status then position",
    description = "Strong `ETag` per project version; `If-None-Match` with the current tag answers 304.",
    params(("id" = i64, Path, minimum = 1, description = "The project id. Anything but a positive integer answers 404.")),
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
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let project_id = parse_id(&path, "Project")?;
    // The version from memory when this process knows it (it records its own writes as they
    // commit), else one query on the blocking pool.
    let version = current_version(&state, user.id, project_id).await?;
    let current = board_etag(project_id, version);
    if matches_tag(&req, &current) {
        return Ok(not_modified(current));
    }
    let svc = state.tasks.clone();
    let (etag, json) = match state.board_cache.get(project_id, user.id, version) {
        Some(json) => (current, json),
        None => {
            let board = blocking(move || svc.board(user.id, project_id)).await?;
            let version = board.project.version;
            let tasks: Vec<TaskResponse> = board.tasks.into_iter().map(TaskResponse::from).collect();
            let json = web::Bytes::from(serde_json::to_vec(&tasks).map_err(ApiError::internal)?);
            state.board_cache.put(project_id, user.id, version, json.clone());
            (board_etag(project_id, version), json)
        }
    };
    let mut res = HttpResponse::Ok();
    if let Ok(v) = HeaderValue::from_str(&etag) {
        res.insert_header((header::ETAG, v));
    }
    Ok(res.insert_header((header::CACHE_CONTROL, "private, no-cache")).content_type("application/json").body(json))
}

/// The board's money figures, summed on the server in integer cents (domain/budget.rs); dollars
/// on the wire, at most two decimals.
#[derive(Serialize, ToSchema)]
#[schema(as = ProjectSummary)]
pub struct SummaryResponse {
    #[schema(minimum = 0)]
    budget: f64,
    /// Sum of every task's best-known cost: actual cost, else committed cost, else its
    /// prediction (regional rate x square footage; x the project's ratio, to the whole dollar,
    /// when it uses calibration), else 0. The same figure on every screen (docs/money.md).
    #[schema(minimum = 0)]
    predicted_total: f64,
    /// The same sum with each prediction's low, and with its high (known costs have no range).
    #[schema(minimum = 0)]
    predicted_total_low: f64,
    #[schema(minimum = 0)]
    predicted_total_high: f64,
    /// predicted_total / square_footage, rounded to the cent; null without an area.
    #[schema(minimum = 0, required = true)]
    cost_per_sqft: Option<f64>,
    /// True when the predicted total exceeds the budget (shown red).
    over_budget: bool,
    /// The same sum per board column.
    column_totals: ColumnTotals,
    /// The whole-house estimate for the project's zip code, size, type and options at standard
    /// quality (the landing page's free estimate); null when the zip code has none.
    #[schema(minimum = 0, required = true)]
    full_build_estimate: Option<f64>,
    /// The part of `full_build_estimate` whose tasks are on the board (each estimate line once);
    /// null with it.
    #[schema(minimum = 0, required = true)]
    estimate_covered: Option<f64>,
    /// The project's setting: `predicted_total` and the sums above use calibrated predictions
    /// when it is true and the project has a ratio (`calibrated` is not null).
    use_calibration: bool,
    /// The predicted total with regional predictions.
    #[schema(minimum = 0)]
    predicted_total_regional: f64,
    /// The predicted total with calibrated predictions (each to the whole dollar); null until
    /// the project has a ratio.
    #[schema(minimum = 0, required = true)]
    predicted_total_calibrated: Option<f64>,
    /// Awarded bids + their approved change orders (docs/money.md).
    #[schema(minimum = 0)]
    committed: f64,
    /// Sum of approved change orders on awarded tasks (may be negative).
    change_orders_approved: f64,
    /// Sum of the tasks' Paid: each task's payments, or its actual cost when it is in Paid and
    /// that is more.
    #[schema(minimum = 0)]
    paid_to_date: f64,
    /// Sum of every payment recorded.
    #[schema(minimum = 0)]
    payments_recorded: f64,
    /// Sum of the tasks' Remaining: for each task with an actual or committed cost, that cost
    /// minus its Paid, never below 0.
    #[schema(minimum = 0)]
    remaining_to_pay: f64,
    /// Best-known cost of the tasks without an award.
    #[schema(minimum = 0)]
    uncommitted: f64,
    #[schema(minimum = 0, maximum = 50)]
    contingency_percent: i32,
    /// The reserve: budget x contingency_percent / 100.
    #[schema(minimum = 0)]
    contingency_reserve: f64,
    /// budget - contingency_reserve.
    #[schema(minimum = 0)]
    working_budget: f64,
    /// The part of the reserve the predicted total has eaten: 0 while it fits the working
    /// budget, at most the reserve.
    #[schema(minimum = 0)]
    contingency_used: f64,
    /// contingency_reserve - contingency_used.
    #[schema(minimum = 0)]
    contingency_left: f64,
    /// budget - predicted_total; negative when over.
    headroom: f64,
    /// `ok`: the predicted total fits the working budget; `warning` (amber): it has eaten into
    /// the reserve; `over` (red): it is above the budget.
    #[schema(pattern = "^(ok|warning|over)$")]
    status: &'static str,
    /// The construction loan, or null.
    #[schema(minimum = 0, required = true)]
    loan_amount: Option<f64>,
    /// Sum of funded draws.
    #[schema(minimum = 0)]
    drawn: f64,
    /// loan_amount - drawn, or null without a loan.
    #[schema(required = true)]
    loan_left: Option<f64>,
    /// The same sums with every task still without a known cost predicted at regional x the
    /// project's local ratio (`GET /api/projects/{id}/calibration/`); null until three tasks
    /// have a known price.
    #[schema(required = true)]
    calibrated: Option<CalibratedSummaryResponse>,
}

/// The board's sums at the project's local ratio (docs/cost-model.md).
#[derive(Serialize, ToSchema)]
#[schema(as = CalibratedSummary)]
pub struct CalibratedSummaryResponse {
    /// Known prices / their regional predictions (3 decimals; 1.2 = 20% above), and the lowest
    /// and highest per-task ratio kept.
    ratio: f64,
    low: f64,
    high: f64,
    /// Tasks the ratio is made of (outliers left out).
    #[schema(minimum = 1)]
    n_tasks: usize,
    #[schema(minimum = 0)]
    predicted_total: f64,
    #[schema(minimum = 0)]
    predicted_total_low: f64,
    #[schema(minimum = 0)]
    predicted_total_high: f64,
    #[schema(minimum = 0, required = true)]
    cost_per_sqft: Option<f64>,
    over_budget: bool,
    column_totals: ColumnTotals,
}

impl ColumnTotals {
    fn of(s: &buildledger_domain::budget::BudgetSummary) -> Self {
        let [to_do, in_progress, paid] = s.column_totals.map(|(_, m)| m.as_dollars_f64());
        ColumnTotals { to_do, in_progress, paid }
    }
}

/// A ratio in per mille as a decimal with three places (1200 -> 1.2).
pub(crate) fn ratio(per_mille: u32) -> f64 {
    f64::from(per_mille) / 1000.0
}

/// Best-known cost per column, keyed by the status labels.
#[derive(Serialize, ToSchema)]
pub struct ColumnTotals {
    #[serde(rename = "To Do")]
    #[schema(minimum = 0)]
    to_do: f64,
    #[serde(rename = "In Progress")]
    #[schema(minimum = 0)]
    in_progress: f64,
    #[serde(rename = "Paid")]
    #[schema(minimum = 0)]
    paid: f64,
}

impl From<&ProjectSummary> for SummaryResponse {
    fn from(figures: &ProjectSummary) -> Self {
        let s = &figures.budget;
        let m = &figures.money;
        SummaryResponse {
            budget: s.budget.as_dollars_f64(),
            predicted_total: s.predicted_total.as_dollars_f64(),
            predicted_total_low: s.predicted_low.as_dollars_f64(),
            predicted_total_high: s.predicted_high.as_dollars_f64(),
            cost_per_sqft: s.cost_per_sqft_cents.map(cents_to_dollars),
            over_budget: s.is_over_budget(),
            column_totals: ColumnTotals::of(s),
            full_build_estimate: figures.estimate.map(|e| cents_to_dollars(e.full_build_cents)),
            estimate_covered: figures.estimate.map(|e| cents_to_dollars(e.covered_cents)),
            use_calibration: figures.use_calibration,
            predicted_total_regional: figures.regional.predicted_total.as_dollars_f64(),
            predicted_total_calibrated: figures.calibrated.as_ref().map(|c| c.budget.predicted_total.as_dollars_f64()),
            committed: cents_to_dollars(m.committed_cents),
            change_orders_approved: cents_to_dollars(m.change_orders_approved_cents),
            paid_to_date: cents_to_dollars(m.paid_to_date_cents),
            payments_recorded: cents_to_dollars(m.payments_recorded_cents),
            remaining_to_pay: cents_to_dollars(m.remaining_to_pay_cents),
            uncommitted: cents_to_dollars(m.uncommitted_cents),
            contingency_percent: m.contingency.percent,
            contingency_reserve: cents_to_dollars(m.contingency.reserve_cents),
            working_budget: cents_to_dollars(m.contingency.working_budget_cents),
            contingency_used: cents_to_dollars(m.contingency.used_cents),
            contingency_left: cents_to_dollars(m.contingency.left_cents),
            headroom: cents_to_dollars(m.contingency.headroom_cents),
            status: m.contingency.status.code(),
            loan_amount: m.loan_amount_cents.map(cents_to_dollars),
            drawn: cents_to_dollars(m.drawn_cents),
            loan_left: m.loan_left_cents.map(cents_to_dollars),
            calibrated: figures.calibrated.as_ref().and_then(|c| {
                let result = c.calibration.result.as_ref()?;
                let b = &c.budget;
                Some(CalibratedSummaryResponse {
                    ratio: ratio(result.ratio_per_mille()),
                    low: ratio(result.low_per_mille()),
                    high: ratio(result.high_per_mille()),
                    n_tasks: result.used.len(),
                    predicted_total: b.predicted_total.as_dollars_f64(),
                    predicted_total_low: b.predicted_low.as_dollars_f64(),
                    predicted_total_high: b.predicted_high.as_dollars_f64(),
                    cost_per_sqft: b.cost_per_sqft_cents.map(cents_to_dollars),
                    over_budget: b.is_over_budget(),
                    column_totals: ColumnTotals::of(b),
                })
            }),
        }
    }
}

/// The version of the caller's project: from memory when this process knows it, else one query.
async fn current_version(state: &AppState, owner_id: i64, project_id: i64) -> Result<i64, ApiError> {
    match state.tasks.known_board_version(owner_id, project_id) {
        Some(known) => Ok(known?),
        None => {
            let svc = state.tasks.clone();
            blocking(move || svc.board_version(owner_id, project_id)).await
        }
    }
}

fn matches_tag(req: &HttpRequest, current: &str) -> bool {
    if_none_match(req).is_some_and(|tag| tag.split(',').any(|t| t.trim() == current))
}

fn not_modified(etag: String) -> HttpResponse {
    HttpResponse::NotModified()
        .insert_header((header::ETAG, etag))
        .insert_header((header::CACHE_CONTROL, "private, no-cache"))
        .finish()
}

/// `GET /api/projects/{id}/summary/`: budget, predicted total, cost per sq ft and column totals.
#[utoipa::path(
    tag = "tasks", operation_id = "getProjectSummary",
    summary = "The board's money figures, summed on the server",
    description = "Each task counts for its best-known cost: its actual cost, else its predicted cost \
        (regional average cost per sq ft x the project's square footage), else 0. Sums are exact to the cent. \
        Beside them, the whole-house estimate for the project and the part of it the board's tasks cover. \
        Strong `ETag` per project version, like the board.",
    params(("id" = i64, Path, minimum = 1, description = "The project id. Anything but a positive integer answers 404.")),
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The project's budget summary.", body = SummaryResponse,
            headers(("ETag" = String, description = "Changes with every write to the project."))),
        (status = 304, description = "Not modified since the `If-None-Match` tag."),
        crate::openapi::OwnedErrors,
    )
)]
#[get("/projects/{id}/summary/")]
pub async fn summary(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let project_id = parse_id(&path, "Project")?;
    let version = current_version(&state, user.id, project_id).await?;
    if matches_tag(&req, &summary_etag(project_id, version)) {
        return Ok(not_modified(summary_etag(project_id, version)));
    }
    // Like the board: the serialized summary of this project version, else computed from one
    // board read and kept.
    let (etag, json) = match state.summary_cache.get(project_id, user.id, version) {
        Some(json) => (summary_etag(project_id, version), json),
        None => {
            let svc = state.tasks.clone();
            let figures = blocking(move || svc.summary(user.id, project_id)).await?;
            let json =
                web::Bytes::from(serde_json::to_vec(&SummaryResponse::from(&figures)).map_err(ApiError::internal)?);
            state.summary_cache.put(project_id, user.id, figures.version, json.clone());
            (summary_etag(project_id, figures.version), json)
        }
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::ETAG, etag))
        .insert_header((header::CACHE_CONTROL, "private, no-cache"))
        .content_type("application/json")
        .body(json))
}

#[utoipa::path(
    tag = "tasks", operation_id = "createStandardTasks",
    summary = "Start an empty board from the project's standard task list",
    description = "The catalogue's tasks for the project's type and options (the lines of its whole-house estimate), \
        standard quality, status To Do, in build order, created in one transaction. 409 when the board already has a task; \
        400 when the project's type and options name no task (a renovation without options).",
    params(("id" = i64, Path, minimum = 1, description = "The project id. Anything but a positive integer answers 404.")),
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "The created tasks, in board order.", body = Vec<TaskResponse>),
        (status = 400, response = crate::openapi::BadRequest),
        (status = 409, response = crate::openapi::Conflict),
        crate::openapi::OwnedErrors,
    )
)]
#[post("/projects/{id}/tasks/template/")]
pub async fn create_standard_tasks(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let project_id = parse_id(&path, "Project")?;
    let svc = state.tasks.clone();
    let created = blocking(move || svc.create_standard_tasks(user.id, project_id)).await?;
    Ok(HttpResponse::Created().json(created.into_iter().map(TaskResponse::from).collect::<Vec<_>>()))
}

fn summary_etag(project_id: i64, version: i64) -> String {
    format!("\"s{project_id}-v{version}-{}\"", env!("CARGO_PKG_VERSION"))
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
        crate::openapi::OwnedErrors,
    )
)]
#[post("/tasks/")]
pub async fn create(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    body: ValidJson<CreateTaskRequest>,
) -> Result<HttpResponse, ApiError> {
    let new = body.body.try_into_domain(body.shape_errors)?;
    let svc = state.tasks.clone();
    let v = blocking(move || svc.create(user.id, new)).await?;
    Ok(HttpResponse::Created().json(TaskResponse::from(v)))
}

#[utoipa::path(
    tag = "tasks", operation_id = "updateTask", summary = "Change any subset of a task's fields, move it between columns",
    params(("id" = i64, Path, minimum = 1, description = "The task id. Anything but a positive integer answers 404.")),
    request_body = UpdateTaskRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The updated task.", body = TaskResponse),
        crate::openapi::JsonBodyErrors,
        crate::openapi::OwnedErrors,
    )
)]
#[patch("/tasks/{id}/")]
pub async fn update(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: ValidJson<UpdateTaskRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path, "Task")?;
    let update = body.body.try_into_domain(body.shape_errors)?;
    let svc = state.tasks.clone();
    let v = blocking(move || svc.update(user.id, id, update)).await?;
    Ok(HttpResponse::Ok().json(TaskResponse::from(v)))
}

#[utoipa::path(
    tag = "tasks", operation_id = "deleteTask", summary = "Delete a task with its documents",
    params(("id" = i64, Path, minimum = 1, description = "The task id. Anything but a positive integer answers 404.")),
    security(("bearerAuth" = [])),
    responses(
        (status = 204, description = "Deleted."),
        crate::openapi::OwnedErrors,
    )
)]
#[delete("/tasks/{id}/")]
pub async fn delete(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path, "Task")?;
    let svc = state.tasks.clone();
    blocking(move || svc.delete(user.id, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
