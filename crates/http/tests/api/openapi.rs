//! `crates/http/openapi.json`: valid JSON, OpenAPI 3.0.3, describing every route the server
//! registers (cross-checked against the `.route("...")` calls in the sources), and served at
//! `GET /api/openapi.json`.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::helpers::TestApp;

/// Every call of the API, as (method, OpenAPI path). Keep in step with `configure_api`.
const ROUTES: &[(&str, &str)] = &[
    ("get", "/healthz"),
    ("post", "/api/register/"),
    ("post", "/api/token/"),
    ("post", "/api/token/refresh/"),
    ("get", "/api/me/"),
    ("get", "/api/config/"),
    ("get", "/api/openapi.json"),
    ("get", "/api/projects/"),
    ("post", "/api/projects/"),
    ("get", "/api/projects/{id}/"),
    ("patch", "/api/projects/{id}/"),
    ("delete", "/api/projects/{id}/"),
    ("get", "/api/projects/{id}/tasks/"),
    ("post", "/api/tasks/"),
    ("patch", "/api/tasks/{id}/"),
    ("delete", "/api/tasks/{id}/"),
    ("get", "/api/documents/"),
    ("post", "/api/documents/"),
    ("get", "/api/documents/{id}/"),
    ("delete", "/api/documents/{id}/"),
    ("get", "/api/documents/{id}/download/"),
    ("get", "/api/estimate/"),
    ("get", "/api/task-suggestions/"),
    // Payments (docs/api.md).
    ("get", "/payments/subscription-status/"),
    ("get", "/payments/check-subscription/"),
    ("post", "/payments/create-checkout-session/"),
    ("post", "/payments/cancel-subscription/"),
    ("post", "/payments/resume-subscription/"),
    ("post", "/payments/update-payment-method/"),
    ("get", "/payments/billing-history/"),
    ("get", "/payments/admin/subscriptions"),
    ("get", "/payments/admin/subscriptions/"),
    ("post", "/payments/admin/subscriptions/cancel"),
    ("post", "/payments/admin/subscriptions/cancel/"),
    ("post", "/payments/webhook/"),
    ("post", "/payments/webhook"),
    ("get", "/local-checkout/{session_id}"),
    ("post", "/payments/local-checkout/{session_id}/complete/"),
];

const METHODS: [&str; 8] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

fn spec() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.json");
    let text = std::fs::read_to_string(path).unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("openapi.json is not valid JSON: {e}"))
}

