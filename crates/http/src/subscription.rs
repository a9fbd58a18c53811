//! The subscription (served under `/payments/...`): status, checkout, cancel/resume, payment method, billing
//! history, the admin dashboard, Stripe webhooks, and the local-mode checkout page.

use actix_web::http::header;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use buildledger_application::subscription::local::LocalCheckoutService;
use buildledger_application::subscription::ports::CHECKOUT_COMPLETE;
use buildledger_application::subscription::SubscriptionService;
use buildledger_domain::money::Money;
use buildledger_domain::subscription::{Subscription, PLAN_PRICE_CENTS};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use crate::auth::Authenticated;
use crate::error::{blocking, ApiError};
use crate::state::AppState;

/// `/local-checkout/{id}` and the `/payments/...` scope, each call with its OpenAPI path.
pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(local_checkout_page)
        .route("/local-checkout/{session_id}", web::to(crate::not_found::api_not_found))
        .service(
            utoipa_actix_web::scope::scope("/payments")
                .service(subscription_status)
                .service(check_subscription)
                .service(create_checkout_session)
                .service(cancel_subscription)
                .service(resume_subscription)
                .service(update_payment_method)
                .service(billing_history)
                .service(admin_list)
                .service(admin_list_slash)
                .service(admin_cancel)
                .service(admin_cancel_slash)
                .service(webhook_slash)
                .service(webhook)
                .service(local_checkout_complete)
                .default_service(web::to(crate::not_found::api_not_found)),
        );
}

fn service(state: &AppState) -> SubscriptionService {
    state.subscription.service.clone()
}

/// The subscription, or an empty object `{}` when the user has none (so no property is required).
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = SubscriptionStatus)]
pub struct SubscriptionStatusResponse {
    /// Stripe's status vocabulary: active, trialing, past_due, canceled, ...
    #[schema(required = false)]
    pub status: String,
    /// Same as status.
    #[schema(required = false)]
    pub subscription_status: String,
    /// Unix seconds; `null` when unknown.
    #[schema(required = false)]
    pub current_period_end: Option<i64>,
    #[schema(required = false)]
    pub cancel_at_period_end: bool,
}

#[derive(Serialize, ToSchema)]
#[schema(as = CheckSubscription)]
struct CheckSubscriptionResponse {
    is_subscribed: bool,
}

#[derive(Serialize, ToSchema)]
#[schema(as = CheckoutSession)]
struct CheckoutSessionResponse {
    #[serde(rename = "sessionId")]
    session_id: String,
    /// Hosted checkout URL; in local mode `/local-checkout/{sessionId}`.
    url: String,
}

#[derive(Serialize, ToSchema)]
#[schema(as = Message)]
struct MessageResponse<'a> {
    message: &'a str,
}

#[derive(Serialize, ToSchema)]
#[schema(as = BillingHistory)]
struct BillingHistoryResponse {
    billing_history: Vec<BillingItem>,
}

#[derive(Serialize, ToSchema)]
#[schema(as = WebhookReceipt)]
struct WebhookReceipt {
    received: bool,
    duplicate: bool,
}

impl From<Subscription> for SubscriptionStatusResponse {
    fn from(s: Subscription) -> Self {
        Self {
            status: s.status.clone(),
            subscription_status: s.status,
            current_period_end: s.current_period_end.map(|t| t.and_utc().timestamp()),
            cancel_at_period_end: s.cancel_at_period_end,
        }
    }
}

/// `GET /payments/subscription-status/`: the record, or `{}` when there is none.
#[utoipa::path(
    tag = "subscription", operation_id = "subscriptionStatus", summary = "The caller's subscription",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The subscription, or `{}`.", body = SubscriptionStatusResponse),
        crate::openapi::LoginErrors,
    )
)]
#[get("/subscription-status/")]
pub async fn subscription_status(state: web::Data<AppState>, user: Authenticated) -> Result<HttpResponse, ApiError> {
    let svc = service(&state);
    let found = blocking(move || svc.subscription_status(user.0.id)).await?;
    Ok(match found {
        Some(s) => HttpResponse::Ok().insert_header(no_store()).json(SubscriptionStatusResponse::from(s)),
        None => HttpResponse::Ok().insert_header(no_store()).json(json!({})),
    })
}

fn no_store() -> (header::HeaderName, &'static str) {
    (header::CACHE_CONTROL, "no-store")
}

