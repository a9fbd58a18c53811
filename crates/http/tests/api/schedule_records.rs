//! Issue 33: delays and inspections through the API: their fields, the delays' totals and cost
//! per reason, the board's ETag moving with every write, an inspection's document of the same
//! task, field messages, another user's task or record (404), the subscription gate (402).

use actix_web::http::Method;
use serde_json::{json, Value};

use crate::helpers::{TestApp, User, PDF};

struct Build {
    project: i64,
    framing: i64,
    roof: i64,
}

async fn build(app: &TestApp, user: &User) -> Build {
    let project = app.create_project(user, json!({})).await["id"].as_i64().unwrap();
    let framing = app.create_task(user, project, json!({"title": "Framing"})).await["id"].as_i64().unwrap();
    let roof = app.create_task(user, project, json!({"title": "Roof"})).await["id"].as_i64().unwrap();
    Build { project, framing, roof }
}

async fn etag(app: &TestApp, user: &User, project: i64) -> String {
    let res = app.authed_get(&format!("/api/projects/{project}/tasks/"), user).await;
    res.header("ETag").expect("the board sends an ETag")
}

async fn send(app: &TestApp, user: &User, method: Method, path: &str, body: Value) -> crate::helpers::Res {
    app.authed_json(method, path, user, Some(body)).await
}

#[actix_web::test]
async fn delays_add_up_per_reason_and_cost_the_carrying_cost_of_the_days_they_span() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let b = build(&app, &ana).await;
    let list = format!("/api/projects/{}/delays/", b.project);
    let empty = app.authed_get(&list, &ana).await.ok_json(200);
    assert_eq!(empty, json!({"delays": [], "totals": [], "total_days": 0, "total_cost": null}));

    let before = etag(&app, &ana, b.project).await;
    let first = send(
        &app,
        &ana,
        Method::POST,
        "/api/delays/",
        json!({"task": b.framing, "days": 3, "reason": "weather", "note": " Rain ", "recorded_on": "2020-01-10"}),
    )
    .await
    .ok_json(201);
    assert_eq!(first["project"], b.project);
    assert_eq!(first["task"], b.framing);
    assert_eq!((first["days"].as_i64(), first["reason"].as_str()), (Some(3), Some("weather")));
    assert_eq!((first["note"].as_str(), first["recorded_on"].as_str()), (Some("Rain"), Some("2020-01-10")));
    let after = etag(&app, &ana, b.project).await;
    assert_ne!(before, after, "a delay moves the board's ETag");

    // Today when left out.
    let second = send(&app, &ana, Method::POST, "/api/delays/", json!({"task": b.roof, "days": 2, "reason": "labor"}))
        .await
        .ok_json(201);
    let today = chrono::Utc::now().date_naive().to_string();
    assert_eq!(second["recorded_on"], today.as_str());
    assert_eq!(second["note"], "");
    send(
        &app,
        &ana,
        Method::POST,
        "/api/delays/",
        json!({"task": b.roof, "days": 1, "reason": "weather", "recorded_on": "2020-01-01"}),
    )
    .await
    .ok_json(201);

    let got = app.authed_get(&list, &ana).await.ok_json(200);
    let dates: Vec<&str> =
        got["delays"].as_array().unwrap().iter().map(|d| d["recorded_on"].as_str().unwrap()).collect();
    assert_eq!(dates, ["2020-01-01", "2020-01-10", today.as_str()], "by date recorded");
    assert_eq!(
        got["totals"],
        json!([{"reason": "weather", "days": 4, "cost": null}, {"reason": "labor", "days": 2, "cost": null}]),
        "in the reasons' order, no cost without a carrying cost"
    );
    assert_eq!((got["total_days"].as_i64(), got["total_cost"].is_null()), (Some(6), true));

    // $3,000 a month, a six-day week: 6 working days span 7 calendar days at $100 a day.
    let week = json!({"monthly_carrying_cost": 3000, "work_week": ["mon", "tue", "wed", "thu", "fri", "sat"]});
    send(&app, &ana, Method::PATCH, &format!("/api/projects/{}/", b.project), week).await.ok_json(200);
    let got = app.authed_get(&list, &ana).await.ok_json(200);
    assert_eq!(got["totals"][0]["cost"], 466.67, "4 days x 7 / 6 x $100");
    assert_eq!(got["totals"][1]["cost"], 233.33);
    assert_eq!(got["total_cost"], 700.0);

    // Changed: the fields sent only; the ETag moves again. Deleted: gone, the ETag moves.
    let path = format!("/api/delays/{}/", first["id"]);
    let changed = send(&app, &ana, Method::PATCH, &path, json!({"days": 5, "reason": "materials"})).await.ok_json(200);
    assert_eq!(
        (changed["days"].as_i64(), changed["reason"].as_str(), changed["note"].as_str()),
        (Some(5), Some("materials"), Some("Rain"))
    );
    assert_eq!(changed["recorded_on"], "2020-01-10");
    let changed_tag = etag(&app, &ana, b.project).await;
    assert_ne!(after, changed_tag);
    let same =
        send(&app, &ana, Method::PATCH, &path, json!({"task": b.framing, "recorded_on": null})).await.ok_json(200);
    assert_eq!(same["recorded_on"], today.as_str(), "null is today");
    assert_eq!(app.authed_json(Method::DELETE, &path, &ana, None).await.status, 204);
    assert_ne!(etag(&app, &ana, b.project).await, changed_tag);
    app.authed_json(Method::DELETE, &path, &ana, None).await.assert_error(404, "not_found");
    assert_eq!(app.authed_get(&list, &ana).await.ok_json(200)["delays"].as_array().unwrap().len(), 2);
}

