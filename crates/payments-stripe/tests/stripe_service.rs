//! The payments use cases over the real Stripe adapter (against a local HTTP server) with
//! mocked repositories: what one user action sends to Stripe, end to end through the
//! synchronous port, from a blocking thread as the HTTP layer runs it.

use std::sync::Arc;

use buildledger_application::ports::{MockClock, MockUserRepository};
use buildledger_application::subscription::ports::*;
use buildledger_application::subscription::{SubscriptionConfig, SubscriptionPorts, SubscriptionService};
use buildledger_domain::subscription::Subscription;
use buildledger_domain::user::User;
use buildledger_payments_stripe::{StripeGateway, StripeGatewayConfig, StripeWebhookVerifier};
use chrono::{DateTime, NaiveDateTime};
use serde_json::json;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

fn now() -> NaiveDateTime {
    DateTime::from_timestamp(1_795_000_000, 0).unwrap().naive_utc()
}

fn service(
    server: &MockServer,
    subs: MockSubscriptionRepository,
    sessions: MockCheckoutSessionRepository,
) -> SubscriptionService {
    let mut config = StripeGatewayConfig::new("sk_test_123");
    config.api_base = Some(server.uri());
    let mut users = MockUserRepository::new();
    users.expect_find_by_id().returning(|id| {
        Ok(Some(User {
            id,
            username: "ana".into(),
            email: "ana@example.com".into(),
            password_hash: "x".into(),
            is_admin: false,
        }))
    });
    let mut clock = MockClock::new();
    clock.expect_now().returning(now);
    SubscriptionService::new(
        SubscriptionPorts {
            subscriptions: Arc::new(subs),
            invoices: Arc::new(MockInvoiceRepository::new()),
            checkout_sessions: Arc::new(sessions),
            webhook_events: Arc::new(MockWebhookEventRepository::new()),
            cancellations: Arc::new(MockBillingCancellationRepository::new()),
            users: Arc::new(users),
            gateway: Arc::new(StripeGateway::new(config).unwrap()),
            webhook_verifier: Arc::new(StripeWebhookVerifier::new(Some("whsec_x".into()))),
            clock: Arc::new(clock),
        },
        SubscriptionConfig { price_id: "price_123".into(), public_url: "https://app.example".into() },
    )
}

#[tokio::test]
async fn the_first_checkout_creates_the_customer_keeps_it_and_opens_a_hosted_session() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/customers"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"id": "cus_new", "object": "customer"})))
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"id": "cs_test_1", "object": "checkout.session", "url": "https://checkout.stripe.com/c/pay/cs_test_1"})))
        .expect(1)
        .mount(&server)
        .await;
    let mut subs = MockSubscriptionRepository::new();
    subs.expect_find_for_user().returning(|_| Ok(None));
    subs.expect_upsert()
        .times(1)
        .withf(|s| s.customer_id.as_deref() == Some("cus_new") && s.status == "none")
        .returning(|_| Ok(()));
    let mut sessions = MockCheckoutSessionRepository::new();
    sessions.expect_create().times(1).withf(|s| s.id == "cs_test_1" && s.user_id == 7).returning(|_| Ok(()));
    let svc = service(&server, subs, sessions);
    let created =
        tokio::task::spawn_blocking(move || svc.create_checkout_session(7, Some("price_123"))).await.unwrap().unwrap();
    assert_eq!(created.url, "https://checkout.stripe.com/c/pay/cs_test_1");
    let reqs = server.received_requests().await.unwrap();
    let body = String::from_utf8(reqs[1].body.clone()).unwrap();
    assert!(body.contains("customer=cus_new") && body.contains("mode=subscription"), "{body}");
}

#[tokio::test]
async fn cancel_asks_stripe_and_stores_what_stripe_answers() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/subscriptions/sub_1"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"id": "sub_1", "object": "subscription", "customer": "cus_1", "status": "active", "cancel_at_period_end": true,
            "items": {"object": "list", "data": [{"id": "si_1", "current_period_end": 1_797_600_000}]}})))
        .expect(1)
        .mount(&server)
        .await;
    let mut subs = MockSubscriptionRepository::new();
    subs.expect_find_for_user().returning(|_| {
        Ok(Some(Subscription {
            user_id: 7,
            customer_id: Some("cus_1".into()),
            subscription_id: Some("sub_1".into()),
            status: "active".into(),
            current_period_end: DateTime::from_timestamp(1_797_000_000, 0).map(|d| d.naive_utc()),
            cancel_at_period_end: false,
            updated_at: now(),
        }))
    });
    subs.expect_upsert()
        .times(1)
        .withf(|s| {
            s.cancel_at_period_end
                && s.current_period_end == DateTime::from_timestamp(1_797_600_000, 0).map(|d| d.naive_utc())
        })
        .returning(|_| Ok(()));
    let svc = service(&server, subs, MockCheckoutSessionRepository::new());
    tokio::task::spawn_blocking(move || svc.cancel_subscription(7)).await.unwrap().unwrap();
}

#[tokio::test]
async fn a_declined_card_is_a_bad_request_for_the_user() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/payment_methods/pm_bad/attach"))
        .respond_with(ResponseTemplate::new(402).set_body_json(
            json!({"error": {"type": "card_error", "code": "card_declined", "message": "Your card was declined."}}),
        ))
        .mount(&server)
        .await;
    let mut subs = MockSubscriptionRepository::new();
    subs.expect_find_for_user().returning(|_| Ok(Some(Subscription::customer_only(7, "cus_1".into(), now()))));
    let svc = service(&server, subs, MockCheckoutSessionRepository::new());
    let err = tokio::task::spawn_blocking(move || svc.update_payment_method(7, "pm_bad")).await.unwrap().unwrap_err();
    assert!(
        matches!(&err, buildledger_application::UseCaseError::Refused(m) if m == "Your card was declined."),
        "{err:?}"
    );
}
