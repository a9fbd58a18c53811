//! Contractors, bids, the award and the project's bid comparison (issue 18). All behind the
//! subscription gate; another user's contractor, bid or task answers 404.

use actix_web::{delete, get, patch, post, web, HttpResponse};
use buildledger_application::bids::BidChange;
use buildledger_application::UseCaseError;
use buildledger_domain::bid::{
    optional_date, Bid, BidInput, BidStatus, Contractor, ContractorInput, TaskComparison, MSG_BID_STAYS_ON_TASK,
};
use buildledger_domain::{DomainError, FieldErrors, Money};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::auth::Subscribed;
use crate::error::{blocking, ApiError};
use crate::path::{IdPath, Plain};
use crate::request::{collect, Patch, ValidJson, Write};
use crate::state::AppState;
use buildledger_domain::ids::{BidId, ContractorId, ProjectId, TaskId};

// ---------------------------------------------------------------- contractors

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

impl ContractorRequest {
    /// The contractor's fields as domain input, or every problem found (starting from the shape
    /// rules' findings). A create needs a name; null clears the optional texts and the date.
    pub fn try_into_domain(self, mut errors: FieldErrors, write: Write) -> Result<ContractorInput, DomainError> {
        let name = match write {
            Write::Create => self.name.required_not_null(&mut errors, "name"),
            Write::Update => self.name.not_null(&mut errors, "name"),
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

#[utoipa::path(
    tag = "bids", operation_id = "listContractors", summary = "The caller's contractor roster, by name",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The contractors.", body = [ContractorResponse]),
        crate::openapi::SubscribedErrors,
    )
)]
#[get("/contractors/")]
pub async fn list_contractors(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let svc = state.bids.clone();
    let list = blocking(move || svc.contractors(user.owner())).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(ContractorResponse::from).collect::<Vec<_>>()))
}

#[utoipa::path(
    tag = "bids", operation_id = "createContractor", summary = "Add a contractor to the roster",
    request_body = ContractorRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "The contractor.", body = ContractorResponse,
            links(("GetContractor" = (operation_id = "getContractor", parameters(("id" = "$response.body#/id")))), ("UpdateContractor" = (operation_id = "updateContractor", parameters(("id" = "$response.body#/id")))), ("DeleteContractor" = (operation_id = "deleteContractor", parameters(("id" = "$response.body#/id")))))),
        crate::openapi::JsonBodyErrors,
        crate::openapi::SubscribedErrors,
    )
)]
#[post("/contractors/")]
pub async fn create_contractor(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    body: ValidJson<ContractorRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = body.body.try_into_domain(body.shape_errors, Write::Create).map_err(UseCaseError::from)?;
    let svc = state.bids.clone();
    let c = blocking(move || svc.create_contractor(user.owner(), input)).await?;
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

// ---------------------------------------------------------------- bids

/// The contractor of a bid, as bids show it.
#[derive(Serialize, ToSchema)]
#[schema(as = BidContractor)]
pub struct BidContractorResponse {
    id: i64,
    name: String,
}

/// A contractor's bid on a task.
#[derive(Serialize, ToSchema)]
#[schema(as = Bid)]
pub struct BidResponse {
    id: i64,
    task: i64,
    contractor: BidContractorResponse,
    /// Dollars, at most two decimals.
    #[schema(minimum = 0)]
    amount: f64,
    /// Scope: what is included / excluded.
    notes: String,
    #[schema(format = Date, required = true)]
    received_on: Option<String>,
    #[schema(format = Date, required = true)]
    valid_until: Option<String>,
    /// The bid's document (a document of the same task), or null.
    #[schema(required = true)]
    document: Option<i64>,
    #[schema(pattern = "^(pending|awarded|declined)$")]
    status: &'static str,
}

impl From<Bid> for BidResponse {
    fn from(b: Bid) -> Self {
        BidResponse {
            id: b.id,
            task: b.task_id,
            contractor: BidContractorResponse { id: b.contractor_id, name: b.contractor_name },
            amount: b.details.amount.as_dollars_f64(),
            notes: b.details.notes,
            received_on: b.details.received_on.map(|d| d.to_string()),
            valid_until: b.details.valid_until.map(|d| d.to_string()),
            document: b.details.document_id,
            status: b.status.code(),
        }
    }
}

/// `POST /api/bids/` (`task`, `contractor`, `amount` required) and `PATCH /api/bids/{id}/`
/// (any subset but `task`; `status` may be `pending` or `declined`: awards have their own call).
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = BidWrite)]
pub struct BidRequest {
    /// The task id (create only).
    #[schema(value_type = i64, minimum = 1)]
    #[serde(default)]
    task: Patch<i64>,
    /// One of the caller's contractors.
    #[schema(value_type = i64, minimum = 1)]
    #[serde(default)]
    contractor: Patch<i64>,
    /// Dollars with at most two decimals, not negative.
    #[schema(value_type = f64, minimum = 0, maximum = 1000000000, multiple_of = 0.01)]
    #[serde(default)]
    amount: Patch<Money>,
    #[schema(value_type = Option<String>, max_length = 5000)]
    #[serde(default)]
    notes: Patch<String>,
    #[schema(value_type = Option<String>, schema_with = crate::fields::optional_date_schema)]
    #[serde(default)]
    received_on: Patch<String>,
    #[schema(value_type = Option<String>, schema_with = crate::fields::optional_date_schema)]
    #[serde(default)]
    valid_until: Patch<String>,
    /// A document of the bid's task, or null.
    #[schema(value_type = Option<i64>, minimum = 1)]
    #[serde(default)]
    document: Patch<i64>,
    #[schema(value_type = Option<String>, pattern = "^(pending|awarded|declined)$")]
    #[serde(default)]
    status: Patch<String>,
}

