//! Lender draws (issue 19, docs/money.md): a project's draw requests, what the next one would
//! cover, and their lifecycle (draft, submitted, funded). Behind the subscription gate; another
//! user's draw answers 404.

use actix_web::{delete, get, patch, post, web, HttpResponse};
use buildledger_application::ledger::{DrawChange, NextDraw};
use buildledger_domain::bid::optional_date;
use buildledger_domain::ledger::{Draw, DrawInput, SignedMoney};
use buildledger_domain::{DomainError, FieldErrors, Money};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::auth::Subscribed;
use crate::error::{blocking, ApiError};
use crate::fields::dollars;
use crate::path::{IdPath, Plain};
use crate::request::{collect, Patch, ValidJson, Write};
use crate::state::AppState;
use buildledger_domain::ids::{DrawId, ProjectId};

/// One task's line in a draw (fixed when the draw is made).
#[derive(Serialize, ToSchema)]
pub struct DrawItemResponse {
    /// The task, or null once it has been deleted.
    #[schema(required = true)]
    task: Option<i64>,
    title: String,
    amount: f64,
}

/// A draw request to the construction lender.
#[derive(Serialize, ToSchema)]
#[schema(as = Draw)]
pub struct DrawResponse {
    id: i64,
    project: i64,
    /// 1, 2, ... per project.
    number: i32,
    #[schema(format = Date)]
    requested_on: String,
    /// Ids of the tasks it covers.
    tasks: Vec<i64>,
    items: Vec<DrawItemResponse>,
    total: f64,
    #[schema(pattern = "^(draft|submitted|funded)$")]
    status: &'static str,
    #[schema(required = true)]
    funded_amount: Option<f64>,
    #[schema(format = Date, required = true)]
    funded_on: Option<String>,
    note: String,
}

impl From<Draw> for DrawResponse {
    fn from(d: Draw) -> Self {
        DrawResponse {
            id: d.id,
            project: d.project_id,
            number: d.number,
            requested_on: d.requested_on.to_string(),
            tasks: d.items.iter().filter_map(|i| i.task_id).collect(),
            items: d
                .items
                .into_iter()
                .map(|i| DrawItemResponse { task: i.task_id, title: i.title, amount: i.amount.as_dollars_f64() })
                .collect(),
            total: d.total.as_dollars_f64(),
            status: d.status.code(),
            funded_amount: d.funded_amount.map(Money::as_dollars_f64),
            funded_on: d.funded_on.map(|x| x.to_string()),
            note: d.note,
        }
    }
}

/// What a new draw would cover.
#[derive(Serialize, ToSchema)]
#[schema(as = NextDraw)]
pub struct NextDrawResponse {
    /// Tasks with work (paid, or the actual cost of a task in Paid) not yet covered by a draw,
    /// in board order.
    items: Vec<DrawItemResponse>,
    total: f64,
}

impl From<NextDraw> for NextDrawResponse {
    fn from(n: NextDraw) -> Self {
        NextDrawResponse {
            items: n
                .tasks
                .iter()
                .map(|t| DrawItemResponse {
                    task: Some(t.task_id),
                    title: t.title.clone(),
                    amount: dollars(t.amount_cents()),
                })
                .collect(),
            total: dollars(n.total_cents),
        }
    }
}

/// `POST /api/draws/` (`project`, `tasks` required) and `PATCH /api/draws/{id}/` (any subset;
/// `tasks` only while a draft).
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = DrawWrite)]
pub struct DrawRequest {
    #[schema(value_type = i64, minimum = 1)]
    #[serde(default)]
    project: Patch<i64>,
    /// Ids of tasks of the project (at least one). Each line's amount is the task's work not
    /// yet covered by the project's other draws.
    #[schema(value_type = Vec<i64>)]
    #[serde(default)]
    tasks: Patch<Vec<i64>>,
    /// `YYYY-MM-DD`; today when left out.
    #[schema(value_type = Option<String>, schema_with = crate::fields::optional_date_schema)]
    #[serde(default)]
    requested_on: Patch<String>,
    #[schema(value_type = Option<String>, pattern = "^(draft|submitted|funded)$")]
    #[serde(default)]
    status: Patch<String>,
    /// Only with `funded` (default: the total).
    #[schema(value_type = Option<f64>, minimum = 0, maximum = 1000000000, multiple_of = 0.01)]
    #[serde(default)]
    funded_amount: Patch<Money>,
    /// Only with `funded` (default: today).
    #[schema(value_type = Option<String>, schema_with = crate::fields::optional_date_schema)]
    #[serde(default)]
    funded_on: Patch<String>,
    #[schema(value_type = Option<String>, max_length = 5000)]
    #[serde(default)]
    note: Patch<String>,
    /// Computed from the lines; accepted and ignored (read-only).
    #[allow(dead_code)]
    #[schema(value_type = Option<f64>, read_only)]
    #[serde(default)]
    total: Patch<SignedMoney>,
}

impl DrawRequest {
    /// The project a create names, when it names one as a whole number: the use case looks it
    /// up before it answers the body's problems (another user's project is 404 whatever the body).
    pub fn project(&self) -> Option<i64> {
        self.project.as_value().copied()
    }

