//! Tasks: the board read and task changes.

use actix_web::http::header::{self, HeaderValue};
use actix_web::{web, HttpRequest, HttpResponse};
use buildledger_application::tasks::{TaskInput, TaskView};
use buildledger_domain::task::cost_per_sqft_cents;
use serde::Serialize;

use crate::auth::Subscribed;
use crate::error::{blocking, ApiError};
use crate::json::{Fields, JsonObject};
use crate::projects::parse_id;
use crate::state::AppState;

#[derive(Serialize)]
pub struct TaskResponse {
    id: i64,
    project: i64,
    title: String,
    description: String,
    status: &'static str,
    material_quality: &'static str,
    actual_cost: Option<f64>,
    due_date: Option<String>,
    position: i32,
    actual_cost_per_sqft: Option<f64>,
    regional_average_cost_per_sqft: Option<f64>,
}

fn cents_to_dollars(c: i64) -> f64 {
    c as f64 / 100.0
}

impl From<TaskView> for TaskResponse {
    fn from(v: TaskView) -> Self {
        let t = v.task;
        TaskResponse {
            id: t.id,
            project: t.project_id,
            actual_cost_per_sqft: cost_per_sqft_cents(t.actual_cost, v.square_footage).map(cents_to_dollars),
            regional_average_cost_per_sqft: v.regional_rate_cents.map(cents_to_dollars),
            title: t.title,
            description: t.description,
            status: t.status.label(),
            material_quality: t.material_quality.code(),
            actual_cost: t.actual_cost.map(|m| m.as_dollars_f64()),
            due_date: t.due_date.map(|d| d.to_string()),
            position: t.position,
        }
    }
}

fn task_input(body: &JsonObject) -> Result<TaskInput, ApiError> {
    let mut f = Fields::new(&body.0);
    let input = TaskInput {
        project: f.int("project"),
        title: f.string("title"),
        description: f.nullable_string("description"),
        status: f.string("status"),
        material_quality: f.string("material_quality"),
        actual_cost: f.nullable_money("actual_cost"),
        due_date: f.nullable_string("due_date"),
        position: f.int("position"),
    };
    f.finish()?;
    Ok(input)
}

/// Strong ETag of a board: changes with the project's version (bumped by every write to the
/// project, its tasks and documents) and with the cost catalogue shipped in this build.
fn board_etag(project_id: i64, version: i64) -> String {
    format!("\"b{project_id}-v{version}-{}\"", env!("CARGO_PKG_VERSION"))
}

fn if_none_match(req: &HttpRequest) -> Option<String> {
    req.headers().get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()).map(str::to_owned)
}

/// `GET /api/projects/{id}/tasks/`, answering 304 when the caller's copy is current.
pub async fn board(Subscribed(user): Subscribed, state: web::Data<AppState>, path: web::Path<String>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let project_id = parse_id(&path, "Project")?;
    let svc = state.tasks.clone();
    if let Some(tag) = if_none_match(&req) {
        let svc = svc.clone();
        let version = blocking(move || svc.board_version(user.id, project_id)).await?;
        let current = board_etag(project_id, version);
        if tag.split(',').any(|t| t.trim() == current) {
            return Ok(HttpResponse::NotModified().insert_header((header::ETAG, current)).insert_header((header::CACHE_CONTROL, "private, no-cache")).finish());
        }
    }
    let board = blocking(move || svc.board(user.id, project_id)).await?;
    let etag = board_etag(project_id, board.project.version);
    let tasks: Vec<TaskResponse> = board.tasks.into_iter().map(TaskResponse::from).collect();
    let mut res = HttpResponse::Ok();
    if let Ok(v) = HeaderValue::from_str(&etag) {
        res.insert_header((header::ETAG, v));
    }
    Ok(res.insert_header((header::CACHE_CONTROL, "private, no-cache")).json(tasks))
}

pub async fn create(Subscribed(user): Subscribed, state: web::Data<AppState>, body: JsonObject) -> Result<HttpResponse, ApiError> {
    let input = task_input(&body)?;
    let svc = state.tasks.clone();
    let v = blocking(move || svc.create(user.id, input)).await?;
    Ok(HttpResponse::Created().json(TaskResponse::from(v)))
}

pub async fn update(Subscribed(user): Subscribed, state: web::Data<AppState>, path: web::Path<String>, body: JsonObject) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path, "Task")?;
    let input = task_input(&body)?;
    let svc = state.tasks.clone();
    let v = blocking(move || svc.update(user.id, id, input)).await?;
    Ok(HttpResponse::Ok().json(TaskResponse::from(v)))
}

pub async fn delete(Subscribed(user): Subscribed, state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path, "Task")?;
    let svc = state.tasks.clone();
    blocking(move || svc.delete(user.id, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
