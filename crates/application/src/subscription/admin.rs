//! The admin dashboard: every subscription, and cancelling one at once.

use buildledger_domain::FieldErrors;

use crate::error::UseCaseError;

use super::ports::AdminSubscriptionRow;
use super::{gateway_err, SubscriptionService};

pub const MSG_ADMIN_CANCELED: &str = "Subscription canceled.";

impl SubscriptionService {
    fn require_admin(&self, user_id: i64) -> Result<(), UseCaseError> {
        match self.ports.users.find_by_id(user_id)? {
            Some(u) if u.is_admin => Ok(()),
            _ => Err(UseCaseError::Forbidden),
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
            return Err(FieldErrors::single("subscription_id", buildledger_domain::messages::REQUIRED).into());
        }
        let sub =
            self.ports.subscriptions.find_by_subscription_id(sid)?.ok_or(UseCaseError::not_found("subscription"))?;
        self.ports.gateway.cancel_now(sid).map_err(gateway_err)?;
        self.ports.subscriptions.upsert(&sub.canceled_now(self.now()))?;
        Ok(MSG_ADMIN_CANCELED)
    }
}
