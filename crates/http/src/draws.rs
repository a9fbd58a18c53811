//! Lender draws (issue 19, docs/money.md): a project's draw requests, what the next one would
//! cover, and their lifecycle (draft, submitted, funded). Behind the subscription gate; another
//! user's draw answers 404.

use actix_web::{delete, get, patch, post, web, HttpResponse};
use buildledger_application::ledger::{DrawChange, NextDraw};
use buildledger_domain::bid::optional_date;
use buildledger_domain::ledger::{Draw, DrawInput, DrawItem, SignedMoney};
use buildledger_domain::messages;
use buildledger_domain::{DomainError, FieldErrors, Money};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::auth::ProjectCaller;
use crate::error::{blocking, ApiError};
use crate::fields::dollars;
use crate::path::{IdPath, Plain};
use crate::request::{collect, Patch, ValidJson, WireValue, Write};
use crate::state::AppState;
use buildledger_domain::ids::{DrawId, ProjectId};

/// One task's line in a draw (fixed when the draw is made) with its continuation columns.
#[derive(Serialize, ToSchema)]
pub struct DrawItemResponse {
    /// The task, or null once it has been deleted.
    #[schema(required = true)]
    task: Option<i64>,
    title: String,
    /// What the line asks for: this period.
    amount: f64,
    /// The task's committed cost, else its best-known cost, when the line was made.
    scheduled_value: f64,
    /// What the project's other draws covered of the task when the line was made.
    previous: f64,
    /// The line's amount.
    this_period: f64,
    /// previous + this period.
    completed_to_date: f64,
    /// completed / scheduled value x 100, one decimal, at most 100.
    #[schema(minimum = 0, maximum = 100)]
    percent_complete: f64,
    /// scheduled value - completed, never below 0.
    balance_to_finish: f64,
    /// this period x the project's retainage percent, to the cent.
    retainage: f64,
    /// this period - retainage.
    net: f64,
    /// The lender inspector's percent complete, or null: the line is the work to date.
    #[schema(required = true, minimum = 0, maximum = 100)]
    inspected_percent: Option<f64>,
}

impl DrawItemResponse {
    fn of(i: DrawItem, retainage_basis_points: i32) -> Self {
        let c = i.continuation(retainage_basis_points);
        DrawItemResponse {
            task: i.task_id,
            title: i.title,
            amount: i.amount.as_dollars_f64(),
            scheduled_value: dollars(c.scheduled_cents),
            previous: dollars(c.previous_cents),
            this_period: dollars(c.this_period_cents),
            completed_to_date: dollars(c.completed_to_date_cents),
            percent_complete: tenths(c.percent_complete_tenths),
            balance_to_finish: dollars(c.balance_to_finish_cents),
            retainage: dollars(c.retainage_cents),
            net: dollars(c.net_cents),
            inspected_percent: i.inspected_percent_tenths.map(tenths),
        }
    }
}

/// Tenths of a percent as a percent (455 -> 45.5).
fn tenths(t: i32) -> f64 {
    f64::from(t) / 10.0
}

/// A payment of the draw's tasks, above the project's threshold, without a received waiver.
#[derive(Serialize, ToSchema)]
pub struct MissingWaiverResponse {
    payment: i64,
    task: i64,
    contractor: i64,
    contractor_name: String,
    amount: f64,
    #[schema(format = Date)]
    paid_on: String,
}

/// A contractor with an awarded bid from whom a final draw needs an unconditional final waiver.
#[derive(Serialize, ToSchema)]
pub struct MissingFinalWaiverResponse {
    contractor: i64,
    contractor_name: String,
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
    /// The final draw of the project: it also needs every awarded contractor's final waiver.
    #[serde(rename = "final")]
    is_final: bool,
    /// The day the lender's inspector came.
    #[schema(format = Date, required = true)]
    inspected_on: Option<String>,
    inspector: String,
    inspection_note: String,
    /// The project's retainage percent now (0-20).
    retainage_percent: f64,
    scheduled_total: f64,
    previous_total: f64,
    completed_to_date_total: f64,
    balance_to_finish_total: f64,
    retainage_total: f64,
    net_total: f64,
    /// The payments of its tasks, up to its requested date, that still need a lien waiver.
    waivers_missing: Vec<MissingWaiverResponse>,
    /// On a final draw, the awarded contractors without a received unconditional final waiver; [] otherwise.
    final_waivers_missing: Vec<MissingFinalWaiverResponse>,
}

