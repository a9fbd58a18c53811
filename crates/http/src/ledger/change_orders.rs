//! Change orders on a task and the project's register: `/api/tasks/{id}/change-orders/`,
//! `/api/change-orders/`, `/api/projects/{id}/change-orders/`.

use actix_web::{delete, get, patch, post, web, HttpResponse};
use buildledger_application::ledger::ChangeOrderChange;
use buildledger_domain::bid::optional_date;
use buildledger_domain::ledger::{ChangeOrder, ChangeOrderInput, ChangeOrderRegister, SignedMoney};
use buildledger_domain::{DomainError, FieldErrors};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use super::{contractor_ref, ContractorRef};
use crate::auth::ProjectCaller;
use crate::error::{blocking, ApiError};
use crate::fields::dollars;
use crate::path::{IdPath, Plain};
use crate::request::{collect, Patch, ValidJson, Write};
use crate::state::AppState;
use buildledger_domain::ids::{ChangeOrderId, ProjectId, TaskId};

/// A change to a task's contract.
#[derive(Serialize, ToSchema)]
#[schema(as = ChangeOrder)]
pub struct ChangeOrderResponse {
    id: i64,
    task: i64,
    description: String,
    /// Dollars; negative when it lowers the price.
    amount: f64,
    #[schema(pattern = "^(proposed|approved|rejected)$")]
    status: &'static str,
    #[schema(format = Date)]
    date: String,
    #[schema(required = true)]
    contractor: Option<ContractorRef>,
    /// A document of the same task, or null.
    #[schema(required = true)]
    document: Option<i64>,
}

impl From<ChangeOrder> for ChangeOrderResponse {
    fn from(c: ChangeOrder) -> Self {
        let d = c.details;
        ChangeOrderResponse {
            id: c.id,
            task: c.task_id,
            description: d.description,
            amount: d.amount.as_dollars_f64(),
            status: d.status.code(),
            date: d.date.to_string(),
            contractor: contractor_ref(d.contractor_id, c.contractor_name),
            document: d.document_id,
        }
    }
}

/// `POST /api/change-orders/` (`task`, `description`, `amount` required) and
/// `PATCH /api/change-orders/{id}/` (any subset but `task`).
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = ChangeOrderWrite)]
pub struct ChangeOrderRequest {
    #[schema(value_type = i64, minimum = 1)]
    #[serde(default)]
    task: Patch<i64>,
    #[schema(value_type = String, min_length = 1, max_length = 5000)]
    #[serde(default)]
    description: Patch<String>,
    /// Dollars with at most two decimals; may be negative.
    #[schema(value_type = f64, minimum = -1000000000, maximum = 1000000000, multiple_of = 0.01)]
    #[serde(default)]
    amount: Patch<SignedMoney>,
    /// `proposed` by default. Approving needs an awarded bid on the task (409 otherwise).
    #[schema(value_type = Option<String>, pattern = "^(proposed|approved|rejected)$")]
    #[serde(default)]
    status: Patch<String>,
    /// `YYYY-MM-DD`; today when left out.
    #[schema(value_type = Option<String>, schema_with = crate::fields::optional_date_schema)]
    #[serde(default)]
    date: Patch<String>,
    #[schema(value_type = Option<i64>, minimum = 1)]
    #[serde(default)]
    contractor: Patch<i64>,
    #[schema(value_type = Option<i64>, minimum = 1)]
    #[serde(default)]
    document: Patch<i64>,
}

impl ChangeOrderRequest {
    /// The task a create names, when it names one as a whole number: the use case checks the
    /// caller may write to it before it answers the body's problems.
    pub fn task(&self) -> Option<i64> {
        self.task.as_value().copied()
    }

    /// The change order's task and fields as domain input, or every problem found (starting from
    /// the shape rules' findings). A create needs a task, a description and an amount.
    pub fn try_into_domain(self, mut errors: FieldErrors, write: Write) -> Result<ChangeOrderChange, DomainError> {
        let (task, description, amount) = match write {
            Write::Create => (
                self.task.required_not_null(&mut errors, "task"),
                self.description.required_not_null(&mut errors, "description"),
                self.amount.required_not_null(&mut errors, "amount"),
            ),
            Write::Update => (
                self.task.not_null(&mut errors, "task"),
                self.description.not_null(&mut errors, "description"),
                self.amount.not_null(&mut errors, "amount"),
            ),
        };
        let description = description.and_then(|raw| collect(&mut errors, ChangeOrderInput::description(&raw)));
        let status = self
            .status
            .not_null(&mut errors, "status")
            .and_then(|raw| collect(&mut errors, ChangeOrderInput::status(&raw)));
        let date = self
            .date
            .text_or_empty(&mut errors, "date")
            .and_then(|raw| collect(&mut errors, optional_date("date", &raw)));
        let contractor = self.contractor.nullable(&mut errors, "contractor");
        let document = self.document.nullable(&mut errors, "document");
        errors.into_result()?;
        Ok(ChangeOrderChange {
            task,
            input: ChangeOrderInput { description, amount, status, date, contractor, document },
        })
    }
}

#[utoipa::path(
    tag = "ledger", operation_id = "listTaskChangeOrders", summary = "A task's change orders, by date",
    params(IdPath<TaskId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The change orders.", body = [ChangeOrderResponse]), crate::openapi::OwnedErrors)
)]
#[get("/tasks/{id}/change-orders/")]
pub async fn list_task_change_orders(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<TaskId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let task_id = path.id()?;
    let svc = state.ledger.clone();
    let list = blocking(move || svc.change_orders_for_task(user.owner(), task_id)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(ChangeOrderResponse::from).collect::<Vec<_>>()))
}

