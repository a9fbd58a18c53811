//! The board's money rule is the server's (domain/budget.rs); the frontend repeats it for drag
//! previews and unsaved edits (frontend/src/features/board/money.ts). This test builds random
//! boards through the API and keeps what the server answers for each in
//! `frontend/src/features/board/summary-cases.json`, which the frontend's unit tests replay; the
//! file must match what the server says today. Regenerate with `make api-types`.
//!
//! Issue 29 (one money story): the boards carry payments, approved change orders, Paid tasks,
//! fees and both settings of `use_calibration`; for each, the summary's Paid, Remaining and
//! payments are the sums of the tasks' figures (what the exports list row by row), and the share
//! page answers the very same summary.

use actix_web::http::Method;
use serde_json::{json, Value};

use crate::helpers::TestApp;

const CASES_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../frontend/src/features/board/summary-cases.json");
const BOARDS: usize = 24;
const TITLES: [&str; 9] = [
    "Framing",
    "Roofing",
    "Fence",
    "Foundation",
    "Plumbing",
    "Landscaping",
    "Kitchen Remodel",
    "Hand-made gate",
    "Building Permits",
];
const STATUSES: [&str; 3] = ["To Do", "In Progress", "Paid"];
const QUALITIES: [&str; 3] = ["basic", "standard", "premium"];
const ZIPS: [&str; 4] = ["78701", "94110", "10001", "59715"];

/// A small deterministic generator (the file must not change from run to run).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
    fn pick<'a>(&mut self, of: &[&'a str]) -> &'a str {
        of[self.below(of.len() as u64) as usize]
    }
    /// Cents as dollars, with a fractional part most of the time (where floats go wrong).
    fn dollars(&mut self, max_cents: u64) -> Value {
        let cents = self.below(max_cents);
        if self.below(4) == 0 {
            json!(cents / 100)
        } else {
            json!(format!("{}.{:02}", cents / 100, cents % 100))
        }
    }
}

