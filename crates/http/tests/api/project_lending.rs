//! Issue 34: the property and the loan on a project (`address`, `lender_name`, `loan_number`,
//! `retainage_percent`, `waiver_threshold`): defaults, round trips through POST/PATCH/GET, and
//! bad values answered 400 with field errors and nothing written.

use actix_web::http::Method;
use serde_json::{json, Value};

use crate::helpers::{project_body, TestApp, User};

fn body_with(overrides: Value) -> Value {
    let mut body = project_body();
    for (k, v) in overrides.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

async fn create(app: &TestApp, user: &User, overrides: Value) -> crate::helpers::Res {
    app.authed_json(Method::POST, "/api/projects/", user, Some(body_with(overrides))).await
}

fn lending(p: &Value) -> Value {
    json!([p["address"], p["lender_name"], p["loan_number"], p["retainage_percent"], p["waiver_threshold"]])
}

#[actix_web::test]
async fn a_new_project_has_no_address_no_retainage_and_waivers_above_500() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let p = create(&app, &ana, json!({})).await.ok_json(201);
    assert_eq!(lending(&p), json!(["", "", "", 0.0, 500.0]));
    let read = app.authed_get(&format!("/api/projects/{}/", p["id"]), &ana).await.ok_json(200);
    assert_eq!(lending(&read), lending(&p));
}

#[actix_web::test]
async fn the_lending_fields_are_kept_trimmed_and_a_patch_changes_only_what_it_names() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let sent = json!({
        "address": "  12 Elm St, Austin, TX 78701 ",
        "lender_name": " First Community Bank",
        "loan_number": "CL-2026-0042",
        "retainage_percent": 7.25,
        "waiver_threshold": "1000.50",
    });
    let p = create(&app, &ana, sent).await.ok_json(201);
    assert_eq!(lending(&p), json!(["12 Elm St, Austin, TX 78701", "First Community Bank", "CL-2026-0042", 7.25, 1000.5]));
    let path = format!("/api/projects/{}/", p["id"]);
    // A PATCH of another field keeps them.
    let kept = app.authed_json(Method::PATCH, &path, &ana, Some(json!({"name": "Elm St"}))).await.ok_json(200);
    assert_eq!(lending(&kept), lending(&p));
    // Retainage as a string, a zero threshold, a null text clears it.
    let changed = json!({"retainage_percent": "10", "waiver_threshold": 0, "lender_name": null, "loan_number": ""});
    let p = app.authed_json(Method::PATCH, &path, &ana, Some(changed)).await.ok_json(200);
    assert_eq!(lending(&p), json!(["12 Elm St, Austin, TX 78701", "", "", 10.0, 0.0]));
    let list = app.authed_get("/api/projects/", &ana).await.ok_json(200);
    assert_eq!(lending(&list[0]), lending(&p));
    // The limits themselves are accepted.
    let edge = json!({"retainage_percent": 20, "address": "a".repeat(200), "lender_name": "b".repeat(120), "loan_number": "c".repeat(60)});
    let p = app.authed_json(Method::PATCH, &path, &ana, Some(edge)).await.ok_json(200);
    assert_eq!(p["retainage_percent"], 20.0);
}

#[actix_web::test]
async fn bad_lending_values_answer_400_per_field_and_nothing_is_written() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let cases = [
        (json!({"retainage_percent": 20.01}), "retainage_percent", "Ensure this value is less than or equal to 20."),
        (json!({"retainage_percent": 25}), "retainage_percent", "Ensure this value is less than or equal to 20."),
        (json!({"retainage_percent": -1}), "retainage_percent", "Ensure this value is greater than or equal to 0."),
        (json!({"retainage_percent": 5.125}), "retainage_percent", "Ensure that there are no more than 2 decimal places."),
        (json!({"retainage_percent": "five"}), "retainage_percent", "A valid number is required."),
        (json!({"retainage_percent": null}), "retainage_percent", "This field may not be null."),
        (json!({"waiver_threshold": -5}), "waiver_threshold", "Ensure this value is greater than or equal to 0."),
        (json!({"waiver_threshold": 500.001}), "waiver_threshold", "Ensure that there are no more than 2 decimal places."),
        (json!({"waiver_threshold": null}), "waiver_threshold", "This field may not be null."),
        (json!({"waiver_threshold": true}), "waiver_threshold", "A valid number is required."),
        (json!({"address": "a".repeat(201)}), "address", "Ensure this field has no more than 200 characters."),
        (json!({"address": 12}), "address", "Not a valid string."),
        (json!({"lender_name": "b".repeat(121)}), "lender_name", "Ensure this field has no more than 120 characters."),
        (json!({"loan_number": "c".repeat(61)}), "loan_number", "Ensure this field has no more than 60 characters."),
    ];
    let created = create(&app, &ana, json!({"address": "1 Oak Ave", "retainage_percent": 5})).await.ok_json(201);
    let path = format!("/api/projects/{}/", created["id"]);
    for (overrides, field, message) in cases {
        let e = create(&app, &ana, overrides.clone()).await.assert_error(400, "validation_error");
        assert_eq!(e["fields"][field], json!([message]), "create {overrides}: {e}");
        assert_eq!(e["fields"].as_object().unwrap().len(), 1, "only {field}: {e}");
        let e = app.authed_json(Method::PATCH, &path, &ana, Some(overrides.clone())).await.assert_error(400, "validation_error");
        assert_eq!(e["fields"][field], json!([message]), "patch {overrides}: {e}");
    }
    // Every problem at once, with the project's other rules.
    let many = json!({"retainage_percent": 30, "waiver_threshold": -1, "name": ""});
    let e = create(&app, &ana, many).await.assert_error(400, "validation_error");
    let mut fields: Vec<&String> = e["fields"].as_object().unwrap().keys().collect();
    fields.sort();
    assert_eq!(fields, ["name", "retainage_percent", "waiver_threshold"]);
    // Nothing was written: one project, unchanged.
    let list = app.authed_get("/api/projects/", &ana).await.ok_json(200);
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(lending(&list[0]), json!(["1 Oak Ave", "", "", 5.0, 500.0]));
}

#[actix_web::test]
async fn another_users_project_answers_404_before_its_bad_values() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let bo = app.user("bo").await;
    let p = create(&app, &ana, json!({})).await.ok_json(201);
    let path = format!("/api/projects/{}/", p["id"]);
    let bad = json!({"retainage_percent": 99, "address": "Bo's house"});
    app.authed_json(Method::PATCH, &path, &bo, Some(bad)).await.assert_error(404, "not_found");
    let read = app.authed_get(&path, &ana).await.ok_json(200);
    assert_eq!(lending(&read), json!(["", "", "", 0.0, 500.0]));
}
