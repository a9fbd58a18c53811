//! Issue 18: contractors, bids, the award that commits a task's cost, and the comparison.

use actix_web::http::Method;
use serde_json::{json, Value};

use crate::helpers::{TestApp, User, PDF};

async fn contractor(app: &TestApp, user: &User, name: &str) -> i64 {
    app.authed_json(Method::POST, "/api/contractors/", user, Some(json!({"name": name, "trade": "Framing"})))
        .await
        .ok_json(201)["id"]
        .as_i64()
        .unwrap()
}

async fn bid(app: &TestApp, user: &User, task: i64, contractor: i64, amount: f64) -> Value {
    app.authed_json(
        Method::POST,
        "/api/bids/",
        user,
        Some(json!({"task": task, "contractor": contractor, "amount": amount, "notes": "incl. trusses"})),
    )
    .await
    .ok_json(201)
}

async fn task_json(app: &TestApp, user: &User, project: i64, task: i64) -> Value {
    let board = app.authed_get(&format!("/api/projects/{project}/tasks/"), user).await.ok_json(200);
    board.as_array().unwrap().iter().find(|t| t["id"] == task).unwrap().clone()
}

#[actix_web::test]
async fn the_roster_is_each_users_own_and_a_contractor_with_bids_stays() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let bob = app.user("bob").await;
    let body = json!({"name": "Acme Framing", "trade": "Framing", "phone": "512-555-0100", "email": "bids@acme.test",
                      "license_number": "TX-123", "insurance_expires": "2027-01-31", "notes": "Good references"});
    let acme = app.authed_json(Method::POST, "/api/contractors/", &ana, Some(body)).await.ok_json(201);
    assert_eq!(acme["insurance_expires"], "2027-01-31");
    let id = acme["id"].as_i64().unwrap();
    let path = format!("/api/contractors/{id}/");
    let patched = app
        .authed_json(Method::PATCH, &path, &ana, Some(json!({"phone": "512-555-0199", "insurance_expires": null})))
        .await
        .ok_json(200);
    assert_eq!((patched["phone"].as_str(), patched["name"].as_str()), (Some("512-555-0199"), Some("Acme Framing")));
    assert!(patched["insurance_expires"].is_null());
    assert_eq!(app.authed_get("/api/contractors/", &ana).await.ok_json(200).as_array().unwrap().len(), 1);
    assert_eq!(app.authed_get("/api/contractors/", &bob).await.ok_json(200), json!([]));
    app.authed_get(&path, &bob).await.assert_error(404, "not_found");
    app.authed_json(Method::PATCH, &path, &bob, Some(json!({"name": "Mine"}))).await.assert_error(404, "not_found");
    app.authed_json(Method::DELETE, &path, &bob, None).await.assert_error(404, "not_found");
    let err = app
        .authed_json(
            Method::POST,
            "/api/contractors/",
            &ana,
            Some(json!({"email": "nope", "insurance_expires": "soon"})),
        )
        .await
        .assert_error(400, "validation_error");
    for f in ["name", "email", "insurance_expires"] {
        assert!(err["fields"][f].is_array(), "{f}: {err}");
    }

    // With a bid they cannot be deleted; without, they can.
    let project = app.create_project(&ana, json!({})).await["id"].as_i64().unwrap();
    let task = app.create_task(&ana, project, json!({"title": "Framing"})).await["id"].as_i64().unwrap();
    let b = bid(&app, &ana, task, id, 41_800.0).await;
    let err = app.authed_json(Method::DELETE, &path, &ana, None).await.assert_error(409, "conflict");
    assert!(err["message"].as_str().unwrap().contains("has bids"), "{err}");
    app.authed_json(Method::DELETE, &format!("/api/bids/{}/", b["id"]), &ana, None).await;
    assert_eq!(app.authed_json(Method::DELETE, &path, &ana, None).await.status, 204);
}

