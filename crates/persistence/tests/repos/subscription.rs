use buildledger_application::subscription::ports::{
    CheckoutSessionRecord, CheckoutSessionRepository, InvoiceRepository, SubscriptionRepository, WebhookChanges,
    WebhookEventRepository,
};
use buildledger_domain::subscription::{Invoice, Subscription};
use buildledger_persistence::subscription::DieselSubscriptionRepository;
use chrono::{Duration, NaiveDate, NaiveDateTime};

use crate::helpers::{backends, user};

fn now() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 11, 22).unwrap().and_hms_opt(12, 0, 0).unwrap()
}

fn sub(user_id: i64, id: Option<&str>, status: &str) -> Subscription {
    Subscription {
        user_id,
        customer_id: Some(format!("cus_{user_id}")),
        subscription_id: id.map(str::to_owned),
        status: status.into(),
        current_period_end: Some(now() + Duration::days(30)),
        cancel_at_period_end: false,
        updated_at: now(),
    }
}

fn session(id: &str, user_id: i64) -> CheckoutSessionRecord {
    CheckoutSessionRecord { id: id.into(), user_id, status: "open".into(), created_at: now(), completed_at: None }
}

#[test]
fn a_subscription_is_inserted_then_replaced_and_found_by_its_ids() {
    for t in backends() {
        let repo = DieselSubscriptionRepository::new(t.db.clone());
        let u = user(&t.db, "ana");
        assert_eq!(repo.find_for_user(u).unwrap(), None);
        repo.upsert(&Subscription::customer_only(u, format!("cus_{u}"), now())).unwrap();
        let s = sub(u, Some("sub_1"), "active");
        repo.upsert(&s).unwrap();
        assert_eq!(repo.find_for_user(u).unwrap().as_ref(), Some(&s), "{}", t.name);
        assert_eq!(repo.find_by_subscription_id("sub_1").unwrap().map(|s| s.user_id), Some(u));
        assert_eq!(repo.find_by_customer_id(&format!("cus_{u}")).unwrap().map(|s| s.user_id), Some(u));
        assert_eq!(repo.find_by_subscription_id("sub_x").unwrap(), None);
        // Clearing fields writes NULLs.
        let canceled = s.canceled_now(now());
        repo.upsert(&canceled).unwrap();
        let back = repo.find_for_user(u).unwrap().unwrap();
        assert_eq!(back.subscription_id, None, "{}", t.name);
        assert_eq!(back.status, "canceled");
    }
}

#[test]
fn the_admin_list_names_each_user() {
    for t in backends() {
        let repo = DieselSubscriptionRepository::new(t.db.clone());
        let b = user(&t.db, "bob");
        let a = user(&t.db, "ana");
        user(&t.db, "carl"); // never subscribed: not listed
        repo.upsert(&sub(b, Some("sub_b"), "active")).unwrap();
        repo.upsert(&sub(a, None, "canceled")).unwrap();
        let rows = repo.list_with_usernames().unwrap();
        assert_eq!(rows.iter().map(|r| r.username.as_str()).collect::<Vec<_>>(), ["ana", "bob"], "{}", t.name);
        assert_eq!(rows[0].subscription_id, None);
        assert_eq!(rows[1].subscription_id.as_deref(), Some("sub_b"));
        assert_eq!(rows[1].customer_id, Some(format!("cus_{b}")));
    }
}

#[test]
fn invoices_are_listed_newest_first_and_paid_ones_stay_paid() {
    for t in backends() {
        let repo = DieselSubscriptionRepository::new(t.db.clone());
        let u = user(&t.db, "ana");
        let other = user(&t.db, "bob");
        let old = Invoice::local_plan_payment("in_old".into(), u, now() - Duration::days(31));
        let new = Invoice::local_plan_payment("in_new".into(), u, now());
        repo.record(&old).unwrap();
        repo.record(&new).unwrap();
        repo.record(&Invoice::local_plan_payment("in_bob".into(), other, now())).unwrap();
        let late_failure = Invoice { status: "open".into(), amount_cents: 0, ..new.clone() };
        repo.record(&late_failure).unwrap();
        let list = repo.list_for_user(u).unwrap();
        assert_eq!(list, vec![new.clone(), old.clone()], "{}", t.name);
        // An open invoice that gets paid is updated.
        let open = Invoice { invoice_id: "in_open".into(), status: "open".into(), amount_cents: 0, ..new.clone() };
        repo.record(&open).unwrap();
        repo.record(&Invoice { status: "paid".into(), amount_cents: 199, ..open.clone() }).unwrap();
        let back = repo.list_for_user(u).unwrap().into_iter().find(|i| i.invoice_id == "in_open").unwrap();
        assert_eq!((back.status.as_str(), back.amount_cents), ("paid", 199));
    }
}

