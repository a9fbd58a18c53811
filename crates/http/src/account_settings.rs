//! The user's own account: sign out everywhere, change password, download my data, delete
//! my account (account settings), and password reset by email (the login page).

use actix_web::http::header;
use actix_web::{delete, get, post, web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use buildledger_application::accounts::recovery::MSG_RESET_REQUESTED;

use crate::auth::Authenticated;
use crate::documents::DocumentResponse;
use crate::error::{blocking, ApiError};
use crate::fields::dollars;
use crate::projects::ProjectResponse;
use crate::request::{finish, Patch, ValidJson};
use crate::sign_in::try_again_in;
use crate::state::AppState;
use crate::tasks::TaskResponse;
use crate::throttle::Key;

fn rfc3339(t: chrono::NaiveDateTime) -> String {
    t.and_utc().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

// ---------------------------------------------------------------- sessions

#[utoipa::path(
    tag = "account", operation_id = "logoutAll", summary = "Sign out everywhere",
    description = "Revokes every session (refresh token) of the user, this one included. Access tokens already issued expire on their own (15 minutes).",
    security(("bearerAuth" = [])),
    responses(
        (status = 204, description = "Every session revoked."),
        crate::openapi::LoginErrors,
    )
)]
#[post("/logout-all/")]
pub async fn logout_all(
    state: web::Data<AppState>,
    Authenticated(user): Authenticated,
) -> Result<HttpResponse, ApiError> {
    let accounts = state.accounts.clone();
    let n = blocking(move || accounts.logout_all(user)).await?;
    tracing::info!(user_id = user.id, sessions = n, "signed out everywhere");
    Ok(HttpResponse::NoContent().finish())
}

/// `POST /api/password/change/`.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PasswordChange)]
pub struct PasswordChangeRequest {
    #[schema(value_type = String, max_length = 1024, required = true)]
    #[validate(length(max = 1024, message = "Ensure this field has no more than 1024 characters."))]
    #[serde(default)]
    current_password: Patch<String>,
    /// At least 8 characters.
    #[schema(value_type = String, min_length = 8, max_length = 1024, required = true)]
    #[validate(length(max = 1024, message = "Ensure this field has no more than 1024 characters."))]
    #[serde(default)]
    new_password: Patch<String>,
}

/// A wrong current password counts against the account like a failed login (and waits out the
/// same slow-down).
async fn password_attempt(
    state: &AppState,
    user_id: i64,
    req: &HttpRequest,
) -> Result<crate::throttle::LoginPermit, ApiError> {
    let address = state.trusted_proxies.client_of(req);
    let permit = state.throttle.login_attempt(Key::Account(user_id), address).map_err(|wait| {
        ApiError::too_many_requests(format!("Too many wrong passwords. {}", try_again_in(wait)), wait)
    })?;
    crate::throttle::slow_down(&permit).await;
    Ok(permit)
}

fn settle(state: &AppState, permit: crate::throttle::LoginPermit, outcome: &Result<(), ApiError>) {
    match outcome {
        Err(e) if e.fields_contain("current_password") || e.fields_contain("password") => {
            state.throttle.login_failed(permit)
        }
        _ => state.throttle.login_succeeded(permit),
    }
}

#[utoipa::path(
    tag = "account", operation_id = "changePassword", summary = "Change the password",
    description = "Needs the current password. Every other session of the user is signed out; this one stays. Wrong current passwords count like failed logins (429 after too many).",
    request_body = PasswordChangeRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 204, description = "Changed."),
        (status = 429, response = crate::openapi::TooManyRequests),
        crate::openapi::JsonBodyErrors,
        crate::openapi::LoginErrors,
    )
)]
#[post("/password/change/")]
pub async fn change_password(
    state: web::Data<AppState>,
    Authenticated(user): Authenticated,
    body: ValidJson<PasswordChangeRequest>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let mut errors = body.shape_errors;
    let current = body.body.current_password.required(&mut errors, "current_password");
    let new = body.body.new_password.required(&mut errors, "new_password");
    finish(errors)?;
    let (current, new) = (current.unwrap_or_default(), new.unwrap_or_default());
    let permit = password_attempt(&state, user.id, &req).await?;
    let accounts = state.accounts.clone();
    let outcome = blocking(move || accounts.change_password(user, &current, &new)).await;
    settle(&state, permit, &outcome);
    outcome?;
    Ok(HttpResponse::NoContent().finish())
}

// ---------------------------------------------------------------- password reset

