//! Health, configuration, the OpenAPI document and the JSON 404 for unknown API paths.

use actix_web::{get, web, HttpRequest, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::state::AppState;

/// Whether the database answers.
#[derive(Serialize, ToSchema)]
#[schema(as = Health)]
pub struct HealthResponse {
    #[schema(value_type = String, pattern = "^(ok|unavailable)$", example = "ok")]
    status: &'static str,
}

/// `GET /healthz`: 200 when the database answers, else 503.
#[utoipa::path(
    tag = "system", operation_id = "healthz", summary = "Health check",
    security(()),
    responses(
        (status = 200, description = "The database answers.", body = HealthResponse,
            headers(("Cache-Control" = String))),
        (status = 503, description = "The database does not answer.", body = HealthResponse),
    )
)]
#[get("/healthz")]
pub async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    let health = state.health.clone();
    let ok = web::block(move || health()).await.unwrap_or(false);
    if ok {
        HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(HealthResponse { status: "ok" })
    } else {
        HttpResponse::ServiceUnavailable()
            .insert_header(("Cache-Control", "no-store"))
            .json(HealthResponse { status: "unavailable" })
    }
}

/// `GET /api/config/`
#[utoipa::path(
    tag = "system", operation_id = "getConfig", summary = "Public configuration for the frontend",
    security(()),
    responses((status = 200, description = "The deployment's public settings.", body = crate::state::PublicConfig)),
)]
#[get("/config/")]
pub async fn config(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(&state.config)
}

/// `GET /api/openapi.json`: this document, generated from the handlers (`crate::openapi`).
#[utoipa::path(
    tag = "system", operation_id = "openapi", summary = "This OpenAPI document",
    security(()),
    responses((status = 200, description = "OpenAPI 3.1 document of every call.", content_type = "application/json", body = Object)),
)]
#[get("/openapi.json")]
pub async fn openapi() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(crate::openapi::document_json())
}

/// Methods the OpenAPI document declares for each path template, for `Allow` headers.
fn declared_methods() -> &'static [(Vec<String>, String)] {
    static METHODS: std::sync::OnceLock<Vec<(Vec<String>, String)>> = std::sync::OnceLock::new();
    METHODS.get_or_init(|| {
        let doc: serde_json::Value = serde_json::from_str(crate::openapi::document_json()).unwrap_or_default();
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
