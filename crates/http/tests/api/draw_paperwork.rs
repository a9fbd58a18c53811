//! Issue 34: a draw's continuation sheet, the lender inspector's percent complete, the final
//! draw and the lien waivers a draw needs before it is submitted, through the API.

use actix_web::http::Method;
use diesel::RunQueryDsl;
use serde_json::{json, Value};

use crate::helpers::{TestApp, User};

struct Build {
    project: i64,
    task: i64,
    contractor: i64,
}

/// A project at 5 % retainage with Framing (In Progress) awarded to Acme Framing at 41,800.
async fn build(app: &TestApp, user: &User) -> Build {
    let project = app.create_project(user, json!({"budget": 100000})).await["id"].as_i64().unwrap();
    let path = format!("/api/projects/{project}/");
    app.authed_json(Method::PATCH, &path, user, Some(json!({"retainage_percent": 5}))).await.ok_json(200);
    let task = app.create_task(user, project, json!({"title": "Framing", "status": "In Progress"})).await["id"]
        .as_i64()
        .unwrap();
    let contractor = app
        .authed_json(Method::POST, "/api/contractors/", user, Some(json!({"name": "Acme Framing"})))
        .await
        .ok_json(201)["id"]
        .as_i64()
        .unwrap();
    let body = json!({"task": task, "contractor": contractor, "amount": 41800});
    let bid = app.authed_json(Method::POST, "/api/bids/", user, Some(body)).await.ok_json(201)["id"].as_i64().unwrap();
    app.authed_json(Method::POST, &format!("/api/bids/{bid}/award/"), user, None).await.ok_json(200);
    Build { project, task, contractor }
}

/// A received waiver of `contractor`, naming `payment` when given, stored as the waivers' API
/// would store it.
fn received_waiver(app: &TestApp, project: i64, contractor: i64, payment: Option<i64>, kind: &'static str) {
    let payment = payment.map_or("NULL".to_owned(), |p| p.to_string());
    let sql = format!(
        "INSERT INTO lien_waivers (project_id, contractor_id, payment_id, kind, amount_cents, status, received_on, \
         created_at, updated_at) VALUES ({project}, {contractor}, {payment}, '{kind}', 200000, 'received', \
         '2026-11-22', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
    );
    app.db.write(move |conn| diesel::sql_query(sql.clone()).execute(conn)).unwrap();
}

async fn draws(app: &TestApp, user: &User, project: i64) -> Value {
    app.authed_get(&format!("/api/projects/{project}/draws/"), user).await.ok_json(200)
}

