//! Use-case tests of the payments feature, with mocked ports.

use super::local::{LocalCheckoutService, LocalGateway};
use super::ports::*;
use super::webhooks::epoch;
use super::*;
use crate::error::RepoError;
use crate::ports::{MockClock, MockKnownState, MockUserRepository};
use buildledger_domain::subscription::{Invoice, RemoteSubscription, Subscription};
use buildledger_domain::user::User;
use chrono::{Duration, NaiveDate};

fn now() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 11, 22).unwrap().and_hms_opt(12, 0, 0).unwrap()
}

fn clock() -> Arc<MockClock> {
    let mut c = MockClock::new();
    c.expect_now().returning(now);
    Arc::new(c)
}

fn active(user_id: i64) -> Subscription {
    Subscription {
        user_id,
        customer_id: Some("cus_1".into()),
        subscription_id: Some("sub_1".into()),
        status: "active".into(),
        current_period_end: Some(now() + Duration::days(10)),
        cancel_at_period_end: false,
        updated_at: now() - Duration::days(20),
    }
}

fn user(id: i64, is_admin: bool) -> User {
    User { id, username: format!("user{id}"), email: format!("u{id}@example.com"), password_hash: "x".into(), is_admin }
}

/// The mocks, configured per test, then turned into a service.
struct Mocks {
    subs: MockSubscriptionRepository,
    invoices: MockInvoiceRepository,
    sessions: MockCheckoutSessionRepository,
    events: MockWebhookEventRepository,
    cancellations: MockBillingCancellationRepository,
    users: MockUserRepository,
    gateway: MockPaymentGateway,
    verifier: MockWebhookVerifier,
}

impl Mocks {
    fn new() -> Self {
        Self {
            subs: MockSubscriptionRepository::new(),
            invoices: MockInvoiceRepository::new(),
            sessions: MockCheckoutSessionRepository::new(),
            events: MockWebhookEventRepository::new(),
            cancellations: MockBillingCancellationRepository::new(),
            users: MockUserRepository::new(),
            gateway: MockPaymentGateway::new(),
            verifier: MockWebhookVerifier::new(),
        }
    }

    fn with_user(mut self, u: User) -> Self {
        self.users.expect_find_by_id().returning(move |_| Ok(Some(u.clone())));
        self
    }

    fn with_record(mut self, s: Option<Subscription>) -> Self {
        self.subs.expect_find_for_user().returning(move |_| Ok(s.clone()));
        self
    }

    fn service(self) -> SubscriptionService {
        SubscriptionService::new(
            SubscriptionPorts {
                subscriptions: Arc::new(self.subs),
                invoices: Arc::new(self.invoices),
                checkout_sessions: Arc::new(self.sessions),
                webhook_events: Arc::new(self.events),
                cancellations: Arc::new(self.cancellations),
                users: Arc::new(self.users),
                gateway: Arc::new(self.gateway),
                webhook_verifier: Arc::new(self.verifier),
                clock: clock(),
            },
            SubscriptionConfig { price_id: "price_123".into(), public_url: "https://app.example/".into() },
        )
    }
}

// ---- cancellations of deleted accounts ----------------------------------------------------

#[test]
fn a_deleted_accounts_subscription_is_canceled_and_forgotten() {
    let mut m = Mocks::new();
    m.gateway.expect_cancel_now().with(mockall::predicate::eq("sub_9")).times(1).returning(|_| Ok(()));
    m.cancellations.expect_done().with(mockall::predicate::eq("sub_9")).times(1).returning(|_| Ok(()));
    m.cancellations.expect_failed().never();
    m.service().cancel_for_deleted_account("sub_9");
}

