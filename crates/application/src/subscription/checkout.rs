//! Opening a checkout for the plan.

use buildledger_domain::subscription::Subscription;
use buildledger_domain::user::User;
use buildledger_domain::FieldErrors;

use crate::error::UseCaseError;

use super::ports::{CheckoutCreated, CheckoutRequest, CheckoutSessionRecord, CHECKOUT_OPEN};
use super::{gateway_err, SubscriptionService};

impl SubscriptionService {
    fn user(&self, user_id: i64) -> Result<User, UseCaseError> {
        self.ports.users.find_by_id(user_id)?.ok_or(UseCaseError::not_found("user"))
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
}