#[actix_web::test]
async fn a_draw_shows_its_continuation_sheet_and_needs_its_waivers_to_be_submitted() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let b = build(&app, &ana).await;
    let pay = json!({"task": b.task, "amount": 2000, "contractor": b.contractor, "paid_on": "2026-11-20"});
    let payment = app.authed_json(Method::POST, "/api/task-payments/", &ana, Some(pay)).await.ok_json(201)["id"]
        .as_i64()
        .unwrap();
    let body = json!({
        "project": b.project, "tasks": [b.task], "requested_on": "2026-11-21",
        "inspected_on": "2026-11-21", "inspector": "  Pat Lee ", "inspection_note": "Walls up on the first floor."
    });
    let draw = app.authed_json(Method::POST, "/api/draws/", &ana, Some(body)).await.ok_json(201);
    assert_eq!(
        (&draw["final"], &draw["inspected_on"], &draw["inspector"], &draw["retainage_percent"]),
        (&json!(false), &json!("2026-11-21"), &json!("Pat Lee"), &json!(5.0))
    );
    let line = &draw["items"][0];
    let columns = ["scheduled_value", "previous", "this_period", "completed_to_date", "percent_complete"];
    let got: Vec<&Value> = columns.iter().map(|c| &line[*c]).collect();
    assert_eq!(got, [&json!(41800.0), &json!(0.0), &json!(2000.0), &json!(2000.0), &json!(4.8)], "{line}");
    let got: Vec<&Value> = ["balance_to_finish", "retainage", "net", "inspected_percent"].iter().map(|c| &line[*c]).collect();
    assert_eq!(got, [&json!(39800.0), &json!(100.0), &json!(1900.0), &Value::Null], "{line}");
    let totals = ["scheduled_total", "previous_total", "completed_to_date_total", "balance_to_finish_total"];
    let got: Vec<&Value> = totals.iter().map(|c| &draw[*c]).collect();
    assert_eq!(got, [&json!(41800.0), &json!(0.0), &json!(2000.0), &json!(39800.0)]);
    assert_eq!((&draw["retainage_total"], &draw["net_total"]), (&json!(100.0), &json!(1900.0)));
    let missing = json!([{
        "payment": payment, "task": b.task, "contractor": b.contractor, "contractor_name": "Acme Framing",
        "amount": 2000.0, "paid_on": "2026-11-20"
    }]);
    assert_eq!((&draw["waivers_missing"], &draw["final_waivers_missing"]), (&missing, &json!([])));

    // Submitting with a waiver missing: 409 listing it, nothing written.
    let path = format!("/api/draws/{}/", draw["id"]);
    let err = app
        .authed_json(Method::PATCH, &path, &ana, Some(json!({"status": "submitted"})))
        .await
        .assert_error(409, "conflict");
    assert_eq!(
        err["message"],
        "This draw is missing lien waivers: mark them received, or submit with allow_missing_waivers."
    );
    let line = format!("$2,000.00 to Acme Framing on 2026-11-20 (payment {payment})");
    assert_eq!(err["fields"], json!({"waivers_missing": [line]}), "{err}");
    assert_eq!(draws(&app, &ana, b.project).await, json!([draw]));
    // Told to go anyway: submitted, the list stays on the draw.
    let body = json!({"status": "submitted", "allow_missing_waivers": true});
    let sent = app.authed_json(Method::PATCH, &path, &ana, Some(body)).await.ok_json(200);
    assert_eq!((&sent["status"], &sent["waivers_missing"]), (&json!("submitted"), &missing));
    // Percents only on a draft.
    let items = json!({"items": [{"task": b.task, "percent_complete": 50}]});
    app.authed_json(Method::PATCH, &path, &ana, Some(items)).await.assert_error(409, "conflict");
    // Back to draft; with the waiver received it goes.
    app.authed_json(Method::PATCH, &path, &ana, Some(json!({"status": "draft"}))).await.ok_json(200);
    received_waiver(&app, b.project, b.contractor, Some(payment), "unconditional_progress");
    let sent = app.authed_json(Method::PATCH, &path, &ana, Some(json!({"status": "submitted"}))).await.ok_json(200);
    assert_eq!((&sent["status"], &sent["waivers_missing"]), (&json!("submitted"), &json!([])));
}

