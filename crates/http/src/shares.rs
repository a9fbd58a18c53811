//! Read-only share links (issue 21). The owner and partners create and revoke links to a
//! project, its members list them (issue 35, like the board); `GET /api/share/{token}/` answers anyone holding a
//! live link with the project's budget and board, and only when the link includes them its bids
//! (competing contractors' prices), its payments (payees, notes), its documents through
//! signed links (security issue 28) and its lender draws (issue 34). It never names the owner, and answers 404 for an unknown,
//! revoked or expired token, and while the owner's subscription is not active.

use actix_web::{delete, get, post, web, HttpResponse};
use buildledger_application::shares::SharedReaders;
use buildledger_domain::bid::optional_date;
use buildledger_domain::member::Role;
use buildledger_domain::share::{Share, ShareInput};
use buildledger_domain::FieldErrors;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::auth::ProjectCaller;
use crate::bids::ComparisonResponse;
use crate::documents::DocumentResponse;
use crate::draws::DrawResponse;
use crate::error::{blocking, ApiError};
use crate::ledger::ProjectPaymentResponse;
use crate::path::{IdPath, Plain};
use crate::projects::ProjectResponse;
use crate::request::{collect, finish, Patch, ValidJson};
use crate::schedule::dependencies::DependencyResponse;
use crate::schedule::timeline::ScheduleResponse;
use crate::state::AppState;
use crate::summary::SummaryResponse;
use crate::tasks::TaskResponse;
use buildledger_domain::ids::{ProjectId, ShareId};

/// A share link, without its token.
#[derive(Serialize, ToSchema)]
#[schema(as = Share)]
pub struct ShareResponse {
    id: i64,
    project: i64,
    label: String,
    /// The last day the link works (inclusive), or null for no end.
    #[schema(format = Date, required = true)]
    expires_on: Option<String>,
    include_documents: bool,
    /// Whether the page shows every task's bids side by side.
    include_bids: bool,
    /// Whether the page lists the payments (dates, payees, amounts, notes).
    include_payments: bool,
    /// Whether the page shows the lender draws (their lines, retainage and missing waivers).
    include_draws: bool,
    #[schema(format = DateTime)]
    created_at: String,
}

impl From<Share> for ShareResponse {
    fn from(s: Share) -> Self {
        ShareResponse {
            id: s.id,
            project: s.project_id,
            label: s.label,
            expires_on: s.expires_on.map(|d| d.to_string()),
            include_documents: s.include_documents,
            include_bids: s.include_bids,
            include_payments: s.include_payments,
            include_draws: s.include_draws,
            created_at: s.created_at.and_utc().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        }
    }
}

/// A new link: the only answer that carries its token.
#[derive(Serialize, ToSchema)]
#[schema(as = CreatedShare)]
pub struct CreatedShareResponse {
    #[serde(flatten)]
    share: ShareResponse,
    /// 64 hex digits, shown only this once (only its SHA-256 is stored).
    #[schema(pattern = "^[0-9a-f]{64}$")]
    token: String,
    /// The page to send: `{PUBLIC_URL}/share/{token}`.
    url: String,
}

/// `POST /api/shares/`: exactly these fields (an unknown one is refused, not ignored).
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = ShareRequest)]
pub struct ShareRequest {
    /// A project the caller owns or edits as a partner.
    #[schema(value_type = i64, minimum = 1)]
    #[serde(default)]
    project: Patch<i64>,
    /// Who the link is for ("Bank", "Sam"): 1 to 60 characters.
    #[schema(value_type = String, min_length = 1, max_length = 60)]
    #[serde(default)]
    label: Patch<String>,
    /// The last day the link works, not in the past; null or "" for no end.
    #[schema(value_type = Option<String>, schema_with = crate::fields::optional_date_schema)]
    #[serde(default)]
    expires_on: Patch<String>,
    /// Whether the page lists the project's documents (through signed links). Default false.
    #[schema(value_type = Option<bool>)]
    #[serde(default)]
    include_documents: Patch<bool>,
    /// Whether the page shows every task's bids side by side (contractors and amounts). Default
    /// false: without it the board does not tell how many bids a task has nor the lowest.
    #[schema(value_type = Option<bool>)]
    #[serde(default)]
    include_bids: Patch<bool>,
    /// Whether the page lists the payments (dates, payees, amounts, notes). Default false; the
    /// budget's totals (paid to date) show either way.
    #[schema(value_type = Option<bool>)]
    #[serde(default)]
    include_payments: Patch<bool>,
    /// Whether the page shows the lender draws (their lines, retainage and missing waivers).
    /// Default false.
    #[schema(value_type = Option<bool>)]
    #[serde(default)]
    include_draws: Patch<bool>,
}