#[test]
fn a_cancellation_the_provider_misses_is_kept_and_retried_until_it_goes_through() {
    let mut m = Mocks::new();
    let mut calls = 0;
    m.gateway.expect_cancel_now().times(2).returning(move |_| {
        calls += 1;
        if calls == 1 {
            Err(GatewayError::Unavailable("Stripe is down".into()))
        } else {
            Ok(())
        }
    });
    m.cancellations
        .expect_failed()
        .withf(|id, error| id == "sub_9" && error.contains("Stripe is down"))
        .times(1)
        .returning(|_, _| Ok(()));
    m.cancellations.expect_done().with(mockall::predicate::eq("sub_9")).times(1).returning(|_| Ok(()));
    let mut listed = 0;
    m.cancellations.expect_pending().returning(move |_| {
        listed += 1;
        Ok(if listed == 1 { vec!["sub_9".to_owned()] } else { vec![] })
    });
    let s = m.service();
    s.cancel_for_deleted_account("sub_9");
    assert_eq!(s.retry_cancellations().unwrap(), 0);
}

// ---- access -------------------------------------------------------------------------------

/// Nothing is known without I/O.
fn forgetful() -> Arc<MockKnownState> {
    let mut known = MockKnownState::new();
    known.expect_subscription().returning(|_| None);
    Arc::new(known)
}

fn access(found: Option<Subscription>) -> AccessService {
    let mut subs = MockSubscriptionRepository::new();
    subs.expect_find_for_user().times(1).returning(move |_| Ok(found.clone()));
    AccessService::new(Arc::new(subs), forgetful(), clock())
}

fn known(found: Option<Option<Subscription>>) -> AccessService {
    let mut subs = MockSubscriptionRepository::new();
    subs.expect_find_for_user().never();
    let mut known = MockKnownState::new();
    let found = found.map(|s| s.map(Arc::new));
    known.expect_subscription().times(1).returning(move |_| found.clone());
    AccessService::new(Arc::new(subs), Arc::new(known), clock())
}

#[test]
fn a_known_subscription_is_checked_against_the_clock_without_a_query() {
    assert_eq!(known(Some(Some(active(7)))).known_active(7), Some(true));
    let mut lapsed = active(7);
    lapsed.current_period_end = Some(now() - Duration::days(1));
    lapsed.cancel_at_period_end = true;
    assert_eq!(known(Some(Some(lapsed))).known_active(7), Some(false));
    assert_eq!(known(Some(None)).known_active(7), Some(false));
    assert_eq!(known(None).known_active(7), None);
}

#[test]
fn a_user_without_a_subscription_is_refused() {
    assert!(matches!(access(None).require_active(7), Err(UseCaseError::SubscriptionRequired)));
}

#[test]
fn an_active_subscription_gives_access() {
    assert!(access(Some(active(7))).require_active(7).is_ok());
}

#[test]
fn an_expired_subscription_is_refused() {
    let mut s = active(7);
    s.current_period_end = Some(now() - Duration::days(1));
    s.cancel_at_period_end = true;
    assert!(!access(Some(s)).is_subscribed(7).unwrap());
}

#[test]
fn a_storage_failure_is_not_taken_for_no_subscription() {
    let mut subs = MockSubscriptionRepository::new();
    subs.expect_find_for_user().returning(|_| Err(RepoError::Unavailable("down".into())));
    let err = AccessService::new(Arc::new(subs), forgetful(), clock()).require_active(7).unwrap_err();
    assert!(matches!(err, UseCaseError::Unavailable(_)));
}

// ---- status ---------------------------------------------------------------------------------

#[test]
fn status_is_none_without_a_record_or_with_only_a_customer() {
    assert_eq!(Mocks::new().with_record(None).service().subscription_status(1).unwrap(), None);
    let customer_only = Subscription::customer_only(1, "cus_1".into(), now());
    assert_eq!(Mocks::new().with_record(Some(customer_only)).service().subscription_status(1).unwrap(), None);
}

#[test]
fn status_shows_the_record() {
    let s = Mocks::new().with_record(Some(active(1))).service().subscription_status(1).unwrap().unwrap();
    assert_eq!(s.status, "active");
    assert!(Mocks::new().with_record(Some(active(1))).service().is_subscribed(1).unwrap());
}

// ---- checkout ------------------------------------------------------------------------------

