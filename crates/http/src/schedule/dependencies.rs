//! Links between tasks (issue 33): a project's links, and each link's create, change, delete. A
//! loop or a second link of a pair is 409 (checked under the project's lock), tasks of two
//! projects 400, another user's task or link 404.

use actix_web::{delete, get, patch, post, web, HttpResponse};
use buildledger_application::schedule::dependencies::DependencyChange;
use buildledger_domain::ids::{DependencyId, ProjectId};
use buildledger_domain::schedule::{Dependency, LinkType, LAG_DAYS_MAX};
use buildledger_domain::{messages, DomainError, FieldErrors};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::auth::ProjectCaller;
use crate::error::{blocking, ApiError};
use crate::path::{IdPath, Plain};
use crate::request::{Patch, ValidJson};
use crate::state::AppState;

/// A link between two tasks of one project: the successor waits for the predecessor.
#[derive(Serialize, ToSchema)]
#[schema(as = Dependency)]
pub struct DependencyResponse {
    id: i64,
    project: i64,
    predecessor: i64,
    successor: i64,
    /// `FS` finish to start, `SS` start to start, `FF` finish to finish.
    #[serde(rename = "type")]
    #[schema(pattern = "^(FS|SS|FF)$")]
    link_type: &'static str,
    /// Working days; negative: a lead.
    #[schema(minimum = -365, maximum = 365)]
    lag_days: i32,
}

impl From<Dependency> for DependencyResponse {
    fn from(d: Dependency) -> Self {
        DependencyResponse {
            id: d.id,
            project: d.project_id,
            predecessor: d.predecessor,
            successor: d.successor,
            link_type: d.link.code(),
            lag_days: d.lag_days,
        }
    }
}

/// The link's type and lag, as read: a type from the list, a lag of -365 to 365 working days.
fn link_fields(link_type: Patch<String>, lag_days: Patch<i64>, errors: &mut FieldErrors) -> DependencyChange {
    let link = link_type.not_null(errors, "type").and_then(|raw| {
        let parsed = LinkType::parse(raw.trim());
        if parsed.is_none() {
            errors.add("type", messages::not_a_choice(&raw));
        }
        parsed
    });
    let lag_days = lag_days.not_null(errors, "lag_days").and_then(|raw| {
        let max = i64::from(LAG_DAYS_MAX);
        if raw > max {
            errors.add("lag_days", messages::at_most(max));
            None
        } else if raw < -max {
            errors.add("lag_days", format!("Ensure this value is greater than or equal to {}.", -max));
            None
        } else {
            i32::try_from(raw).ok()
        }
    });
    DependencyChange { link, lag_days }
}

/// `POST /api/dependencies/`.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = DependencyCreate)]
pub struct CreateDependencyRequest {
    /// A task of the caller's.
    #[schema(value_type = i64, minimum = 1)]
    #[serde(default)]
    predecessor: Patch<i64>,
    /// A task of the same project.
    #[schema(value_type = i64, minimum = 1)]
    #[serde(default)]
    successor: Patch<i64>,
    /// Default `FS`.
    #[serde(default, rename = "type")]
    #[schema(value_type = Option<String>, pattern = "^(FS|SS|FF)$")]
    link_type: Patch<String>,
    /// Working days, default 0.
    #[schema(value_type = Option<i64>, minimum = -365, maximum = 365)]
    #[serde(default)]
    lag_days: Patch<i64>,
}

impl CreateDependencyRequest {
    /// The two tasks the body names as whole numbers (looked up before the body's problems).
    pub fn tasks(&self) -> (Option<i64>, Option<i64>) {
        (self.predecessor.as_value().copied(), self.successor.as_value().copied())
    }

    /// The link's type and lag, or every problem found (tasks required).
    pub fn try_into_domain(self, mut errors: FieldErrors) -> Result<DependencyChange, DomainError> {
        self.predecessor.required_not_null(&mut errors, "predecessor");
        self.successor.required_not_null(&mut errors, "successor");
        let change = link_fields(self.link_type, self.lag_days, &mut errors);
        errors.into_result()?;
        Ok(change)
    }
}

