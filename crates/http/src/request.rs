//! Typed request bodies: the transport rules of a JSON body (media type, size, syntax) and the
//! field type [`Patch`] every request struct is made of.
//!
//! A request type is a serde struct of `Patch<T>` fields with `#[derive(Validate)]` for shape
//! rules (lengths, ranges, email). [`ValidJson`] reads it and runs `validator`; the handler then
//! calls the type's `try_into_domain()`, which turns it into domain types and reports every
//! problem at once. Wrong JSON types never abort the whole body: they are kept per field and
//! reported with the rest (`{"error","message","fields"}`, DECISIONS.md "Errors").

use std::borrow::Cow;
use std::future::Future;
use std::pin::Pin;

use actix_web::error::JsonPayloadError;
use actix_web::http::StatusCode;
use actix_web::{dev::Payload, web, FromRequest, HttpRequest};
use buildledger_domain::money::{Money, MoneyError};
use buildledger_domain::FieldErrors;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use validator::{Validate, ValidateEmail, ValidateLength, ValidateRange, ValidationErrors, ValidationErrorsKind};

use crate::error::ApiError;

/// Largest JSON body accepted.
pub const JSON_LIMIT: usize = 256 * 1024;

/// Maps actix's JSON extractor failures (transport problems, the HTTP layer's own) to our body.
pub fn json_error(err: JsonPayloadError, _req: &HttpRequest) -> actix_web::Error {
    let api = match &err {
        JsonPayloadError::ContentType => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "Send the request body as JSON (Content-Type: application/json).",
        ),
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
            ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", "The request body is too large.")
        }
        JsonPayloadError::Deserialize(e) => {
            ApiError::bad_request("invalid_json", format!("The request body is not valid JSON: {e}"))
        }
        _ => ApiError::bad_request("invalid_json", "The request body could not be read."),
    };
    api.into()
}

/// A JSON object body read into `T` and checked with `validator`. The shape rules' findings are
/// kept, not answered at once, so that `try_into_domain` reports them with every other problem.
pub struct ValidJson<T> {
    pub body: T,
    pub shape_errors: FieldErrors,
}

impl<T: DeserializeOwned + Validate + 'static> FromRequest for ValidJson<T> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let fut = web::Json::<Value>::from_request(req, payload);
        Box::pin(async move {
            let value = fut.await?.into_inner();
            if !value.is_object() {
                return Err(ApiError::bad_request("invalid_json", "The request body must be a JSON object.").into());
            }
            // Every field is a `Patch`, which takes any JSON value, so this fails only on a
            // body no field type could hold.
            let body = T::deserialize(value)
                .map_err(|e| ApiError::bad_request("invalid_json", format!("The request body is not valid: {e}")))?;
            let shape_errors = body.validate().err().map(|e| shape_errors(&e)).unwrap_or_default();
            Ok(ValidJson { body, shape_errors })
        })
    }
}

/// `validator`'s errors as field errors; each rule carries its message (`message = "..."`).
pub fn shape_errors(errors: &ValidationErrors) -> FieldErrors {
    let mut out = FieldErrors::new();
    for (field, kind) in errors.errors() {
        if let ValidationErrorsKind::Field(list) = kind {
            for e in list {
                let message = e.message.clone().unwrap_or_else(|| Cow::Owned(format!("Invalid value ({}).", e.code)));
                out.add(field, message.into_owned());
            }
        }
    }
    out
}

/// Which write a body is for, where one request type serves both POST and PATCH: a create
/// requires what an update may leave out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Write {
    Create,
    Update,
}

/// One field of a request as sent: absent, `null`, a value, or a value of the wrong JSON type
/// (kept with its message so that every field is reported, not only the first).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Patch<T> {
    #[default]
    Absent,
    Null,
    Value(T),
    Invalid(&'static str),
}

/// A JSON value read leniently, as the API has always accepted it.
pub trait WireValue: Sized {
    /// `Ok(None)` reads as null (e.g. an empty string for a number); `Err` is the field's message.
    fn from_json(value: Value) -> Result<Option<Self>, &'static str>;
}