impl From<Draw> for DrawResponse {
    fn from(d: Draw) -> Self {
        let (_, t) = d.continuation();
        let bp = d.retainage_basis_points;
        let paperwork = d.paperwork;
        DrawResponse {
            id: d.id,
            project: d.project_id,
            number: d.number,
            requested_on: d.requested_on.to_string(),
            tasks: d.items.iter().filter_map(|i| i.task_id).collect(),
            items: d.items.into_iter().map(|i| DrawItemResponse::of(i, bp)).collect(),
            total: d.total.as_dollars_f64(),
            status: d.status.code(),
            funded_amount: d.funded_amount.map(Money::as_dollars_f64),
            funded_on: d.funded_on.map(|x| x.to_string()),
            note: d.note,
            is_final: d.is_final,
            inspected_on: d.inspected_on.map(|x| x.to_string()),
            inspector: d.inspector,
            inspection_note: d.inspection_note,
            retainage_percent: f64::from(bp) / 100.0,
            scheduled_total: dollars(t.scheduled_cents),
            previous_total: dollars(t.previous_cents),
            completed_to_date_total: dollars(t.completed_to_date_cents),
            balance_to_finish_total: dollars(t.balance_to_finish_cents),
            retainage_total: dollars(t.retainage_cents),
            net_total: dollars(t.net_cents),
            waivers_missing: paperwork
                .waivers_missing
                .into_iter()
                .map(|w| MissingWaiverResponse {
                    payment: w.payment_id,
                    task: w.task_id,
                    contractor: w.contractor_id,
                    contractor_name: w.contractor_name,
                    amount: dollars(w.amount_cents),
                    paid_on: w.paid_on.to_string(),
                })
                .collect(),
            final_waivers_missing: paperwork
                .final_waivers_missing
                .into_iter()
                .map(|c| MissingFinalWaiverResponse { contractor: c.contractor_id, contractor_name: c.contractor_name })
                .collect(),
        }
    }
}

/// What a new draw would cover.
#[derive(Serialize, ToSchema)]
#[schema(as = NextDraw)]
pub struct NextDrawResponse {
    /// Tasks with work (paid, or the actual cost of a task in Paid) not yet covered by a draw,
    /// in board order, with their continuation columns as a draw made now would fix them.
    items: Vec<DrawItemResponse>,
    total: f64,
}

impl From<NextDraw> for NextDrawResponse {
    fn from(n: NextDraw) -> Self {
        let bp = n.retainage_basis_points;
        NextDrawResponse {
            items: n.items.into_iter().map(|i| DrawItemResponse::of(i, bp)).collect(),
            total: dollars(n.total_cents),
        }
    }
}

// The document's shape of one of `items`; the body is read by `PercentItems`.
/// The lender inspector's percent complete for one line of a draft.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub struct DrawItemWrite {
    /// A task among the draw's.
    #[schema(minimum = 1)]
    task: i64,
    /// 0-100, one decimal; null clears it (the line is the task's work not yet drawn).
    #[schema(required = true, minimum = 0, maximum = 100, multiple_of = 0.1)]
    percent_complete: Option<f64>,
}

/// `items` as sent: each line's task and percent (checked in [`DrawRequest::try_into_domain`]).
#[derive(Debug, Default)]
pub struct PercentItems(Vec<(i64, Option<f64>)>);

