//! The Stripe adapter of the payments gateway port.
//!
//! Requests are built with async-stripe's typed request builders. Answers are read
//! tolerantly (only the fields we use), so Stripe API-version changes of unrelated fields
//! cannot break us. The port is synchronous (like every port of BuildLedger; the HTTP layer
//! runs use cases under `web::block`): this adapter drives async-stripe on its own small
//! runtime. Never call its methods from inside an async task; call them from a blocking
//! thread.

use std::future::Future;
use std::time::Duration;

use buildledger_application::subscription::ports::{
    CheckoutCreated, CheckoutRequest, GatewayError, PaymentGateway, PaymentsMode,
};
use buildledger_domain::subscription::{Invoice, RemoteSubscription, Subscription};
use buildledger_domain::user::User;
use chrono::DateTime;
use serde_json::Value;
use stripe::{IdempotencyKey, RequestStrategy, StripeError, StripeRequest};

use crate::webhook::remote_subscription;

/// How to reach Stripe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StripeGatewayConfig {
    /// `STRIPE_SECRET_KEY` (`sk_live_...` / `sk_test_...`).
    pub secret_key: String,
    /// `STRIPE_API_BASE`: another API host, for tests (default `https://api.stripe.com/`).
    pub api_base: Option<String>,
    /// Per-attempt timeout.
    pub timeout: Duration,
}

impl StripeGatewayConfig {
    pub fn new(secret_key: impl Into<String>) -> Self {
        Self { secret_key: secret_key.into(), api_base: None, timeout: Duration::from_secs(20) }
    }
}

pub struct StripeGateway {
    client: stripe::Client,
    runtime: Option<tokio::runtime::Runtime>,
}

impl Drop for StripeGateway {
    fn drop(&mut self) {
        // Dropping a runtime blocks, which panics inside an async context.
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}

fn other(msg: impl Into<String>) -> GatewayError {
    GatewayError::Other(msg.into().into())
}

fn map_err(e: StripeError) -> GatewayError {
    match e {
        StripeError::Stripe(api, status)
            if (400..500).contains(&status) && status != 429 && status != 401 && status != 403 =>
        {
            GatewayError::Rejected(
                api.message.clone().unwrap_or_else(|| "The payment provider refused the request.".to_owned()),
            )
        }
        StripeError::Stripe(api, status) => {
            GatewayError::Unavailable(format!("stripe answered {status}: {}", api.message.unwrap_or_default()).into())
        }
        StripeError::ClientError(m) => GatewayError::Unavailable(m.into()),
        StripeError::Timeout => GatewayError::Unavailable("timeout talking to Stripe".into()),
        e @ (StripeError::JSONDeserialize(_) | StripeError::ConfigError(_)) => GatewayError::Other(Box::new(e)),
    }
}

fn key(prefix: &str, stable: Option<&str>) -> RequestStrategy {
    let mut raw = match stable {
        Some(s) => format!("buildledger-{prefix}-{s}"),
        None => format!("buildledger-{prefix}-{}", uuid::Uuid::new_v4()),
    };
    // Stripe takes up to 255 characters; ours are far shorter, but never panic on it.
    raw.truncate(255);
    match IdempotencyKey::new(&raw) {
        Ok(k) => RequestStrategy::Idempotent(k),
        Err(_) => RequestStrategy::Once,
    }
}

/// Stable per user *and* database: user ids restart in a fresh database that may share the
/// Stripe account, so the email's digest is part of the key.
fn customer_key(user: &User) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(user.email.to_lowercase().as_bytes());
    format!("{}-{}", user.id, &hex::encode(digest)[..16])
}