#[actix_web::test]
async fn an_award_commits_the_cost_declines_the_others_and_moves_the_predicted_total() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let project = app.create_project(&ana, json!({})).await["id"].as_i64().unwrap();
    let task = app.create_task(&ana, project, json!({"title": "Framing", "material_quality": "standard"})).await;
    let task_id = task["id"].as_i64().unwrap();
    let predicted = task["regional_average_cost_per_sqft"].as_f64().unwrap() * 2400.0;
    assert!(task["committed_cost"].is_null() && task["bid_count"] == 0 && task["lowest_bid"].is_null(), "{task}");
    let summary_path = format!("/api/projects/{project}/summary/");
    let before = app.authed_get(&summary_path, &ana).await.ok_json(200)["predicted_total"].as_f64().unwrap();
    assert!((before - predicted).abs() < 0.01, "{before} {predicted}");

    let (c1, c2, c3) = (
        contractor(&app, &ana, "Low Co").await,
        contractor(&app, &ana, "Mid Co").await,
        contractor(&app, &ana, "High Co").await,
    );
    bid(&app, &ana, task_id, c1, 38_000.0).await;
    let mid = bid(&app, &ana, task_id, c2, 41_800.0).await;
    bid(&app, &ana, task_id, c3, 52_000.0).await;
    assert_eq!(mid["status"], "pending");
    assert_eq!(mid["contractor"], json!({"id": c2, "name": "Mid Co"}));
    let t = task_json(&app, &ana, project, task_id).await;
    assert_eq!((t["bid_count"].as_i64(), t["lowest_bid"].as_f64()), (Some(3), Some(38_000.0)));
    assert!(t["committed_cost"].is_null(), "no award yet: {t}");

    // Award the middle one: committed 41,800; the others declined; the total moves by the difference.
    let mid_id = mid["id"].as_i64().unwrap();
    let awarded = app.authed_json(Method::POST, &format!("/api/bids/{mid_id}/award/"), &ana, None).await.ok_json(200);
    assert_eq!(awarded["status"], "awarded");
    let bids = app.authed_get(&format!("/api/tasks/{task_id}/bids/"), &ana).await.ok_json(200);
    let statuses: Vec<&str> = bids.as_array().unwrap().iter().map(|b| b["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["declined", "awarded", "declined"]);
    assert_eq!(task_json(&app, &ana, project, task_id).await["committed_cost"], json!(41_800.0));
    let after = app.authed_get(&summary_path, &ana).await.ok_json(200)["predicted_total"].as_f64().unwrap();
    assert!((after - 41_800.0).abs() < 0.001, "{after}");

    // Editing the awarded amount changes the committed cost; an actual cost replaces it.
    app.authed_json(Method::PATCH, &format!("/api/bids/{mid_id}/"), &ana, Some(json!({"amount": 43_000})))
        .await
        .ok_json(200);
    assert_eq!(task_json(&app, &ana, project, task_id).await["committed_cost"], json!(43_000.0));
    app.authed_json(Method::PATCH, &format!("/api/tasks/{task_id}/"), &ana, Some(json!({"actual_cost": 44_000})))
        .await
        .ok_json(200);
    let s = app.authed_get(&summary_path, &ana).await.ok_json(200);
    assert_eq!(s["predicted_total"], json!(44_000.0));

    // Withdraw: no committed cost, every bid pending again.
    app.authed_json(Method::PATCH, &format!("/api/tasks/{task_id}/"), &ana, Some(json!({"actual_cost": null})))
        .await
        .ok_json(200);
    let back = app.authed_json(Method::DELETE, &format!("/api/bids/{mid_id}/award/"), &ana, None).await.ok_json(200);
    assert_eq!(back["status"], "pending");
    let t = task_json(&app, &ana, project, task_id).await;
    assert!(t["committed_cost"].is_null(), "{t}");
    let again = app.authed_get(&summary_path, &ana).await.ok_json(200)["predicted_total"].as_f64().unwrap();
    assert!((again - before).abs() < 0.001);
    app.authed_json(Method::DELETE, &format!("/api/bids/{mid_id}/award/"), &ana, None)
        .await
        .assert_error(409, "conflict");
}

#[actix_web::test]
async fn the_comparison_puts_bids_beside_the_prediction() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let project = app.create_project(&ana, json!({})).await["id"].as_i64().unwrap();
    let framing = app.create_task(&ana, project, json!({"title": "Framing", "material_quality": "standard"})).await;
    let predicted = (framing["regional_average_cost_per_sqft"].as_f64().unwrap() * 2400.0 * 100.0).round() / 100.0;
    let framing = framing["id"].as_i64().unwrap();
    app.create_task(&ana, project, json!({"title": "Roofing"})).await; // no bids: not listed
    let c = contractor(&app, &ana, "Acme").await;
    let low = bid(&app, &ana, framing, c, (predicted * 0.7).round()).await;
    let high = bid(&app, &ana, framing, c, (predicted * 1.3).round()).await;
    let list = app.authed_get(&format!("/api/projects/{project}/bids/"), &ana).await.ok_json(200);
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 1);
    let entry = &list[0];
    assert_eq!((entry["task"].as_i64(), entry["title"].as_str()), (Some(framing), Some("Framing")));
    assert_eq!(entry["predicted_cost"].as_f64().unwrap(), predicted);
    assert_eq!(entry["lowest"], low["amount"]);
    assert_eq!(entry["highest"], high["amount"]);
    let spread = high["amount"].as_f64().unwrap() - low["amount"].as_f64().unwrap();
    assert!((entry["spread"].as_f64().unwrap() - spread).abs() < 0.001);
    assert_eq!(entry["bids"][0]["flag"], "low");
    assert_eq!(entry["bids"][1]["flag"], "high");
    assert_eq!(entry["bids"][0]["lowest"], true);
    assert!((entry["bids"][0]["difference_pct"].as_f64().unwrap() + 30.0).abs() <= 0.1, "{entry}");
    assert!(entry["awarded_bid"].is_null());
    // Each bid's scope notes; no offer date given, none shown.
    assert_eq!(entry["bids"][0]["notes"], "incl. trusses");
    assert!(entry["bids"][0].get("valid_until").is_none(), "{entry}");
    let bob = app.user("bob").await;
    app.authed_get(&format!("/api/projects/{project}/bids/"), &bob).await.assert_error(404, "not_found");
}