impl<'de, T: WireValue> Deserialize<'de> for Patch<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match Value::deserialize(deserializer)? {
            Value::Null => Patch::Null,
            v => match T::from_json(v) {
                Ok(Some(t)) => Patch::Value(t),
                Ok(None) => Patch::Null,
                Err(message) => Patch::Invalid(message),
            },
        })
    }
}

/// `validator` records the value in its errors; ours never go back to the client, and a
/// password must not be copied there, so nothing is recorded.
impl<T> serde::Serialize for Patch<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_none()
    }
}

use buildledger_domain::messages::{self, NOT_NULL, REQUIRED};

impl<T> Patch<T> {
    pub fn is_present(&self) -> bool {
        !matches!(self, Patch::Absent)
    }
    pub fn as_value(&self) -> Option<&T> {
        match self {
            Patch::Value(v) => Some(v),
            _ => None,
        }
    }

    /// Absent or null: `None`. A wrong type is reported.
    pub fn optional(self, errors: &mut FieldErrors, field: &str) -> Option<T> {
        self.nullable(errors, field).flatten()
    }

    /// Absent: `None`; null: `Some(None)`; a value: `Some(Some(v))`. A wrong type is reported
    /// and reads as absent.
    pub fn nullable(self, errors: &mut FieldErrors, field: &str) -> Option<Option<T>> {
        match self {
            Patch::Absent => None,
            Patch::Null => Some(None),
            Patch::Value(v) => Some(Some(v)),
            Patch::Invalid(message) => {
                errors.add(field, message);
                None
            }
        }
    }

    /// May be left out but not set to null.
    pub fn not_null(self, errors: &mut FieldErrors, field: &str) -> Option<T> {
        if matches!(self, Patch::Null) {
            errors.add(field, NOT_NULL);
            return None;
        }
        self.optional(errors, field)
    }

    /// Must be sent; null counts as absent ("required").
    pub fn required(self, errors: &mut FieldErrors, field: &str) -> Option<T> {
        if matches!(self, Patch::Absent | Patch::Null) {
            errors.add(field, REQUIRED);
            return None;
        }
        self.optional(errors, field)
    }

    /// Must be sent, and not as null.
    pub fn required_not_null(self, errors: &mut FieldErrors, field: &str) -> Option<T> {
        if matches!(self, Patch::Absent) {
            errors.add(field, REQUIRED);
            return None;
        }
        self.not_null(errors, field)
    }

    /// Applies a domain parse to a value, reporting its problems under `field`.
    pub fn map_parsed<U>(
        self,
        errors: &mut FieldErrors,
        field: &str,
        parse: impl FnOnce(T) -> Result<U, buildledger_domain::DomainError>,
    ) -> Option<Option<U>> {
        match self.nullable(errors, field)? {
            None => Some(None),
            Some(v) => collect(errors, parse(v)).map(Some),
        }
    }
}

impl Patch<String> {
    /// A text field whose null means empty (dates: "" is the default): absent `None`, null
    /// `Some("")`, a value `Some(v)`; a wrong type is reported and reads as absent.
    pub fn text_or_empty(self, errors: &mut FieldErrors, field: &str) -> Option<String> {
        self.nullable(errors, field).map(Option::unwrap_or_default)
    }
}

/// Moves the problems of a domain parse into `errors`, except for fields the shape rules have
/// already reported (the same rule would say the same thing twice).
pub fn collect<T>(errors: &mut FieldErrors, r: Result<T, buildledger_domain::DomainError>) -> Option<T> {
    match r {
        Ok(v) => Some(v),
        Err(e) => {
            for (f, ps) in e.fields().as_map() {
                if errors.contains(f) {
                    continue;
                }
                for p in ps {
                    errors.add(f, p.clone());
                }
            }
            None
        }
    }
}

/// `Err` with every problem found, if any.
pub fn finish(errors: FieldErrors) -> Result<(), ApiError> {
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ApiError::validation(&errors))
    }
}

impl WireValue for String {
    fn from_json(value: Value) -> Result<Option<Self>, &'static str> {
        match value {
            Value::String(s) => Ok(Some(s)),
            _ => Err(messages::NOT_A_STRING),
        }
    }
}

