//! Issue 34: lien waivers through the API — written, listed, changed and deleted; another user's
//! waiver, project, contractor, payment or document is 404 before any 400; bad values are 400
//! with nothing written; each payment's waiver status follows the waivers and the threshold; a
//! contractor with waivers stays.

use actix_web::http::Method;
use serde_json::{json, Value};

use crate::helpers::{TestApp, User};

struct Build {
    project: i64,
    task: i64,
    contractor: i64,
    payment: i64,
    document: i64,
}

/// Ana's project with Framing, a $2,000.00 payment to Acme Framing on 2026-11-20, a document.
async fn build(app: &TestApp, user: &User) -> Build {
    let project = app.create_project(user, json!({})).await["id"].as_i64().unwrap();
    let task = app.create_task(user, project, json!({"title": "Framing"})).await["id"].as_i64().unwrap();
    let contractor = app
        .authed_json(Method::POST, "/api/contractors/", user, Some(json!({"name": "Acme Framing"})))
        .await
        .ok_json(201)["id"]
        .as_i64()
        .unwrap();
    let pay = json!({"task": task, "amount": 2000, "contractor": contractor, "paid_on": "2026-11-20"});
    let payment = app.authed_json(Method::POST, "/api/task-payments/", user, Some(pay)).await.ok_json(201);
    assert_eq!(payment["waiver_status"], "missing", "{payment}");
    let document = app.upload(user, task, "waiver.pdf", b"%PDF-1.4 signed").await.ok_json(201)["id"].as_i64().unwrap();
    Build { project, task, contractor, payment: payment["id"].as_i64().unwrap(), document }
}

async fn waivers(app: &TestApp, user: &User, project: i64) -> Value {
    app.authed_get(&format!("/api/projects/{project}/lien-waivers/"), user).await.ok_json(200)
}

/// The waiver status of each of the project's payments, as every payment answer gives it.
async fn statuses(app: &TestApp, user: &User, b: &Build) -> Vec<String> {
    let by_project = app.authed_get(&format!("/api/projects/{}/payments/", b.project), user).await.ok_json(200);
    let by_task = app.authed_get(&format!("/api/tasks/{}/payments/", b.task), user).await.ok_json(200);
    let of = |list: &Value| -> Vec<String> {
        list.as_array().unwrap().iter().map(|p| p["waiver_status"].as_str().unwrap().to_owned()).collect()
    };
    assert_eq!(of(&by_project), of(&by_task));
    of(&by_task)
}

fn today() -> String {
    chrono::Utc::now().date_naive().to_string()
}

#[actix_web::test]
async fn a_waiver_is_requested_received_with_its_signed_copy_and_deleted() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let b = build(&app, &ana).await;
    let body = json!({
        "project": b.project, "contractor": b.contractor, "payment": b.payment,
        "kind": "conditional_progress", "amount": "2000.00"
    });
    let w = app.authed_json(Method::POST, "/api/lien-waivers/", &ana, Some(body)).await.ok_json(201);
    let expected = json!({
        "id": w["id"], "project": b.project, "contractor": b.contractor, "contractor_name": "Acme Framing",
        "payment": b.payment, "kind": "conditional_progress", "amount": 2000.0, "through_date": null,
        "status": "requested", "received_on": null, "document": null, "document_name": null
    });
    assert_eq!(w, expected);
    assert_eq!(statuses(&app, &ana, &b).await, ["requested"]);
    let path = format!("/api/lien-waivers/{}/", w["id"]);

    // Received: today unless given; the signed copy attached.
    let body = json!({"status": "received", "document": b.document, "kind": "unconditional_progress"});
    let got = app.authed_json(Method::PATCH, &path, &ana, Some(body)).await.ok_json(200);
    assert_eq!(
        (&got["status"], &got["received_on"], &got["document_name"], &got["kind"]),
        (&json!("received"), &json!(today()), &json!("waiver.pdf"), &json!("unconditional_progress"))
    );
    assert_eq!(statuses(&app, &ana, &b).await, ["received"]);
    let got = app.authed_json(Method::PATCH, &path, &ana, Some(json!({"received_on": "2026-11-22"}))).await.ok_json(200);
    assert_eq!(got["received_on"], "2026-11-22");
    // A requested waiver has no received date: sending one is refused, going back clears it.
    let err = app
        .authed_json(Method::PATCH, &path, &ana, Some(json!({"status": "requested", "received_on": "2026-11-22"})))
        .await
        .assert_error(400, "validation_error");
    assert!(err["fields"]["received_on"].is_array(), "{err}");
    let got = app.authed_json(Method::PATCH, &path, &ana, Some(json!({"status": "requested"}))).await.ok_json(200);
    assert_eq!((&got["status"], &got["received_on"]), (&json!("requested"), &Value::Null));
    let body = json!({"project": b.project, "contractor": b.contractor, "kind": "conditional_final", "amount": 0,
        "received_on": "2026-11-22"});
    app.authed_json(Method::POST, "/api/lien-waivers/", &ana, Some(body)).await.assert_error(400, "validation_error");

    // Oldest first; a delete is 204 and the payment's waiver is missing again.
    let second = json!({"project": b.project, "contractor": b.contractor, "kind": "conditional_final", "amount": 0,
        "status": "received", "through_date": "2026-11-01"});
    let second = app.authed_json(Method::POST, "/api/lien-waivers/", &ana, Some(second)).await.ok_json(201);
    assert_eq!(second["received_on"], json!(today()));
    let ids: Vec<Value> = waivers(&app, &ana, b.project).await.as_array().unwrap().iter().map(|w| w["id"].clone()).collect();
    assert_eq!(ids, [w["id"].clone(), second["id"].clone()]);
    let res = app.authed_json(Method::DELETE, &path, &ana, None).await;
    assert_eq!(res.status, 204);
    assert_eq!(statuses(&app, &ana, &b).await, ["missing"], "a waiver through the 1st does not cover the 20th");
    app.authed_json(Method::DELETE, &path, &ana, None).await.assert_error(404, "not_found");
}

