//! `/api/openapi.json`, generated from the handlers (`buildledger_http::openapi`): valid
//! OpenAPI 3.0.3, every documented operation answered by a real handler (the router and the
//! document come from the same `service(...)` calls), complete error statuses, enums from the
//! domain, and responses shaped as documented.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::helpers::TestApp;

const METHODS: [&str; 8] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

fn spec() -> Value {
    serde_json::from_str(buildledger_http::openapi::document_json()).expect("the document is JSON")
}

/// (method, path) -> operation.
fn operations(spec: &Value) -> BTreeMap<(String, String), Value> {
    let mut out = BTreeMap::new();
    for (path, item) in spec["paths"].as_object().unwrap() {
        for m in METHODS {
            if let Some(op) = item.get(m) {
                out.insert((m.to_owned(), path.clone()), op.clone());
            }
        }
    }
    out
}

/// A response, with a `$ref` to `#/components/responses/...` followed.
fn resolved(spec: &Value, response: &Value) -> Value {
    match response["$ref"].as_str() {
        Some(r) => spec.pointer(&r[1..]).unwrap_or_else(|| panic!("unresolved {r}")).clone(),
        None => response.clone(),
    }
}

#[test]
fn the_document_is_openapi_3_0_3_json() {
    let spec = spec();
    assert_eq!(spec["openapi"], "3.0.3");
    assert!(!buildledger_http::openapi::document_json().contains(r#""type":["#), "3.1 type arrays are converted");
    assert_eq!(spec["info"]["title"], "BuildLedger API");
    assert!(spec["components"]["securitySchemes"]["bearerAuth"].is_object());
    for ((method, path), op) in operations(&spec) {
        assert!(op["operationId"].is_string(), "{method} {path}: operationId");
        assert!(op["summary"].is_string(), "{method} {path}: summary");
        assert!(op["responses"].as_object().is_some_and(|r| !r.is_empty()), "{method} {path}: responses");
    }
}

/// Every documented operation reaches a handler: the request is answered by the operation
/// itself, never by the fallback that answers unknown paths (`No API endpoint ...`) or other
/// methods (405).
#[actix_web::test]
async fn every_documented_operation_is_a_real_route() {
    let app = TestApp::new().await;
    let spec = spec();
    let operations = operations(&spec);
    assert!(operations.len() >= 38, "{} operations", operations.len());
    for (method, path) in operations.keys() {
        let uri = path.replace("{id}", "1").replace("{session_id}", "cs_none");
        let method_ = actix_web::http::Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
        let res = app.send(actix_web::test::TestRequest::default().method(method_).uri(&uri)).await;
        assert_ne!(res.status, 405, "{method} {path}: {}", res.text());
        if res.status == 404 {
            assert!(!res.text().contains("No API endpoint"), "{method} {path} is documented but not routed");
        }
    }
}

/// HEAD is answered as GET (status and headers) wherever GET is, pages and files included; the
/// body is left out on the wire by HTTP/1's encoder (head.rs).
#[actix_web::test]
async fn head_answers_as_get_does() {
    use actix_web::http::Method;
    let app = TestApp::new().await;
    let spec = spec();
    let mut paths: Vec<String> = operations(&spec)
        .keys()
        .filter(|(method, _)| method == "get")
        .map(|(_, path)| path.replace("{id}", "1").replace("{session_id}", "cs_none"))
        .collect();
    paths.extend(["/healthz", "/", "/login", "/api/nothing-here/"].map(str::to_owned));
    for path in paths {
        let get = app.send(actix_web::test::TestRequest::default().method(Method::GET).uri(&path)).await;
        let head = app.send(actix_web::test::TestRequest::default().method(Method::HEAD).uri(&path)).await;
        assert_eq!(head.status, get.status, "HEAD {path}: {}", head.text());
        assert_eq!(head.header("content-type"), get.header("content-type"), "HEAD {path}");
    }
    // A path without GET still says what it allows, HEAD with GET where there is one.
    let res = app.send(actix_web::test::TestRequest::default().method(Method::PUT).uri("/api/config/")).await;
    assert_eq!((res.status, res.header("allow").as_deref()), (405, Some("GET, HEAD")));
}

/// Links let a client (and schemathesis's stateful phase) follow a created resource's id.
#[test]
fn created_resources_link_to_their_operations() {
    let spec = spec();
    let ids: BTreeSet<String> =
        operations(&spec).values().map(|op| op["operationId"].as_str().unwrap().to_owned()).collect();
    for (method, path) in [("post", "/api/projects/"), ("post", "/api/tasks/"), ("post", "/api/documents/")] {
        let links = spec["paths"][path][method]["responses"]["201"]["links"].as_object().unwrap();
        assert!(!links.is_empty(), "{method} {path}");
        for (name, link) in links {
            let target = link["operationId"].as_str().unwrap_or_else(|| panic!("{name}: operationId"));
            assert!(ids.contains(target), "{name} -> {target}");
        }
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
            // `{id}`, or a parameter with a suffix in the same segment (`{token}.ics`).
            let name = segment.trim_start_matches('{').split('}').next().unwrap_or_default();
            assert!(
                declared.iter().any(|p| p["name"] == name && p["in"] == "path" && p["required"] == true),
                "{method} {path}: path parameter {name}"
            );
        }
    }
}

#[actix_web::test]
async fn the_server_serves_the_document_and_a_browsable_reference() {
    let app = TestApp::new().await;
    let res = app.get("/api/openapi.json").await;
    assert_eq!(res.status, 200);
    assert!(res.header("Content-Type").is_some_and(|c| c.starts_with("application/json")));
    assert_eq!(res.json(), spec());
    let page = app.get("/api/docs/").await;
    assert_eq!(page.status, 200);
    assert!(page.text().contains("swagger"), "{}", page.text());
    let script = app.get("/api/docs/swagger-initializer.js").await;
    assert_eq!(script.status, 200);
    assert!(script.text().contains("/api/openapi.json"), "{}", script.text());
    assert_eq!(app.get("/api/docs").await.status, 301);
}

/// Status codes the handlers can answer are documented: 401 wherever a login is needed, 402 on
/// project, task and document calls, 400/413/415 wherever a JSON body is read, 404 wherever an
/// id is in the path; error responses use the `Error` schema.
#[test]
fn error_statuses_are_documented() {
    let spec = spec();
    let global_security = Value::Array(vec![]);
    for ((method, path), op) in operations(&spec) {
        let responses: BTreeMap<String, Value> =
            op["responses"].as_object().unwrap().iter().map(|(k, v)| (k.clone(), resolved(&spec, v))).collect();
        let has = |code: &str| responses.contains_key(code);
        let security = op.get("security").cloned().unwrap_or_else(|| global_security.clone());
        // `[{}]` (an empty requirement) means no login is needed.
        let needs_login = security
            .as_array()
            .is_some_and(|s| !s.is_empty() && s.iter().all(|r| r.as_object().is_some_and(|o| !o.is_empty())));
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
        for (code, response) in &responses {
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
/// JSON bodies that keep reading leniently: the spec's own (SPEC.md section 7; logout takes the
/// refresh body) and the payment provider's signed events.
const LENIENT_BODIES: [(&str, &str); 13] = [
    ("post", "/api/token/"),
    ("post", "/api/token/refresh/"),
    ("post", "/api/logout/"),
    ("post", "/api/projects/"),
    ("patch", "/api/projects/{id}/"),
    ("post", "/api/tasks/"),
    ("patch", "/api/tasks/{id}/"),
    ("post", "/payments/create-checkout-session/"),
    ("post", "/payments/update-payment-method/"),
    ("post", "/payments/admin/subscriptions/cancel"),
    ("post", "/payments/admin/subscriptions/cancel/"),
    ("post", "/payments/webhook"),
    ("post", "/payments/webhook/"),
];

/// Every other JSON body takes exactly its documented fields, and says so (security issue 28:
/// a share with an extra `fields` object was answered 201).
#[test]
fn bodies_beyond_the_spec_refuse_unknown_fields() {
    let spec = spec();
    let mut strict = BTreeSet::new();
    for ((method, path), op) in operations(&spec) {
        let Some(schema) = op.pointer("/requestBody/content/application~1json/schema") else { continue };
        if LENIENT_BODIES.contains(&(method.as_str(), path.as_str())) {
            continue;
        }
        let schema = match schema["$ref"].as_str() {
            Some(r) => spec.pointer(&r[1..]).unwrap_or_else(|| panic!("unresolved {r}")).clone(),
            None => schema.clone(),
        };
        assert_eq!(schema["additionalProperties"], Value::Bool(false), "{method} {path}: additionalProperties");
        strict.insert(path);
    }
    for path in ["/api/shares/", "/api/bids/", "/api/task-payments/", "/api/register/", "/api/password/change/"] {
        assert!(strict.contains(path), "{path} is checked");
    }
}

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

/// The frontend's API types are generated from `frontend/src/lib/api/openapi.json`
/// (openapi-typescript, `npm run gen:api`), which must be this document. Regenerate with
/// `make api-types` (it sets `UPDATE_OPENAPI=1` for this test).
#[test]
fn the_frontends_copy_of_the_document_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../frontend/src/lib/api/openapi.json");
    let current: Value = spec();
    let pretty = serde_json::to_string_pretty(&current).unwrap() + "\n";
    if std::env::var_os("UPDATE_OPENAPI").is_some() {
        std::fs::create_dir_all(std::path::Path::new(path).parent().unwrap()).unwrap();
        std::fs::write(path, &pretty).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    let committed: Value = serde_json::from_str(&committed).unwrap_or(Value::Null);
    assert!(committed == current, "frontend/src/lib/api/openapi.json is stale: run `make api-types`");
}
