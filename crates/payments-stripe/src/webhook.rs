//! Stripe webhook signatures (`Stripe-Signature: t=<unix>,v1=<hex hmac>[,v1=...]`) and the
//! decoding of the events BuildLedger applies.

use buildledger_application::subscription::ports::{WebhookData, WebhookError, WebhookEvent, WebhookVerifier};
use buildledger_domain::subscription::RemoteSubscription;
use chrono::{DateTime, NaiveDateTime};
use hmac::{Hmac, Mac};
use serde_json::Value;
use sha2::Sha256;
use subtle::ConstantTimeEq;

/// Stripe's default: a signature older or newer than five minutes is refused (replays).
pub const DEFAULT_TOLERANCE_SECS: i64 = 300;

type HmacSha256 = Hmac<Sha256>;

fn mac(secret: &str, timestamp: i64, payload: &[u8]) -> HmacSha256 {
    // HMAC accepts keys of any length.
    let mut m = HmacSha256::new_from_slice(secret.as_bytes()).expect("HMAC takes any key length");
    m.update(timestamp.to_string().as_bytes());
    m.update(b".");
    m.update(payload);
    m
}

/// The `Stripe-Signature` header value Stripe would send for `payload` at `timestamp`
/// (for tests and local tooling).
pub fn sign_payload(secret: &str, timestamp: i64, payload: &[u8]) -> String {
    format!("t={timestamp},v1={}", hex::encode(mac(secret, timestamp, payload).finalize().into_bytes()))
}

/// Verifies with the endpoint's signing secret (`STRIPE_WEBHOOK_SECRET`, `whsec_...`).
pub struct StripeWebhookVerifier {
    secret: Option<String>,
    tolerance_secs: i64,
}

impl StripeWebhookVerifier {
    /// With no (or an empty) secret every delivery is refused with `NotConfigured`.
    pub fn new(secret: Option<String>) -> Self {
        Self { secret: secret.filter(|s| !s.trim().is_empty()), tolerance_secs: DEFAULT_TOLERANCE_SECS }
    }

    pub fn with_tolerance(mut self, secs: i64) -> Self {
        self.tolerance_secs = secs;
        self
    }

    fn check_signature(&self, payload: &[u8], header: Option<&str>, now: NaiveDateTime) -> Result<(), WebhookError> {
        let secret = self.secret.as_deref().ok_or(WebhookError::NotConfigured)?;
        let header = header.map(str::trim).filter(|h| !h.is_empty()).ok_or(WebhookError::MissingSignature)?;
        let mut timestamp: Option<i64> = None;
        let mut signatures: Vec<Vec<u8>> = Vec::new();
        for part in header.split(',') {
            let Some((k, v)) = part.trim().split_once('=') else {
                continue;
            };
            match k {
                "t" => timestamp = v.parse().ok(),
                "v1" => {
                    if let Ok(bytes) = hex::decode(v) {
                        signatures.push(bytes);
                    }
                }
                _ => {}
            }
        }
        let timestamp = timestamp.ok_or(WebhookError::BadSignature)?;
        if signatures.is_empty() {
            return Err(WebhookError::BadSignature);
        }
        let expected = mac(secret, timestamp, payload).finalize().into_bytes();
        // Compare every candidate in constant time; no early exit on the first match.
        let mut ok = subtle::Choice::from(0);
        for sig in &signatures {
            ok |= expected.as_slice().ct_eq(sig.as_slice());
        }
        if !bool::from(ok) {
            return Err(WebhookError::BadSignature);
        }
        let age = now.and_utc().timestamp() - timestamp;
        if age.abs() > self.tolerance_secs {
            return Err(WebhookError::Expired);
        }
        Ok(())
    }
}

impl WebhookVerifier for StripeWebhookVerifier {
    fn verify(
        &self,
        payload: &[u8],
        signature_header: Option<String>,
        now: NaiveDateTime,
    ) -> Result<WebhookEvent, WebhookError> {
        self.check_signature(payload, signature_header.as_deref(), now)?;
        decode_event(payload)
    }
}