#[actix_web::test]
async fn bad_bids_get_a_clear_4xx_and_change_nothing() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let bob = app.user("bob").await;
    let project = app.create_project(&ana, json!({})).await["id"].as_i64().unwrap();
    let task = app.create_task(&ana, project, json!({"title": "Framing"})).await["id"].as_i64().unwrap();
    let other_task = app.create_task(&ana, project, json!({"title": "Roofing"})).await["id"].as_i64().unwrap();
    let c = contractor(&app, &ana, "Acme").await;
    let bobs = contractor(&app, &bob, "Bob's guy").await;
    let post = |body: Value| app.authed_json(Method::POST, "/api/bids/", &ana, Some(body));

    let err = post(json!({"task": task, "contractor": c, "amount": -5})).await.assert_error(400, "validation_error");
    assert!(err["fields"]["amount"].is_array(), "{err}");
    let err = post(json!({"task": task})).await.assert_error(400, "validation_error");
    assert!(err["fields"]["amount"].is_array() && err["fields"]["contractor"].is_array(), "{err}");
    post(json!({"task": task, "contractor": bobs, "amount": 10})).await.assert_error(404, "not_found");
    post(json!({"task": task, "contractor": 999_999, "amount": 10})).await.assert_error(404, "not_found");
    app.authed_json(Method::POST, "/api/bids/", &bob, Some(json!({"task": task, "contractor": bobs, "amount": 10})))
        .await
        .assert_error(404, "not_found");
    let doc = app.upload(&ana, other_task, "quote.pdf", PDF).await.ok_json(201)["id"].as_i64().unwrap();
    let err = post(json!({"task": task, "contractor": c, "amount": 10, "document": doc}))
        .await
        .assert_error(400, "validation_error");
    assert!(err["fields"]["document"].is_array(), "{err}");
    post(json!({"task": task, "contractor": c, "amount": 10, "status": "awarded"}))
        .await
        .assert_error(400, "validation_error");
    let err = post(
        json!({"task": task, "contractor": c, "amount": 10, "received_on": "2026-11-10", "valid_until": "2026-11-01"}),
    )
    .await
    .assert_error(400, "validation_error");
    assert!(err["fields"]["valid_until"].is_array());
    assert_eq!(app.authed_get(&format!("/api/tasks/{task}/bids/"), &ana).await.ok_json(200), json!([]));
    assert_eq!(task_json(&app, &ana, project, task).await["bid_count"], 0);

    // A bid of a deleted task is gone with it: its award is 404.
    let b = bid(&app, &ana, task, c, 100.0).await["id"].as_i64().unwrap();
    app.authed_json(Method::POST, &format!("/api/bids/{b}/award/"), &bob, None).await.assert_error(404, "not_found");
    app.authed_json(Method::PATCH, &format!("/api/bids/{b}/"), &bob, Some(json!({"amount": 1})))
        .await
        .assert_error(404, "not_found");
    // Another user's bid or task is not found whatever the body says (404 before 400).
    let bad = json!({"amount": -1, "received_on": "soon", "status": "won", "task": task});
    app.authed_json(Method::PATCH, &format!("/api/bids/{b}/"), &bob, Some(bad)).await.assert_error(404, "not_found");
    let bad = json!({"task": task, "contractor": bobs, "amount": "lots", "valid_until": "31/12/2026"});
    app.authed_json(Method::POST, "/api/bids/", &bob, Some(bad)).await.assert_error(404, "not_found");
    // The owner gets every problem of the same body at once.
    let bad = json!({"amount": -1, "received_on": "soon", "status": "won", "task": task});
    let err = app
        .authed_json(Method::PATCH, &format!("/api/bids/{b}/"), &ana, Some(bad))
        .await
        .assert_error(400, "validation_error");
    assert_eq!(err["fields"]["received_on"], json!(["Date has wrong format. Use YYYY-MM-DD."]), "{err}");
    assert_eq!(err["fields"]["status"], json!(["Must be pending, awarded or declined."]), "{err}");
    assert_eq!(
        err["fields"]["task"],
        json!(["A bid stays on its task: enter a new bid on the other task instead."]),
        "{err}"
    );
    assert!(err["fields"]["amount"].is_array(), "{err}");
    let err = post(json!({"task": task, "contractor": c, "amount": 1, "status": "declined"}))
        .await
        .assert_error(400, "validation_error");
    assert_eq!(
        err["fields"]["status"],
        json!(["A new bid is pending; award it with POST /api/bids/{id}/award/."]),
        "{err}"
    );
    app.authed_json(Method::PATCH, &format!("/api/bids/{b}/"), &ana, Some(json!({"status": "awarded"})))
        .await
        .assert_error(400, "validation_error");
    app.authed_json(Method::PATCH, &format!("/api/bids/{b}/"), &ana, Some(json!({"task": other_task})))
        .await
        .assert_error(400, "validation_error");
    assert_eq!(app.authed_json(Method::DELETE, &format!("/api/tasks/{task}/"), &ana, None).await.status, 204);
    app.authed_json(Method::POST, &format!("/api/bids/{b}/award/"), &ana, None).await.assert_error(404, "not_found");
    // Unsubscribed: 402 on every bid call.
    let carl = app.unsubscribed_user("carl").await;
    app.authed_get("/api/contractors/", &carl).await.assert_error(402, "subscription_required");
}