fn source(file: &str) -> String {
    std::fs::read_to_string(format!("{}/src/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap_or_default()
}

/// `{id:\d+}` -> `{id}`.
fn openapi_path(actix: &str) -> String {
    let mut out = String::new();
    let mut in_param = false;
    let mut skipping = false;
    for c in actix.chars() {
        match c {
            '{' => {
                in_param = true;
                out.push(c);
            }
            ':' if in_param => skipping = true,
            '}' if in_param => {
                in_param = false;
                skipping = false;
                out.push(c);
            }
            _ if skipping => {}
            _ => out.push(c),
        }
    }
    out
}

/// (offset, path, method) of each `.route("path", web::method()...)` and
/// `web::resource("path").route(web::method()...)` in a source text.
fn routes_in(text: &str) -> Vec<(usize, String, String)> {
    let mut out = Vec::new();
    for marker in [".route(\"", "web::resource(\""] {
        let mut from = 0;
        while let Some(i) = text[from..].find(marker) {
            let start = from + i + marker.len();
            let end = start + text[start..].find('"').unwrap();
            let path = &text[start..end];
            let rest = &text[end..];
            let method = METHODS
                .iter()
                .filter_map(|m| rest.find(&format!("web::{m}()")).map(|pos| (pos, *m)))
                .min()
                .map(|(_, m)| m.to_owned())
                .unwrap_or_else(|| panic!("no method for route {path}"));
            out.push((start, openapi_path(path), method));
            from = end;
        }
    }
    out
}

/// Routes registered in the sources, with their scope prefixes.
fn registered_routes() -> BTreeSet<(String, String)> {
    let mut all = BTreeSet::new();
    let lib = source("lib.rs");
    let api_scope = lib.find("web::scope(\"/api\")").expect("the /api scope in lib.rs");
    for (at, path, method) in routes_in(&lib) {
        let full = if at > api_scope { format!("/api{path}") } else { path };
        all.insert((method, full));
    }
    // Mounted inside the /api scope.
    for (_, path, method) in routes_in(&source("estimate.rs")) {
        all.insert((method, format!("/api{path}")));
    }
    // Payments: its own scope (if any) or full paths.
    let payments = source("payments.rs");
    let scope = payments.find("web::scope(\"").map(|i| {
        let s = i + "web::scope(\"".len();
        (i, payments[s..s + payments[s..].find('"').unwrap()].to_owned())
    });
    for (at, path, method) in routes_in(&payments) {
        let full = match &scope {
            Some((i, prefix)) if at > *i && !path.starts_with(prefix.as_str()) => {
                format!("{prefix}{path}")
            }
            _ => path,
        };
        all.insert((method, full));
    }
    all
}

fn operations(spec: &Value) -> BTreeMap<(String, String), Value> {
    let mut ops = BTreeMap::new();
    for (path, item) in spec["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().unwrap() {
            if METHODS.contains(&method.as_str()) {
                ops.insert((method.clone(), path.clone()), op.clone());
            }
        }
    }
    ops
}

#[test]
fn the_document_is_openapi_3_0_3_json() {
    let spec = spec();
    assert_eq!(spec["openapi"], "3.0.3");
    assert!(spec["info"]["title"].is_string() && spec["info"]["version"].is_string());
    assert_eq!(spec["components"]["securitySchemes"]["bearerAuth"]["type"], "http");
    assert_eq!(spec["components"]["securitySchemes"]["bearerAuth"]["scheme"], "bearer");
    let error = &spec["components"]["schemas"]["Error"];
    for field in ["error", "message", "fields"] {
        assert!(error["properties"][field].is_object(), "Error.{field}");
    }
}

#[test]
fn every_listed_route_is_described() {
    let ops = operations(&spec());
    for (method, path) in ROUTES {
        let op = ops
            .get(&(method.to_string(), path.to_string()))
            .unwrap_or_else(|| panic!("{method} {path} missing from openapi.json"));
        assert!(op["operationId"].is_string(), "{method} {path}: operationId");
        let responses = op["responses"].as_object().unwrap_or_else(|| panic!("{method} {path}: responses"));
        assert!(
            responses.keys().any(|k| k.starts_with('2') || k.starts_with('3')),
            "{method} {path}: no success response"
        );
    }
}

#[test]
fn every_route_in_the_sources_is_listed_and_described() {
    let listed: BTreeSet<(String, String)> = ROUTES.iter().map(|(m, p)| (m.to_string(), p.to_string())).collect();
    let ops = operations(&spec());
    let registered = registered_routes();
    assert!(registered.len() >= 23, "{registered:?}");
    for route in &registered {
        assert!(listed.contains(route), "{route:?} is registered but not in ROUTES");
        assert!(ops.contains_key(route), "{route:?} is registered but not in openapi.json");
    }
}

#[test]
fn described_operations_are_real_routes() {
    let listed: BTreeSet<(String, String)> = ROUTES.iter().map(|(m, p)| (m.to_string(), p.to_string())).collect();
    for key in operations(&spec()).keys() {
        assert!(listed.contains(key), "{key:?} is described but not a known route");
    }
}

/// Every `$ref` points at something that exists.
#[test]
fn every_reference_resolves() {
    let spec = spec();
    fn walk(v: &Value, spec: &Value, at: &str) {
        match v {
            Value::Object(map) => {
                if let Some(Value::String(r)) = map.get("$ref") {
                    let pointer = r.strip_prefix('#').unwrap_or_else(|| panic!("external $ref {r} at {at}"));
                    assert!(spec.pointer(pointer).is_some(), "unresolved $ref {r} at {at}");
                }
                for (k, child) in map {
                    walk(child, spec, &format!("{at}/{k}"));
                }
            }
            Value::Array(items) => {
                items.iter().enumerate().for_each(|(i, child)| walk(child, spec, &format!("{at}/{i}")))
            }
            _ => {}
        }
    }
    walk(&spec, &spec, "");
}

/// Path templates declare their parameters, and operation ids are unique.
#[test]
fn path_parameters_are_declared_and_ids_unique() {
    let spec = spec();
    let mut ids = BTreeSet::new();
    for ((method, path), op) in operations(&spec) {
        assert!(
            ids.insert(op["operationId"].as_str().unwrap_or_default().to_owned()),
            "duplicate operationId at {method} {path}"
        );
        let mut declared: Vec<Value> = op["parameters"].as_array().cloned().unwrap_or_default();
        declared.extend(spec["paths"][&path]["parameters"].as_array().cloned().unwrap_or_default());
        let declared: Vec<Value> = declared
            .into_iter()
            .map(|p| if let Some(r) = p["$ref"].as_str() { spec.pointer(&r[1..]).unwrap().clone() } else { p })
            .collect();
        for segment in path.split('/').filter(|s| s.starts_with('{')) {
            let name = segment.trim_start_matches('{').trim_end_matches('}');
            assert!(
                declared.iter().any(|p| p["name"] == name && p["in"] == "path" && p["required"] == true),
                "{method} {path}: path parameter {name}"
            );
        }
    }
}

#[actix_web::test]
async fn the_server_serves_the_document() {
    let app = TestApp::new().await;
    let res = app.get("/api/openapi.json").await;
    assert_eq!(res.status, 200);
    assert!(res.header("Content-Type").is_some_and(|c| c.starts_with("application/json")));
    assert_eq!(res.json(), spec());
}

/// Status codes the handlers can answer are documented: 401 wherever a login is needed, 402 on
/// project, task and document calls, 400/413/415 wherever a JSON body is read, 404 wherever an
/// id is in the path; error responses use the `Error` schema.
#[test]
fn error_statuses_are_documented() {
    let spec = spec();
    let global_security = spec["security"].clone();
    for ((method, path), op) in operations(&spec) {
        let responses = op["responses"].as_object().unwrap();
        let has = |code: &str| responses.contains_key(code);
        let security = op.get("security").cloned().unwrap_or_else(|| global_security.clone());
        let needs_login = security.as_array().is_some_and(|s| !s.is_empty());
        if needs_login {
            assert!(has("401"), "{method} {path}: 401");
        }
        let gated = ["/api/projects/", "/api/tasks/", "/api/documents/"].iter().any(|p| path.starts_with(p))
            && !path.ends_with("/download/");
        if gated {
            assert!(has("402"), "{method} {path}: 402");
        }
        let json_body = op["requestBody"]["content"]["application/json"].is_object()
            && op["requestBody"]["required"] == true
            && !path.starts_with("/payments/webhook");
        if json_body {
            for code in ["400", "413", "415"] {
                assert!(has(code), "{method} {path}: {code}");
            }
        }
        if path.contains("{id}") {
            assert!(has("404"), "{method} {path}: 404");
        }
        for (code, response) in responses {
            if code.starts_with('4') && response["content"]["application/json"].is_object() {
                assert_eq!(
                    response["content"]["application/json"]["schema"]["$ref"], "#/components/schemas/Error",
                    "{method} {path} {code}"
                );
            }
        }
    }
    let upload = &spec["paths"]["/api/documents/"]["post"];
    assert!(upload["requestBody"]["content"]["multipart/form-data"].is_object());
    for code in ["201", "400", "401", "402", "404", "413", "415"] {
        assert!(upload["responses"][code].is_object(), "upload {code}");
    }
    assert!(spec["paths"]["/api/projects/{id}/tasks/"]["get"]["responses"]["304"].is_object());
    assert!(spec["paths"]["/api/token/"]["post"]["responses"]["429"].is_object());
    assert!(spec["paths"]["/api/register/"]["post"]["responses"]["409"].is_object());
}

/// The enums of the schemas are the domain's.
#[test]
fn enums_match_the_domain() {
    use buildledger_domain::project::{
        ConversionOption, OwnerBuilder, ProjectType, PropertyType, ADDITION_OPTIONS, RENOVATION_OPTIONS,
    };
    use buildledger_domain::task::{MaterialQuality, TaskStatus};
    let spec = spec();
    let schemas = &spec["components"]["schemas"];
    let strings = |v: &Value| -> Vec<String> {
        v["enum"].as_array().unwrap().iter().filter_map(|s| s.as_str().map(str::to_owned)).collect()
    };
    assert_eq!(
        strings(&schemas["ProjectType"]),
        ProjectType::ALL.iter().map(|p| p.code().to_owned()).collect::<Vec<_>>()
    );
    assert_eq!(
        strings(&schemas["PropertyType"]),
        PropertyType::ALL.iter().map(|p| p.code().to_owned()).collect::<Vec<_>>()
    );
    assert_eq!(
        strings(&schemas["ConversionOption"]),
        ConversionOption::ALL.iter().map(|p| p.code().to_owned()).collect::<Vec<_>>()
    );
    assert_eq!(
        strings(&schemas["OwnerBuilder"]),
        OwnerBuilder::ALL.iter().map(|p| p.code().to_owned()).collect::<Vec<_>>()
    );
    assert_eq!(
        strings(&schemas["TaskStatus"]),
        TaskStatus::ALL.iter().map(|s| s.label().to_owned()).collect::<Vec<_>>()
    );
    assert_eq!(
        strings(&schemas["MaterialQuality"]),
        MaterialQuality::ALL.iter().map(|q| q.code().to_owned()).collect::<Vec<_>>()
    );
    assert_eq!(strings(&schemas["RenovationOption"]), RENOVATION_OPTIONS.to_vec());
    assert_eq!(strings(&schemas["AdditionOption"]), ADDITION_OPTIONS.to_vec());
    assert_eq!(
        strings(&schemas["Project"]["properties"]["project_type_display"]),
        ProjectType::ALL.iter().map(|p| p.label().to_owned()).collect::<Vec<_>>()
    );
}

/// A project and a task as the server answers them carry exactly the documented properties.
#[actix_web::test]
async fn responses_match_their_schemas_properties() {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    let spec = spec();
    let project = app.create_project(&user, serde_json::json!({})).await;
    let task = app.create_task(&user, project["id"].as_i64().unwrap(), serde_json::json!({"title": "Framing"})).await;
    let doc = app.upload(&user, task["id"].as_i64().unwrap(), "quote.pdf", crate::helpers::PDF).await.ok_json(201);
    for (name, value) in [("Project", &project), ("Task", &task), ("Document", &doc)] {
        let schema = &spec["components"]["schemas"][name];
        let documented: BTreeSet<&str> = schema["properties"].as_object().unwrap().keys().map(String::as_str).collect();
        let sent: BTreeSet<&str> = value.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(documented, sent, "{name}");
        let required: BTreeSet<&str> =
            schema["required"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        assert_eq!(required, sent, "{name}: every sent property is required");
    }
    let err = app.authed_get("/api/projects/999/", &user).await.json();
    let keys: BTreeSet<&str> = err.as_object().unwrap().keys().map(String::as_str).collect();
    assert!(keys.is_subset(&["error", "message", "fields"].into_iter().collect()), "{err}");
}
