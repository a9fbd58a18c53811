//! The OpenAPI document, generated from the code: each handler carries its `#[utoipa::path]`,
//! each request and response type its `ToSchema`, and `utoipa-actix-web` collects the paths from
//! the very `service(...)` calls that build the router, so router and document cannot disagree.
//! Served at `GET /api/openapi.json`, browsable at `/api/docs` (Swagger UI, vendored).

use std::borrow::Cow;
use std::sync::OnceLock;

use buildledger_domain::project::{
    ConversionOption, OwnerBuilder, ProjectType, PropertyType, ADDITION_OPTIONS, RENOVATION_OPTIONS,
};
use buildledger_domain::task::{MaterialQuality, TaskStatus};
use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{Modify, OpenApi, PartialSchema, ToSchema};

use crate::error::ErrorBody;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "BuildLedger API",
        // Named with a URL: Cargo's SPDX `identifier` is OpenAPI 3.1 only.
        license(name = "MIT", url = "https://opensource.org/licenses/MIT"),
        description = "Home-construction budgeting and task tracking. JSON in, JSON out; paths keep their trailing slash. Money is dollars as a number with at most two decimals; dates are YYYY-MM-DD; ids are integers. Every error is `{error, message, fields?}`. Project, task and document calls need a login and an active subscription (402 otherwise); another user's data answers 404. Unknown `/api/...` and `/payments/...` paths answer a JSON 404. Every response carries an `X-Request-Id`."
    ),
    servers((url = "/")),
    tags(
        (name = "system", description = "Health, public configuration and this document."),
        (name = "accounts", description = "Registration, login tokens and the current user."),
        (name = "account", description = "The signed-in user's own account: password, sessions, export, deletion."),
        (name = "projects", description = "Construction projects."),
        (name = "members", description = "A project's members (partners edit, viewers read) and their invitations."),
        (name = "tasks", description = "A project's tasks (the board), its summary and calibration."),
        (name = "documents", description = "Files attached to tasks."),
        (name = "bids", description = "Contractors and their bids on tasks."),
        (name = "ledger", description = "Payments against tasks, change orders and lender draw requests."),
        (name = "shares", description = "Read-only links to a project."),
        (name = "activity", description = "A project's activity trail: who changed what, when, and the money before and after."),
        (name = "schedule", description = "Time of a build: links between tasks, delays, inspections, the schedule and its calendar feed."),
        (name = "estimate", description = "Cost estimates from the embedded catalogue."),
        (name = "subscription", description = "The subscription and its checkout (served under `/payments/`)."),
        (name = "admin", description = "Subscription administration (admins only).")
    ),
    components(
        schemas(ErrorBody, ProjectTypeCode, PropertyTypeCode, ConversionOptionCode, OwnerBuilderCode, TaskStatusLabel,
            MaterialQualityCode, RenovationOptionName, AdditionOptionName, WeekdayCode),
        responses(BadRequest, Unauthorized, PaymentRequired, Forbidden, NotFound, Conflict, TooLarge,
            UnsupportedMedia, TooManyRequests, Unavailable)
    ),
    modifiers(&BearerAuth)
)]
pub struct ApiDoc;

/// `Authorization: Bearer <access token>`.
struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearerAuth",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .description(Some("`Authorization: Bearer <access token>` from POST /api/token/."))
                    .build(),
            ),
        );
    }
}

/// The whole document, built once from the router (see [`crate::api_doc_from_router`]).
pub fn document() -> &'static utoipa::openapi::OpenApi {
    static DOC: OnceLock<utoipa::openapi::OpenApi> = OnceLock::new();
    DOC.get_or_init(crate::api_doc_from_router)
}

/// The document as JSON bytes, served as is.
pub fn document_json() -> &'static str {
    static JSON: OnceLock<String> = OnceLock::new();
    JSON.get_or_init(|| {
        let mut value = serde_json::to_value(document()).unwrap_or_default();
        camel_case_links(&mut value);
        as_openapi_3_0(&mut value);
        value.to_string()
    })
}