#[test]
fn checkout_creates_the_customer_once_then_the_session() {
    let mut m = Mocks::new().with_user(user(1, false)).with_record(None);
    m.gateway.expect_create_customer().times(1).returning(|_| Ok("cus_new".into()));
    m.subs
        .expect_upsert()
        .times(1)
        .withf(|s| s.customer_id.as_deref() == Some("cus_new") && s.status == "none" && s.user_id == 1)
        .returning(|_| Ok(()));
    m.gateway
        .expect_create_checkout()
        .times(1)
        .withf(|r| {
            r.customer_id == "cus_new"
                && r.price_id == "price_123"
                && r.success_url == "https://app.example/success?session_id={CHECKOUT_SESSION_ID}"
                && r.cancel_url == "https://app.example/cancel"
        })
        .returning(|_| Ok(CheckoutCreated { session_id: "cs_1".into(), url: "https://checkout/cs_1".into() }));
    m.sessions
        .expect_create()
        .times(1)
        .withf(|s| s.id == "cs_1" && s.user_id == 1 && s.status == "open")
        .returning(|_| Ok(()));
    let created = m.service().create_checkout_session(1, Some("price_123")).unwrap();
    assert_eq!(created.session_id, "cs_1");
}

#[test]
fn checkout_reuses_the_known_customer() {
    let mut lapsed = active(1);
    lapsed.status = "canceled".into();
    let mut m = Mocks::new().with_user(user(1, false)).with_record(Some(lapsed));
    m.gateway.expect_create_customer().never();
    m.subs.expect_upsert().never();
    m.gateway
        .expect_create_checkout()
        .times(1)
        .withf(|r| r.customer_id == "cus_1")
        .returning(|_| Ok(CheckoutCreated { session_id: "cs_2".into(), url: "u".into() }));
    m.sessions.expect_create().times(1).returning(|_| Ok(()));
    m.service().create_checkout_session(1, None).unwrap();
}

#[test]
fn checkout_with_another_price_is_rejected() {
    let mut m = Mocks::new();
    m.gateway.expect_create_checkout().never();
    let err = m.service().create_checkout_session(1, Some("price_other")).unwrap_err();
    assert!(matches!(err, UseCaseError::Invalid(_)), "{err:?}");
}

#[test]
fn checkout_while_subscribed_is_a_conflict() {
    let mut m = Mocks::new().with_user(user(1, false)).with_record(Some(active(1)));
    m.gateway.expect_create_checkout().never();
    let err = m.service().create_checkout_session(1, None).unwrap_err();
    assert!(matches!(err, UseCaseError::Conflict { .. }));
}

#[test]
fn checkout_maps_provider_failures() {
    let mut m =
        Mocks::new().with_user(user(1, false)).with_record(Some(Subscription::customer_only(1, "cus_1".into(), now())));
    m.gateway.expect_create_checkout().returning(|_| Err(GatewayError::Unavailable("timeout".into())));
    m.sessions.expect_create().never();
    assert!(matches!(m.service().create_checkout_session(1, None).unwrap_err(), UseCaseError::Unavailable(_)));
}

#[test]
fn checkout_for_an_unknown_user_is_not_found() {
    let mut m = Mocks::new();
    m.users.expect_find_by_id().returning(|_| Ok(None));
    assert!(matches!(
        m.service().create_checkout_session(1, None).unwrap_err(),
        UseCaseError::NotFound { entity: "user" }
    ));
}

// ---- cancel / resume -------------------------------------------------------------------------

#[test]
fn cancel_sets_cancel_at_period_end_and_keeps_access() {
    let mut m = Mocks::new().with_record(Some(active(1)));
    m.gateway
        .expect_set_cancel_at_period_end()
        .times(1)
        .withf(|s, c| s.subscription_id.as_deref() == Some("sub_1") && *c)
        .returning(|s, c| {
            Ok(RemoteSubscription {
                subscription_id: "sub_1".into(),
                customer_id: s.customer_id.clone(),
                status: "active".into(),
                current_period_end: s.current_period_end,
                cancel_at_period_end: c,
            })
        });
    m.subs
        .expect_upsert()
        .times(1)
        .withf(|s| s.cancel_at_period_end && s.status == "active" && s.updated_at == now())
        .returning(|_| Ok(()));
    assert_eq!(m.service().cancel_subscription(1).unwrap(), MSG_CANCELED_AT_PERIOD_END);
}

