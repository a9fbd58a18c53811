//! Subscription rules: who has access to the paid product, how a provider's view of a
//! subscription is merged into our record, and the one plan we sell.

use chrono::{Months, NaiveDateTime, SubsecRound};

/// The one plan: $1.99 per month.
pub const PLAN_PRICE_CENTS: i64 = 199;
pub const PLAN_CURRENCY: &str = "usd";
pub const PLAN_NAME: &str = "BuildLedger monthly plan";

/// Status of a record that knows the customer but has no subscription yet (a checkout was
/// started and never paid). The API shows such a record as "no subscription".
pub const STATUS_NONE: &str = "none";
pub const STATUS_ACTIVE: &str = "active";
pub const STATUS_CANCELED: &str = "canceled";

/// Stripe's subscription statuses. Stored and sent as their codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SubscriptionStatus {
    Active,
    Trialing,
    PastDue,
    Canceled,
    Incomplete,
    IncompleteExpired,
    Unpaid,
    Paused,
}

impl SubscriptionStatus {
    pub const ALL: [SubscriptionStatus; 8] = [
        Self::Active,
        Self::Trialing,
        Self::PastDue,
        Self::Canceled,
        Self::Incomplete,
        Self::IncompleteExpired,
        Self::Unpaid,
        Self::Paused,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Self::Active => "active",
            Self::Trialing => "trialing",
            Self::PastDue => "past_due",
            Self::Canceled => "canceled",
            Self::Incomplete => "incomplete",
            Self::IncompleteExpired => "incomplete_expired",
            Self::Unpaid => "unpaid",
            Self::Paused => "paused",
        }
    }

    /// `None` for anything outside Stripe's vocabulary (including [`STATUS_NONE`]).
    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.code() == code)
    }

    /// Only `active` and `trialing` give access (DECISIONS.md).
    pub fn grants_access(self) -> bool {
        matches!(self, Self::Active | Self::Trialing)
    }

    /// A subscription in this state will never become active again.
    pub fn is_terminal(self) -> bool {
        matches!(self, Self::Canceled | Self::IncompleteExpired)
    }
}

/// The local record of a user's subscription, kept current by checkout, webhooks and the
/// payments adapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subscription {
    pub user_id: i64,
    pub customer_id: Option<String>,
    pub subscription_id: Option<String>,
    /// Stripe's status vocabulary: active, trialing, past_due, canceled, incomplete, ...
    /// or [`STATUS_NONE`] when only the customer is known.
    pub status: String,
    pub current_period_end: Option<NaiveDateTime>,
    pub cancel_at_period_end: bool,
    /// When the state this record holds was true: the provider's event time for webhook
    /// changes, our clock for changes we make. Older provider events are not applied.
    pub updated_at: NaiveDateTime,
}

/// The payment provider's view of one subscription (from its API or a webhook event).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemoteSubscription {
    pub subscription_id: String,
    pub customer_id: Option<String>,
    pub status: String,
    pub current_period_end: Option<NaiveDateTime>,
    pub cancel_at_period_end: bool,
}

impl Subscription {
    /// A record that only knows the customer (before the first checkout is paid).
    pub fn customer_only(user_id: i64, customer_id: String, now: NaiveDateTime) -> Self {
        Self {
            user_id,
            customer_id: Some(customer_id),
            subscription_id: None,
            status: STATUS_NONE.to_owned(),
            current_period_end: None,
            cancel_at_period_end: false,
            updated_at: now,
        }
    }

    pub fn status_kind(&self) -> Option<SubscriptionStatus> {
        SubscriptionStatus::parse(&self.status)
    }

    /// Active means Stripe status `active` or `trialing` with a period that has not ended;
    /// a subscription set to cancel at period end stays active until then (DECISIONS.md).
    pub fn is_active(&self, now: NaiveDateTime) -> bool {
        let status_ok = self.status_kind().is_some_and(SubscriptionStatus::grants_access);
        let period_ok = self.current_period_end.is_none_or(|end| now < end);
        status_ok && period_ok
    }

    /// True when there is something to show as "the subscription" (not just a customer).
    pub fn is_shown(&self) -> bool {
        self.status != STATUS_NONE && !self.status.is_empty()
    }

    /// The user may ask to cancel at period end: active, has an id, not already cancelling.
    pub fn can_cancel(&self, now: NaiveDateTime) -> bool {
        self.subscription_id.is_some() && self.is_active(now) && !self.cancel_at_period_end
    }

    /// The user may resume: still active (period not over) and set to cancel at period end.
    pub fn can_resume(&self, now: NaiveDateTime) -> bool {
        self.subscription_id.is_some() && self.is_active(now) && self.cancel_at_period_end
    }

    /// The record after an immediate (admin) cancel: the id is cleared, status `canceled`,
    /// access ends now.
    pub fn canceled_now(&self, now: NaiveDateTime) -> Self {
        Self {
            subscription_id: None,
            status: STATUS_CANCELED.to_owned(),
            cancel_at_period_end: false,
            current_period_end: self.current_period_end.map(|end| end.min(now)),
            updated_at: now,
            ..self.clone()
        }
    }