/// JSON booleans only ("true" as text is a mistake worth reporting).
impl WireValue for bool {
    fn from_json(value: Value) -> Result<Option<Self>, &'static str> {
        match value {
            Value::Bool(b) => Ok(Some(b)),
            _ => Err(messages::NOT_A_BOOLEAN),
        }
    }
}

/// Whole numbers: JSON integers, integral floats (`12.0`) and numeric strings (`"12"`); an empty
/// string reads as null.
impl WireValue for i64 {
    fn from_json(value: Value) -> Result<Option<Self>, &'static str> {
        const MESSAGE: &str = messages::NOT_AN_INTEGER;
        match value {
            Value::String(s) if s.trim().is_empty() => Ok(None),
            Value::Number(n) => n
                .as_i64()
                .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15).map(|f| f as i64))
                .map(Some)
                .ok_or(MESSAGE),
            Value::String(s) => s.trim().parse::<i64>().map(Some).map_err(|_| MESSAGE),
            _ => Err(MESSAGE),
        }
    }
}

/// Dollars with at most two decimals, as a JSON number or a numeric string; an empty string
/// reads as null.
impl WireValue for Money {
    fn from_json(value: Value) -> Result<Option<Self>, &'static str> {
        let text = match value {
            Value::String(s) if s.trim().is_empty() => return Ok(None),
            // serde_json prints the shortest form that reads back to the same f64,
            // e.g. 1234.56 -> "1234.56", so no binary rounding reaches the cents.
            Value::Number(n) => n.to_string(),
            Value::String(s) => s.trim().to_owned(),
            _ => return Err(messages::NOT_A_NUMBER),
        };
        Money::parse_dollars(&text).map(Some).map_err(|e| match e {
            MoneyError::NotANumber => messages::NOT_A_NUMBER,
            MoneyError::Negative => messages::NOT_NEGATIVE,
            MoneyError::TooManyDecimals => messages::TWO_DECIMALS,
            MoneyError::TooLarge => "Ensure this value is less than or equal to 1000000000.",
        })
    }
}

/// Dollars that may be negative (a change order that lowers a price).
impl WireValue for buildledger_domain::ledger::SignedMoney {
    fn from_json(value: Value) -> Result<Option<Self>, &'static str> {
        let text = match value {
            Value::String(s) if s.trim().is_empty() => return Ok(None),
            Value::Number(n) => n.to_string(),
            Value::String(s) => s.trim().to_owned(),
            _ => return Err(messages::NOT_A_NUMBER),
        };
        buildledger_domain::ledger::SignedMoney::parse_dollars(&text).map(Some).map_err(|e| match e {
            MoneyError::TooManyDecimals => messages::TWO_DECIMALS,
            MoneyError::TooLarge => "Ensure this value is between -1000000000 and 1000000000.",
            MoneyError::NotANumber | MoneyError::Negative => messages::NOT_A_NUMBER,
        })
    }
}

/// A list of ids.
impl WireValue for Vec<i64> {
    fn from_json(value: Value) -> Result<Option<Self>, &'static str> {
        const MESSAGE: &str = "Expected a list of ids.";
        match value {
            Value::Array(items) => items
                .into_iter()
                .map(|item| item.as_i64().filter(|id| *id > 0).ok_or(MESSAGE))
                .collect::<Result<Vec<_>, _>>()
                .map(Some),
            _ => Err(MESSAGE),
        }
    }
}

/// Who was paid: free text, or the id of a contractor of the caller's roster.
impl WireValue for buildledger_domain::ledger::Payee {
    fn from_json(value: Value) -> Result<Option<Self>, &'static str> {
        use buildledger_domain::ledger::Payee;
        match value {
            Value::String(s) if s.trim().is_empty() => Ok(None),
            Value::String(s) => Ok(Some(Payee::Text(s))),
            Value::Number(n) => n
                .as_i64()
                .filter(|id| *id > 0)
                .map(|id| Some(Payee::Contractor(id)))
                .ok_or("Give the payee as text or as a contractor id."),
            _ => Err("Give the payee as text or as a contractor id."),
        }
    }
}