    /// The draw's tasks and fields as domain input, or every problem found (starting from the
    /// shape rules' findings). A create needs a project (its argument to the use case, not part
    /// of the change) and tasks; an update's project, if sent, must be the draw's own. Null or ""
    /// clears a date (today for `requested_on`; the funding's default for `funded_on`).
    pub fn try_into_domain(self, mut errors: FieldErrors, write: Write) -> Result<DrawChange, DomainError> {
        let (project, tasks) = match write {
            Write::Create => {
                self.project.required_not_null(&mut errors, "project");
                (None, self.tasks.required_not_null(&mut errors, "tasks"))
            }
            Write::Update => (self.project.not_null(&mut errors, "project"), self.tasks.not_null(&mut errors, "tasks")),
        };
        let mut date = |p: Patch<String>, field: &str| {
            let raw = p.text_or_empty(&mut errors, field)?;
            collect(&mut errors, optional_date(field, &raw))
        };
        let requested_on = date(self.requested_on, "requested_on");
        let funded_on = date(self.funded_on, "funded_on");
        let status =
            self.status.not_null(&mut errors, "status").and_then(|raw| collect(&mut errors, DrawInput::status(&raw)));
        let funded_amount = self.funded_amount.nullable(&mut errors, "funded_amount");
        let note =
            self.note.text_or_empty(&mut errors, "note").and_then(|raw| collect(&mut errors, DrawInput::note(&raw)));
        errors.into_result()?;
        Ok(DrawChange { project, tasks, input: DrawInput { requested_on, status, funded_amount, funded_on, note } })
    }
}

#[utoipa::path(
    tag = "ledger", operation_id = "listDraws", summary = "The project's lender draw requests, by number",
    params(IdPath<ProjectId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The draws.", body = [DrawResponse]), crate::openapi::OwnedErrors)
)]
#[get("/projects/{id}/draws/")]
pub async fn list_draws(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: IdPath<ProjectId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let svc = state.ledger.clone();
    let list = blocking(move || svc.draws(user.owner(), project_id)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(DrawResponse::from).collect::<Vec<_>>()))
}

#[utoipa::path(
    tag = "ledger", operation_id = "nextDraw", summary = "What a new draw request would cover: the work since the previous draws",
    params(IdPath<ProjectId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The lines and total.", body = NextDrawResponse), crate::openapi::OwnedErrors)
)]
#[get("/projects/{id}/draws/next/")]
pub async fn next_draw(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: IdPath<ProjectId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let svc = state.ledger.clone();
    let next = blocking(move || svc.next_draw(user.owner(), project_id)).await?;
    Ok(HttpResponse::Ok().json(NextDrawResponse::from(next)))
}

#[utoipa::path(
    tag = "ledger", operation_id = "createDraw", summary = "Make a lender draw request",
    description = "Numbered per project. A task of another project is refused (400) and nothing is written.",
    request_body = DrawRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "The draw.", body = DrawResponse,
            links(("UpdateDraw" = (operation_id = "updateDraw", parameters(("id" = "$response.body#/id")))),
                  ("DeleteDraw" = (operation_id = "deleteDraw", parameters(("id" = "$response.body#/id")))))),
        crate::openapi::JsonBodyErrors,
        crate::openapi::OwnedErrors,
    )
)]
#[post("/draws/")]
pub async fn create_draw(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    body: ValidJson<DrawRequest>,
) -> Result<HttpResponse, ApiError> {
    let project = body.body.project();
    let change = body.body.try_into_domain(body.shape_errors, Write::Create);
    let svc = state.ledger.clone();
    let d = blocking(move || svc.create_draw(user.owner(), project, change)).await?;
    Ok(HttpResponse::Created().json(DrawResponse::from(d)))
}

#[utoipa::path(
    tag = "ledger", operation_id = "updateDraw", summary = "Change a draw: submit, mark funded, change its tasks while a draft",
    params(IdPath<DrawId, Plain>),
    request_body = DrawRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The draw.", body = DrawResponse),
        (status = 409, response = crate::openapi::Conflict),
        crate::openapi::JsonBodyErrors,
        crate::openapi::OwnedErrors,
    )
)]
#[patch("/draws/{id}/")]
pub async fn update_draw(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: IdPath<DrawId, Plain>,
    body: ValidJson<DrawRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let change = body.body.try_into_domain(body.shape_errors, Write::Update);
    let svc = state.ledger.clone();
    let d = blocking(move || svc.update_draw(user.owner(), id, change)).await?;
    Ok(HttpResponse::Ok().json(DrawResponse::from(d)))
}

#[utoipa::path(
    tag = "ledger", operation_id = "deleteDraw", summary = "Delete a draw that is not funded",
    params(IdPath<DrawId, Plain>),
    security(("bearerAuth" = [])),
    responses(
        (status = 204, description = "Deleted."),
        (status = 409, response = crate::openapi::Conflict),
        crate::openapi::OwnedErrors,
    )
)]
#[delete("/draws/{id}/")]
pub async fn delete_draw(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: IdPath<DrawId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let svc = state.ledger.clone();
    blocking(move || svc.delete_draw(user.owner(), id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