#[actix_web::test]
async fn bad_delays_are_a_400_with_each_fields_message_and_another_users_are_404() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let bob = app.user("bob").await;
    let b = build(&app, &ana).await;
    let bobs = build(&app, &bob).await;

    let err = send(&app, &ana, Method::POST, "/api/delays/", json!({})).await.assert_error(400, "validation_error");
    for field in ["task", "days", "reason"] {
        assert_eq!(err["fields"][field][0], "This field is required.", "{field}: {err}");
    }
    let err = send(
        &app,
        &ana,
        Method::POST,
        "/api/delays/",
        json!({"task": b.framing, "days": 0, "reason": "rain", "note": "x".repeat(2001), "recorded_on": "11/10/2026"}),
    )
    .await
    .assert_error(400, "validation_error");
    assert_eq!(err["fields"]["days"][0], "Ensure this value is between 1 and 365.");
    assert_eq!(err["fields"]["reason"][0], "\"rain\" is not a valid choice.");
    assert_eq!(err["fields"]["note"][0], "Ensure this field has no more than 2000 characters.");
    assert_eq!(err["fields"]["recorded_on"][0], "Date has wrong format. Use YYYY-MM-DD.");
    let err =
        send(&app, &ana, Method::POST, "/api/delays/", json!({"task": b.framing, "days": 366, "reason": "other"}))
            .await
            .assert_error(400, "validation_error");
    assert_eq!(err["fields"]["days"][0], "Ensure this value is between 1 and 365.");
    let err = send(
        &app,
        &ana,
        Method::POST,
        "/api/delays/",
        json!({"task": b.framing, "days": 1, "reason": "other", "cost": 5}),
    )
    .await;
    assert_eq!(err.status, 400, "unknown fields are refused: {}", err.text());

    // Another user's task: 404 whatever the rest of the body says.
    for body in [json!({"task": bobs.framing, "days": 1, "reason": "other"}), json!({"task": bobs.framing, "days": 0})]
    {
        send(&app, &ana, Method::POST, "/api/delays/", body).await.assert_error(404, "not_found");
    }
    send(&app, &ana, Method::POST, "/api/delays/", json!({"task": 999_999, "days": 1, "reason": "other"}))
        .await
        .assert_error(404, "not_found");

    let delay =
        send(&app, &ana, Method::POST, "/api/delays/", json!({"task": b.framing, "days": 1, "reason": "lender"}))
            .await
            .ok_json(201);
    let path = format!("/api/delays/{}/", delay["id"]);
    for body in [json!({"days": 2}), json!({"days": -2})] {
        send(&app, &bob, Method::PATCH, &path, body).await.assert_error(404, "not_found");
    }
    app.authed_json(Method::DELETE, &path, &bob, None).await.assert_error(404, "not_found");
    app.authed_get(&format!("/api/projects/{}/delays/", b.project), &bob).await.assert_error(404, "not_found");
    let err =
        send(&app, &ana, Method::PATCH, &path, json!({"task": b.roof})).await.assert_error(400, "validation_error");
    assert_eq!(err["fields"]["task"][0], "A delay or inspection cannot be moved to another task.");
    let err = send(&app, &ana, Method::PATCH, &path, json!({"days": null, "reason": null}))
        .await
        .assert_error(400, "validation_error");
    assert_eq!(err["fields"]["days"][0], "This field may not be null.");
    assert!(err["fields"]["reason"].is_array(), "{err}");
    // Nothing changed by any of it.
    let got = app.authed_get(&format!("/api/projects/{}/delays/", b.project), &ana).await.ok_json(200);
    assert_eq!(got["delays"][0]["days"], 1);
    assert_eq!(got["delays"].as_array().unwrap().len(), 1);
}

