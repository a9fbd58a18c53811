//! Issue 19: payments, change orders, the money summary, lender draws, through the API.

use actix_web::http::Method;
use serde_json::{json, Value};

use crate::helpers::{TestApp, User, PDF};

struct Build {
    project: i64,
    task: i64,
    bid: i64,
    contractor: i64,
}

/// A project (budget 100,000, 2,400 sq ft) with Framing awarded at 41,800.
async fn build(app: &TestApp, user: &User) -> Build {
    let project = app.create_project(user, json!({"budget": 100000})).await["id"].as_i64().unwrap();
    let task = app.create_task(user, project, json!({"title": "Framing", "status": "In Progress"})).await["id"]
        .as_i64()
        .unwrap();
    let contractor = app
        .authed_json(Method::POST, "/api/contractors/", user, Some(json!({"name": "Acme Framing"})))
        .await
        .ok_json(201)["id"]
        .as_i64()
        .unwrap();
    let bid = app
        .authed_json(
            Method::POST,
            "/api/bids/",
            user,
            Some(json!({"task": task, "contractor": contractor, "amount": 41800})),
        )
        .await
        .ok_json(201)["id"]
        .as_i64()
        .unwrap();
    app.authed_json(Method::POST, &format!("/api/bids/{bid}/award/"), user, None).await.ok_json(200);
    Build { project, task, bid, contractor }
}

async fn summary(app: &TestApp, user: &User, project: i64) -> Value {
    app.authed_get(&format!("/api/projects/{project}/summary/"), user).await.ok_json(200)
}

async fn task_json(app: &TestApp, user: &User, project: i64, task: i64) -> Value {
    let board = app.authed_get(&format!("/api/projects/{project}/tasks/"), user).await.ok_json(200);
    board.as_array().unwrap().iter().find(|t| t["id"] == task).unwrap().clone()
}

