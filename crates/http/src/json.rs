//! JSON request bodies: one extractor with clear errors, and typed access to fields that
//! tells "absent" from "null" and reports wrong types per field.

use std::future::Future;
use std::pin::Pin;

use actix_web::error::JsonPayloadError;
use actix_web::http::StatusCode;
use actix_web::{dev::Payload, web, FromRequest, HttpRequest};
use buildledger_domain::money::{Money, MoneyError};
use buildledger_domain::FieldErrors;
use serde_json::{Map, Value};

use crate::error::ApiError;

/// Largest JSON body accepted.
pub const JSON_LIMIT: usize = 256 * 1024;

/// Maps actix's JSON extractor failures to our error body.
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

/// A JSON object body.
pub struct JsonObject(pub Map<String, Value>);

impl FromRequest for JsonObject {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let fut = web::Json::<Value>::from_request(req, payload);
        Box::pin(async move {
            match fut.await?.into_inner() {
                Value::Object(map) => Ok(JsonObject(map)),
                _ => Err(ApiError::bad_request("invalid_json", "The request body must be a JSON object.").into()),
            }
        })
    }
}

/// Reads fields of a JSON object, collecting every problem.
pub struct Fields<'a> {
    obj: &'a Map<String, Value>,
    pub errors: FieldErrors,
}

impl<'a> Fields<'a> {
    pub fn new(obj: &'a Map<String, Value>) -> Self {
        Self { obj, errors: FieldErrors::new() }
    }

    pub fn present(&self, key: &str) -> bool {
        self.obj.contains_key(key)
    }

    /// Absent or null: `None`.
    pub fn string(&mut self, key: &str) -> Option<String> {
        self.nullable_string(key).flatten()
    }

    /// For fields that may be left out but not set to null: absent gives `None`, null is an error.
    pub fn string_not_null(&mut self, key: &str) -> Option<String> {
        if matches!(self.obj.get(key), Some(Value::Null)) {
            self.errors.add(key, "This field may not be null.");
            return None;
        }
        self.string(key)
    }

    /// Like [`Fields::int`], but null is an error.
    pub fn int_not_null(&mut self, key: &str) -> Option<i64> {
        if matches!(self.obj.get(key), Some(Value::Null)) {
            self.errors.add(key, "This field may not be null.");
            return None;
        }
        self.int(key)
    }

    /// Absent: `None`; null: `Some(None)`.
    pub fn nullable_string(&mut self, key: &str) -> Option<Option<String>> {
        match self.obj.get(key)? {
            Value::Null => Some(None),
            Value::String(s) => Some(Some(s.clone())),
            _ => {
                self.errors.add(key, "Not a valid string.");
                None
            }
        }
    }

    /// Whole numbers: JSON integers, integral floats (`12.0`) and numeric strings (`"12"`).
    pub fn int(&mut self, key: &str) -> Option<i64> {
        self.nullable_int(key).flatten()
    }

    pub fn nullable_int(&mut self, key: &str) -> Option<Option<i64>> {
        let parsed = match self.obj.get(key)? {
            Value::Null => return Some(None),
            Value::String(s) if s.trim().is_empty() => return Some(None),
            Value::Number(n) => {
                n.as_i64().or_else(|| n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15).map(|f| f as i64))
            }
            Value::String(s) => s.trim().parse::<i64>().ok(),
            _ => None,
        };
        if parsed.is_none() {
            self.errors.add(key, "A valid integer is required.");
        }
        parsed.map(Some)
    }

    /// Dollars with at most two decimals, as a JSON number or a numeric string.
    pub fn money(&mut self, key: &str) -> Option<Money> {
        self.nullable_money(key).flatten()
    }

    /// Absent: `None`; null or an empty string: `Some(None)`.
    pub fn nullable_money(&mut self, key: &str) -> Option<Option<Money>> {
        let text = match self.obj.get(key)? {
            Value::Null => return Some(None),
            Value::String(s) if s.trim().is_empty() => return Some(None),
            // serde_json prints the shortest form that reads back to the same f64,
            // e.g. 1234.56 -> "1234.56", so no binary rounding reaches the cents.
            Value::Number(n) => n.to_string(),
            Value::String(s) => s.trim().to_owned(),
            _ => {
                self.errors.add(key, "A valid number is required.");
                return None;
            }
        };
        match Money::parse_dollars(&text) {
            Ok(m) => Some(Some(m)),
            Err(e) => {
                self.errors.add(
                    key,
                    match e {
                        MoneyError::NotANumber => "A valid number is required.".to_owned(),
                        MoneyError::Negative => "Ensure this value is greater than or equal to 0.".to_owned(),
                        MoneyError::TooManyDecimals => {
                            "Ensure that there are no more than 2 decimal places.".to_owned()
                        }
                        MoneyError::TooLarge => "Ensure this value is less than or equal to 1000000000.".to_owned(),
                    },
                );
                None
            }
        }
    }

    /// A list of strings; null counts as absent.
    pub fn string_list(&mut self, key: &str) -> Option<Vec<String>> {
        match self.obj.get(key)? {
            Value::Null => None,
            Value::Array(items) => {
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    match item {
                        Value::String(s) => out.push(s.clone()),
                        _ => {
                            self.errors.add(key, "Expected a list of strings.");
                            return None;
                        }
                    }
                }
                Some(out)
            }
            _ => {
                self.errors.add(key, "Expected a list of strings.");
                None
            }
        }
    }

    /// `Err` with every problem found, if any.
    pub fn finish(self) -> Result<(), ApiError> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(ApiError::validation(&self.errors))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn obj(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn absent_null_and_values_are_told_apart() {
        let o = obj(json!({"a": null, "b": "x"}));
        let mut f = Fields::new(&o);
        assert_eq!(f.nullable_string("a"), Some(None));
        assert_eq!(f.nullable_string("b"), Some(Some("x".into())));
        assert_eq!(f.nullable_string("c"), None);
        assert!(f.finish().is_ok());
    }

    #[test]
    fn money_is_read_exactly() {
        let o = obj(json!({"a": 1234.56, "b": "99.9", "c": 7, "d": "", "e": 0.1}));
        let mut f = Fields::new(&o);
        assert_eq!(f.money("a").unwrap().cents(), 123_456);
        assert_eq!(f.money("b").unwrap().cents(), 9_990);
        assert_eq!(f.money("c").unwrap().cents(), 700);
        assert_eq!(f.nullable_money("d"), Some(None));
        assert_eq!(f.money("e").unwrap().cents(), 10);
        assert!(f.finish().is_ok());
    }

    #[test]
    fn wrong_types_are_reported_per_field() {
        let o = obj(json!({"a": -5, "b": 1.234, "c": true, "d": [1], "e": "x", "f": 2.5}));
        let mut f = Fields::new(&o);
        assert!(f.money("a").is_none());
        assert!(f.money("b").is_none());
        assert!(f.string("c").is_none());
        assert!(f.string_list("d").is_none());
        assert!(f.int("e").is_none());
        assert!(f.int("f").is_none());
        for k in ["a", "b", "c", "d", "e", "f"] {
            assert!(f.errors.contains(k), "{k}");
        }
    }

    #[test]
    fn integers_accept_integral_forms() {
        let o = obj(json!({"a": 12, "b": 12.0, "c": " 12 "}));
        let mut f = Fields::new(&o);
        assert_eq!((f.int("a"), f.int("b"), f.int("c")), (Some(12), Some(12), Some(12)));
    }
}
