//! Reminder mails (issue 35): the user's setting, and the one-click unsubscribe of a mail's
//! link (RFC 8058), which works without signing in.

use actix_web::http::header;
use actix_web::{get, patch, post, web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use buildledger_application::reminders::MSG_UNSUBSCRIBE_INVALID;
use buildledger_domain::reminder::ReminderFrequency;

use crate::auth::Authenticated;
use crate::error::{blocking, ApiError};
use crate::request::{finish, Patch, ValidJson};
use crate::state::AppState;

/// How often the reminder mail comes: `daily` (the default), `weekly` (Mondays) or `off`.
#[derive(ToSchema)]
#[schema(as = ReminderFrequency)]
#[allow(dead_code)] // the document's enum; the wire value is parsed by the domain
enum ReminderFrequencyCode {
    #[schema(rename = "daily")]
    Daily,
    #[schema(rename = "weekly")]
    Weekly,
    #[schema(rename = "off")]
    Off,
}

/// The user's reminder mails.
#[derive(Serialize, ToSchema)]
#[schema(as = ReminderSetting)]
pub struct ReminderResponse {
    #[schema(value_type = ReminderFrequencyCode, example = "daily")]
    reminders: &'static str,
}

impl From<ReminderFrequency> for ReminderResponse {
    fn from(f: ReminderFrequency) -> Self {
        Self { reminders: f.code() }
    }
}

/// `PATCH /api/account/reminders/`.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = ReminderSettingUpdate)]
pub struct ReminderRequest {
    #[schema(value_type = ReminderFrequencyCode, example = "weekly", required = true)]
    #[validate(length(max = 16, message = "Choose daily, weekly or off."))]
    #[serde(default)]
    reminders: Patch<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UnsubscribeQuery {
    /// The `token` of the mail's unsubscribe link.
    #[serde(default)]
    token: String,
}

#[utoipa::path(
    tag = "account", operation_id = "getReminders", summary = "Reminder mails setting",
    description = "How often the user gets the reminder mail (what needs attention in their projects): `daily`, `weekly` (Mondays) or `off`. Daily until changed.",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The setting.", body = ReminderResponse),
        crate::openapi::LoginErrors,
    )
)]
#[get("/account/reminders/")]
pub async fn get_reminders(
    state: web::Data<AppState>,
    Authenticated(user): Authenticated,
) -> Result<HttpResponse, ApiError> {
    let reminders = state.reminders.clone();
    let frequency = blocking(move || reminders.get(user.id)).await?;
    Ok(HttpResponse::Ok().json(ReminderResponse::from(frequency)))
}

#[utoipa::path(
    tag = "account", operation_id = "setReminders", summary = "Change the reminder mails setting",
    request_body = ReminderRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The setting now.", body = ReminderResponse),
        crate::openapi::JsonBodyErrors,
        crate::openapi::LoginErrors,
    )
)]
#[patch("/account/reminders/")]
pub async fn set_reminders(
    state: web::Data<AppState>,
    Authenticated(user): Authenticated,
    body: ValidJson<ReminderRequest>,
) -> Result<HttpResponse, ApiError> {
    let mut errors = body.shape_errors;
    let raw = body.body.reminders.required(&mut errors, "reminders");
    finish(errors)?;
    let raw = raw.unwrap_or_default();
    let reminders = state.reminders.clone();
    let frequency = blocking(move || reminders.set(user.id, &raw)).await?;
    Ok(HttpResponse::Ok().json(ReminderResponse::from(frequency)))
}

#[utoipa::path(
    tag = "account", operation_id = "unsubscribeReminders", summary = "Stop reminder mails (one click)",
    description = "The `List-Unsubscribe` link of a reminder mail (RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click`). No login: the token names the user. Sets reminders `off`.",
    params(UnsubscribeQuery),
    security(()),
    responses(
        (status = 200, description = "Reminders are off.", body = ReminderResponse),
        (status = 400, response = crate::openapi::BadRequest),
        (status = 503, response = crate::openapi::Unavailable),
    )
)]
#[post("/reminders/unsubscribe/")]
pub async fn unsubscribe(
    state: web::Data<AppState>,
    query: web::Query<UnsubscribeQuery>,
) -> Result<HttpResponse, ApiError> {
    let token = query.into_inner().token;
    let reminders = state.reminders.clone();
    blocking(move || reminders.unsubscribe(&token)).await?;
    Ok(HttpResponse::Ok().json(ReminderResponse::from(ReminderFrequency::Off)))
}

#[utoipa::path(
    tag = "account", operation_id = "unsubscribeRemindersPage", summary = "The unsubscribe page of a mail's link",
    description = "A GET of the mail's link changes nothing (RFC 8058: link scanners open links): a small page leads to the app's page `/unsubscribe?token=...`, whose button POSTs to this address.",
    params(UnsubscribeQuery),
    security(()),
    responses(
        (status = 200, description = "A page with a link to the app's unsubscribe page.", content_type = "text/html", body = String),
        (status = 400, response = crate::openapi::BadRequest),
    )
)]
#[get("/reminders/unsubscribe/")]
pub async fn unsubscribe_page(query: web::Query<UnsubscribeQuery>) -> Result<HttpResponse, ApiError> {
    if query.token.trim().is_empty() {
        let invalid = buildledger_domain::FieldErrors::single("token", MSG_UNSUBSCRIBE_INVALID);
        return Err(buildledger_application::error::UseCaseError::from(invalid).into());
    }
    // Percent-encoded: nothing of the token is markup.
    let token: String = url::form_urlencoded::byte_serialize(query.token.trim().as_bytes()).collect();
    let page = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
         <title>Stop reminder mails - BuildLedger</title></head><body>\
         <h1>Stop BuildLedger reminder mails?</h1>\
         <p><a href=\"/unsubscribe?token={token}\">Continue to stop them</a>. Nothing changes until you confirm there.</p>\
         </body></html>"
    );
    Ok(HttpResponse::Ok().insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8")).body(page))
}
