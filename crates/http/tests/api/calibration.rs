//! Issue 20: jobs priced as jobs, ranges on every prediction, the project's local ratio, and the
//! public sources list.

use actix_web::http::Method;
use serde_json::{json, Value};

use crate::helpers::{TestApp, User};

async fn contractor(app: &TestApp, user: &User) -> i64 {
    app.authed_json(Method::POST, "/api/contractors/", user, Some(json!({"name": "Acme"})))
        .await
        .ok_json(201)["id"]
        .as_i64()
        .unwrap()
}

/// Bids `amount` on the task and awards it.
async fn award(app: &TestApp, user: &User, contractor: i64, task: i64, amount: f64) {
    let bid = app
        .authed_json(
            Method::POST,
            "/api/bids/",
            user,
            Some(json!({"task": task, "contractor": contractor, "amount": amount})),
        )
        .await
        .ok_json(201);
    app.authed_json(Method::POST, &format!("/api/bids/{}/award/", bid["id"]), user, None).await.ok_json(200);
}

fn dollars(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

#[actix_web::test]
async fn a_kitchen_remodel_is_the_same_price_in_a_small_and_a_large_house() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let mut prices = Vec::new();
    for sqft in [1200, 4000] {
        let project = app.create_project(&ana, json!({"square_footage": sqft}));
        let id = project.await["id"].as_i64().unwrap();
        let t = app.create_task(&ana, id, json!({"title": "Kitchen Remodel", "material_quality": "standard"})).await;
        assert_eq!(t["pricing"], "per_job");
        // CVV 2025 midrange major kitchen remodel $82,793 x TX 0.88.
        assert_eq!(t["predicted_cost"], 72857.84);
        let rate = dollars(&t["regional_average_cost_per_sqft"]);
        assert_eq!((rate * sqft as f64 * 100.0).round() / 100.0, 72857.84, "rate x area gives the job back");
        assert!(dollars(&t["predicted_cost_low"]) < 72857.84 && 72857.84 < dollars(&t["predicted_cost_high"]));
        prices.push(t["predicted_cost"].clone());
        let e = app
            .get(&format!(
                "/api/estimate/?zip_code=78701&square_footage={sqft}&quality=standard&project_type=renovation&options=Kitchen"
            ))
            .await
            .ok_json(200);
        let line = &e["breakdown"][0];
        assert_eq!((line["cost"].clone(), line["pricing"].clone()), (json!(72857.84), json!("per_job")));
        assert_eq!(line["national_job_price"], 82793.0);
    }
    assert_eq!(prices[0], prices[1]);
    // An area item stays per sq ft.
    let project = app.create_project(&ana, json!({"square_footage": 1000})).await;
    let paint = app.create_task(&ana, project["id"].as_i64().unwrap(), json!({"title": "Interior Painting (whole house)", "material_quality": "standard"})).await;
    assert_eq!((paint["pricing"].clone(), paint["predicted_cost"].clone()), (json!("per_sqft"), json!(3080.0)));
    // Unknown titles have no prediction at all.
    let moat = app.create_task(&ana, project["id"].as_i64().unwrap(), json!({"title": "Moat"})).await;
    for field in ["predicted_cost", "predicted_cost_low", "predicted_cost_high", "pricing", "regional_average_cost_per_sqft"] {
        assert_eq!(moat[field], Value::Null, "{field}");
    }
}

#[actix_web::test]
async fn every_estimate_line_and_the_total_carry_a_range_and_a_pricing() {
    let app = TestApp::new().await;
    for (project_type, options) in [("new_home_build", ""), ("renovation", "Kitchen,Roofing,Flooring,Deck")] {
        for quality in ["basic", "standard", "premium"] {
            let e = app
                .get(&format!(
                    "/api/estimate/?zip_code=10001&square_footage=2400&quality={quality}&project_type={project_type}&options={options}"
                ))
                .await
                .ok_json(200);
            let (mut low, mut high) = (0.0, 0.0);
            for line in e["breakdown"].as_array().unwrap() {
                let (l, c, h) = (dollars(&line["low"]), dollars(&line["cost"]), dollars(&line["high"]));
                assert!(l <= c && c <= h, "{line}");
                assert!(["per_sqft", "per_job"].contains(&line["pricing"].as_str().unwrap()));
                assert!(!line["range_basis"].as_str().unwrap().is_empty());
                (low, high) = (low + l, high + h);
            }
            assert!((dollars(&e["predicted_total_low"]) - low).abs() < 0.005);
            assert!((dollars(&e["predicted_total_high"]) - high).abs() < 0.005);
            assert!(dollars(&e["predicted_total_low"]) < dollars(&e["predicted_total"]));
            assert_eq!(e["factor_level"], "state");
            assert!(e["factor_note"].as_str().unwrap().contains("state"));
        }
    }
    // Bad input is still a 400 by field, ranges or not.
    let bad = app.get("/api/estimate/?zip_code=7870&square_footage=-1&quality=gold&project_type=renovation").await;
    let body = bad.assert_error(400, "validation_error");
    for field in ["zip_code", "square_footage", "quality"] {
        assert!(body["fields"][field].is_array(), "{field}: {body}");
    }
}

