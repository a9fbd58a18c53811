//! Registration, login, refresh, `/api/me/`, and the authentication and subscription gates
//! of every protected route.

use actix_web::http::Method;
use actix_web::test::TestRequest;
use buildledger_application::ports::{TokenIssuer, TokenKind, TokenSubject};
use buildledger_security::{JwtIssuer, TokenLifetimes};
use serde_json::{json, Value};

use crate::helpers::{project_body, Part, TestApp, PASSWORD, PDF};

fn registration(username: &str, email: &str, password: &str) -> Value {
    json!({"username": username, "email": email, "password": password})
}

// ---------------------------------------------------------------- register

#[actix_web::test]
async fn register_creates_the_user_and_answers_201_without_the_password() {
    let app = TestApp::new().await;
    let res = app.post_json("/api/register/", registration("ana", "ana@example.com", PASSWORD)).await;
    let body = res.ok_json(201);
    assert!(body["id"].as_i64().is_some_and(|id| id > 0), "{body}");
    assert_eq!(body["username"], "ana");
    assert_eq!(body["email"], "ana@example.com");
    assert_eq!(body["is_admin"], false);
    assert!(body.get("password").is_none() && !res.text().contains(PASSWORD), "{body}");
}

#[actix_web::test]
async fn a_duplicate_username_is_409_compared_case_insensitively() {
    let app = TestApp::new().await;
    app.register("Ana").await;
    let res = app.post_json("/api/register/", registration("aNA", "other@example.com", PASSWORD)).await;
    let body = res.assert_error(409, "conflict");
    assert!(body["fields"]["username"].is_array(), "{body}");
    assert!(body["fields"].get("email").is_none(), "{body}");
}

#[actix_web::test]
async fn a_duplicate_email_is_409_compared_case_insensitively() {
    let app = TestApp::new().await;
    app.register("ana").await;
    let res = app.post_json("/api/register/", registration("bob", "ANA@Example.COM", PASSWORD)).await;
    let body = res.assert_error(409, "conflict");
    assert!(body["fields"]["email"].is_array(), "{body}");
}

#[actix_web::test]
async fn each_bad_registration_field_is_reported_with_400() {
    let app = TestApp::new().await;
    let cases: Vec<(Value, &str)> = vec![
        (registration("", "a@example.com", PASSWORD), "username"),
        (registration("   ", "a@example.com", PASSWORD), "username"),
        (registration("bad name!", "a@example.com", PASSWORD), "username"),
        (registration(&"u".repeat(151), "a@example.com", PASSWORD), "username"),
        (registration("ana", "not-an-email", PASSWORD), "email"),
        (registration("ana", "ana@localhost", PASSWORD), "email"),
        (registration("ana", "", PASSWORD), "email"),
        (registration("ana", "ana@example.com", "short"), "password"),
        (json!({"email": "a@example.com", "password": PASSWORD}), "username"),
        (json!({"username": "ana", "password": PASSWORD}), "email"),
        (json!({"username": "ana", "email": "a@example.com"}), "password"),
        (json!({"username": 42, "email": "a@example.com", "password": PASSWORD}), "username"),
        (json!({"username": "ana", "email": ["a@example.com"], "password": PASSWORD}), "email"),
        (json!({"username": "ana", "email": "a@example.com", "password": null}), "password"),
    ];
    for (body, field) in cases {
        let res = app.post_json("/api/register/", body.clone()).await;
        let err = res.assert_error(400, "validation_error");
        assert!(err["fields"][field].as_array().is_some_and(|p| !p.is_empty()), "{body} -> {err}");
    }
    // Every problem at once.
    let err =
        app.post_json("/api/register/", registration("", "nope", "short")).await.assert_error(400, "validation_error");
    for field in ["username", "email", "password"] {
        assert!(err["fields"][field].is_array(), "{field}: {err}");
    }
    // Nothing was created: the name is still free.
    app.register("ana").await;
}