/// Security issue 28, finding 7: an award and an edit declining the same bid at once. The edit
/// either ran first (the award then declines nothing it needs and awards the bid) or is refused
/// (400) because it meets the award: the award always stands and the task commits its amount.
#[actix_web::test]
async fn awarding_a_bid_while_an_edit_declines_it_never_undoes_the_award() {
    const PAIRS: usize = 40;
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let project = app.create_project(&ana, json!({})).await["id"].as_i64().unwrap();
    let c = contractor(&app, &ana, "Acme").await;
    let mut pairs = Vec::new();
    for i in 0..PAIRS {
        let task = app.create_task(&ana, project, json!({"title": format!("Task {i}")})).await["id"].as_i64().unwrap();
        let target = bid(&app, &ana, task, c, 40_000.0 + i as f64).await;
        let rival = bid(&app, &ana, task, c, 30_000.0).await;
        pairs.push((task, target["id"].as_i64().unwrap(), rival["id"].as_i64().unwrap(), target["amount"].clone()));
    }
    let calls = pairs.iter().map(|&(_, target, _, _)| {
        let (app, ana) = (&app, &ana);
        async move {
            let (award, edit) = (format!("/api/bids/{target}/award/"), format!("/api/bids/{target}/"));
            let awarded = app.authed_json(Method::POST, &award, ana, None);
            let declined = app.authed_json(Method::PATCH, &edit, ana, Some(json!({"status": "declined"})));
            let (awarded, declined) = futures_util::future::join(awarded, declined).await;
            (awarded.status, declined.status)
        }
    });
    let outcomes = futures_util::future::join_all(calls).await;

    for ((task, target, rival, amount), (awarded, declined)) in pairs.iter().zip(outcomes) {
        assert_eq!(awarded, 200, "task {task}");
        assert!(declined == 200 || declined == 400, "task {task}: the edit answered {declined}");
        let bids = app.authed_get(&format!("/api/tasks/{task}/bids/"), &ana).await.ok_json(200);
        let status = |id: i64| bids.as_array().unwrap().iter().find(|b| b["id"] == id).unwrap()["status"].clone();
        assert_eq!((status(*target), status(*rival)), (json!("awarded"), json!("declined")), "task {task}");
        assert_eq!(&task_json(&app, &ana, project, *task).await["committed_cost"], amount, "task {task}");
    }
}