#[actix_web::test]
async fn another_users_things_are_not_found_before_any_bad_value() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let bob = app.user("bob").await;
    let a = build(&app, &ana).await;
    let b = build(&app, &bob).await;
    let body = json!({"project": a.project, "contractor": a.contractor, "kind": "conditional_progress", "amount": 10});
    let mine = app.authed_json(Method::POST, "/api/lien-waivers/", &ana, Some(body.clone())).await.ok_json(201);
    let mine_path = format!("/api/lien-waivers/{}/", mine["id"]);
    // Bob's project, contractor, payment or document named in Ana's write: 404, whatever else
    // the body says (a bad kind).
    for (field, id, what) in [
        ("project", b.project, "Project"),
        ("contractor", b.contractor, "Contractor"),
        ("payment", b.payment, "Payment"),
        ("document", b.document, "Document"),
    ] {
        let mut bad = body.clone();
        bad[field] = json!(id);
        bad["kind"] = json!("final");
        let err = app.authed_json(Method::POST, "/api/lien-waivers/", &ana, Some(bad.clone())).await.assert_error(404, "not_found");
        assert_eq!(err["message"], format!("{what} not found."), "{field}");
        if field != "project" {
            bad.as_object_mut().unwrap().remove("project");
            app.authed_json(Method::PATCH, &mine_path, &ana, Some(bad)).await.assert_error(404, "not_found");
        }
    }
    app.authed_get(&format!("/api/projects/{}/lien-waivers/", a.project), &bob).await.assert_error(404, "not_found");
    let bad = json!({"kind": "final"});
    let err = app.authed_json(Method::PATCH, &mine_path, &bob, Some(bad)).await.assert_error(404, "not_found");
    assert_eq!(err["message"], "Lien waiver not found.");
    app.authed_json(Method::DELETE, &mine_path, &bob, None).await.assert_error(404, "not_found");
    assert_eq!(waivers(&app, &bob, b.project).await, json!([]));
    assert_eq!(waivers(&app, &ana, a.project).await, json!([mine]));
}

#[actix_web::test]
async fn bad_values_are_refused_with_nothing_written() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let b = build(&app, &ana).await;
    let barn = app.create_project(&ana, json!({"name": "Barn"})).await["id"].as_i64().unwrap();
    let barn_task = app.create_task(&ana, barn, json!({"title": "Roof"})).await["id"].as_i64().unwrap();
    let barn_doc = app.upload(&ana, barn_task, "other.pdf", b"%PDF-1.4 other").await.ok_json(201)["id"].as_i64().unwrap();
    let zed = app
        .authed_json(Method::POST, "/api/contractors/", &ana, Some(json!({"name": "Zed Roofing"})))
        .await
        .ok_json(201)["id"]
        .as_i64()
        .unwrap();
    let good = json!({"project": b.project, "contractor": b.contractor, "kind": "conditional_progress", "amount": 10});
    let cases: Vec<(&str, Value, &str)> = vec![
        ("kind", json!("final"), "\"final\" is not a valid choice."),
        ("kind", json!(null), "This field may not be null."),
        ("amount", json!(-1), "Ensure this value is greater than or equal to 0."),
        ("amount", json!("1.234"), "Ensure that there are no more than 2 decimal places."),
        ("amount", json!("lots"), "A valid number is required."),
        ("through_date", json!("2026-13-01"), "Date has wrong format. Use YYYY-MM-DD."),
        ("received_on", json!("soon"), "Date has wrong format. Use YYYY-MM-DD."),
        ("status", json!("signed"), "\"signed\" is not a valid choice."),
        ("payment", json!("twelve"), "A valid integer is required."),
        ("document", json!(barn_doc), "Choose a document of this project."),
        ("contractor", json!(zed), ""),
    ];
    for (field, value, message) in cases {
        let mut body = good.clone();
        body[field] = value.clone();
        if field == "contractor" {
            // The payment is Acme's, not Zed's.
            body["payment"] = json!(b.payment);
        }
        let err =
            app.authed_json(Method::POST, "/api/lien-waivers/", &ana, Some(body)).await.assert_error(400, "validation_error");
        let (field, message) = if field == "contractor" { ("payment", "Choose a payment to this contractor.") } else { (field, message) };
        assert_eq!(err["fields"][field], json!([message]), "{field} = {value}: {err}");
    }
    let mut missing = good.clone();
    missing.as_object_mut().unwrap().retain(|k, _| k == "project");
    let err = app.authed_json(Method::POST, "/api/lien-waivers/", &ana, Some(missing)).await.assert_error(400, "validation_error");
    for field in ["contractor", "kind", "amount"] {
        assert_eq!(err["fields"][field], json!(["This field is required."]), "{err}");
    }
    let mut unknown = good.clone();
    unknown["signed_by"] = json!("Pat");
    app.authed_json(Method::POST, "/api/lien-waivers/", &ana, Some(unknown)).await.assert_error(400, "invalid_json");
    assert_eq!(waivers(&app, &ana, b.project).await, json!([]), "nothing written");
    // An update's bad values leave the waiver as it was; it cannot move to another project.
    let w = app.authed_json(Method::POST, "/api/lien-waivers/", &ana, Some(good)).await.ok_json(201);
    let path = format!("/api/lien-waivers/{}/", w["id"]);
    for body in [json!({"amount": -5}), json!({"through_date": "tomorrow"}), json!({"project": barn}), json!({"contractor": null})] {
        app.authed_json(Method::PATCH, &path, &ana, Some(body)).await.assert_error(400, "validation_error");
    }
    assert_eq!(waivers(&app, &ana, b.project).await, json!([w]));
}

