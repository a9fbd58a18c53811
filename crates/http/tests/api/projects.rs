//! `/api/projects/...`: list, create, get, patch, delete, the rules of spec section 5, and
//! another user's projects.

use actix_web::http::Method;
use serde_json::{json, Value};

use crate::helpers::{project_body, TestApp, User};

const UNITS_MSG: &str = "Please specify the number of units for a multifamily building.";
const START_MSG: &str = "Please provide a project start date.";

fn body_with(overrides: Value) -> Value {
    let mut body = project_body();
    for (k, v) in overrides.as_object().unwrap() {
        if v == &json!("__remove__") {
            body.as_object_mut().unwrap().remove(k);
        } else {
            body[k] = v.clone();
        }
    }
    body
}

async fn create(app: &TestApp, user: &User, body: Value) -> crate::helpers::Res {
    app.authed_json(Method::POST, "/api/projects/", user, Some(body)).await
}

#[actix_web::test]
async fn create_answers_201_with_the_whole_project() {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    let p = create(&app, &user, project_body()).await.ok_json(201);
    assert!(p["id"].as_i64().is_some_and(|id| id > 0), "{p}");
    assert_eq!(p["name"], "Lake house");
    assert_eq!(p["zip_code"], "78701");
    assert_eq!(p["project_type"], "new_home_build");
    assert_eq!(p["project_type_display"], "New Home Build");
    assert_eq!(p["property_type"], "single_family");
    assert_eq!(p["units"], Value::Null);
    assert_eq!(p["renovation_options"], json!([]));
    assert_eq!(p["addition_options"], json!([]));
    assert_eq!(p["conversion_option"], Value::Null);
    assert_eq!(p["square_footage"], 2400);
    assert_eq!(p["start_date"], "2026-01-05");
    assert_eq!(p["end_date"], "2026-12-20");
    assert_eq!(p["budget"], json!(450000.0));
    assert_eq!(p["owner_builder"], "yes_owner_builder");
    assert_eq!(p["owner_builder_display"], "Yes, I will be managing my project");
    let created_at = p["created_at"].as_str().unwrap();
    assert!(chrono::DateTime::parse_from_rfc3339(created_at).is_ok(), "{created_at}");
}

#[actix_web::test]
async fn every_project_type_has_its_display_label() {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    let cases = [
        (json!({"project_type": "new_home_build"}), "New Home Build"),
        (
            json!({"project_type": "renovation", "property_type": null, "renovation_options": ["Kitchen", "HVAC replacement"]}),
            "Renovation",
        ),
        (json!({"project_type": "addition", "property_type": null, "addition_options": ["Garage"]}), "Addition"),
        (
            json!({"project_type": "conversion", "property_type": null, "conversion_option": "garage_apartment_conversion"}),
            "Conversion",
        ),
        (json!({"project_type": "adu", "property_type": null}), "ADU"),
    ];
    for (overrides, label) in cases {
        let p = create(&app, &user, body_with(overrides.clone())).await.ok_json(201);
        assert_eq!(p["project_type_display"], label, "{overrides}");
    }
    let list = app.authed_get("/api/projects/", &user).await.ok_json(200);
    let labels: Vec<&str> =
        list.as_array().unwrap().iter().map(|p| p["project_type_display"].as_str().unwrap()).collect();
    assert_eq!(labels, ["New Home Build", "Renovation", "Addition", "Conversion", "ADU"]);
    let renovation = &list[1];
    assert_eq!(renovation["renovation_options"], json!(["Kitchen", "HVAC replacement"]));
    assert_eq!(list[2]["addition_options"], json!(["Garage"]));
    assert_eq!(list[3]["conversion_option"], "garage_apartment_conversion");
}

#[actix_web::test]
async fn a_multifamily_project_keeps_its_units_and_others_drop_them() {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    let p = create(&app, &user, body_with(json!({"property_type": "multifamily", "units": 4}))).await.ok_json(201);
    assert_eq!(p["units"], 4);
    let p = create(&app, &user, body_with(json!({"property_type": "single_family", "units": 4}))).await.ok_json(201);
    assert_eq!(p["units"], Value::Null);
    // The owner_builder label of the other choice.
    let p = create(&app, &user, body_with(json!({"owner_builder": "no_general_contractor"}))).await.ok_json(201);
    assert_eq!(p["owner_builder_display"], "No, I'm hiring a general contractor");
}

