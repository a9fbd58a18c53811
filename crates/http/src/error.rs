//! The one error type of the HTTP layer and its JSON body (DECISIONS.md, "Errors").

use std::collections::BTreeMap;
use std::fmt;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use buildledger_application::error::UseCaseError;
use buildledger_domain::FieldErrors;
use serde::Serialize;

#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: String,
    fields: Option<BTreeMap<String, Vec<String>>>,
    retry_after: Option<u64>,
    /// Kept for the log of 5xx errors; never sent.
    source: Option<String>,
}

/// Every API error. `fields` only for validation errors and conflicts.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = Error)]
pub struct ErrorBody {
    /// Machine-readable code.
    #[schema(example = "validation_error")]
    pub error: &'static str,
    /// Human-readable text.
    pub message: String,
    /// Problems per field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, Vec<String>>>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self { status, code, message: message.into(), fields: None, retry_after: None, source: None }
    }
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }
    pub fn validation(errors: &FieldErrors) -> Self {
        let message = first_problem(errors).unwrap_or_else(|| "Invalid input.".into());
        Self {
            fields: Some(errors.as_map().clone()),
            ..Self::new(StatusCode::BAD_REQUEST, "validation_error", message)
        }
    }
    pub fn not_found(what: &str) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", format!("{what} not found."))
    }
    pub fn unauthenticated(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "not_authenticated", message)
    }
    pub fn forbidden() -> Self {
        Self::new(StatusCode::FORBIDDEN, "forbidden", "You do not have permission to perform this action.")
    }
    pub fn too_many_requests(message: impl Into<String>, retry_after_seconds: u64) -> Self {
        Self {
            retry_after: Some(retry_after_seconds),
            ..Self::new(StatusCode::TOO_MANY_REQUESTS, "too_many_requests", message)
        }
    }
    pub fn internal(source: impl fmt::Display) -> Self {
        Self {
            source: Some(source.to_string()),
            ..Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal_error", "Something went wrong. Please try again.")
        }
    }
    pub fn code(&self) -> &'static str {
        self.code
    }
    /// Whether a validation error names this field.
    pub fn fields_contain(&self, field: &str) -> bool {
        self.fields.as_ref().is_some_and(|f| f.contains_key(field))
    }
}

fn first_problem(errors: &FieldErrors) -> Option<String> {
    errors.as_map().iter().next().and_then(|(field, problems)| {
        problems.first().map(|p| {
            if p.ends_with('.')
                && p.chars().next().is_some_and(char::is_uppercase)
                && !p.starts_with("This field")
                && !p.starts_with("Ensure")
            {
                p.clone()
            } else {
                format!("{field}: {p}")
            }
        })
    })
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        if self.status.is_server_error() {
            tracing::error!(code = self.code, source = self.source.as_deref().unwrap_or(""), "request failed");
        }
        let mut res = HttpResponse::build(self.status);
        if let Some(secs) = self.retry_after {
            res.insert_header(("Retry-After", secs.to_string()));
        }
        res.json(ErrorBody { error: self.code, message: self.message.clone(), fields: self.fields.clone() })
    }
}

impl From<UseCaseError> for ApiError {
    fn from(e: UseCaseError) -> Self {
        match e {
            UseCaseError::Invalid(d) => ApiError::validation(d.fields()),
            UseCaseError::NotFound { entity } => {
                let mut what = entity.to_owned();
                if let Some(first) = what.get_mut(0..1) {
                    first.make_ascii_uppercase();
                }
                ApiError::not_found(&what)
            }
            UseCaseError::Conflict { field, message } => {
                let mut fields = BTreeMap::new();
                fields.insert(field, vec![message.clone()]);
                Self { fields: Some(fields), ..ApiError::new(StatusCode::CONFLICT, "conflict", message) }
            }
            UseCaseError::Conflicts { message, fields } => {
                Self { fields: Some(fields), ..ApiError::new(StatusCode::CONFLICT, "conflict", message) }
            }
            UseCaseError::Unauthenticated(m) => ApiError::new(StatusCode::UNAUTHORIZED, "token_invalid", m),
            UseCaseError::InvalidCredentials => ApiError::new(
                StatusCode::UNAUTHORIZED,
                "invalid_credentials",
                "No active account found with the given credentials",
            ),
            UseCaseError::Forbidden => ApiError::forbidden(),
            UseCaseError::SubscriptionRequired => ApiError::new(
                StatusCode::PAYMENT_REQUIRED,
                "subscription_required",
                "An active subscription is required. Choose a plan to continue.",
            ),
            UseCaseError::FileTooLarge(m) => ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", m),
            UseCaseError::FileTypeNotAllowed(m) => {
                ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type", m)
            }
            UseCaseError::Refused(m) => ApiError::bad_request("bad_request", m),
            UseCaseError::Unavailable(src) => Self {
                source: Some(src.to_string()),
                ..ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "unavailable",
                    "The service is temporarily unavailable. Please try again.",
                )
            },
            UseCaseError::Internal(src) => ApiError::internal(src),
        }
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        ApiError::internal(e)
    }
}

/// Runs blocking use-case code (database, argon2) on actix's blocking pool.
pub async fn blocking<T, F>(f: F) -> Result<T, ApiError>
where
    F: FnOnce() -> Result<T, UseCaseError> + Send + 'static,
    T: Send + 'static,
{
    // A pooled thread remembers the last request's acting user: each use case starts without.
    Ok(actix_web::web::block(move || {
        buildledger_application::access::forget_acting_user();
        f()
    })
    .await??)
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::body::to_bytes;

    async fn body(e: ApiError) -> (u16, serde_json::Value) {
        let res = e.error_response();
        let status = res.status().as_u16();
        let bytes = to_bytes(res.into_body()).await.unwrap();
        (status, serde_json::from_slice(&bytes).unwrap())
    }

    #[actix_web::test]
    async fn use_case_errors_map_to_statuses_and_codes() {
        let cases: Vec<(UseCaseError, u16, &str)> = vec![
            (UseCaseError::not_found("project"), 404, "not_found"),
            (UseCaseError::InvalidCredentials, 401, "invalid_credentials"),
            (UseCaseError::Forbidden, 403, "forbidden"),
            (UseCaseError::SubscriptionRequired, 402, "subscription_required"),
            (UseCaseError::FileTooLarge("big".into()), 413, "payload_too_large"),
            (UseCaseError::FileTypeNotAllowed("exe".into()), 415, "unsupported_media_type"),
            (UseCaseError::Conflict { field: "email".into(), message: "taken".into() }, 409, "conflict"),
            (UseCaseError::Internal("db exploded with secret".into()), 500, "internal_error"),
        ];
        for (e, status, code) in cases {
            let (s, b) = body(e.into()).await;
            assert_eq!((s, b["error"].as_str().unwrap()), (status, code));
            assert!(!b["message"].as_str().unwrap().contains("secret"));
        }
    }

    #[actix_web::test]
    async fn validation_errors_list_fields() {
        let mut f = FieldErrors::new();
        f.add("units", "Please specify the number of units for a multifamily building.");
        let (s, b) = body(ApiError::validation(&f)).await;
        assert_eq!(s, 400);
        assert_eq!(b["fields"]["units"][0], "Please specify the number of units for a multifamily building.");
        assert_eq!(b["message"], "Please specify the number of units for a multifamily building.");
    }
}