fn bad(msg: &str) -> WebhookError {
    WebhookError::BadPayload(msg.to_owned())
}

fn time(secs: i64) -> Result<NaiveDateTime, WebhookError> {
    DateTime::from_timestamp(secs, 0).map(|d| d.naive_utc()).ok_or_else(|| bad("timestamp out of range"))
}

/// An id that Stripe sends either as a string or as an expanded object with `id`.
fn id_of(v: Option<&Value>) -> Option<String> {
    match v? {
        Value::String(s) => Some(s.clone()),
        Value::Object(o) => o.get("id").and_then(Value::as_str).map(str::to_owned),
        _ => None,
    }
}

fn user_id_from(v: Option<&Value>) -> Option<i64> {
    match v? {
        Value::String(s) => s.trim().parse().ok(),
        Value::Number(n) => n.as_i64(),
        _ => None,
    }
}

/// The subscription object as Stripe sends it in events and API answers. Since API version
/// 2025-03-31 the period end lives on the items; older versions have it on the subscription.
pub(crate) fn remote_subscription(obj: &Value) -> Result<RemoteSubscription, WebhookError> {
    let id = obj.get("id").and_then(Value::as_str).ok_or_else(|| bad("subscription without id"))?;
    let status = obj.get("status").and_then(Value::as_str).ok_or_else(|| bad("subscription without status"))?;
    let period_end = obj.get("current_period_end").and_then(Value::as_i64).or_else(|| {
        obj.pointer("/items/data")
            .and_then(Value::as_array)
            .and_then(|items| items.iter().filter_map(|i| i.get("current_period_end").and_then(Value::as_i64)).max())
    });
    Ok(RemoteSubscription {
        subscription_id: id.to_owned(),
        customer_id: id_of(obj.get("customer")),
        status: status.to_owned(),
        current_period_end: period_end.map(time).transpose()?,
        cancel_at_period_end: obj.get("cancel_at_period_end").and_then(Value::as_bool).unwrap_or(false),
    })
}

