//! Stripe adapters of BuildLedger's payments ports:
//! - [`StripeGateway`]: the `PaymentGateway` port over Stripe's API with async-stripe
//!   (hosted Checkout, cancel/resume, payment method, invoices, immediate cancel);
//! - [`StripeWebhookVerifier`]: the `WebhookVerifier` port, which checks the
//!   `Stripe-Signature` header and decodes the events we apply.

mod gateway;
mod webhook;

pub use gateway::{StripeGateway, StripeGatewayConfig};
pub use webhook::{sign_payload, StripeWebhookVerifier, DEFAULT_TOLERANCE_SECS};