impl BidRequest {
    /// The task a create names, when it names one as a whole number: the use case looks it up
    /// before it answers the body's problems (another user's task is 404 whatever the body).
    pub fn task(&self) -> Option<i64> {
        self.task.as_value().copied()
    }

    /// The bid's fields as domain input, or every problem found (starting from the shape rules'
    /// findings). A create needs a task, a contractor and an amount, and is pending; an update
    /// leaves the task alone and may ask for any status ([`BidStatus::after_edit`] decides, on
    /// the stored bid). Null clears the notes, a date or the document.
    pub fn try_into_domain(self, mut errors: FieldErrors, write: Write) -> Result<BidChange, DomainError> {
        let (contractor, amount) = match write {
            Write::Create => {
                self.task.required_not_null(&mut errors, "task");
                (
                    self.contractor.required_not_null(&mut errors, "contractor"),
                    self.amount.required_not_null(&mut errors, "amount"),
                )
            }
            Write::Update => {
                if self.task.is_present() {
                    errors.add("task", MSG_BID_STAYS_ON_TASK);
                }
                (self.contractor.not_null(&mut errors, "contractor"), self.amount.not_null(&mut errors, "amount"))
            }
        };
        let parse_status = match write {
            Write::Create => BidStatus::of_new_bid,
            Write::Update => BidStatus::field,
        };
        let status =
            self.status.not_null(&mut errors, "status").and_then(|raw| collect(&mut errors, parse_status(&raw)));
        let notes = self
            .notes
            .nullable(&mut errors, "notes")
            .and_then(|raw| collect(&mut errors, BidInput::notes(&raw.unwrap_or_default())));
        let mut date = |p: Patch<String>, field: &str| {
            let raw = p.text_or_empty(&mut errors, field)?;
            collect(&mut errors, optional_date(field, &raw))
        };
        let received_on = date(self.received_on, "received_on");
        let valid_until = date(self.valid_until, "valid_until");
        let document = self.document.nullable(&mut errors, "document");
        errors.into_result()?;
        Ok(BidChange { contractor, status, input: BidInput { amount, notes, received_on, valid_until, document } })
    }
}

