//! Issue 17: the standard task list that starts an empty board, the whole-house estimate beside
//! the board's sums, and renaming a document.

use actix_web::http::Method;
use buildledger_domain::cost::{CostCatalogue, EstimateRequest};
use buildledger_domain::task::MaterialQuality;
use serde_json::{json, Value};

use crate::helpers::{TestApp, PDF};

#[actix_web::test]
async fn an_empty_board_starts_from_the_standard_task_list_once() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let project = app.create_project(&ana, json!({})).await["id"].as_i64().unwrap();
    let path = format!("/api/projects/{project}/tasks/template/");
    let created = app.authed_json(Method::POST, &path, &ana, None).await.ok_json(201);
    let created = created.as_array().unwrap();
    let catalogue = CostCatalogue::embedded();
    let expected: Vec<&str> = catalogue.new_home_tasks().map(|t| t.name.as_str()).collect();
    let titles: Vec<&str> = created.iter().map(|t| t["title"].as_str().unwrap()).collect();
    assert_eq!(titles, expected, "the new-home tasks, in build order");
    assert!(created.iter().all(|t| t["material_quality"] == "standard" && t["status"] == "To Do"));
    assert!(created.iter().enumerate().all(|(i, t)| t["position"] == i), "positions 0..n");
    assert!(created.iter().all(|t| t["regional_average_cost_per_sqft"].is_number()), "each has its prediction");
    // The board shows them, in that order; a second start is a conflict and adds nothing.
    let board = app.authed_get(&format!("/api/projects/{project}/tasks/"), &ana).await.ok_json(200);
    assert_eq!(board.as_array().unwrap().len(), expected.len());
    let err = app.authed_json(Method::POST, &path, &ana, None).await.assert_error(409, "conflict");
    assert!(err["message"].as_str().unwrap().contains("only start an empty board"), "{err}");
    let board = app.authed_get(&format!("/api/projects/{project}/tasks/"), &ana).await.ok_json(200);
    assert_eq!(board.as_array().unwrap().len(), expected.len());
    // Another user's project is not found; an unsubscribed user is refused.
    let bob = app.user("bob").await;
    app.authed_json(Method::POST, &path, &bob, None).await.assert_error(404, "not_found");
    let carl = app.unsubscribed_user("carl").await;
    app.authed_json(Method::POST, &path, &carl, None).await.assert_error(402, "subscription_required");
}

#[actix_web::test]
async fn a_renovation_starts_from_its_options_tasks_and_without_options_says_why() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let reno = app
        .create_project(
            &ana,
            json!({"project_type": "renovation", "property_type": null,
                   "renovation_options": ["Kitchen", "Roofing"]}),
        )
        .await;
    let created = app
        .authed_json(Method::POST, &format!("/api/projects/{}/tasks/template/", reno["id"]), &ana, None)
        .await
        .ok_json(201);
    let catalogue = CostCatalogue::embedded();
    let options = ["Kitchen".to_owned(), "Roofing".to_owned()];
    let expected: Vec<String> =
        catalogue.project_tasks("renovation", &options).unwrap().iter().map(|t| t.name.clone()).collect();
    let titles: Vec<String> =
        created.as_array().unwrap().iter().map(|t| t["title"].as_str().unwrap().to_owned()).collect();
    assert_eq!(titles, expected);
    assert!(!titles.is_empty());
}

#[actix_web::test]
async fn the_summary_shows_the_whole_house_estimate_and_what_the_board_covers() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let project = app.create_project(&ana, json!({})).await["id"].as_i64().unwrap();
    let summary_path = format!("/api/projects/{project}/summary/");
    let catalogue = CostCatalogue::embedded();
    let estimate = catalogue
        .estimate(&EstimateRequest {
            zip_code: "78701".into(),
            square_footage: 2400,
            quality: MaterialQuality::Standard,
            project_type: "new_home_build".into(),
            options: vec![],
        })
        .unwrap();
    let empty = app.authed_get(&summary_path, &ana).await.ok_json(200);
    // The landing page's figure for the same house (the estimate test pins it at $341,616).
    assert_eq!(empty["full_build_estimate"], json!(341_616.0));
    assert_eq!(empty["full_build_estimate"].as_f64().unwrap() * 100.0, estimate.predicted_total_cents as f64);
    assert_eq!(empty["estimate_covered"], json!(0.0));

    // Framing twice and an unknown title: the Framing line counts once.
    for title in ["Framing", "framing", "Moat"] {
        app.create_task(&ana, project, json!({"title": title})).await;
    }
    let framing = estimate.breakdown.iter().find(|l| l.task == "Framing").unwrap().cost_cents;
    let s: Value = app.authed_get(&summary_path, &ana).await.ok_json(200);
    assert_eq!(s["estimate_covered"].as_f64().unwrap(), framing as f64 / 100.0, "{s}");
    assert_eq!(s["full_build_estimate"], empty["full_build_estimate"]);

    // A zip code the catalogue does not know: no estimate, no coverage.
    let nowhere = app.create_project(&ana, json!({"zip_code": "00001"})).await["id"].as_i64().unwrap();
    let s: Value = app.authed_get(&format!("/api/projects/{nowhere}/summary/"), &ana).await.ok_json(200);
    assert!(s["full_build_estimate"].is_null() && s["estimate_covered"].is_null(), "{s}");
}

#[actix_web::test]
async fn a_document_is_renamed_keeping_its_extension() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let project = app.create_project(&ana, json!({})).await["id"].as_i64().unwrap();
    let task = app.create_task(&ana, project, json!({"title": "Framing"})).await["id"].as_i64().unwrap();
    let doc = app.upload(&ana, task, "quote.pdf", PDF).await.ok_json(201);
    let path = format!("/api/documents/{}/", doc["id"]);
    let renamed = app.authed_json(Method::PATCH, &path, &ana, Some(json!({"name": " Smith bid "}))).await.ok_json(200);
    assert_eq!(renamed["name"], "Smith bid.pdf");
    assert_eq!(app.authed_get(&path, &ana).await.ok_json(200)["name"], "Smith bid.pdf");
    // The download carries the new name.
    let file = renamed["file"].as_str().unwrap().to_owned();
    let res = app.get(&file).await;
    assert!(res.header("content-disposition").unwrap().contains("Smith bid.pdf"), "{:?}", res.headers);

    let err = app.authed_json(Method::PATCH, &path, &ana, Some(json!({"name": "   "}))).await;
    assert!(err.assert_error(400, "validation_error")["fields"]["name"].is_array());
    app.authed_json(Method::PATCH, &path, &ana, Some(json!({}))).await.assert_error(400, "validation_error");
    app.authed_json(Method::PATCH, &path, &ana, Some(json!({"name": "x", "task": 5})))
        .await
        .assert_error(400, "invalid_json");
    let bob = app.user("bob").await;
    app.authed_json(Method::PATCH, &path, &bob, Some(json!({"name": "mine"}))).await.assert_error(404, "not_found");
    assert_eq!(app.authed_get(&path, &ana).await.ok_json(200)["name"], "Smith bid.pdf");
}