#[actix_web::test]
async fn the_frontends_summary_cases_are_what_the_server_answers() {
    let app = TestApp::new().await;
    let user = app.user("ana").await;
    let mut rng = Lcg(0x5eed_b0a2d);
    let mut cases = Vec::new();
    let contractor = app
        .authed_json(Method::POST, "/api/contractors/", &user, Some(json!({"name": "Acme"})))
        .await
        .ok_json(201)["id"]
        .as_i64()
        .unwrap();
    for board in 0..BOARDS {
        // A board without tasks, one with a single task, then larger ones.
        let n = match board {
            0 => 0,
            1 => 1,
            _ => 2 + rng.below(14),
        };
        let square_footage = 100 + rng.below(6000);
        let budget = rng.dollars(150_000_000);
        let zip = rng.pick(&ZIPS);
        let use_calibration = rng.below(4) > 0;
        let project = app
            .create_project(
                &user,
                json!({"square_footage": square_footage, "budget": budget, "zip_code": zip, "use_calibration": use_calibration}),
            )
            .await;
        let id = project["id"].as_i64().unwrap();
        for _ in 0..n {
            let mut task = json!({
                "title": rng.pick(&TITLES),
                "status": rng.pick(&STATUSES),
                "material_quality": rng.pick(&QUALITIES),
            });
            if rng.below(3) > 0 {
                task["actual_cost"] = rng.dollars(8_000_000);
            }
            let created = app.create_task(&user, id, task).await;
            // Some tasks have an awarded bid: a committed cost, which counts before the prediction.
            if rng.below(3) == 0 {
                let bid = app
                    .authed_json(
                        Method::POST,
                        "/api/bids/",
                        &user,
                        Some(json!({"task": created["id"], "contractor": contractor, "amount": rng.dollars(8_000_000)})),
                    )
                    .await
                    .ok_json(201);
                app.authed_json(Method::POST, &format!("/api/bids/{}/award/", bid["id"]), &user, None).await.ok_json(200);
                // Some awards grow (or shrink) by an approved change order.
                if rng.below(2) == 0 {
                    let cents = 1 + rng.below(500_000) as i64;
                    let amount = if rng.below(4) == 0 { -cents } else { cents } as f64 / 100.0;
                    let body = json!({"task": created["id"], "description": "Scope change", "amount": amount, "status": "approved"});
                    app.authed_json(Method::POST, "/api/change-orders/", &user, Some(body)).await.ok_json(201);
                }
            }
            // Payments in parts, some above what the task costs.
            for _ in 0..rng.below(3) {
                let amount = (1 + rng.below(3_000_000)) as f64 / 100.0;
                let body = json!({"task": created["id"], "amount": amount});
                app.authed_json(Method::POST, "/api/task-payments/", &user, Some(body)).await.ok_json(201);
            }
        }
        // Every fifth board gets a budget its predicted total eats into the reserve of (amber).
        if board % 5 == 2 {
            let s = app.authed_get(&format!("/api/projects/{id}/summary/"), &user).await.ok_json(200);
            let predicted = (s["predicted_total"].as_f64().unwrap() * 100.0).round() as i64;
            let budget = (predicted * 100 / 95) as f64 / 100.0;
            app.authed_json(Method::PATCH, &format!("/api/projects/{id}/"), &user, Some(json!({"budget": budget})))
                .await
                .ok_json(200);
        }
        let tasks = app.authed_get(&format!("/api/projects/{id}/tasks/"), &user).await.ok_json(200);
        let tasks: Vec<Value> = tasks
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                json!({
                    "status": t["status"],
                    "actual_cost": t["actual_cost"],
                    "committed_cost": t["committed_cost"],
                    "regional_average_cost_per_sqft": t["regional_average_cost_per_sqft"],
                    "predicted_cost": t["predicted_cost"],
                    "predicted_cost_low": t["predicted_cost_low"],
                    "predicted_cost_high": t["predicted_cost_high"],
                    "pricing": t["pricing"],
                    "fixed_fee": t["fixed_fee"],
                    "paid_to_date": t["paid_to_date"],
                    "payments_total": t["payments_total"],
                    "remaining_to_pay": t["remaining_to_pay"],
                    "change_order_total": t["change_order_total"],
                })
            })
            .collect();
        let summary = app.authed_get(&format!("/api/projects/{id}/summary/"), &user).await.ok_json(200);
        // The summary's ledger figures are the sums of the tasks' (the exports' rows).
        let cents = |v: &Value| (v.as_f64().unwrap_or(0.0) * 100.0).round() as i64;
        let sum = |field: &str| tasks.iter().map(|t| cents(&t[field])).sum::<i64>();
        assert_eq!(sum("paid_to_date"), cents(&summary["paid_to_date"]), "board {board}: Paid");
        assert_eq!(sum("payments_total"), cents(&summary["payments_recorded"]), "board {board}: payments");
        assert_eq!(sum("remaining_to_pay"), cents(&summary["remaining_to_pay"]), "board {board}: Remaining");
        let columns: i64 = STATUSES.iter().map(|s| cents(&summary["column_totals"][s])).sum();
        assert_eq!(columns, cents(&summary["predicted_total"]), "board {board}: columns");
        assert_eq!(summary["use_calibration"], json!(use_calibration));
        if board % 5 == 2 && columns > 0 {
            assert_eq!(summary["status"], "warning", "board {board}: {summary}");
        }
        // A share link shows the same summary, field by field.
        let link = app
            .authed_json(Method::POST, "/api/shares/", &user, Some(json!({"project": id, "label": "Bank"})))
            .await
            .ok_json(201);
        let token = link["token"].as_str().unwrap();
        let shared = app.get(&format!("/api/share/{token}/")).await.ok_json(200);
        assert_eq!(shared["summary"], summary, "board {board}: the share page's summary");
        let project = app.authed_json(Method::GET, &format!("/api/projects/{id}/"), &user, None).await.ok_json(200);
        cases.push(json!({
            "use_calibration": project["use_calibration"],
            "square_footage": project["square_footage"],
            "budget": project["budget"],
            "tasks": tasks,
            "summary": summary,
        }));
    }
    let current = Value::Array(cases);
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        std::fs::write(CASES_PATH, serde_json::to_string_pretty(&current).unwrap() + "\n").unwrap();
        return;
    }
    let committed = std::fs::read_to_string(CASES_PATH).unwrap_or_default();
    let committed: Value = serde_json::from_str(&committed).unwrap_or(Value::Null);
    assert!(committed == current, "frontend/src/features/board/summary-cases.json is stale: run `make api-types`");
}