#[actix_web::test]
async fn inspections_are_listed_by_date_with_a_document_of_their_task() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let bob = app.user("bob").await;
    let b = build(&app, &ana).await;
    let bobs = build(&app, &bob).await;
    let card = app.upload(&ana, b.framing, "card.pdf", PDF).await.ok_json(201)["id"].as_i64().unwrap();
    let roof_doc = app.upload(&ana, b.roof, "roof.pdf", PDF).await.ok_json(201)["id"].as_i64().unwrap();

    let kinds = app.authed_get("/api/inspection-kinds/", &ana).await.ok_json(200);
    assert_eq!(kinds[0], "Footing");
    assert!(kinds.as_array().unwrap().contains(&json!("Framing")));

    let before = etag(&app, &ana, b.project).await;
    let late = send(
        &app,
        &ana,
        Method::POST,
        "/api/inspections/",
        json!({"task": b.framing, "kind": " Framing ", "scheduled_on": "2026-12-02", "inspector": "City of Austin", "document": card}),
    )
    .await
    .ok_json(201);
    assert_eq!(
        late,
        json!({"id": late["id"], "project": b.project, "task": b.framing, "kind": "Framing", "scheduled_on": "2026-12-02",
               "inspector": "City of Austin", "result": "pending", "notes": "", "document": card})
    );
    let after = etag(&app, &ana, b.project).await;
    assert_ne!(before, after, "an inspection moves the board's ETag");
    let early = send(
        &app,
        &ana,
        Method::POST,
        "/api/inspections/",
        json!({"task": b.roof, "kind": "Final", "scheduled_on": "2026-12-01", "result": "failed", "notes": "Flashing"}),
    )
    .await
    .ok_json(201);
    assert_eq!((early["result"].as_str(), early["document"].is_null()), (Some("failed"), true));
    let list = format!("/api/projects/{}/inspections/", b.project);
    let got = app.authed_get(&list, &ana).await.ok_json(200);
    let ids: Vec<&Value> = got.as_array().unwrap().iter().map(|i| &i["id"]).collect();
    assert_eq!(ids, [&early["id"], &late["id"]], "by date scheduled");

    // A document of another task, or of nobody's: 400 on the field, nothing written.
    let path = format!("/api/inspections/{}/", late["id"]);
    for document in [roof_doc, 999_999] {
        let err = send(&app, &ana, Method::PATCH, &path, json!({"document": document, "result": "passed"}))
            .await
            .assert_error(400, "validation_error");
        assert_eq!(err["fields"]["document"][0], "Choose a document of this inspection's task.");
        let err = send(
            &app,
            &ana,
            Method::POST,
            "/api/inspections/",
            json!({"task": b.framing, "kind": "Framing", "scheduled_on": "2026-12-03", "document": document}),
        )
        .await
        .assert_error(400, "validation_error");
        assert!(err["fields"]["document"].is_array(), "{err}");
    }
    assert_eq!(app.authed_get(&list, &ana).await.ok_json(200).as_array().unwrap().len(), 2);

    // Passed, and the document detached: the ETag moves; the rest stays.
    let passed =
        send(&app, &ana, Method::PATCH, &path, json!({"result": "passed", "document": null})).await.ok_json(200);
    assert_eq!((passed["result"].as_str(), passed["document"].is_null()), (Some("passed"), true));
    assert_eq!((passed["kind"].as_str(), passed["inspector"].as_str()), (Some("Framing"), Some("City of Austin")));
    let passed_tag = etag(&app, &ana, b.project).await;
    assert_ne!(after, passed_tag);
    send(&app, &ana, Method::PATCH, &path, json!({"document": card})).await.ok_json(200);

    // Another user: 404 on everything of ana's, whatever the body.
    send(&app, &bob, Method::PATCH, &path, json!({"result": "nope"})).await.assert_error(404, "not_found");
    app.authed_json(Method::DELETE, &path, &bob, None).await.assert_error(404, "not_found");
    app.authed_get(&list, &bob).await.assert_error(404, "not_found");
    send(&app, &ana, Method::POST, "/api/inspections/", json!({"task": bobs.framing, "kind": "", "scheduled_on": "x"}))
        .await
        .assert_error(404, "not_found");

    assert_eq!(app.authed_json(Method::DELETE, &path, &ana, None).await.status, 204);
    assert_ne!(etag(&app, &ana, b.project).await, passed_tag);
    assert_eq!(app.authed_get(&list, &ana).await.ok_json(200).as_array().unwrap().len(), 1);
}