#[actix_web::test]
async fn budgets_keep_their_cents_exactly() {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    for (sent, shown) in [
        (json!(1234.56), json!(1234.56)),
        (json!(0.1), json!(0.1)),
        (json!(0), json!(0.0)),
        (json!("99.9"), json!(99.9)),
        (json!(999999.99), json!(999999.99)),
        (json!(1234.5), json!(1234.5)),
    ] {
        let p = create(&app, &user, body_with(json!({"budget": sent}))).await.ok_json(201);
        assert_eq!(p["budget"], shown, "{sent}");
        let again = app.authed_get(&format!("/api/projects/{}/", p["id"]), &user).await.ok_json(200);
        assert_eq!(again["budget"], shown, "{sent}");
    }
    // The text on the wire is exactly the dollars with their cents.
    let p = create(&app, &user, body_with(json!({"budget": 1234.56}))).await.ok_json(201);
    let res = app.authed_get(&format!("/api/projects/{}/", p["id"]), &user).await;
    assert!(res.text().contains("\"budget\":1234.56"), "{}", res.text());
}

#[actix_web::test]
async fn slashed_dates_are_accepted_and_shown_as_iso() {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    let p =
        create(&app, &user, body_with(json!({"start_date": "1/5/2026", "end_date": "12/20/2026"}))).await.ok_json(201);
    assert_eq!((p["start_date"].as_str(), p["end_date"].as_str()), (Some("2026-01-05"), Some("2026-12-20")));
}

/// Asserts a 400 validation error naming `field` (and, when given, with that exact message).
#[track_caller]
fn assert_field(res: &crate::helpers::Res, field: &str, message: Option<&str>) -> Value {
    let err = res.assert_error(400, "validation_error");
    let problems = err["fields"][field].as_array().unwrap_or_else(|| panic!("no {field} in {err}"));
    assert!(!problems.is_empty());
    if let Some(m) = message {
        assert!(problems.iter().any(|p| p == m), "{field}: {err}");
    }
    err
}

#[actix_web::test]
async fn each_create_rule_of_section_5_is_enforced() {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    let cases: Vec<(Value, &str)> = vec![
        // Required fields: absent, null or blank.
        (json!({"name": "__remove__"}), "name"),
        (json!({"name": ""}), "name"),
        (json!({"name": "   "}), "name"),
        (json!({"name": "x".repeat(201)}), "name"),
        (json!({"zip_code": "__remove__"}), "zip_code"),
        (json!({"zip_code": ""}), "zip_code"),
        (json!({"zip_code": "7870"}), "zip_code"),
        (json!({"zip_code": "ABCDE"}), "zip_code"),
        (json!({"zip_code": "78701-12"}), "zip_code"),
        (json!({"project_type": "__remove__"}), "project_type"),
        (json!({"project_type": "castle"}), "project_type"),
        (json!({"owner_builder": "__remove__"}), "owner_builder"),
        (json!({"owner_builder": "maybe"}), "owner_builder"),
        (json!({"square_footage": "__remove__"}), "square_footage"),
        (json!({"square_footage": null}), "square_footage"),
        (json!({"square_footage": 0}), "square_footage"),
        (json!({"square_footage": -10}), "square_footage"),
        (json!({"square_footage": 1_000_001}), "square_footage"),
        (json!({"end_date": "__remove__"}), "end_date"),
        (json!({"end_date": "2026-13-01"}), "end_date"),
        (json!({"end_date": "2025-12-31"}), "end_date"),
        (json!({"start_date": "tomorrow"}), "start_date"),
        (json!({"budget": "__remove__"}), "budget"),
        (json!({"budget": null}), "budget"),
        (json!({"budget": -1}), "budget"),
        (json!({"budget": 10.999}), "budget"),
        // Conditionals.
        (json!({"property_type": "__remove__"}), "property_type"),
        (json!({"property_type": "castle"}), "property_type"),
        (json!({"property_type": "multifamily", "units": 0}), "units"),
        (json!({"project_type": "conversion", "property_type": null, "conversion_option": null}), "conversion_option"),
        (
            json!({"project_type": "conversion", "property_type": null, "conversion_option": "barn"}),
            "conversion_option",
        ),
        (
            json!({"project_type": "renovation", "property_type": null, "renovation_options": ["Moat"]}),
            "renovation_options",
        ),
        (json!({"project_type": "addition", "property_type": null, "addition_options": ["Pool"]}), "addition_options"),
    ];
    for (overrides, field) in cases {
        let res = create(&app, &user, body_with(overrides.clone())).await;
        assert_eq!(res.status, 400, "{overrides}: {}", res.text());
        assert_field(&res, field, None);
    }
    // Nothing was stored by any of them.
    assert_eq!(app.authed_get("/api/projects/", &user).await.ok_json(200), json!([]));
}

