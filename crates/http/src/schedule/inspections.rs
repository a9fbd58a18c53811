//! Inspections of tasks (issue 33): a project's inspections by date, each one's create, change,
//! delete, and the kinds the form suggests. An inspection's document is one of its task's.

use actix_web::{delete, get, patch, post, web, HttpResponse};
use buildledger_application::schedule::inspections::InspectionChange;
use buildledger_domain::ids::{InspectionId, ProjectId};
use buildledger_domain::schedule::{
    inspection_result, record_date, Inspection, InspectionInput, INSPECTION_KIND_SUGGESTIONS,
};
use buildledger_domain::{messages, DomainError, FieldErrors};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::auth::ProjectCaller;
use crate::error::{blocking, ApiError};
use crate::path::{IdPath, Plain};
use crate::request::{collect, Patch, ValidJson, Write};
use crate::state::AppState;

/// An inspection of a task.
#[derive(Serialize, ToSchema)]
#[schema(as = Inspection)]
pub struct InspectionResponse {
    id: i64,
    project: i64,
    task: i64,
    /// What is inspected ("Framing", "Final electrical", ...).
    kind: String,
    #[schema(format = Date)]
    scheduled_on: String,
    inspector: String,
    #[schema(pattern = "^(pending|passed|failed|partial)$")]
    result: &'static str,
    notes: String,
    /// A document of the same task (the inspection card, a correction notice), or null.
    #[schema(required = true)]
    document: Option<i64>,
}

impl From<Inspection> for InspectionResponse {
    fn from(i: Inspection) -> Self {
        let d = i.details;
        InspectionResponse {
            id: i.id,
            project: i.project_id,
            task: i.task_id,
            kind: d.kind,
            scheduled_on: d.scheduled_on.to_string(),
            inspector: d.inspector,
            result: d.result.code(),
            notes: d.notes,
            document: d.document_id,
        }
    }
}

/// `POST /api/inspections/` (`task`, `kind`, `scheduled_on` required) and
/// `PATCH /api/inspections/{id}/` (any subset; `task`, if sent, must be the inspection's own).
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = InspectionWrite)]
pub struct InspectionRequest {
    /// A task of the caller's.
    #[schema(value_type = i64, minimum = 1)]
    #[serde(default)]
    task: Patch<i64>,
    /// Any text (see `GET /api/inspection-kinds/` for suggestions).
    #[schema(value_type = String, min_length = 1, max_length = 200)]
    #[serde(default)]
    kind: Patch<String>,
    /// `YYYY-MM-DD`.
    #[schema(value_type = String, format = Date)]
    #[serde(default)]
    scheduled_on: Patch<String>,
    #[schema(value_type = Option<String>, max_length = 200)]
    #[serde(default)]
    inspector: Patch<String>,
    /// `pending` when left out on a create.
    #[schema(value_type = Option<String>, pattern = "^(pending|passed|failed|partial)$")]
    #[serde(default)]
    result: Patch<String>,
    #[schema(value_type = Option<String>, max_length = 2000)]
    #[serde(default)]
    notes: Patch<String>,
    /// A document of the same task; null for none.
    #[schema(value_type = Option<i64>, minimum = 1)]
    #[serde(default)]
    document: Patch<i64>,
}

impl InspectionRequest {
    /// The task a create names, when it names one as a whole number: the use case looks it up
    /// before it answers the body's problems (another user's task is 404 whatever the body).
    pub fn task(&self) -> Option<i64> {
        self.task.as_value().copied()
    }