#[utoipa::path(
    tag = "bids", operation_id = "listTaskBids", summary = "A task's bids, oldest first",
    params(IdPath<TaskId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The bids.", body = [BidResponse]), crate::openapi::OwnedErrors)
)]
#[get("/tasks/{id}/bids/")]
pub async fn list_task_bids(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: IdPath<TaskId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let task_id = path.id()?;
    let svc = state.bids.clone();
    let list = blocking(move || svc.bids_for_task(user.owner(), task_id)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(BidResponse::from).collect::<Vec<_>>()))
}

#[utoipa::path(
    tag = "bids", operation_id = "createBid", summary = "Enter a contractor's bid on a task",
    request_body = BidRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "The bid (pending).", body = BidResponse,
            links(("UpdateBid" = (operation_id = "updateBid", parameters(("id" = "$response.body#/id")))), ("DeleteBid" = (operation_id = "deleteBid", parameters(("id" = "$response.body#/id")))), ("AwardBid" = (operation_id = "awardBid", parameters(("id" = "$response.body#/id")))), ("WithdrawAward" = (operation_id = "withdrawAward", parameters(("id" = "$response.body#/id")))))),
        crate::openapi::JsonBodyErrors,
        crate::openapi::OwnedErrors,
    )
)]
#[post("/bids/")]
pub async fn create_bid(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    body: ValidJson<BidRequest>,
) -> Result<HttpResponse, ApiError> {
    let task = body.body.task();
    let change = body.body.try_into_domain(body.shape_errors, Write::Create);
    let svc = state.bids.clone();
    let bid = blocking(move || svc.create_bid(user.owner(), task, change)).await?;
    Ok(HttpResponse::Created().json(BidResponse::from(bid)))
}

#[utoipa::path(
    tag = "bids", operation_id = "updateBid", summary = "Change a bid",
    description = "Changing an awarded bid's amount changes the task's committed cost.",
    params(IdPath<BidId, Plain>),
    request_body = BidRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The bid.", body = BidResponse),
        crate::openapi::JsonBodyErrors,
        crate::openapi::OwnedErrors,
    )
)]
#[patch("/bids/{id}/")]
pub async fn update_bid(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: IdPath<BidId, Plain>,
    body: ValidJson<BidRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let change = body.body.try_into_domain(body.shape_errors, Write::Update);
    let svc = state.bids.clone();
    let bid = blocking(move || svc.update_bid(user.owner(), id, change)).await?;
    Ok(HttpResponse::Ok().json(BidResponse::from(bid)))
}

