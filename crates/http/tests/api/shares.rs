//! Issue 21: read-only share links. Create, list, open without a login, revoke; expired links,
//! another user's project and a lapsed owner answer 404; the page never carries what the owner
//! left out (documents, bids, payments: security issue 28) nor who the owner is; a body with a
//! field the endpoint does not know is refused.

use actix_web::http::Method;
use buildledger_application::subscription::ports::SubscriptionRepository;
use buildledger_domain::subscription::Subscription;
use buildledger_persistence::subscription::DieselSubscriptionRepository;
use diesel::connection::SimpleConnection;
use serde_json::{json, Value};

use crate::helpers::{TestApp, User, PDF};

async fn share(app: &TestApp, user: &User, body: Value) -> Value {
    app.authed_json(Method::POST, "/api/shares/", user, Some(body)).await.ok_json(201)
}

/// A project with a task, a bid awarded, a payment and a document.
async fn project_with_everything(app: &TestApp, user: &User) -> (i64, i64) {
    let project = app.create_project(user, json!({"name": "Lake house"})).await["id"].as_i64().unwrap();
    let task = app.create_task(user, project, json!({"title": "Framing", "description": "Walls"})).await;
    let task = task["id"].as_i64().unwrap();
    let acme = app
        .authed_json(Method::POST, "/api/contractors/", user, Some(json!({"name": "Acme Framing"})))
        .await
        .ok_json(201)["id"]
        .clone();
    let bid = app
        .authed_json(Method::POST, "/api/bids/", user, Some(json!({"task": task, "contractor": acme, "amount": 40000, "notes": "Labour only", "valid_until": "2031-01-31"})))
        .await
        .ok_json(201);
    app.authed_json(Method::POST, &format!("/api/bids/{}/award/", bid["id"]), user, None).await.ok_json(200);
    let payment = json!({"task": task, "amount": 10000, "payee": "Site Pay", "note": "Deposit"});
    app.authed_json(Method::POST, "/api/task-payments/", user, Some(payment)).await.ok_json(201);
    app.upload(user, task, "framing-quote.pdf", PDF).await.ok_json(201);
    (project, task)
}

#[actix_web::test]
async fn a_link_shows_the_live_project_without_a_login_and_without_the_owner() {
    let app = TestApp::new().await;
    let ana = app.user("ana_owner").await;
    let (project, _) = project_with_everything(&app, &ana).await;
    let created = share(&app, &ana, json!({"project": project, "label": "Bank", "expires_on": null})).await;
    let token = created["token"].as_str().unwrap().to_owned();
    assert_eq!(token.len(), 64);
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
    assert!(created["url"].as_str().unwrap().ends_with(&format!("/share/{token}")));
    assert_eq!((created["label"].clone(), created["include_documents"].clone()), (json!("Bank"), json!(false)));

    // The owner's list never shows a token again.
    let list = app.authed_get(&format!("/api/projects/{project}/shares/"), &ana).await.ok_json(200);
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert!(list[0].get("token").is_none() && list[0].get("url").is_none());

    let res = app.get(&format!("/api/share/{token}/")).await;
    assert_eq!(res.header("x-robots-tag").as_deref(), Some("noindex, nofollow"));
    let view = res.ok_json(200);
    assert_eq!(view["label"], "Bank");
    assert_eq!(view["project"]["name"], "Lake house");
    assert_eq!(view["tasks"][0]["title"], "Framing");
    assert_eq!(view["summary"]["committed"], 40000.0);
    assert_eq!(view["summary"]["paid_to_date"], 10000.0);
    // Nothing was included: no bids, no payments, no documents, not even their names. The
    // budget's totals (the award, the paid to date) show either way.
    assert_eq!((view["include_bids"].clone(), view["include_payments"].clone()), (json!(false), json!(false)));
    assert_eq!(
        (view["bids"].clone(), view["payments"].clone(), view["documents"].clone()),
        (json!([]), json!([]), json!([]))
    );
    // Nor does the board tell the competing bids.
    assert_eq!(
        (view["tasks"][0]["bid_count"].clone(), view["tasks"][0]["lowest_bid"].clone()),
        (json!(0), json!(null))
    );
    assert_eq!(view["tasks"][0]["committed_cost"], 40000.0);
    let text = view.to_string();
    assert!(!text.contains("ana_owner") && !text.contains("@example"), "the owner is never named: {text}");
    assert!(!text.contains("framing-quote"), "no document names without documents");
    assert!(!text.contains("Acme Framing") && !text.contains("Site Pay"), "no bids or payees: {text}");

    // Live: a change by the owner shows on the next read.
    let task = view["tasks"][0]["id"].as_i64().unwrap();
    app.authed_json(Method::PATCH, &format!("/api/tasks/{task}/"), &ana, Some(json!({"status": "In Progress"})))
        .await
        .ok_json(200);
    let view = app.get(&format!("/api/share/{token}/")).await.ok_json(200);
    assert_eq!(view["tasks"][0]["status"], "In Progress");

    // The schedule comes too, read-only (issue 33): the timeline of what the owner sees.
    assert_eq!(view["schedule"]["unscheduled"], json!([task]));
    app.authed_json(Method::PATCH, &format!("/api/tasks/{task}/"), &ana, Some(json!({"duration_days": 5})))
        .await
        .ok_json(200);
    let view = app.get(&format!("/api/share/{token}/")).await.ok_json(200);
    let owners = app.authed_get(&format!("/api/projects/{project}/schedule/"), &ana).await.ok_json(200);
    assert_eq!(view["schedule"], owners);
    assert_eq!(view["schedule"]["tasks"][0]["task"], task);
    assert_eq!(view["dependencies"], json!([]));
}