/// `GET /payments/check-subscription/`
#[utoipa::path(
    tag = "subscription", operation_id = "checkSubscription", summary = "Whether the caller has an active subscription",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The answer.", body = CheckSubscriptionResponse),
        crate::openapi::LoginErrors,
    )
)]
#[get("/check-subscription/")]
pub async fn check_subscription(state: web::Data<AppState>, user: Authenticated) -> Result<HttpResponse, ApiError> {
    let svc = service(&state);
    let is_subscribed = blocking(move || svc.is_subscribed(user.0.id)).await?;
    Ok(HttpResponse::Ok().insert_header(no_store()).json(CheckSubscriptionResponse { is_subscribed }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = CheckoutRequest)]
pub struct CheckoutBody {
    /// The configured price id (`price_id` accepted too). Optional.
    #[serde(rename = "priceId", alias = "price_id", default)]
    pub price_id: Option<String>,
}

/// `POST /payments/create-checkout-session/` `{priceId}` -> `{sessionId, url}`.
#[utoipa::path(
    tag = "subscription", operation_id = "createCheckoutSession", summary = "Start a checkout for the monthly plan",
    request_body = Option<CheckoutBody>,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The checkout session.", body = CheckoutSessionResponse),
        (status = 409, description = "Already subscribed (`conflict`).", body = crate::error::ErrorBody),
        crate::openapi::JsonBodyErrors,
        crate::openapi::LoginErrors,
    )
)]
#[post("/create-checkout-session/")]
pub async fn create_checkout_session(
    state: web::Data<AppState>,
    user: Authenticated,
    body: Option<web::Json<CheckoutBody>>,
) -> Result<HttpResponse, ApiError> {
    let svc = service(&state);
    let price = body.and_then(|b| b.into_inner().price_id);
    let created = blocking(move || svc.create_checkout_session(user.0.id, price.as_deref())).await?;
    Ok(HttpResponse::Ok().json(CheckoutSessionResponse { session_id: created.session_id, url: created.url }))
}

fn message(m: &str) -> HttpResponse {
    HttpResponse::Ok().json(MessageResponse { message: m })
}

/// `POST /payments/cancel-subscription/`
#[utoipa::path(
    tag = "subscription", operation_id = "cancelSubscription", summary = "Cancel at the end of the period",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "Done.", body = MessageResponse),
        (status = 400, response = crate::openapi::BadRequest),
        crate::openapi::LoginErrors,
    )
)]
#[post("/cancel-subscription/")]
pub async fn cancel_subscription(state: web::Data<AppState>, user: Authenticated) -> Result<HttpResponse, ApiError> {
    let svc = service(&state);
    Ok(message(blocking(move || svc.cancel_subscription(user.0.id)).await?))
}

/// `POST /payments/resume-subscription/`
#[utoipa::path(
    tag = "subscription", operation_id = "resumeSubscription", summary = "Undo a cancellation before the period ends",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "Done.", body = MessageResponse),
        (status = 400, response = crate::openapi::BadRequest),
        crate::openapi::LoginErrors,
    )
)]
#[post("/resume-subscription/")]
pub async fn resume_subscription(state: web::Data<AppState>, user: Authenticated) -> Result<HttpResponse, ApiError> {
    let svc = service(&state);
    Ok(message(blocking(move || svc.resume_subscription(user.0.id)).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = PaymentMethodRequest)]
pub struct PaymentMethodBody {
    /// The id Stripe's card form created (e.g. `pm_...`).
    #[serde(default)]
    #[schema(value_type = String, required = true, min_length = 1, max_length = 255, pattern = "^[A-Za-z0-9_]+$")]
    pub payment_method_id: Option<String>,
}

/// `POST /payments/update-payment-method/` `{payment_method_id}`
#[utoipa::path(
    tag = "subscription", operation_id = "updatePaymentMethod", summary = "Replace the card used for the subscription",
    request_body = PaymentMethodBody,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "Done.", body = MessageResponse),
        crate::openapi::JsonBodyErrors,
        crate::openapi::LoginErrors,
    )
)]
#[post("/update-payment-method/")]
pub async fn update_payment_method(
    state: web::Data<AppState>,
    user: Authenticated,
    body: web::Json<PaymentMethodBody>,
) -> Result<HttpResponse, ApiError> {
    let svc = service(&state);
    let pm = body.into_inner().payment_method_id.unwrap_or_default();
    Ok(message(blocking(move || svc.update_payment_method(user.0.id, &pm)).await?))
}