#[actix_web::test]
async fn a_non_json_body_is_415() {
    let app = TestApp::new().await;
    let form = TestRequest::post()
        .uri("/api/register/")
        .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
        .set_payload("username=ana&email=a%40example.com&password=correcthorse");
    app.send(form).await.assert_error(415, "unsupported_media_type");
    let text =
        TestRequest::post().uri("/api/register/").insert_header(("Content-Type", "text/plain")).set_payload("hello");
    app.send(text).await.assert_error(415, "unsupported_media_type");
}

#[actix_web::test]
async fn malformed_json_is_400_invalid_json() {
    let app = TestApp::new().await;
    for payload in ["{\"username\": \"ana\",", "{'username': 'ana'}", "not json", ""] {
        let req = TestRequest::post()
            .uri("/api/register/")
            .insert_header(("Content-Type", "application/json"))
            .set_payload(payload);
        app.send(req).await.assert_error(400, "invalid_json");
    }
}

#[actix_web::test]
async fn a_json_body_that_is_not_an_object_is_400() {
    let app = TestApp::new().await;
    for body in [json!(["ana", "a@example.com", PASSWORD]), json!("ana"), json!(42), json!(null)] {
        app.post_json("/api/register/", body).await.assert_error(400, "invalid_json");
    }
}

#[actix_web::test]
async fn json_with_a_charset_is_accepted() {
    let app = TestApp::new().await;
    let body = registration("ana", "ana@example.com", PASSWORD).to_string();
    let req = TestRequest::post()
        .uri("/api/register/")
        .insert_header(("Content-Type", "application/json; charset=utf-8"))
        .set_payload(body);
    assert_eq!(app.send(req).await.status, 201);
}

#[actix_web::test]
async fn a_user_with_a_non_ascii_capital_in_the_username_can_log_in() {
    let app = TestApp::new().await;
    let res = app.post_json("/api/register/", registration("Émile", "emile@example.com", PASSWORD)).await;
    assert_eq!(res.status, 201, "{}", res.text());
    for login in ["Émile", "émile", "emile@example.com"] {
        let res = app.post_json("/api/token/", json!({"username": login, "password": PASSWORD})).await;
        assert_eq!(res.status, 200, "{login}: {}", res.text());
    }
}

#[actix_web::test]
async fn non_ascii_usernames_are_unique_case_insensitively() {
    let app = TestApp::new().await;
    assert_eq!(app.post_json("/api/register/", registration("Émile", "emile@example.com", PASSWORD)).await.status, 201);
    let res = app.post_json("/api/register/", registration("émile", "other@example.com", PASSWORD)).await;
    let err = res.assert_error(409, "conflict");
    assert!(err["fields"]["username"].is_array(), "{err}");
}

// ---------------------------------------------------------------- token

#[actix_web::test]
async fn login_works_with_the_username_or_the_email() {
    let app = TestApp::new().await;
    app.register("ana").await;
    for login in ["ana", "ana@example.com", "ANA", "Ana@Example.com"] {
        let body = app.post_json("/api/token/", json!({"username": login, "password": PASSWORD})).await.ok_json(200);
        assert!(body["access"].as_str().is_some_and(|t| t.split('.').count() == 3), "{login}: {body}");
        assert!(body["refresh"].as_str().is_some_and(|t| t.split('.').count() == 3), "{login}: {body}");
        assert_ne!(body["access"], body["refresh"]);
    }
}

#[actix_web::test]
async fn a_wrong_password_or_unknown_user_is_401_invalid_credentials() {
    let app = TestApp::new().await;
    app.register("ana").await;
    for (login, password) in
        [("ana", "wrong password"), ("nobody", PASSWORD), ("ana@example.com", "correct horse batter")]
    {
        let res = app.post_json("/api/token/", json!({"username": login, "password": password})).await;
        res.assert_error(401, "invalid_credentials");
    }
}

#[actix_web::test]
async fn login_without_its_fields_is_400() {
    let app = TestApp::new().await;
    let err = app.post_json("/api/token/", json!({})).await.assert_error(400, "validation_error");
    assert!(err["fields"]["username"].is_array() && err["fields"]["password"].is_array(), "{err}");
    let err = app.post_json("/api/token/", json!({"username": "ana"})).await.assert_error(400, "validation_error");
    assert!(err["fields"]["password"].is_array(), "{err}");
    let err = app.post_json("/api/token/", json!({"password": PASSWORD})).await.assert_error(400, "validation_error");
    assert!(err["fields"]["username"].is_array(), "{err}");
}

