//! The authorization matrix: every route x every kind of caller, with the status each must get.
//!
//! Routes are read from the router's source (crates/http/src/{lib,estimate,payments}.rs), so a
//! new route without a row in `ACCESS` fails `every_route_has_a_row`.

use std::collections::BTreeSet;

use actix_web::http::Method;
use actix_web::test::TestRequest;
use buildledger_application::ports::{TokenIssuer, TokenKind, TokenSubject};
use buildledger_security::{JwtIssuer, TokenLifetimes};
use serde_json::json;

use crate::helpers::{Part, TestApp, SECRET};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Access {
    /// Anyone (some are protected by a signature instead of a login).
    Public,
    /// Any logged-in user.
    Login,
    /// A logged-in user with an active subscription (402 otherwise).
    Subscribed,
    /// Admins only (403 for other users).
    Admin,
}

/// One row per route: method, path as registered, who may call it.
const ACCESS: &[(&str, &str, Access)] = &[
    ("GET", "/healthz", Access::Public),
    ("POST", "/api/register/", Access::Public),
    ("POST", "/api/token/", Access::Public),
    ("POST", "/api/token/refresh/", Access::Public),
    ("GET", "/api/me/", Access::Login),
    ("POST", "/api/logout/", Access::Public),
    ("POST", "/api/logout-all/", Access::Login),
    ("POST", "/api/password/change/", Access::Login),
    ("POST", "/api/password/reset/", Access::Public),
    ("POST", "/api/password/reset/confirm/", Access::Public),
    ("GET", "/api/account/export/", Access::Login),
    ("DELETE", "/api/account/", Access::Login),
    ("GET", "/api/account/reminders/", Access::Login),
    ("PATCH", "/api/account/reminders/", Access::Login),
    ("POST", "/api/reminders/unsubscribe/", Access::Public),
    ("GET", "/api/reminders/unsubscribe/", Access::Public),
    ("GET", "/api/config/", Access::Public),
    ("GET", "/api/openapi.json", Access::Public),
    ("GET", "/api/estimate/", Access::Public),
    ("GET", "/api/task-suggestions/", Access::Public),
    ("GET", "/api/cost-sources/", Access::Public),
    ("GET", "/api/projects/", Access::Subscribed),
    ("POST", "/api/projects/", Access::Subscribed),
    ("GET", "/api/projects/{id}/", Access::Subscribed),
    ("PATCH", "/api/projects/{id}/", Access::Subscribed),
    ("DELETE", "/api/projects/{id}/", Access::Subscribed),
    ("GET", "/api/projects/{id}/tasks/", Access::Subscribed),
    ("GET", "/api/projects/{id}/summary/", Access::Subscribed),
    ("GET", "/api/projects/{id}/calibration/", Access::Subscribed),
    ("GET", "/api/projects/{id}/shares/", Access::Subscribed),
    ("POST", "/api/shares/", Access::Subscribed),
    ("DELETE", "/api/shares/{id}/", Access::Subscribed),
    ("GET", "/api/share/{token}/", Access::Public),
    ("POST", "/api/projects/{id}/tasks/template/", Access::Subscribed),
    ("GET", "/api/projects/{id}/bids/", Access::Subscribed),
    ("GET", "/api/contractors/", Access::Subscribed),
    ("POST", "/api/contractors/", Access::Subscribed),
    ("GET", "/api/contractors/{id}/", Access::Subscribed),
    ("PATCH", "/api/contractors/{id}/", Access::Subscribed),
    ("DELETE", "/api/contractors/{id}/", Access::Subscribed),
    ("GET", "/api/tasks/{id}/bids/", Access::Subscribed),
    ("POST", "/api/bids/", Access::Subscribed),
    ("PATCH", "/api/bids/{id}/", Access::Subscribed),
    ("DELETE", "/api/bids/{id}/", Access::Subscribed),
    ("POST", "/api/bids/{id}/award/", Access::Subscribed),
    ("DELETE", "/api/bids/{id}/award/", Access::Subscribed),
    ("GET", "/api/tasks/{id}/payments/", Access::Subscribed),
    ("GET", "/api/projects/{id}/payments/", Access::Subscribed),
    ("POST", "/api/task-payments/", Access::Subscribed),
    ("PATCH", "/api/task-payments/{id}/", Access::Subscribed),
    ("DELETE", "/api/task-payments/{id}/", Access::Subscribed),
    ("GET", "/api/tasks/{id}/change-orders/", Access::Subscribed),
    ("POST", "/api/change-orders/", Access::Subscribed),
    ("PATCH", "/api/change-orders/{id}/", Access::Subscribed),
    ("DELETE", "/api/change-orders/{id}/", Access::Subscribed),
    ("GET", "/api/projects/{id}/change-orders/", Access::Subscribed),
    ("GET", "/api/projects/{id}/draws/", Access::Subscribed),
    ("GET", "/api/projects/{id}/draws/next/", Access::Subscribed),
    ("POST", "/api/draws/", Access::Subscribed),
    ("PATCH", "/api/draws/{id}/", Access::Subscribed),
    ("DELETE", "/api/draws/{id}/", Access::Subscribed),
    ("GET", "/api/projects/{id}/lien-waivers/", Access::Subscribed),
    ("POST", "/api/lien-waivers/", Access::Subscribed),
    ("PATCH", "/api/lien-waivers/{id}/", Access::Subscribed),
    ("DELETE", "/api/lien-waivers/{id}/", Access::Subscribed),
    ("GET", "/api/projects/{id}/activity/", Access::Subscribed),
    ("GET", "/api/projects/{id}/delays/", Access::Subscribed),
    ("POST", "/api/delays/", Access::Subscribed),
    ("PATCH", "/api/delays/{id}/", Access::Subscribed),
    ("DELETE", "/api/delays/{id}/", Access::Subscribed),
    ("GET", "/api/projects/{id}/inspections/", Access::Subscribed),
    ("POST", "/api/inspections/", Access::Subscribed),
    ("PATCH", "/api/inspections/{id}/", Access::Subscribed),
    ("DELETE", "/api/inspections/{id}/", Access::Subscribed),
    ("GET", "/api/inspection-kinds/", Access::Subscribed),
    ("GET", "/api/projects/{id}/dependencies/", Access::Subscribed),
    ("POST", "/api/dependencies/", Access::Subscribed),
    ("PATCH", "/api/dependencies/{id}/", Access::Subscribed),
    ("DELETE", "/api/dependencies/{id}/", Access::Subscribed),
    ("GET", "/api/projects/{id}/schedule/", Access::Subscribed),
    ("POST", "/api/projects/{id}/baseline/", Access::Subscribed),
    ("GET", "/api/projects/{id}/calendar/", Access::Subscribed),
    ("POST", "/api/projects/{id}/calendar/", Access::Subscribed),
    ("DELETE", "/api/projects/{id}/calendar/", Access::Subscribed),
    ("GET", "/calendar/{token}.ics", Access::Public),
    ("POST", "/api/tasks/", Access::Subscribed),
    ("PATCH", "/api/tasks/{id}/", Access::Subscribed),
    ("DELETE", "/api/tasks/{id}/", Access::Subscribed),
    ("GET", "/api/documents/", Access::Subscribed),
    ("POST", "/api/documents/", Access::Subscribed),
    ("GET", "/api/documents/{id}/", Access::Subscribed),
    ("PATCH", "/api/documents/{id}/", Access::Subscribed),
    ("DELETE", "/api/documents/{id}/", Access::Subscribed),
    ("GET", "/api/documents/{id}/download/", Access::Public),
    ("GET", "/local-checkout/{session_id}", Access::Public),
    ("GET", "/payments/subscription-status/", Access::Login),
    ("GET", "/payments/check-subscription/", Access::Login),
    ("POST", "/payments/create-checkout-session/", Access::Login),
    ("POST", "/payments/cancel-subscription/", Access::Login),
    ("POST", "/payments/resume-subscription/", Access::Login),
    ("POST", "/payments/update-payment-method/", Access::Login),
    ("GET", "/payments/billing-history/", Access::Login),
    ("GET", "/payments/admin/subscriptions", Access::Admin),
    ("GET", "/payments/admin/subscriptions/", Access::Admin),
    ("POST", "/payments/admin/subscriptions/cancel", Access::Admin),
    ("POST", "/payments/admin/subscriptions/cancel/", Access::Admin),
    ("POST", "/payments/webhook/", Access::Public),
    ("POST", "/payments/webhook", Access::Public),
    ("POST", "/payments/local-checkout/{session_id}/complete/", Access::Public),
];