    /// A new active one-month period starting `now` (local mode checkout).
    pub fn activated(user_id: i64, customer_id: String, subscription_id: String, now: NaiveDateTime) -> Self {
        Self {
            user_id,
            customer_id: Some(customer_id),
            subscription_id: Some(subscription_id),
            status: STATUS_ACTIVE.to_owned(),
            current_period_end: Some(one_month_after(now)),
            cancel_at_period_end: false,
            updated_at: now,
        }
    }

    /// Merges the provider's view of a subscription, as of `at`, into the user's record.
    ///
    /// `None` means "leave the record as it is":
    /// - the view is older than what the record already holds (events arrive out of order);
    /// - it is about another subscription than the one we track and that one is over
    ///   (e.g. the deletion of a subscription an admin already cancelled and cleared).
    pub fn merge_remote(
        existing: Option<&Subscription>,
        user_id: i64,
        remote: &RemoteSubscription,
        at: NaiveDateTime,
    ) -> Option<Subscription> {
        if let Some(cur) = existing {
            let same = cur.subscription_id.as_deref() == Some(remote.subscription_id.as_str());
            let terminal = SubscriptionStatus::parse(&remote.status).is_none_or(SubscriptionStatus::is_terminal);
            if !same && terminal {
                return None;
            }
            // Provider times have whole seconds; ours may not. A record that only knows the
            // customer holds no subscription state to protect.
            if cur.is_shown() && at < cur.updated_at.trunc_subsecs(0) {
                return None;
            }
        }
        Some(Subscription {
            user_id,
            customer_id: remote.customer_id.clone().or_else(|| existing.and_then(|c| c.customer_id.clone())),
            subscription_id: Some(remote.subscription_id.clone()),
            status: remote.status.clone(),
            current_period_end: remote.current_period_end,
            cancel_at_period_end: remote.cancel_at_period_end,
            updated_at: at,
        })
    }
}

/// One calendar month later (Jan 31 -> Feb 28/29), as billing periods are counted.
pub fn one_month_after(t: NaiveDateTime) -> NaiveDateTime {
    t.checked_add_months(Months::new(1)).unwrap_or(t)
}

/// A billing-history entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoice {
    /// The provider's invoice id (`in_...`).
    pub invoice_id: String,
    pub user_id: i64,
    pub amount_cents: i64,
    /// ISO currency code, lower case (`usd`).
    pub currency: String,
    /// Stripe's invoice statuses: draft, open, paid, uncollectible, void.
    pub status: String,
    pub created_at: NaiveDateTime,
}