#[actix_web::test]
async fn multifamily_without_units_gets_the_spec_message() {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    for units in [json!(null), json!("__remove__"), json!("")] {
        let res = create(&app, &user, body_with(json!({"property_type": "multifamily", "units": units}))).await;
        let err = assert_field(&res, "units", Some(UNITS_MSG));
        assert_eq!(err["message"], UNITS_MSG, "{err}");
    }
}

#[actix_web::test]
async fn a_missing_start_date_gets_the_spec_message() {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    for start in [json!(null), json!("__remove__"), json!("")] {
        let res = create(&app, &user, body_with(json!({"start_date": start}))).await;
        let err = assert_field(&res, "start_date", Some(START_MSG));
        assert_eq!(err["message"], START_MSG, "{err}");
    }
}

#[actix_web::test]
async fn every_problem_is_reported_at_once() {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    let err = create(&app, &user, json!({})).await.assert_error(400, "validation_error");
    for field in
        ["name", "zip_code", "project_type", "owner_builder", "square_footage", "start_date", "end_date", "budget"]
    {
        assert!(err["fields"][field].is_array(), "{field}: {err}");
    }
    assert_eq!(err["fields"]["start_date"][0], START_MSG);
}

#[actix_web::test]
async fn a_patch_reports_a_fields_own_problem_with_the_rules_problems() {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    let p = app.create_project(&user, json!({})).await;
    let path = format!("/api/projects/{}/", p["id"]);
    // A date that cannot be read is not also "required"; the units the new property type needs
    // are asked for in the same answer.
    let patch = json!({"start_date": "1.5.2026", "property_type": "multifamily", "zip_code": ""});
    let err = app.authed_json(Method::PATCH, &path, &user, Some(patch)).await.assert_error(400, "validation_error");
    assert_eq!(err["fields"]["start_date"], json!(["Date has wrong format. Use YYYY-MM-DD."]), "{err}");
    assert_eq!(err["fields"]["units"], json!([UNITS_MSG]), "{err}");
    assert_eq!(err["fields"]["zip_code"], json!(["This field is required."]), "{err}");
    assert_eq!(err["fields"].as_object().unwrap().len(), 3, "{err}");
    assert_eq!(app.authed_get(&path, &user).await.ok_json(200), p);
    // Both date forms of the spec, on a PATCH too.
    let moved = app.authed_json(Method::PATCH, &path, &user, Some(json!({"end_date": "3/1/2027"}))).await.ok_json(200);
    assert_eq!(moved["end_date"], "2027-03-01");
}

#[actix_web::test]
async fn wrong_json_types_are_400_per_field() {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    let body = body_with(json!({
        "name": 5,
        "zip_code": 78701,
        "project_type": ["new_home_build"],
        "square_footage": "big",
        "budget": true,
        "renovation_options": "Kitchen",
        "addition_options": [1, 2],
        "units": [],
        "start_date": 20260105,
        "owner_builder": {"yes": true}
    }));
    let err = create(&app, &user, body).await.assert_error(400, "validation_error");
    for field in [
        "name",
        "zip_code",
        "project_type",
        "square_footage",
        "budget",
        "renovation_options",
        "addition_options",
        "units",
        "start_date",
        "owner_builder",
    ] {
        assert!(err["fields"][field].is_array(), "{field}: {err}");
    }
    // Each alone, too.
    for (field, value) in [("square_footage", json!(12.5)), ("budget", json!({"amount": 1})), ("name", json!(null))] {
        let res = create(&app, &user, body_with(json!({ field: value }))).await;
        assert_field(&res, field, None);
    }
}

