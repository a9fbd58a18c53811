//! Projects: `/api/projects/...`.

use std::borrow::Cow;

use actix_web::{delete, get, patch, post, web, HttpResponse};
use buildledger_domain::money::Money;
use buildledger_domain::project::{
    parse_date, parse_retainage_percent, ConversionOption, DateError, OwnerBuilder, PatchFields, Project,
    ProjectChange, ProjectInput, ProjectType, PropertyType, MSG_DATE_OUT_OF_RANGE,
};
use buildledger_domain::schedule::{WorkWeek, MSG_WORK_WEEK_EMPTY, WEEKDAY_CODES};
use buildledger_domain::FieldErrors;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};
use validator::Validate;

use crate::auth::{ProjectCaller, Subscribed};
use crate::error::{blocking, ApiError};
use crate::openapi::{
    AdditionOptionName, ConversionOptionCode, OwnerBuilderCode, ProjectTypeCode, PropertyTypeCode,
    RenovationOptionName, WeekdayCode,
};
use crate::path::IdPath;
use crate::request::{collect, Patch, ValidJson, WireValue};
use crate::state::AppState;
use buildledger_application::projects::ProjectView;
use buildledger_domain::ids::ProjectId;
use buildledger_domain::member::Role;

/// The caller's relation to a project (issue 35), as the API sends it.
#[derive(Serialize, ToSchema)]
#[schema(as = ProjectRole)]
#[allow(dead_code)] // The document's enum; the values are `Role::as_str`.
#[serde(rename_all = "lowercase")]
pub enum ProjectRoleSchema {
    Owner,
    Partner,
    Viewer,
}

/// A project as stored.
#[derive(Serialize, ToSchema)]
#[schema(as = Project)]
pub struct ProjectResponse {
    id: i64,
    name: String,
    zip_code: String,
    #[schema(value_type = ProjectTypeCode)]
    project_type: &'static str,
    #[schema(schema_with = crate::openapi::project_type_labels)]
    project_type_display: &'static str,
    #[schema(value_type = Option<PropertyTypeCode>, required = true)]
    property_type: Option<&'static str>,
    #[schema(required = true)]
    units: Option<i32>,
    renovation_options: Vec<String>,
    addition_options: Vec<String>,
    #[schema(value_type = Option<ConversionOptionCode>, required = true)]
    conversion_option: Option<&'static str>,
    square_footage: i64,
    #[schema(format = Date)]
    start_date: String,
    #[schema(format = Date)]
    end_date: String,
    /// Dollars, at most two decimals.
    #[schema(minimum = 0)]
    budget: f64,
    #[schema(value_type = OwnerBuilderCode)]
    owner_builder: &'static str,
    #[schema(schema_with = crate::openapi::owner_builder_labels)]
    owner_builder_display: &'static str,
    #[schema(format = DateTime)]
    created_at: String,
    /// The contingency reserve in percent of the budget, 0-50 (docs/money.md).
    #[schema(minimum = 0, maximum = 50)]
    contingency_percent: i32,
    /// The construction loan (dollars), or null.
    #[schema(minimum = 0, required = true)]
    loan_amount: Option<f64>,
    /// Whether predictions are calibrated by the project's own prices, for everyone who sees
    /// the project (docs/money.md).
    use_calibration: bool,
    /// The days of the week work happens on, Monday first (docs/schedule.md).
    #[schema(value_type = Vec<WeekdayCode>)]
    work_week: Vec<&'static str>,
    /// Dates no work happens on (holidays), in order.
    #[schema(value_type = Vec<String>)]
    non_working_days: Vec<String>,
    /// What a month of the build costs while it lasts (loan interest, rent, insurance; dollars),
    /// or null: prices the schedule's slip.
    #[schema(minimum = 0, required = true)]
    monthly_carrying_cost: Option<f64>,
    /// The property's street line ("" when not given): on the board, the share page and every
    /// draw document.
    address: String,
    /// The construction lender ("" when not given).
    lender_name: String,
    /// The construction loan's number at the lender ("" when not given).
    loan_number: String,
    /// What the lender holds back of each draw, in percent (0-20, at most two decimals).
    #[schema(minimum = 0, maximum = 20)]
    retainage_percent: f64,
    /// A payment to a roster contractor above this (dollars) needs a lien waiver (docs/money.md).
    #[schema(minimum = 0)]
    waiver_threshold: f64,
    /// The caller's role in the project (issue 35): `owner`, `partner` (changes everything but
    /// deleting the project and its members) or `viewer` (reads only).
    #[schema(value_type = ProjectRoleSchema)]
    role: &'static str,
    /// The owner's username; null where the owner is not named (a share page, the owner's own
    /// account export).
    #[schema(required = true)]
    owner: Option<String>,
}