/// Every route of the router, as (METHOD, path): the OpenAPI document is collected from the
/// same `service(...)` calls that build the router.
fn registered_routes() -> BTreeSet<(String, String)> {
    let doc: serde_json::Value = serde_json::from_str(buildledger_http::openapi::document_json()).unwrap();
    let mut all = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in ["get", "post", "patch", "delete", "put"] {
            if item.get(method).is_some() {
                all.insert((method.to_uppercase(), path.clone()));
            }
        }
    }
    all
}

#[test]
fn every_route_has_a_row() {
    let registered = registered_routes();
    let table: BTreeSet<(String, String)> = ACCESS.iter().map(|(m, p, _)| (m.to_string(), p.to_string())).collect();
    let missing: Vec<_> = registered.difference(&table).collect();
    assert!(missing.is_empty(), "routes without a row in the authorization matrix: {missing:?}");
    let stale: Vec<_> = table.difference(&registered).collect();
    assert!(stale.is_empty(), "rows for routes that do not exist: {stale:?}");
}

struct Fixture {
    project: i64,
    task: i64,
    document: i64,
    contractor: i64,
    bid: i64,
    payment: i64,
    change_order: i64,
    draw: i64,
    waiver: i64,
    delay: i64,
    inspection: i64,
    dependency: i64,
    share: i64,
    share_token: String,
}