impl StripeGateway {
    pub fn new(config: StripeGatewayConfig) -> Result<Self, GatewayError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("stripe-client")
            .enable_io()
            .enable_time()
            .build()
            .map_err(|e| GatewayError::Other(Box::new(e)))?;
        let mut builder = stripe::ClientBuilder::new(config.secret_key).timeout(config.timeout);
        if let Some(base) = config.api_base.filter(|b| !b.trim().is_empty()) {
            let base = if base.ends_with('/') { base } else { format!("{base}/") };
            builder = builder.url(base);
        }
        let client = {
            let _guard = runtime.enter();
            builder.build().map_err(map_err)?
        };
        Ok(Self { client, runtime: Some(runtime) })
    }

    fn block_on<F: Future>(&self, f: F) -> F::Output {
        self.runtime.as_ref().expect("runtime lives until drop").block_on(f)
    }

    /// Sends a typed request and reads the answer as JSON.
    async fn send<R: StripeRequest>(&self, req: &R, strategy: RequestStrategy) -> Result<Value, GatewayError> {
        let value: miniserde::json::Value = req
            .build()
            .customize::<miniserde::json::Value>()
            .request_strategy(strategy)
            .send(&self.client)
            .await
            .map_err(map_err)?;
        serde_json::from_str(&miniserde::json::to_string(&value)).map_err(|e| GatewayError::Other(Box::new(e)))
    }

    pub async fn create_customer_async(&self, user: &User) -> Result<String, GatewayError> {
        let metadata =
            [("user_id".to_owned(), user.id.to_string())].into_iter().collect::<std::collections::HashMap<_, _>>();
        let req = stripe_core::customer::CreateCustomer::new()
            .email(user.email.clone())
            .name(user.username.clone())
            .metadata(metadata);
        // Stable key: a retried request never creates a second customer for the user.
        let v = self.send(&req, key("customer", Some(&customer_key(user)))).await?;
        v.get("id").and_then(Value::as_str).map(str::to_owned).ok_or_else(|| other("customer without id"))
    }

    pub async fn create_checkout_async(&self, r: &CheckoutRequest) -> Result<CheckoutCreated, GatewayError> {
        use stripe_checkout::checkout_session::{
            CreateCheckoutSession, CreateCheckoutSessionLineItems, CreateCheckoutSessionSubscriptionData,
        };
        let meta =
            || [("user_id".to_owned(), r.user_id.to_string())].into_iter().collect::<std::collections::HashMap<_, _>>();
        let mut item = CreateCheckoutSessionLineItems::new();
        item.price = Some(r.price_id.clone());
        item.quantity = Some(1);
        let mut sub_data = CreateCheckoutSessionSubscriptionData::new();
        sub_data.metadata = Some(meta());
        let req = CreateCheckoutSession::new()
            .mode(stripe_checkout::CheckoutSessionMode::Subscription)
            .customer(r.customer_id.clone())
            .client_reference_id(r.user_id.to_string())
            .line_items(vec![item])
            .subscription_data(sub_data)
            .metadata(meta())
            .success_url(r.success_url.clone())
            .cancel_url(r.cancel_url.clone());
        let v = self.send(&req, key("checkout", None)).await?;
        let session_id = v.get("id").and_then(Value::as_str).ok_or_else(|| other("checkout session without id"))?;
        let url = v.get("url").and_then(Value::as_str).ok_or_else(|| other("checkout session without url"))?;
        Ok(CheckoutCreated { session_id: session_id.to_owned(), url: url.to_owned() })
    }

    pub async fn set_cancel_at_period_end_async(
        &self,
        subscription_id: &str,
        cancel: bool,
    ) -> Result<RemoteSubscription, GatewayError> {
        let req = stripe_billing::subscription::UpdateSubscription::new(subscription_id).cancel_at_period_end(cancel);
        let v = self.send(&req, key(if cancel { "cancel" } else { "resume" }, None)).await?;
        remote_subscription(&v).map_err(|e| other(e.to_string()))
    }

    pub async fn cancel_now_async(&self, subscription_id: &str) -> Result<(), GatewayError> {
        let req = stripe_billing::subscription::CancelSubscription::new(subscription_id);
        self.send(&req, key("admin-cancel", Some(subscription_id))).await.map(|_| ())
    }

    pub async fn update_default_payment_method_async(
        &self,
        customer_id: &str,
        subscription_id: Option<&str>,
        payment_method_id: &str,
    ) -> Result<(), GatewayError> {
        let attach = stripe_payment::payment_method::AttachPaymentMethod::new(payment_method_id).customer(customer_id);
        self.send(&attach, key("attach", None)).await?;
        let mut settings = stripe_core::customer::UpdateCustomerInvoiceSettings::new();
        settings.default_payment_method = Some(payment_method_id.to_owned());
        let update = stripe_core::customer::UpdateCustomer::new(customer_id).invoice_settings(settings);
        self.send(&update, key("default-pm", None)).await?;
        if let Some(sid) = subscription_id {
            let req =
                stripe_billing::subscription::UpdateSubscription::new(sid).default_payment_method(payment_method_id);
            self.send(&req, key("sub-pm", None)).await?;
        }
        Ok(())
    }

    pub async fn list_invoices_async(&self, user_id: i64, customer_id: &str) -> Result<Vec<Invoice>, GatewayError> {
        let req = stripe_billing::invoice::ListInvoice::new().customer(customer_id).limit(100);
        let v = self.send(&req, RequestStrategy::Once).await?;
        let data = v.get("data").and_then(Value::as_array).ok_or_else(|| other("invoice list without data"))?;
        let mut out = Vec::with_capacity(data.len());
        for inv in data {
            let status = inv.get("status").and_then(Value::as_str).unwrap_or("draft");
            if status == "draft" {
                continue;
            }
            let created = inv
                .get("created")
                .and_then(Value::as_i64)
                .and_then(|s| DateTime::from_timestamp(s, 0))
                .ok_or_else(|| other("invoice without created"))?;
            out.push(Invoice {
                invoice_id: inv
                    .get("id")
                    .and_then(Value::as_str)
                    .ok_or_else(|| other("invoice without id"))?
                    .to_owned(),
                user_id,
                amount_cents: inv.get("amount_paid").and_then(Value::as_i64).unwrap_or(0),
                currency: inv.get("currency").and_then(Value::as_str).unwrap_or("usd").to_ascii_lowercase(),
                status: status.to_owned(),
                created_at: created.naive_utc(),
            });
        }
        out.sort_by_key(|i| std::cmp::Reverse(i.created_at));
        Ok(out)
    }
}

