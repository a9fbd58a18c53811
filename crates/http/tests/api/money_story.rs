//! Issue 29, one money story: the walk that showed figures disagreeing (three awards, $25,000 paid
//! on Framing, "Other / Miscellaneous" moved to Paid at $6,800, a +$2,500 change order), driven
//! through the API. Every answer that carries a figure (board, summary, share page, register,
//! next draw) must carry the same one.

use actix_web::http::Method;
use serde_json::{json, Value};

use crate::helpers::{TestApp, User};

fn cents(v: &Value) -> i64 {
    (v.as_f64().unwrap_or_else(|| panic!("not a number: {v}")) * 100.0).round() as i64
}

struct Walk {
    app: TestApp,
    ana: User,
    project: i64,
    tasks: Vec<Value>,
}

impl Walk {
    fn task(&self, title: &str) -> &Value {
        self.tasks.iter().find(|t| t["title"] == title).unwrap_or_else(|| panic!("no task {title}"))
    }
    fn id(&self, title: &str) -> i64 {
        self.task(title)["id"].as_i64().unwrap()
    }
    async fn get(&self, path: &str) -> Value {
        self.app.authed_get(path, &self.ana).await.ok_json(200)
    }
    async fn send(&self, method: Method, path: &str, body: Value, status: u16) -> Value {
        self.app.authed_json(method, path, &self.ana, Some(body)).await.ok_json(status)
    }
    async fn summary(&self) -> Value {
        self.get(&format!("/api/projects/{}/summary/", self.project)).await
    }
    async fn board(&self) -> Vec<Value> {
        self.get(&format!("/api/projects/{}/tasks/", self.project)).await.as_array().unwrap().clone()
    }
}

/// A new home (2,400 sq ft in Austin, $450,000) on the standard task list, three tasks awarded
/// near their predictions (Roofing 6.8% above), $25,000 paid on Framing, and Other /
/// Miscellaneous moved to Paid at $6,800 with no payment recorded.
async fn walk() -> Walk {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let project = app.create_project(&ana, json!({})).await["id"].as_i64().unwrap();
    let tasks = app
        .authed_json(Method::POST, &format!("/api/projects/{project}/tasks/template/"), &ana, None)
        .await
        .ok_json(201)
        .as_array()
        .unwrap()
        .clone();
    let w = Walk { app, ana, project, tasks };
    let acme = w.send(Method::POST, "/api/contractors/", json!({"name": "Acme Builders"}), 201).await["id"].clone();
    for (title, factor) in [("Framing", 0.97), ("Roofing", 1.068), ("Electrical Rough", 0.96)] {
        let predicted = w.task(title)["predicted_cost"].as_f64().unwrap();
        let amount = (predicted * factor * 100.0).round() / 100.0;
        let bid =
            w.send(Method::POST, "/api/bids/", json!({"task": w.id(title), "contractor": acme, "amount": amount}), 201).await;
        w.app.authed_json(Method::POST, &format!("/api/bids/{}/award/", bid["id"]), &w.ana, None).await.ok_json(200);
    }
    w.send(Method::POST, "/api/task-payments/", json!({"task": w.id("Framing"), "amount": 25000}), 201).await;
    let other = w.id("Other / Miscellaneous");
    w.send(Method::PATCH, &format!("/api/tasks/{other}/"), json!({"status": "Paid", "actual_cost": 6800}), 200).await;
    w
}