fn concrete(path: &str, ids: &Fixture) -> String {
    let p = if path.starts_with("/api/projects/") {
        path.replace("{id}", &ids.project.to_string())
    } else if path.starts_with("/api/tasks/") {
        path.replace("{id}", &ids.task.to_string())
    } else if path.starts_with("/api/contractors/") {
        path.replace("{id}", &ids.contractor.to_string())
    } else if path.starts_with("/api/bids/") {
        path.replace("{id}", &ids.bid.to_string())
    } else if path.starts_with("/api/task-payments/") {
        path.replace("{id}", &ids.payment.to_string())
    } else if path.starts_with("/api/change-orders/") {
        path.replace("{id}", &ids.change_order.to_string())
    } else if path.starts_with("/api/draws/") {
        path.replace("{id}", &ids.draw.to_string())
    } else if path.starts_with("/api/lien-waivers/") {
        path.replace("{id}", &ids.waiver.to_string())
    } else if path.starts_with("/api/delays/") {
        path.replace("{id}", &ids.delay.to_string())
    } else if path.starts_with("/api/inspections/") {
        path.replace("{id}", &ids.inspection.to_string())
    } else if path.starts_with("/api/dependencies/") {
        path.replace("{id}", &ids.dependency.to_string())
    } else if path.starts_with("/api/shares/") {
        path.replace("{id}", &ids.share.to_string())
    } else {
        path.replace("{id}", &ids.document.to_string())
    };
    let p = p.replace("{session_id}", "cs_local_unknown").replace("{token}", &ids.share_token);
    if p == "/api/documents/" {
        format!("/api/documents/?task={}", ids.task)
    } else {
        p
    }
}

async fn call(app: &TestApp, method: &str, path: &str, auth: Option<&str>) -> u16 {
    if method == "POST" && path.starts_with("/api/documents/") {
        // An upload to the task in the query, as multipart.
        let task = path.split("task=").nth(1).unwrap_or("1").to_owned();
        let token = auth.map(|a| a.trim_start_matches("Bearer ").to_owned());
        return app
            .upload_parts(token.as_deref(), &[Part::Field("task", &task), Part::File("file", "q.pdf", b"%PDF-1.4")])
            .await
            .status;
    }
    let mut req = TestRequest::default().method(Method::from_bytes(method.as_bytes()).unwrap()).uri(path);
    if let Some(a) = auth {
        req = req.insert_header(("Authorization", a.to_owned()));
    }
    if method == "POST" || method == "PATCH" {
        req = req.set_json(json!({}));
    }
    app.send(req).await.status
}