#[test]
fn cancel_twice_does_not_call_the_provider_again() {
    let mut s = active(1);
    s.cancel_at_period_end = true;
    let mut m = Mocks::new().with_record(Some(s));
    m.gateway.expect_set_cancel_at_period_end().never();
    m.subs.expect_upsert().never();
    assert_eq!(m.service().cancel_subscription(1).unwrap(), MSG_ALREADY_CANCELING);
}

#[test]
fn cancel_without_an_active_subscription_is_not_found() {
    let mut expired = active(1);
    expired.current_period_end = Some(now() - Duration::seconds(1));
    for rec in [None, Some(expired), Some(Subscription::customer_only(1, "c".into(), now()))] {
        let mut m = Mocks::new().with_record(rec);
        m.gateway.expect_set_cancel_at_period_end().never();
        assert!(matches!(m.service().cancel_subscription(1).unwrap_err(), UseCaseError::NotFound { .. }));
    }
}

#[test]
fn resume_clears_cancel_at_period_end() {
    let mut s = active(1);
    s.cancel_at_period_end = true;
    let mut m = Mocks::new().with_record(Some(s));
    m.gateway.expect_set_cancel_at_period_end().times(1).withf(|_, c| !*c).returning(|s, c| {
        Ok(RemoteSubscription {
            subscription_id: "sub_1".into(),
            customer_id: None,
            status: "active".into(),
            current_period_end: s.current_period_end,
            cancel_at_period_end: c,
        })
    });
    m.subs
        .expect_upsert()
        .times(1)
        .withf(|s| !s.cancel_at_period_end && s.customer_id.as_deref() == Some("cus_1"))
        .returning(|_| Ok(()));
    assert_eq!(m.service().resume_subscription(1).unwrap(), MSG_RESUMED);
}

#[test]
fn resume_of_a_renewing_subscription_changes_nothing() {
    let mut m = Mocks::new().with_record(Some(active(1)));
    m.gateway.expect_set_cancel_at_period_end().never();
    assert_eq!(m.service().resume_subscription(1).unwrap(), MSG_ALREADY_RESUMED);
}

#[test]
fn a_rejected_cancel_is_a_bad_request_and_changes_nothing() {
    let mut m = Mocks::new().with_record(Some(active(1)));
    m.gateway
        .expect_set_cancel_at_period_end()
        .returning(|_, _| Err(GatewayError::Rejected("No such subscription".into())));
    m.subs.expect_upsert().never();
    assert!(matches!(m.service().cancel_subscription(1).unwrap_err(), UseCaseError::Refused(_)));
}

// ---- payment method ------------------------------------------------------------------------

#[test]
fn payment_method_is_set_on_the_customer_and_subscription() {
    let mut m = Mocks::new().with_record(Some(active(1)));
    m.gateway
        .expect_update_default_payment_method()
        .times(1)
        .withf(|c, s, pm| c == "cus_1" && s.as_deref() == Some("sub_1") && pm == "pm_card_visa")
        .returning(|_, _, _| Ok(()));
    assert_eq!(m.service().update_payment_method(1, " pm_card_visa ").unwrap(), MSG_PAYMENT_METHOD_UPDATED);
}

#[test]
fn payment_method_must_be_given_and_well_formed() {
    for bad in ["", "   ", "pm_1; drop", "pm/../x"] {
        let mut m = Mocks::new();
        m.gateway.expect_update_default_payment_method().never();
        assert!(matches!(m.service().update_payment_method(1, bad).unwrap_err(), UseCaseError::Invalid(_)), "{bad}");
    }
}

#[test]
fn payment_method_without_a_customer_is_not_found() {
    let mut m = Mocks::new().with_record(None);
    m.gateway.expect_update_default_payment_method().never();
    assert!(matches!(m.service().update_payment_method(1, "pm_1").unwrap_err(), UseCaseError::NotFound { .. }));
}

// ---- billing history -------------------------------------------------------------------------

#[test]
fn billing_history_comes_from_the_gateway() {
    let mut m = Mocks::new().with_record(Some(active(1)));
    m.gateway
        .expect_list_invoices()
        .times(1)
        .withf(|u, c| *u == 1 && c == "cus_1")
        .returning(|u, _| Ok(vec![Invoice::local_plan_payment("in_1".into(), u, now())]));
    assert_eq!(m.service().billing_history(1).unwrap().len(), 1);
}

