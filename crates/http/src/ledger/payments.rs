//! Payments against a task: `/api/tasks/{id}/payments/`, `/api/projects/{id}/payments/`,
//! `/api/task-payments/`.

use actix_web::{delete, get, patch, post, web, HttpResponse};
use buildledger_application::ledger::{payee_from, PaymentChange};
use buildledger_domain::bid::optional_date;
use buildledger_domain::ledger::{Payee, Payment, PaymentInput};
use buildledger_domain::{DomainError, FieldErrors, Money};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use super::{contractor_ref, ContractorRef};
use crate::auth::ProjectCaller;
use crate::error::{blocking, ApiError};
use crate::path::{IdPath, Plain};
use crate::request::{collect, Patch, ValidJson, Write};
use crate::state::AppState;
use buildledger_domain::ids::{PaymentId, ProjectId, TaskId};

/// A payment made against a task.
#[derive(Serialize, ToSchema)]
#[schema(as = TaskPayment)]
pub struct PaymentResponse {
    id: i64,
    task: i64,
    /// Dollars, more than 0.
    #[schema(minimum = 0.01)]
    amount: f64,
    #[schema(format = Date)]
    paid_on: String,
    /// The contractor's name when one is named, else the text given.
    payee: String,
    #[schema(required = true)]
    contractor: Option<ContractorRef>,
    #[schema(pattern = "^(check|card|transfer|cash|loan_draw|other)$")]
    method: &'static str,
    note: String,
    /// The receipt: a document of the same task, or null.
    #[schema(required = true)]
    receipt: Option<i64>,
    /// Where the payment stands with its lien waiver: `not_needed` (no roster contractor, or
    /// not above the project's waiver threshold), `missing`, `requested` (a requested waiver
    /// names it or runs through its date), `received` (covered by a received waiver).
    #[schema(pattern = "^(not_needed|missing|requested|received)$")]
    waiver_status: &'static str,
}

impl From<Payment> for PaymentResponse {
    fn from(p: Payment) -> Self {
        let payee = p.payee_label().to_owned();
        let d = p.details;
        PaymentResponse {
            id: p.id,
            task: p.task_id,
            amount: d.amount.as_dollars_f64(),
            paid_on: d.paid_on.to_string(),
            payee,
            contractor: contractor_ref(d.contractor_id, p.contractor_name),
            method: d.method.code(),
            note: d.note,
            receipt: d.receipt_id,
            waiver_status: p.waiver_status.code(),
        }
    }
}

/// A payment of the project with its task's title.
#[derive(Serialize, ToSchema)]
#[schema(as = ProjectPayment)]
pub struct ProjectPaymentResponse {
    #[serde(flatten)]
    payment: PaymentResponse,
    task_title: String,
}

impl ProjectPaymentResponse {
    pub(crate) fn new(payment: Payment, task_title: String) -> Self {
        ProjectPaymentResponse { payment: payment.into(), task_title }
    }
}

/// `POST /api/task-payments/` (`task` and `amount` required) and
/// `PATCH /api/task-payments/{id}/` (any subset but `task`).
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = TaskPaymentWrite)]
pub struct PaymentRequest {
    /// The task id (create only).
    #[schema(value_type = i64, minimum = 1)]
    #[serde(default)]
    task: Patch<i64>,
    /// Dollars with at most two decimals, more than 0.
    #[schema(value_type = f64, minimum = 0.01, maximum = 1000000000, multiple_of = 0.01)]
    #[serde(default)]
    amount: Patch<Money>,
    /// `YYYY-MM-DD`; today when left out.
    #[schema(value_type = Option<String>, schema_with = crate::fields::optional_date_schema)]
    #[serde(default)]
    paid_on: Patch<String>,
    /// Free text (at most 200 characters), or the id of one of the caller's contractors.
    #[schema(value_type = Option<String>)]
    #[validate(length(max = 200, message = "Ensure this field has no more than 200 characters."))]
    #[serde(default)]
    payee: Patch<Payee>,
    /// One of the caller's contractors (the same as giving its id as `payee`), or null.
    #[schema(value_type = Option<i64>, minimum = 1)]
    #[serde(default)]
    contractor: Patch<i64>,
    #[schema(value_type = Option<String>, pattern = "^(check|card|transfer|cash|loan_draw|other)$")]
    #[serde(default)]
    method: Patch<String>,
    #[schema(value_type = Option<String>, max_length = 5000)]
    #[serde(default)]
    note: Patch<String>,
    /// A document of the payment's task, or null.
    #[schema(value_type = Option<i64>, minimum = 1)]
    #[serde(default)]
    receipt: Patch<i64>,
}

impl PaymentRequest {
    /// The task a create names, when it names one as a whole number: the use case checks the
    /// caller may write to it before it answers the body's problems.
    pub fn task(&self) -> Option<i64> {
        self.task.as_value().copied()
    }