#[actix_web::test]
async fn a_payments_waiver_status_follows_its_waivers_and_the_threshold() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let b = build(&app, &ana).await;
    // A later payment to Acme, one to a payee without a roster contractor, one at the threshold.
    for body in [
        json!({"task": b.task, "amount": 2000, "contractor": b.contractor, "paid_on": "2026-11-25"}),
        json!({"task": b.task, "amount": 9000, "payee": "Lumber yard", "paid_on": "2026-11-26"}),
        json!({"task": b.task, "amount": 500, "contractor": b.contractor, "paid_on": "2026-11-27"}),
    ] {
        app.authed_json(Method::POST, "/api/task-payments/", &ana, Some(body)).await.ok_json(201);
    }
    assert_eq!(statuses(&app, &ana, &b).await, ["missing", "missing", "not_needed", "not_needed"]);
    // Requested through the 24th: the first is requested; received, it is covered.
    let body = json!({"project": b.project, "contractor": b.contractor, "kind": "conditional_progress", "amount": 2000,
        "through_date": "2026-11-24"});
    let w = app.authed_json(Method::POST, "/api/lien-waivers/", &ana, Some(body)).await.ok_json(201);
    assert_eq!(statuses(&app, &ana, &b).await, ["requested", "missing", "not_needed", "not_needed"]);
    let path = format!("/api/lien-waivers/{}/", w["id"]);
    app.authed_json(Method::PATCH, &path, &ana, Some(json!({"status": "received"}))).await.ok_json(200);
    assert_eq!(statuses(&app, &ana, &b).await, ["received", "missing", "not_needed", "not_needed"]);
    // Through the 25th covers the second too; the payment's own answer says so.
    app.authed_json(Method::PATCH, &path, &ana, Some(json!({"through_date": "2026-11-25"}))).await.ok_json(200);
    assert_eq!(statuses(&app, &ana, &b).await, ["received", "received", "not_needed", "not_needed"]);
    let paid = app
        .authed_json(Method::PATCH, &format!("/api/task-payments/{}/", b.payment), &ana, Some(json!({"note": "Draw 1"})))
        .await
        .ok_json(200);
    assert_eq!(paid["waiver_status"], "received");
    // A higher threshold: none above it needs a waiver.
    let project = format!("/api/projects/{}/", b.project);
    app.authed_json(Method::PATCH, &project, &ana, Some(json!({"waiver_threshold": 2000}))).await.ok_json(200);
    app.authed_json(Method::DELETE, &path, &ana, None).await;
    assert_eq!(statuses(&app, &ana, &b).await, ["not_needed", "not_needed", "not_needed", "not_needed"]);
}

#[actix_web::test]
async fn a_contractor_with_waivers_stays() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let b = build(&app, &ana).await;
    let body = json!({"project": b.project, "contractor": b.contractor, "kind": "unconditional_final", "amount": 0});
    let w = app.authed_json(Method::POST, "/api/lien-waivers/", &ana, Some(body)).await.ok_json(201);
    let contractor = format!("/api/contractors/{}/", b.contractor);
    let err = app.authed_json(Method::DELETE, &contractor, &ana, None).await.assert_error(409, "conflict");
    assert_eq!(err["message"], "This contractor has lien waivers. Delete their waivers first, then the contractor.");
    assert_eq!(waivers(&app, &ana, b.project).await, json!([w]));
    let res = app.authed_json(Method::DELETE, &format!("/api/lien-waivers/{}/", w["id"]), &ana, None).await;
    assert_eq!(res.status, 204);
    assert_eq!(app.authed_json(Method::DELETE, &contractor, &ana, None).await.status, 204);
}