#[actix_web::test]
async fn every_route_answers_every_kind_of_caller_as_the_matrix_says() {
    let app = TestApp::new().await;
    let owner = app.user("owner").await;
    let other = app.user("other").await;
    let unsubscribed = app.unsubscribed_user("unpaid").await;
    let project = app.create_project(&owner, json!({})).await["id"].as_i64().unwrap();
    let task = app.create_task(&owner, project, json!({"title": "Framing"})).await["id"].as_i64().unwrap();
    let document = app.upload(&owner, task, "quote.pdf", b"%PDF-1.4 quote").await.ok_json(201)["id"].as_i64().unwrap();
    let contractor = app
        .authed_json(Method::POST, "/api/contractors/", &owner, Some(json!({"name": "Acme"})))
        .await
        .ok_json(201)["id"]
        .as_i64()
        .unwrap();
    let bid = app
        .authed_json(Method::POST, "/api/bids/", &owner, Some(json!({"task": task, "contractor": contractor, "amount": 100})))
        .await
        .ok_json(201)["id"]
        .as_i64()
        .unwrap();
    let mut created = Vec::new();
    for (path, body) in [
        ("/api/task-payments/", json!({"task": task, "amount": 50})),
        ("/api/change-orders/", json!({"task": task, "description": "Extra beam", "amount": 25})),
        ("/api/draws/", json!({"project": project, "tasks": [task]})),
    ] {
        created.push(app.authed_json(Method::POST, path, &owner, Some(body)).await.ok_json(201)["id"].as_i64().unwrap());
    }
    let (payment, change_order, draw) = (created[0], created[1], created[2]);
    let waiver = json!({"project": project, "contractor": contractor, "kind": "conditional_progress", "amount": 50,
        "document": document});
    let waiver =
        app.authed_json(Method::POST, "/api/lien-waivers/", &owner, Some(waiver)).await.ok_json(201)["id"].as_i64().unwrap();
    let delay = app
        .authed_json(Method::POST, "/api/delays/", &owner, Some(json!({"task": task, "days": 2, "reason": "weather"})))
        .await
        .ok_json(201)["id"]
        .as_i64()
        .unwrap();
    let inspection = app
        .authed_json(
            Method::POST,
            "/api/inspections/",
            &owner,
            Some(json!({"task": task, "kind": "Framing", "scheduled_on": "2026-12-01", "document": document})),
        )
        .await
        .ok_json(201)["id"]
        .as_i64()
        .unwrap();
    // A second task, after the first: the link.
    let roof = app.create_task(&owner, project, json!({"title": "Roof"})).await["id"].as_i64().unwrap();
    let dependency = app
        .authed_json(Method::POST, "/api/dependencies/", &owner, Some(json!({"predecessor": task, "successor": roof})))
        .await
        .ok_json(201)["id"]
        .as_i64()
        .unwrap();
    let share = app
        .authed_json(Method::POST, "/api/shares/", &owner, Some(json!({"project": project, "label": "Bank"})))
        .await
        .ok_json(201);
    let ids = Fixture {
        project,
        task,
        document,
        contractor,
        bid,
        payment,
        change_order,
        draw,
        waiver,
        delay,
        inspection,
        dependency,
        share: share["id"].as_i64().unwrap(),
        share_token: share["token"].as_str().unwrap().to_owned(),
    };
    let expired = JwtIssuer::new(SECRET, TokenLifetimes { access_seconds: -120, refresh_seconds: 60 })
        .unwrap()
        .issue(&TokenSubject { user_id: owner.id, session_id: None, token_id: None }, TokenKind::Access, chrono::Utc::now().naive_utc())
        .unwrap();

    for &(method, route, access) in ACCESS {
        let path = concrete(route, &ids);
        let cell = |who: &str, got: u16| format!("{method} {path} as {who}: got {got}");

        // No token, a malformed one, an expired one, a refresh token used as access.
        for (who, auth) in [
            ("no token", None),
            ("malformed token", Some("Bearer not.a.jwt".to_owned())),
            ("expired token", Some(format!("Bearer {expired}"))),
            ("refresh token", Some(format!("Bearer {}", owner.refresh))),
        ] {
            let got = call(&app, method, &path, auth.as_deref()).await;
            match access {
                Access::Public => assert!(got != 401 && got < 500, "{}", cell(who, got)),
                _ => assert_eq!(got, 401, "{}", cell(who, got)),
            }
        }

        // A logged-in user without a subscription.
        let got = call(&app, method, &path, Some(&format!("Bearer {}", unsubscribed.access))).await;
        match access {
            Access::Subscribed => assert_eq!(got, 402, "{}", cell("unsubscribed user", got)),
            Access::Admin => assert_eq!(got, 403, "{}", cell("unsubscribed non-admin", got)),
            _ => assert!(got != 402 && got < 500, "{}", cell("unsubscribed user", got)),
        }

        // Another subscribed user, on the owner's resources.
        let got = call(&app, method, &path, Some(&format!("Bearer {}", other.access))).await;
        match access {
            Access::Admin => assert_eq!(got, 403, "{}", cell("non-admin", got)),
            Access::Subscribed if route.contains("{id}") || route == "/api/documents/" => {
                assert_eq!(got, 404, "{}", cell("another user", got))
            }
            _ => assert!(got < 500, "{}", cell("another user", got)),
        }
    }

    // Nothing of the owner's was changed by anyone else.
    let board = app.authed_get(&format!("/api/projects/{project}/tasks/"), &owner).await.ok_json(200);
    assert_eq!(board.as_array().unwrap().len(), 2, "the task and the one after it");
    app.authed_get(&format!("/api/documents/{document}/"), &owner).await.ok_json(200);
}