#[actix_web::test]
async fn draws_show_as_the_draws_endpoint_answers_them_only_on_a_link_that_includes_them() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let (project, task) = project_with_everything(&app, &ana).await;
    let lending = json!({"address": "12 Elm St, Austin, TX", "lender_name": "First Bank", "loan_number": "L-7"});
    let path = format!("/api/projects/{project}/");
    app.authed_json(Method::PATCH, &path, &ana, Some(lending)).await.ok_json(200);
    let draw = json!({"project": project, "tasks": [task]});
    app.authed_json(Method::POST, "/api/draws/", &ana, Some(draw)).await.ok_json(201);
    let draws = app.authed_get(&format!("/api/projects/{project}/draws/"), &ana).await.ok_json(200);
    assert_eq!(draws.as_array().unwrap().len(), 1, "{draws}");
    let open = |created: Value| {
        let token = created["token"].as_str().unwrap().to_owned();
        let app = &app;
        async move { app.get(&format!("/api/share/{token}/")).await.ok_json(200) }
    };

    let created = share(&app, &ana, json!({"project": project, "label": "Bank", "include_draws": true})).await;
    assert_eq!(created["include_draws"], json!(true));
    let view = open(created).await;
    assert_eq!(view["include_draws"], json!(true));
    assert_eq!(view["draws"], draws, "the draws as the owner's endpoint answers them");
    // The property and the lender show on every link.
    assert_eq!((view["project"]["address"].clone(), view["project"]["lender_name"].clone()), (json!("12 Elm St, Austin, TX"), json!("First Bank")));
    assert_eq!((view["payments"].clone(), view["bids"].clone()), (json!([]), json!([])), "only what was asked");

    let plain = open(share(&app, &ana, json!({"project": project, "label": "Sam"})).await).await;
    assert_eq!((plain["include_draws"].clone(), plain["draws"].clone()), (json!(false), json!(null)));
    assert_eq!(plain["project"]["address"], "12 Elm St, Austin, TX");
    let list = app.authed_get(&format!("/api/projects/{project}/shares/"), &ana).await.ok_json(200);
    let scopes: Vec<Value> = list.as_array().unwrap().iter().map(|s| s["include_draws"].clone()).collect();
    assert_eq!(scopes, [json!(true), json!(false)]);
    // A wrong type is a field error; nothing is made.
    let bad = json!({"project": project, "label": "Kim", "include_draws": "yes"});
    let e = app.authed_json(Method::POST, "/api/shares/", &ana, Some(bad)).await.assert_error(400, "validation_error");
    assert_eq!(e["fields"]["include_draws"], json!(["Must be a valid boolean."]));
    let list = app.authed_get(&format!("/api/projects/{project}/shares/"), &ana).await.ok_json(200);
    assert_eq!(list.as_array().unwrap().len(), 2);
}