    /// The inspection's fields as domain input, or every problem found (starting from the
    /// shape rules' findings). A create needs a task (its argument to the use case), a kind and
    /// a date; an update's task, if sent, must be the inspection's own.
    pub fn try_into_domain(self, mut errors: FieldErrors, write: Write) -> Result<InspectionChange, DomainError> {
        let (task, kind, scheduled_on) = match write {
            Write::Create => {
                self.task.required_not_null(&mut errors, "task");
                (
                    None,
                    self.kind.required_not_null(&mut errors, "kind"),
                    self.scheduled_on.required_not_null(&mut errors, "scheduled_on"),
                )
            }
            Write::Update => (
                self.task.not_null(&mut errors, "task"),
                self.kind.not_null(&mut errors, "kind"),
                self.scheduled_on.not_null(&mut errors, "scheduled_on"),
            ),
        };
        let kind = kind.and_then(|raw| collect(&mut errors, InspectionInput::text("kind", &raw)));
        let scheduled_on =
            scheduled_on.and_then(|raw| match collect(&mut errors, record_date("scheduled_on", &raw))? {
                Some(d) => Some(d),
                None => {
                    errors.add("scheduled_on", messages::REQUIRED);
                    None
                }
            });
        let mut text = |p: Patch<String>, field: &str| {
            let raw = p.text_or_empty(&mut errors, field)?;
            collect(&mut errors, InspectionInput::text(field, &raw))
        };
        let inspector = text(self.inspector, "inspector");
        let notes = text(self.notes, "notes");
        let result =
            self.result.not_null(&mut errors, "result").and_then(|raw| collect(&mut errors, inspection_result(&raw)));
        let document = self.document.nullable(&mut errors, "document");
        errors.into_result()?;
        Ok(InspectionChange { task, input: InspectionInput { kind, scheduled_on, inspector, result, notes, document } })
    }
}

#[utoipa::path(
    tag = "schedule", operation_id = "listInspections", summary = "The project's inspections, by date scheduled",
    params(IdPath<ProjectId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The inspections.", body = [InspectionResponse]), crate::openapi::OwnedErrors)
)]
#[get("/projects/{id}/inspections/")]
pub async fn list_inspections(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let svc = state.inspections.clone();
    let list = blocking(move || svc.inspections(user.owner(), project_id)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(InspectionResponse::from).collect::<Vec<_>>()))
}

#[utoipa::path(
    tag = "schedule", operation_id = "createInspection", summary = "Schedule an inspection of a task",
    description = "Another user's task answers 404 whatever the rest of the body says; a document of another task is refused (400).",
    request_body = InspectionRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "The inspection.", body = InspectionResponse,
            links(("UpdateInspection" = (operation_id = "updateInspection", parameters(("id" = "$response.body#/id")))),
                  ("DeleteInspection" = (operation_id = "deleteInspection", parameters(("id" = "$response.body#/id")))))),
        crate::openapi::JsonBodyErrors,
        crate::openapi::SharedWriteErrors,
    )
)]
#[post("/inspections/")]
pub async fn create_inspection(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    body: ValidJson<InspectionRequest>,
) -> Result<HttpResponse, ApiError> {
    let task = body.body.task();
    let change = body.body.try_into_domain(body.shape_errors, Write::Create);
    let svc = state.inspections.clone();
    let i = blocking(move || svc.create_inspection(user.owner(), task, change)).await?;
    Ok(HttpResponse::Created().json(InspectionResponse::from(i)))
}

#[utoipa::path(
    tag = "schedule", operation_id = "updateInspection", summary = "Change an inspection: its result, notes, document",
    params(IdPath<InspectionId, Plain>),
    request_body = InspectionRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The inspection.", body = InspectionResponse),
        crate::openapi::JsonBodyErrors,
        crate::openapi::SharedWriteErrors,
    )
)]
#[patch("/inspections/{id}/")]
pub async fn update_inspection(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<InspectionId, Plain>,
    body: ValidJson<InspectionRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let change = body.body.try_into_domain(body.shape_errors, Write::Update);
    let svc = state.inspections.clone();
    let i = blocking(move || svc.update_inspection(user.owner(), id, change)).await?;
    Ok(HttpResponse::Ok().json(InspectionResponse::from(i)))
}

#[utoipa::path(
    tag = "schedule", operation_id = "deleteInspection", summary = "Delete an inspection",
    params(IdPath<InspectionId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 204, description = "Deleted."), crate::openapi::SharedWriteErrors)
)]
#[delete("/inspections/{id}/")]
pub async fn delete_inspection(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<InspectionId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let svc = state.inspections.clone();
    blocking(move || svc.delete_inspection(user.owner(), id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[utoipa::path(
    tag = "schedule", operation_id = "inspectionKinds", summary = "Common inspection kinds, for the form's suggestions",
    description = "Any kind of 1 to 200 characters is accepted; these are suggestions.",
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The kinds, in the order a build meets them.", body = [String]), crate::openapi::SubscribedErrors)
)]
#[get("/inspection-kinds/")]
pub async fn inspection_kinds(ProjectCaller(_user): ProjectCaller) -> HttpResponse {
    HttpResponse::Ok().json(INSPECTION_KIND_SUGGESTIONS)
}
