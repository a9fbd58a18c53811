//! The Stripe adapter against a local HTTP server answering with Stripe-shaped JSON:
//! asserts the exact requests (method, path, form fields, idempotency keys).

use std::collections::HashMap;
use std::sync::Arc;

use buildledger_application::subscription::ports::{CheckoutRequest, GatewayError, PaymentGateway, PaymentsMode};
use buildledger_domain::subscription::Subscription;
use buildledger_domain::user::User;
use buildledger_payments_stripe::{StripeGateway, StripeGatewayConfig};
use chrono::DateTime;
use serde_json::json;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

async fn setup() -> (MockServer, StripeGateway) {
    let server = MockServer::start().await;
    let mut config = StripeGatewayConfig::new("sk_test_123");
    config.api_base = Some(server.uri());
    (server, StripeGateway::new(config).unwrap())
}

fn form(req: &Request) -> HashMap<String, String> {
    url::form_urlencoded::parse(&req.body).into_owned().collect()
}

fn header(req: &Request, name: &str) -> Option<String> {
    req.headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_owned)
}

fn user() -> User {
    User {
        id: 7,
        username: "alice".into(),
        email: "alice@example.com".into(),
        password_hash: "x".into(),
        is_admin: false,
    }
}

fn sha256_hex(s: &str) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(s.as_bytes()))
}

async fn only_request(server: &MockServer) -> Request {
    let mut reqs = server.received_requests().await.unwrap();
    assert_eq!(reqs.len(), 1, "{reqs:?}");
    reqs.remove(0)
}

fn subscription_json(cancel: bool) -> serde_json::Value {
    json!({"id": "sub_1", "object": "subscription", "customer": "cus_1", "status": "active", "cancel_at_period_end": cancel,
        "items": {"object": "list", "data": [{"id": "si_1", "object": "subscription_item", "current_period_end": 1_797_600_000}]}})
}

#[tokio::test]
async fn creating_a_customer_posts_email_name_and_user_with_a_stable_idempotency_key() {
    let (server, gw) = setup().await;
    Mock::given(method("POST"))
        .and(path("/v1/customers"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"id": "cus_9", "object": "customer", "created": 1, "livemode": false})),
        )
        .mount(&server)
        .await;
    assert_eq!(gw.create_customer_async(&user()).await.unwrap(), "cus_9");
    let req = only_request(&server).await;
    let f = form(&req);
    assert_eq!(f["email"], "alice@example.com");
    assert_eq!(f["name"], "alice");
    assert_eq!(f["metadata[user_id]"], "7");
    // Stable per user: the id plus a digest of the email (sha256("alice@example.com")).
    let key = header(&req, "idempotency-key").unwrap();
    assert_eq!(key, format!("buildledger-customer-7-{}", &sha256_hex("alice@example.com")[..16]));
    // The same user gets the same key on a retry.
    gw.create_customer_async(&user()).await.unwrap();
    let reqs = server.received_requests().await.unwrap();
    assert_eq!(header(&reqs[1], "idempotency-key").unwrap(), key);
    assert_eq!(header(&req, "authorization").as_deref(), Some("Bearer sk_test_123"));
    assert_eq!(header(&req, "content-type").as_deref(), Some("application/x-www-form-urlencoded"));
}

#[tokio::test]
async fn checkout_is_a_hosted_subscription_session_for_the_price() {
    let (server, gw) = setup().await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"id": "cs_test_1", "object": "checkout.session", "url": "https://checkout.stripe.com/c/pay/cs_test_1", "mode": "subscription"})))
        .mount(&server)
        .await;
    let r = CheckoutRequest {
        user_id: 7,
        customer_id: "cus_1".into(),
        price_id: "price_123".into(),
        success_url: "https://app.example/success?session_id={CHECKOUT_SESSION_ID}".into(),
        cancel_url: "https://app.example/cancel".into(),
    };
    let created = gw.create_checkout_async(&r).await.unwrap();
    assert_eq!(created.session_id, "cs_test_1");
    assert_eq!(created.url, "https://checkout.stripe.com/c/pay/cs_test_1");
    let req = only_request(&server).await;
    let f = form(&req);
    assert_eq!(f["mode"], "subscription");
    assert_eq!(f["customer"], "cus_1");
    assert_eq!(f["client_reference_id"], "7");
    assert_eq!(f["line_items[0][price]"], "price_123");
    assert_eq!(f["line_items[0][quantity]"], "1");
    assert_eq!(f["success_url"], "https://app.example/success?session_id={CHECKOUT_SESSION_ID}");
    assert_eq!(f["cancel_url"], "https://app.example/cancel");
    assert_eq!(f["subscription_data[metadata][user_id]"], "7");
    assert_eq!(f["metadata[user_id]"], "7");
    assert!(header(&req, "idempotency-key").unwrap().starts_with("buildledger-checkout-"));
}

