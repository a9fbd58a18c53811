//! Registration, login and token refresh.

use std::time::Instant;

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use buildledger_application::accounts::Registration;
use buildledger_domain::user::{Email, Password, Username};
use buildledger_domain::FieldErrors;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::auth::Authenticated;
use crate::error::{blocking, ApiError};
use crate::request::{collect, finish, Patch, ValidJson};
use crate::state::AppState;

/// An account.
#[derive(Serialize, ToSchema)]
#[schema(as = User)]
struct UserResponse {
    id: i64,
    username: String,
    email: String,
    is_admin: bool,
}

#[derive(Serialize, ToSchema)]
#[schema(as = TokenPair)]
struct TokenPairResponse {
    /// Access token (JWT, 15 minutes).
    access: String,
    /// Refresh token (JWT, 14 days).
    refresh: String,
}

#[derive(Serialize, ToSchema)]
#[schema(as = AccessToken)]
struct AccessResponse {
    access: String,
}

/// `POST /api/register/`: exactly these three fields (a misspelt one is refused, not ignored).
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Registration)]
pub struct RegisterRequest {
    /// Letters, digits and @.+-_ (1-150). Unique, compared case-insensitively.
    #[schema(value_type = String, min_length = 1, max_length = 150, pattern = "^[A-Za-z0-9.+_-]+$", required = true)]
    #[validate(length(max = 150, message = "Ensure this field has no more than 150 characters."))]
    #[serde(default)]
    username: Patch<String>,
    /// A valid email address. Unique, compared case-insensitively.
    #[schema(value_type = String, max_length = 254, pattern = "^[A-Za-z0-9._%+-]+@[A-Za-z0-9]+(\\.[A-Za-z0-9]+)+$", required = true)]
    #[validate(email(message = "Enter a valid email address."))]
    #[serde(default)]
    email: Patch<String>,
    /// At least 8 characters.
    #[schema(value_type = String, min_length = 8, max_length = 1024, required = true)]
    #[validate(length(max = 1024, message = "Ensure this field has no more than 1024 characters."))]
    #[serde(default)]
    password: Patch<String>,
}

impl RegisterRequest {
    pub fn try_into_domain(self, mut errors: FieldErrors) -> Result<Registration, ApiError> {
        let username =
            self.username.required(&mut errors, "username").and_then(|u| collect(&mut errors, Username::parse(&u)));
        let email = self.email.required(&mut errors, "email").and_then(|e| collect(&mut errors, Email::parse(&e)));
        let password =
            self.password.required(&mut errors, "password").and_then(|p| collect(&mut errors, Password::parse(&p)));
        finish(errors)?;
        match (username, email, password) {
            (Some(username), Some(email), Some(password)) => Ok(Registration { username, email, password }),
            _ => Err(ApiError::bad_request("validation_error", "Invalid registration.")),
        }
    }
}

/// `POST /api/token/`.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[schema(as = Login)]
pub struct LoginRequest {
    /// The username or the email.
    #[schema(value_type = String, required = true)]
    #[serde(default)]
    username: Patch<String>,
    #[schema(value_type = String, required = true)]
    #[serde(default)]
    password: Patch<String>,
}

/// `POST /api/token/refresh/`.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[schema(as = RefreshRequest)]
pub struct RefreshRequest {
    #[schema(value_type = String, required = true)]
    #[serde(default)]
    refresh: Patch<String>,
}

#[utoipa::path(
    tag = "accounts", operation_id = "register", summary = "Create an account",
    request_body = RegisterRequest,
    security(()),
    responses(
        (status = 201, description = "The account.", body = UserResponse),
        (status = 409, response = crate::openapi::Conflict),
        (status = 503, response = crate::openapi::Unavailable),
        crate::openapi::JsonBodyErrors,
    )
)]
#[post("/register/")]
pub async fn register(state: web::Data<AppState>, body: ValidJson<RegisterRequest>) -> Result<HttpResponse, ApiError> {
    let registration = body.body.try_into_domain(body.shape_errors)?;
    let accounts = state.accounts.clone();
    let user = blocking(move || accounts.register(registration)).await?;
    tracing::info!(user_id = user.id, "user registered");
    Ok(HttpResponse::Created().json(UserResponse {
        id: user.id,
        username: user.username,
        email: user.email,
        is_admin: user.is_admin,
    }))
}

