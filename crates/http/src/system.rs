//! Health, configuration and the OpenAPI document.

use actix_web::{get, web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

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
    responses((status = 200, description = "OpenAPI 3.0.3 document of every call.", content_type = "application/json", body = Object)),
)]
#[get("/openapi.json")]
pub async fn openapi() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(crate::openapi::document_json())
}