#[actix_web::test]
async fn bids_and_payments_show_only_on_a_link_that_includes_them() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let (project, _) = project_with_everything(&app, &ana).await;
    let open = |created: Value| {
        let token = created["token"].as_str().unwrap().to_owned();
        let app = &app;
        async move { app.get(&format!("/api/share/{token}/")).await.ok_json(200) }
    };

    let both = json!({"project": project, "label": "Lender", "include_bids": true, "include_payments": true});
    let created = share(&app, &ana, both).await;
    assert_eq!((created["include_bids"].clone(), created["include_payments"].clone()), (json!(true), json!(true)));
    let view = open(created).await;
    assert_eq!((view["include_bids"].clone(), view["include_payments"].clone()), (json!(true), json!(true)));
    assert_eq!(view["bids"][0]["bids"][0]["contractor"]["name"], "Acme Framing");
    let shared_bid = &view["bids"][0]["bids"][0];
    assert!(shared_bid.get("notes").is_none() && shared_bid.get("valid_until").is_none(), "{shared_bid}");
    assert_eq!(view["tasks"][0]["bid_count"], 1);
    assert_eq!(view["payments"][0]["amount"], 10000.0);
    assert_eq!(
        (view["payments"][0]["payee"].clone(), view["payments"][0]["note"].clone()),
        (json!("Site Pay"), json!("Deposit"))
    );
    assert_eq!(view["documents"], json!([]), "documents stay out unless included");

    let bids_only =
        open(share(&app, &ana, json!({"project": project, "label": "Sam", "include_bids": true})).await).await;
    assert_eq!(bids_only["bids"].as_array().unwrap().len(), 1);
    assert_eq!(bids_only["payments"], json!([]));
    let payments_only =
        open(share(&app, &ana, json!({"project": project, "label": "Kim", "include_payments": true})).await).await;
    assert_eq!(
        (payments_only["bids"].clone(), payments_only["tasks"][0]["lowest_bid"].clone()),
        (json!([]), json!(null))
    );
    assert_eq!(payments_only["payments"].as_array().unwrap().len(), 1);

    // The owner's list says what each link includes.
    let list = app.authed_get(&format!("/api/projects/{project}/shares/"), &ana).await.ok_json(200);
    let scopes: Vec<(Value, Value, Value)> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["label"].clone(), s["include_bids"].clone(), s["include_payments"].clone()))
        .collect();
    assert_eq!(
        scopes,
        [
            (json!("Lender"), json!(true), json!(true)),
            (json!("Sam"), json!(true), json!(false)),
            (json!("Kim"), json!(false), json!(true)),
        ]
    );
}

#[actix_web::test]
async fn a_share_with_a_field_it_does_not_know_is_refused_and_nothing_is_made() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let project = app.create_project(&ana, json!({})).await["id"].as_i64().unwrap();
    for (body, field) in [
        (json!({"project": project, "label": "Bank", "fields": {"include_bids": true}}), "fields"),
        (json!({"project": project, "label": "Bank", "include_bid": true}), "include_bid"),
        (json!({"project": project, "label": "Bank", "token": "a".repeat(64)}), "token"),
    ] {
        let err = app
            .authed_json(Method::POST, "/api/shares/", &ana, Some(body.clone()))
            .await
            .assert_error(400, "invalid_json");
        let message = err["message"].as_str().unwrap();
        assert!(message.contains(&format!("`{field}`")), "{body} -> {message}");
    }
    let list = app.authed_get(&format!("/api/projects/{project}/shares/"), &ana).await.ok_json(200);
    assert_eq!(list, json!([]), "nothing written");
}