#[actix_web::test]
async fn three_bids_twenty_percent_above_calibrate_the_rest_of_the_build() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let project = app.create_project(&ana, json!({"budget": 2_000_000})).await["id"].as_i64().unwrap();
    let titles = ["Framing", "Roofing", "Drywall", "Plumbing", "Kitchen Remodel"];
    let mut tasks = Vec::new();
    for title in titles {
        tasks.push(app.create_task(&ana, project, json!({"title": title})).await);
    }
    let path = format!("/api/projects/{project}/calibration/");
    let before = app.authed_get(&path, &ana).await.ok_json(200);
    assert_eq!((before["ratio"].clone(), before["n_tasks"].clone(), before["min_tasks"].clone()), (Value::Null, json!(0), json!(3)));
    let summary = app.authed_get(&format!("/api/projects/{project}/summary/"), &ana).await.ok_json(200);
    assert_eq!(summary["calibrated"], Value::Null);

    let acme = contractor(&app, &ana).await;
    for t in &tasks[..2] {
        award(&app, &ana, acme, t["id"].as_i64().unwrap(), (dollars(&t["predicted_cost"]) * 1.2 * 100.0).round() / 100.0).await;
    }
    let two = app.authed_get(&path, &ana).await.ok_json(200);
    assert_eq!((two["ratio"].clone(), two["n_tasks"].clone()), (Value::Null, json!(2)), "no ratio under three: {two}");
    assert_eq!(two["used"].as_array().unwrap().len(), 2);

    let t = &tasks[2];
    award(&app, &ana, acme, t["id"].as_i64().unwrap(), (dollars(&t["predicted_cost"]) * 1.2 * 100.0).round() / 100.0).await;
    let c = app.authed_get(&path, &ana).await.ok_json(200);
    assert_eq!(c["ratio"], 1.2, "{c}");
    assert_eq!((c["low"].clone(), c["high"].clone(), c["percent_vs_regional"].clone()), (json!(1.2), json!(1.2), json!(20)));
    assert_eq!(c["n_tasks"], 3);
    let used = c["used"].as_array().unwrap();
    assert_eq!(used.iter().map(|u| u["title"].as_str().unwrap()).collect::<Vec<_>>(), ["Framing", "Roofing", "Drywall"]);
    assert!(used.iter().all(|u| u["known_from"] == "committed" && u["ratio"] == 1.2));
    assert_eq!(c["left_out"], json!([]));

    // The summary predicts the two tasks without a bid at 1.2 x regional, to the whole dollar;
    // the project uses calibration (the default), so its predicted total is the calibrated one.
    let s = app.authed_get(&format!("/api/projects/{project}/summary/"), &ana).await.ok_json(200);
    let cal = &s["calibrated"];
    assert_eq!(cal["ratio"], 1.2);
    assert_eq!((s["use_calibration"].clone(), s["predicted_total"].clone()), (json!(true), cal["predicted_total"].clone()));
    assert_eq!(s["predicted_total_calibrated"], cal["predicted_total"]);
    let rest: f64 = tasks[3..].iter().map(|t| dollars(&t["predicted_cost"])).sum();
    let extra = dollars(&cal["predicted_total"]) - dollars(&s["predicted_total_regional"]);
    assert!((extra - rest * 0.2).abs() <= 1.0, "calibrated adds 20% of the rest: {extra} vs {rest}");
    // Switched off for the project, every figure is regional again, for everyone.
    app.authed_json(Method::PATCH, &format!("/api/projects/{project}/"), &ana, Some(json!({"use_calibration": false})))
        .await
        .ok_json(200);
    let off = app.authed_get(&format!("/api/projects/{project}/summary/"), &ana).await.ok_json(200);
    assert_eq!((off["use_calibration"].clone(), off["predicted_total"].clone()), (json!(false), s["predicted_total_regional"].clone()));
    assert_eq!(off["calibrated"], s["calibrated"], "the ratio is still offered");
    app.authed_json(Method::PATCH, &format!("/api/projects/{project}/"), &ana, Some(json!({"use_calibration": true})))
        .await
        .ok_json(200);
    assert!(dollars(&cal["predicted_total_low"]) <= dollars(&cal["predicted_total"]));
    assert!(dollars(&cal["predicted_total"]) <= dollars(&cal["predicted_total_high"]));
    assert_eq!(cal["over_budget"], false);

    // An actual cost ten times the prediction is one outlier among five, left out.
    for (t, factor) in [(&tasks[3], 1.2), (&tasks[4], 10.0)] {
        let cost = (dollars(&t["predicted_cost"]) * factor * 100.0).round() / 100.0;
        app.authed_json(Method::PATCH, &format!("/api/tasks/{}/", t["id"]), &ana, Some(json!({"actual_cost": cost})))
            .await
            .ok_json(200);
    }
    let c = app.authed_get(&path, &ana).await.ok_json(200);
    assert_eq!(c["ratio"], 1.2, "{c}");
    assert_eq!(c["n_tasks"], 4);
    assert_eq!(c["left_out"][0]["title"], "Kitchen Remodel");
    assert_eq!(c["left_out"][0]["known_from"], "actual_cost");
}