#[actix_web::test]
async fn a_final_draw_takes_the_inspectors_percent_and_needs_the_final_waivers() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let b = build(&app, &ana).await;
    let pay = json!({"task": b.task, "amount": 2000, "contractor": b.contractor, "paid_on": "2026-11-20"});
    let payment = app.authed_json(Method::POST, "/api/task-payments/", &ana, Some(pay)).await.ok_json(201)["id"]
        .as_i64()
        .unwrap();
    let first = json!({"project": b.project, "tasks": [b.task], "requested_on": "2026-11-21"});
    app.authed_json(Method::POST, "/api/draws/", &ana, Some(first)).await.ok_json(201);

    // The inspector says 50 %: 41,800 x 50 % less the 2,000 drawn before.
    let body = json!({
        "project": b.project, "tasks": [b.task], "final": true, "requested_on": "2026-11-25",
        "items": [{"task": b.task, "percent_complete": 50}]
    });
    let draw = app.authed_json(Method::POST, "/api/draws/", &ana, Some(body)).await.ok_json(201);
    let line = &draw["items"][0];
    assert_eq!(
        (&line["previous"], &line["amount"], &line["inspected_percent"], &line["percent_complete"]),
        (&json!(2000.0), &json!(18900.0), &json!(50.0), &json!(50.0)),
        "{line}"
    );
    assert_eq!((&draw["final"], &draw["total"]), (&json!(true), &json!(18900.0)));
    assert_eq!(draw["final_waivers_missing"], json!([{"contractor": b.contractor, "contractor_name": "Acme Framing"}]));
    let path = format!("/api/draws/{}/", draw["id"]);
    // Cleared: the work not yet drawn (none); set again at 45.5 %.
    let items = |p: Value| json!({"items": [{"task": b.task, "percent_complete": p}]});
    let cleared = app.authed_json(Method::PATCH, &path, &ana, Some(items(Value::Null))).await.ok_json(200);
    assert_eq!((&cleared["items"][0]["amount"], &cleared["items"][0]["inspected_percent"]), (&json!(0.0), &Value::Null));
    let set = app.authed_json(Method::PATCH, &path, &ana, Some(items(json!(45.5)))).await.ok_json(200);
    assert_eq!(set["items"][0]["amount"], json!(17019.0), "41,800 x 45.5 % - 2,000");
    // An edit without items keeps the percent.
    let kept = app.authed_json(Method::PATCH, &path, &ana, Some(json!({"tasks": [b.task]}))).await.ok_json(200);
    assert_eq!(kept["items"][0]["inspected_percent"], json!(45.5));

    // Bad input: 400 naming each field, nothing written.
    let before = draws(&app, &ana, b.project).await;
    let bad = json!({
        "inspector": "x".repeat(121), "inspected_on": "soon", "final": "yes", "allow_missing_waivers": 1,
        "items": [{"task": b.task, "percent_complete": 100.5}], "inspection_note": "x".repeat(5001)
    });
    let err = app.authed_json(Method::PATCH, &path, &ana, Some(bad)).await.assert_error(400, "validation_error");
    for field in ["inspector", "inspected_on", "final", "allow_missing_waivers", "items", "inspection_note"] {
        assert!(err["fields"][field].is_array(), "{field}: {err}");
    }
    let err = app
        .authed_json(Method::PATCH, &path, &ana, Some(items(json!(12.25))))
        .await
        .assert_error(400, "validation_error");
    assert!(err["fields"]["items"].is_array(), "{err}");
    let stray = json!({"items": [{"task": b.task + 1000, "percent_complete": 10}]});
    app.authed_json(Method::PATCH, &path, &ana, Some(stray)).await.assert_error(400, "validation_error");
    let shape = json!({"items": [{"task": b.task}]});
    app.authed_json(Method::PATCH, &path, &ana, Some(shape)).await.assert_error(400, "validation_error");
    assert_eq!(draws(&app, &ana, b.project).await, before);
    // Another user's draw: 404 whatever the body says.
    let bob = app.user("bob").await;
    let bad = json!({"inspector": "x".repeat(121), "items": "all", "status": "submitted"});
    app.authed_json(Method::PATCH, &path, &bob, Some(bad)).await.assert_error(404, "not_found");

    // Submitting: both lists in one 409, the message of the first.
    let err = app
        .authed_json(Method::PATCH, &path, &ana, Some(json!({"status": "submitted"})))
        .await
        .assert_error(409, "conflict");
    assert_eq!(err["fields"]["final_waivers_missing"], json!(["Acme Framing"]), "{err}");
    assert_eq!(err["fields"]["waivers_missing"].as_array().map(Vec::len), Some(1), "{err}");
    assert!(err["message"].as_str().unwrap().starts_with("This draw is missing lien waivers"));
    // The progress waiver alone: the final one is still missing.
    received_waiver(&app, b.project, b.contractor, Some(payment), "unconditional_progress");
    let err = app
        .authed_json(Method::PATCH, &path, &ana, Some(json!({"status": "submitted"})))
        .await
        .assert_error(409, "conflict");
    assert_eq!(
        (&err["message"], &err["fields"]),
        (
            &json!("A final draw needs an unconditional final lien waiver from every contractor with an awarded bid."),
            &json!({"final_waivers_missing": ["Acme Framing"]})
        )
    );
    received_waiver(&app, b.project, b.contractor, None, "unconditional_final");
    let sent = app.authed_json(Method::PATCH, &path, &ana, Some(json!({"status": "submitted"}))).await.ok_json(200);
    assert_eq!((&sent["status"], &sent["final_waivers_missing"]), (&json!("submitted"), &json!([])));
}