/// `POST /api/token/`: `username` may also be the email.
/// Throttled: after too many failures for the account or the client address, 429.
#[utoipa::path(
    tag = "accounts", operation_id = "login", summary = "Log in: an access and a refresh token",
    request_body = LoginRequest,
    security(()),
    responses(
        (status = 200, description = "The tokens.", body = TokenPairResponse),
        (status = 401, description = "Wrong login or password (`invalid_credentials`).", body = crate::error::ErrorBody),
        (status = 429, response = crate::openapi::TooManyRequests),
        (status = 503, response = crate::openapi::Unavailable),
        crate::openapi::JsonBodyErrors,
    )
)]
#[post("/token/")]
pub async fn token(
    state: web::Data<AppState>,
    body: ValidJson<LoginRequest>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let mut errors = body.shape_errors;
    let login = body.body.username.required(&mut errors, "username");
    let password = body.body.password.required(&mut errors, "password");
    finish(errors)?;
    let (login, password) = (login.unwrap_or_default(), password.unwrap_or_default());
    let address = req.peer_addr().map(|a| a.ip().to_string()).unwrap_or_default();
    if let Some(wait) = state.login_throttle.check(&login, &address, Instant::now()) {
        tracing::warn!(client = %address, "login throttled");
        return Err(ApiError::too_many_requests(
            format!("Too many failed login attempts. Try again in {} minutes.", wait.div_ceil(60)),
            wait,
        ));
    }
    let accounts = state.accounts.clone();
    let name = login.clone();
    match blocking(move || accounts.login(&name, &password)).await {
        Ok(pair) => {
            state.login_throttle.record_success(&login);
            Ok(HttpResponse::Ok().json(TokenPairResponse { access: pair.access, refresh: pair.refresh }))
        }
        Err(e) => {
            if e.code() == "invalid_credentials" {
                state.login_throttle.record_failure(&login, &address, Instant::now());
            }
            Err(e)
        }
    }
}

#[utoipa::path(
    tag = "accounts", operation_id = "refreshToken", summary = "A new access token for a refresh token",
    request_body = RefreshRequest,
    security(()),
    responses(
        (status = 200, description = "The new access token.", body = AccessResponse),
        crate::openapi::JsonBodyErrors,
        crate::openapi::LoginErrors,
    )
)]
#[post("/token/refresh/")]
pub async fn refresh(state: web::Data<AppState>, body: ValidJson<RefreshRequest>) -> Result<HttpResponse, ApiError> {
    let mut errors = body.shape_errors;
    let refresh = body.body.refresh.required(&mut errors, "refresh");
    finish(errors)?;
    let refresh = refresh.unwrap_or_default();
    let accounts = state.accounts.clone();
    let access = blocking(move || accounts.refresh(&refresh)).await?;
    Ok(HttpResponse::Ok().json(AccessResponse { access }))
}

#[utoipa::path(
    tag = "accounts", operation_id = "me", summary = "The logged-in user",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The account.", body = UserResponse),
        crate::openapi::LoginErrors,
    )
)]
#[get("/me/")]
pub async fn me(state: web::Data<AppState>, Authenticated(user): Authenticated) -> Result<HttpResponse, ApiError> {
    let accounts = state.accounts.clone();
    let u = blocking(move || accounts.get_user(user.id)).await?;
    Ok(HttpResponse::Ok().json(UserResponse { id: u.id, username: u.username, email: u.email, is_admin: u.is_admin }))
}
