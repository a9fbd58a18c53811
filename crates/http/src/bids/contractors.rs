//! A user's contractor roster: `/api/contractors/`, and a shared project owner's with
//! `?project=` or `project` (issue 35). A contractor by id is its roster user's alone.

use actix_web::{delete, get, patch, post, web, HttpResponse};
use buildledger_application::subscription::AccessService;
use buildledger_application::UseCaseError;
use buildledger_domain::bid::{optional_date, Contractor, ContractorInput};
use buildledger_domain::ids::{ContractorId, ProjectId, TypedId};
use buildledger_domain::{DomainError, FieldErrors};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use crate::auth::{ProjectCaller, Subscribed};
use crate::error::{blocking, ApiError};
use crate::path::{IdPath, Plain};
use crate::request::{collect, Patch, ValidJson, Write};
use crate::state::AppState;

/// A contractor of the caller's roster.
#[derive(Serialize, ToSchema)]
#[schema(as = Contractor)]
pub struct ContractorResponse {
    id: i64,
    name: String,
    trade: String,
    phone: String,
    email: String,
    license_number: String,
    /// `YYYY-MM-DD`, or null.
    #[schema(format = Date, required = true)]
    insurance_expires: Option<String>,
    notes: String,
}

impl From<Contractor> for ContractorResponse {
    fn from(c: Contractor) -> Self {
        let d = c.details;
        ContractorResponse {
            id: c.id,
            name: d.name,
            trade: d.trade,
            phone: d.phone,
            email: d.email,
            license_number: d.license_number,
            insurance_expires: d.insurance_expires.map(|x| x.to_string()),
            notes: d.notes,
        }
    }
}

/// `POST /api/contractors/` (name required) and `PATCH /api/contractors/{id}/` (any subset).
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = ContractorWrite)]
pub struct ContractorRequest {
    /// Create only: a project the caller may change, whose owner's roster gets the contractor
    /// (a partner adding one for a bid or payment). Left out: the caller's own roster.
    #[schema(value_type = Option<i64>, minimum = 1)]
    #[serde(default)]
    project: Patch<i64>,
    #[schema(value_type = String, min_length = 1, max_length = 200)]
    #[serde(default)]
    name: Patch<String>,
    #[schema(value_type = Option<String>, max_length = 100)]
    #[serde(default)]
    trade: Patch<String>,
    #[schema(value_type = Option<String>, max_length = 100)]
    #[serde(default)]
    phone: Patch<String>,
    /// A valid email address, or empty.
    #[schema(value_type = Option<String>, max_length = 254)]
    #[serde(default)]
    email: Patch<String>,
    #[schema(value_type = Option<String>, max_length = 100)]
    #[serde(default)]
    license_number: Patch<String>,
    #[schema(value_type = Option<String>, schema_with = crate::fields::optional_date_schema)]
    #[serde(default)]
    insurance_expires: Patch<String>,
    #[schema(value_type = Option<String>, max_length = 5000)]
    #[serde(default)]
    notes: Patch<String>,
}

/// A contractor's roster is chosen when it is added.
pub const MSG_CONTRACTOR_PROJECT_ON_CREATE: &str = "A project is given only when adding a contractor.";

impl ContractorRequest {
    /// The project a create names, when it names one as a whole number: the use case checks the
    /// caller may change it before it answers the body's problems.
    pub fn project(&self) -> Option<ProjectId> {
        self.project.as_value().map(|id| ProjectId::new(*id))
    }

    /// Whether the body has a `project` field at all (a member without a subscription of their
    /// own may add to a shared project's roster, not to their own).
    pub fn names_project(&self) -> bool {
        self.project.is_present()
    }

    /// The contractor's fields as domain input, or every problem found (starting from the shape
    /// rules' findings). A create needs a name; null clears the optional texts and the date. An
    /// update cannot name a project.
    pub fn try_into_domain(self, mut errors: FieldErrors, write: Write) -> Result<ContractorInput, DomainError> {
        let name = match write {
            Write::Create => {
                self.project.not_null(&mut errors, "project");
                self.name.required_not_null(&mut errors, "name")
            }
            Write::Update => {
                if self.project.is_present() {
                    errors.add("project", MSG_CONTRACTOR_PROJECT_ON_CREATE);
                }
                self.name.not_null(&mut errors, "name")
            }
        };
        let name = name.and_then(|raw| collect(&mut errors, ContractorInput::text("name", &raw)));
        let mut text = |p: Patch<String>, field: &str| {
            let raw = p.nullable(&mut errors, field)?.unwrap_or_default();
            collect(&mut errors, ContractorInput::text(field, &raw))
        };
        let trade = text(self.trade, "trade");
        let phone = text(self.phone, "phone");
        let email = text(self.email, "email");
        let license_number = text(self.license_number, "license_number");
        let notes = text(self.notes, "notes");
        let insurance_expires = self
            .insurance_expires
            .text_or_empty(&mut errors, "insurance_expires")
            .and_then(|raw| collect(&mut errors, optional_date("insurance_expires", &raw)));
        errors.into_result()?;
        Ok(ContractorInput { name, trade, phone, email, license_number, insurance_expires, notes })
    }
}