#[actix_web::test]
async fn list_shows_only_the_callers_projects_oldest_first() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let bob = app.user("bob").await;
    let a1 = app.create_project(&ana, json!({"name": "First"})).await;
    app.create_project(&bob, json!({"name": "Bob's"})).await;
    let a2 = app.create_project(&ana, json!({"name": "Second"})).await;
    let list = app.authed_get("/api/projects/", &ana).await.ok_json(200);
    let names: Vec<&str> = list.as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["First", "Second"]);
    assert_eq!(list[0], a1);
    assert_eq!(list[1], a2);
    let list = app.authed_get("/api/projects/", &bob).await.ok_json(200);
    assert_eq!(list.as_array().unwrap().len(), 1);
}

#[actix_web::test]
async fn get_returns_the_project() {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    let p = app.create_project(&user, json!({})).await;
    let got = app.authed_get(&format!("/api/projects/{}/", p["id"]), &user).await.ok_json(200);
    assert_eq!(got, p);
}

#[actix_web::test]
async fn unknown_or_malformed_ids_are_404() {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    for path in [
        "/api/projects/999/",
        "/api/projects/abc/",
        "/api/projects/0/",
        "/api/projects/-1/",
        "/api/projects/99999999999999999999999/",
    ] {
        app.authed_get(path, &user).await.assert_error(404, "not_found");
        app.authed_json(Method::PATCH, path, &user, Some(json!({"budget": 1}))).await.assert_error(404, "not_found");
        app.authed_json(Method::DELETE, path, &user, None).await.assert_error(404, "not_found");
    }
}

#[actix_web::test]
async fn patch_budget_only_changes_the_budget() {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    let p = app.create_project(&user, json!({})).await;
    let path = format!("/api/projects/{}/", p["id"]);
    let updated = app.authed_json(Method::PATCH, &path, &user, Some(json!({"budget": 512345.67}))).await.ok_json(200);
    let mut expected = p.clone();
    expected["budget"] = json!(512345.67);
    assert_eq!(updated, expected);
    assert_eq!(app.authed_get(&path, &user).await.ok_json(200), expected);
    // The client may send the budget as a string from the number input.
    let updated = app.authed_json(Method::PATCH, &path, &user, Some(json!({"budget": "1000.5"}))).await.ok_json(200);
    assert_eq!(updated["budget"], json!(1000.5));
}

#[actix_web::test]
async fn patch_changes_any_subset_of_fields() {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    let p = app.create_project(&user, json!({})).await;
    let path = format!("/api/projects/{}/", p["id"]);
    let updated = app
        .authed_json(
            Method::PATCH,
            &path,
            &user,
            Some(json!({"name": "Renamed", "zip_code": "10001", "square_footage": 1800, "end_date": "2027-03-01"})),
        )
        .await
        .ok_json(200);
    assert_eq!(updated["name"], "Renamed");
    assert_eq!(updated["zip_code"], "10001");
    assert_eq!(updated["square_footage"], 1800);
    assert_eq!(updated["end_date"], "2027-03-01");
    assert_eq!(updated["start_date"], p["start_date"]);
    assert_eq!(updated["budget"], p["budget"]);
    // Changing the type to a renovation with options.
    let updated = app
        .authed_json(
            Method::PATCH,
            &path,
            &user,
            Some(json!({"project_type": "renovation", "property_type": null, "renovation_options": ["Deck", "Fence"]})),
        )
        .await
        .ok_json(200);
    assert_eq!(updated["project_type_display"], "Renovation");
    assert_eq!(updated["renovation_options"], json!(["Deck", "Fence"]));
    // An empty patch changes nothing.
    let same = app.authed_json(Method::PATCH, &path, &user, Some(json!({}))).await.ok_json(200);
    assert_eq!(same, updated);
}