#[tokio::test]
async fn cancel_and_resume_set_cancel_at_period_end() {
    let (server, gw) = setup().await;
    Mock::given(method("POST"))
        .and(path("/v1/subscriptions/sub_1"))
        .respond_with(ResponseTemplate::new(200).set_body_json(subscription_json(true)))
        .up_to_n_times(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/subscriptions/sub_1"))
        .respond_with(ResponseTemplate::new(200).set_body_json(subscription_json(false)))
        .mount(&server)
        .await;
    let r = gw.set_cancel_at_period_end_async("sub_1", true).await.unwrap();
    assert!(r.cancel_at_period_end);
    assert_eq!(r.status, "active");
    assert_eq!(r.current_period_end, DateTime::from_timestamp(1_797_600_000, 0).map(|d| d.naive_utc()));
    let r = gw.set_cancel_at_period_end_async("sub_1", false).await.unwrap();
    assert!(!r.cancel_at_period_end);
    let reqs = server.received_requests().await.unwrap();
    assert_eq!(reqs.len(), 2);
    assert_eq!(form(&reqs[0])["cancel_at_period_end"], "true");
    assert_eq!(form(&reqs[1])["cancel_at_period_end"], "false");
    let k0 = header(&reqs[0], "idempotency-key").unwrap();
    let k1 = header(&reqs[1], "idempotency-key").unwrap();
    assert!(k0.starts_with("buildledger-cancel-") && k1.starts_with("buildledger-resume-"));
}

#[tokio::test]
async fn admin_cancel_deletes_the_subscription_at_once() {
    let (server, gw) = setup().await;
    let mut body = subscription_json(false);
    body["status"] = json!("canceled");
    Mock::given(method("DELETE"))
        .and(path("/v1/subscriptions/sub_1"))
        .respond_with(ResponseTemplate::new(200).set_body_json(body))
        .mount(&server)
        .await;
    gw.cancel_now_async("sub_1").await.unwrap();
    let req = only_request(&server).await;
    assert_eq!(req.method.as_str(), "DELETE");
    assert_eq!(header(&req, "idempotency-key").as_deref(), Some("buildledger-admin-cancel-sub_1"));
}

#[tokio::test]
async fn a_new_payment_method_is_attached_and_made_the_default() {
    let (server, gw) = setup().await;
    Mock::given(method("POST"))
        .and(path("/v1/payment_methods/pm_1/attach"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"id": "pm_1", "object": "payment_method"})))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/customers/cus_1"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"id": "cus_1", "object": "customer"})))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/subscriptions/sub_1"))
        .respond_with(ResponseTemplate::new(200).set_body_json(subscription_json(false)))
        .mount(&server)
        .await;
    gw.update_default_payment_method_async("cus_1", Some("sub_1"), "pm_1").await.unwrap();
    let reqs = server.received_requests().await.unwrap();
    let paths: Vec<_> = reqs.iter().map(|r| r.url.path().to_owned()).collect();
    assert_eq!(paths, ["/v1/payment_methods/pm_1/attach", "/v1/customers/cus_1", "/v1/subscriptions/sub_1"]);
    assert_eq!(form(&reqs[0])["customer"], "cus_1");
    assert_eq!(form(&reqs[1])["invoice_settings[default_payment_method]"], "pm_1");
    assert_eq!(form(&reqs[2])["default_payment_method"], "pm_1");
    assert!(reqs.iter().all(|r| header(r, "idempotency-key").is_some_and(|k| k.starts_with("buildledger-"))));
}