/// Decodes the event envelope and the objects of the event types we apply.
pub(crate) fn decode_event(payload: &[u8]) -> Result<WebhookEvent, WebhookError> {
    let v: Value = serde_json::from_slice(payload).map_err(|e| WebhookError::BadPayload(e.to_string()))?;
    let id = v.get("id").and_then(Value::as_str).filter(|s| !s.is_empty()).ok_or_else(|| bad("event without id"))?;
    let event_type = v.get("type").and_then(Value::as_str).ok_or_else(|| bad("event without type"))?;
    let created = time(v.get("created").and_then(Value::as_i64).ok_or_else(|| bad("event without created"))?)?;
    let obj = v.pointer("/data/object").ok_or_else(|| bad("event without data.object"))?;
    let data = match event_type {
        "checkout.session.completed" => {
            if obj.get("mode").and_then(Value::as_str).is_some_and(|m| m != "subscription") {
                WebhookData::Ignored
            } else {
                WebhookData::CheckoutCompleted {
                    session_id: obj
                        .get("id")
                        .and_then(Value::as_str)
                        .ok_or_else(|| bad("session without id"))?
                        .to_owned(),
                    customer_id: id_of(obj.get("customer")),
                    subscription_id: id_of(obj.get("subscription")),
                    user_id: user_id_from(obj.get("client_reference_id"))
                        .or_else(|| user_id_from(obj.pointer("/metadata/user_id"))),
                }
            }
        }
        "customer.subscription.created" | "customer.subscription.updated" | "customer.subscription.deleted" => {
            WebhookData::Subscription {
                subscription: remote_subscription(obj)?,
                user_id: user_id_from(obj.pointer("/metadata/user_id")),
            }
        }
        "invoice.paid" | "invoice.payment_failed" => WebhookData::Invoice {
            invoice_id: obj.get("id").and_then(Value::as_str).ok_or_else(|| bad("invoice without id"))?.to_owned(),
            customer_id: id_of(obj.get("customer")),
            amount_cents: obj.get("amount_paid").and_then(Value::as_i64).unwrap_or(0),
            currency: obj.get("currency").and_then(Value::as_str).unwrap_or("usd").to_ascii_lowercase(),
            status: obj.get("status").and_then(Value::as_str).map(str::to_owned).unwrap_or_else(|| {
                if event_type == "invoice.paid" {
                    "paid".into()
                } else {
                    "open".into()
                }
            }),
            created: time(obj.get("created").and_then(Value::as_i64).unwrap_or(created.and_utc().timestamp()))?,
        },
        _ => WebhookData::Ignored,
    };
    Ok(WebhookEvent { id: id.to_owned(), event_type: event_type.to_owned(), created, data })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;

    const SECRET: &str = "whsec_test_secret";

    fn now() -> NaiveDateTime {
        DateTime::from_timestamp(1_795_000_000, 0).unwrap().naive_utc()
    }

    fn verifier() -> StripeWebhookVerifier {
        StripeWebhookVerifier::new(Some(SECRET.into()))
    }

    fn sub_event() -> Vec<u8> {
        serde_json::json!({
            "id": "evt_1", "object": "event", "type": "customer.subscription.updated", "created": 1_795_000_000,
            "data": {"object": {"id": "sub_1", "object": "subscription", "customer": "cus_1", "status": "active",
                "cancel_at_period_end": true, "metadata": {"user_id": "42"},
                "items": {"object": "list", "data": [{"id": "si_1", "current_period_end": 1_797_600_000}]}}}
        })
        .to_string()
        .into_bytes()
    }

    fn ts() -> i64 {
        now().and_utc().timestamp()
    }

    #[test]
    fn a_correctly_signed_event_is_decoded() {
        let body = sub_event();
        let ev = verifier().verify(&body, Some(sign_payload(SECRET, ts(), &body)), now()).unwrap();
        assert_eq!(ev.id, "evt_1");
        assert_eq!(ev.event_type, "customer.subscription.updated");
        let WebhookData::Subscription { subscription, user_id } = ev.data else { panic!("{:?}", ev.data) };
        assert_eq!(user_id, Some(42));
        assert_eq!(subscription.subscription_id, "sub_1");
        assert_eq!(subscription.customer_id.as_deref(), Some("cus_1"));
        assert!(subscription.cancel_at_period_end);
        assert_eq!(subscription.current_period_end, Some(time(1_797_600_000).unwrap()));
    }

    #[test]
    fn the_period_end_of_older_api_versions_is_read_too() {
        let obj = serde_json::json!({"id": "sub_2", "status": "trialing", "current_period_end": 1_797_600_000, "customer": {"id": "cus_2"}});
        let s = remote_subscription(&obj).unwrap();
        assert_eq!(s.current_period_end, Some(time(1_797_600_000).unwrap()));
        assert_eq!(s.customer_id.as_deref(), Some("cus_2"));
        assert!(!s.cancel_at_period_end);
    }

    #[test]
    fn a_missing_signature_is_refused() {
        assert_eq!(verifier().verify(&sub_event(), None, now()).unwrap_err(), WebhookError::MissingSignature);
        assert_eq!(
            verifier().verify(&sub_event(), Some("  ".into()), now()).unwrap_err(),
            WebhookError::MissingSignature
        );
    }

    #[test]
    fn a_wrong_secret_or_a_changed_body_is_refused() {
        let body = sub_event();
        let sig = sign_payload("whsec_other", ts(), &body);
        assert_eq!(verifier().verify(&body, Some(sig), now()).unwrap_err(), WebhookError::BadSignature);
        let sig = sign_payload(SECRET, ts(), &body);
        let mut tampered = body.clone();
        tampered.extend_from_slice(b" ");
        assert_eq!(verifier().verify(&tampered, Some(sig), now()).unwrap_err(), WebhookError::BadSignature);
    }

    #[test]
    fn malformed_headers_are_refused() {
        let body = sub_event();
        for h in [
            "garbage",
            "t=abc,v1=00",
            "v1=0011",
            &format!("t={}", ts()),
            &format!("t={},v1=zz", ts()),
            &format!("t={},v0=aa", ts()),
        ] {
            assert_eq!(
                verifier().verify(&body, Some(h.to_string()), now()).unwrap_err(),
                WebhookError::BadSignature,
                "{h}"
            );
        }
    }

    #[test]
    fn one_good_signature_among_several_is_enough() {
        let body = sub_event();
        let good = sign_payload(SECRET, ts(), &body);
        let v1 = good.split_once(",v1=").unwrap().1;
        let header = format!("t={},v1={},v1={v1}", ts(), "ab".repeat(32));
        assert!(verifier().verify(&body, Some(header), now()).is_ok());
    }

    #[test]
    fn an_old_or_future_timestamp_is_refused() {
        let body = sub_event();
        let old = ts() - 301;
        assert_eq!(
            verifier().verify(&body, Some(sign_payload(SECRET, old, &body)), now()).unwrap_err(),
            WebhookError::Expired
        );
        let future = ts() + 301;
        assert_eq!(
            verifier().verify(&body, Some(sign_payload(SECRET, future, &body)), now()).unwrap_err(),
            WebhookError::Expired
        );
        assert!(verifier()
            .verify(&body, Some(sign_payload(SECRET, ts() - 299, &body)), now() + Duration::zero())
            .is_ok());
    }

    #[test]
    fn without_a_secret_nothing_is_accepted() {
        let body = sub_event();
        let v = StripeWebhookVerifier::new(Some(" ".into()));
        assert_eq!(
            v.verify(&body, Some(sign_payload(" ", ts(), &body)), now()).unwrap_err(),
            WebhookError::NotConfigured
        );
        assert_eq!(
            StripeWebhookVerifier::new(None).verify(&body, None, now()).unwrap_err(),
            WebhookError::NotConfigured
        );
    }

    #[test]
    fn a_signed_non_json_body_is_a_bad_payload() {
        let body = b"not json".to_vec();
        assert!(matches!(
            verifier().verify(&body, Some(sign_payload(SECRET, ts(), &body)), now()).unwrap_err(),
            WebhookError::BadPayload(_)
        ));
    }

    #[test]
    fn checkout_and_invoice_events_are_decoded() {
        let body = serde_json::json!({"id": "evt_2", "type": "checkout.session.completed", "created": 1_795_000_000,
            "data": {"object": {"id": "cs_1", "mode": "subscription", "customer": "cus_1", "subscription": "sub_1", "client_reference_id": "7"}}});
        let ev = decode_event(body.to_string().as_bytes()).unwrap();
        assert_eq!(
            ev.data,
            WebhookData::CheckoutCompleted {
                session_id: "cs_1".into(),
                customer_id: Some("cus_1".into()),
                subscription_id: Some("sub_1".into()),
                user_id: Some(7)
            }
        );
        let body = serde_json::json!({"id": "evt_3", "type": "invoice.payment_failed", "created": 1_795_000_000,
            "data": {"object": {"id": "in_1", "customer": "cus_1", "amount_paid": 0, "amount_due": 199, "currency": "USD", "status": "open", "created": 1_794_999_000}}});
        let ev = decode_event(body.to_string().as_bytes()).unwrap();
        let WebhookData::Invoice { amount_cents, currency, status, .. } = ev.data else { panic!() };
        assert_eq!((amount_cents, currency.as_str(), status.as_str()), (0, "usd", "open"));
        let body = serde_json::json!({"id": "evt_4", "type": "charge.refunded", "created": 1_795_000_000, "data": {"object": {}}});
        assert_eq!(decode_event(body.to_string().as_bytes()).unwrap().data, WebhookData::Ignored);
    }
}