#[actix_web::test]
async fn a_patch_that_breaks_a_rule_is_400_and_changes_nothing() {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    let p = app.create_project(&user, json!({})).await;
    let path = format!("/api/projects/{}/", p["id"]);
    let cases: Vec<(Value, &str, Option<&str>)> = vec![
        (json!({"name": "Kept?", "end_date": "2025-01-01"}), "end_date", None),
        (json!({"budget": 99, "property_type": "multifamily"}), "units", Some(UNITS_MSG)),
        (json!({"name": "Kept?", "start_date": null}), "start_date", Some(START_MSG)),
        (json!({"project_type": "conversion", "property_type": null}), "conversion_option", None),
        (json!({"name": ""}), "name", None),
        (json!({"budget": -5}), "budget", None),
        (json!({"budget": "abc"}), "budget", None),
        (json!({"square_footage": 0}), "square_footage", None),
        (json!({"zip_code": "1"}), "zip_code", None),
        (json!({"project_type": "castle"}), "project_type", None),
        (json!({"name": "Kept?", "square_footage": "many"}), "square_footage", None),
    ];
    for (patch, field, message) in cases {
        let res = app.authed_json(Method::PATCH, &path, &user, Some(patch.clone())).await;
        assert_eq!(res.status, 400, "{patch}: {}", res.text());
        assert_field(&res, field, message);
        assert_eq!(app.authed_get(&path, &user).await.ok_json(200), p, "after {patch}");
    }
    // Malformed and non-object bodies too.
    let req = actix_web::test::TestRequest::patch()
        .uri(&path)
        .insert_header(("Authorization", format!("Bearer {}", user.access)))
        .insert_header(("Content-Type", "application/json"))
        .set_payload("{\"budget\": ");
    app.send(req).await.assert_error(400, "invalid_json");
    app.authed_json(Method::PATCH, &path, &user, Some(json!([1]))).await.assert_error(400, "invalid_json");
    assert_eq!(app.authed_get(&path, &user).await.ok_json(200), p);
}

#[actix_web::test]
async fn delete_answers_204_and_the_project_is_gone() {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    let p = app.create_project(&user, json!({})).await;
    let keep = app.create_project(&user, json!({"name": "Keep"})).await;
    let path = format!("/api/projects/{}/", p["id"]);
    let res = app.authed_json(Method::DELETE, &path, &user, None).await;
    assert_eq!(res.status, 204);
    assert!(res.body.is_empty());
    app.authed_get(&path, &user).await.assert_error(404, "not_found");
    app.authed_json(Method::DELETE, &path, &user, None).await.assert_error(404, "not_found");
    app.authed_get(&format!("{path}tasks/"), &user).await.assert_error(404, "not_found");
    assert_eq!(app.authed_get("/api/projects/", &user).await.ok_json(200), json!([keep]));
}

#[actix_web::test]
async fn another_users_project_is_404_and_untouched() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let bob = app.user("bob").await;
    let p = app.create_project(&ana, json!({})).await;
    let path = format!("/api/projects/{}/", p["id"]);
    app.authed_get(&path, &bob).await.assert_error(404, "not_found");
    app.authed_json(Method::PATCH, &path, &bob, Some(json!({"budget": 1}))).await.assert_error(404, "not_found");
    // Whatever the body says (404 before 400).
    let bad = json!({"budget": "lots", "start_date": "soon", "project_type": "castle", "name": 5, "units": 0});
    app.authed_json(Method::PATCH, &path, &bob, Some(bad)).await.assert_error(404, "not_found");
    app.authed_json(Method::DELETE, &path, &bob, None).await.assert_error(404, "not_found");
    app.authed_get(&format!("{path}tasks/"), &bob).await.assert_error(404, "not_found");
    // Nor can a task be created in it.
    let res =
        app.authed_json(Method::POST, "/api/tasks/", &bob, Some(json!({"project": p["id"], "title": "Framing"}))).await;
    assert!(matches!(res.status, 400 | 404), "{}", res.text());
    assert!(app.authed_get(&format!("{path}tasks/"), &ana).await.ok_json(200).as_array().unwrap().is_empty());
    assert_eq!(app.authed_get(&path, &ana).await.ok_json(200), p);
}
