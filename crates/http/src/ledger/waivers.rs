//! Lien waivers (issue 34, docs/money.md): `/api/projects/{id}/lien-waivers/` and
//! `/api/lien-waivers/`.

use actix_web::{delete, get, patch, post, web, HttpResponse};
use buildledger_application::ledger::WaiverRefs;
use buildledger_domain::bid::optional_date;
use buildledger_domain::ids::{LienWaiverId, ProjectId};
use buildledger_domain::ledger::{LienWaiver, LienWaiverInput};
use buildledger_domain::{DomainError, FieldErrors, Money};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::auth::ProjectCaller;
use crate::error::{blocking, ApiError};
use crate::path::{IdPath, Plain};
use crate::request::{collect, Patch, ValidJson, Write};
use crate::state::AppState;

/// A contractor's lien waiver on the project.
#[derive(Serialize, ToSchema)]
#[schema(as = LienWaiver)]
pub struct WaiverResponse {
    id: i64,
    project: i64,
    /// A contractor of the owner's roster.
    contractor: i64,
    contractor_name: String,
    /// The payment it covers: one of the project's to this contractor, or null.
    #[schema(required = true)]
    payment: Option<i64>,
    #[schema(pattern = "^(conditional_progress|unconditional_progress|conditional_final|unconditional_final)$")]
    kind: &'static str,
    /// Dollars, 0 or more.
    #[schema(minimum = 0)]
    amount: f64,
    /// The last day of work it covers: it covers the contractor's payments made up to then.
    #[schema(required = true, format = Date)]
    through_date: Option<String>,
    #[schema(pattern = "^(requested|received)$")]
    status: &'static str,
    /// Set exactly when received.
    #[schema(required = true, format = Date)]
    received_on: Option<String>,
    /// The signed waiver: a document of one of the project's tasks, or null.
    #[schema(required = true)]
    document: Option<i64>,
    #[schema(required = true)]
    document_name: Option<String>,
}

impl From<LienWaiver> for WaiverResponse {
    fn from(w: LienWaiver) -> Self {
        let d = w.details;
        WaiverResponse {
            id: w.id,
            project: w.project_id,
            contractor: d.contractor_id,
            contractor_name: w.contractor_name,
            payment: d.payment_id,
            kind: d.kind.code(),
            amount: d.amount.as_dollars_f64(),
            through_date: d.through_date.map(|d| d.to_string()),
            status: d.status.code(),
            received_on: d.received_on.map(|d| d.to_string()),
            document: d.document_id,
            document_name: w.document_name,
        }
    }
}

/// `POST /api/lien-waivers/` (`project`, `contractor`, `kind` and `amount` required) and
/// `PATCH /api/lien-waivers/{id}/` (any subset; `project`, if sent, the waiver's own).
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = LienWaiverWrite)]
pub struct WaiverRequest {
    #[schema(value_type = i64, minimum = 1)]
    #[serde(default)]
    project: Patch<i64>,
    /// A contractor of the caller's roster.
    #[schema(value_type = i64, minimum = 1)]
    #[serde(default)]
    contractor: Patch<i64>,
    /// A payment of the project to this contractor, or null.
    #[schema(value_type = Option<i64>, minimum = 1)]
    #[serde(default)]
    payment: Patch<i64>,
    #[schema(value_type = String, pattern = "^(conditional_progress|unconditional_progress|conditional_final|unconditional_final)$")]
    #[serde(default)]
    kind: Patch<String>,
    /// Dollars with at most two decimals, 0 or more.
    #[schema(value_type = f64, minimum = 0, maximum = 1000000000, multiple_of = 0.01)]
    #[serde(default)]
    amount: Patch<Money>,
    /// `YYYY-MM-DD`; null or "" for none.
    #[schema(value_type = Option<String>, schema_with = crate::fields::optional_date_schema)]
    #[serde(default)]
    through_date: Patch<String>,
    /// `requested` when left out on create.
    #[schema(value_type = Option<String>, pattern = "^(requested|received)$")]
    #[serde(default)]
    status: Patch<String>,
    /// `YYYY-MM-DD`, only on a received waiver (today when it becomes received without one).
    #[schema(value_type = Option<String>, schema_with = crate::fields::optional_date_schema)]
    #[serde(default)]
    received_on: Patch<String>,
    /// A document of one of the project's tasks (the signed waiver), or null.
    #[schema(value_type = Option<i64>, minimum = 1)]
    #[serde(default)]
    document: Patch<i64>,
}

impl WaiverRequest {
    /// The ids the body names as whole numbers: the use case looks them up before it answers
    /// the body's problems (another user's project, contractor, payment or document is 404
    /// whatever the rest of the body says).
    pub fn refs(&self) -> WaiverRefs {
        WaiverRefs {
            project: self.project.as_value().copied(),
            contractor: self.contractor.as_value().copied(),
            payment: self.payment.as_value().copied(),
            document: self.document.as_value().copied(),
        }
    }

