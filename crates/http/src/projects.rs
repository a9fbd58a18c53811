//! Projects: `/api/projects/...`.

use actix_web::{web, HttpResponse};
use buildledger_domain::project::{PatchFields, Project, ProjectInput};
use serde::Serialize;

use crate::auth::Subscribed;
use crate::error::{blocking, ApiError};
use crate::json::{Fields, JsonObject};
use crate::state::AppState;

#[derive(Serialize)]
pub struct ProjectResponse {
    id: i64,
    name: String,
    zip_code: String,
    project_type: &'static str,
    project_type_display: &'static str,
    property_type: Option<&'static str>,
    units: Option<i32>,
    renovation_options: Vec<String>,
    addition_options: Vec<String>,
    conversion_option: Option<&'static str>,
    square_footage: i64,
    start_date: String,
    end_date: String,
    budget: f64,
    owner_builder: &'static str,
    owner_builder_display: &'static str,
    created_at: String,
}

impl From<Project> for ProjectResponse {
    fn from(p: Project) -> Self {
        let d = p.details;
        ProjectResponse {
            id: p.id,
            name: d.name,
            zip_code: d.zip_code,
            project_type: d.project_type.code(),
            project_type_display: d.project_type.label(),
            property_type: d.property_type.map(|x| x.code()),
            units: d.units,
            renovation_options: d.renovation_options,
            addition_options: d.addition_options,
            conversion_option: d.conversion_option.map(|x| x.code()),
            square_footage: d.square_footage,
            start_date: d.start_date.to_string(),
            end_date: d.end_date.to_string(),
            budget: d.budget.as_dollars_f64(),
            owner_builder: d.owner_builder.code(),
            owner_builder_display: d.owner_builder.label(),
            created_at: p.created_at.and_utc().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        }
    }
}

/// Reads the project fields of a body (create or patch) with per-field type errors.
fn project_input(body: &JsonObject) -> Result<(ProjectInput, PatchFields), ApiError> {
    let mut f = Fields::new(&body.0);
    let present = PatchFields {
        name: f.present("name"),
        zip_code: f.present("zip_code"),
        project_type: f.present("project_type"),
        property_type: f.present("property_type"),
        units: f.present("units"),
        renovation_options: f.present("renovation_options"),
        addition_options: f.present("addition_options"),
        conversion_option: f.present("conversion_option"),
        square_footage: f.present("square_footage"),
        start_date: f.present("start_date"),
        end_date: f.present("end_date"),
        budget: f.present("budget"),
        owner_builder: f.present("owner_builder"),
    };
    let input = ProjectInput {
        name: f.string("name"),
        zip_code: f.string("zip_code"),
        project_type: f.string("project_type"),
        property_type: f.string("property_type"),
        units: f.int("units"),
        renovation_options: f.string_list("renovation_options"),
        addition_options: f.string_list("addition_options"),
        conversion_option: f.string("conversion_option"),
        square_footage: f.int("square_footage"),
        start_date: f.string("start_date"),
        end_date: f.string("end_date"),
        budget: f.money("budget"),
        owner_builder: f.string("owner_builder"),
    };
    f.finish()?;
    Ok((input, present))
}

/// Path ids: anything but a positive integer is simply not found.
pub fn parse_id(raw: &str, what: &str) -> Result<i64, ApiError> {
    raw.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::not_found(what))
}

pub async fn list(Subscribed(user): Subscribed, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let svc = state.projects.clone();
    let projects = blocking(move || svc.list(user.id)).await?;
    Ok(HttpResponse::Ok().json(projects.into_iter().map(ProjectResponse::from).collect::<Vec<_>>()))
}

pub async fn create(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    body: JsonObject,
) -> Result<HttpResponse, ApiError> {
    let (input, _) = project_input(&body)?;
    let svc = state.projects.clone();
    let p = blocking(move || svc.create(user.id, input)).await?;
    Ok(HttpResponse::Created().json(ProjectResponse::from(p)))
}

pub async fn get(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path, "Project")?;
    let svc = state.projects.clone();
    let p = blocking(move || svc.get(user.id, id)).await?;
    Ok(HttpResponse::Ok().json(ProjectResponse::from(p)))
}

pub async fn update(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: JsonObject,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path, "Project")?;
    let (input, present) = project_input(&body)?;
    let svc = state.projects.clone();
    let p = blocking(move || svc.update(user.id, id, input, present)).await?;
    Ok(HttpResponse::Ok().json(ProjectResponse::from(p)))
}

pub async fn delete(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path, "Project")?;
    let svc = state.projects.clone();
    blocking(move || svc.delete(user.id, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