#[test]
fn billing_history_is_empty_for_a_non_customer() {
    let mut m = Mocks::new().with_record(None);
    m.gateway.expect_list_invoices().never();
    assert!(m.service().billing_history(1).unwrap().is_empty());
}

// ---- admin ----------------------------------------------------------------------------------

#[test]
fn admin_list_is_for_admins_only() {
    let mut m = Mocks::new().with_user(user(1, false));
    m.subs.expect_list_with_usernames().never();
    assert!(matches!(m.service().admin_list(1).unwrap_err(), UseCaseError::Forbidden));
    let mut m = Mocks::new().with_user(user(1, true));
    m.subs.expect_list_with_usernames().times(1).returning(|| {
        Ok(vec![AdminSubscriptionRow {
            user_id: 2,
            username: "bob".into(),
            customer_id: None,
            subscription_id: None,
            status: "none".into(),
        }])
    });
    assert_eq!(m.service().admin_list(1).unwrap().len(), 1);
}

#[test]
fn admin_cancel_by_a_non_admin_is_forbidden_and_changes_nothing() {
    let mut m = Mocks::new().with_user(user(1, false));
    m.gateway.expect_cancel_now().never();
    m.subs.expect_upsert().never();
    assert!(matches!(m.service().admin_cancel(1, "sub_1").unwrap_err(), UseCaseError::Forbidden));
}

#[test]
fn admin_cancel_cancels_now_and_clears_the_id() {
    let mut m = Mocks::new().with_user(user(1, true));
    m.subs.expect_find_by_subscription_id().withf(|s| s == "sub_1").returning(|_| Ok(Some(active(2))));
    m.gateway.expect_cancel_now().times(1).withf(|s| s == "sub_1").returning(|_| Ok(()));
    m.subs
        .expect_upsert()
        .times(1)
        .withf(|s| s.user_id == 2 && s.subscription_id.is_none() && s.status == "canceled" && !s.is_active(now()))
        .returning(|_| Ok(()));
    assert_eq!(m.service().admin_cancel(1, "sub_1").unwrap(), MSG_ADMIN_CANCELED);
}

#[test]
fn admin_cancel_of_an_unknown_subscription_is_not_found() {
    let mut m = Mocks::new().with_user(user(1, true));
    m.subs.expect_find_by_subscription_id().returning(|_| Ok(None));
    m.gateway.expect_cancel_now().never();
    assert!(matches!(m.service().admin_cancel(1, "sub_x").unwrap_err(), UseCaseError::NotFound { .. }));
    let m = Mocks::new().with_user(user(1, true));
    assert!(matches!(m.service().admin_cancel(1, " ").unwrap_err(), UseCaseError::Invalid(_)));
}

// ---- webhooks --------------------------------------------------------------------------------

fn event(id: &str, at: NaiveDateTime, data: WebhookData) -> WebhookEvent {
    WebhookEvent { id: id.into(), event_type: "t".into(), created: at, data }
}

fn sub_event(status: &str, cancel: bool) -> WebhookData {
    WebhookData::Subscription {
        subscription: RemoteSubscription {
            subscription_id: "sub_1".into(),
            customer_id: Some("cus_1".into()),
            status: status.into(),
            current_period_end: Some(now() + Duration::days(30)),
            cancel_at_period_end: cancel,
        },
        user_id: None,
    }
}

#[test]
fn a_badly_signed_webhook_is_a_bad_request_and_changes_nothing() {
    let mut m = Mocks::new();
    m.verifier.expect_verify().returning(|_, _, _| Err(WebhookError::BadSignature));
    m.events.expect_apply_once().never();
    m.events.expect_seen().never();
    assert!(matches!(
        m.service().handle_webhook(b"{}", Some("t=1,v1=00".into())).unwrap_err(),
        UseCaseError::Refused(_)
    ));
}