#[actix_web::test]
async fn bad_inspections_are_a_400_with_each_fields_message() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let b = build(&app, &ana).await;
    let err =
        send(&app, &ana, Method::POST, "/api/inspections/", json!({})).await.assert_error(400, "validation_error");
    for field in ["task", "kind", "scheduled_on"] {
        assert_eq!(err["fields"][field][0], "This field is required.", "{field}: {err}");
    }
    let err = send(
        &app,
        &ana,
        Method::POST,
        "/api/inspections/",
        json!({"task": b.framing, "kind": "  ", "scheduled_on": "2026-13-01", "inspector": "x".repeat(201),
               "result": "ok", "notes": "x".repeat(2001), "document": "card"}),
    )
    .await
    .assert_error(400, "validation_error");
    assert_eq!(err["fields"]["kind"][0], "This field may not be blank.");
    assert_eq!(err["fields"]["scheduled_on"][0], "Date has wrong format. Use YYYY-MM-DD.");
    assert_eq!(err["fields"]["inspector"][0], "Ensure this field has no more than 200 characters.");
    assert_eq!(err["fields"]["result"][0], "\"ok\" is not a valid choice.");
    assert_eq!(err["fields"]["notes"][0], "Ensure this field has no more than 2000 characters.");
    assert_eq!(err["fields"]["document"][0], "A valid integer is required.");
    let err = send(
        &app,
        &ana,
        Method::POST,
        "/api/inspections/",
        json!({"task": b.framing, "kind": "Final", "scheduled_on": ""}),
    )
    .await
    .assert_error(400, "validation_error");
    assert_eq!(err["fields"]["scheduled_on"][0], "This field is required.");
    let made = send(
        &app,
        &ana,
        Method::POST,
        "/api/inspections/",
        json!({"task": b.framing, "kind": "Final", "scheduled_on": "2026-12-01"}),
    )
    .await
    .ok_json(201);
    let path = format!("/api/inspections/{}/", made["id"]);
    let err = send(&app, &ana, Method::PATCH, &path, json!({"kind": null, "scheduled_on": null, "result": null}))
        .await
        .assert_error(400, "validation_error");
    for field in ["kind", "scheduled_on", "result"] {
        assert_eq!(err["fields"][field][0], "This field may not be null.", "{field}: {err}");
    }
    let err =
        send(&app, &ana, Method::PATCH, &path, json!({"task": b.roof})).await.assert_error(400, "validation_error");
    assert_eq!(err["fields"]["task"][0], "A delay or inspection cannot be moved to another task.");
}

#[actix_web::test]
async fn the_schedules_records_need_a_subscription() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let b = build(&app, &ana).await;
    let unpaid = app.unsubscribed_user("unpaid").await;
    for (method, path, body) in [
        (Method::GET, format!("/api/projects/{}/delays/", b.project), None),
        (Method::POST, "/api/delays/".to_owned(), Some(json!({"task": b.framing, "days": 1, "reason": "other"}))),
        (Method::GET, format!("/api/projects/{}/inspections/", b.project), None),
        (
            Method::POST,
            "/api/inspections/".to_owned(),
            Some(json!({"task": b.framing, "kind": "Final", "scheduled_on": "2026-12-01"})),
        ),
        (Method::GET, "/api/inspection-kinds/".to_owned(), None),
    ] {
        app.authed_json(method, &path, &unpaid, body).await.assert_error(402, "subscription_required");
    }
}