// ---------------------------------------------------------------- a shared project (issue 35)

/// `member` joins `project` as `role` (the invitation's row as accepted, written directly: the
/// invitation flow has its own tests).
pub(crate) fn join(app: &TestApp, project: i64, owner: &User, member: &User, role: &'static str) {
    use buildledger_persistence::schema::project_members as m;
    use diesel::prelude::*;
    let (owner, user) = (owner.id, member.id);
    let email = format!("{}@example.com", member.username);
    let now = chrono::Utc::now().naive_utc();
    app.db
        .write(move |conn| {
            diesel::insert_into(m::table)
                .values((
                    m::project_id.eq(project),
                    m::user_id.eq(Some(user)),
                    m::email.eq(email.as_str()),
                    m::email_key.eq(email.as_str()),
                    m::role.eq(role),
                    m::token_hash.eq(format!("joined-{project}-{user}")),
                    m::invited_by.eq(Some(owner)),
                    m::invited_at.eq(now),
                    m::expires_at.eq(now + chrono::Duration::days(7)),
                    m::joined_at.eq(Some(now)),
                ))
                .execute(conn)
        })
        .unwrap();
}

fn names(list: &Value) -> Vec<&str> {
    list.as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect()
}

#[actix_web::test]
async fn a_shared_projects_roster_is_its_owners() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    // Members without a subscription of their own.
    let sam = app.unsubscribed_user("sam").await;
    let lee = app.unsubscribed_user("lee").await;
    let eve = app.user("eve").await;
    let project = app.create_project(&ana, json!({})).await["id"].as_i64().unwrap();
    join(&app, project, &ana, &sam, "partner");
    join(&app, project, &ana, &lee, "viewer");
    contractor(&app, &ana, "Acme").await;
    contractor(&app, &eve, "Eve's crew").await;
    let roster = format!("/api/contractors/?project={project}");

    // Owner, partner and viewer read the owner's roster; a stranger finds no project.
    for user in [&ana, &sam, &lee] {
        assert_eq!(names(&app.authed_get(&roster, user).await.ok_json(200)), ["Acme"], "{}", user.username);
    }
    app.authed_get(&roster, &eve).await.assert_error(404, "not_found");
    app.authed_get("/api/contractors/?project=999999", &ana).await.assert_error(404, "not_found");
    app.authed_get("/api/contractors/?project=abc", &ana).await.assert_error(400, "invalid_query");
    // Their own roster needs their own subscription.
    app.authed_get("/api/contractors/", &sam).await.assert_error(402, "subscription_required");
    assert_eq!(names(&app.authed_get("/api/contractors/", &eve).await.ok_json(200)), ["Eve's crew"]);

    // The partner adds to the owner's roster; the viewer and the stranger cannot.
    let added = app
        .authed_json(
            Method::POST,
            "/api/contractors/",
            &sam,
            Some(json!({"project": project, "name": "Bolt Electric"})),
        )
        .await
        .ok_json(201);
    assert_eq!(names(&app.authed_get("/api/contractors/", &ana).await.ok_json(200)), ["Acme", "Bolt Electric"]);
    let body = json!({"project": project, "name": "Nope"});
    app.authed_json(Method::POST, "/api/contractors/", &lee, Some(body.clone())).await.assert_error(403, "forbidden");
    app.authed_json(Method::POST, "/api/contractors/", &eve, Some(body)).await.assert_error(404, "not_found");
    // 403 and 404 before the body's problems.
    let bad = json!({"project": project, "name": ""});
    app.authed_json(Method::POST, "/api/contractors/", &lee, Some(bad.clone())).await.assert_error(403, "forbidden");
    app.authed_json(Method::POST, "/api/contractors/", &eve, Some(bad)).await.assert_error(404, "not_found");
    app.authed_json(Method::POST, "/api/contractors/", &sam, Some(json!({"name": "Mine"})))
        .await
        .assert_error(402, "subscription_required");
    assert_eq!(app.authed_get(&roster, &ana).await.ok_json(200).as_array().unwrap().len(), 2);
    // A contractor by id stays its roster's user's; a project is named on create only.
    let path = format!("/api/contractors/{}/", added["id"]);
    app.authed_get(&path, &eve).await.assert_error(404, "not_found");
    let err = app
        .authed_json(Method::PATCH, &path, &ana, Some(json!({"project": project})))
        .await
        .assert_error(400, "validation_error");
    assert_eq!(err["fields"]["project"][0], "A project is given only when adding a contractor.");
}