#[tokio::test]
async fn invoices_become_billing_history_newest_first_without_drafts() {
    let (server, gw) = setup().await;
    Mock::given(method("GET"))
        .and(path("/v1/invoices"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"object": "list", "has_more": false, "url": "/v1/invoices", "data": [
            {"id": "in_1", "object": "invoice", "amount_paid": 199, "currency": "usd", "status": "paid", "created": 1_790_000_000},
            {"id": "in_2", "object": "invoice", "amount_paid": 199, "currency": "usd", "status": "paid", "created": 1_792_600_000},
            {"id": "in_3", "object": "invoice", "amount_paid": 0, "currency": "usd", "status": "draft", "created": 1_795_000_000}
        ]})))
        .mount(&server)
        .await;
    let invoices = gw.list_invoices_async(7, "cus_1").await.unwrap();
    assert_eq!(invoices.iter().map(|i| i.invoice_id.as_str()).collect::<Vec<_>>(), ["in_2", "in_1"]);
    assert_eq!((invoices[0].amount_cents, invoices[0].user_id, invoices[0].status.as_str()), (199, 7, "paid"));
    let req = only_request(&server).await;
    let q: HashMap<String, String> = req.url.query_pairs().into_owned().collect();
    assert_eq!(q["customer"], "cus_1");
    assert_eq!(q["limit"], "100");
    assert_eq!(header(&req, "idempotency-key"), None);
}

#[tokio::test]
async fn a_declined_card_is_rejected_with_stripes_message() {
    let (server, gw) = setup().await;
    Mock::given(method("POST"))
        .and(path("/v1/payment_methods/pm_bad/attach"))
        .respond_with(ResponseTemplate::new(402).set_body_json(
            json!({"error": {"type": "card_error", "code": "card_declined", "message": "Your card was declined."}}),
        ))
        .mount(&server)
        .await;
    let err = gw.update_default_payment_method_async("cus_1", None, "pm_bad").await.unwrap_err();
    assert!(matches!(&err, GatewayError::Rejected(m) if m == "Your card was declined."), "{err:?}");
    // Nothing after the failed attach.
    assert_eq!(server.received_requests().await.unwrap().len(), 1);
}

#[tokio::test]
async fn a_stripe_outage_is_unavailable() {
    let (server, gw) = setup().await;
    Mock::given(method("DELETE"))
        .and(path("/v1/subscriptions/sub_1"))
        .respond_with(
            ResponseTemplate::new(500)
                .set_body_json(json!({"error": {"type": "api_error", "message": "Something went wrong."}})),
        )
        .mount(&server)
        .await;
    assert!(matches!(gw.cancel_now_async("sub_1").await.unwrap_err(), GatewayError::Unavailable(_)));
    // Nothing listening at all.
    drop(server);
    let mut config = StripeGatewayConfig::new("sk_test_123");
    config.api_base = Some("http://127.0.0.1:9".into());
    let gw = StripeGateway::new(config).unwrap();
    assert!(matches!(gw.cancel_now_async("sub_1").await.unwrap_err(), GatewayError::Unavailable(_)));
}

#[tokio::test]
async fn the_sync_port_works_from_a_blocking_thread() {
    let (server, gw) = setup().await;
    Mock::given(method("POST"))
        .and(path("/v1/subscriptions/sub_1"))
        .respond_with(ResponseTemplate::new(200).set_body_json(subscription_json(true)))
        .mount(&server)
        .await;
    let gw = Arc::new(gw);
    let g = gw.clone();
    let remote = tokio::task::spawn_blocking(move || {
        let sub = Subscription {
            user_id: 7,
            customer_id: Some("cus_1".into()),
            subscription_id: Some("sub_1".into()),
            status: "active".into(),
            current_period_end: None,
            cancel_at_period_end: false,
            updated_at: DateTime::UNIX_EPOCH.naive_utc(),
        };
        assert_eq!(g.mode(), PaymentsMode::Stripe);
        g.set_cancel_at_period_end(&sub, true)
    })
    .await
    .unwrap()
    .unwrap();
    assert!(remote.cancel_at_period_end);
    drop(gw); // dropping inside an async context must not panic
}