impl PaymentGateway for StripeGateway {
    fn mode(&self) -> PaymentsMode {
        PaymentsMode::Stripe
    }

    fn create_customer(&self, user: &User) -> Result<String, GatewayError> {
        self.block_on(self.create_customer_async(user))
    }

    fn create_checkout(&self, request: &CheckoutRequest) -> Result<CheckoutCreated, GatewayError> {
        self.block_on(self.create_checkout_async(request))
    }

    fn set_cancel_at_period_end(
        &self,
        subscription: &Subscription,
        cancel: bool,
    ) -> Result<RemoteSubscription, GatewayError> {
        let id = subscription
            .subscription_id
            .as_deref()
            .ok_or_else(|| GatewayError::Rejected("No such subscription.".into()))?;
        self.block_on(self.set_cancel_at_period_end_async(id, cancel))
    }

    fn cancel_now(&self, subscription_id: &str) -> Result<(), GatewayError> {
        self.block_on(self.cancel_now_async(subscription_id))
    }

    fn update_default_payment_method(
        &self,
        customer_id: &str,
        subscription_id: Option<String>,
        payment_method_id: &str,
    ) -> Result<(), GatewayError> {
        self.block_on(self.update_default_payment_method_async(
            customer_id,
            subscription_id.as_deref(),
            payment_method_id,
        ))
    }

    fn list_invoices(&self, user_id: i64, customer_id: &str) -> Result<Vec<Invoice>, GatewayError> {
        self.block_on(self.list_invoices_async(user_id, customer_id))
    }
}