#[actix_web::test]
async fn payments_in_parts_with_a_receipt_and_a_change_order_move_the_summary() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let b = build(&app, &ana).await;
    let receipt = app.upload(&ana, b.task, "receipt.pdf", PDF).await.ok_json(201)["id"].as_i64().unwrap();

    let before = summary(&app, &ana, b.project).await;
    assert_eq!(before["committed"], 41800.0);
    assert_eq!(before["contingency_percent"], 10);
    assert_eq!(before["contingency_reserve"], 10000.0);
    assert!(before["loan_amount"].is_null() && before["loan_left"].is_null());

    let first = app
        .authed_json(
            Method::POST,
            "/api/task-payments/",
            &ana,
            Some(json!({"task": b.task, "amount": 20000, "paid_on": "2026-11-10", "payee": b.contractor,
                        "method": "check", "note": "deposit", "receipt": receipt})),
        )
        .await
        .ok_json(201);
    assert_eq!(
        (first["payee"].as_str(), first["contractor"]["name"].as_str()),
        (Some("Acme Framing"), Some("Acme Framing"))
    );
    assert_eq!((first["receipt"].as_i64(), first["method"].as_str()), (Some(receipt), Some("check")));
    app.authed_json(
        Method::POST,
        "/api/task-payments/",
        &ana,
        Some(json!({"task": b.task, "amount": "15000.50", "paid_on": "2026-11-20", "payee": "Acme (cash)", "method": "cash"})),
    )
    .await
    .ok_json(201);
    let listed = app.authed_get(&format!("/api/tasks/{}/payments/", b.task), &ana).await.ok_json(200);
    assert_eq!(listed.as_array().unwrap().len(), 2);
    let t = task_json(&app, &ana, b.project, b.task).await;
    assert_eq!((t["paid_to_date"].as_f64(), t["payment_count"].as_i64()), (Some(35000.5), Some(2)));

    let co = app
        .authed_json(
            Method::POST,
            "/api/change-orders/",
            &ana,
            Some(json!({"task": b.task, "description": "Add a beam over the great room", "amount": 2500, "status": "approved"})),
        )
        .await
        .ok_json(201);
    let s = summary(&app, &ana, b.project).await;
    assert_eq!(s["committed"], 44300.0);
    assert_eq!(s["change_orders_approved"], 2500.0);
    assert_eq!(s["paid_to_date"], 35000.5);
    assert_eq!(s["remaining_to_pay"], 9299.5);
    assert_eq!(s["predicted_total"], 44300.0);
    // Budget 100,000: reserve 10,000, working budget 90,000; 44,300 fits it.
    assert_eq!((s["working_budget"].as_f64(), s["contingency_used"].as_f64()), (Some(90000.0), Some(0.0)));
    assert_eq!(s["contingency_left"], 10000.0);
    assert_eq!(s["headroom"], 100000.0 - 44300.0);
    assert_eq!(s["status"], "ok");
    assert_eq!(task_json(&app, &ana, b.project, b.task).await["committed_cost"], 44300.0);

    // The register: running totals and the 10% warning (2,500 of 44,300 is 5.6%).
    let reg = app.authed_get(&format!("/api/projects/{}/change-orders/", b.project), &ana).await.ok_json(200);
    assert_eq!((reg["approved_total"].as_f64(), reg["warning"].as_bool()), (Some(2500.0), Some(false)));
    assert_eq!(reg["change_orders"][0]["task_title"], "Framing");
    assert_eq!(reg["approved_percent"], 5.6);
    // A negative change order lowers the commitment.
    app.authed_json(
        Method::POST,
        "/api/change-orders/",
        &ana,
        Some(
            json!({"task": b.task, "description": "Owner supplies windows", "amount": -1200.25, "status": "approved"}),
        ),
    )
    .await
    .ok_json(201);
    assert_eq!(summary(&app, &ana, b.project).await["committed"], 43099.75);

    // The award stays while approved change orders lean on it.
    app.authed_json(Method::DELETE, &format!("/api/bids/{}/award/", b.bid), &ana, None)
        .await
        .assert_error(409, "conflict");
    let co_path = format!("/api/change-orders/{}/", co["id"]);
    let patched =
        app.authed_json(Method::PATCH, &co_path, &ana, Some(json!({"status": "rejected"}))).await.ok_json(200);
    assert_eq!(patched["status"], "rejected");

    // Contingency, loan: amber then red.
    let project_path = format!("/api/projects/{}/", b.project);
    let p = app
        .authed_json(Method::PATCH, &project_path, &ana, Some(json!({"contingency_percent": 15, "loan_amount": 80000})))
        .await
        .ok_json(200);
    assert_eq!((p["contingency_percent"].as_i64(), p["loan_amount"].as_f64()), (Some(15), Some(80000.0)));
    app.authed_json(Method::PATCH, &project_path, &ana, Some(json!({"budget": 43000}))).await.ok_json(200);
    let s = summary(&app, &ana, b.project).await;
    assert_eq!((s["status"].as_str(), s["loan_left"].as_f64()), (Some("warning"), Some(80000.0)));
    app.authed_json(Method::PATCH, &project_path, &ana, Some(json!({"budget": 40000}))).await.ok_json(200);
    let s = summary(&app, &ana, b.project).await;
    assert_eq!((s["status"].as_str(), s["over_budget"].as_bool()), (Some("over"), Some(true)));
    let err = app
        .authed_json(Method::PATCH, &project_path, &ana, Some(json!({"contingency_percent": 51})))
        .await
        .assert_error(400, "validation_error");
    assert_eq!(err["fields"]["contingency_percent"][0], "Ensure this value is between 0 and 50.");
}

