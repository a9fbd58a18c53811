//! Tasks: the board read and task changes.

use std::collections::HashMap;
use std::sync::Mutex;

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

/// Reads task fields. On create, null is refused for fields that have a default; on a PATCH
/// it leaves them unchanged (description, actual_cost and due_date are cleared by null).
fn task_input(body: &JsonObject, creating: bool) -> Result<TaskInput, ApiError> {
    let mut f = Fields::new(&body.0);
    let text = |f: &mut Fields, key: &str| if creating { f.string_not_null(key) } else { f.string(key) };
    let input = TaskInput {
        project: if creating { f.int_not_null("project") } else { f.int("project") },
        title: text(&mut f, "title"),
        description: f.nullable_string("description"),
        status: text(&mut f, "status"),
        material_quality: text(&mut f, "material_quality"),
        actual_cost: f.nullable_money("actual_cost"),
        due_date: f.nullable_string("due_date"),
        position: if creating { f.int_not_null("position") } else { f.int("position") },
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

/// Serialized boards by project, each valid for one project version. A board read then costs
/// one small query (the version) when nothing changed since it was last built.
pub struct BoardCache {
    entries: Mutex<HashMap<i64, CachedBoard>>,
    capacity: usize,
}

struct CachedBoard {
    owner_id: i64,
    version: i64,
    json: web::Bytes,
}

impl BoardCache {
    pub fn new(capacity: usize) -> Self {
        Self { entries: Mutex::new(HashMap::new()), capacity }
    }

    fn get(&self, project_id: i64, owner_id: i64, version: i64) -> Option<web::Bytes> {
        let entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        entries.get(&project_id).filter(|c| c.owner_id == owner_id && c.version == version).map(|c| c.json.clone())
    }

    fn put(&self, project_id: i64, owner_id: i64, version: i64, json: web::Bytes) {
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        if entries.len() >= self.capacity && !entries.contains_key(&project_id) {
            // Crude but bounded: start over rather than track recency.
            entries.clear();
        }
        entries.insert(project_id, CachedBoard { owner_id, version, json });
    }
}

impl Default for BoardCache {
    fn default() -> Self {
        Self::new(1024)
    }
}

/// `GET /api/projects/{id}/tasks/`, answering 304 when the caller's copy is current.
pub async fn board(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let project_id = parse_id(&path, "Project")?;
    let svc = state.tasks.clone();
    // The version from memory when this process knows it (it records its own writes as they
    // commit), else one query on the blocking pool.
    let version = match svc.known_board_version(user.id, project_id) {
        Some(known) => known?,
        None => {
            let svc = svc.clone();
            blocking(move || svc.board_version(user.id, project_id)).await?
        }
    };
    let current = board_etag(project_id, version);
    if if_none_match(&req).is_some_and(|tag| tag.split(',').any(|t| t.trim() == current)) {
        return Ok(HttpResponse::NotModified()
            .insert_header((header::ETAG, current))
            .insert_header((header::CACHE_CONTROL, "private, no-cache"))
            .finish());
    }
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

pub async fn create(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    body: JsonObject,
) -> Result<HttpResponse, ApiError> {
    let input = task_input(&body, true)?;
    let svc = state.tasks.clone();
    let v = blocking(move || svc.create(user.id, input)).await?;
    Ok(HttpResponse::Created().json(TaskResponse::from(v)))
}

pub async fn update(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: JsonObject,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path, "Task")?;
    let input = task_input(&body, false)?;
    let svc = state.tasks.clone();
    let v = blocking(move || svc.update(user.id, id, input)).await?;
    Ok(HttpResponse::Ok().json(TaskResponse::from(v)))
}

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
