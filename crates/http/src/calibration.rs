//! `GET /api/projects/{id}/calibration/` (issue 20): how this project's own prices (actual
//! costs, else awarded bids) compare with the regional predictions, with every task the ratio
//! is made of and those left out as outliers (docs/cost-model.md). Behind the subscription gate
//! like the board; another user's project answers 404.

use actix_web::{get, web, HttpResponse};
use buildledger_application::calibration::{CalibrationInput, ProjectCalibration};
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::ProjectCaller;
use crate::error::{blocking, ApiError};
use crate::fields::dollars;
use crate::path::IdPath;
use crate::state::AppState;
use crate::summary::ratio;
use buildledger_domain::ids::ProjectId;

/// The project's local ratio and its inputs.
#[derive(Serialize, ToSchema)]
#[schema(as = Calibration)]
pub struct CalibrationResponse {
    /// Sum of the used tasks' known prices / sum of their regional predictions, 3 decimals
    /// (1.2: this project's prices run 20% above the regional average); null until `min_tasks`
    /// tasks have a known price.
    #[schema(required = true, minimum = 0)]
    ratio: Option<f64>,
    /// The lowest and highest per-task ratio among the used tasks; null with `ratio`.
    #[schema(required = true, minimum = 0)]
    low: Option<f64>,
    #[schema(required = true, minimum = 0)]
    high: Option<f64>,
    /// (ratio - 1) x 100, rounded: "your prices run 14% above the regional average"; null with
    /// `ratio`.
    #[schema(required = true)]
    percent_vs_regional: Option<i64>,
    /// How many tasks the ratio is made of (before there is one: how many have a known price
    /// and a prediction so far).
    #[schema(minimum = 0)]
    n_tasks: usize,
    /// Tasks needed before there is a ratio (3).
    #[schema(minimum = 1)]
    min_tasks: usize,
    /// The tasks the ratio is made of (before there is one: the comparable tasks so far).
    used: Vec<CalibrationTaskResponse>,
    /// Tasks whose ratio is so far from the others (more than 3 robust standard deviations on a
    /// log scale) that they are left out.
    left_out: Vec<CalibrationTaskResponse>,
}

/// One task compared.
#[derive(Serialize, ToSchema)]
#[schema(as = CalibrationTask)]
pub struct CalibrationTaskResponse {
    task: i64,
    title: String,
    /// Its regional prediction, dollars.
    #[schema(minimum = 0)]
    predicted: f64,
    /// Its price for its original scope, dollars: its actual cost, else its awarded bid, in both
    /// cases without its approved change orders (a change order changes scope, not prices).
    #[schema(minimum = 0)]
    known: f64,
    /// `actual_cost` or `committed`.
    #[schema(pattern = "^(actual_cost|committed)$")]
    known_from: &'static str,
    /// known / predicted, 3 decimals.
    #[schema(minimum = 0)]
    ratio: f64,
}

impl From<&CalibrationInput> for CalibrationTaskResponse {
    fn from(i: &CalibrationInput) -> Self {
        CalibrationTaskResponse {
            task: i.task_id,
            title: i.title.clone(),
            predicted: dollars(i.predicted_cents),
            known: dollars(i.known_cents),
            known_from: i.known_from.code(),
            ratio: (i.known_cents as f64 / i.predicted_cents as f64 * 1000.0).round() / 1000.0,
        }
    }
}

impl From<&ProjectCalibration> for CalibrationResponse {
    fn from(c: &ProjectCalibration) -> Self {
        let (used, left_out) = c.used_and_left_out();
        let result = c.result.as_ref();
        let per_mille = result.map(|r| r.ratio_per_mille());
        CalibrationResponse {
            ratio: per_mille.map(ratio),
            low: result.map(|r| ratio(r.low_per_mille())),
            high: result.map(|r| ratio(r.high_per_mille())),
            percent_vs_regional: per_mille.map(|p| ((i64::from(p) - 1000) as f64 / 10.0).round() as i64),
            n_tasks: used.len(),
            min_tasks: ProjectCalibration::MIN_TASKS,
            used: used.into_iter().map(CalibrationTaskResponse::from).collect(),
            left_out: left_out.into_iter().map(CalibrationTaskResponse::from).collect(),
        }
    }
}

#[utoipa::path(
    tag = "tasks", operation_id = "getProjectCalibration",
    summary = "How this project's prices compare with the regional predictions",
    description = "Once at least three tasks have both a regional prediction and a price for their original scope \
        (an actual cost, else the awarded bid, without approved change orders; fees and permits are not compared), \
        their ratio: the sum of the known prices over the sum of their predictions, with outliers left out (log-scale \
        median and MAD, 3 robust standard deviations; never a task within 25% of the median ratio). When the project \
        uses calibration, its predictions are the regional ones x this ratio, to the whole dollar (docs/cost-model.md).",
    params(IdPath<ProjectId>),
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The ratio (null under three tasks) and the tasks it uses.", body = CalibrationResponse),
        crate::openapi::OwnedErrors,
    )
)]
#[get("/projects/{id}/calibration/")]
pub async fn calibration(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId>,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let svc = state.tasks.clone();
    let c = blocking(move || svc.calibration(user.owner(), project_id)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "private, no-cache")).json(CalibrationResponse::from(&c)))
}