#[actix_web::test]
async fn bad_ledger_input_is_a_clear_4xx_and_changes_nothing() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let bob = app.user("bob").await;
    let b = build(&app, &ana).await;
    let other_task = app.create_task(&ana, b.project, json!({"title": "Roofing"})).await["id"].as_i64().unwrap();
    let foreign_doc = app.upload(&ana, other_task, "other.pdf", PDF).await.ok_json(201)["id"].as_i64().unwrap();
    let bobs = build(&app, &bob).await;
    let post = |path: &'static str, body: Value| {
        let app = &app;
        let ana = &ana;
        async move { app.authed_json(Method::POST, path, ana, Some(body)).await }
    };

    let err =
        post("/api/task-payments/", json!({"task": b.task, "amount": -5})).await.assert_error(400, "validation_error");
    assert_eq!(err["fields"]["amount"][0], "Ensure this value is greater than or equal to 0.");
    let err =
        post("/api/task-payments/", json!({"task": b.task, "amount": 0})).await.assert_error(400, "validation_error");
    assert_eq!(err["fields"]["amount"][0], "Ensure this value is greater than 0.");
    let err = post("/api/task-payments/", json!({"amount": 5, "method": "bitcoin"}))
        .await
        .assert_error(400, "validation_error");
    assert!(err["fields"]["task"].is_array() && err["fields"]["method"].is_array(), "{err}");
    post("/api/task-payments/", json!({"task": 999_999, "amount": 5})).await.assert_error(404, "not_found");
    post("/api/task-payments/", json!({"task": bobs.task, "amount": 5})).await.assert_error(404, "not_found");
    post("/api/task-payments/", json!({"task": b.task, "amount": 5, "payee": bobs.contractor}))
        .await
        .assert_error(404, "not_found");
    let err = post("/api/task-payments/", json!({"task": b.task, "amount": 5, "receipt": foreign_doc}))
        .await
        .assert_error(400, "validation_error");
    assert_eq!(err["fields"]["receipt"][0], "Choose a document of this payment's task.");
    post("/api/task-payments/", json!({"task": b.task, "amount": 5, "extra": 1}))
        .await
        .assert_error(400, "invalid_json");
    assert_eq!(app.authed_get(&format!("/api/tasks/{}/payments/", b.task), &ana).await.ok_json(200), json!([]));

    // Change orders: approving without an award; a document of another task.
    let err = post(
        "/api/change-orders/",
        json!({"task": other_task, "description": "x", "amount": 10, "status": "approved"}),
    )
    .await
    .assert_error(409, "conflict");
    assert!(err["message"].as_str().unwrap().contains("Award a bid"), "{err}");
    post("/api/change-orders/", json!({"task": b.task, "description": "x", "amount": 10, "document": foreign_doc}))
        .await
        .assert_error(400, "validation_error");
    let err = post("/api/change-orders/", json!({"task": b.task, "description": " ", "amount": "1.234"}))
        .await
        .assert_error(400, "validation_error");
    assert!(err["fields"]["amount"].is_array(), "{err}");
    let err = post("/api/change-orders/", json!({"task": b.task, "description": " ", "status": "maybe"}))
        .await
        .assert_error(400, "validation_error");
    for f in ["description", "amount", "status"] {
        assert!(err["fields"][f].is_array(), "{f}: {err}");
    }
    let reg = app.authed_get(&format!("/api/projects/{}/change-orders/", b.project), &ana).await.ok_json(200);
    assert_eq!(reg["change_orders"], json!([]));

    // Draws: a task of another project, none at all, another user's project.
    let err = post("/api/draws/", json!({"project": b.project, "tasks": [b.task, bobs.task]}))
        .await
        .assert_error(400, "validation_error");
    assert_eq!(err["fields"]["tasks"][0], "Choose tasks of this draw's project.");
    post("/api/draws/", json!({"project": b.project, "tasks": []})).await.assert_error(400, "validation_error");
    post("/api/draws/", json!({"project": bobs.project, "tasks": [bobs.task]})).await.assert_error(404, "not_found");
    post("/api/draws/", json!({"project": b.project, "tasks": "all"})).await.assert_error(400, "validation_error");
    assert_eq!(app.authed_get(&format!("/api/projects/{}/draws/", b.project), &ana).await.ok_json(200), json!([]));

    // Another user's objects answer 404.
    let pay = post("/api/task-payments/", json!({"task": b.task, "amount": 5})).await.ok_json(201);
    let path = format!("/api/task-payments/{}/", pay["id"]);
    app.authed_json(Method::PATCH, &path, &bob, Some(json!({"amount": 1}))).await.assert_error(404, "not_found");
    app.authed_json(Method::PATCH, &path, &bob, Some(json!({"amount": -1}))).await.assert_error(404, "not_found");
    app.authed_json(Method::DELETE, &path, &bob, None).await.assert_error(404, "not_found");
    app.authed_get(&format!("/api/tasks/{}/payments/", b.task), &bob).await.assert_error(404, "not_found");
    app.authed_get(&format!("/api/projects/{}/payments/", b.project), &bob).await.assert_error(404, "not_found");
    app.authed_get(&format!("/api/projects/{}/draws/next/", b.project), &bob).await.assert_error(404, "not_found");
    let err = app
        .authed_json(Method::PATCH, &path, &ana, Some(json!({"task": other_task})))
        .await
        .assert_error(400, "validation_error");
    assert!(err["fields"]["task"].is_array());
}