#[actix_web::test]
async fn repeated_failed_logins_are_throttled_with_429() {
    let app = TestApp::new().await;
    app.register("ana").await;
    app.register("bob").await;
    for _ in 0..5 {
        app.post_json("/api/token/", json!({"username": "ana", "password": "wrong password"}))
            .await
            .assert_error(401, "invalid_credentials");
    }
    for password in ["wrong password", PASSWORD] {
        let res = app.post_json("/api/token/", json!({"username": "ANA", "password": password})).await;
        res.assert_error(429, "too_many_requests");
        let wait: u64 = res.header("Retry-After").expect("Retry-After").parse().unwrap();
        assert!(wait > 0 && wait <= 15 * 60, "{wait}");
    }
    // Another account is not slowed down.
    app.login("bob").await;
}

// ---------------------------------------------------------------- refresh

#[actix_web::test]
async fn refresh_gives_a_new_access_token_that_works() {
    let app = TestApp::new().await;
    let user = app.unsubscribed_user("ana").await;
    let body = app.post_json("/api/token/refresh/", json!({"refresh": user.refresh})).await.ok_json(200);
    let access = body["access"].as_str().unwrap().to_owned();
    assert!(body["refresh"].is_string(), "the rotated refresh token: {body}");
    let me = app.json(Method::GET, "/api/me/", Some(&access), None).await.ok_json(200);
    assert_eq!(me["id"], user.id);
}

#[actix_web::test]
async fn refresh_with_an_access_token_or_garbage_is_401() {
    let app = TestApp::new().await;
    let user = app.unsubscribed_user("ana").await;
    app.post_json("/api/token/refresh/", json!({"refresh": user.access})).await.assert_error(401, "token_invalid");
    app.post_json("/api/token/refresh/", json!({"refresh": "garbage"})).await.assert_error(401, "token_invalid");
    app.post_json("/api/token/refresh/", json!({"refresh": "a.b.c"})).await.assert_error(401, "token_invalid");
    let err = app.post_json("/api/token/refresh/", json!({})).await.assert_error(400, "validation_error");
    assert!(err["fields"]["refresh"].is_array(), "{err}");
}

// ---------------------------------------------------------------- me

#[actix_web::test]
async fn me_shows_the_caller() {
    let app = TestApp::new().await;
    let user = app.unsubscribed_user("ana").await;
    let me = app.authed_get("/api/me/", &user).await.ok_json(200);
    assert_eq!(me, json!({"id": user.id, "username": user.username, "email": "ana@example.com", "is_admin": false}));
}

// ---------------------------------------------------------------- the gates

/// Every route that needs a login (and, except `/api/me/`, a subscription).
const PROTECTED: &[(&str, &str, bool)] = &[
    ("GET", "/api/me/", false),
    ("GET", "/api/projects/", true),
    ("POST", "/api/projects/", true),
    ("GET", "/api/projects/1/", true),
    ("PATCH", "/api/projects/1/", true),
    ("DELETE", "/api/projects/1/", true),
    ("GET", "/api/projects/1/tasks/", true),
    ("POST", "/api/tasks/", true),
    ("PATCH", "/api/tasks/1/", true),
    ("DELETE", "/api/tasks/1/", true),
    ("GET", "/api/documents/?task=1", true),
    ("POST", "/api/documents/", true),
    ("GET", "/api/documents/1/", true),
    ("DELETE", "/api/documents/1/", true),
];