#[actix_web::test]
async fn calibration_is_the_owners_and_behind_the_subscription() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let bob = app.user("bob").await;
    let project = app.create_project(&ana, json!({})).await["id"].as_i64().unwrap();
    app.authed_get(&format!("/api/projects/{project}/calibration/"), &bob).await.assert_error(404, "not_found");
    app.authed_get("/api/projects/999999/calibration/", &ana).await.assert_error(404, "not_found");
    app.authed_get("/api/projects/abc/calibration/", &ana).await.assert_error(404, "not_found");
    app.get(&format!("/api/projects/{project}/calibration/")).await.assert_error(401, "not_authenticated");
    let lapsed = app.unsubscribed_user("cy").await;
    let res = app.authed_get(&format!("/api/projects/{project}/calibration/"), &lapsed).await;
    assert_eq!(res.status, 402, "{}", res.text());
}

#[actix_web::test]
async fn members_read_the_owners_calibration_and_summary() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    // A viewer without a subscription of her own.
    let lena = app.unsubscribed_user("lena").await;
    let project = app.create_project(&ana, json!({})).await["id"].as_i64().unwrap();
    let acme = contractor(&app, &ana).await;
    for title in ["Framing", "Roofing", "Siding"] {
        let task = app.create_task(&ana, project, json!({"title": title})).await["id"].as_i64().unwrap();
        award(&app, &ana, acme, task, 20000.0).await;
    }
    crate::members::join(&app, &ana, project, &lena, "viewer").await;
    for path in [format!("/api/projects/{project}/calibration/"), format!("/api/projects/{project}/summary/")] {
        let owners = app.authed_get(&path, &ana).await.ok_json(200);
        assert_eq!(app.authed_get(&path, &lena).await.ok_json(200), owners, "{path}");
    }
}

#[actix_web::test]
async fn the_sources_list_is_public_and_names_the_tasks_that_cite_each_source() {
    let app = TestApp::new().await;
    let s = app.get("/api/cost-sources/").await.ok_json(200);
    let sources = s["sources"].as_array().unwrap();
    assert_eq!(sources.len(), 25);
    let cvv = sources.iter().find(|x| x["id"] == "S10").unwrap();
    assert!(cvv["tasks"].as_array().unwrap().iter().any(|t| t == "Kitchen Remodel - Major"));
    assert!(cvv["year"].is_u64() && !cvv["citation"].as_str().unwrap().is_empty());
    assert_eq!(s["factor_level"], "state");
    let suggestions = app.get("/api/task-suggestions/").await.ok_json(200);
    let items = suggestions["items"].as_array().unwrap();
    assert_eq!(items.len(), suggestions["suggestions"].as_array().unwrap().len());
    assert!(items.iter().any(|i| i["pricing"] == "per_job") && items.iter().any(|i| i["pricing"] == "per_sqft"));
}
