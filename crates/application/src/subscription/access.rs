//! The paid-access rule: who may use the paid product.

use std::sync::Arc;

use crate::error::UseCaseError;
use crate::ports::{Clock, KnownState};

use super::ports::SubscriptionRepository;

/// Decides whether a user may use the paid product (projects, tasks, documents).
#[derive(Clone)]
pub struct AccessService {
    subscriptions: Arc<dyn SubscriptionRepository>,
    known: Arc<dyn KnownState>,
    clock: Arc<dyn Clock>,
}

impl AccessService {
    pub fn new(
        subscriptions: Arc<dyn SubscriptionRepository>,
        known: Arc<dyn KnownState>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self { subscriptions, known, clock }
    }

    pub fn is_subscribed(&self, user_id: i64) -> Result<bool, UseCaseError> {
        let now = self.clock.now();
        Ok(self.subscriptions.find_for_user(user_id)?.is_some_and(|s| s.is_active(now)))
    }

    /// Whether the user may use the paid product, when that is known without I/O
    /// ([`KnownState`]); `None` means ask [`Self::require_active`]. Lets the hot path skip the
    /// blocking pool.
    pub fn known_active(&self, user_id: i64) -> Option<bool> {
        let known = self.known.subscription(user_id)?;
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