/// `POST /api/password/reset/`.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PasswordResetRequest)]
pub struct ResetRequest {
    /// The account's email address.
    #[schema(value_type = String, max_length = 254, pattern = "^[A-Za-z0-9._%+-]+@[A-Za-z0-9]+(\\.[A-Za-z0-9]+)+$", required = true)]
    #[validate(length(max = 254, message = "Ensure this field has no more than 254 characters."))]
    #[serde(default)]
    email: Patch<String>,
}

/// `POST /api/password/reset/confirm/`.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PasswordResetConfirm)]
pub struct ResetConfirmRequest {
    /// The `token` of the emailed link.
    #[schema(value_type = String, max_length = 256, required = true)]
    #[validate(length(max = 256, message = "Ensure this field has no more than 256 characters."))]
    #[serde(default)]
    token: Patch<String>,
    /// The new password, at least 8 characters.
    #[schema(value_type = String, min_length = 8, max_length = 1024, required = true)]
    #[validate(length(max = 1024, message = "Ensure this field has no more than 1024 characters."))]
    #[serde(default)]
    password: Patch<String>,
}

#[derive(Serialize, ToSchema)]
#[schema(as = Detail)]
struct DetailResponse {
    detail: &'static str,
}

fn recovery_attempt(state: &AppState, req: &HttpRequest) -> Result<(), ApiError> {
    let address = state.trusted_proxies.client_of(req);
    state.throttle.recovery(address).map_err(|wait| {
        tracing::warn!(client = ?address, "password reset throttled");
        ApiError::too_many_requests(format!("Too many password reset attempts. {}", try_again_in(wait)), wait)
    })
}

#[utoipa::path(
    tag = "account", operation_id = "requestPasswordReset", summary = "Email a password reset link",
    description = "The answer is the same whether or not an account uses the address. The link works once, for 30 minutes. Without SMTP_URL the mail is written to DATA_DIR/outbox/ as an .eml file.",
    request_body = ResetRequest,
    security(()),
    responses(
        (status = 200, description = "Asked (whatever the address).", body = DetailResponse),
        (status = 429, response = crate::openapi::TooManyRequests),
        (status = 503, response = crate::openapi::Unavailable),
        crate::openapi::JsonBodyErrors,
    )
)]
#[post("/password/reset/")]
pub async fn request_reset(
    state: web::Data<AppState>,
    body: ValidJson<ResetRequest>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let mut errors = body.shape_errors;
    let email = body.body.email.required(&mut errors, "email");
    finish(errors)?;
    recovery_attempt(&state, &req)?;
    let email = email.unwrap_or_default();
    let pending = state.recovery.request(&email)?;
    // The lookup, the link and the mail run after the answer: known and unknown addresses are
    // answered in the same time (docs/security.md).
    let span = tracing::Span::current();
    actix_web::rt::task::spawn_blocking(move || {
        let _entered = span.enter();
        if let Err(e) = pending.run() {
            tracing::error!(error = %e, "password reset link not sent");
        }
    });
    Ok(HttpResponse::Ok().json(DetailResponse { detail: MSG_RESET_REQUESTED }))
}

#[utoipa::path(
    tag = "account", operation_id = "confirmPasswordReset", summary = "Set a new password with a reset link",
    description = "The link is used up and every session of the account is signed out.",
    request_body = ResetConfirmRequest,
    security(()),
    responses(
        (status = 204, description = "The password is set."),
        (status = 429, response = crate::openapi::TooManyRequests),
        (status = 503, response = crate::openapi::Unavailable),
        crate::openapi::JsonBodyErrors,
    )
)]
#[post("/password/reset/confirm/")]
pub async fn confirm_reset(
    state: web::Data<AppState>,
    body: ValidJson<ResetConfirmRequest>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let mut errors = body.shape_errors;
    let token = body.body.token.required(&mut errors, "token");
    let password = body.body.password.required(&mut errors, "password");
    finish(errors)?;
    recovery_attempt(&state, &req)?;
    let (token, password) = (token.unwrap_or_default(), password.unwrap_or_default());
    let recovery = state.recovery.clone();
    blocking(move || recovery.confirm(&token, &password)).await?;
    Ok(HttpResponse::NoContent().finish())
}

// ---------------------------------------------------------------- data export, deletion

#[derive(Serialize, ToSchema)]
#[schema(as = AccountExportUser)]
struct ExportUser {
    id: i64,
    username: String,
    email: String,
    is_admin: bool,
}

#[derive(Serialize, ToSchema)]
#[schema(as = AccountExportSubscription)]
struct ExportSubscription {
    status: String,
    #[schema(format = DateTime)]
    current_period_end: Option<String>,
    cancel_at_period_end: bool,
}

