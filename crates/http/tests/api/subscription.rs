//! `/payments/...` and the local checkout page, on the real stack in local payments mode:
//! login (401), the subscription gate (402), admin-only calls (403), the whole local
//! checkout, and signed Stripe webhooks (bad signatures, replays, out-of-order events).

use actix_web::http::Method;
use actix_web::test::TestRequest;
use buildledger_application::subscription::ports::SubscriptionRepository;
use buildledger_application::ports::UserRepository;
use buildledger_payments_stripe::sign_payload;
use buildledger_persistence::subscription::DieselSubscriptionRepository;
use buildledger_persistence::DieselUserRepository;
use serde_json::{json, Value};

use crate::helpers::{Res, TestApp, User, WEBHOOK_SECRET};

const PRICE: &str = "price_local_monthly";

async fn post(app: &TestApp, path: &str, user: &User, body: Option<Value>) -> Res {
    app.authed_json(Method::POST, path, user, body).await
}

fn make_admin(app: &TestApp, username: &str) {
    assert!(DieselUserRepository::new(app.db.clone()).set_admin(username, true).unwrap());
}

fn record(app: &TestApp, user_id: i64) -> Option<buildledger_domain::subscription::Subscription> {
    DieselSubscriptionRepository::new(app.db.clone()).find_for_user(user_id).unwrap()
}

/// Opens a local checkout; returns (session id, url).
async fn checkout(app: &TestApp, user: &User) -> (String, String) {
    let body =
        post(app, "/payments/create-checkout-session/", user, Some(json!({"priceId": PRICE}))).await.ok_json(200);
    (body["sessionId"].as_str().unwrap().to_owned(), body["url"].as_str().unwrap().to_owned())
}

async fn complete(app: &TestApp, session_id: &str) -> Res {
    app.send(
        TestRequest::post()
            .uri(&format!("/payments/local-checkout/{session_id}/complete/"))
            .insert_header(("Content-Type", "application/x-www-form-urlencoded")),
    )
    .await
}

/// Checkout and pay in local mode.
async fn subscribe_locally(app: &TestApp, user: &User) {
    let (sid, _) = checkout(app, user).await;
    assert_eq!(complete(app, &sid).await.status, 303);
}

async fn is_subscribed(app: &TestApp, user: &User) -> bool {
    app.authed_get("/payments/check-subscription/", user).await.ok_json(200)["is_subscribed"].as_bool().unwrap()
}

async fn send_webhook(app: &TestApp, payload: &Value, signature: Option<String>) -> Res {
    let mut req = TestRequest::post()
        .uri("/payments/webhook/")
        .insert_header(("Content-Type", "application/json"))
        .set_payload(payload.to_string());
    if let Some(s) = signature {
        req = req.insert_header(("Stripe-Signature", s));
    }
    app.send(req).await
}

fn now_secs() -> i64 {
    chrono::Utc::now().timestamp()
}

async fn signed_webhook(app: &TestApp, payload: &Value) -> Res {
    let sig = sign_payload(WEBHOOK_SECRET, now_secs(), payload.to_string().as_bytes());
    send_webhook(app, payload, Some(sig)).await
}

fn subscription_event(id: &str, created: i64, user_id: i64, status: &str, cancel: bool) -> Value {
    json!({
        "id": id, "object": "event", "type": "customer.subscription.updated", "created": created,
        "data": {"object": {"id": "sub_stripe_1", "object": "subscription", "customer": format!("cus_stripe_{user_id}"), "status": status,
            "cancel_at_period_end": cancel, "metadata": {"user_id": user_id.to_string()},
            "items": {"object": "list", "data": [{"id": "si_1", "current_period_end": now_secs() + 30 * 86_400}]}}}
    })
}

// ---------------------------------------------------------------- 401

