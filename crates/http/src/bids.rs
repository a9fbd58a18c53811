//! Contractors, bids, the award and the project's bid comparison (issue 18). Project calls let a
//! project's members in (`ProjectCaller`; the use case's check answers 404 to a stranger, 403 to
//! a viewer's change); a roster is its user's, or in a shared project (`?project=`, `project`)
//! its owner's. Another user's contractor, bid or task answers 404.

use actix_web::{delete, get, patch, post, web, HttpResponse};
use buildledger_application::bids::BidChange;
use buildledger_domain::bid::{optional_date, Bid, BidInput, BidStatus, TaskComparison, MSG_BID_STAYS_ON_TASK};
use buildledger_domain::{DomainError, FieldErrors, Money};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::auth::ProjectCaller;
use crate::error::{blocking, ApiError};
use crate::path::{IdPath, Plain};
use crate::request::{collect, Patch, ValidJson, Write};
use crate::state::AppState;
use buildledger_domain::ids::{BidId, ProjectId, TaskId};

mod contractors;

pub use contractors::{
    create_contractor, delete_contractor, get_contractor, list_contractors, update_contractor, ContractorRequest,
    ContractorResponse, RosterQuery, MSG_CONTRACTOR_PROJECT_ON_CREATE,
};

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
    ProjectCaller(user): ProjectCaller,
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
        (status = 403, response = crate::openapi::Forbidden),
        crate::openapi::OwnedErrors,
    )
)]
#[post("/bids/")]
pub async fn create_bid(
    ProjectCaller(user): ProjectCaller,
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
        (status = 403, response = crate::openapi::Forbidden),
        crate::openapi::OwnedErrors,
    )
)]
#[patch("/bids/{id}/")]
pub async fn update_bid(
    ProjectCaller(user): ProjectCaller,
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
    responses((status = 204, description = "Deleted."), (status = 403, response = crate::openapi::Forbidden), crate::openapi::OwnedErrors)
)]
#[delete("/bids/{id}/")]
pub async fn delete_bid(
    ProjectCaller(user): ProjectCaller,
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
    responses((status = 200, description = "The awarded bid.", body = BidResponse), (status = 403, response = crate::openapi::Forbidden), crate::openapi::OwnedErrors)
)]
#[post("/bids/{id}/award/")]
pub async fn award_bid(
    ProjectCaller(user): ProjectCaller,
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
        (status = 403, response = crate::openapi::Forbidden),
        crate::openapi::OwnedErrors,
    )
)]
#[delete("/bids/{id}/award/")]
pub async fn withdraw_award(
    ProjectCaller(user): ProjectCaller,
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
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let svc = state.bids.clone();
    let list = blocking(move || svc.comparison(user.owner(), project_id)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(ComparisonResponse::from).collect::<Vec<_>>()))
}
