//! The built-in local payments mode (no Stripe key): a test checkout page served by us,
//! with the subscription, invoices and cancel/resume kept in our database.

use std::sync::Arc;

use buildledger_domain::subscription::{Invoice, RemoteSubscription, Subscription};
use buildledger_domain::user::User;

use super::ports::{
    CheckoutCreated, CheckoutRequest, CheckoutSessionRecord, CheckoutSessionRepository, GatewayError, IdGenerator,
    InvoiceRepository, PaymentGateway, PaymentsMode, SubscriptionRepository, CHECKOUT_COMPLETE,
};
use crate::error::{RepoError, UseCaseError};
use crate::ports::Clock;

fn repo_err(e: RepoError) -> GatewayError {
    match e {
        RepoError::Unavailable(src) => GatewayError::Unavailable(src),
        other => GatewayError::Other(Box::new(other)),
    }
}

/// The local adapter of [`PaymentGateway`]: nothing leaves the machine.
pub struct LocalGateway {
    invoices: Arc<dyn InvoiceRepository>,
    ids: Arc<dyn IdGenerator>,
}

impl LocalGateway {
    pub fn new(invoices: Arc<dyn InvoiceRepository>, ids: Arc<dyn IdGenerator>) -> Self {
        Self { invoices, ids }
    }
}

/// The local customer id of a user.
pub fn local_customer_id(user_id: i64) -> String {
    format!("cus_local_{user_id}")
}

impl PaymentGateway for LocalGateway {
    fn mode(&self) -> PaymentsMode {
        PaymentsMode::Local
    }

    fn create_customer(&self, user: &User) -> Result<String, GatewayError> {
        Ok(local_customer_id(user.id))
    }

    fn create_checkout(&self, _request: &CheckoutRequest) -> Result<CheckoutCreated, GatewayError> {
        let session_id = self.ids.new_id("cs_local_");
        Ok(CheckoutCreated { url: format!("/local-checkout/{session_id}"), session_id })
    }

    fn set_cancel_at_period_end(
        &self,
        subscription: &Subscription,
        cancel: bool,
    ) -> Result<RemoteSubscription, GatewayError> {
        let id = subscription
            .subscription_id
            .clone()
            .ok_or_else(|| GatewayError::Rejected("No such subscription.".into()))?;
        Ok(RemoteSubscription {
            subscription_id: id,
            customer_id: subscription.customer_id.clone(),
            status: subscription.status.clone(),
            current_period_end: subscription.current_period_end,
            cancel_at_period_end: cancel,
        })
    }

    fn cancel_now(&self, _subscription_id: &str) -> Result<(), GatewayError> {
        Ok(())
    }

    fn update_default_payment_method(
        &self,
        _customer_id: &str,
        _subscription_id: Option<String>,
        _payment_method_id: &str,
    ) -> Result<(), GatewayError> {
        Ok(())
    }

    fn list_invoices(&self, user_id: i64, _customer_id: &str) -> Result<Vec<Invoice>, GatewayError> {
        self.invoices.list_for_user(user_id).map_err(repo_err)
    }
}

/// The local checkout page's use cases.
#[derive(Clone)]
pub struct LocalCheckoutService {
    sessions: Arc<dyn CheckoutSessionRepository>,
    subscriptions: Arc<dyn SubscriptionRepository>,
    ids: Arc<dyn IdGenerator>,
    clock: Arc<dyn Clock>,
}

impl LocalCheckoutService {
    pub fn new(
        sessions: Arc<dyn CheckoutSessionRepository>,
        subscriptions: Arc<dyn SubscriptionRepository>,
        ids: Arc<dyn IdGenerator>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self { sessions, subscriptions, ids, clock }
    }

    /// The session the page is about; `NotFound` for an unknown id.
    pub fn session(&self, session_id: &str) -> Result<CheckoutSessionRecord, UseCaseError> {
        self.sessions.find(session_id)?.ok_or(UseCaseError::not_found("checkout session"))
    }

    /// "Pays": activates a one-month period and records a paid $1.99 invoice, in one
    /// transaction. Completing an already completed session changes nothing.
    pub fn complete(&self, session_id: &str) -> Result<(), UseCaseError> {
        let session = self.session(session_id)?;
        if session.status == CHECKOUT_COMPLETE {
            return Ok(());
        }
        let now = self.clock.now();
        let user = session.user_id;
        let customer = self
            .subscriptions
            .find_for_user(user)?
            .and_then(|s| s.customer_id)
            .unwrap_or_else(|| local_customer_id(user));
        let subscription = Subscription::activated(user, customer, self.ids.new_id("sub_local_"), now);
        let invoice = Invoice::local_plan_payment(self.ids.new_id("in_local_"), user, now);
        // `false`: a concurrent submit completed it first; the outcome is the same.
        self.sessions.complete(session_id, now, &subscription, Some(invoice))?;
        Ok(())
    }
}
