//! Health, configuration, the OpenAPI document and the JSON 404 for unknown API paths.

use actix_web::{web, HttpRequest, HttpResponse};

use crate::error::ApiError;
use crate::state::AppState;

/// `GET /healthz`: 200 when the database answers, else 503.
pub async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    let health = state.health.clone();
    let ok = web::block(move || health()).await.unwrap_or(false);
    if ok {
        HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(serde_json::json!({"status": "ok"}))
    } else {
        HttpResponse::ServiceUnavailable().insert_header(("Cache-Control", "no-store")).json(serde_json::json!({"status": "unavailable"}))
    }
}

/// `GET /api/config/`
pub async fn config(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(&state.config)
}

/// The OpenAPI 3 description of every call, kept beside the handlers (`openapi.json`).
pub const OPENAPI: &str = include_str!("../openapi.json");

/// `GET /api/openapi.json`
pub async fn openapi() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(OPENAPI)
}

/// Any other `/api/...` or `/payments/...` path: a JSON 404, never the app's HTML.
pub async fn api_not_found(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::new(actix_web::http::StatusCode::NOT_FOUND, "not_found", format!("No API endpoint at {}.", req.path())))
}
