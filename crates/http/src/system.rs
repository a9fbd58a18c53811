//! Health, configuration and the OpenAPI document.

use actix_web::{get, web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

use crate::state::{AppState, Health};

/// Whether the server can serve: its database and its document store answer.
#[derive(Serialize, ToSchema)]
#[schema(as = Health)]
pub struct HealthResponse {
    /// `ok` when every part answers.
    #[schema(value_type = String, pattern = "^(ok|unavailable)$", example = "ok")]
    status: &'static str,
    #[schema(value_type = String, pattern = "^(ok|unavailable)$", example = "ok")]
    database: &'static str,
    /// The document store: the local folder or the S3 bucket.
    #[schema(value_type = String, pattern = "^(ok|unavailable)$", example = "ok")]
    documents: &'static str,
}

fn word(ok: bool) -> &'static str {
    if ok {
        "ok"
    } else {
        "unavailable"
    }
}

/// `GET /healthz`: 200 when the database and the document store answer, else 503.
#[utoipa::path(
    tag = "system", operation_id = "healthz", summary = "Health check",
    description = "Readiness: the database answers a query and the document store (the local folder takes a file, \
        or the S3 bucket answers a listing with these credentials).",
    security(()),
    responses(
        (status = 200, description = "Every part answers.", body = HealthResponse,
            headers(("Cache-Control" = String))),
        (status = 503, description = "The database or the document store does not answer; the body says which.",
            body = HealthResponse),
    )
)]
#[get("/healthz")]
pub async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    let health = state.health.clone();
    let health = web::block(move || health()).await.unwrap_or(Health { database: false, documents: false });
    let body = HealthResponse {
        status: word(health.database && health.documents),
        database: word(health.database),
        documents: word(health.documents),
    };
    let mut res =
        if health.database && health.documents { HttpResponse::Ok() } else { HttpResponse::ServiceUnavailable() };
    res.insert_header(("Cache-Control", "no-store")).json(body)
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
    responses((status = 200, description = "OpenAPI 3.0.3 document of every call.", content_type = "application/json", body = Object)),
)]
#[get("/openapi.json")]
pub async fn openapi() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(crate::openapi::document_json())
}