/// `?project={id}`, read as text so that a bad value gets our own message.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RosterQuery {
    /// A project the caller owns or is a member of: its owner's roster (for a member's bid or
    /// payment form). Left out: the caller's own roster.
    #[param(value_type = Option<i64>, minimum = 1)]
    project: Option<String>,
}

impl RosterQuery {
    fn project(self) -> Result<Option<ProjectId>, ApiError> {
        self.project
            .map(|raw| {
                raw.trim()
                    .parse::<i64>()
                    .ok()
                    .filter(|id| *id > 0)
                    .map(ProjectId::new)
                    .ok_or_else(|| ApiError::bad_request("invalid_query", "project must be a project id."))
            })
            .transpose()
    }
}

/// The caller's own roster needs the caller's own subscription (a member without one reaches
/// only shared projects' rosters): from memory when known, else one query.
fn require_own_subscription(access: &AccessService, user_id: i64) -> Result<(), UseCaseError> {
    match access.known_active(user_id) {
        Some(true) => Ok(()),
        Some(false) => Err(UseCaseError::SubscriptionRequired),
        None => access.require_active(user_id),
    }
}

#[utoipa::path(
    tag = "bids", operation_id = "listContractors",
    summary = "The caller's contractor roster, or a shared project owner's, by name",
    params(RosterQuery),
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The contractors.", body = [ContractorResponse]),
        (status = 400, description = "A bad `project` parameter (`invalid_query`).", body = crate::error::ErrorBody),
        (status = 404, response = crate::openapi::NotFound),
        crate::openapi::SubscribedErrors,
    )
)]
#[get("/contractors/")]
pub async fn list_contractors(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    query: web::Query<RosterQuery>,
) -> Result<HttpResponse, ApiError> {
    let project = query.into_inner().project()?;
    let (svc, access) = (state.bids.clone(), state.access.clone());
    let list = blocking(move || {
        if project.is_none() {
            require_own_subscription(&access, user.id)?;
        }
        svc.contractors(user.owner(), project)
    })
    .await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(ContractorResponse::from).collect::<Vec<_>>()))
}

#[utoipa::path(
    tag = "bids", operation_id = "createContractor",
    summary = "Add a contractor to the caller's roster, or with `project` to a shared project owner's",
    request_body = ContractorRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "The contractor.", body = ContractorResponse,
            links(("GetContractor" = (operation_id = "getContractor", parameters(("id" = "$response.body#/id")))), ("UpdateContractor" = (operation_id = "updateContractor", parameters(("id" = "$response.body#/id")))), ("DeleteContractor" = (operation_id = "deleteContractor", parameters(("id" = "$response.body#/id")))))),
        crate::openapi::JsonBodyErrors,
        (status = 403, response = crate::openapi::Forbidden),
        (status = 404, response = crate::openapi::NotFound),
        crate::openapi::SubscribedErrors,
    )
)]
#[post("/contractors/")]
pub async fn create_contractor(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    body: ValidJson<ContractorRequest>,
) -> Result<HttpResponse, ApiError> {
    let (project, own_roster) = (body.body.project(), !body.body.names_project());
    let input = body.body.try_into_domain(body.shape_errors, Write::Create);
    let (svc, access) = (state.bids.clone(), state.access.clone());
    let c = blocking(move || {
        if own_roster {
            require_own_subscription(&access, user.id)?;
        }
        svc.create_contractor(user.owner(), project, input)
    })
    .await?;
    Ok(HttpResponse::Created().json(ContractorResponse::from(c)))
}

#[utoipa::path(
    tag = "bids", operation_id = "getContractor", summary = "One contractor",
    params(IdPath<ContractorId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The contractor.", body = ContractorResponse), crate::openapi::OwnedErrors)
)]
#[get("/contractors/{id}/")]
pub async fn get_contractor(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: IdPath<ContractorId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let svc = state.bids.clone();
    let c = blocking(move || svc.contractor(user.owner(), id)).await?;
    Ok(HttpResponse::Ok().json(ContractorResponse::from(c)))
}

#[utoipa::path(
    tag = "bids", operation_id = "updateContractor", summary = "Change a contractor",
    params(IdPath<ContractorId, Plain>),
    request_body = ContractorRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The contractor.", body = ContractorResponse),
        crate::openapi::JsonBodyErrors,
        crate::openapi::OwnedErrors,
    )
)]
#[patch("/contractors/{id}/")]
pub async fn update_contractor(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: IdPath<ContractorId, Plain>,
    body: ValidJson<ContractorRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let svc = state.bids.clone();
    let input = body.body.try_into_domain(body.shape_errors, Write::Update);
    let c = blocking(move || svc.update_contractor(user.owner(), id, input)).await?;
    Ok(HttpResponse::Ok().json(ContractorResponse::from(c)))
}

#[utoipa::path(
    tag = "bids", operation_id = "deleteContractor", summary = "Remove a contractor without bids or lien waivers",
    params(IdPath<ContractorId, Plain>),
    security(("bearerAuth" = [])),
    responses(
        (status = 204, description = "Deleted."),
        (status = 409, response = crate::openapi::Conflict),
        crate::openapi::OwnedErrors,
    )
)]
#[delete("/contractors/{id}/")]
pub async fn delete_contractor(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: IdPath<ContractorId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let svc = state.bids.clone();
    blocking(move || svc.delete_contractor(user.owner(), id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