/// utoipa 5.5 writes a Link object's fields in snake case (`operation_id`); OpenAPI spells them
/// `operationId`, `operationRef`, `requestBody`, and tools (schemathesis) read only those.
fn camel_case_links(doc: &mut serde_json::Value) {
    let Some(paths) = doc.get_mut("paths").and_then(|p| p.as_object_mut()) else { return };
    let links = paths
        .values_mut()
        .filter_map(|item| item.as_object_mut())
        .flat_map(|item| item.values_mut())
        .filter_map(|op| op.get_mut("responses").and_then(|r| r.as_object_mut()))
        .flat_map(|responses| responses.values_mut())
        .filter_map(|response| response.get_mut("links").and_then(|l| l.as_object_mut()))
        .flat_map(|links| links.values_mut())
        .filter_map(|link| link.as_object_mut());
    for link in links {
        for (from, to) in
            [("operation_id", "operationId"), ("operation_ref", "operationRef"), ("request_body", "requestBody")]
        {
            if let Some(v) = link.remove(from) {
                link.insert(to.to_owned(), v);
            }
        }
    }
}

/// A nullable code: one of the domain's codes or null (inline, as validators read it best).
fn nullable_codes(values: impl IntoIterator<Item = &'static str>) -> utoipa::openapi::schema::Object {
    let mut values: Vec<serde_json::Value> = values.into_iter().map(serde_json::Value::from).collect();
    values.push(serde_json::Value::Null);
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .enum_values(Some(values))
        .build()
}

pub fn nullable_property_type() -> utoipa::openapi::schema::Object {
    nullable_codes(PropertyType::ALL.iter().map(|t| t.code()))
}

pub fn nullable_conversion_option() -> utoipa::openapi::schema::Object {
    nullable_codes(ConversionOption::ALL.iter().map(|t| t.code()))
}

pub fn nullable_task_status() -> utoipa::openapi::schema::Object {
    nullable_codes(TaskStatus::ALL.iter().map(|t| t.label()))
}

pub fn nullable_material_quality() -> utoipa::openapi::schema::Object {
    nullable_codes(MaterialQuality::ALL.iter().map(|t| t.code()))
}