impl Invoice {
    /// The paid $1.99 invoice of a local-mode checkout.
    pub fn local_plan_payment(invoice_id: String, user_id: i64, now: NaiveDateTime) -> Self {
        Self {
            invoice_id,
            user_id,
            amount_cents: PLAN_PRICE_CENTS,
            currency: PLAN_CURRENCY.to_owned(),
            status: "paid".to_owned(),
            created_at: now,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, NaiveDate};

    fn now() -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 11, 22).unwrap().and_hms_opt(12, 0, 0).unwrap()
    }

    fn sub(status: &str, end: Option<NaiveDateTime>, cancel: bool) -> Subscription {
        Subscription {
            user_id: 1,
            customer_id: Some("cus_1".into()),
            subscription_id: Some("sub_1".into()),
            status: status.into(),
            current_period_end: end,
            cancel_at_period_end: cancel,
            updated_at: now() - Duration::days(1),
        }
    }

    fn remote(id: &str, status: &str) -> RemoteSubscription {
        RemoteSubscription {
            subscription_id: id.into(),
            customer_id: Some("cus_1".into()),
            status: status.into(),
            current_period_end: Some(now() + Duration::days(30)),
            cancel_at_period_end: false,
        }
    }

    #[test]
    fn active_and_trialing_give_access() {
        let later = Some(now() + Duration::days(3));
        assert!(sub("active", later, false).is_active(now()));
        assert!(sub("trialing", later, false).is_active(now()));
    }

    #[test]
    fn other_statuses_do_not() {
        for s in ["canceled", "past_due", "incomplete", "incomplete_expired", "unpaid", "paused", "none", "", "ACTIVE"]
        {
            assert!(!sub(s, Some(now() + Duration::days(3)), false).is_active(now()), "{s}");
        }
    }

    #[test]
    fn cancel_at_period_end_keeps_access_until_the_end() {
        assert!(sub("active", Some(now() + Duration::seconds(1)), true).is_active(now()));
        assert!(!sub("active", Some(now()), true).is_active(now()));
    }

    #[test]
    fn an_ended_period_ends_access() {
        assert!(!sub("active", Some(now() - Duration::days(1)), false).is_active(now()));
    }

    #[test]
    fn status_codes_round_trip() {
        for s in SubscriptionStatus::ALL {
            assert_eq!(SubscriptionStatus::parse(s.code()), Some(s));
        }
        assert_eq!(SubscriptionStatus::parse("none"), None);
        assert!(SubscriptionStatus::Canceled.is_terminal());
        assert!(!SubscriptionStatus::PastDue.is_terminal());
    }

    #[test]
    fn cancel_and_resume_need_the_right_state() {
        let later = Some(now() + Duration::days(3));
        assert!(sub("active", later, false).can_cancel(now()));
        assert!(!sub("active", later, true).can_cancel(now()));
        assert!(!sub("canceled", later, false).can_cancel(now()));
        assert!(sub("active", later, true).can_resume(now()));
        assert!(!sub("active", later, false).can_resume(now()));
        // A period that is over cannot be resumed.
        assert!(!sub("active", Some(now() - Duration::seconds(1)), true).can_resume(now()));
        let mut no_id = sub("active", later, false);
        no_id.subscription_id = None;
        assert!(!no_id.can_cancel(now()));
    }

    #[test]
    fn an_immediate_cancel_clears_the_id_and_ends_access() {
        let s = sub("active", Some(now() + Duration::days(3)), true).canceled_now(now());
        assert_eq!(s.subscription_id, None);
        assert_eq!(s.status, "canceled");
        assert!(!s.cancel_at_period_end);
        assert!(!s.is_active(now()));
        assert_eq!(s.customer_id.as_deref(), Some("cus_1"));
    }

    #[test]
    fn a_customer_only_record_is_not_shown_nor_active() {
        let s = Subscription::customer_only(1, "cus_1".into(), now());
        assert!(!s.is_shown());
        assert!(!s.is_active(now()));
        assert!(sub("canceled", None, false).is_shown());
    }

    #[test]
    fn local_activation_runs_one_calendar_month() {
        let s = Subscription::activated(1, "cus".into(), "sub".into(), now());
        assert_eq!(
            s.current_period_end,
            Some(NaiveDate::from_ymd_opt(2026, 12, 22).unwrap().and_hms_opt(12, 0, 0).unwrap())
        );
        assert!(s.is_active(now()));
        assert!(!s.is_active(one_month_after(now())));
        let jan31 = NaiveDate::from_ymd_opt(2027, 1, 31).unwrap().and_hms_opt(0, 0, 0).unwrap();
        assert_eq!(one_month_after(jan31).date(), NaiveDate::from_ymd_opt(2027, 2, 28).unwrap());
    }

    #[test]
    fn a_newer_remote_view_replaces_the_record() {
        let cur = sub("active", Some(now()), false);
        let mut r = remote("sub_1", "past_due");
        r.cancel_at_period_end = true;
        let merged = Subscription::merge_remote(Some(&cur), 1, &r, now()).unwrap();
        assert_eq!(merged.status, "past_due");
        assert!(merged.cancel_at_period_end);
        assert_eq!(merged.updated_at, now());
        assert_eq!(merged.current_period_end, r.current_period_end);
    }

    #[test]
    fn an_older_remote_view_is_ignored() {
        let mut cur = sub("canceled", Some(now()), false);
        cur.updated_at = now();
        assert_eq!(
            Subscription::merge_remote(Some(&cur), 1, &remote("sub_1", "active"), now() - Duration::seconds(5)),
            None
        );
        // The same second counts as not older (provider times are whole seconds).
        cur.updated_at = now() + Duration::milliseconds(300);
        assert!(Subscription::merge_remote(Some(&cur), 1, &remote("sub_1", "active"), now()).is_some());
    }

    #[test]
    fn a_customer_only_record_takes_any_subscription_view() {
        let cur = Subscription::customer_only(1, "cus_1".into(), now());
        let merged =
            Subscription::merge_remote(Some(&cur), 1, &remote("sub_1", "active"), now() - Duration::seconds(30))
                .unwrap();
        assert_eq!(merged.status, "active");
        assert_eq!(merged.customer_id.as_deref(), Some("cus_1"));
    }

    #[test]
    fn the_end_of_a_subscription_we_no_longer_track_is_ignored() {
        let mut cur = sub("canceled", None, false);
        cur.subscription_id = None;
        assert_eq!(Subscription::merge_remote(Some(&cur), 1, &remote("sub_old", "canceled"), now()), None);
        // ...but a new live subscription is taken up.
        let merged = Subscription::merge_remote(Some(&cur), 1, &remote("sub_new", "active"), now()).unwrap();
        assert_eq!(merged.subscription_id.as_deref(), Some("sub_new"));
    }

    #[test]
    fn a_first_remote_view_creates_the_record() {
        let merged = Subscription::merge_remote(None, 9, &remote("sub_9", "active"), now()).unwrap();
        assert_eq!(merged.user_id, 9);
        assert!(merged.is_active(now()));
    }

    #[test]
    fn the_local_invoice_is_the_plan_price() {
        let i = Invoice::local_plan_payment("in_1".into(), 1, now());
        assert_eq!((i.amount_cents, i.currency.as_str(), i.status.as_str()), (199, "usd", "paid"));
    }
}
