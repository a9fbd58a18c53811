//! Health, public configuration, the JSON 404 of unknown API paths, the frontend's index
//! fallback, the security headers, and the public cost endpoints.

use actix_web::http::Method;
use actix_web::test::TestRequest;
use serde_json::json;

use crate::helpers::{TestApp, INDEX_HTML};

#[actix_web::test]
async fn healthz_is_200_when_the_database_answers() {
    let app = TestApp::new().await;
    let res = app.get("/healthz").await;
    assert_eq!(res.ok_json(200), json!({"status": "ok", "database": "ok", "documents": "ok"}));
}

#[actix_web::test]
async fn healthz_is_503_when_documents_cannot_be_stored() {
    let app = TestApp::new().await;
    // The documents folder is replaced by a file: nothing could be uploaded.
    let dir = app.documents_dir();
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::write(&dir, b"not a folder").unwrap();
    let res = app.get("/healthz").await;
    assert_eq!(res.status, 503, "{}", res.text());
    assert_eq!(res.json(), json!({"status": "unavailable", "database": "ok", "documents": "unavailable"}));
    assert_eq!(res.header("cache-control").as_deref(), Some("no-store"));
}

#[actix_web::test]
async fn config_has_the_documented_shape() {
    let app = TestApp::new().await;
    let body = app.get("/api/config/").await.ok_json(200);
    assert_eq!(
        body,
        json!({"support_email": "support@example.com", "stripe_publishable_key": null, "stripe_price_id": "price_local_monthly", "payments_mode": "local"})
    );
}

#[actix_web::test]
async fn unknown_api_paths_are_a_json_404() {
    let app = TestApp::new().await;
    for (method, path) in [
        (Method::GET, "/api/x"),
        (Method::GET, "/api/x/"),
        (Method::POST, "/api/nothing/here/"),
        (Method::GET, "/api/projects"),
        (Method::DELETE, "/api/"),
    ] {
        let res = app.send(TestRequest::default().method(method.clone()).uri(path)).await;
        assert!(res.header("Content-Type").is_some_and(|c| c.starts_with("application/json")), "{method} {path}");
        res.assert_error(404, "not_found");
    }
}

#[actix_web::test]
async fn a_wrong_method_on_a_known_api_path_is_not_the_app_shell() {
    let app = TestApp::new().await;
    let res = app.send(TestRequest::put().uri("/api/projects/")).await;
    assert!(res.status >= 400 && res.status < 500, "{}", res.status);
    assert!(!res.text().contains("BuildLedger test shell"));
}

#[actix_web::test]
async fn client_routes_get_the_index_html() {
    let app = TestApp::new().await;
    for path in ["/kanban/3", "/projects", "/choose-plan", "/what-is-buildledger", "/", "/account-settings"] {
        let res = app.get(path).await;
        assert_eq!(res.status, 200, "{path}");
        assert_eq!(res.text(), INDEX_HTML, "{path}");
        assert!(res.header("Content-Type").is_some_and(|c| c.starts_with("text/html")), "{path}");
    }
}

#[actix_web::test]
async fn security_headers_are_on_every_response() {
    let app = TestApp::new().await;
    for path in ["/healthz", "/api/config/", "/kanban/3", "/api/x", "/api/projects/"] {
        let res = app.get(path).await;
        assert_eq!(res.header("X-Content-Type-Options").as_deref(), Some("nosniff"), "{path}");
        let csp = res.header("Content-Security-Policy").unwrap_or_else(|| panic!("no CSP on {path}"));
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        if path.starts_with("/api/") || path == "/healthz" {
            assert!(csp.contains("default-src 'none'"), "JSON never runs anything: {path}: {csp}");
        } else {
            assert!(csp.contains("default-src 'self'") && !csp.contains("unsafe-eval"), "{path}: {csp}");
        }
        assert!(res.header("Referrer-Policy").is_some(), "{path}");
    }
    // Document downloads carry their own sandboxing policy.
    let user = app.user("ana").await;
    let project = app.create_project(&user, json!({})).await["id"].as_i64().unwrap();
    let task = app.create_task(&user, project, json!({"title": "Framing"})).await["id"].as_i64().unwrap();
    let doc = app.upload(&user, task, "quote.pdf", crate::helpers::PDF).await.ok_json(201);
    let res = app.get(doc["file"].as_str().unwrap()).await;
    let csp = res.header("Content-Security-Policy").unwrap();
    assert!(csp.contains("sandbox"), "{csp}");
    assert_eq!(res.header("X-Content-Type-Options").as_deref(), Some("nosniff"));
}

#[actix_web::test]
async fn built_scripts_carry_only_the_headers_that_act_on_them() {
    let app = TestApp::new().await;
    let res = app.get("/assets/app-abc123.js").await;
    assert_eq!(res.status, 200);
    assert_eq!(res.header("X-Content-Type-Options").as_deref(), Some("nosniff"));
    assert!(res.header("Referrer-Policy").is_some());
    assert_eq!(res.header("Cache-Control").as_deref(), Some("public, max-age=31536000, immutable"));
    // Page-only policies and the file name act on nothing in a script: issue 31 (bytes per request).
    for name in [
        "Content-Security-Policy",
        "X-Frame-Options",
        "Permissions-Policy",
        "Cross-Origin-Opener-Policy",
        "Content-Disposition",
    ] {
        assert_eq!(res.header(name), None, "{name} on a script");
    }
    // An SVG can be opened as a page, a page is a page, a missing asset is an answer of ours.
    for path in ["/assets/logo-abc123.svg", "/kanban/3", "/assets/gone-abc.js"] {
        let res = app.get(path).await;
        assert!(res.header("Content-Security-Policy").is_some(), "{path}");
        assert_eq!(res.header("X-Frame-Options").as_deref(), Some("DENY"), "{path}");
    }
}

#[actix_web::test]
async fn task_suggestions_and_the_estimate_are_public() {
    let app = TestApp::new().await;
    let body = app.get("/api/task-suggestions/").await.ok_json(200);
    let list: Vec<&str> = body["suggestions"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
    assert!(list.contains(&"Framing") && list.contains(&"Foundation"), "{list:?}");
    let body = app
        .get("/api/estimate/?zip_code=78701&square_footage=2400&quality=standard&project_type=new_home_build")
        .await
        .ok_json(200);
    assert_eq!(body["state"], "TX");
    assert_eq!(body["predicted_total"], json!(341616.0));
    let err = app.get("/api/estimate/?zip_code=78701").await.assert_error(400, "validation_error");
    assert!(err["fields"]["square_footage"].is_array(), "{err}");
}