#[actix_web::test]
async fn documents_come_through_signed_links_only_when_included() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let (project, _) = project_with_everything(&app, &ana).await;
    let created = share(&app, &ana, json!({"project": project, "label": "Sam", "include_documents": true})).await;
    let view = app.get(&format!("/api/share/{}/", created["token"].as_str().unwrap())).await.ok_json(200);
    let docs = view["documents"].as_array().unwrap();
    assert_eq!(docs.len(), 1);
    assert_eq!(docs[0]["name"], "framing-quote.pdf");
    let link = docs[0]["file"].as_str().unwrap();
    assert!(link.contains("signature="));
    let file = app.get(link).await;
    assert_eq!(file.status, 200);
    assert_eq!(&file.body[..], PDF);
}

#[actix_web::test]
async fn revoked_expired_unknown_and_lapsed_links_answer_404() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let project = app.create_project(&ana, json!({})).await["id"].as_i64().unwrap();
    let today = chrono::Utc::now().date_naive().to_string();
    let created = share(&app, &ana, json!({"project": project, "label": "Bank", "expires_on": today})).await;
    let (id, token) = (created["id"].as_i64().unwrap(), created["token"].as_str().unwrap().to_owned());
    app.get(&format!("/api/share/{token}/")).await.ok_json(200);

    // Unknown and malformed tokens.
    app.get(&format!("/api/share/{}/", "a".repeat(64))).await.assert_error(404, "not_found");
    app.get("/api/share/not-a-token/").await.assert_error(404, "not_found");

    // Past its last day (moved back in the database, as time would).
    app.db
        .write(move |conn| {
            conn.batch_execute(&format!("UPDATE project_shares SET expires_on = '2020-01-01' WHERE id = {id}"))?;
            Ok(())
        })
        .unwrap();
    app.get(&format!("/api/share/{token}/")).await.assert_error(404, "not_found");

    // A lapsed owner's links stop working, and work again once they pay.
    let live = share(&app, &ana, json!({"project": project, "label": "Sam"})).await;
    let live = live["token"].as_str().unwrap().to_owned();
    let now = chrono::Utc::now().naive_utc();
    let lapsed = Subscription {
        user_id: ana.id,
        customer_id: Some(format!("cus_test_{}", ana.id)),
        subscription_id: Some(format!("sub_test_{}", ana.id)),
        status: "canceled".to_owned(),
        current_period_end: Some(now - chrono::Duration::days(1)),
        cancel_at_period_end: false,
        updated_at: now,
    };
    DieselSubscriptionRepository::new(app.db.clone()).upsert(&lapsed).unwrap();
    app.get(&format!("/api/share/{live}/")).await.assert_error(404, "not_found");
    app.subscribe(ana.id);
    app.get(&format!("/api/share/{live}/")).await.ok_json(200);

    // Revoked: 404 at once; revoking again is 404 too.
    let live_id = app.authed_get(&format!("/api/projects/{project}/shares/"), &ana).await.ok_json(200)[1]["id"].clone();
    let res = app.authed_json(Method::DELETE, &format!("/api/shares/{live_id}/"), &ana, None).await;
    assert_eq!(res.status, 204);
    app.get(&format!("/api/share/{live}/")).await.assert_error(404, "not_found");
    app.authed_json(Method::DELETE, &format!("/api/shares/{live_id}/"), &ana, None)
        .await
        .assert_error(404, "not_found");
}

