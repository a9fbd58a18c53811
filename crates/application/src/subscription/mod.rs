//! The subscription: the paid-access rule, checkout, cancel/resume, billing
//! history, the admin dashboard and provider webhooks.
//!
//! One module per use case, each adding its part of [`SubscriptionService`]: `checkout` (opening
//! a checkout), `billing` (the subscriber's own plan: status, cancel/resume, payment method,
//! invoices), `admin` (the admin dashboard), `webhooks` (provider events); `access` holds the
//! paid-access rule. This module holds what they share: the ports, the settings, the wiring and
//! the service itself.

mod access;
mod admin;
mod billing;
mod checkout;
pub mod local;
pub mod ports;
mod webhooks;

#[cfg(test)]
mod tests;

use std::sync::Arc;

use chrono::NaiveDateTime;

use crate::error::UseCaseError;
use crate::ports::{Clock, UserRepository};
use ports::{
    BillingCancellationRepository, CheckoutSessionRepository, GatewayError, InvoiceRepository, PaymentGateway,
    PaymentsMode, SubscriptionRepository, WebhookEventRepository, WebhookVerifier,
};

pub use access::AccessService;
pub use admin::MSG_ADMIN_CANCELED;
pub use billing::{
    MSG_ALREADY_CANCELING, MSG_ALREADY_RESUMED, MSG_CANCELED_AT_PERIOD_END, MSG_PAYMENT_METHOD_UPDATED, MSG_RESUMED,
};
pub use webhooks::WebhookOutcome;

/// Plain settings of the payments feature (read from the environment by the binary).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubscriptionConfig {
    /// The price of the $1.99/month plan (`STRIPE_PRICE_ID`; any label in local mode).
    pub price_id: String,
    /// Base URL for the checkout return links (`PUBLIC_URL`), without a trailing slash.
    pub public_url: String,
}

/// Everything the payments use cases talk to.
#[derive(Clone)]
pub struct SubscriptionPorts {
    pub subscriptions: Arc<dyn SubscriptionRepository>,
    pub invoices: Arc<dyn InvoiceRepository>,
    pub checkout_sessions: Arc<dyn CheckoutSessionRepository>,
    pub webhook_events: Arc<dyn WebhookEventRepository>,
    pub cancellations: Arc<dyn BillingCancellationRepository>,
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
    config: SubscriptionConfig,
) -> (SubscriptionService, Option<local::LocalCheckoutService>)
where
    R: SubscriptionRepository
        + InvoiceRepository
        + CheckoutSessionRepository
        + WebhookEventRepository
        + BillingCancellationRepository
        + 'static,
{
    let ids: Arc<dyn ports::IdGenerator> = Arc::new(ports::RandomIds);
    let (gateway, local_checkout) = match gateway {
        Some(g) => (g, None),
        None => {
            let g: Arc<dyn PaymentGateway> = Arc::new(local::LocalGateway::new(repo.clone(), ids.clone()));
            (g, Some(local::LocalCheckoutService::new(repo.clone(), repo.clone(), ids, clock.clone())))
        }
    };
    let ports = SubscriptionPorts {
        subscriptions: repo.clone(),
        invoices: repo.clone(),
        checkout_sessions: repo.clone(),
        webhook_events: repo.clone(),
        cancellations: repo,
        users,
        gateway,
        webhook_verifier,
        clock,
    };
    (SubscriptionService::new(ports, config), local_checkout)
}

/// The payments use cases behind `/payments/...`.
#[derive(Clone)]
pub struct SubscriptionService {
    ports: SubscriptionPorts,
    config: SubscriptionConfig,
}

fn gateway_err(e: GatewayError) -> UseCaseError {
    match e {
        GatewayError::Rejected(msg) => UseCaseError::Refused(msg),
        GatewayError::Unavailable(src) => UseCaseError::Unavailable(src),
        GatewayError::Other(src) => UseCaseError::Internal(src),
    }
}

impl SubscriptionService {
    pub fn new(ports: SubscriptionPorts, config: SubscriptionConfig) -> Self {
        let public_url = config.public_url.trim_end_matches('/').to_owned();
        Self { ports, config: SubscriptionConfig { public_url, ..config } }
    }

    pub fn mode(&self) -> PaymentsMode {
        self.ports.gateway.mode()
    }

    pub fn config(&self) -> &SubscriptionConfig {
        &self.config
    }

    fn now(&self) -> NaiveDateTime {
        self.ports.clock.now()
    }
}