/// The project's owner: `role` "owner" (the account export, callers that hold their own project).
impl From<Project> for ProjectResponse {
    fn from(p: Project) -> Self {
        ProjectResponse::with_role(p, Role::Owner)
    }
}

/// A project as one user sees it: their role and the owner's username.
impl From<ProjectView> for ProjectResponse {
    fn from(v: ProjectView) -> Self {
        ProjectResponse { owner: Some(v.owner), ..ProjectResponse::with_role(v.project, v.role) }
    }
}

impl ProjectResponse {
    /// The project as someone with `role` sees it, without the owner's name (a share page:
    /// `Role::Viewer`).
    pub fn with_role(p: Project, role: Role) -> Self {
        let d = p.details;
        ProjectResponse {
            role: role.as_str(),
            owner: None,
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
            contingency_percent: d.contingency_percent,
            loan_amount: d.loan_amount.map(Money::as_dollars_f64),
            use_calibration: d.use_calibration,
            work_week: d.work_week.codes(),
            non_working_days: d.non_working_days.iter().map(NaiveDate::to_string).collect(),
            monthly_carrying_cost: d.monthly_carrying_cost.map(Money::as_dollars_f64),
            address: d.address,
            lender_name: d.lender_name,
            loan_number: d.loan_number,
            retainage_percent: f64::from(d.retainage_basis_points) / 100.0,
            waiver_threshold: d.waiver_threshold.as_dollars_f64(),
        }
    }

    /// Names the owner (their username).
    pub fn with_owner(self, owner: impl Into<String>) -> Self {
        ProjectResponse { owner: Some(owner.into()), ..self }
    }
}

