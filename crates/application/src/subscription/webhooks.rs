//! Provider webhooks: verified, applied once per event id.

use buildledger_domain::subscription::{Invoice, Subscription};
use chrono::{DateTime, NaiveDateTime};

use crate::error::UseCaseError;

use super::ports::{WebhookChanges, WebhookData, WebhookEvent};
use super::SubscriptionService;

/// What became of a webhook delivery that passed the signature check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WebhookOutcome {
    Applied,
    /// The event id was already processed: nothing changed.
    Duplicate,
}

pub(super) fn epoch() -> NaiveDateTime {
    DateTime::UNIX_EPOCH.naive_utc()
}

impl SubscriptionService {
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
