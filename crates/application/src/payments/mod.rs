//! Subscriptions and payments: the paid-access rule, checkout, cancel/resume, billing
//! history, the admin dashboard and provider webhooks.

pub mod local;
pub mod ports;

#[cfg(test)]
mod tests;

use std::sync::Arc;

use buildledger_domain::subscription::{Invoice, Subscription};
use buildledger_domain::user::User;
use buildledger_domain::FieldErrors;
use chrono::{DateTime, NaiveDateTime};

use crate::error::UseCaseError;
use crate::ports::{Clock, UserRepository};
use ports::{
    AdminSubscriptionRow, CheckoutCreated, CheckoutRequest, CheckoutSessionRecord, CheckoutSessionRepository,
    GatewayError, InvoiceRepository, PaymentGateway, PaymentsMode, SubscriptionRepository, WebhookChanges, WebhookData,
    WebhookEvent, WebhookEventRepository, WebhookVerifier, CHECKOUT_OPEN,
};

/// Decides whether a user may use the paid product (projects, tasks, documents).
#[derive(Clone)]
pub struct AccessService {
    subscriptions: Arc<dyn SubscriptionRepository>,
    clock: Arc<dyn Clock>,
}

impl AccessService {
    pub fn new(subscriptions: Arc<dyn SubscriptionRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { subscriptions, clock }
    }

    pub fn is_subscribed(&self, user_id: i64) -> Result<bool, UseCaseError> {
        let now = self.clock.now();
        Ok(self.subscriptions.find_for_user(user_id)?.is_some_and(|s| s.is_active(now)))
    }

    /// Whether the user may use the paid product, when the repository can tell without I/O
    /// (its cache); `None` means ask [`Self::require_active`]. Lets the hot path skip the
    /// blocking pool.
    pub fn known_active(&self, user_id: i64) -> Option<bool> {
        let known = self.subscriptions.known_for_user(user_id)?;
        let now = self.clock.now();
        Some(known.is_some_and(|s| s.is_active(now)))
    }

    /// `SubscriptionRequired` unless the user has an active subscription. Admins are not exempt.
    pub fn require_active(&self, user_id: i64) -> Result<(), UseCaseError> {
        if self.is_subscribed(user_id)? {
            Ok(())
        } else {
            Err(UseCaseError::SubscriptionRequired)
        }
    }
}

pub const MSG_CANCELED_AT_PERIOD_END: &str =
    "Your subscription will be canceled at the end of the current billing period.";
pub const MSG_ALREADY_CANCELING: &str =
    "Your subscription is already set to cancel at the end of the current billing period.";
pub const MSG_RESUMED: &str = "Your subscription has been resumed.";
pub const MSG_ALREADY_RESUMED: &str = "Your subscription is already active and will renew.";
pub const MSG_PAYMENT_METHOD_UPDATED: &str = "Your payment method has been updated.";
pub const MSG_ADMIN_CANCELED: &str = "Subscription canceled.";

/// Plain settings of the payments feature (read from the environment by the binary).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentsConfig {
    /// The price of the $1.99/month plan (`STRIPE_PRICE_ID`; any label in local mode).
    pub price_id: String,
    /// Base URL for the checkout return links (`PUBLIC_URL`), without a trailing slash.
    pub public_url: String,
}

/// Everything the payments use cases talk to.
#[derive(Clone)]
pub struct PaymentsPorts {
    pub subscriptions: Arc<dyn SubscriptionRepository>,
    pub invoices: Arc<dyn InvoiceRepository>,
    pub checkout_sessions: Arc<dyn CheckoutSessionRepository>,
    pub webhook_events: Arc<dyn WebhookEventRepository>,
    pub users: Arc<dyn UserRepository>,
    pub gateway: Arc<dyn PaymentGateway>,
    pub webhook_verifier: Arc<dyn WebhookVerifier>,
    pub clock: Arc<dyn Clock>,
}