/// The fields of a project as sent. `PATCH` takes any subset (null clears a nullable one); the
/// result must satisfy every create rule, else 400 and nothing changes. Rules between fields
/// (spec section 5) are the domain's: every problem is reported at once in `fields`.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[schema(as = ProjectPatch)]
pub struct ProjectRequest {
    /// Required, 1-200 characters.
    #[schema(value_type = String, min_length = 1, max_length = 200, pattern = "[^\\s\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]")]
    #[validate(length(max = 200, message = "Ensure this field has no more than 200 characters."))]
    #[serde(default)]
    name: Patch<String>,
    /// US zip code: 5 digits, optionally -4 digits.
    #[schema(value_type = String, pattern = "^[0-9]{5}(-[0-9]{4})?$")]
    #[serde(default)]
    zip_code: Patch<String>,
    #[schema(value_type = ProjectTypeCode)]
    #[serde(default)]
    project_type: Patch<String>,
    /// Required for new_home_build; ignored (but checked) otherwise.
    #[schema(value_type = Option<String>, schema_with = crate::openapi::nullable_property_type)]
    #[serde(default)]
    property_type: Patch<String>,
    /// Required for multifamily ('Please specify the number of units for a multifamily
    /// building.'); dropped otherwise.
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 10000)]
    #[validate(range(min = 1, max = 10000, message = "Ensure this value is between 1 and 10000."))]
    #[serde(default)]
    units: Patch<i64>,
    #[schema(value_type = Option<Vec<RenovationOptionName>>)]
    #[serde(default)]
    renovation_options: Patch<Vec<String>>,
    #[schema(value_type = Option<Vec<AdditionOptionName>>)]
    #[serde(default)]
    addition_options: Patch<Vec<String>>,
    /// Required for conversion.
    #[schema(value_type = Option<String>, schema_with = crate::openapi::nullable_conversion_option)]
    #[serde(default)]
    conversion_option: Patch<String>,
    #[schema(value_type = i64, minimum = 1, maximum = 1000000)]
    #[validate(range(min = 1, max = 1000000, message = "Ensure this value is between 1 and 1000000."))]
    #[serde(default)]
    square_footage: Patch<i64>,
    /// Required ('Please provide a project start date.'). `YYYY-MM-DD` (`M/D/YYYY` is accepted too).
    #[schema(value_type = String, format = Date)]
    #[serde(default)]
    start_date: Patch<String>,
    /// Required, not before start_date. `YYYY-MM-DD` (`M/D/YYYY` is accepted too).
    #[schema(value_type = String, format = Date)]
    #[serde(default)]
    end_date: Patch<String>,
    /// Dollars with at most two decimals (stored as integer cents). A numeric string is accepted too.
    #[schema(value_type = f64, minimum = 0, maximum = 1000000000, multiple_of = 0.01)]
    #[serde(default)]
    budget: Patch<Money>,
    #[schema(value_type = OwnerBuilderCode)]
    #[serde(default)]
    owner_builder: Patch<String>,
    /// The contingency reserve in percent of the budget: 0-50, 10 when left out on create.
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 50)]
    #[validate(range(min = 0, max = 50, message = "Ensure this value is between 0 and 50."))]
    #[serde(default)]
    contingency_percent: Patch<i64>,
    /// The construction loan in dollars; null for none.
    #[schema(value_type = Option<f64>, minimum = 0, maximum = 1000000000, multiple_of = 0.01)]
    #[serde(default)]
    loan_amount: Patch<Money>,
    /// Whether predictions are calibrated by the project's own prices (docs/money.md); true when
    /// left out on create.
    #[schema(value_type = Option<bool>)]
    #[serde(default)]
    use_calibration: Patch<bool>,
    /// Day codes (`mon`..`sun`), at least one; Monday to Friday when left out on create.
    #[schema(value_type = Option<Vec<WeekdayCode>>, min_items = 1, max_items = 7)]
    #[serde(default)]
    work_week: Patch<Vec<String>>,
    /// Dates (`YYYY-MM-DD`) no work happens on, at most 500; null or [] for none.
    #[schema(value_type = Option<Vec<String>>, max_items = 500)]
    #[serde(default)]
    non_working_days: Patch<Vec<String>>,
    /// Dollars a month while the build lasts; null for none.
    #[schema(value_type = Option<f64>, minimum = 0, maximum = 1000000000, multiple_of = 0.01)]
    #[serde(default)]
    monthly_carrying_cost: Patch<Money>,
    /// The property's street line, at most 200 characters; "" or null for none.
    #[schema(value_type = Option<String>, max_length = 200)]
    #[serde(default)]
    address: Patch<String>,
    /// The construction lender, at most 120 characters; "" or null for none.
    #[schema(value_type = Option<String>, max_length = 120)]
    #[serde(default)]
    lender_name: Patch<String>,
    /// The loan's number at the lender, at most 60 characters; "" or null for none.
    #[schema(value_type = Option<String>, max_length = 60)]
    #[serde(default)]
    loan_number: Patch<String>,
    /// Retainage the lender holds back of each draw, in percent: 0-20, at most two decimals;
    /// 0 when left out on create. A numeric string is accepted too.
    #[schema(value_type = Option<f64>, minimum = 0, maximum = 20, multiple_of = 0.01)]
    #[serde(default)]
    retainage_percent: Patch<RetainagePercent>,
    /// Dollars: a payment to a roster contractor above this needs a lien waiver; 500.00 when left
    /// out on create.
    #[schema(value_type = Option<f64>, minimum = 0, maximum = 1000000000, multiple_of = 0.01)]
    #[serde(default)]
    waiver_threshold: Patch<Money>,
}