/// One billing-history item: the amount in dollars, the date as `YYYY-MM-DD`.
#[derive(Debug, Serialize, ToSchema)]
pub struct BillingItem {
    pub id: String,
    /// Dollars, at most two decimals.
    #[schema(minimum = 0)]
    pub amount_paid: f64,
    pub currency: String,
    pub status: String,
    #[schema(format = Date)]
    pub date: String,
}

/// `GET /payments/billing-history/`
#[utoipa::path(
    tag = "subscription", operation_id = "billingHistory", summary = "The caller's invoices",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "Invoices, newest first.", body = BillingHistoryResponse),
        crate::openapi::LoginErrors,
    )
)]
#[get("/billing-history/")]
pub async fn billing_history(state: web::Data<AppState>, user: Authenticated) -> Result<HttpResponse, ApiError> {
    let svc = service(&state);
    let invoices = blocking(move || svc.billing_history(user.0.id)).await?;
    let items: Vec<BillingItem> = invoices
        .into_iter()
        .map(|i| BillingItem {
            id: i.invoice_id,
            amount_paid: Money::from_cents(i.amount_cents).unwrap_or_default().as_dollars_f64(),
            currency: i.currency,
            status: i.status,
            date: i.created_at.format("%Y-%m-%d").to_string(),
        })
        .collect();
    Ok(HttpResponse::Ok().insert_header(no_store()).json(BillingHistoryResponse { billing_history: items }))
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = AdminSubscriptionRow)]
pub struct AdminRow {
    pub username: String,
    #[schema(required = true)]
    pub stripe_customer_id: Option<String>,
    #[schema(required = true)]
    pub subscription_id: Option<String>,
    pub status: String,
}

/// `GET /payments/admin/subscriptions` (admins; 403 otherwise)
#[utoipa::path(
    tag = "admin", operation_id = "adminSubscriptions", summary = "Every subscription (admins only)",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "One row per user.", body = [AdminRow]),
        (status = 403, response = crate::openapi::Forbidden),
        crate::openapi::LoginErrors,
    )
)]
#[get("/admin/subscriptions")]
pub async fn admin_list(state: web::Data<AppState>, user: Authenticated) -> Result<HttpResponse, ApiError> {
    admin_list_inner(state, user).await
}

/// `GET /payments/admin/subscriptions/`: the same with a trailing slash.
#[utoipa::path(
    tag = "admin", operation_id = "adminSubscriptionsSlash", summary = "Every subscription (admins only)",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "One row per user.", body = [AdminRow]),
        (status = 403, response = crate::openapi::Forbidden),
        crate::openapi::LoginErrors,
    )
)]
#[get("/admin/subscriptions/")]
pub async fn admin_list_slash(state: web::Data<AppState>, user: Authenticated) -> Result<HttpResponse, ApiError> {
    admin_list_inner(state, user).await
}

async fn admin_list_inner(state: web::Data<AppState>, user: Authenticated) -> Result<HttpResponse, ApiError> {
    let svc = service(&state);
    let rows = blocking(move || svc.admin_list(user.0.id)).await?;
    let rows: Vec<AdminRow> = rows
        .into_iter()
        .map(|r| AdminRow {
            username: r.username,
            stripe_customer_id: r.customer_id,
            subscription_id: r.subscription_id,
            status: r.status,
        })
        .collect();
    Ok(HttpResponse::Ok().insert_header(no_store()).json(rows))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = AdminCancelRequest)]
pub struct AdminCancelBody {
    #[serde(default)]
    #[schema(value_type = String, required = true, min_length = 1)]
    pub subscription_id: Option<String>,
}

/// `POST /payments/admin/subscriptions/cancel` `{subscription_id}` (admins; 403 otherwise)
#[utoipa::path(
    tag = "admin", operation_id = "adminCancelSubscription", summary = "Cancel a user's subscription now (admins only)",
    request_body = AdminCancelBody,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "Done.", body = MessageResponse),
        (status = 403, response = crate::openapi::Forbidden),
        crate::openapi::JsonBodyErrors,
        crate::openapi::LoginErrors,
    )
)]
#[post("/admin/subscriptions/cancel")]
pub async fn admin_cancel(
    state: web::Data<AppState>,
    user: Authenticated,
    body: web::Json<AdminCancelBody>,
) -> Result<HttpResponse, ApiError> {
    admin_cancel_inner(state, user, body).await
}