#[utoipa::path(
    tag = "ledger", operation_id = "createChangeOrder", summary = "Enter a change order on a task",
    description = "Approved change orders add to the task's committed cost (award + approved change orders).",
    request_body = ChangeOrderRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "The change order.", body = ChangeOrderResponse,
            links(("UpdateChangeOrder" = (operation_id = "updateChangeOrder", parameters(("id" = "$response.body#/id")))),
                  ("DeleteChangeOrder" = (operation_id = "deleteChangeOrder", parameters(("id" = "$response.body#/id")))))),
        crate::openapi::JsonBodyErrors,
        (status = 403, response = crate::openapi::Forbidden),
        crate::openapi::OwnedErrors,
    )
)]
#[post("/change-orders/")]
pub async fn create_change_order(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    body: ValidJson<ChangeOrderRequest>,
) -> Result<HttpResponse, ApiError> {
    let task = body.body.task();
    let change = body.body.try_into_domain(body.shape_errors, Write::Create);
    let svc = state.ledger.clone();
    let c = blocking(move || svc.create_change_order(user.owner(), task, change)).await?;
    Ok(HttpResponse::Created().json(ChangeOrderResponse::from(c)))
}

#[utoipa::path(
    tag = "ledger", operation_id = "updateChangeOrder", summary = "Change a change order (approve, reject...)",
    params(IdPath<ChangeOrderId, Plain>),
    request_body = ChangeOrderRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The change order.", body = ChangeOrderResponse),
        crate::openapi::JsonBodyErrors,
        (status = 403, response = crate::openapi::Forbidden),
        crate::openapi::OwnedErrors,
    )
)]
#[patch("/change-orders/{id}/")]
pub async fn update_change_order(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ChangeOrderId, Plain>,
    body: ValidJson<ChangeOrderRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let change = body.body.try_into_domain(body.shape_errors, Write::Update);
    let svc = state.ledger.clone();
    let c = blocking(move || svc.update_change_order(user.owner(), id, change)).await?;
    Ok(HttpResponse::Ok().json(ChangeOrderResponse::from(c)))
}

#[utoipa::path(
    tag = "ledger", operation_id = "deleteChangeOrder", summary = "Delete a change order",
    params(IdPath<ChangeOrderId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 204, description = "Deleted."), (status = 403, response = crate::openapi::Forbidden), crate::openapi::OwnedErrors)
)]
#[delete("/change-orders/{id}/")]
pub async fn delete_change_order(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ChangeOrderId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let svc = state.ledger.clone();
    blocking(move || svc.delete_change_order(user.owner(), id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// One line of the change-order register.
#[derive(Serialize, ToSchema)]
pub struct RegisterLineResponse {
    #[serde(flatten)]
    change_order: ChangeOrderResponse,
    task_title: String,
    /// Approved amounts up to and including this line (dollars).
    running_total: f64,
    /// The contingency left once this change order and those before it count (dollars): the
    /// summary's contingency_left with the later approved change orders taken out.
    #[schema(minimum = 0)]
    contingency_left_after: f64,
}

/// The project's change-order register.
#[derive(Serialize, ToSchema)]
#[schema(as = ChangeOrderRegister)]
pub struct RegisterResponse {
    /// By date, then id.
    change_orders: Vec<RegisterLineResponse>,
    /// Sum of approved change orders (dollars).
    approved_total: f64,
    /// The project's committed total: awarded bids + approved change orders (dollars).
    committed_total: f64,
    /// approved_total / committed_total x 100, one decimal; null when nothing is committed.
    #[schema(required = true)]
    approved_percent: Option<f64>,
    /// Approved change orders exceed 10% of the committed total.
    warning: bool,
}

impl From<ChangeOrderRegister> for RegisterResponse {
    fn from(r: ChangeOrderRegister) -> Self {
        RegisterResponse {
            change_orders: r
                .lines
                .into_iter()
                .map(|l| RegisterLineResponse {
                    change_order: l.change_order.into(),
                    task_title: l.task_title,
                    running_total: dollars(l.running_total_cents),
                    contingency_left_after: dollars(l.contingency_left_after_cents),
                })
                .collect(),
            approved_total: dollars(r.approved_total_cents),
            committed_total: dollars(r.committed_total_cents),
            approved_percent: r.approved_percent,
            warning: r.warning,
        }
    }
}

#[utoipa::path(
    tag = "ledger", operation_id = "changeOrderRegister",
    summary = "The project's change orders with a running total, warned past 10% of the committed total",
    params(IdPath<ProjectId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The register.", body = RegisterResponse), crate::openapi::OwnedErrors)
)]
#[get("/projects/{id}/change-orders/")]
pub async fn change_order_register(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let (tasks, ledger) = (state.tasks.clone(), state.ledger.clone());
    let r = blocking(move || {
        // The contingency after each change order starts from the summary's predicted total.
        let summary = tasks.summary(user.owner(), project_id)?;
        ledger.register(user.owner(), project_id, summary.money.predicted_total_cents)
    })
    .await?;
    Ok(HttpResponse::Ok().json(RegisterResponse::from(r)))
}