/// A retainage percent as sent, in hundredths of a percent (a JSON number or a numeric string).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetainagePercent(i64);

impl WireValue for RetainagePercent {
    fn from_json(value: serde_json::Value) -> Result<Option<Self>, &'static str> {
        let text = match value {
            serde_json::Value::String(s) if s.trim().is_empty() => return Ok(None),
            // serde_json prints the shortest form that reads back to the same f64 (7.25 -> "7.25").
            serde_json::Value::Number(n) => n.to_string(),
            serde_json::Value::String(s) => s,
            _ => return Err(buildledger_domain::messages::NOT_A_NUMBER),
        };
        parse_retainage_percent(&text).map(|bp| Some(RetainagePercent(bp)))
    }
}

impl ProjectRequest {
    /// The body as read: each field by its domain parser (texts trimmed, codes as enums, dates
    /// as dates: `YYYY-MM-DD` or `M/D/YYYY`), which fields were sent (a PATCH overlays only
    /// those), and every problem found, starting from the shape rules' findings. A project's
    /// rules are about the whole record, so these problems are reported by the use case with
    /// the rules' (see [`ProjectChange`]).
    pub fn try_into_domain(self, mut errors: FieldErrors) -> ProjectChange {
        let present = PatchFields {
            name: self.name.is_present(),
            zip_code: self.zip_code.is_present(),
            project_type: self.project_type.is_present(),
            property_type: self.property_type.is_present(),
            units: self.units.is_present(),
            renovation_options: self.renovation_options.is_present(),
            addition_options: self.addition_options.is_present(),
            conversion_option: self.conversion_option.is_present(),
            square_footage: self.square_footage.is_present(),
            start_date: self.start_date.is_present(),
            end_date: self.end_date.is_present(),
            budget: self.budget.is_present(),
            owner_builder: self.owner_builder.is_present(),
            contingency_percent: self.contingency_percent.is_present(),
            loan_amount: self.loan_amount.is_present(),
            use_calibration: self.use_calibration.is_present(),
            work_week: self.work_week.is_present(),
            non_working_days: self.non_working_days.is_present(),
            monthly_carrying_cost: self.monthly_carrying_cost.is_present(),
            address: self.address.is_present(),
            lender_name: self.lender_name.is_present(),
            loan_number: self.loan_number.is_present(),
            retainage_percent: self.retainage_percent.is_present(),
            waiver_threshold: self.waiver_threshold.is_present(),
        };
        let errors = &mut errors;
        // A field's value read by `parse`; absent, null, or what its parser reads as not given: `None`.
        fn read<T, U>(
            p: Patch<T>,
            errors: &mut FieldErrors,
            field: &str,
            parse: impl FnOnce(T) -> Result<Option<U>, buildledger_domain::DomainError>,
        ) -> Option<U> {
            let raw = p.optional(errors, field)?;
            collect(errors, parse(raw)).flatten()
        }
        let input = ProjectInput {
            name: read(self.name, errors, "name", |raw| ProjectInput::name(&raw)),
            zip_code: read(self.zip_code, errors, "zip_code", |raw| ProjectInput::zip_code(&raw)),
            project_type: read(self.project_type, errors, "project_type", |raw| {
                ProjectInput::choice("project_type", &raw, ProjectType::parse)
            }),
            property_type: read(self.property_type, errors, "property_type", |raw| {
                ProjectInput::choice("property_type", &raw, PropertyType::parse)
            }),
            units: self.units.optional(errors, "units"),
            renovation_options: read(self.renovation_options, errors, "renovation_options", |raw| {
                ProjectInput::renovation_options(raw).map(Some)
            }),
            addition_options: read(self.addition_options, errors, "addition_options", |raw| {
                ProjectInput::addition_options(raw).map(Some)
            }),
            conversion_option: read(self.conversion_option, errors, "conversion_option", |raw| {
                ProjectInput::choice("conversion_option", &raw, ConversionOption::parse)
            }),
            square_footage: self.square_footage.optional(errors, "square_footage"),
            start_date: read(self.start_date, errors, "start_date", |raw| ProjectInput::date("start_date", &raw)),
            end_date: read(self.end_date, errors, "end_date", |raw| ProjectInput::date("end_date", &raw)),
            budget: self.budget.optional(errors, "budget"),
            owner_builder: read(self.owner_builder, errors, "owner_builder", |raw| {
                ProjectInput::choice("owner_builder", &raw, OwnerBuilder::parse)
            }),
            contingency_percent: self.contingency_percent.not_null(errors, "contingency_percent"),
            loan_amount: self.loan_amount.optional(errors, "loan_amount"),
            use_calibration: self.use_calibration.not_null(errors, "use_calibration"),
            work_week: self.work_week.not_null(errors, "work_week").and_then(|codes| parse_work_week(errors, &codes)),
            non_working_days: self
                .non_working_days
                .optional(errors, "non_working_days")
                .and_then(|days| parse_non_working_days(errors, &days)),
            monthly_carrying_cost: self.monthly_carrying_cost.optional(errors, "monthly_carrying_cost"),
            // Null clears a text (as "").
            address: self.address.optional(errors, "address"),
            lender_name: self.lender_name.optional(errors, "lender_name"),
            loan_number: self.loan_number.optional(errors, "loan_number"),
            retainage_basis_points: self.retainage_percent.not_null(errors, "retainage_percent").map(|p| p.0),
            waiver_threshold: self.waiver_threshold.not_null(errors, "waiver_threshold"),
        };
        ProjectChange { input, present, problems: std::mem::take(errors) }
    }
}