    /// The waiver's fields as domain input, or every problem found (starting from the shape
    /// rules' findings). A create needs a project (read by [`WaiverRequest::refs`]), a
    /// contractor, a kind and an amount. Null or "" clears a date.
    pub fn try_into_domain(self, mut errors: FieldErrors, write: Write) -> Result<LienWaiverInput, DomainError> {
        let (contractor, kind, amount) = match write {
            Write::Create => {
                self.project.required_not_null(&mut errors, "project");
                (
                    self.contractor.required_not_null(&mut errors, "contractor"),
                    self.kind.required_not_null(&mut errors, "kind"),
                    self.amount.required_not_null(&mut errors, "amount"),
                )
            }
            Write::Update => {
                self.project.not_null(&mut errors, "project");
                (
                    self.contractor.not_null(&mut errors, "contractor"),
                    self.kind.not_null(&mut errors, "kind"),
                    self.amount.not_null(&mut errors, "amount"),
                )
            }
        };
        let kind = kind.and_then(|raw| collect(&mut errors, LienWaiverInput::kind(&raw)));
        let status = self
            .status
            .not_null(&mut errors, "status")
            .and_then(|raw| collect(&mut errors, LienWaiverInput::status(&raw)));
        let mut date = |p: Patch<String>, field: &str| {
            let raw = p.text_or_empty(&mut errors, field)?;
            collect(&mut errors, optional_date(field, &raw))
        };
        let through_date = date(self.through_date, "through_date");
        let received_on = date(self.received_on, "received_on");
        let payment = self.payment.nullable(&mut errors, "payment");
        let document = self.document.nullable(&mut errors, "document");
        errors.into_result()?;
        Ok(LienWaiverInput { contractor, payment, kind, amount, through_date, status, received_on, document })
    }
}

#[utoipa::path(
    tag = "ledger", operation_id = "listLienWaivers", summary = "The project's lien waivers, oldest first",
    params(IdPath<ProjectId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The waivers.", body = [WaiverResponse]), crate::openapi::OwnedErrors)
)]
#[get("/projects/{id}/lien-waivers/")]
pub async fn list_waivers(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let svc = state.ledger.clone();
    let list = blocking(move || svc.waivers(user.owner(), project_id)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(WaiverResponse::from).collect::<Vec<_>>()))
}

#[utoipa::path(
    tag = "ledger", operation_id = "createLienWaiver", summary = "Record a lien waiver requested from or received of a contractor",
    description = "A payment must be one of the project's to the waiver's contractor and a document one of the project's (400 otherwise, nothing written). A received waiver with a `payment`, or a `through_date` on or after a payment's date, covers that payment of the contractor: see `waiver_status` on payments.",
    request_body = WaiverRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "The waiver.", body = WaiverResponse,
            links(("UpdateLienWaiver" = (operation_id = "updateLienWaiver", parameters(("id" = "$response.body#/id")))),
                  ("DeleteLienWaiver" = (operation_id = "deleteLienWaiver", parameters(("id" = "$response.body#/id")))))),
        crate::openapi::JsonBodyErrors,
        (status = 403, response = crate::openapi::Forbidden),
        crate::openapi::OwnedErrors,
    )
)]
#[post("/lien-waivers/")]
pub async fn create_waiver(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    body: ValidJson<WaiverRequest>,
) -> Result<HttpResponse, ApiError> {
    let refs = body.body.refs();
    let change = body.body.try_into_domain(body.shape_errors, Write::Create);
    let svc = state.ledger.clone();
    let w = blocking(move || svc.create_waiver(user.owner(), refs, change)).await?;
    Ok(HttpResponse::Created().json(WaiverResponse::from(w)))
}

#[utoipa::path(
    tag = "ledger", operation_id = "updateLienWaiver", summary = "Change a lien waiver (mark it received, attach the signed copy)",
    params(IdPath<LienWaiverId, Plain>),
    request_body = WaiverRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The waiver.", body = WaiverResponse),
        crate::openapi::JsonBodyErrors,
        (status = 403, response = crate::openapi::Forbidden),
        crate::openapi::OwnedErrors,
    )
)]
#[patch("/lien-waivers/{id}/")]
pub async fn update_waiver(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<LienWaiverId, Plain>,
    body: ValidJson<WaiverRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let refs = body.body.refs();
    let change = body.body.try_into_domain(body.shape_errors, Write::Update);
    let svc = state.ledger.clone();
    let w = blocking(move || svc.update_waiver(user.owner(), id, refs, change)).await?;
    Ok(HttpResponse::Ok().json(WaiverResponse::from(w)))
}

#[utoipa::path(
    tag = "ledger", operation_id = "deleteLienWaiver", summary = "Delete a lien waiver",
    params(IdPath<LienWaiverId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 204, description = "Deleted."), (status = 403, response = crate::openapi::Forbidden), crate::openapi::OwnedErrors)
)]
#[delete("/lien-waivers/{id}/")]
pub async fn delete_waiver(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<LienWaiverId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let svc = state.ledger.clone();
    blocking(move || svc.delete_waiver(user.owner(), id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