#[derive(Serialize, ToSchema)]
#[schema(as = AccountExportInvoice)]
struct ExportInvoice {
    invoice_id: String,
    /// Dollars.
    amount_paid: f64,
    currency: String,
    status: String,
    #[schema(format = DateTime)]
    created: String,
}

#[derive(Serialize, ToSchema)]
#[schema(as = AccountExportProject)]
struct ExportProject {
    #[serde(flatten)]
    project: ProjectResponse,
    tasks: Vec<ExportTask>,
    /// Lender draw requests, by number.
    draws: Vec<crate::draws::DrawResponse>,
    /// Contractors' lien waivers, oldest first.
    lien_waivers: Vec<crate::ledger::WaiverResponse>,
    /// Links between the project's tasks, oldest first.
    dependencies: Vec<crate::schedule::dependencies::DependencyResponse>,
    /// The schedule's baseline; null when none was taken.
    #[schema(required = true)]
    baseline: Option<ExportBaseline>,
    /// Members and open invitations, by id (without invitation tokens, which are not kept).
    members: Vec<crate::members::MemberResponse>,
    /// The whole activity trail, newest first.
    activity: Vec<crate::activity::ActivityEntryResponse>,
    /// Read-only share links (without their tokens, which are not kept).
    shares: Vec<crate::shares::ShareResponse>,
}

/// A project's baseline: each task's dates when it was taken, and the latest of them.
#[derive(Serialize, ToSchema)]
#[schema(as = AccountExportBaseline)]
struct ExportBaseline {
    #[schema(format = Date)]
    baseline_finish: String,
    /// By task id.
    tasks: Vec<ExportBaselineTask>,
}

#[derive(Serialize, ToSchema)]
#[schema(as = AccountExportBaselineTask)]
struct ExportBaselineTask {
    task: i64,
    #[schema(format = Date)]
    baseline_start: String,
    #[schema(format = Date)]
    baseline_finish: String,
}

impl ExportBaseline {
    /// `None` without entries (no baseline taken).
    fn of(entries: Vec<buildledger_domain::schedule::BaselineEntry>) -> Option<Self> {
        let finish = entries.iter().map(|e| e.finish).max()?;
        Some(ExportBaseline {
            baseline_finish: finish.to_string(),
            tasks: entries
                .into_iter()
                .map(|e| ExportBaselineTask {
                    task: e.task,
                    baseline_start: e.start.to_string(),
                    baseline_finish: e.finish.to_string(),
                })
                .collect(),
        })
    }
}

#[derive(Serialize, ToSchema)]
#[schema(as = AccountExportTask)]
struct ExportTask {
    #[serde(flatten)]
    task: TaskResponse,
    /// The task's files; each `file` is a download link valid 15 minutes.
    documents: Vec<DocumentResponse>,
    bids: Vec<crate::bids::BidResponse>,
    payments: Vec<crate::ledger::PaymentResponse>,
    change_orders: Vec<crate::ledger::ChangeOrderResponse>,
    /// Delays recorded on the task, by date recorded.
    delays: Vec<crate::schedule::delays::DelayResponse>,
    /// The task's inspections, by date scheduled.
    inspections: Vec<crate::schedule::inspections::InspectionResponse>,
}

/// The records of `all` on task `task_id`, in the API's shape, in their order.
fn of_task<T: Clone, R: From<T>>(all: &[T], task_id: i64, task_of: impl Fn(&T) -> i64) -> Vec<R> {
    all.iter().filter(|x| task_of(x) == task_id).cloned().map(R::from).collect()
}

/// Everything the account holds, in the API's own shapes.
#[derive(Serialize, ToSchema)]
#[schema(as = AccountExport)]
struct ExportResponse {
    #[schema(format = DateTime)]
    exported_at: String,
    user: ExportUser,
    subscription: Option<ExportSubscription>,
    invoices: Vec<ExportInvoice>,
    /// The contractor roster.
    contractors: Vec<crate::bids::ContractorResponse>,
    projects: Vec<ExportProject>,
}