/// A work week from its codes, or its problem in `errors`.
fn parse_work_week(errors: &mut FieldErrors, codes: &[String]) -> Option<WorkWeek> {
    if let Some(unknown) = codes.iter().find(|c| !WEEKDAY_CODES.contains(&c.as_str())) {
        errors.add("work_week", buildledger_domain::messages::not_a_choice(unknown));
        return None;
    }
    let week = WorkWeek::parse(codes);
    if week.is_none() {
        errors.add("work_week", MSG_WORK_WEEK_EMPTY);
    }
    week
}

/// Non-working days from their dates, or the first problem in `errors`.
fn parse_non_working_days(errors: &mut FieldErrors, days: &[String]) -> Option<Vec<NaiveDate>> {
    let parsed: Result<Vec<NaiveDate>, &'static str> = days
        .iter()
        .map(|d| match parse_date(d.trim()) {
            Ok(date) => Ok(date),
            Err(DateError::Format) => Err(buildledger_domain::messages::DATE_FORMAT),
            Err(DateError::OutOfRange) => Err(MSG_DATE_OUT_OF_RANGE),
        })
        .collect();
    match parsed {
        Ok(days) => Some(days),
        Err(message) => {
            errors.add("non_working_days", message);
            None
        }
    }
}

/// `POST /api/projects/`: the same fields, the required ones required.
#[derive(Debug, Default, Deserialize)]
#[serde(transparent)]
pub struct CreateProjectRequest(ProjectRequest);

impl Validate for CreateProjectRequest {
    fn validate(&self) -> Result<(), validator::ValidationErrors> {
        self.0.validate()
    }
}

impl PartialSchema for CreateProjectRequest {
    fn schema() -> RefOr<Schema> {
        let mut schema = ProjectRequest::schema();
        if let RefOr::T(Schema::Object(object)) = &mut schema {
            object.required = [
                "name",
                "zip_code",
                "project_type",
                "owner_builder",
                "square_footage",
                "start_date",
                "end_date",
                "budget",
            ]
            .map(str::to_owned)
            .to_vec();
            object.description = Some("Rules of spec section 5: property_type is required for new_home_build, units for multifamily, conversion_option for conversion; end_date may not be before start_date. Every problem is reported at once in `fields`.".to_owned());
        }
        schema
    }
}

impl ToSchema for CreateProjectRequest {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("ProjectCreate")
    }
}

