//! Ports of the payments feature.
//!
//! Repository ports are synchronous (diesel is synchronous); so is the payment gateway: its
//! Stripe adapter drives its HTTP client on its own runtime, and the HTTP layer runs every
//! payments use case under `web::block`, like the others.

use buildledger_domain::subscription::{Invoice, RemoteSubscription, Subscription};
use buildledger_domain::user::User;
use chrono::NaiveDateTime;

use crate::error::{BoxError, RepoError};

#[cfg(any(test, feature = "mocks"))]
use mockall::automock;

#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait SubscriptionRepository: Send + Sync {
    fn find_for_user(&self, user_id: i64) -> Result<Option<Subscription>, RepoError>;
    /// Inserts or replaces the user's record.
    fn upsert(&self, subscription: &Subscription) -> Result<(), RepoError>;
    /// The record tracking this provider subscription id, if any.
    fn find_by_subscription_id(&self, subscription_id: &str) -> Result<Option<Subscription>, RepoError>;
    /// The record of this provider customer id, if any.
    fn find_by_customer_id(&self, customer_id: &str) -> Result<Option<Subscription>, RepoError>;
    /// Every record with its user's name, for the admin dashboard, by username.
    fn list_with_usernames(&self) -> Result<Vec<AdminSubscriptionRow>, RepoError>;
}

/// One row of the admin subscription dashboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdminSubscriptionRow {
    pub user_id: i64,
    pub username: String,
    pub customer_id: Option<String>,
    pub subscription_id: Option<String>,
    pub status: String,
}

/// Subscriptions of deleted accounts still to cancel at the provider. The account deletion
/// writes them (in its own transaction, [`crate::ports::UserRepository::delete`]); the payments
/// use cases cancel them and retry the ones that failed.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait BillingCancellationRepository: Send + Sync {
    /// The provider ids still to cancel, oldest first (at most `limit`).
    fn pending(&self, limit: i64) -> Result<Vec<String>, RepoError>;
    /// Canceled at the provider: forgotten.
    fn done(&self, subscription_id: &str) -> Result<(), RepoError>;
    /// The provider could not be reached or refused: kept, with the attempt counted.
    fn failed(&self, subscription_id: &str, error: &str) -> Result<(), RepoError>;
}

#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait InvoiceRepository: Send + Sync {
    /// The user's invoices, newest first.
    fn list_for_user(&self, user_id: i64) -> Result<Vec<Invoice>, RepoError>;
    /// Inserts, or updates amount/status of the invoice with the same `invoice_id`; a paid
    /// invoice stays paid.
    fn record(&self, invoice: &Invoice) -> Result<(), RepoError>;
}

pub const CHECKOUT_OPEN: &str = "open";
pub const CHECKOUT_COMPLETE: &str = "complete";

/// A checkout session we created (local mode, and Stripe sessions for reference).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckoutSessionRecord {
    pub id: String,
    pub user_id: i64,
    /// [`CHECKOUT_OPEN`] or [`CHECKOUT_COMPLETE`].
    pub status: String,
    pub created_at: NaiveDateTime,
    pub completed_at: Option<NaiveDateTime>,
}

#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait CheckoutSessionRepository: Send + Sync {
    /// MUST return `Conflict("id")` when the id exists.
    fn create(&self, session: &CheckoutSessionRecord) -> Result<(), RepoError>;
    fn find(&self, id: &str) -> Result<Option<CheckoutSessionRecord>, RepoError>;
    /// In ONE transaction: marks the session complete if it is still open, then stores the
    /// subscription and (when given) the invoice. `Ok(false)`, with nothing changed, when the
    /// session is missing or already complete.
    fn complete(
        &self,
        id: &str,
        completed_at: NaiveDateTime,
        subscription: &Subscription,
        invoice: Option<Invoice>,
    ) -> Result<bool, RepoError>;
}

/// What one webhook event changes; applied together with recording the event id.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WebhookChanges {
    pub subscription: Option<Subscription>,
    pub invoice: Option<Invoice>,
    /// A checkout session to mark complete (ignored when we do not know it).
    pub completed_checkout: Option<(String, NaiveDateTime)>,
}

#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait WebhookEventRepository: Send + Sync {
    /// In ONE transaction: records the event id and applies the changes. `Ok(false)`, with
    /// nothing changed, when the event id was already recorded (a replay).
    fn apply_once(
        &self,
        event_id: &str,
        event_type: &str,
        received_at: NaiveDateTime,
        changes: &WebhookChanges,
    ) -> Result<bool, RepoError>;
    fn seen(&self, event_id: &str) -> Result<bool, RepoError>;
}