#[actix_web::test]
async fn a_draw_request_covers_the_work_since_the_last_one_and_funding_moves_the_loan() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let b = build(&app, &ana).await;
    let project_path = format!("/api/projects/{}/", b.project);
    app.authed_json(Method::PATCH, &project_path, &ana, Some(json!({"loan_amount": 300000}))).await.ok_json(200);
    let site =
        app.create_task(&ana, b.project, json!({"title": "Site work", "status": "Paid", "actual_cost": 5000})).await;
    app.authed_json(Method::POST, "/api/task-payments/", &ana, Some(json!({"task": b.task, "amount": 20000})))
        .await
        .ok_json(201);

    let next = app.authed_get(&format!("/api/projects/{}/draws/next/", b.project), &ana).await.ok_json(200);
    assert_eq!(next["total"], 25000.0);
    let ids: Vec<i64> = next["items"].as_array().unwrap().iter().map(|i| i["task"].as_i64().unwrap()).collect();
    assert_eq!(ids.len(), 2);
    let draw = app
        .authed_json(
            Method::POST,
            "/api/draws/",
            &ana,
            Some(json!({"project": b.project, "tasks": ids, "requested_on": "2026-11-21"})),
        )
        .await
        .ok_json(201);
    assert_eq!(
        (draw["number"].as_i64(), draw["total"].as_f64(), draw["status"].as_str()),
        (Some(1), Some(25000.0), Some("draft"))
    );
    assert_eq!(draw["items"].as_array().unwrap().len(), 2);
    assert!(draw["funded_amount"].is_null());
    let path = format!("/api/draws/{}/", draw["id"]);
    let err = app
        .authed_json(Method::PATCH, &path, &ana, Some(json!({"funded_amount": 100})))
        .await
        .assert_error(400, "validation_error");
    assert!(err["fields"]["funded_amount"].is_array());
    // A funded date on a draft: "only a funded draw" when it is a date, the date-format message
    // (every resource's) when it is not one.
    let err = app
        .authed_json(Method::PATCH, &path, &ana, Some(json!({"funded_on": "2026-11-28"})))
        .await
        .assert_error(400, "validation_error");
    assert_eq!(err["fields"]["funded_on"], json!(["Only a funded draw has a funded date: set its status to funded."]));
    let err = app
        .authed_json(Method::PATCH, &path, &ana, Some(json!({"funded_on": "28/11/2026", "status": "paid"})))
        .await
        .assert_error(400, "validation_error");
    assert_eq!(err["fields"]["funded_on"], json!(["Date has wrong format. Use YYYY-MM-DD."]), "{err}");
    assert_eq!(err["fields"]["status"], json!(["\"paid\" is not a valid choice."]), "{err}");
    // Another user's draw or project is not found whatever the body says (404 before 400).
    let bob = app.user("bob").await;
    let bad = json!({"funded_on": "soon", "status": "paid", "tasks": "all", "project": b.project});
    app.authed_json(Method::PATCH, &path, &bob, Some(bad)).await.assert_error(404, "not_found");
    let bad = json!({"project": b.project, "requested_on": "soon", "note": 5});
    app.authed_json(Method::POST, "/api/draws/", &bob, Some(bad)).await.assert_error(404, "not_found");
    let list = app.authed_get(&format!("/api/projects/{}/draws/", b.project), &ana).await.ok_json(200);
    assert_eq!(list, json!([draw]), "nothing changed, nothing made");
    app.authed_json(Method::PATCH, &path, &ana, Some(json!({"status": "submitted"}))).await.ok_json(200);
    app.authed_json(Method::PATCH, &path, &ana, Some(json!({"tasks": [b.task]}))).await.assert_error(409, "conflict");
    let funded = app
        .authed_json(
            Method::PATCH,
            &path,
            &ana,
            Some(json!({"status": "funded", "funded_amount": 24000, "funded_on": "2026-11-28"})),
        )
        .await
        .ok_json(200);
    assert_eq!((funded["funded_amount"].as_f64(), funded["funded_on"].as_str()), (Some(24000.0), Some("2026-11-28")));
    let s = summary(&app, &ana, b.project).await;
    assert_eq!(
        (s["loan_amount"].as_f64(), s["drawn"].as_f64(), s["loan_left"].as_f64()),
        (Some(300000.0), Some(24000.0), Some(276000.0))
    );
    app.authed_json(Method::DELETE, &path, &ana, None).await.assert_error(409, "conflict");

    // Nothing new to draw until more work is paid; then only the new part.
    let next = app.authed_get(&format!("/api/projects/{}/draws/next/", b.project), &ana).await.ok_json(200);
    assert_eq!((next["total"].as_f64(), next["items"].as_array().unwrap().len()), (Some(0.0), 0));
    app.authed_json(Method::POST, "/api/task-payments/", &ana, Some(json!({"task": b.task, "amount": 10000})))
        .await
        .ok_json(201);
    let second = app
        .authed_json(
            Method::POST,
            "/api/draws/",
            &ana,
            Some(json!({"project": b.project, "tasks": [b.task, site["id"]]})),
        )
        .await
        .ok_json(201);
    assert_eq!((second["number"].as_i64(), second["total"].as_f64()), (Some(2), Some(10000.0)));
    let list = app.authed_get(&format!("/api/projects/{}/draws/", b.project), &ana).await.ok_json(200);
    assert_eq!(list.as_array().unwrap().iter().map(|d| d["number"].as_i64().unwrap()).collect::<Vec<_>>(), [1, 2]);
    let deleted = app.authed_json(Method::DELETE, &format!("/api/draws/{}/", second["id"]), &ana, None).await;
    assert_eq!(deleted.status, 204);
}