#[utoipa::path(
    tag = "projects", operation_id = "listProjects", summary = "The caller's projects, then the projects they joined",
    description = "The caller's own projects, oldest first (`role` owner), then the projects they joined as a member \
        (issue 35), in the order they joined (`role` partner or viewer, `owner` naming the owner).",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The caller's projects and the projects shared with them.", body = [ProjectResponse]),
        crate::openapi::SubscribedErrors,
    )
)]
#[get("/projects/")]
pub async fn list(ProjectCaller(user): ProjectCaller, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let svc = state.projects.clone();
    let projects = blocking(move || svc.list_visible(user.owner())).await?;
    Ok(HttpResponse::Ok().json(projects.into_iter().map(ProjectResponse::from).collect::<Vec<_>>()))
}

#[utoipa::path(
    tag = "projects", operation_id = "createProject", summary = "Create a project",
    request_body = CreateProjectRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "The created project.", body = ProjectResponse,
            links(("GetProject" = (operation_id = "getProject", parameters(("id" = "$response.body#/id")))),
                  ("UpdateProject" = (operation_id = "updateProject", parameters(("id" = "$response.body#/id")))),
                  ("DeleteProject" = (operation_id = "deleteProject", parameters(("id" = "$response.body#/id")))),
                  ("GetBoard" = (operation_id = "getBoard", parameters(("id" = "$response.body#/id")))),
                  ("GetProjectSummary" = (operation_id = "getProjectSummary", parameters(("id" = "$response.body#/id")))))),
        crate::openapi::JsonBodyErrors,
        crate::openapi::SubscribedErrors,
    )
)]
#[post("/projects/")]
pub async fn create(
    Subscribed(user): Subscribed,
    state: web::Data<AppState>,
    body: ValidJson<CreateProjectRequest>,
) -> Result<HttpResponse, ApiError> {
    let change = body.body.0.try_into_domain(body.shape_errors);
    let svc = state.projects.clone();
    let p = blocking(move || svc.create(user.owner(), change)).await?;
    Ok(HttpResponse::Created().json(ProjectResponse::from(p)))
}

#[utoipa::path(
    tag = "projects", operation_id = "getProject", summary = "One project",
    params(IdPath<ProjectId>),
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The project.", body = ProjectResponse),
        crate::openapi::OwnedErrors,
    )
)]
#[get("/projects/{id}/")]
pub async fn get(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let svc = state.projects.clone();
    let p = blocking(move || svc.get(user.owner(), id)).await?;
    Ok(HttpResponse::Ok().json(ProjectResponse::from(p)))
}

#[utoipa::path(
    tag = "projects", operation_id = "updateProject", summary = "Change any subset of a project's fields",
    description = "The owner or a partner; a viewer gets 403.",
    params(IdPath<ProjectId>),
    request_body = ProjectRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The updated project.", body = ProjectResponse),
        (status = 403, response = crate::openapi::Forbidden),
        crate::openapi::JsonBodyErrors,
        crate::openapi::OwnedErrors,
    )
)]
#[patch("/projects/{id}/")]
pub async fn update(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId>,
    body: ValidJson<ProjectRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let change = body.body.try_into_domain(body.shape_errors);
    let svc = state.projects.clone();
    let p = blocking(move || svc.update(user.owner(), id, change)).await?;
    Ok(HttpResponse::Ok().json(ProjectResponse::from(p)))
}

#[utoipa::path(
    tag = "projects", operation_id = "deleteProject", summary = "Delete a project with its tasks and documents",
    description = "The owner's alone: a partner or viewer gets 403.",
    params(IdPath<ProjectId>),
    security(("bearerAuth" = [])),
    responses(
        (status = 204, description = "Deleted."),
        (status = 403, response = crate::openapi::Forbidden),
        crate::openapi::OwnedErrors,
    )
)]
#[delete("/projects/{id}/")]
pub async fn delete(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id()?;
    let svc = state.projects.clone();
    blocking(move || svc.delete(user.owner(), id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
