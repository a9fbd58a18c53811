//! BuildLedger HTTP adapter: routes, JSON mapping, errors, auth extractors, static frontend.

pub mod accounts;
pub mod auth;
pub mod documents;
pub mod error;
pub mod estimate;
pub mod frontend;
pub mod headers;
pub mod json;
pub mod payments;
pub mod projects;
pub mod request_log;
pub mod state;
pub mod system;
pub mod tasks;
pub mod throttle;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::middleware::Compress;
use actix_web::{web, App};

pub use error::ApiError;
pub use state::{AppState, PublicConfig};

/// Configures every API route (no middleware, no static files).
pub fn configure_api(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/healthz").route(web::get().to(system::healthz)).default_service(web::to(system::api_not_found)),
    )
    .service(
        web::scope("/api")
            // The router tries routes in this order and matches each `{id}` pattern with a
            // regex, so the hottest calls (board reads, card moves) come first.
            .route("/projects/{id}/tasks/", web::get().to(tasks::board))
            .route("/tasks/{id}/", web::patch().to(tasks::update))
            .route("/register/", web::post().to(accounts::register))
            .route("/token/", web::post().to(accounts::token))
            .route("/token/refresh/", web::post().to(accounts::refresh))
            .route("/me/", web::get().to(accounts::me))
            .route("/config/", web::get().to(system::config))
            .route("/openapi.json", web::get().to(system::openapi))
            .route("/projects/", web::get().to(projects::list))
            .route("/projects/", web::post().to(projects::create))
            .route("/projects/{id}/", web::get().to(projects::get))
            .route("/projects/{id}/", web::patch().to(projects::update))
            .route("/projects/{id}/", web::delete().to(projects::delete))
            .route("/tasks/", web::post().to(tasks::create))
            .route("/tasks/{id}/", web::delete().to(tasks::delete))
            .route("/documents/", web::get().to(documents::list))
            .route("/documents/", web::post().to(documents::upload))
            .route("/documents/{id}/", web::get().to(documents::get))
            .route("/documents/{id}/", web::delete().to(documents::delete))
            .route("/documents/{id}/download/", web::get().to(documents::download))
            .configure(estimate::configure)
            .default_service(web::to(system::api_not_found)),
    )
    .configure(payments::configure);
}

/// The whole application: API, middleware and the frontend.
pub fn app(
    state: AppState,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let dist = state.frontend_dist.clone();
    App::new()
        .app_data(web::Data::new(state))
        .app_data(web::JsonConfig::default().limit(json::JSON_LIMIT).error_handler(json::json_error))
        .app_data(
            web::QueryConfig::default()
                .error_handler(|e, _| ApiError::bad_request("invalid_query", e.to_string()).into()),
        )
        .app_data(web::PathConfig::default().error_handler(|_, _| ApiError::not_found("Resource").into()))
        .wrap(Compress::default())
        .wrap(actix_web::middleware::from_fn(headers::security_headers))
        // Outermost: the request's span covers every other layer (request_log.rs).
        .wrap(request_log::middleware())
        .configure(configure_api)
        .service(frontend::service(dist.as_deref()))
}