/// Security issue 28, finding 6: a fund and a delete of the same draw at once. Each pair runs
/// as one of the two serial orders: funded and kept (the delete refused, 409), or deleted and
/// not funded (404); never a funded draw deleted. The loan's drawn total is the funded draws.
#[actix_web::test]
async fn funding_and_deleting_a_draw_at_once_never_deletes_a_funded_draw() {
    const PAIRS: usize = 40;
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let b = build(&app, &ana).await;
    let mut paths = Vec::new();
    for _ in 0..PAIRS {
        let draw = app
            .authed_json(Method::POST, "/api/draws/", &ana, Some(json!({"project": b.project, "tasks": [b.task]})))
            .await
            .ok_json(201);
        paths.push(format!("/api/draws/{}/", draw["id"]));
    }
    let fund = json!({"status": "funded", "funded_amount": 100});
    let calls = paths.iter().map(|path| {
        let (app, ana, fund) = (&app, &ana, &fund);
        async move {
            let funded = app.authed_json(Method::PATCH, path, ana, Some(fund.clone()));
            let deleted = app.authed_json(Method::DELETE, path, ana, None);
            let (funded, deleted) = futures_util::future::join(funded, deleted).await;
            (path, funded.status, deleted.status)
        }
    });
    let outcomes = futures_util::future::join_all(calls).await;

    let left = app.authed_get(&format!("/api/projects/{}/draws/", b.project), &ana).await.ok_json(200);
    let status_now = |path: &str| {
        let found = left.as_array().unwrap().iter().find(|d| path == format!("/api/draws/{}/", d["id"]));
        found.map(|d| d["status"].as_str().unwrap().to_owned())
    };
    let mut funded_left = 0.0;
    for (path, funded, deleted) in outcomes {
        match (funded, deleted, status_now(path).as_deref()) {
            (200, 409, Some("funded")) => funded_left += 100.0,
            (404, 204, None) => {}
            other => panic!("{path}: fund and delete answered, then the draw is: {other:?}"),
        }
    }
    assert_eq!(summary(&app, &ana, b.project).await["drawn"], json!(funded_left));
}

async fn send(app: &TestApp, user: &User, method: Method, path: String, body: Option<Value>) -> crate::helpers::Res {
    app.authed_json(method, &path, user, body).await
}