#[actix_web::test]
async fn only_the_owner_shares_lists_and_revokes_and_bad_input_writes_nothing() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let bob = app.user("bob").await;
    let project = app.create_project(&ana, json!({})).await["id"].as_i64().unwrap();
    let created = share(&app, &ana, json!({"project": project, "label": "Bank"})).await;

    app.authed_json(Method::POST, "/api/shares/", &bob, Some(json!({"project": project, "label": "Mine"})))
        .await
        .assert_error(404, "not_found");
    app.authed_get(&format!("/api/projects/{project}/shares/"), &bob).await.assert_error(404, "not_found");
    app.authed_json(Method::DELETE, &format!("/api/shares/{}/", created["id"]), &bob, None)
        .await
        .assert_error(404, "not_found");

    for (body, field) in [
        (json!({"project": project, "label": ""}), "label"),
        (json!({"project": project, "label": "x".repeat(61)}), "label"),
        (json!({"project": project}), "label"),
        (json!({"label": "Bank"}), "project"),
        (json!({"project": project, "label": "Bank", "expires_on": "2020-01-01"}), "expires_on"),
        (json!({"project": project, "label": "Bank", "expires_on": "next week"}), "expires_on"),
        (json!({"project": project, "label": "Bank", "include_documents": "yes"}), "include_documents"),
        (json!({"project": project, "label": "Bank", "include_bids": 1}), "include_bids"),
        (json!({"project": project, "label": "Bank", "include_payments": "no"}), "include_payments"),
        (json!({"project": "abc", "label": "Bank"}), "project"),
    ] {
        let err = app
            .authed_json(Method::POST, "/api/shares/", &ana, Some(body.clone()))
            .await
            .assert_error(400, "validation_error");
        assert!(err["fields"][field].is_array(), "{body} -> {err}");
    }
    let list = app.authed_get(&format!("/api/projects/{project}/shares/"), &ana).await.ok_json(200);
    assert_eq!(list.as_array().unwrap().len(), 1, "nothing written by bad input");

    // Deleting the project takes its links with it.
    let token = created["token"].as_str().unwrap();
    app.authed_json(Method::DELETE, &format!("/api/projects/{project}/"), &ana, None).await;
    app.get(&format!("/api/share/{token}/")).await.assert_error(404, "not_found");
}

#[actix_web::test]
async fn a_partner_shares_and_revokes_a_viewer_only_lists_and_the_page_is_read_only() {
    let app = TestApp::new().await;
    let ana = app.user("ana").await;
    let (sam, lena) = (app.user("sam").await, app.user("lena").await);
    let project = app.create_project(&ana, json!({})).await["id"].as_i64().unwrap();
    crate::members::join(&app, &ana, project, &sam, "partner").await;
    crate::members::join(&app, &ana, project, &lena, "viewer").await;

    let created = share(&app, &sam, json!({"project": project, "label": "Bank"})).await;
    let token = created["token"].as_str().unwrap().to_owned();
    let view = app.get(&format!("/api/share/{token}/")).await.ok_json(200);
    assert_eq!(view["project"]["role"], "viewer", "whoever opens a link only reads");
    assert!(!view.to_string().contains("\"owner\":\"ana\""), "the owner is never named: {view}");

    let list = app.authed_get(&format!("/api/projects/{project}/shares/"), &lena).await.ok_json(200);
    assert_eq!(list[0]["label"], "Bank");
    app.authed_json(Method::POST, "/api/shares/", &lena, Some(json!({"project": project, "label": "Mine"})))
        .await
        .assert_error(403, "forbidden");
    let path = format!("/api/shares/{}/", created["id"]);
    app.authed_json(Method::DELETE, &path, &lena, None).await.assert_error(403, "forbidden");
    assert_eq!(app.get(&format!("/api/share/{token}/")).await.status, 200);

    assert_eq!(app.authed_json(Method::DELETE, &path, &sam, None).await.status, 204);
    app.get(&format!("/api/share/{token}/")).await.assert_error(404, "not_found");
    let trail = app.authed_get(&format!("/api/projects/{project}/activity/"), &ana).await.ok_json(200);
    let lines: Vec<(String, String)> = trail["entries"]
        .as_array()
        .unwrap()
        .iter()
        .take(2)
        .map(|e| (e["action"].as_str().unwrap().to_owned(), e["actor"].as_str().unwrap().to_owned()))
        .collect();
    assert_eq!(lines, [("share.revoked".into(), "sam".into()), ("share.created".into(), "sam".into())]);
}