#[actix_web::test]
async fn every_payments_call_but_the_webhook_needs_a_login() {
    let app = TestApp::new().await;
    let calls: [(Method, &str); 9] = [
        (Method::GET, "/payments/subscription-status/"),
        (Method::GET, "/payments/check-subscription/"),
        (Method::POST, "/payments/create-checkout-session/"),
        (Method::POST, "/payments/cancel-subscription/"),
        (Method::POST, "/payments/resume-subscription/"),
        (Method::POST, "/payments/update-payment-method/"),
        (Method::GET, "/payments/billing-history/"),
        (Method::GET, "/payments/admin/subscriptions"),
        (Method::POST, "/payments/admin/subscriptions/cancel"),
    ];
    for (method, path) in calls {
        let body = (method == Method::POST).then(|| json!({}));
        app.json(method.clone(), path, None, body.clone()).await.assert_error(401, "not_authenticated");
        app.json(method, path, Some("not-a-token"), body).await.assert_error(401, "token_invalid");
    }
}

#[actix_web::test]
async fn unknown_payments_paths_answer_a_json_404() {
    let app = TestApp::new().await;
    app.get("/payments/nothing-here/").await.assert_error(404, "not_found");
}

// ---------------------------------------------------------------- the local mode, end to end

#[actix_web::test]
async fn a_new_user_subscribes_locally_reaches_projects_cancels_resumes_and_loses_access_on_admin_cancel() {
    let app = TestApp::new().await;
    let ana = app.unsubscribed_user("ana").await;

    // No subscription: the paid product answers 402, the status is empty.
    app.authed_get("/api/projects/", &ana).await.assert_error(402, "subscription_required");
    assert!(!is_subscribed(&app, &ana).await);
    assert_eq!(app.authed_get("/payments/subscription-status/", &ana).await.ok_json(200), json!({}));
    assert_eq!(app.authed_get("/payments/billing-history/", &ana).await.ok_json(200), json!({"billing_history": []}));

    // Checkout: a local page.
    let (sid, url) = checkout(&app, &ana).await;
    assert!(sid.starts_with("cs_local_") && sid.len() > 30, "{sid}");
    assert_eq!(url, format!("/local-checkout/{sid}"));
    let page = app.get(&url).await;
    assert_eq!(page.status, 200);
    assert!(page.header("content-type").unwrap().starts_with("text/html"));
    let html = page.text();
    assert!(html.contains("TEST checkout") && html.contains("$1.99/month") && html.contains("Pay $1.99"), "{html}");
    assert!(
        html.contains(&format!("action=\"/payments/local-checkout/{sid}/complete/\""))
            && html.contains("method=\"post\"")
    );
    assert!(!html.contains("<script"), "no inline script under the CSP");
    assert!(!is_subscribed(&app, &ana).await, "opening checkout gives nothing yet");

    // Pay: 303 to /success, then access.
    let done = complete(&app, &sid).await;
    assert_eq!(done.status, 303);
    assert_eq!(done.header("location").unwrap(), format!("/success?session_id={sid}"));
    assert!(is_subscribed(&app, &ana).await);
    app.authed_get("/api/projects/", &ana).await.ok_json(200);

    let status = app.authed_get("/payments/subscription-status/", &ana).await.ok_json(200);
    assert_eq!(status["status"], "active");
    assert_eq!(status["subscription_status"], "active");
    assert_eq!(status["cancel_at_period_end"], false);
    let end = status["current_period_end"].as_i64().unwrap();
    assert!((end - now_secs() - 28 * 86_400) > 0 && (end - now_secs()) <= 31 * 86_400 + 5, "one month: {end}");

    let history = app.authed_get("/payments/billing-history/", &ana).await.ok_json(200);
    let items = history["billing_history"].as_array().unwrap();
    assert_eq!(items.len(), 1, "{history}");
    assert_eq!(items[0]["amount_paid"], json!(1.99));
    assert_eq!(items[0]["currency"], "usd");
    assert_eq!(items[0]["status"], "paid");
    assert_eq!(items[0]["date"], chrono::Utc::now().format("%Y-%m-%d").to_string());
    assert!(items[0]["id"].as_str().unwrap().starts_with("in_local_"));

    // The page of a paid checkout says so; paying twice changes nothing.
    assert!(app.get(&url).await.text().contains("already paid"));
    assert_eq!(complete(&app, &sid).await.status, 303);
    assert_eq!(
        app.authed_get("/payments/billing-history/", &ana).await.ok_json(200)["billing_history"]
            .as_array()
            .unwrap()
            .len(),
        1
    );

    // A second checkout while subscribed is refused.
    post(&app, "/payments/create-checkout-session/", &ana, Some(json!({"priceId": PRICE})))
        .await
        .assert_error(409, "conflict");

    // Cancel at period end: access stays until then.
    let res = post(&app, "/payments/cancel-subscription/", &ana, None).await.ok_json(200);
    assert!(res["message"].as_str().unwrap().contains("end of the current billing period"));
    let status = app.authed_get("/payments/subscription-status/", &ana).await.ok_json(200);
    assert_eq!((status["status"].as_str(), status["cancel_at_period_end"].as_bool()), (Some("active"), Some(true)));
    app.authed_get("/api/projects/", &ana).await.ok_json(200);

    // Resume.
    post(&app, "/payments/resume-subscription/", &ana, None).await.ok_json(200);
    assert_eq!(
        app.authed_get("/payments/subscription-status/", &ana).await.ok_json(200)["cancel_at_period_end"],
        false
    );

    // Payment method (local mode accepts any well-formed id).
    post(&app, "/payments/update-payment-method/", &ana, Some(json!({"payment_method_id": "pm_card_visa"})))
        .await
        .ok_json(200);

    // Admin cancel: the row's id is cleared, status canceled, and access ends at once.
    let boss = app.unsubscribed_user("boss").await;
    make_admin(&app, "boss");
    let rows = app.authed_get("/payments/admin/subscriptions", &boss).await.ok_json(200);
    let row = rows.as_array().unwrap().iter().find(|r| r["username"] == "ana").cloned().unwrap();
    let sub_id = row["subscription_id"].as_str().unwrap().to_owned();
    assert_eq!(row["status"], "active");
    assert_eq!(row["stripe_customer_id"], format!("cus_local_{}", ana.id));
    let res = post(&app, "/payments/admin/subscriptions/cancel", &boss, Some(json!({"subscription_id": sub_id})))
        .await
        .ok_json(200);
    assert!(res["message"].is_string());
    let rows = app.authed_get("/payments/admin/subscriptions", &boss).await.ok_json(200);
    let row = rows.as_array().unwrap().iter().find(|r| r["username"] == "ana").cloned().unwrap();
    assert_eq!(row["subscription_id"], Value::Null);
    assert_eq!(row["status"], "canceled");

    app.authed_get("/api/projects/", &ana).await.assert_error(402, "subscription_required");
    assert!(!is_subscribed(&app, &ana).await);
    assert_eq!(app.authed_get("/payments/subscription-status/", &ana).await.ok_json(200)["status"], "canceled");
    // Nothing left to cancel or resume.
    post(&app, "/payments/cancel-subscription/", &ana, None).await.assert_error(404, "not_found");
    post(&app, "/payments/resume-subscription/", &ana, None).await.assert_error(404, "not_found");

    // And the user can subscribe again.
    subscribe_locally(&app, &ana).await;
    assert!(is_subscribed(&app, &ana).await);
    assert_eq!(
        app.authed_get("/payments/billing-history/", &ana).await.ok_json(200)["billing_history"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
}

#[actix_web::test]
async fn an_ended_period_ends_access() {
    let app = TestApp::new().await;
    let ana = app.unsubscribed_user("ana").await;
    subscribe_locally(&app, &ana).await;
    let mut s = record(&app, ana.id).unwrap();
    s.current_period_end = Some(chrono::Utc::now().naive_utc() - chrono::Duration::seconds(1));
    DieselSubscriptionRepository::new(app.db.clone()).upsert(&s).unwrap();
    assert!(!is_subscribed(&app, &ana).await);
    app.authed_get("/api/projects/", &ana).await.assert_error(402, "subscription_required");
}

#[actix_web::test]
async fn checkout_rejects_another_price_and_the_local_page_rejects_unknown_sessions() {
    let app = TestApp::new().await;
    let ana = app.unsubscribed_user("ana").await;
    let body = post(&app, "/payments/create-checkout-session/", &ana, Some(json!({"priceId": "price_other"})))
        .await
        .assert_error(400, "validation_error");
    assert!(body["fields"]["priceId"].is_array());
    // Without a price the plan's price is used.
    post(&app, "/payments/create-checkout-session/", &ana, Some(json!({}))).await.ok_json(200);
    let page = app.get("/local-checkout/cs_local_unknown").await;
    assert_eq!(page.status, 404);
    assert!(page.text().contains("Checkout not found"));
    complete(&app, "cs_local_unknown").await.assert_error(404, "not_found");
    assert_eq!(record(&app, ana.id).map(|s| s.status), Some("none".to_owned()), "only the customer is known");
    assert_eq!(app.authed_get("/payments/subscription-status/", &ana).await.ok_json(200), json!({}));
}

#[actix_web::test]
async fn cancel_resume_and_payment_method_need_a_subscription() {
    let app = TestApp::new().await;
    let ana = app.unsubscribed_user("ana").await;
    post(&app, "/payments/cancel-subscription/", &ana, None).await.assert_error(404, "not_found");
    post(&app, "/payments/resume-subscription/", &ana, None).await.assert_error(404, "not_found");
    post(&app, "/payments/update-payment-method/", &ana, Some(json!({"payment_method_id": "pm_1"})))
        .await
        .assert_error(404, "not_found");
    let body = post(&app, "/payments/update-payment-method/", &ana, Some(json!({})))
        .await
        .assert_error(400, "validation_error");
    assert!(body["fields"]["payment_method_id"].is_array());
}

// ---------------------------------------------------------------- 403

#[actix_web::test]
async fn the_admin_calls_are_forbidden_to_other_users_and_change_nothing() {
    let app = TestApp::new().await;
    let ana = app.unsubscribed_user("ana").await;
    subscribe_locally(&app, &ana).await;
    let sub_id = record(&app, ana.id).unwrap().subscription_id.unwrap();
    let eve = app.user("eve").await; // subscribed, but not an admin
    app.authed_get("/payments/admin/subscriptions", &eve).await.assert_error(403, "forbidden");
    post(&app, "/payments/admin/subscriptions/cancel", &eve, Some(json!({"subscription_id": sub_id})))
        .await
        .assert_error(403, "forbidden");
    assert!(is_subscribed(&app, &ana).await);
    // An admin cancelling an unknown id gets 404; a missing id 400.
    make_admin(&app, "eve");
    post(&app, "/payments/admin/subscriptions/cancel", &eve, Some(json!({"subscription_id": "sub_nope"})))
        .await
        .assert_error(404, "not_found");
    post(&app, "/payments/admin/subscriptions/cancel", &eve, Some(json!({})))
        .await
        .assert_error(400, "validation_error");
    assert!(is_subscribed(&app, &ana).await);
}

// ---------------------------------------------------------------- webhooks

#[actix_web::test]
async fn a_correctly_signed_subscription_event_is_applied() {
    let app = TestApp::new().await;
    let ana = app.unsubscribed_user("ana").await;
    let res =
        signed_webhook(&app, &subscription_event("evt_1", now_secs(), ana.id, "active", false)).await.ok_json(200);
    assert_eq!(res["received"], true);
    assert!(is_subscribed(&app, &ana).await);
    let s = record(&app, ana.id).unwrap();
    assert_eq!(s.subscription_id.as_deref(), Some("sub_stripe_1"));
    assert_eq!(s.customer_id, Some(format!("cus_stripe_{}", ana.id)));
    // The status shows what Stripe said.
    let status = app.authed_get("/payments/subscription-status/", &ana).await.ok_json(200);
    assert_eq!(status["subscription_status"], "active");
}

#[actix_web::test]
async fn badly_signed_or_unsigned_webhooks_are_400_and_change_nothing() {
    let app = TestApp::new().await;
    let ana = app.unsubscribed_user("ana").await;
    let event = subscription_event("evt_1", now_secs(), ana.id, "active", false);
    let body = event.to_string();
    send_webhook(&app, &event, None).await.assert_error(400, "invalid_webhook");
    send_webhook(&app, &event, Some(sign_payload("whsec_wrong", now_secs(), body.as_bytes())))
        .await
        .assert_error(400, "invalid_webhook");
    send_webhook(&app, &event, Some(format!("t={},v1=deadbeef", now_secs())))
        .await
        .assert_error(400, "invalid_webhook");
    send_webhook(&app, &event, Some("garbage".into())).await.assert_error(400, "invalid_webhook");
    // Signed for another body.
    send_webhook(&app, &event, Some(sign_payload(WEBHOOK_SECRET, now_secs(), b"{}")))
        .await
        .assert_error(400, "invalid_webhook");
    // A correct signature that is too old (a replay of a captured delivery).
    send_webhook(&app, &event, Some(sign_payload(WEBHOOK_SECRET, now_secs() - 600, body.as_bytes())))
        .await
        .assert_error(400, "invalid_webhook");
    assert_eq!(record(&app, ana.id), None);
    assert!(!is_subscribed(&app, &ana).await);
    // ...and the event id was not used up: the genuine delivery still applies.
    signed_webhook(&app, &event).await.ok_json(200);
    assert!(is_subscribed(&app, &ana).await);
}

#[actix_web::test]
async fn a_replayed_event_is_applied_once() {
    let app = TestApp::new().await;
    let ana = app.unsubscribed_user("ana").await;
    let active = subscription_event("evt_a", now_secs() - 20, ana.id, "active", false);
    assert_eq!(signed_webhook(&app, &active).await.ok_json(200)["duplicate"], false);
    let canceled = subscription_event("evt_b", now_secs() - 10, ana.id, "past_due", false);
    signed_webhook(&app, &canceled).await.ok_json(200);
    assert!(!is_subscribed(&app, &ana).await);
    // Stripe re-delivers evt_a (freshly signed): it is not applied a second time.
    assert_eq!(signed_webhook(&app, &active).await.ok_json(200)["duplicate"], true);
    assert_eq!(record(&app, ana.id).unwrap().status, "past_due");
}

#[actix_web::test]
async fn an_older_event_arriving_late_does_not_undo_a_newer_one() {
    let app = TestApp::new().await;
    let ana = app.unsubscribed_user("ana").await;
    let newer = subscription_event("evt_new", now_secs() - 5, ana.id, "active", true);
    let older = subscription_event("evt_old", now_secs() - 60, ana.id, "active", false);
    signed_webhook(&app, &newer).await.ok_json(200);
    signed_webhook(&app, &older).await.ok_json(200);
    let s = record(&app, ana.id).unwrap();
    assert!(s.cancel_at_period_end, "the newer state stays");
    // The deletion of the subscription, later, ends access.
    let mut deleted = subscription_event("evt_del", now_secs(), ana.id, "canceled", false);
    deleted["type"] = json!("customer.subscription.deleted");
    signed_webhook(&app, &deleted).await.ok_json(200);
    assert!(!is_subscribed(&app, &ana).await);
}

#[actix_web::test]
async fn checkout_completed_and_invoice_events_link_the_customer_and_fill_billing_history() {
    let app = TestApp::new().await;
    let ana = app.unsubscribed_user("ana").await;
    // The checkout was opened (the record knows the customer).
    checkout(&app, &ana).await;
    let customer = record(&app, ana.id).unwrap().customer_id.unwrap();
    let completed = json!({"id": "evt_c", "type": "checkout.session.completed", "created": now_secs(),
        "data": {"object": {"id": "cs_test_1", "object": "checkout.session", "mode": "subscription", "customer": customer, "subscription": "sub_stripe_9", "client_reference_id": ana.id.to_string()}}});
    signed_webhook(&app, &completed).await.ok_json(200);
    assert_eq!(record(&app, ana.id).unwrap().subscription_id.as_deref(), Some("sub_stripe_9"));
    // The subscription event created before the checkout event still applies.
    let mut created = subscription_event("evt_s", now_secs() - 2, ana.id, "active", false);
    created["type"] = json!("customer.subscription.created");
    created["data"]["object"]["id"] = json!("sub_stripe_9");
    created["data"]["object"]["customer"] = json!(customer);
    signed_webhook(&app, &created).await.ok_json(200);
    assert!(is_subscribed(&app, &ana).await);
    let paid = json!({"id": "evt_i", "type": "invoice.paid", "created": now_secs(),
        "data": {"object": {"id": "in_stripe_1", "object": "invoice", "customer": customer, "amount_paid": 199, "currency": "usd", "status": "paid", "created": now_secs()}}});
    signed_webhook(&app, &paid).await.ok_json(200);
    let history = app.authed_get("/payments/billing-history/", &ana).await.ok_json(200);
    assert_eq!(history["billing_history"][0]["id"], "in_stripe_1");
    assert_eq!(history["billing_history"][0]["amount_paid"], json!(1.99));
}