/// Issue 35: a partner records money as the owner would, with the owner's contractors; a viewer
/// reads it all and changes nothing; a stranger finds nothing.
#[actix_web::test]
async fn a_partner_records_the_money_a_viewer_reads_it_and_a_stranger_finds_none() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let sam = app.unsubscribed_user("sam").await;
    let lee = app.unsubscribed_user("lee").await;
    let eve = app.user("eve").await;
    let b = build(&app, &ana).await;
    crate::bids::join(&app, b.project, &ana, &sam, "partner");
    crate::bids::join(&app, b.project, &ana, &lee, "viewer");

    // The partner: a payment to the owner's contractor, a change order, a draw, a lien waiver.
    let payment = json!({"task": b.task, "amount": 5000, "contractor": b.contractor});
    let payment = send(&app, &sam, Method::POST, "/api/task-payments/".into(), Some(payment)).await.ok_json(201);
    assert_eq!(payment["contractor"]["name"], "Acme Framing");
    let order = json!({"task": b.task, "description": "Extra beam", "amount": 2500, "status": "approved"});
    let order = send(&app, &sam, Method::POST, "/api/change-orders/".into(), Some(order)).await.ok_json(201);
    let draw = json!({"project": b.project, "tasks": [b.task]});
    let draw = send(&app, &sam, Method::POST, "/api/draws/".into(), Some(draw)).await.ok_json(201);
    let waiver = json!({"project": b.project, "contractor": b.contractor, "kind": "conditional_progress",
        "amount": 5000, "payment": payment["id"]});
    let waiver = send(&app, &sam, Method::POST, "/api/lien-waivers/".into(), Some(waiver)).await.ok_json(201);
    let note = json!({"note": "called the bank"});
    send(&app, &sam, Method::PATCH, format!("/api/draws/{}/", draw["id"]), Some(note.clone())).await.ok_json(200);

    // The viewer reads every list, and every write is 403 (before the body's problems).
    for path in [
        format!("/api/tasks/{}/payments/", b.task),
        format!("/api/projects/{}/payments/", b.project),
        format!("/api/tasks/{}/change-orders/", b.task),
        format!("/api/projects/{}/change-orders/", b.project),
        format!("/api/projects/{}/draws/", b.project),
        format!("/api/projects/{}/draws/next/", b.project),
        format!("/api/projects/{}/lien-waivers/", b.project),
    ] {
        send(&app, &lee, Method::GET, path.clone(), None).await.ok_json(200);
        send(&app, &eve, Method::GET, path, None).await.assert_error(404, "not_found");
    }
    let writes = [
        (Method::POST, "/api/task-payments/".to_owned(), json!({"task": b.task, "amount": "lots"})),
        (Method::PATCH, format!("/api/task-payments/{}/", payment["id"]), json!({"amount": 1})),
        (Method::DELETE, format!("/api/task-payments/{}/", payment["id"]), Value::Null),
        (Method::POST, "/api/change-orders/".to_owned(), json!({"task": b.task})),
        (Method::PATCH, format!("/api/change-orders/{}/", order["id"]), json!({"status": "rejected"})),
        (Method::DELETE, format!("/api/change-orders/{}/", order["id"]), Value::Null),
        (Method::POST, "/api/draws/".to_owned(), json!({"project": b.project, "tasks": "all"})),
        (Method::PATCH, format!("/api/draws/{}/", draw["id"]), json!({"status": "funded"})),
        (Method::DELETE, format!("/api/draws/{}/", draw["id"]), Value::Null),
        (Method::POST, "/api/lien-waivers/".to_owned(), json!({"project": b.project})),
        (Method::PATCH, format!("/api/lien-waivers/{}/", waiver["id"]), json!({"status": "received"})),
        (Method::DELETE, format!("/api/lien-waivers/{}/", waiver["id"]), Value::Null),
    ];
    for (method, path, body) in writes {
        let body = (!body.is_null()).then_some(body);
        let what = format!("{method} {path}");
        send(&app, &lee, method.clone(), path.clone(), body.clone()).await.assert_error(403, "forbidden");
        let err = send(&app, &eve, method, path, body).await;
        assert_eq!(err.status, 404, "{what}: {}", err.text());
    }
    // Nothing the viewer or the stranger sent was written.
    let payments =
        send(&app, &ana, Method::GET, format!("/api/projects/{}/payments/", b.project), None).await.ok_json(200);
    assert_eq!(payments.as_array().unwrap().len(), 1);
    let draws = send(&app, &ana, Method::GET, format!("/api/projects/{}/draws/", b.project), None).await.ok_json(200);
    assert_eq!((draws[0]["status"].as_str(), draws[0]["note"].as_str()), (Some("draft"), Some("called the bank")));
    // The trail names the partner for what they did (the draw's board read is the owner's).
    let trail =
        send(&app, &ana, Method::GET, format!("/api/projects/{}/activity/", b.project), None).await.ok_json(200);
    let by = |action: &str| {
        let entry = trail["entries"].as_array().unwrap().iter().find(|e| e["action"] == action);
        entry.map_or(Value::Null, |e| e["actor"].clone())
    };
    for action in ["payment.created", "change_order.created", "draw.created", "waiver.requested", "draw.edited"] {
        assert_eq!(by(action), "sam", "{action}: {trail}");
    }
    assert_eq!(by("bid.awarded"), "ana");
}
