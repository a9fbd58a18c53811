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
        HttpResponse::ServiceUnavailable()
            .insert_header(("Cache-Control", "no-store"))
            .json(serde_json::json!({"status": "unavailable"}))
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

/// Methods the OpenAPI document declares for each path template, for `Allow` headers.
fn declared_methods() -> &'static [(Vec<String>, String)] {
    static METHODS: std::sync::OnceLock<Vec<(Vec<String>, String)>> = std::sync::OnceLock::new();
    METHODS.get_or_init(|| {
        let doc: serde_json::Value = serde_json::from_str(OPENAPI).unwrap_or_default();
        let mut out = Vec::new();
        if let Some(paths) = doc.get("paths").and_then(|p| p.as_object()) {
            for (template, item) in paths {
                let methods: Vec<String> = ["get", "post", "put", "patch", "delete"]
                    .iter()
                    .filter(|m| item.get(**m).is_some())
                    .map(|m| m.to_uppercase())
                    .collect();
                if !methods.is_empty() {
                    out.push((template.split('/').map(str::to_owned).collect(), methods.join(", ")));
                }
            }
        }
        out
    })
}

/// The `Allow` value for a concrete path, from the declared templates (`{id}` matches a segment).
pub fn allowed_methods(path: &str) -> Option<&'static str> {
    let segments: Vec<&str> = path.split('/').collect();
    declared_methods()
        .iter()
        .find(|(template, _)| {
            template.len() == segments.len()
                && template
                    .iter()
                    .zip(&segments)
                    .all(|(t, s)| t == s || (t.starts_with('{') && t.ends_with('}') && !s.is_empty()))
        })
        .map(|(_, allow)| allow.as_str())
}

/// Any other `/api/...` or `/payments/...` request: 405 with `Allow` when the path exists with
/// other methods, else a JSON 404 (never the app's HTML).
pub async fn api_not_found(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    if let Some(allow) = allowed_methods(req.path()) {
        let body = serde_json::json!({"error": "method_not_allowed", "message": format!("Method {} is not allowed here. Allowed: {allow}.", req.method())});
        return Ok(HttpResponse::MethodNotAllowed().insert_header(("Allow", allow)).json(body));
    }
    Err(ApiError::new(
        actix_web::http::StatusCode::NOT_FOUND,
        "not_found",
        format!("No API endpoint at {}.", req.path()),
    ))
}