#[utoipa::path(
    tag = "bids", operation_id = "deleteBid", summary = "Delete a bid",
    params(IdPath<BidId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 204, description = "Deleted."), crate::openapi::OwnedErrors)
)]
#[delete("/bids/{id}/")]
pub async fn delete_bid(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: IdPath<BidId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let svc = state.bids.clone();
    blocking(move || svc.delete_bid(user.owner(), id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[utoipa::path(
    tag = "bids", operation_id = "awardBid", summary = "Award a bid: its amount becomes the task's committed cost",
    description = "The task's other bids are declined. One awarded bid per task, whatever races.",
    params(IdPath<BidId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The awarded bid.", body = BidResponse), crate::openapi::OwnedErrors)
)]
#[post("/bids/{id}/award/")]
pub async fn award_bid(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: IdPath<BidId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let svc = state.bids.clone();
    let bid = blocking(move || svc.award(user.owner(), id)).await?;
    Ok(HttpResponse::Ok().json(BidResponse::from(bid)))
}

#[utoipa::path(
    tag = "bids", operation_id = "withdrawAward", summary = "Withdraw a bid's award",
    description = "The task has no committed cost again; its bids are pending again.",
    params(IdPath<BidId, Plain>),
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The bid, pending again.", body = BidResponse),
        (status = 409, response = crate::openapi::Conflict),
        crate::openapi::OwnedErrors,
    )
)]
#[delete("/bids/{id}/award/")]
pub async fn withdraw_award(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: IdPath<BidId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let svc = state.bids.clone();
    let bid = blocking(move || svc.withdraw_award(user.owner(), id)).await?;
    Ok(HttpResponse::Ok().json(BidResponse::from(bid)))
}

// ---------------------------------------------------------------- comparison

/// A bid beside the task's prediction.
#[derive(Serialize, ToSchema)]
#[schema(as = ComparedBid)]
pub struct ComparedBidResponse {
    id: i64,
    contractor: BidContractorResponse,
    #[schema(minimum = 0)]
    amount: f64,
    #[schema(pattern = "^(pending|awarded|declined)$")]
    status: &'static str,
    /// (amount − predicted) / predicted in percent, one decimal; null without a prediction.
    #[schema(required = true)]
    difference_pct: Option<f64>,
    /// `high` / `low` when more than 25% above / below the prediction ("check the scope").
    #[schema(value_type = Option<String>, pattern = "^(high|low)$", required = true)]
    flag: Option<&'static str>,
    /// The task's lowest amount.
    lowest: bool,
    /// Scope: what is included / excluded; absent when empty and in a shared view.
    #[serde(skip_serializing_if = "Option::is_none")]
    notes: Option<String>,
    /// The offer's last day; absent without one and in a shared view.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(format = Date)]
    valid_until: Option<String>,
}

/// One task's bids side by side.
#[derive(Serialize, ToSchema)]
#[schema(as = BidComparison)]
pub struct ComparisonResponse {
    task: i64,
    title: String,
    /// The regional prediction (dollars), or null.
    #[schema(required = true)]
    predicted_cost: Option<f64>,
    bids: Vec<ComparedBidResponse>,
    lowest: f64,
    highest: f64,
    /// highest − lowest.
    spread: f64,
    #[schema(required = true)]
    awarded_bid: Option<i64>,
}

impl From<TaskComparison> for ComparisonResponse {
    fn from(c: TaskComparison) -> Self {
        ComparisonResponse::with_terms(c, true)
    }
}

impl ComparisonResponse {
    /// A share link's comparison: amounts and differences, without each bid's scope notes and
    /// offer date (those stay with the owner).
    pub fn shared(c: TaskComparison) -> Self {
        ComparisonResponse::with_terms(c, false)
    }

    fn with_terms(c: TaskComparison, terms: bool) -> Self {
        ComparisonResponse {
            task: c.task_id,
            title: c.title,
            predicted_cost: c.predicted.map(Money::as_dollars_f64),
            bids: c
                .bids
                .into_iter()
                .map(|b| ComparedBidResponse {
                    id: b.bid.id,
                    contractor: BidContractorResponse { id: b.bid.contractor_id, name: b.bid.contractor_name },
                    amount: b.bid.details.amount.as_dollars_f64(),
                    status: b.bid.status.code(),
                    difference_pct: b.difference_pct,
                    flag: b.flag.map(|f| f.code()),
                    lowest: b.lowest,
                    notes: Some(b.bid.details.notes).filter(|n| terms && !n.is_empty()),
                    valid_until: b.bid.details.valid_until.filter(|_| terms).map(|d| d.to_string()),
                })
                .collect(),
            lowest: c.lowest.as_dollars_f64(),
            highest: c.highest.as_dollars_f64(),
            spread: c.spread.as_dollars_f64(),
            awarded_bid: c.awarded_bid,
        }
    }
}

#[utoipa::path(
    tag = "bids", operation_id = "compareProjectBids", summary = "Every task with bids, its bids side by side",
    params(IdPath<ProjectId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 200, description = "One entry per task with bids, in board order.", body = [ComparisonResponse]), crate::openapi::OwnedErrors)
)]
#[get("/projects/{id}/bids/")]
pub async fn compare_project_bids(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: IdPath<ProjectId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let svc = state.bids.clone();
    let list = blocking(move || svc.comparison(user.owner(), project_id)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(ComparisonResponse::from).collect::<Vec<_>>()))
}