/// Wires the payments use cases over one repository type that implements every payments
/// repository port (the diesel adapter does). `gateway: None` selects the built-in local
/// mode, which also gives the local checkout page's service.
pub fn wire<R>(
    repo: Arc<R>,
    users: Arc<dyn UserRepository>,
    gateway: Option<Arc<dyn PaymentGateway>>,
    webhook_verifier: Arc<dyn WebhookVerifier>,
    clock: Arc<dyn Clock>,
    config: PaymentsConfig,
) -> (PaymentsService, Option<local::LocalCheckoutService>)
where
    R: SubscriptionRepository + InvoiceRepository + CheckoutSessionRepository + WebhookEventRepository + 'static,
{
    let ids: Arc<dyn ports::IdGenerator> = Arc::new(ports::RandomIds);
    let (gateway, local_checkout) = match gateway {
        Some(g) => (g, None),
        None => {
            let g: Arc<dyn PaymentGateway> = Arc::new(local::LocalGateway::new(repo.clone(), ids.clone()));
            (g, Some(local::LocalCheckoutService::new(repo.clone(), repo.clone(), ids, clock.clone())))
        }
    };
    let ports = PaymentsPorts {
        subscriptions: repo.clone(),
        invoices: repo.clone(),
        checkout_sessions: repo.clone(),
        webhook_events: repo,
        users,
        gateway,
        webhook_verifier,
        clock,
    };
    (PaymentsService::new(ports, config), local_checkout)
}

/// What became of a webhook delivery that passed the signature check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WebhookOutcome {
    Applied,
    /// The event id was already processed: nothing changed.
    Duplicate,
}

/// The payments use cases behind `/payments/...`.
#[derive(Clone)]
pub struct PaymentsService {
    ports: PaymentsPorts,
    config: PaymentsConfig,
}

fn gateway_err(e: GatewayError) -> UseCaseError {
    match e {
        GatewayError::Rejected(msg) => UseCaseError::Refused(msg),
        GatewayError::Unavailable(src) => UseCaseError::Unavailable(src),
        GatewayError::Other(src) => UseCaseError::Internal(src),
    }
}

fn epoch() -> NaiveDateTime {
    DateTime::UNIX_EPOCH.naive_utc()
}

impl PaymentsService {
    pub fn new(ports: PaymentsPorts, config: PaymentsConfig) -> Self {
        let public_url = config.public_url.trim_end_matches('/').to_owned();
        Self { ports, config: PaymentsConfig { public_url, ..config } }
    }

    pub fn mode(&self) -> PaymentsMode {
        self.ports.gateway.mode()
    }

    pub fn config(&self) -> &PaymentsConfig {
        &self.config
    }

    fn now(&self) -> NaiveDateTime {
        self.ports.clock.now()
    }

    fn user(&self, user_id: i64) -> Result<User, UseCaseError> {
        self.ports.users.find_by_id(user_id)?.ok_or(UseCaseError::not_found("user"))
    }

    fn require_admin(&self, user_id: i64) -> Result<(), UseCaseError> {
        match self.ports.users.find_by_id(user_id)? {
            Some(u) if u.is_admin => Ok(()),
            _ => Err(UseCaseError::Forbidden),
        }
    }

    /// The user's subscription as the account settings show it; `None` when there is none.
    pub fn subscription_status(&self, user_id: i64) -> Result<Option<Subscription>, UseCaseError> {
        Ok(self.ports.subscriptions.find_for_user(user_id)?.filter(Subscription::is_shown))
    }

    pub fn is_subscribed(&self, user_id: i64) -> Result<bool, UseCaseError> {
        let now = self.now();
        Ok(self.ports.subscriptions.find_for_user(user_id)?.is_some_and(|s| s.is_active(now)))
    }

    /// Opens a checkout for the plan. `price_id` from the client must be the plan's price
    /// when given. Refused with `Conflict` when the user already has an active subscription.
    pub fn create_checkout_session(
        &self,
        user_id: i64,
        price_id: Option<&str>,
    ) -> Result<CheckoutCreated, UseCaseError> {
        if let Some(p) = price_id.map(str::trim).filter(|p| !p.is_empty()) {
            if p != self.config.price_id {
                return Err(FieldErrors::single("priceId", "Unknown price.").into());
            }
        }
        let user = self.user(user_id)?;
        let now = self.now();
        let existing = self.ports.subscriptions.find_for_user(user_id)?;
        if existing.as_ref().is_some_and(|s| s.is_active(now)) {
            return Err(UseCaseError::Conflict {
                field: "subscription".into(),
                message: "You already have an active subscription.".into(),
            });
        }
        let customer_id = match existing.as_ref().and_then(|s| s.customer_id.clone()) {
            Some(c) => c,
            None => {
                let c = self.ports.gateway.create_customer(&user).map_err(gateway_err)?;
                let record = match existing {
                    Some(s) => Subscription { customer_id: Some(c.clone()), ..s },
                    None => Subscription::customer_only(user_id, c.clone(), now),
                };
                self.ports.subscriptions.upsert(&record)?;
                c
            }
        };
        let request = CheckoutRequest {
            user_id,
            customer_id,
            price_id: self.config.price_id.clone(),
            success_url: format!("{}/success?session_id={{CHECKOUT_SESSION_ID}}", self.config.public_url),
            cancel_url: format!("{}/cancel", self.config.public_url),
        };
        let created = self.ports.gateway.create_checkout(&request).map_err(gateway_err)?;
        self.ports.checkout_sessions.create(&CheckoutSessionRecord {
            id: created.session_id.clone(),
            user_id,
            status: CHECKOUT_OPEN.into(),
            created_at: now,
            completed_at: None,
        })?;
        Ok(created)
    }

