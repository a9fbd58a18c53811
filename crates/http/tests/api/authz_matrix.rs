//! The authorization matrix: every route x every kind of caller, with the status each must get.
//!
//! Routes are read from the router's source (crates/http/src/{lib,estimate,payments}.rs), so a
//! new route without a row in `ACCESS` fails `every_route_has_a_row`. Each row also says what a
//! project-scoped route needs of a project's members (issue 35); `roles` calls every such route as
//! the owner, a partner, a viewer and a stranger.

mod fixture;
mod requests;
mod roles;

use std::collections::BTreeSet;

use actix_web::http::Method;
use actix_web::test::TestRequest;
use buildledger_application::ports::{TokenIssuer, TokenKind, TokenSubject};
use buildledger_security::{JwtIssuer, TokenLifetimes};
use serde_json::json;

use crate::helpers::{Part, TestApp, SECRET};

use fixture::{concrete, Fixture};

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

/// What a route needs of a project's member (issue 35): the owner may do everything, a partner
/// `Read` and `Write`, a viewer `Read`; anyone else gets 404.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shared {
    /// Not a project's route (the caller's own data, or no data).
    No,
    /// Reads the project's data.
    Read,
    /// Changes the project's data.
    Write,
    /// Deleting the project, managing its members: the owner's alone.
    Own,
}