#[actix_web::test]
async fn one_change_order_moves_the_predicted_total_by_its_amount_and_every_screen_agrees() {
    let w = walk().await;
    let calibration = w.get(&format!("/api/projects/{}/calibration/", w.project)).await;
    assert_eq!(calibration["left_out"], json!([]), "a roof 6.8% above its prediction is no outlier: {calibration}");
    let before = w.summary().await;
    assert!(before["use_calibration"].as_bool().unwrap() && !before["calibrated"].is_null(), "{before}");
    assert_eq!(before["predicted_total"], before["predicted_total_calibrated"]);

    w.send(
        Method::POST,
        "/api/change-orders/",
        json!({"task": w.id("Framing"), "description": "Owner asks for a bigger great-room beam", "amount": 2500, "status": "approved"}),
        201,
    )
    .await;
    let after = w.summary().await;
    let calibration_after = w.get(&format!("/api/projects/{}/calibration/", w.project)).await;

    // Scope, not prices: the total moves by exactly the change order; the ratio does not move.
    assert_eq!(cents(&after["predicted_total"]) - cents(&before["predicted_total"]), 250_000);
    assert_eq!(calibration_after["ratio"], calibration["ratio"]);
    assert_eq!(after["calibrated"]["ratio"], before["calibrated"]["ratio"]);
    // Predictions are whole dollars: the calibrated total has no cents beyond the recorded ones.
    let recorded: i64 = w
        .board()
        .await
        .iter()
        .filter_map(|t| t["actual_cost"].as_f64().or(t["committed_cost"].as_f64()))
        .map(|d| (d * 100.0).round() as i64)
        .sum();
    assert_eq!((cents(&after["predicted_total"]) - recorded) % 100, 0, "{after}");

    // One meaning of paid: $25,000 of payments and the $6,800 task finished without one.
    assert_eq!(cents(&after["paid_to_date"]), 2_500_000 + 680_000);
    assert_eq!(cents(&after["payments_recorded"]), 2_500_000);
    let board = w.board().await;
    let other = board.iter().find(|t| t["title"] == "Other / Miscellaneous").unwrap();
    assert_eq!((cents(&other["paid_to_date"]), cents(&other["payments_total"])), (680_000, 0));
    assert_eq!(board.iter().map(|t| cents(&t["paid_to_date"])).sum::<i64>(), cents(&after["paid_to_date"]));
    assert_eq!(
        board.iter().filter_map(|t| t["remaining_to_pay"].as_f64()).map(|d| (d * 100.0).round() as i64).sum::<i64>(),
        cents(&after["remaining_to_pay"])
    );
    // The draw that would be requested now covers exactly what was paid.
    let next = w.get(&format!("/api/projects/{}/draws/next/", w.project)).await;
    assert_eq!(cents(&next["total"]), cents(&after["paid_to_date"]), "{next}");

    // Contingency: the reserve is 10% of the budget; used + left = reserve; headroom is what the
    // budget has beyond the predicted total.
    let (budget, reserve) = (cents(&after["budget"]), cents(&after["contingency_reserve"]));
    assert_eq!(reserve, budget / 10);
    assert_eq!(cents(&after["working_budget"]), budget - reserve);
    assert_eq!(cents(&after["contingency_used"]) + cents(&after["contingency_left"]), reserve);
    assert_eq!(cents(&after["headroom"]), budget - cents(&after["predicted_total"]));
    let used = (cents(&after["predicted_total"]) - (budget - reserve)).clamp(0, reserve);
    assert_eq!(cents(&after["contingency_used"]), used);

    // The register says the contingency left after the change order: the summary's.
    let register = w.get(&format!("/api/projects/{}/change-orders/", w.project)).await;
    assert_eq!(register["change_orders"][0]["contingency_left_after"], after["contingency_left"]);

    // The share page answers the very same summary.
    let link = w.send(Method::POST, "/api/shares/", json!({"project": w.project, "label": "Lender"}), 201).await;
    let shared = w.app.get(&format!("/api/share/{}/", link["token"].as_str().unwrap())).await.ok_json(200);
    assert_eq!(shared["summary"], after);
}

#[actix_web::test]
async fn change_orders_eat_the_contingency_once_the_working_budget_is_spent() {
    let w = walk().await;
    let s = w.summary().await;
    // A budget just above the predicted total: the reserve is partly used already.
    let budget = (cents(&s["predicted_total"]) + 1_000_000) as f64 / 100.0;
    w.send(Method::PATCH, &format!("/api/projects/{}/", w.project), json!({"budget": budget}), 200).await;
    let before = w.summary().await;
    assert_eq!(before["status"], "warning", "{before}");
    w.send(
        Method::POST,
        "/api/change-orders/",
        json!({"task": w.id("Roofing"), "description": "Metal roof instead of shingles", "amount": 4000, "status": "approved"}),
        201,
    )
    .await;
    let after = w.summary().await;
    assert_eq!(cents(&after["contingency_used"]) - cents(&before["contingency_used"]), 400_000);
    assert_eq!(cents(&after["contingency_left"]) - cents(&before["contingency_left"]), -400_000);
    let register = w.get(&format!("/api/projects/{}/change-orders/", w.project)).await;
    assert_eq!(register["change_orders"][0]["contingency_left_after"], after["contingency_left"]);
}

#[actix_web::test]
async fn switching_calibration_off_changes_the_project_for_everyone() {
    let w = walk().await;
    let on = w.summary().await;
    let project = w.send(Method::PATCH, &format!("/api/projects/{}/", w.project), json!({"use_calibration": false}), 200).await;
    assert_eq!(project["use_calibration"], false);
    let off = w.summary().await;
    assert_eq!(off["predicted_total"], on["predicted_total_regional"]);
    assert_eq!(off["predicted_total_calibrated"], on["predicted_total_calibrated"]);
    let link = w.send(Method::POST, "/api/shares/", json!({"project": w.project, "label": "Lender"}), 201).await;
    let shared = w.app.get(&format!("/api/share/{}/", link["token"].as_str().unwrap())).await.ok_json(200);
    assert_eq!(shared["summary"]["predicted_total"], off["predicted_total"]);
    // A null is not a setting.
    let bad = w
        .app
        .authed_json(Method::PATCH, &format!("/api/projects/{}/", w.project), &w.ana, Some(json!({"use_calibration": null})))
        .await;
    assert_eq!(bad.status, 400, "{}", bad.text());
    let bad = w
        .app
        .authed_json(Method::PATCH, &format!("/api/projects/{}/", w.project), &w.ana, Some(json!({"use_calibration": "yes"})))
        .await;
    assert_eq!(bad.status, 400, "{}", bad.text());
}