/// `PATCH /api/dependencies/{id}/`: its tasks stay.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = DependencyUpdate)]
pub struct UpdateDependencyRequest {
    #[serde(default, rename = "type")]
    #[schema(value_type = Option<String>, pattern = "^(FS|SS|FF)$")]
    link_type: Patch<String>,
    #[schema(value_type = Option<i64>, minimum = -365, maximum = 365)]
    #[serde(default)]
    lag_days: Patch<i64>,
}

impl UpdateDependencyRequest {
    pub fn try_into_domain(self, mut errors: FieldErrors) -> Result<DependencyChange, DomainError> {
        let change = link_fields(self.link_type, self.lag_days, &mut errors);
        errors.into_result()?;
        Ok(change)
    }
}

#[utoipa::path(
    tag = "schedule", operation_id = "listDependencies", summary = "The project's links between tasks, oldest first",
    params(IdPath<ProjectId>),
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The links.", body = [DependencyResponse]), crate::openapi::OwnedErrors)
)]
#[get("/projects/{id}/dependencies/")]
pub async fn list_dependencies(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId>,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let svc = state.dependencies.clone();
    let list = blocking(move || svc.list(user.owner(), project_id)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(DependencyResponse::from).collect::<Vec<_>>()))
}

#[utoipa::path(
    tag = "schedule", operation_id = "createDependency", summary = "Link two tasks of a project",
    description = "A link that would close a loop, or a second link of the same two tasks, is 409; tasks of two \
        projects are 400; another user's task is 404.",
    request_body = CreateDependencyRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "The link.", body = DependencyResponse,
            links(("UpdateDependency" = (operation_id = "updateDependency", parameters(("id" = "$response.body#/id")))),
                  ("DeleteDependency" = (operation_id = "deleteDependency", parameters(("id" = "$response.body#/id")))))),
        (status = 409, response = crate::openapi::Conflict),
        crate::openapi::JsonBodyErrors,
        crate::openapi::SharedWriteErrors,
    )
)]
#[post("/dependencies/")]
pub async fn create_dependency(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    body: ValidJson<CreateDependencyRequest>,
) -> Result<HttpResponse, ApiError> {
    let (predecessor, successor) = body.body.tasks();
    let change = body.body.try_into_domain(body.shape_errors);
    let svc = state.dependencies.clone();
    let d = blocking(move || svc.create(user.owner(), predecessor, successor, change)).await?;
    Ok(HttpResponse::Created().json(DependencyResponse::from(d)))
}

#[utoipa::path(
    tag = "schedule", operation_id = "updateDependency", summary = "Change a link's type or lag",
    params(IdPath<DependencyId, Plain>),
    request_body = UpdateDependencyRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The link.", body = DependencyResponse),
        crate::openapi::JsonBodyErrors,
        crate::openapi::SharedWriteErrors,
    )
)]
#[patch("/dependencies/{id}/")]
pub async fn update_dependency(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<DependencyId, Plain>,
    body: ValidJson<UpdateDependencyRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let change = body.body.try_into_domain(body.shape_errors);
    let svc = state.dependencies.clone();
    let d = blocking(move || svc.update(user.owner(), id, change)).await?;
    Ok(HttpResponse::Ok().json(DependencyResponse::from(d)))
}

#[utoipa::path(
    tag = "schedule", operation_id = "deleteDependency", summary = "Delete a link",
    params(IdPath<DependencyId, Plain>),
    security(("bearerAuth" = [])),
    responses((status = 204, description = "Deleted."), crate::openapi::SharedWriteErrors)
)]
#[delete("/dependencies/{id}/")]
pub async fn delete_dependency(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<DependencyId, Plain>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let svc = state.dependencies.clone();
    blocking(move || svc.delete(user.owner(), id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