/// Which adapter is behind the gateway port.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentsMode {
    /// Built-in test mode: everything lives in our database.
    Local,
    Stripe,
}

impl PaymentsMode {
    pub fn code(self) -> &'static str {
        match self {
            Self::Local => "local",
            Self::Stripe => "stripe",
        }
    }
}

/// What the gateway needs to open a hosted checkout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckoutRequest {
    pub user_id: i64,
    pub customer_id: String,
    pub price_id: String,
    pub success_url: String,
    pub cancel_url: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckoutCreated {
    pub session_id: String,
    /// Where the browser goes to pay (relative in local mode).
    pub url: String,
}

#[derive(Debug, thiserror::Error)]
pub enum GatewayError {
    /// The provider refused the request for a reason the user can fix (e.g. a card
    /// declined, an unknown payment method). The message is safe to show.
    #[error("{0}")]
    Rejected(String),
    /// The provider cannot be reached or failed (network, 5xx, timeout).
    #[error("payment provider unavailable")]
    Unavailable(#[source] BoxError),
    /// Anything else (unexpected response, misconfiguration).
    #[error("payment provider error")]
    Other(#[source] BoxError),
}

/// The payment provider: Stripe, or the built-in local mode.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait PaymentGateway: Send + Sync {
    fn mode(&self) -> PaymentsMode;
    /// Creates the provider customer for the user (called once per user; the id is kept in
    /// the subscription record).
    fn create_customer(&self, user: &User) -> Result<String, GatewayError>;
    /// Opens a hosted checkout in subscription mode for the price.
    fn create_checkout(&self, request: &CheckoutRequest) -> Result<CheckoutCreated, GatewayError>;
    /// Sets or clears `cancel_at_period_end`; answers the subscription as it now is.
    fn set_cancel_at_period_end(
        &self,
        subscription: &Subscription,
        cancel: bool,
    ) -> Result<RemoteSubscription, GatewayError>;
    /// Cancels at once (admin).
    fn cancel_now(&self, subscription_id: &str) -> Result<(), GatewayError>;
    /// Attaches the payment method to the customer and makes it the default for invoices
    /// (and for the subscription, when given).
    fn update_default_payment_method(
        &self,
        customer_id: &str,
        subscription_id: Option<String>,
        payment_method_id: &str,
    ) -> Result<(), GatewayError>;
    /// The customer's invoices, newest first.
    fn list_invoices(&self, user_id: i64, customer_id: &str) -> Result<Vec<Invoice>, GatewayError>;
}

/// A verified, decoded webhook event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookEvent {
    pub id: String,
    pub event_type: String,
    /// When the provider created the event.
    pub created: NaiveDateTime,
    pub data: WebhookData,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebhookData {
    /// `checkout.session.completed`.
    CheckoutCompleted {
        session_id: String,
        customer_id: Option<String>,
        subscription_id: Option<String>,
        /// Our user id, from `client_reference_id`.
        user_id: Option<i64>,
    },
    /// `customer.subscription.created|updated|deleted`.
    Subscription {
        subscription: RemoteSubscription,
        /// Our user id, from the subscription's metadata `user_id`.
        user_id: Option<i64>,
    },
    /// `invoice.paid|payment_failed`.
    Invoice {
        invoice_id: String,
        customer_id: Option<String>,
        amount_cents: i64,
        currency: String,
        status: String,
        created: NaiveDateTime,
    },
    /// Any other event type: recorded, not applied.
    Ignored,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WebhookError {
    #[error("missing Stripe-Signature header")]
    MissingSignature,
    #[error("invalid signature")]
    BadSignature,
    #[error("signature timestamp outside the tolerance")]
    Expired,
    #[error("webhooks are not configured")]
    NotConfigured,
    #[error("invalid event payload: {0}")]
    BadPayload(String),
}

/// Checks a webhook's signature and decodes it.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait WebhookVerifier: Send + Sync {
    fn verify(
        &self,
        payload: &[u8],
        signature_header: Option<String>,
        now: NaiveDateTime,
    ) -> Result<WebhookEvent, WebhookError>;
}

#[cfg(any(test, feature = "mocks"))]
pub use crate::ports::MockIdGenerator;
pub use crate::ports::{IdGenerator, RandomIds};