#[actix_web::test]
async fn a_partner_bids_and_awards_with_the_owners_contractors_and_a_viewer_only_reads() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let sam = app.unsubscribed_user("sam").await;
    let lee = app.unsubscribed_user("lee").await;
    let eve = app.user("eve").await;
    let project = app.create_project(&ana, json!({})).await["id"].as_i64().unwrap();
    join(&app, project, &ana, &sam, "partner");
    join(&app, project, &ana, &lee, "viewer");
    let task = app.create_task(&ana, project, json!({"title": "Framing"})).await["id"].as_i64().unwrap();
    let acme = contractor(&app, &ana, "Acme").await;
    let theirs = contractor(&app, &eve, "Eve's crew").await;

    let b = bid(&app, &sam, task, acme, 41_800.0).await;
    let id = b["id"].as_i64().unwrap();
    let award = format!("/api/bids/{id}/award/");
    let body = json!({"task": task, "contractor": theirs, "amount": 1});
    app.authed_json(Method::POST, "/api/bids/", &sam, Some(body)).await.assert_error(404, "not_found");
    app.authed_json(Method::POST, &award, &lee, None).await.assert_error(403, "forbidden");
    let body = json!({"task": task, "contractor": acme, "amount": 1});
    app.authed_json(Method::POST, "/api/bids/", &lee, Some(body.clone())).await.assert_error(403, "forbidden");
    app.authed_json(Method::POST, "/api/bids/", &eve, Some(body)).await.assert_error(404, "not_found");
    app.authed_json(Method::POST, &award, &eve, None).await.assert_error(404, "not_found");
    assert_eq!(app.authed_json(Method::POST, &award, &sam, None).await.ok_json(200)["status"], "awarded");
    assert_eq!(task_json(&app, &ana, project, task).await["committed_cost"], 41_800.0);
    for user in [&ana, &lee] {
        let compared = app.authed_get(&format!("/api/projects/{project}/bids/"), user).await.ok_json(200);
        assert_eq!(compared[0]["awarded_bid"], id, "{}", user.username);
        assert_eq!(app.authed_get(&format!("/api/tasks/{task}/bids/"), user).await.ok_json(200)[0]["id"], id);
    }
    app.authed_get(&format!("/api/projects/{project}/bids/"), &eve).await.assert_error(404, "not_found");
    app.authed_json(Method::DELETE, &award, &lee, None).await.assert_error(403, "forbidden");
    app.authed_json(Method::DELETE, &format!("/api/bids/{id}/"), &lee, None).await.assert_error(403, "forbidden");
}