    /// The payment's task and fields as domain input, or every problem found (starting from the
    /// shape rules' findings). A create needs a task and an amount.
    pub fn try_into_domain(self, mut errors: FieldErrors, write: Write) -> Result<PaymentChange, DomainError> {
        let (task, amount) = match write {
            Write::Create => {
                (self.task.required_not_null(&mut errors, "task"), self.amount.required_not_null(&mut errors, "amount"))
            }
            Write::Update => (self.task.not_null(&mut errors, "task"), self.amount.not_null(&mut errors, "amount")),
        };
        let amount = amount.and_then(|m| collect(&mut errors, PaymentInput::amount(m)));
        let paid_on = self
            .paid_on
            .text_or_empty(&mut errors, "paid_on")
            .and_then(|raw| collect(&mut errors, optional_date("paid_on", &raw)));
        let payee = match self.payee.nullable(&mut errors, "payee") {
            Some(Some(p)) => collect(&mut errors, PaymentInput::payee(p)).map(Some),
            other => other,
        };
        let contractor = self.contractor.nullable(&mut errors, "contractor");
        let method = self
            .method
            .not_null(&mut errors, "method")
            .and_then(|raw| collect(&mut errors, PaymentInput::method(&raw)));
        let note =
            self.note.text_or_empty(&mut errors, "note").and_then(|raw| collect(&mut errors, PaymentInput::note(&raw)));
        let receipt = self.receipt.nullable(&mut errors, "receipt");
        errors.into_result()?;
        Ok(PaymentChange {
            task,
            input: PaymentInput { amount, paid_on, payee: payee_from(payee, contractor), method, note, receipt },
        })
    }
}

#[utoipa::path(
    tag = "ledger", operation_id = "listTaskPayments", summary = "A task's payments, by date paid",
    params(IdPath<TaskId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The payments.", body = [PaymentResponse]), crate::openapi::OwnedErrors)
)]
#[get("/tasks/{id}/payments/")]
pub async fn list_task_payments(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<TaskId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let task_id = path.id()?;
    let svc = state.ledger.clone();
    let list = blocking(move || svc.payments_for_task(user.owner(), task_id)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(PaymentResponse::from).collect::<Vec<_>>()))
}

#[utoipa::path(
    tag = "ledger", operation_id = "listProjectPayments",
    summary = "Every payment of a project, by date paid, with task titles (charts, CSV export)",
    params(IdPath<ProjectId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The payments.", body = [ProjectPaymentResponse]), crate::openapi::OwnedErrors)
)]
#[get("/projects/{id}/payments/")]
pub async fn list_project_payments(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let svc = state.ledger.clone();
    let list = blocking(move || svc.payments_for_project(user.owner(), project_id)).await?;
    let body: Vec<ProjectPaymentResponse> =
        list.into_iter().map(|(p, task_title)| ProjectPaymentResponse { payment: p.into(), task_title }).collect();
    Ok(HttpResponse::Ok().json(body))
}

#[utoipa::path(
    tag = "ledger", operation_id = "createTaskPayment", summary = "Record a payment against a task",
    description = "Adds to the task's paid to date. A receipt must be a document of the same task (400 otherwise).",
    request_body = PaymentRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "The payment.", body = PaymentResponse,
            links(("UpdateTaskPayment" = (operation_id = "updateTaskPayment", parameters(("id" = "$response.body#/id")))),
                  ("DeleteTaskPayment" = (operation_id = "deleteTaskPayment", parameters(("id" = "$response.body#/id")))))),
        crate::openapi::JsonBodyErrors,
        (status = 403, response = crate::openapi::Forbidden),
        crate::openapi::OwnedErrors,
    )
)]
#[post("/task-payments/")]
pub async fn create_payment(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    body: ValidJson<PaymentRequest>,
) -> Result<HttpResponse, ApiError> {
    let task = body.body.task();
    let change = body.body.try_into_domain(body.shape_errors, Write::Create);
    let svc = state.ledger.clone();
    let p = blocking(move || svc.create_payment(user.owner(), task, change)).await?;
    Ok(HttpResponse::Created().json(PaymentResponse::from(p)))
}

#[utoipa::path(
    tag = "ledger", operation_id = "updateTaskPayment", summary = "Change a payment",
    params(IdPath<PaymentId, Plain>),
    request_body = PaymentRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The payment.", body = PaymentResponse),
        crate::openapi::JsonBodyErrors,
        (status = 403, response = crate::openapi::Forbidden),
        crate::openapi::OwnedErrors,
    )
)]
#[patch("/task-payments/{id}/")]
pub async fn update_payment(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<PaymentId, Plain>,
    body: ValidJson<PaymentRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let change = body.body.try_into_domain(body.shape_errors, Write::Update);
    let svc = state.ledger.clone();
    let p = blocking(move || svc.update_payment(user.owner(), id, change)).await?;
    Ok(HttpResponse::Ok().json(PaymentResponse::from(p)))
}

#[utoipa::path(
    tag = "ledger", operation_id = "deleteTaskPayment", summary = "Delete a payment",
    params(IdPath<PaymentId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 204, description = "Deleted."), (status = 403, response = crate::openapi::Forbidden), crate::openapi::OwnedErrors)
)]
#[delete("/task-payments/{id}/")]
pub async fn delete_payment(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<PaymentId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let svc = state.ledger.clone();
    blocking(move || svc.delete_payment(user.owner(), id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