/// `POST /payments/admin/subscriptions/cancel/`: the same with a trailing slash.
#[utoipa::path(
    tag = "admin", operation_id = "adminCancelSubscriptionSlash", summary = "Cancel a user's subscription now (admins only)",
    request_body = AdminCancelBody,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "Done.", body = MessageResponse),
        (status = 403, response = crate::openapi::Forbidden),
        crate::openapi::JsonBodyErrors,
        crate::openapi::LoginErrors,
    )
)]
#[post("/admin/subscriptions/cancel/")]
pub async fn admin_cancel_slash(
    state: web::Data<AppState>,
    user: Authenticated,
    body: web::Json<AdminCancelBody>,
) -> Result<HttpResponse, ApiError> {
    admin_cancel_inner(state, user, body).await
}

async fn admin_cancel_inner(
    state: web::Data<AppState>,
    user: Authenticated,
    body: web::Json<AdminCancelBody>,
) -> Result<HttpResponse, ApiError> {
    let svc = service(&state);
    let sid = body.into_inner().subscription_id.unwrap_or_default();
    Ok(message(blocking(move || svc.admin_cancel(user.0.id, &sid)).await?))
}

/// `POST /payments/webhook/`: Stripe's signed events. 400 for a bad or missing signature.
#[utoipa::path(
    tag = "subscription", operation_id = "stripeWebhookSlash", summary = "Stripe webhook (signed with Stripe-Signature)",
    request_body(content = String, content_type = "application/json"),
    security(()),
    responses(
        (status = 200, description = "Received (and applied once).", body = WebhookReceipt),
        (status = 400, description = "Bad or missing signature (`invalid_webhook`).", body = crate::error::ErrorBody),
        (status = 503, response = crate::openapi::Unavailable),
    )
)]
#[post("/webhook/")]
pub async fn webhook_slash(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    webhook_inner(state, req, body).await
}

/// `POST /payments/webhook`: the same without the trailing slash.
#[utoipa::path(
    tag = "subscription", operation_id = "stripeWebhook", summary = "Stripe webhook (signed with Stripe-Signature)",
    request_body(content = String, content_type = "application/json"),
    security(()),
    responses(
        (status = 200, description = "Received (and applied once).", body = WebhookReceipt),
        (status = 400, description = "Bad or missing signature (`invalid_webhook`).", body = crate::error::ErrorBody),
        (status = 503, response = crate::openapi::Unavailable),
    )
)]
#[post("/webhook")]
pub async fn webhook(state: web::Data<AppState>, req: HttpRequest, body: web::Bytes) -> Result<HttpResponse, ApiError> {
    webhook_inner(state, req, body).await
}

async fn webhook_inner(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let svc = service(&state);
    let signature = req.headers().get("Stripe-Signature").and_then(|v| v.to_str().ok()).map(str::to_owned);
    let outcome = blocking(move || svc.handle_webhook(&body, signature)).await.map_err(|e| {
        if e.code() == "bad_request" {
            ApiError::bad_request("invalid_webhook", e.to_string())
        } else {
            e
        }
    })?;
    let duplicate = outcome == buildledger_application::subscription::WebhookOutcome::Duplicate;
    Ok(HttpResponse::Ok().json(WebhookReceipt { received: true, duplicate }))
}

fn local(state: &AppState) -> Result<LocalCheckoutService, ApiError> {
    state.subscription.local_checkout.clone().ok_or_else(|| ApiError::not_found("Checkout session"))
}

fn escape(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '&' => "&amp;".to_owned(),
            '<' => "&lt;".to_owned(),
            '>' => "&gt;".to_owned(),
            '"' => "&quot;".to_owned(),
            '\'' => "&#39;".to_owned(),
            c => c.to_string(),
        })
        .collect()
}

const PAGE_STYLE: &str = "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f4f6f8;color:#1f2933;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}\
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:2rem 2.5rem;max-width:26rem;width:100%}\
.badge{display:inline-block;background:#fff3cd;color:#7a5b00;border:1px solid #f0d98c;border-radius:999px;padding:.2rem .7rem;font-size:.8rem;font-weight:600;letter-spacing:.02em}\
h1{font-size:1.4rem;margin:.8rem 0 .3rem}.price{font-size:2rem;font-weight:700;margin:.6rem 0}.price small{font-size:1rem;font-weight:400;color:#52606d}\
p{line-height:1.5;color:#52606d}button{width:100%;background:#1f6feb;color:#fff;border:0;border-radius:8px;padding:.85rem;font-size:1.05rem;font-weight:600;cursor:pointer}\
button:hover,button:focus{background:#1858c4}a{color:#1f6feb}.muted{font-size:.85rem}";

