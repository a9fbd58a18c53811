//! `GET /api/projects/{id}/summary/`: a project's money figures as one answer (docs/money.md,
//! issue 29): the board's sums with the predictions the project shows, the ledger figures and
//! the calibration, the same figures the share page carries. Cached per project version like the
//! board (`tasks.rs`).

use actix_web::http::header;
use actix_web::{get, web, HttpRequest, HttpResponse};
use buildledger_application::summary::ProjectSummary;
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::ProjectCaller;
use crate::conditional::{current_version, matches_tag, not_modified};
use crate::error::{blocking, ApiError};
use crate::fields::dollars;
use crate::path::IdPath;
use crate::state::AppState;
use buildledger_domain::ids::{ProjectId, TypedId};

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
            cost_per_sqft: s.cost_per_sqft_cents.map(dollars),
            over_budget: s.is_over_budget(),
            column_totals: ColumnTotals::of(s),
            full_build_estimate: figures.estimate.map(|e| dollars(e.full_build_cents)),
            estimate_covered: figures.estimate.map(|e| dollars(e.covered_cents)),
            use_calibration: figures.use_calibration,
            predicted_total_regional: figures.regional.predicted_total.as_dollars_f64(),
            predicted_total_calibrated: figures.calibrated.as_ref().map(|c| c.budget.predicted_total.as_dollars_f64()),
            committed: dollars(m.committed_cents),
            change_orders_approved: dollars(m.change_orders_approved_cents),
            paid_to_date: dollars(m.paid_to_date_cents),
            payments_recorded: dollars(m.payments_recorded_cents),
            remaining_to_pay: dollars(m.remaining_to_pay_cents),
            uncommitted: dollars(m.uncommitted_cents),
            contingency_percent: m.contingency.percent,
            contingency_reserve: dollars(m.contingency.reserve_cents),
            working_budget: dollars(m.contingency.working_budget_cents),
            contingency_used: dollars(m.contingency.used_cents),
            contingency_left: dollars(m.contingency.left_cents),
            headroom: dollars(m.contingency.headroom_cents),
            status: m.contingency.status.code(),
            loan_amount: m.loan_amount_cents.map(dollars),
            drawn: dollars(m.drawn_cents),
            loan_left: m.loan_left_cents.map(dollars),
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
                    cost_per_sqft: b.cost_per_sqft_cents.map(dollars),
                    over_budget: b.is_over_budget(),
                    column_totals: ColumnTotals::of(b),
                })
            }),
        }
    }
}

/// `GET /api/projects/{id}/summary/`: budget, predicted total, cost per sq ft and column totals.
#[utoipa::path(
    tag = "tasks", operation_id = "getProjectSummary",
    summary = "The board's money figures, summed on the server",
    description = "Each task counts for its best-known cost: its actual cost, else its predicted cost \
        (regional average cost per sq ft x the project's square footage), else 0. Sums are exact to the cent. \
        Beside them, the whole-house estimate for the project and the part of it the board's tasks cover. \
        Strong `ETag` per project version, like the board.",
    params(IdPath<ProjectId>),
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
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let version = current_version(&state, user.owner(), project_id).await?;
    if matches_tag(&req, &summary_etag(project_id.get(), version)) {
        return Ok(not_modified(summary_etag(project_id.get(), version)));
    }
    // Like the board: the serialized summary of this project version, else computed from one
    // board read and kept.
    let (etag, body) = match state.summary_cache.get(project_id.get(), user.id, version) {
        Some(body) => (summary_etag(project_id.get(), version), body),
        None => {
            let svc = state.tasks.clone();
            let figures = blocking(move || svc.summary(user.owner(), project_id)).await?;
            let json =
                web::Bytes::from(serde_json::to_vec(&SummaryResponse::from(&figures)).map_err(ApiError::internal)?);
            (
                summary_etag(project_id.get(), figures.version),
                state.summary_cache.put(project_id.get(), user.id, figures.version, json),
            )
        }
    };
    let mut res = HttpResponse::Ok();
    res.insert_header((header::ETAG, etag)).insert_header((header::CACHE_CONTROL, "private, no-cache"));
    Ok(body.respond(req.headers().get(header::ACCEPT_ENCODING), res))
}

fn summary_etag(project_id: i64, version: i64) -> String {
    format!("\"s{project_id}-v{version}-{}\"", env!("CARGO_PKG_VERSION"))
}
