//! BuildLedger HTTP adapter: routes, typed requests, errors, auth extractors, the OpenAPI
//! document generated from the handlers, static frontend.

pub mod account_settings;
pub mod activity;
pub mod auth;
pub mod bids;
pub mod body_cache;
pub mod calibration;
pub mod client_address;
pub mod compression;
pub mod conditional;
pub mod documents;
pub mod draws;
pub mod error;
pub mod estimate;
pub mod fields;
pub mod frontend;
pub mod head;
pub mod headers;
pub mod ledger;
pub mod members;
pub mod not_found;
pub mod openapi;
pub mod path;
pub mod projects;
pub mod reminders;
pub mod request;
pub mod request_log;
pub mod route_preload;
pub mod schedule;
pub mod shares;
pub mod sign_in;
pub mod state;
pub mod subscription;
pub mod summary;
pub mod system;
pub mod tasks;
pub mod throttle;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::{web, App};
use utoipa::OpenApi;
use utoipa_actix_web::service_config::ServiceConfig;
use utoipa_actix_web::AppExt;

pub use error::ApiError;
pub use state::{AppState, Health, PublicConfig};

/// Every API route. Each `service(...)` registers a handler and adds its `#[utoipa::path]` to
/// the OpenAPI document, so the router and the document are one list.
pub fn api_routes(cfg: &mut ServiceConfig) {
    cfg.service(system::healthz)
        .route("/healthz", web::to(not_found::api_not_found))
        // The calendar feed (no login, outside /api): before the frontend's index.html fallback.
        .service(schedule::calendar_feed::calendar_feed)
        .route("/calendar/{token}.ics", web::to(not_found::api_not_found))
        // The browsable reference: Swagger UI's files are compiled in (`vendored`).
        .map(|c| {
            c.route("/api/docs", web::get().to(docs_redirect)).service(
                utoipa_swagger_ui::SwaggerUi::new("/api/docs/{_:.*}")
                    .config(utoipa_swagger_ui::Config::new(["/api/openapi.json"])),
            )
        })
        .service(
            utoipa_actix_web::scope::scope("/api")
                // The router tries routes in this order and matches each `{id}` pattern with a
                // regex, so the hottest calls (board reads, card moves) come first.
                .service(tasks::board)
                .service(tasks::update)
                .service(summary::summary)
                .service(tasks::create_standard_tasks)
                .service(calibration::calibration)
                .service(bids::list_contractors)
                .service(bids::create_contractor)
                .service(bids::get_contractor)
                .service(bids::update_contractor)
                .service(bids::delete_contractor)
                .service(bids::list_task_bids)
                .service(bids::create_bid)
                .service(bids::update_bid)
                .service(bids::delete_bid)
                .service(bids::award_bid)
                .service(bids::withdraw_award)
                .service(bids::compare_project_bids)
                .service(ledger::list_task_payments)
                .service(ledger::list_project_payments)
                .service(ledger::create_payment)
                .service(ledger::update_payment)
                .service(ledger::delete_payment)
                .service(ledger::list_task_change_orders)
                .service(ledger::create_change_order)
                .service(ledger::update_change_order)
                .service(ledger::delete_change_order)
                .service(ledger::change_order_register)
                .service(ledger::list_waivers)
                .service(ledger::create_waiver)
                .service(ledger::update_waiver)
                .service(ledger::delete_waiver)
                .service(draws::list_draws)
                .service(draws::next_draw)
                .service(draws::create_draw)
                .service(draws::update_draw)
                .service(draws::delete_draw)
                .service(schedule::delays::list_delays)
                .service(schedule::delays::create_delay)
                .service(schedule::delays::update_delay)
                .service(schedule::delays::delete_delay)
                .service(schedule::inspections::list_inspections)
                .service(schedule::inspections::create_inspection)
                .service(schedule::inspections::update_inspection)
                .service(schedule::inspections::delete_inspection)
                .service(schedule::inspections::inspection_kinds)
                .service(schedule::dependencies::list_dependencies)
                .service(schedule::dependencies::create_dependency)
                .service(schedule::dependencies::update_dependency)
                .service(schedule::dependencies::delete_dependency)
                .service(schedule::timeline::schedule)
                .service(schedule::timeline::take_baseline)
                .service(activity::list_activity)
                .service(schedule::calendar_feed::calendar_status)
                .service(schedule::calendar_feed::create_calendar_feed)
                .service(schedule::calendar_feed::revoke_calendar_feed)
                .service(sign_in::register)
                .service(sign_in::token)
                .service(sign_in::refresh)
                .service(sign_in::me)
                .service(sign_in::logout)
                .service(account_settings::logout_all)
                .service(account_settings::change_password)
                .service(account_settings::request_reset)
                .service(account_settings::confirm_reset)
                .service(account_settings::export)
                .service(account_settings::delete_account)
                .service(reminders::get_reminders)
                .service(reminders::set_reminders)
                .service(reminders::unsubscribe)
                .service(reminders::unsubscribe_page)
                .service(system::config)
                .service(system::openapi)
                .service(projects::list)
                .service(projects::create)
                .service(projects::get)
                .service(projects::update)
                .service(projects::delete)
                .service(members::list_members)
                .service(members::invite_member)
                .service(members::update_member)
                .service(members::remove_member)
                .service(members::accept_invitation)
                .service(members::preview_invitation)
                .service(tasks::create)
                .service(tasks::delete)
                .service(documents::list)
                .service(documents::upload)
                .service(documents::get)
                .service(documents::rename)
                .service(documents::delete)
                .service(documents::download)
                .service(estimate::estimate)
                .service(estimate::task_suggestions)
                .service(estimate::cost_sources)
                .service(shares::list)
                .service(shares::create)
                .service(shares::revoke)
                .service(shares::open)
                .default_service(web::to(not_found::api_not_found)),
        )
        .configure(subscription::configure);
}

/// `/api/docs` -> `/api/docs/` (Swagger UI's relative asset paths need the slash).
async fn docs_redirect() -> actix_web::HttpResponse {
    actix_web::HttpResponse::MovedPermanently().insert_header(("Location", "/api/docs/")).finish()
}

/// Configures every API route on a plain actix `ServiceConfig` (no middleware, no static files).
pub fn configure_api(cfg: &mut web::ServiceConfig) {
    api_routes(&mut ServiceConfig::new(cfg));
}

/// The OpenAPI document, collected from the same registration as the router.
pub fn api_doc_from_router() -> utoipa::openapi::OpenApi {
    let (_, doc) =
        App::new().into_utoipa_app().openapi(openapi::ApiDoc::openapi()).configure(api_routes).split_for_parts();
    doc
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
        .app_data(web::JsonConfig::default().limit(request::JSON_LIMIT).error_handler(request::json_error))
        .app_data(
            web::QueryConfig::default()
                .error_handler(|e, _| ApiError::bad_request("invalid_query", e.to_string()).into()),
        )
        .app_data(web::PathConfig::default().error_handler(|_, _| ApiError::not_found("Resource").into()))
        // Innermost, so that routing sees it: HEAD is answered as GET without a body (head.rs).
        .wrap(actix_web::middleware::from_fn(head::head_as_get))
        .wrap(actix_web::middleware::from_fn(compression::compress_responses))
        .wrap(actix_web::middleware::from_fn(headers::security_headers))
        // Outermost: the request's span covers every other layer (request_log.rs).
        .wrap(request_log::middleware())
        .configure(configure_api)
        .configure(frontend::routes(dist.as_deref()))
}