/// utoipa 5 writes OpenAPI 3.1; the document is served as 3.0.3, as it always was. The two
/// differ in nullable schemas and in what may sit next to a `$ref`:
/// - `type: [T, "null"]` becomes `type: T, nullable: true`;
/// - `oneOf: [{type: null}, S]` becomes `allOf: [S], nullable: true` with the `type` of the
///   schema S refers to (3.0 reads `nullable` only next to a `type`), and what utoipa put next to
///   S's `$ref` (a field's doc comment) moves up beside the `allOf`;
/// - a `$ref` to a schema with siblings (3.0 ignores them) becomes `allOf: [{$ref}]` beside them;
/// - a map's `propertyNames` (its keys' schema, always strings in JSON) goes: 3.0 has no such
///   keyword.
///
/// (schemathesis 4's coverage phase misreads unknown body keys under 3.1 and reports valid
/// requests as invalid.)
fn as_openapi_3_0(doc: &mut serde_json::Value) {
    use serde_json::{Map, Value};
    const SCHEMAS: &str = "#/components/schemas/";
    fn walk(v: &mut Value, component_types: &Map<String, Value>) {
        match v {
            Value::Object(map) => {
                if let Some(Value::Array(types)) = map.get("type").cloned() {
                    let nullable = types.iter().any(|t| t == "null");
                    let rest: Vec<Value> = types.into_iter().filter(|t| t != "null").collect();
                    if rest.len() == 1 {
                        map.insert("type".into(), rest[0].clone());
                    } else {
                        map.remove("type");
                    }
                    if nullable {
                        map.insert("nullable".into(), Value::Bool(true));
                    }
                }
                if map.contains_key("additionalProperties") && map.get("propertyNames").is_some_and(Value::is_object) {
                    map.remove("propertyNames");
                }
                let null = serde_json::json!({"type": "null"});
                if let Some(Value::Array(one_of)) = map.get("oneOf").cloned() {
                    if one_of.contains(&null) {
                        map.remove("oneOf");
                        let mut rest: Vec<Value> = one_of.into_iter().filter(|o| *o != null).collect();
                        if let [Value::Object(only)] = rest.as_mut_slice() {
                            if let Some(Value::String(target)) = only.get("$ref").cloned() {
                                for (key, value) in std::mem::take(only) {
                                    if key != "$ref" {
                                        map.entry(key).or_insert(value);
                                    }
                                }
                                only.insert("$ref".into(), Value::String(target.clone()));
                                if let Some(t) = target.strip_prefix(SCHEMAS).and_then(|name| component_types.get(name))
                                {
                                    map.entry("type").or_insert_with(|| t.clone());
                                }
                            }
                        }
                        map.insert("allOf".into(), Value::Array(rest));
                        map.insert("nullable".into(), Value::Bool(true));
                    }
                }
                if map.len() > 1 && map.get("$ref").and_then(Value::as_str).is_some_and(|r| r.starts_with(SCHEMAS)) {
                    let reference = map.remove("$ref").unwrap_or_default();
                    map.insert("allOf".into(), serde_json::json!([{ "$ref": reference }]));
                }
                map.values_mut().for_each(|v| walk(v, component_types));
            }
            Value::Array(items) => items.iter_mut().for_each(|v| walk(v, component_types)),
            _ => {}
        }
    }
    // Each component schema's own type (a plain `"object"`/`"string"` or a 3.1 `[T, "null"]`).
    let component_types: Map<String, Value> = doc
        .pointer("/components/schemas")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .filter_map(|(name, schema)| {
            let t = match schema.get("type")? {
                Value::String(t) => t.clone(),
                Value::Array(ts) => match ts.iter().filter(|t| *t != "null").collect::<Vec<_>>().as_slice() {
                    [Value::String(t)] => t.clone(),
                    _ => return None,
                },
                _ => return None,
            };
            Some((name.clone(), Value::String(t)))
        })
        .collect();
    walk(doc, &component_types);
    doc["openapi"] = Value::from("3.0.3");
}

/// The human labels of an enum, for `*_display` fields.
pub fn labels_schema(labels: impl IntoIterator<Item = &'static str>) -> utoipa::openapi::schema::Object {
    ObjectBuilder::new().schema_type(SchemaType::from(Type::String)).enum_values(Some(labels)).build()
}

pub fn project_type_labels() -> utoipa::openapi::schema::Object {
    labels_schema(ProjectType::ALL.iter().map(|t| t.label()))
}

pub fn owner_builder_labels() -> utoipa::openapi::schema::Object {
    labels_schema(OwnerBuilder::ALL.iter().map(|t| t.label()))
}

/// A string enum from the domain's own list of codes (one source for the values).
fn code_enum<'a>(values: impl IntoIterator<Item = &'a str>) -> RefOr<Schema> {
    ObjectBuilder::new().schema_type(SchemaType::from(Type::String)).enum_values(Some(values)).into()
}

macro_rules! code_schema {
    ($(#[$doc:meta])* $name:ident = $title:literal, $values:expr) => {
        $(#[$doc])*
        pub struct $name;
        impl PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                code_enum($values)
            }
        }
        impl ToSchema for $name {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed($title)
            }
        }
    };
}

code_schema!(ProjectTypeCode = "ProjectType", ProjectType::ALL.iter().map(|t| t.code()));
code_schema!(PropertyTypeCode = "PropertyType", PropertyType::ALL.iter().map(|t| t.code()));
code_schema!(ConversionOptionCode = "ConversionOption", ConversionOption::ALL.iter().map(|t| t.code()));
code_schema!(OwnerBuilderCode = "OwnerBuilder", OwnerBuilder::ALL.iter().map(|t| t.code()));
code_schema!(TaskStatusLabel = "TaskStatus", TaskStatus::ALL.iter().map(|t| t.label()));
code_schema!(MaterialQualityCode = "MaterialQuality", MaterialQuality::ALL.iter().map(|t| t.code()));
code_schema!(RenovationOptionName = "RenovationOption", RENOVATION_OPTIONS);
code_schema!(AdditionOptionName = "AdditionOption", ADDITION_OPTIONS);
code_schema!(WeekdayCode = "Weekday", buildledger_domain::schedule::WEEKDAY_CODES);