impl WireValue for PercentItems {
    fn from_json(value: serde_json::Value) -> Result<Option<Self>, &'static str> {
        use serde_json::Value;
        const MESSAGE: &str = "Expected a list of {task, percent_complete}.";
        let Value::Array(items) = value else { return Err(MESSAGE) };
        let item = |v: Value| -> Result<(i64, Option<f64>), &'static str> {
            let Value::Object(o) = v else { return Err(MESSAGE) };
            if o.keys().any(|k| k != "task" && k != "percent_complete") {
                return Err(MESSAGE);
            }
            let task = o.get("task").and_then(Value::as_i64).filter(|t| *t > 0).ok_or(MESSAGE)?;
            let percent = match o.get("percent_complete") {
                None => return Err(MESSAGE),
                Some(Value::Null) => None,
                Some(Value::Number(n)) => Some(n.as_f64().ok_or(MESSAGE)?),
                Some(Value::String(s)) => Some(s.trim().parse::<f64>().map_err(|_| messages::NOT_A_NUMBER)?),
                Some(_) => return Err(messages::NOT_A_NUMBER),
            };
            Ok((task, percent))
        };
        items.into_iter().map(item).collect::<Result<Vec<_>, _>>().map(|v| Some(PercentItems(v)))
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
    /// Only with `funded` (default: the draw's net: its total less the retainage the lender holds back).
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
    /// The project's final draw (also needs every awarded contractor's final lien waiver).
    #[schema(value_type = Option<bool>)]
    #[serde(default, rename = "final")]
    is_final: Patch<bool>,
    /// `YYYY-MM-DD`: the day the lender's inspector came; null or "" clears it.
    #[schema(value_type = Option<String>, schema_with = crate::fields::optional_date_schema)]
    #[serde(default)]
    inspected_on: Patch<String>,
    #[schema(value_type = Option<String>, max_length = 120)]
    #[serde(default)]
    inspector: Patch<String>,
    #[schema(value_type = Option<String>, max_length = 5000)]
    #[serde(default)]
    inspection_note: Patch<String>,
    /// A draft only: the lender inspector's percent complete per line; sets that line's amount
    /// to scheduled value x percent - previous (never below 0).
    #[schema(value_type = Option<Vec<DrawItemWrite>>)]
    #[serde(default)]
    items: Patch<PercentItems>,
    /// Submit a draft even with lien waivers missing (never stored).
    #[schema(value_type = Option<bool>)]
    #[serde(default)]
    allow_missing_waivers: Patch<bool>,
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
        let inspected_on = date(self.inspected_on, "inspected_on");
        let status =
            self.status.not_null(&mut errors, "status").and_then(|raw| collect(&mut errors, DrawInput::status(&raw)));
        let funded_amount = self.funded_amount.nullable(&mut errors, "funded_amount");
        let note =
            self.note.text_or_empty(&mut errors, "note").and_then(|raw| collect(&mut errors, DrawInput::note(&raw)));
        let inspector = self
            .inspector
            .text_or_empty(&mut errors, "inspector")
            .and_then(|raw| collect(&mut errors, DrawInput::inspector(&raw)));
        let inspection_note = self
            .inspection_note
            .text_or_empty(&mut errors, "inspection_note")
            .and_then(|raw| collect(&mut errors, DrawInput::inspection_note(&raw)));
        let is_final = self.is_final.not_null(&mut errors, "final");
        let allow_missing_waivers = self.allow_missing_waivers.not_null(&mut errors, "allow_missing_waivers");
        let items = self.items.not_null(&mut errors, "items").and_then(|PercentItems(lines)| {
            let parsed = lines.into_iter().map(|(task, percent)| {
                let tenths = percent.map(|p| DrawInput::percent_tenths("items", p)).transpose()?;
                Ok((task, tenths))
            });
            collect(&mut errors, parsed.collect::<Result<Vec<_>, DomainError>>())
        });
        errors.into_result()?;
        Ok(DrawChange {
            project,
            tasks,
            items,
            allow_missing_waivers: allow_missing_waivers.unwrap_or(false),
            input: DrawInput {
                requested_on,
                status,
                funded_amount,
                funded_on,
                note,
                is_final,
                inspected_on,
                inspector,
                inspection_note,
            },
        })
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
    ProjectCaller(user): ProjectCaller,
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
    ProjectCaller(user): ProjectCaller,
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
    description = "Numbered per project. A task of another project is refused (400) and nothing is written. A draw made submitted with lien waivers missing answers 409 unless `allow_missing_waivers` is true.",
    request_body = DrawRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "The draw.", body = DrawResponse,
            links(("UpdateDraw" = (operation_id = "updateDraw", parameters(("id" = "$response.body#/id")))),
                  ("DeleteDraw" = (operation_id = "deleteDraw", parameters(("id" = "$response.body#/id")))))),
        (status = 409, response = crate::openapi::Conflict),
        crate::openapi::JsonBodyErrors,
        (status = 403, response = crate::openapi::Forbidden),
        crate::openapi::OwnedErrors,
    )
)]
#[post("/draws/")]
pub async fn create_draw(
    ProjectCaller(user): ProjectCaller,
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
    tag = "ledger", operation_id = "updateDraw", summary = "Change a draw: submit, mark funded, change its tasks or percents while a draft",
    description = "A draft set to submitted with lien waivers missing (and, on a final draw, awarded contractors' final waivers) answers 409 listing them in `fields`, unless `allow_missing_waivers` is true. Tasks or items on a draw that is not a draft: 409.",
    params(IdPath<DrawId, Plain>),
    request_body = DrawRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The draw.", body = DrawResponse),
        (status = 409, response = crate::openapi::Conflict),
        crate::openapi::JsonBodyErrors,
        (status = 403, response = crate::openapi::Forbidden),
        crate::openapi::OwnedErrors,
    )
)]
#[patch("/draws/{id}/")]
pub async fn update_draw(
    ProjectCaller(user): ProjectCaller,
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
        (status = 403, response = crate::openapi::Forbidden),
        crate::openapi::OwnedErrors,
    )
)]
#[delete("/draws/{id}/")]
pub async fn delete_draw(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<DrawId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let svc = state.ledger.clone();
    blocking(move || svc.delete_draw(user.owner(), id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