#[test]
fn a_replayed_webhook_changes_nothing() {
    let mut m = Mocks::new();
    m.verifier.expect_verify().returning(|_, _, _| Ok(event("evt_1", now(), sub_event("active", false))));
    m.events.expect_seen().returning(|_| Ok(true));
    m.events.expect_apply_once().never();
    assert_eq!(m.service().handle_webhook(b"{}", Some("sig".into())).unwrap(), WebhookOutcome::Duplicate);
}

#[test]
fn a_concurrent_replay_loses_the_race_quietly() {
    let mut m = Mocks::new().with_record(Some(active(1)));
    m.verifier.expect_verify().returning(|_, _, _| Ok(event("evt_1", now(), sub_event("past_due", false))));
    m.events.expect_seen().returning(|_| Ok(false));
    m.subs.expect_find_by_subscription_id().returning(|_| Ok(Some(active(1))));
    m.events.expect_apply_once().times(1).returning(|_, _, _, _| Ok(false));
    assert_eq!(m.service().handle_webhook(b"{}", Some("sig".into())).unwrap(), WebhookOutcome::Duplicate);
}

#[test]
fn a_subscription_update_is_applied_to_the_record_found_by_subscription_id() {
    let mut m = Mocks::new();
    m.verifier.expect_verify().returning(|_, _, _| Ok(event("evt_2", now(), sub_event("active", true))));
    m.events.expect_seen().returning(|_| Ok(false));
    m.subs.expect_find_by_subscription_id().returning(|_| Ok(Some(active(4))));
    m.events
        .expect_apply_once()
        .times(1)
        .withf(|id, _, _, c| {
            id == "evt_2"
                && c.subscription
                    .as_ref()
                    .is_some_and(|s| s.user_id == 4 && s.cancel_at_period_end && s.updated_at == now())
                && c.invoice.is_none()
        })
        .returning(|_, _, _, _| Ok(true));
    assert_eq!(m.service().handle_webhook(b"{}", Some("sig".into())).unwrap(), WebhookOutcome::Applied);
}

#[test]
fn an_out_of_order_subscription_event_is_recorded_but_not_applied() {
    let mut m = Mocks::new();
    let mut rec = active(4);
    rec.status = "canceled".into();
    rec.updated_at = now();
    m.verifier
        .expect_verify()
        .returning(|_, _, _| Ok(event("evt_old", now() - Duration::minutes(5), sub_event("active", false))));
    m.events.expect_seen().returning(|_| Ok(false));
    m.subs.expect_find_by_subscription_id().returning(move |_| Ok(Some(rec.clone())));
    m.events.expect_apply_once().times(1).withf(|_, _, _, c| c.subscription.is_none()).returning(|_, _, _, _| Ok(true));
    m.service().handle_webhook(b"{}", Some("sig".into())).unwrap();
}

#[test]
fn a_subscription_event_uses_the_metadata_user_first_then_the_customer() {
    let mut m =
        Mocks::new().with_record(Some(Subscription::customer_only(8, "cus_1".into(), now() - Duration::hours(1))));
    let data = WebhookData::Subscription {
        subscription: RemoteSubscription {
            subscription_id: "sub_9".into(),
            customer_id: Some("cus_1".into()),
            status: "active".into(),
            current_period_end: None,
            cancel_at_period_end: false,
        },
        user_id: Some(8),
    };
    m.verifier.expect_verify().returning(move |_, _, _| Ok(event("evt_3", now(), data.clone())));
    m.events.expect_seen().returning(|_| Ok(false));
    m.subs.expect_find_by_subscription_id().never();
    m.events
        .expect_apply_once()
        .withf(|_, _, _, c| {
            c.subscription.as_ref().is_some_and(|s| s.user_id == 8 && s.subscription_id.as_deref() == Some("sub_9"))
        })
        .returning(|_, _, _, _| Ok(true));
    m.service().handle_webhook(b"{}", None).unwrap();

    let mut m = Mocks::new();
    m.verifier.expect_verify().returning(|_, _, _| Ok(event("evt_4", now(), sub_event("active", false))));
    m.events.expect_seen().returning(|_| Ok(false));
    m.subs.expect_find_by_subscription_id().returning(|_| Ok(None));
    m.subs
        .expect_find_by_customer_id()
        .withf(|c| c == "cus_1")
        .returning(|_| Ok(Some(Subscription::customer_only(5, "cus_1".into(), now() - Duration::hours(1)))));
    m.events
        .expect_apply_once()
        .withf(|_, _, _, c| c.subscription.as_ref().is_some_and(|s| s.user_id == 5 && s.status == "active"))
        .returning(|_, _, _, _| Ok(true));
    m.service().handle_webhook(b"{}", None).unwrap();
}