    fn active_subscription(&self, user_id: i64, now: NaiveDateTime) -> Result<Subscription, UseCaseError> {
        self.ports
            .subscriptions
            .find_for_user(user_id)?
            .filter(|s| s.subscription_id.is_some() && s.is_active(now))
            .ok_or(UseCaseError::not_found("active subscription"))
    }

    fn set_cancel(&self, user_id: i64, cancel: bool) -> Result<&'static str, UseCaseError> {
        let now = self.now();
        let sub = self.active_subscription(user_id, now)?;
        if sub.cancel_at_period_end == cancel {
            return Ok(if cancel { MSG_ALREADY_CANCELING } else { MSG_ALREADY_RESUMED });
        }
        let remote = self.ports.gateway.set_cancel_at_period_end(&sub, cancel).map_err(gateway_err)?;
        let updated = Subscription {
            status: remote.status,
            current_period_end: remote.current_period_end.or(sub.current_period_end),
            cancel_at_period_end: remote.cancel_at_period_end,
            updated_at: now,
            ..sub
        };
        self.ports.subscriptions.upsert(&updated)?;
        Ok(if cancel { MSG_CANCELED_AT_PERIOD_END } else { MSG_RESUMED })
    }

    /// Cancels at the end of the current period; access stays until then.
    pub fn cancel_subscription(&self, user_id: i64) -> Result<&'static str, UseCaseError> {
        self.set_cancel(user_id, true)
    }

    /// Undoes a cancel at period end while the period lasts.
    pub fn resume_subscription(&self, user_id: i64) -> Result<&'static str, UseCaseError> {
        self.set_cancel(user_id, false)
    }

    pub fn update_payment_method(&self, user_id: i64, payment_method_id: &str) -> Result<&'static str, UseCaseError> {
        let pm = payment_method_id.trim();
        if pm.is_empty() {
            return Err(FieldErrors::single("payment_method_id", "This field is required.").into());
        }
        if pm.len() > 255 || !pm.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(FieldErrors::single("payment_method_id", "Enter a valid payment method id.").into());
        }
        let sub = self.ports.subscriptions.find_for_user(user_id)?;
        let (customer, subscription_id) = match sub {
            Some(Subscription { customer_id: Some(c), subscription_id, .. }) => (c, subscription_id),
            _ => return Err(UseCaseError::not_found("billing account")),
        };
        self.ports.gateway.update_default_payment_method(&customer, subscription_id, pm).map_err(gateway_err)?;
        Ok(MSG_PAYMENT_METHOD_UPDATED)
    }

    /// Invoices, newest first; empty when the user was never a customer.
    pub fn billing_history(&self, user_id: i64) -> Result<Vec<Invoice>, UseCaseError> {
        let customer = self.ports.subscriptions.find_for_user(user_id)?.and_then(|s| s.customer_id);
        match customer {
            Some(c) => self.ports.gateway.list_invoices(user_id, &c).map_err(gateway_err),
            None => Ok(Vec::new()),
        }
    }

    /// Every user's subscription (admins only).
    pub fn admin_list(&self, actor_id: i64) -> Result<Vec<AdminSubscriptionRow>, UseCaseError> {
        self.require_admin(actor_id)?;
        Ok(self.ports.subscriptions.list_with_usernames()?)
    }

    /// Cancels a subscription at once (admins only): its id is cleared, status `canceled`.
    pub fn admin_cancel(&self, actor_id: i64, subscription_id: &str) -> Result<&'static str, UseCaseError> {
        self.require_admin(actor_id)?;
        let sid = subscription_id.trim();
        if sid.is_empty() {
            return Err(FieldErrors::single("subscription_id", "This field is required.").into());
        }
        let sub =
            self.ports.subscriptions.find_by_subscription_id(sid)?.ok_or(UseCaseError::not_found("subscription"))?;
        self.ports.gateway.cancel_now(sid).map_err(gateway_err)?;
        self.ports.subscriptions.upsert(&sub.canceled_now(self.now()))?;
        Ok(MSG_ADMIN_CANCELED)
    }

    /// Verifies and applies one provider webhook. A bad or missing signature is
    /// `Refused` and changes nothing; a replayed event id changes nothing.
    pub fn handle_webhook(&self, payload: &[u8], signature: Option<String>) -> Result<WebhookOutcome, UseCaseError> {
        let now = self.now();
        let event = self
            .ports
            .webhook_verifier
            .verify(payload, signature, now)
            .map_err(|e| UseCaseError::Refused(e.to_string()))?;
        if self.ports.webhook_events.seen(&event.id)? {
            return Ok(WebhookOutcome::Duplicate);
        }
        let changes = self.changes_for(&event, now)?;
        if self.ports.webhook_events.apply_once(&event.id, &event.event_type, now, &changes)? {
            tracing::info!(event_id = %event.id, event_type = %event.event_type, "webhook applied");
            Ok(WebhookOutcome::Applied)
        } else {
            Ok(WebhookOutcome::Duplicate)
        }
    }

    fn record_for(
        &self,
        user_id: Option<i64>,
        subscription_id: Option<&str>,
        customer_id: Option<&str>,
    ) -> Result<(Option<i64>, Option<Subscription>), UseCaseError> {
        let subs = &self.ports.subscriptions;
        if let Some(u) = user_id {
            return Ok((Some(u), subs.find_for_user(u)?));
        }
        if let Some(s) = subscription_id {
            if let Some(rec) = subs.find_by_subscription_id(s)? {
                return Ok((Some(rec.user_id), Some(rec)));
            }
        }
        if let Some(c) = customer_id {
            if let Some(rec) = subs.find_by_customer_id(c)? {
                return Ok((Some(rec.user_id), Some(rec)));
            }
        }
        Ok((None, None))
    }

    fn changes_for(&self, event: &WebhookEvent, now: NaiveDateTime) -> Result<WebhookChanges, UseCaseError> {
        let mut changes = WebhookChanges::default();
        match &event.data {
            WebhookData::CheckoutCompleted { session_id, customer_id, subscription_id, user_id } => {
                changes.completed_checkout = Some((session_id.clone(), now));
                let (user, existing) = self.record_for(*user_id, None, customer_id.as_deref())?;
                let (Some(user), Some(sid)) = (user, subscription_id) else {
                    return Ok(changes);
                };
                let already_linked =
                    existing.as_ref().is_some_and(|s| s.subscription_id.as_deref() == Some(sid.as_str()));
                // Never replace another subscription that still gives access.
                let other_active = existing.as_ref().is_some_and(|s| s.subscription_id.is_some() && s.is_active(now));
                if !already_linked && !other_active {
                    // Link the subscription; its status comes with the subscription events,
                    // which may be older than this one (and than our own clock), so the
                    // linked record claims no time: any event about it applies.
                    let updated_at = epoch();
                    changes.subscription = Some(Subscription {
                        user_id: user,
                        customer_id: customer_id
                            .clone()
                            .or_else(|| existing.as_ref().and_then(|s| s.customer_id.clone())),
                        subscription_id: Some(sid.clone()),
                        status: "incomplete".into(),
                        current_period_end: None,
                        cancel_at_period_end: false,
                        updated_at,
                    });
                }
            }
            WebhookData::Subscription { subscription, user_id } => {
                let (user, existing) = self.record_for(
                    *user_id,
                    Some(&subscription.subscription_id),
                    subscription.customer_id.as_deref(),
                )?;
                if let Some(user) = user {
                    changes.subscription =
                        Subscription::merge_remote(existing.as_ref(), user, subscription, event.created);
                }
            }
            WebhookData::Invoice { invoice_id, customer_id, amount_cents, currency, status, created } => {
                let (user, _) = self.record_for(None, None, customer_id.as_deref())?;
                if let Some(user) = user {
                    changes.invoice = Some(Invoice {
                        invoice_id: invoice_id.clone(),
                        user_id: user,
                        amount_cents: *amount_cents,
                        currency: currency.clone(),
                        status: status.clone(),
                        created_at: *created,
                    });
                }
            }
            WebhookData::Ignored => {}
        }
        Ok(changes)
    }
}