/// A request to a protected route with a valid body, and the given Authorization header.
fn protected_request(method: &str, path: &str, authorization: Option<&str>) -> TestRequest {
    let method = Method::from_bytes(method.as_bytes()).unwrap();
    let mut req = TestRequest::default().method(method.clone()).uri(path);
    if let Some(a) = authorization {
        req = req.insert_header(("Authorization", a.to_owned()));
    }
    match (method, path) {
        (Method::POST, "/api/documents/") => {
            let (ct, body) =
                crate::helpers::multipart(&[Part::Field("task", "1"), Part::File("file", "quote.pdf", PDF)]);
            req.insert_header(("Content-Type", ct)).set_payload(body)
        }
        (Method::POST, "/api/projects/") => req.set_json(project_body()),
        (Method::POST, "/api/tasks/") => req.set_json(json!({"project": 1, "title": "Framing"})),
        (Method::PATCH, "/api/projects/1/") => req.set_json(json!({"budget": 1})),
        (Method::PATCH, _) => req.set_json(json!({"status": "Paid"})),
        _ => req,
    }
}

#[actix_web::test]
async fn every_protected_route_is_401_without_a_token() {
    let app = TestApp::new().await;
    for (method, path, _) in PROTECTED {
        let res = app.send(protected_request(method, path, None)).await;
        assert_eq!(res.status, 401, "{method} {path}: {}", res.text());
        assert_eq!(res.json()["error"], "not_authenticated", "{method} {path}");
        for header in ["Basic YW5hOnB3", "Bearer", "Bearer ", "Token abc"] {
            let res = app.send(protected_request(method, path, Some(header))).await;
            assert_eq!(res.status, 401, "{method} {path} with {header:?}: {}", res.text());
            assert_eq!(res.json()["error"], "not_authenticated", "{method} {path} with {header:?}");
        }
    }
}

#[actix_web::test]
async fn every_protected_route_is_401_with_a_bad_token() {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    let other_secret =
        JwtIssuer::new(b"another-secret-another-secret-another-secret", TokenLifetimes::default()).unwrap();
    let forged = other_secret.issue(&TokenSubject { user_id: user.id, session_id: None, token_id: None }, TokenKind::Access, chrono::Utc::now().naive_utc()).unwrap();
    let expired_issuer =
        JwtIssuer::new(crate::helpers::SECRET, TokenLifetimes { access_seconds: -3600, refresh_seconds: -3600 })
            .unwrap();
    let expired = expired_issuer.issue(&TokenSubject { user_id: user.id, session_id: None, token_id: None }, TokenKind::Access, chrono::Utc::now().naive_utc()).unwrap();
    let bad_tokens: [(&str, &str); 5] = [
        ("malformed", "not-a-token"),
        ("three garbage parts", "aaa.bbb.ccc"),
        ("refresh token as access", &user.refresh),
        ("signed with another secret", &forged),
        ("expired", &expired),
    ];
    for (method, path, _) in PROTECTED {
        for (what, token) in bad_tokens {
            let res = app.send(protected_request(method, path, Some(&format!("Bearer {token}")))).await;
            assert_eq!(res.status, 401, "{method} {path} with {what}: {}", res.text());
            assert_eq!(res.json()["error"], "token_invalid", "{method} {path} with {what}");
        }
    }
}

#[actix_web::test]
async fn project_task_and_document_routes_are_402_without_a_subscription() {
    let app = TestApp::new().await;
    let user = app.unsubscribed_user("ana").await;
    for (method, path, gated) in PROTECTED {
        let res = app.send(protected_request(method, path, Some(&format!("Bearer {}", user.access)))).await;
        if *gated {
            res.assert_error(402, "subscription_required");
        } else {
            assert_eq!(res.status, 200, "{method} {path}");
        }
    }
    // Once subscribed the same calls go through.
    app.subscribe(user.id);
    app.authed_get("/api/projects/", &user).await.ok_json(200);
}

#[actix_web::test]
async fn an_expired_subscription_is_402_again() {
    use buildledger_application::subscription::ports::SubscriptionRepository;
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    app.authed_get("/api/projects/", &user).await.ok_json(200);
    let repo = buildledger_persistence::subscription::DieselSubscriptionRepository::new(app.db.clone());
    let mut sub = repo.find_for_user(user.id).unwrap().unwrap();
    sub.current_period_end = Some(chrono::Utc::now().naive_utc() - chrono::Duration::days(1));
    repo.upsert(&sub).unwrap();
    app.authed_get("/api/projects/", &user).await.assert_error(402, "subscription_required");
}