impl ShareRequest {
    /// The link's fields as domain input (the label trimmed and checked, the last day a date),
    /// or every problem found, starting from the shape rules' findings.
    pub fn try_into_domain(self, mut errors: FieldErrors) -> Result<ShareInput, ApiError> {
        let project = self.project.required_not_null(&mut errors, "project");
        let raw = self.label.optional(&mut errors, "label").unwrap_or_default();
        let label = collect(&mut errors, ShareInput::label(&raw));
        let expires_on = self
            .expires_on
            .optional(&mut errors, "expires_on")
            .and_then(|raw| collect(&mut errors, optional_date("expires_on", &raw)))
            .flatten();
        let include_documents = self.include_documents.optional(&mut errors, "include_documents");
        let include_bids = self.include_bids.optional(&mut errors, "include_bids");
        let include_payments = self.include_payments.optional(&mut errors, "include_payments");
        let include_draws = self.include_draws.optional(&mut errors, "include_draws");
        finish(errors)?;
        Ok(ShareInput { project, label, expires_on, include_documents, include_bids, include_payments, include_draws })
    }
}

#[utoipa::path(
    tag = "shares", operation_id = "listShares", summary = "A project's read-only share links",
    params(IdPath<ProjectId>),
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The links, oldest first (without tokens).", body = [ShareResponse]), crate::openapi::OwnedErrors)
)]
#[get("/projects/{id}/shares/")]
pub async fn list(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId>,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let svc = state.shares.clone();
    let list = blocking(move || svc.list(user.owner(), project_id)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(ShareResponse::from).collect::<Vec<_>>()))
}

#[utoipa::path(
    tag = "shares", operation_id = "createShare", summary = "Create a read-only link to a project",
    description = "Answers the link's token once; afterwards only its label, end date and what it includes are shown. \
        Documents, bids, payments and draws are left out unless asked for. An unknown field is refused (400). \
        409 when the project already has 50 links.",
    request_body = ShareRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "The link with its token and URL.", body = CreatedShareResponse,
            links(("RevokeShare" = (operation_id = "revokeShare", parameters(("id" = "$response.body#/id")))),
                  ("OpenShare" = (operation_id = "openShare", parameters(("token" = "$response.body#/token")))))),
        (status = 409, response = crate::openapi::Conflict),
        crate::openapi::JsonBodyErrors,
        crate::openapi::SharedWriteErrors,
    )
)]
#[post("/shares/")]
pub async fn create(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    body: ValidJson<ShareRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = body.body.try_into_domain(body.shape_errors)?;
    let svc = state.shares.clone();
    let created = blocking(move || svc.create(user.owner(), input)).await?;
    let url = format!("{}/share/{}", state.public_url.trim_end_matches('/'), created.token);
    Ok(HttpResponse::Created().json(CreatedShareResponse { share: created.share.into(), token: created.token, url }))
}