macro_rules! error_response {
    ($name:ident, $description:literal) => {
        #[doc = $description]
        pub struct $name;
        impl<'r> utoipa::ToResponse<'r> for $name {
            fn response() -> (&'r str, RefOr<utoipa::openapi::Response>) {
                (
                    stringify!($name),
                    utoipa::openapi::ResponseBuilder::new()
                        .description($description)
                        .content(
                            "application/json",
                            utoipa::openapi::ContentBuilder::new().schema(Some(ErrorBody::schema_ref())).build(),
                        )
                        .into(),
                )
            }
        }
    };
}

error_response!(
    BadRequest,
    "Malformed or invalid input (`invalid_json`, `validation_error` with `fields`, `invalid_query`, `bad_request`)."
);
error_response!(Unauthorized, "No, malformed, expired or wrong-type token (`not_authenticated`, `token_invalid`).");
error_response!(PaymentRequired, "An active subscription is required (`subscription_required`).");
error_response!(Forbidden, "Not allowed (`forbidden`): a change by a project's viewer, the owner's own acts by a partner, an admin call by a non-admin.");
error_response!(NotFound, "Unknown id, or another user's project, task or document (`not_found`).");
error_response!(Conflict, "Already taken (`conflict`, with `fields`).");
error_response!(TooLarge, "Body or upload too large (`payload_too_large`).");
error_response!(
    UnsupportedMedia,
    "Not JSON where JSON is expected, or an upload type that is not allowed (`unsupported_media_type`)."
);
error_response!(TooManyRequests, "Too many attempts (`too_many_requests`); see `Retry-After`.");
error_response!(Unavailable, "The database (or the payment provider) is not reachable (`unavailable`).");

/// `#/components/schemas/Error` as a reference.
trait SchemaRef {
    fn schema_ref() -> RefOr<Schema>;
}

impl<T: ToSchema> SchemaRef for T {
    fn schema_ref() -> RefOr<Schema> {
        RefOr::Ref(utoipa::openapi::Ref::from_schema_name(T::name()))
    }
}

/// A group of the reusable error responses above, for `responses(...)` of a path.
macro_rules! error_group {
    ($(#[$doc:meta])* $name:ident: $($status:literal => $response:ident),+) => {
        $(#[$doc])*
        pub struct $name;
        impl utoipa::IntoResponses for $name {
            fn responses() -> std::collections::BTreeMap<String, RefOr<utoipa::openapi::Response>> {
                [$(($status.to_owned(), RefOr::Ref(utoipa::openapi::Ref::from_response_name(stringify!($response))))),+]
                    .into_iter()
                    .collect()
            }
        }
    };
}

error_group!(
    /// Where a JSON body is read: malformed or invalid, too large, not JSON.
    JsonBodyErrors: "400" => BadRequest, "413" => TooLarge, "415" => UnsupportedMedia
);
error_group!(
    /// Project, task and document calls with an id: login, subscription, ownership, database.
    OwnedErrors: "401" => Unauthorized, "402" => PaymentRequired, "404" => NotFound, "503" => Unavailable
);
error_group!(
    /// Changes to a project's data: as [`OwnedErrors`], and 403 for a member whose role may not
    /// make it (a viewer; docs/security.md, "Roles").
    SharedWriteErrors: "401" => Unauthorized, "402" => PaymentRequired, "403" => Forbidden, "404" => NotFound,
        "503" => Unavailable
);
error_group!(
    /// Project, task and document calls without an id in the path.
    SubscribedErrors: "401" => Unauthorized, "402" => PaymentRequired, "503" => Unavailable
);
error_group!(
    /// Calls that need a login only.
    LoginErrors: "401" => Unauthorized, "503" => Unavailable
);