#[test]
fn an_event_about_an_unknown_customer_is_recorded_only() {
    let mut m = Mocks::new();
    m.verifier.expect_verify().returning(|_, _, _| Ok(event("evt_5", now(), sub_event("active", false))));
    m.events.expect_seen().returning(|_| Ok(false));
    m.subs.expect_find_by_subscription_id().returning(|_| Ok(None));
    m.subs.expect_find_by_customer_id().returning(|_| Ok(None));
    m.events
        .expect_apply_once()
        .times(1)
        .withf(|_, _, _, c| *c == WebhookChanges::default())
        .returning(|_, _, _, _| Ok(true));
    assert_eq!(m.service().handle_webhook(b"{}", None).unwrap(), WebhookOutcome::Applied);
}

#[test]
fn checkout_completed_links_the_subscription_without_claiming_a_time() {
    let rec = Subscription::customer_only(3, "cus_3".into(), now() - Duration::hours(1));
    let mut m = Mocks::new().with_record(Some(rec));
    let data = WebhookData::CheckoutCompleted {
        session_id: "cs_1".into(),
        customer_id: Some("cus_3".into()),
        subscription_id: Some("sub_3".into()),
        user_id: Some(3),
    };
    m.verifier.expect_verify().returning(move |_, _, _| Ok(event("evt_6", now(), data.clone())));
    m.events.expect_seen().returning(|_| Ok(false));
    m.events
        .expect_apply_once()
        .withf(|_, _, _, c| {
            c.completed_checkout.as_ref().is_some_and(|(id, _)| id == "cs_1")
                && c.subscription.as_ref().is_some_and(|s| {
                    s.user_id == 3
                        && s.subscription_id.as_deref() == Some("sub_3")
                        && s.updated_at == epoch()
                        && s.status == "incomplete"
                })
        })
        .returning(|_, _, _, _| Ok(true));
    m.service().handle_webhook(b"{}", None).unwrap();
}

#[test]
fn checkout_completed_after_the_subscription_event_keeps_its_status() {
    let mut rec = active(3);
    rec.subscription_id = Some("sub_3".into());
    let mut m = Mocks::new().with_record(Some(rec));
    let data = WebhookData::CheckoutCompleted {
        session_id: "cs_1".into(),
        customer_id: Some("cus_1".into()),
        subscription_id: Some("sub_3".into()),
        user_id: Some(3),
    };
    m.verifier.expect_verify().returning(move |_, _, _| Ok(event("evt_7", now(), data.clone())));
    m.events.expect_seen().returning(|_| Ok(false));
    m.events
        .expect_apply_once()
        .withf(|_, _, _, c| c.subscription.is_none() && c.completed_checkout.is_some())
        .returning(|_, _, _, _| Ok(true));
    m.service().handle_webhook(b"{}", None).unwrap();
}

#[test]
fn a_paid_invoice_is_recorded_for_the_customer() {
    let mut m = Mocks::new();
    let data = WebhookData::Invoice {
        invoice_id: "in_1".into(),
        customer_id: Some("cus_1".into()),
        amount_cents: 199,
        currency: "usd".into(),
        status: "paid".into(),
        created: now(),
    };
    m.verifier.expect_verify().returning(move |_, _, _| Ok(event("evt_8", now(), data.clone())));
    m.events.expect_seen().returning(|_| Ok(false));
    m.subs.expect_find_by_customer_id().returning(|_| Ok(Some(active(6))));
    m.events
        .expect_apply_once()
        .withf(|_, _, _, c| {
            c.invoice.as_ref().is_some_and(|i| i.user_id == 6 && i.amount_cents == 199 && i.status == "paid")
        })
        .returning(|_, _, _, _| Ok(true));
    m.service().handle_webhook(b"{}", None).unwrap();
}