#[utoipa::path(
    tag = "account", operation_id = "exportAccount", summary = "Download my data (JSON)",
    description = "The account, its subscription and invoices, its contractor roster, and `projects` with their tasks (each with its documents (download links valid 15 minutes), bids, payments, change orders, delays and inspections), lender draws, lien waivers, task links (dependencies), the schedule's baseline (null without one), members and open invitations (without invitation tokens), the whole activity trail (newest first) and share links (without tokens). Answered as an attachment.",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The export.", body = ExportResponse),
        crate::openapi::LoginErrors,
    )
)]
#[get("/account/export/")]
pub async fn export(state: web::Data<AppState>, Authenticated(user): Authenticated) -> Result<HttpResponse, ApiError> {
    let closure = state.closure.clone();
    let data = blocking(move || closure.export(user)).await?;
    let mut documents = data.projects.iter().flat_map(|p| p.documents.clone()).collect::<Vec<_>>();
    let projects = data
        .projects
        .into_iter()
        .map(|p| {
            let (bids, payments, change_orders) = (p.bids, p.payments, p.change_orders);
            let (delays, inspections) = (p.delays, p.inspections);
            ExportProject {
                tasks: p
                    .board
                    .tasks
                    .into_iter()
                    .map(|view| {
                        let task_id = view.task.id;
                        let (mine, rest): (Vec<_>, Vec<_>) =
                            std::mem::take(&mut documents).into_iter().partition(|d| d.document.task_id == task_id);
                        documents = rest;
                        ExportTask {
                            task: view.into(),
                            documents: mine.into_iter().map(DocumentResponse::from).collect(),
                            bids: of_task(&bids, task_id, |b| b.task_id),
                            payments: of_task(&payments, task_id, |x| x.task_id),
                            change_orders: of_task(&change_orders, task_id, |x| x.task_id),
                            delays: of_task(&delays, task_id, |x| x.task_id),
                            inspections: of_task(&inspections, task_id, |x| x.task_id),
                        }
                    })
                    .collect(),
                draws: p.draws.into_iter().map(Into::into).collect(),
                lien_waivers: p.lien_waivers.into_iter().map(Into::into).collect(),
                dependencies: p.dependencies.into_iter().map(Into::into).collect(),
                baseline: ExportBaseline::of(p.baseline),
                members: p.members.into_iter().map(Into::into).collect(),
                activity: p.activity.into_iter().map(Into::into).collect(),
                shares: p.shares.into_iter().map(Into::into).collect(),
                project: p.board.project.into(),
            }
        })
        .collect();
    let body = ExportResponse {
        exported_at: rfc3339(chrono::Utc::now().naive_utc()),
        user: ExportUser {
            id: data.user.id,
            username: data.user.username,
            email: data.user.email,
            is_admin: data.user.is_admin,
        },
        subscription: data.subscription.map(|s| ExportSubscription {
            status: s.status,
            current_period_end: s.current_period_end.map(rfc3339),
            cancel_at_period_end: s.cancel_at_period_end,
        }),
        invoices: data
            .invoices
            .into_iter()
            .map(|i| ExportInvoice {
                invoice_id: i.invoice_id,
                amount_paid: dollars(i.amount_cents),
                currency: i.currency,
                status: i.status,
                created: rfc3339(i.created_at),
            })
            .collect(),
        contractors: data.contractors.into_iter().map(Into::into).collect(),
        projects,
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_DISPOSITION, "attachment; filename=\"buildledger-data.json\""))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(body))
}

/// `DELETE /api/account/`.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = AccountDelete)]
pub struct DeleteAccountRequest {
    /// The account's password.
    #[schema(value_type = String, max_length = 1024, required = true)]
    #[validate(length(max = 1024, message = "Ensure this field has no more than 1024 characters."))]
    #[serde(default)]
    password: Patch<String>,
}

#[utoipa::path(
    tag = "account", operation_id = "deleteAccount", summary = "Delete my account",
    description = "Needs the password. Cancels any subscription at once (at Stripe too), then deletes the projects, tasks, documents (their files too), sessions and the account. Cannot be undone.",
    request_body = DeleteAccountRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 204, description = "Deleted."),
        (status = 429, response = crate::openapi::TooManyRequests),
        crate::openapi::JsonBodyErrors,
        crate::openapi::LoginErrors,
    )
)]
#[delete("/account/")]
pub async fn delete_account(
    state: web::Data<AppState>,
    Authenticated(user): Authenticated,
    body: ValidJson<DeleteAccountRequest>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let mut errors = body.shape_errors;
    let password = body.body.password.required(&mut errors, "password");
    finish(errors)?;
    let password = password.unwrap_or_default();
    let permit = password_attempt(&state, user.id, &req).await?;
    let closure = state.closure.clone();
    let outcome = blocking(move || closure.delete_account(user, &password)).await;
    settle(&state, permit, &outcome);
    outcome?;
    Ok(HttpResponse::NoContent().finish())
}
