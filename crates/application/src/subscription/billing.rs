//! The subscriber's own plan: its status, cancel and resume at period end, the payment
//! method and the billing history.

use buildledger_domain::subscription::{Invoice, Subscription};
use buildledger_domain::FieldErrors;
use chrono::NaiveDateTime;

use crate::error::UseCaseError;

use super::{gateway_err, SubscriptionService};

pub const MSG_CANCELED_AT_PERIOD_END: &str =
    "Your subscription will be canceled at the end of the current billing period.";
pub const MSG_ALREADY_CANCELING: &str =
    "Your subscription is already set to cancel at the end of the current billing period.";
pub const MSG_RESUMED: &str = "Your subscription has been resumed.";
pub const MSG_ALREADY_RESUMED: &str = "Your subscription is already active and will renew.";
pub const MSG_PAYMENT_METHOD_UPDATED: &str = "Your payment method has been updated.";

impl SubscriptionService {
    /// The user's subscription as the account settings show it; `None` when there is none.
    pub fn subscription_status(&self, user_id: i64) -> Result<Option<Subscription>, UseCaseError> {
        Ok(self.ports.subscriptions.find_for_user(user_id)?.filter(Subscription::is_shown))
    }

    pub fn is_subscribed(&self, user_id: i64) -> Result<bool, UseCaseError> {
        let now = self.now();
        Ok(self.ports.subscriptions.find_for_user(user_id)?.is_some_and(|s| s.is_active(now)))
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
            return Err(FieldErrors::single("payment_method_id", buildledger_domain::messages::REQUIRED).into());
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

    /// Cancels at the provider the subscription of an account just deleted (recorded by the
    /// deletion's transaction). A failure is kept for [`Self::retry_cancellations`], never
    /// returned: the account is gone whatever the provider says.
    pub fn cancel_for_deleted_account(&self, subscription_id: &str) {
        match self.ports.gateway.cancel_now(subscription_id) {
            Ok(()) => {
                if let Err(e) = self.ports.cancellations.done(subscription_id) {
                    tracing::warn!(error = %e, "subscription canceled, but its pending record stays (retried harmlessly)");
                }
                tracing::info!("subscription of a deleted account canceled at the provider");
            }
            Err(e) => {
                // The kind and its cause ("payment provider unavailable: connection refused").
                let error = match std::error::Error::source(&e) {
                    Some(cause) => format!("{e}: {cause}"),
                    None => e.to_string(),
                };
                tracing::warn!(error = %error, "subscription of a deleted account not canceled yet: will retry");
                if let Err(e) = self.ports.cancellations.failed(subscription_id, &error) {
                    tracing::error!(error = %e, "the failed cancellation could not be recorded");
                }
            }
        }
    }

    /// Cancels what earlier deletions could not (run at start-up and every few minutes); returns
    /// how many are still pending.
    pub fn retry_cancellations(&self) -> Result<usize, UseCaseError> {
        let pending = self.ports.cancellations.pending(RETRY_BATCH)?;
        for id in &pending {
            self.cancel_for_deleted_account(id);
        }
        Ok(self.ports.cancellations.pending(RETRY_BATCH)?.len())
    }
}

/// Cancellations retried per run.
const RETRY_BATCH: i64 = 100;