// ---- local mode --------------------------------------------------------------------------------

fn ids() -> Arc<MockIdGenerator> {
    let mut ids = MockIdGenerator::new();
    ids.expect_new_id().returning(|p| format!("{p}x"));
    Arc::new(ids)
}

#[test]
fn the_local_gateway_opens_a_local_checkout_page() {
    let g = LocalGateway::new(Arc::new(MockInvoiceRepository::new()), ids());
    assert_eq!(g.mode(), PaymentsMode::Local);
    let req = CheckoutRequest {
        user_id: 1,
        customer_id: "c".into(),
        price_id: "p".into(),
        success_url: "s".into(),
        cancel_url: "c".into(),
    };
    let c = g.create_checkout(&req).unwrap();
    assert_eq!((c.session_id.as_str(), c.url.as_str()), ("cs_local_x", "/local-checkout/cs_local_x"));
    assert_eq!(g.create_customer(&user(4, false)).unwrap(), "cus_local_4");
    let r = g.set_cancel_at_period_end(&active(1), true).unwrap();
    assert!(r.cancel_at_period_end);
    assert_eq!(r.status, "active");
}

#[test]
fn the_local_gateway_reads_invoices_from_the_database() {
    let mut inv = MockInvoiceRepository::new();
    inv.expect_list_for_user()
        .withf(|u| *u == 2)
        .returning(|u| Ok(vec![Invoice::local_plan_payment("in".into(), u, now())]));
    let g = LocalGateway::new(Arc::new(inv), ids());
    assert_eq!(g.list_invoices(2, "cus").unwrap()[0].amount_cents, 199);
}

fn local(sessions: MockCheckoutSessionRepository, subs: MockSubscriptionRepository) -> LocalCheckoutService {
    LocalCheckoutService::new(Arc::new(sessions), Arc::new(subs), ids(), clock())
}

fn session(status: &str) -> CheckoutSessionRecord {
    CheckoutSessionRecord {
        id: "cs_local_1".into(),
        user_id: 5,
        status: status.into(),
        created_at: now(),
        completed_at: None,
    }
}

#[test]
fn completing_a_local_checkout_activates_a_month_and_records_the_invoice() {
    let mut sessions = MockCheckoutSessionRepository::new();
    sessions.expect_find().returning(|_| Ok(Some(session("open"))));
    sessions
        .expect_complete()
        .times(1)
        .withf(|id, at, s, i| {
            id == "cs_local_1"
                && *at == now()
                && s.user_id == 5
                && s.status == "active"
                && s.customer_id.as_deref() == Some("cus_local_5")
                && s.current_period_end == Some(buildledger_domain::subscription::one_month_after(now()))
                && i.as_ref().is_some_and(|i| i.amount_cents == 199 && i.status == "paid" && i.user_id == 5)
        })
        .returning(|_, _, _, _| Ok(true));
    let mut subs = MockSubscriptionRepository::new();
    subs.expect_find_for_user().returning(|_| Ok(None));
    local(sessions, subs).complete("cs_local_1").unwrap();
}

#[test]
fn completing_twice_changes_nothing() {
    let mut sessions = MockCheckoutSessionRepository::new();
    sessions.expect_find().returning(|_| Ok(Some(session("complete"))));
    sessions.expect_complete().never();
    local(sessions, MockSubscriptionRepository::new()).complete("cs_local_1").unwrap();
}

#[test]
fn an_unknown_local_session_is_not_found() {
    let mut sessions = MockCheckoutSessionRepository::new();
    sessions.expect_find().returning(|_| Ok(None));
    sessions.expect_complete().never();
    let svc = local(sessions, MockSubscriptionRepository::new());
    assert!(matches!(svc.complete("nope").unwrap_err(), UseCaseError::NotFound { .. }));
    assert!(matches!(svc.session("nope").unwrap_err(), UseCaseError::NotFound { .. }));
}

#[test]
fn random_ids_are_prefixed_and_distinct() {
    let a = RandomIds.new_id("cs_local_");
    let b = RandomIds.new_id("cs_local_");
    assert!(a.starts_with("cs_local_") && a.len() == "cs_local_".len() + 32);
    assert_ne!(a, b);
}