/// One row per route: method, path as registered, who may call it, what it needs of a member.
const ACCESS: &[(&str, &str, Access, Shared)] = &[
    ("GET", "/healthz", Access::Public, Shared::No),
    ("POST", "/api/register/", Access::Public, Shared::No),
    ("POST", "/api/token/", Access::Public, Shared::No),
    ("POST", "/api/token/refresh/", Access::Public, Shared::No),
    ("GET", "/api/me/", Access::Login, Shared::No),
    ("POST", "/api/logout/", Access::Public, Shared::No),
    ("POST", "/api/logout-all/", Access::Login, Shared::No),
    ("POST", "/api/password/change/", Access::Login, Shared::No),
    ("POST", "/api/password/reset/", Access::Public, Shared::No),
    ("POST", "/api/password/reset/confirm/", Access::Public, Shared::No),
    ("GET", "/api/account/export/", Access::Login, Shared::No),
    ("DELETE", "/api/account/", Access::Login, Shared::No),
    ("GET", "/api/account/reminders/", Access::Login, Shared::No),
    ("PATCH", "/api/account/reminders/", Access::Login, Shared::No),
    ("POST", "/api/reminders/unsubscribe/", Access::Public, Shared::No),
    ("GET", "/api/reminders/unsubscribe/", Access::Public, Shared::No),
    ("GET", "/api/config/", Access::Public, Shared::No),
    ("GET", "/api/openapi.json", Access::Public, Shared::No),
    ("GET", "/api/estimate/", Access::Public, Shared::No),
    ("GET", "/api/task-suggestions/", Access::Public, Shared::No),
    ("GET", "/api/cost-sources/", Access::Public, Shared::No),
    ("GET", "/api/projects/", Access::Subscribed, Shared::No),
    ("POST", "/api/projects/", Access::Subscribed, Shared::No),
    ("GET", "/api/projects/{id}/", Access::Subscribed, Shared::Read),
    ("PATCH", "/api/projects/{id}/", Access::Subscribed, Shared::Write),
    ("DELETE", "/api/projects/{id}/", Access::Subscribed, Shared::Own),
    ("GET", "/api/projects/{id}/tasks/", Access::Subscribed, Shared::Read),
    ("GET", "/api/projects/{id}/summary/", Access::Subscribed, Shared::Read),
    ("GET", "/api/projects/{id}/calibration/", Access::Subscribed, Shared::Read),
    ("GET", "/api/projects/{id}/shares/", Access::Subscribed, Shared::Read),
    ("POST", "/api/shares/", Access::Subscribed, Shared::Write),
    ("DELETE", "/api/shares/{id}/", Access::Subscribed, Shared::Write),
    ("GET", "/api/share/{token}/", Access::Public, Shared::No),
    ("POST", "/api/projects/{id}/tasks/template/", Access::Subscribed, Shared::Write),
    ("GET", "/api/projects/{id}/bids/", Access::Subscribed, Shared::Read),
    ("GET", "/api/contractors/", Access::Subscribed, Shared::Read),
    ("POST", "/api/contractors/", Access::Subscribed, Shared::Write),
    ("GET", "/api/contractors/{id}/", Access::Subscribed, Shared::No),
    ("PATCH", "/api/contractors/{id}/", Access::Subscribed, Shared::No),
    ("DELETE", "/api/contractors/{id}/", Access::Subscribed, Shared::No),
    ("GET", "/api/tasks/{id}/bids/", Access::Subscribed, Shared::Read),
    ("POST", "/api/bids/", Access::Subscribed, Shared::Write),
    ("PATCH", "/api/bids/{id}/", Access::Subscribed, Shared::Write),
    ("DELETE", "/api/bids/{id}/", Access::Subscribed, Shared::Write),
    ("POST", "/api/bids/{id}/award/", Access::Subscribed, Shared::Write),
    ("DELETE", "/api/bids/{id}/award/", Access::Subscribed, Shared::Write),
    ("GET", "/api/tasks/{id}/payments/", Access::Subscribed, Shared::Read),
    ("GET", "/api/projects/{id}/payments/", Access::Subscribed, Shared::Read),
    ("POST", "/api/task-payments/", Access::Subscribed, Shared::Write),
    ("PATCH", "/api/task-payments/{id}/", Access::Subscribed, Shared::Write),
    ("DELETE", "/api/task-payments/{id}/", Access::Subscribed, Shared::Write),
    ("GET", "/api/tasks/{id}/change-orders/", Access::Subscribed, Shared::Read),
    ("POST", "/api/change-orders/", Access::Subscribed, Shared::Write),
    ("PATCH", "/api/change-orders/{id}/", Access::Subscribed, Shared::Write),
    ("DELETE", "/api/change-orders/{id}/", Access::Subscribed, Shared::Write),
    ("GET", "/api/projects/{id}/change-orders/", Access::Subscribed, Shared::Read),
    ("GET", "/api/projects/{id}/draws/", Access::Subscribed, Shared::Read),
    ("GET", "/api/projects/{id}/draws/next/", Access::Subscribed, Shared::Read),
    ("POST", "/api/draws/", Access::Subscribed, Shared::Write),
    ("PATCH", "/api/draws/{id}/", Access::Subscribed, Shared::Write),
    ("DELETE", "/api/draws/{id}/", Access::Subscribed, Shared::Write),
    ("GET", "/api/projects/{id}/lien-waivers/", Access::Subscribed, Shared::Read),
    ("POST", "/api/lien-waivers/", Access::Subscribed, Shared::Write),
    ("PATCH", "/api/lien-waivers/{id}/", Access::Subscribed, Shared::Write),
    ("DELETE", "/api/lien-waivers/{id}/", Access::Subscribed, Shared::Write),
    ("GET", "/api/projects/{id}/activity/", Access::Subscribed, Shared::Read),
    ("GET", "/api/projects/{id}/members/", Access::Subscribed, Shared::Read),
    ("POST", "/api/projects/{id}/members/", Access::Subscribed, Shared::Own),
    ("PATCH", "/api/projects/{id}/members/{member_id}/", Access::Subscribed, Shared::Own),
    ("DELETE", "/api/projects/{id}/members/{member_id}/", Access::Subscribed, Shared::Own),
    ("POST", "/api/invitations/accept/", Access::Login, Shared::No),
    ("POST", "/api/invitations/preview/", Access::Public, Shared::No),
    ("GET", "/api/projects/{id}/delays/", Access::Subscribed, Shared::Read),
    ("POST", "/api/delays/", Access::Subscribed, Shared::Write),
    ("PATCH", "/api/delays/{id}/", Access::Subscribed, Shared::Write),
    ("DELETE", "/api/delays/{id}/", Access::Subscribed, Shared::Write),
    ("GET", "/api/projects/{id}/inspections/", Access::Subscribed, Shared::Read),
    ("POST", "/api/inspections/", Access::Subscribed, Shared::Write),
    ("PATCH", "/api/inspections/{id}/", Access::Subscribed, Shared::Write),
    ("DELETE", "/api/inspections/{id}/", Access::Subscribed, Shared::Write),
    ("GET", "/api/inspection-kinds/", Access::Subscribed, Shared::No),
    ("GET", "/api/projects/{id}/dependencies/", Access::Subscribed, Shared::Read),
    ("POST", "/api/dependencies/", Access::Subscribed, Shared::Write),
    ("PATCH", "/api/dependencies/{id}/", Access::Subscribed, Shared::Write),
    ("DELETE", "/api/dependencies/{id}/", Access::Subscribed, Shared::Write),
    ("GET", "/api/projects/{id}/schedule/", Access::Subscribed, Shared::Read),
    ("POST", "/api/projects/{id}/baseline/", Access::Subscribed, Shared::Write),
    ("GET", "/api/projects/{id}/calendar/", Access::Subscribed, Shared::Read),
    ("POST", "/api/projects/{id}/calendar/", Access::Subscribed, Shared::Write),
    ("DELETE", "/api/projects/{id}/calendar/", Access::Subscribed, Shared::Write),
    ("GET", "/calendar/{token}.ics", Access::Public, Shared::No),
    ("POST", "/api/tasks/", Access::Subscribed, Shared::Write),
    ("PATCH", "/api/tasks/{id}/", Access::Subscribed, Shared::Write),
    ("DELETE", "/api/tasks/{id}/", Access::Subscribed, Shared::Write),
    ("GET", "/api/documents/", Access::Subscribed, Shared::Read),
    ("POST", "/api/documents/", Access::Subscribed, Shared::Write),
    ("GET", "/api/documents/{id}/", Access::Subscribed, Shared::Read),
    ("PATCH", "/api/documents/{id}/", Access::Subscribed, Shared::Write),
    ("DELETE", "/api/documents/{id}/", Access::Subscribed, Shared::Write),
    ("GET", "/api/documents/{id}/download/", Access::Public, Shared::No),
    ("GET", "/local-checkout/{session_id}", Access::Public, Shared::No),
    ("GET", "/payments/subscription-status/", Access::Login, Shared::No),
    ("GET", "/payments/check-subscription/", Access::Login, Shared::No),
    ("POST", "/payments/create-checkout-session/", Access::Login, Shared::No),
    ("POST", "/payments/cancel-subscription/", Access::Login, Shared::No),
    ("POST", "/payments/resume-subscription/", Access::Login, Shared::No),
    ("POST", "/payments/update-payment-method/", Access::Login, Shared::No),
    ("GET", "/payments/billing-history/", Access::Login, Shared::No),
    ("GET", "/payments/admin/subscriptions", Access::Admin, Shared::No),
    ("GET", "/payments/admin/subscriptions/", Access::Admin, Shared::No),
    ("POST", "/payments/admin/subscriptions/cancel", Access::Admin, Shared::No),
    ("POST", "/payments/admin/subscriptions/cancel/", Access::Admin, Shared::No),
    ("POST", "/payments/webhook/", Access::Public, Shared::No),
    ("POST", "/payments/webhook", Access::Public, Shared::No),
    ("POST", "/payments/local-checkout/{session_id}/complete/", Access::Public, Shared::No),
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
    let table: BTreeSet<(String, String)> = ACCESS.iter().map(|(m, p, ..)| (m.to_string(), p.to_string())).collect();
    let missing: Vec<_> = registered.difference(&table).collect();
    assert!(missing.is_empty(), "routes without a row in the authorization matrix: {missing:?}");
    let stale: Vec<_> = table.difference(&registered).collect();
    assert!(stale.is_empty(), "rows for routes that do not exist: {stale:?}");
    // A project's routes say what they need of a member; only subscribed routes are a project's.
    for &(method, route, access, shared) in ACCESS {
        if route.starts_with("/api/projects/{id}/") {
            assert_ne!(shared, Shared::No, "{method} {route} is a project's: say what it needs of a member");
        }
        if shared != Shared::No {
            assert_eq!(access, Access::Subscribed, "{method} {route}: a project's route needs a subscription");
        }
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
    let ids = Fixture::build(&app, &owner).await;
    let project = ids.project;
    let document = ids.document;
    let expired = JwtIssuer::new(SECRET, TokenLifetimes { access_seconds: -120, refresh_seconds: 60 })
        .unwrap()
        .issue(
            &TokenSubject { user_id: owner.id, session_id: None, token_id: None },
            TokenKind::Access,
            chrono::Utc::now().naive_utc(),
        )
        .unwrap();

    for &(method, route, access, _) in ACCESS {
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