#[utoipa::path(
    tag = "shares", operation_id = "revokeShare", summary = "Revoke a share link: it answers 404 at once",
    params(IdPath<ShareId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 204, description = "Revoked."), crate::openapi::SharedWriteErrors)
)]
#[delete("/shares/{id}/")]
pub async fn revoke(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ShareId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let svc = state.shares.clone();
    blocking(move || svc.revoke(user.owner(), id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// What a share link shows: nothing editable, nothing about the owner. A section the link does
/// not include is an empty list (`draws`: null), its `include_*` false. The project carries the
/// property's address and the lender.
#[derive(Serialize, ToSchema)]
#[schema(as = SharedProject)]
pub struct SharedProjectResponse {
    /// The link's label and end date, so the page can say who it is for and until when.
    label: String,
    #[schema(format = Date, required = true)]
    expires_on: Option<String>,
    include_documents: bool,
    include_bids: bool,
    include_payments: bool,
    include_draws: bool,
    project: ProjectResponse,
    summary: SummaryResponse,
    /// The board's tasks, in board order. Without bids, each task's `bid_count` is 0 and its
    /// `lowest_bid` null.
    tasks: Vec<TaskResponse>,
    /// Every task with bids, its bids side by side; empty unless the link includes bids.
    bids: Vec<ComparisonResponse>,
    /// Every payment, newest first; empty unless the link includes payments.
    payments: Vec<ProjectPaymentResponse>,
    /// The project's documents with signed download links; empty unless the link includes them.
    documents: Vec<DocumentResponse>,
    /// The lender draws by number, as `GET /api/projects/{id}/draws/` answers them; null unless
    /// the link includes draws.
    #[schema(required = true)]
    draws: Option<Vec<DrawResponse>>,
    /// The schedule (issue 33), as `GET /api/projects/{id}/schedule/` answers it, for the
    /// read-only timeline.
    schedule: ScheduleResponse,
    /// Its links between tasks.
    dependencies: Vec<DependencyResponse>,
}

#[utoipa::path(
    tag = "shares", operation_id = "openShare", summary = "The read-only view of a shared project (no login)",
    description = "Bids, payments and documents only when the link includes them (empty lists otherwise); \
        draws only when the link includes them (null otherwise). \
        404 for an unknown, revoked or expired token, and while the owner's subscription is not active.",
    params(("token" = String, Path, description = "The link's token (64 hex digits).")),
    security(()),
    responses(
        (status = 200, description = "The shared project.", body = SharedProjectResponse),
        (status = 404, response = crate::openapi::NotFound),
    )
)]
#[get("/share/{token}/")]
pub async fn open(state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let token = path.into_inner();
    let st = state.clone();
    let view = blocking(move || {
        let readers = SharedReaders {
            access: &st.access,
            tasks: &st.tasks,
            bids: &st.bids,
            ledger: &st.ledger,
            documents: &st.documents,
            timeline: &st.timeline,
        };
        st.shares.view(&token, &readers)
    })
    .await?;
    let share = view.share;
    let body = SharedProjectResponse {
        label: share.label,
        expires_on: share.expires_on.map(|d| d.to_string()),
        include_documents: share.include_documents,
        include_bids: share.include_bids,
        include_payments: share.include_payments,
        include_draws: share.include_draws,
        summary: SummaryResponse::from(&view.summary),
        // Read-only, whoever opens it.
        project: ProjectResponse::with_role(view.board.project, Role::Viewer),
        tasks: view.board.tasks.into_iter().map(TaskResponse::from).collect(),
        bids: view.bids.unwrap_or_default().into_iter().map(ComparisonResponse::shared).collect(),
        payments: view
            .payments
            .unwrap_or_default()
            .into_iter()
            .map(|(p, title)| ProjectPaymentResponse::new(p, title))
            .collect(),
        documents: view.documents.unwrap_or_default().into_iter().map(DocumentResponse::from).collect(),
        draws: view.draws.map(|draws| draws.into_iter().map(DrawResponse::from).collect()),
        schedule: ScheduleResponse::from(&view.schedule),
        dependencies: view.links.into_iter().map(DependencyResponse::from).collect(),
    };
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "private, no-store"))
        .insert_header(("X-Robots-Tag", "noindex, nofollow"))
        .json(body))
}
