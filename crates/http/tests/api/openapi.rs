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
    ("post", "/payments/admin/subscriptions/cancel"),
    ("post", "/payments/webhook/"),
    ("post", "/payments/local-checkout/{sessionId}/complete/"),
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

/// (offset, path, method) of each `.route("path", web::method()...)` in a source text.
fn routes_in(text: &str) -> Vec<(usize, String, String)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find(".route(\"") {
        let start = from + i + ".route(\"".len();
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
            Some((i, prefix)) if at > *i && !path.starts_with(prefix.as_str()) && !path.starts_with("/local-checkout") => format!("{prefix}{path}"),
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
        let op = ops.get(&(method.to_string(), path.to_string())).unwrap_or_else(|| panic!("{method} {path} missing from openapi.json"));
        assert!(op["operationId"].is_string(), "{method} {path}: operationId");
        let responses = op["responses"].as_object().unwrap_or_else(|| panic!("{method} {path}: responses"));
        assert!(responses.keys().any(|k| k.starts_with('2') || k.starts_with('3')), "{method} {path}: no success response");
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
        // GET /local-checkout/{sessionId} is an HTML page, also described.
        assert!(listed.contains(key) || key.1.starts_with("/local-checkout/"), "{key:?} is described but not a known route");
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
            Value::Array(items) => items.iter().enumerate().for_each(|(i, child)| walk(child, spec, &format!("{at}/{i}"))),
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
        assert!(ids.insert(op["operationId"].as_str().unwrap_or_default().to_owned()), "duplicate operationId at {method} {path}");
        let mut declared: Vec<Value> = op["parameters"].as_array().cloned().unwrap_or_default();
        declared.extend(spec["paths"][&path]["parameters"].as_array().cloned().unwrap_or_default());
        let declared: Vec<Value> = declared.into_iter().map(|p| if let Some(r) = p["$ref"].as_str() { spec.pointer(&r[1..]).unwrap().clone() } else { p }).collect();
        for segment in path.split('/').filter(|s| s.starts_with('{')) {
            let name = segment.trim_start_matches('{').trim_end_matches('}');
            assert!(declared.iter().any(|p| p["name"] == name && p["in"] == "path" && p["required"] == true), "{method} {path}: path parameter {name}");
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