/// A list of strings.
impl WireValue for Vec<String> {
    fn from_json(value: Value) -> Result<Option<Self>, &'static str> {
        const MESSAGE: &str = "Expected a list of strings.";
        match value {
            Value::Array(items) => items
                .into_iter()
                .map(|item| match item {
                    Value::String(s) => Ok(s),
                    _ => Err(MESSAGE),
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Some),
            _ => Err(MESSAGE),
        }
    }
}

// `validator` rules apply to the value when there is one (absent, null and wrong types are
// the field's own business).
impl ValidateLength<u64> for Patch<String> {
    fn length(&self) -> Option<u64> {
        self.as_value().map(|s| s.chars().count() as u64)
    }
}

impl ValidateLength<u64> for Patch<buildledger_domain::ledger::Payee> {
    fn length(&self) -> Option<u64> {
        match self.as_value() {
            Some(buildledger_domain::ledger::Payee::Text(s)) => Some(s.chars().count() as u64),
            _ => None,
        }
    }
}

impl ValidateLength<u64> for Patch<Vec<String>> {
    fn length(&self) -> Option<u64> {
        self.as_value().map(|v| v.len() as u64)
    }
}

impl ValidateRange<i64> for Patch<i64> {
    fn greater_than(&self, max: i64) -> Option<bool> {
        self.as_value().map(|v| *v > max)
    }
    fn less_than(&self, min: i64) -> Option<bool> {
        self.as_value().map(|v| *v < min)
    }
}

/// A blank address is left to the "may not be blank" rule.
impl ValidateEmail for Patch<String> {
    fn as_email_string(&self) -> Option<Cow<'_, str>> {
        self.as_value().map(|s| s.trim()).filter(|s| !s.is_empty()).map(Cow::Borrowed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Deserialize, Default)]
    #[serde(default)]
    struct Body {
        a: Patch<String>,
        b: Patch<String>,
        c: Patch<String>,
        m: Patch<Money>,
        n: Patch<i64>,
        l: Patch<Vec<String>>,
    }

    fn body(v: Value) -> Body {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn absent_null_and_values_are_told_apart() {
        let b = body(json!({"a": null, "b": "x"}));
        assert_eq!((b.a, b.b, b.c), (Patch::Null, Patch::Value("x".into()), Patch::Absent));
    }

    #[test]
    fn money_is_read_exactly() {
        for (sent, cents) in [(json!(1234.56), 123_456), (json!("99.9"), 9_990), (json!(7), 700), (json!(0.1), 10)] {
            assert_eq!(body(json!({ "m": sent })).m, Patch::Value(Money::from_cents(cents).unwrap()));
        }
        assert_eq!(body(json!({"m": ""})).m, Patch::Null);
    }

    #[test]
    fn wrong_types_are_kept_per_field_with_their_message() {
        let b = body(json!({"a": true, "m": -5, "n": 2.5, "l": [1]}));
        let mut errors = FieldErrors::new();
        assert!(b.a.optional(&mut errors, "a").is_none());
        assert!(b.m.optional(&mut errors, "m").is_none());
        assert!(b.n.optional(&mut errors, "n").is_none());
        assert!(b.l.optional(&mut errors, "l").is_none());
        assert_eq!(errors.as_map()["a"], ["Not a valid string."]);
        assert_eq!(errors.as_map()["m"], ["Ensure this value is greater than or equal to 0."]);
        assert_eq!(errors.as_map()["n"], ["A valid integer is required."]);
        assert_eq!(errors.as_map()["l"], ["Expected a list of strings."]);
    }

    #[test]
    fn integers_accept_integral_forms() {
        for sent in [json!(12), json!(12.0), json!(" 12 ")] {
            assert_eq!(body(json!({ "n": sent })).n, Patch::Value(12));
        }
    }

    #[test]
    fn required_and_not_null_report_their_messages() {
        let mut errors = FieldErrors::new();
        assert_eq!(Patch::<String>::Absent.required(&mut errors, "r"), None);
        assert_eq!(Patch::<String>::Null.not_null(&mut errors, "n"), None);
        assert_eq!(Patch::<String>::Absent.not_null(&mut errors, "ok"), None);
        assert_eq!(errors.as_map()["r"], [REQUIRED]);
        assert_eq!(errors.as_map()["n"], [NOT_NULL]);
        assert!(!errors.contains("ok"));
    }
}