#[test]
fn a_checkout_session_completes_once_with_its_subscription_and_invoice() {
    for t in backends() {
        let repo = DieselSubscriptionRepository::new(t.db.clone());
        let u = user(&t.db, "ana");
        repo.create(&session("cs_local_1", u)).unwrap();
        assert!(
            matches!(repo.create(&session("cs_local_1", u)), Err(buildledger_application::RepoError::Conflict(ref f)) if f == "id"),
            "{}",
            t.name
        );
        assert_eq!(repo.find("cs_local_1").unwrap().unwrap().status, "open");
        let s = sub(u, Some("sub_local_1"), "active");
        let inv = Invoice::local_plan_payment("in_local_1".into(), u, now());
        assert!(repo.complete("cs_local_1", now(), &s, Some(inv.clone())).unwrap());
        let done = repo.find("cs_local_1").unwrap().unwrap();
        assert_eq!((done.status.as_str(), done.completed_at), ("complete", Some(now())));
        assert_eq!(repo.find_for_user(u).unwrap(), Some(s.clone()));
        assert_eq!(repo.list_for_user(u).unwrap(), vec![inv]);
        // Twice: nothing changes.
        let other = sub(u, Some("sub_local_2"), "active");
        assert!(!repo
            .complete("cs_local_1", now(), &other, Some(Invoice::local_plan_payment("in_local_2".into(), u, now())))
            .unwrap());
        assert_eq!(repo.find_for_user(u).unwrap(), Some(s));
        assert_eq!(repo.list_for_user(u).unwrap().len(), 1);
        assert!(!repo.complete("cs_missing", now(), &other, None).unwrap());
        assert_eq!(repo.find("cs_missing").unwrap(), None);
    }
}

#[test]
fn a_webhook_event_is_applied_at_most_once() {
    for t in backends() {
        let repo = DieselSubscriptionRepository::new(t.db.clone());
        let u = user(&t.db, "ana");
        repo.create(&session("cs_1", u)).unwrap();
        let changes = WebhookChanges {
            subscription: Some(sub(u, Some("sub_1"), "active")),
            invoice: Some(Invoice::local_plan_payment("in_1".into(), u, now())),
            completed_checkout: Some(("cs_1".into(), now())),
        };
        assert!(!repo.seen("evt_1").unwrap());
        assert!(repo.apply_once("evt_1", "checkout.session.completed", now(), &changes).unwrap(), "{}", t.name);
        assert!(repo.seen("evt_1").unwrap());
        assert_eq!(repo.find("cs_1").unwrap().unwrap().status, "complete");
        assert_eq!(repo.find_for_user(u).unwrap().unwrap().status, "active");
        let replay = WebhookChanges { subscription: Some(sub(u, Some("sub_1"), "canceled")), ..Default::default() };
        assert!(!repo.apply_once("evt_1", "customer.subscription.deleted", now(), &replay).unwrap());
        assert_eq!(repo.find_for_user(u).unwrap().unwrap().status, "active", "{}", t.name);
        // An event with nothing to apply is still recorded.
        assert!(repo.apply_once("evt_2", "charge.refunded", now(), &WebhookChanges::default()).unwrap());
        assert!(repo.seen("evt_2").unwrap());
    }
}

#[test]
fn a_failing_webhook_change_records_nothing() {
    for t in backends() {
        let repo = DieselSubscriptionRepository::new(t.db.clone());
        // No such user: the foreign key fails, so the event id must not be kept either.
        let changes = WebhookChanges { subscription: Some(sub(9_999, Some("sub_1"), "active")), ..Default::default() };
        assert!(repo.apply_once("evt_9", "customer.subscription.updated", now(), &changes).is_err(), "{}", t.name);
        assert!(!repo.seen("evt_9").unwrap());
    }
}