fn page(title: &str, body: &str, status: actix_web::http::StatusCode) -> HttpResponse {
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><meta name=\"robots\" content=\"noindex\"><title>{}</title><style>{PAGE_STYLE}</style></head><body><main>{body}</main></body></html>",
        escape(title)
    );
    HttpResponse::build(status).content_type("text/html; charset=utf-8").insert_header(no_store()).body(html)
}

/// `GET /local-checkout/{session_id}`: the local mode's test checkout page.
#[utoipa::path(
    tag = "subscription", operation_id = "localCheckoutPage", summary = "Local payments mode: the test checkout page (HTML)",
    params(("session_id" = String, Path, description = "The checkout session id.")),
    security(()),
    responses(
        (status = 200, description = "The page.", content_type = "text/html", body = String),
        (status = 404, description = "Unknown session, or Stripe mode.", content_type = "text/html", body = String),
    )
)]
#[get("/local-checkout/{session_id}")]
pub async fn local_checkout_page(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    use actix_web::http::StatusCode;
    let session_id = path.into_inner();
    let Ok(svc) = local(&state) else {
        return Ok(page("Checkout not found", "<h1>Checkout not found</h1><p>This server takes payments through Stripe.</p><p><a href=\"/choose-plan\">Back to plans</a></p>", StatusCode::NOT_FOUND));
    };
    let id = session_id.clone();
    let session = match blocking(move || svc.session(&id)).await {
        Ok(s) => s,
        Err(e) if e.code() == "not_found" => {
            return Ok(page("Checkout not found", "<h1>Checkout not found</h1><p>This checkout link is unknown or has expired.</p><p><a href=\"/choose-plan\">Back to plans</a></p>", StatusCode::NOT_FOUND));
        }
        Err(e) => return Err(e),
    };
    if session.status == CHECKOUT_COMPLETE {
        return Ok(page("Already paid", "<span class=\"badge\">TEST MODE</span><h1>This checkout is already paid</h1><p><a href=\"/success\">Continue</a></p>", StatusCode::OK));
    }
    let price = Money::from_cents(PLAN_PRICE_CENTS).unwrap_or_default();
    let action = format!("/payments/local-checkout/{}/complete/", escape(&session.id));
    let body = format!(
        "<span class=\"badge\">TEST MODE</span>\
<h1>BuildLedger monthly plan</h1>\
<p>This is a <strong>TEST checkout</strong> for the BuildLedger ${price}/month plan. No card is needed and no money is charged: this server runs the built-in local payments mode.</p>\
<div class=\"price\">${price} <small>/ month</small></div>\
<form method=\"post\" action=\"{action}\"><button type=\"submit\">Pay ${price}</button></form>\
<p class=\"muted\">Cancel anytime in account settings. <a href=\"/cancel\">Cancel and go back</a></p>"
    );
    Ok(page("Test checkout · BuildLedger", &body, StatusCode::OK))
}

/// `POST /payments/local-checkout/{session_id}/complete/`: "pays", then 303 to `/success`.
#[utoipa::path(
    tag = "subscription", operation_id = "localCheckoutComplete", summary = "Local payments mode: pay the test checkout",
    params(("session_id" = String, Path, description = "The checkout session id.")),
    security(()),
    responses(
        (status = 303, description = "Paid; redirects to `/success?session_id=...`."),
        (status = 404, response = crate::openapi::NotFound),
        (status = 503, response = crate::openapi::Unavailable),
    )
)]
#[post("/local-checkout/{session_id}/complete/")]
pub async fn local_checkout_complete(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let svc = local(&state)?;
    let session_id = path.into_inner();
    let id = session_id.clone();
    blocking(move || svc.complete(&id)).await?;
    let location = format!(
        "/success?session_id={}",
        url::form_urlencoded::byte_serialize(session_id.as_bytes()).collect::<String>()
    );
    Ok(HttpResponse::SeeOther().insert_header((header::LOCATION, location)).finish())
}
