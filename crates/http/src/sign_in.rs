//! Registration, login, token refresh (rotating) and sign-out.

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
use crate::throttle::Key;

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
    /// Refresh token (JWT, 14 days; single use: each refresh answers a new one).
    refresh: String,
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

/// `POST /api/token/refresh/` and `POST /api/logout/`.
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
        (status = 429, response = crate::openapi::TooManyRequests),
        (status = 503, response = crate::openapi::Unavailable),
        crate::openapi::JsonBodyErrors,
    )
)]
#[post("/register/")]
pub async fn register(
    state: web::Data<AppState>,
    body: ValidJson<RegisterRequest>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let address = state.trusted_proxies.client_of(&req);
    if let Err(wait) = state.throttle.registration(address) {
        tracing::warn!(client = ?address, "registration throttled");
        return Err(ApiError::too_many_requests(
            format!("Too many accounts were created from your network. {}", try_again_in(wait)),
            wait,
        ));
    }
    let registration = match body.body.try_into_domain(body.shape_errors) {
        Ok(r) => r,
        Err(e) => {
            // A malformed request creates nothing and hashes nothing: it does not count.
            state.throttle.registration_refused(address);
            return Err(e);
        }
    };
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
/// Throttled before the password is checked: after too many failures for the account or the
/// client address, 429 with `Retry-After`.
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
    let address = state.trusted_proxies.client_of(&req);
    // The account first, so that every spelling of it (username, email, any case) shares one
    // bucket; then the cell, taken before the password is verified.
    let accounts = state.accounts.clone();
    let name = login.clone();
    let user = blocking(move || accounts.find_login(&name)).await?;
    let key = match &user {
        Some(u) => Key::Account(u.id),
        None => state.throttle.login_key(&login),
    };
    let permit = match state.throttle.login_attempt(key, address) {
        Ok(p) => p,
        Err(wait) => {
            tracing::warn!(client = ?address, "login throttled");
            return Err(ApiError::too_many_requests(
                format!("Too many failed login attempts. {}", try_again_in(wait)),
                wait,
            ));
        }
    };
    crate::throttle::slow_down(&permit).await;
    let accounts = state.accounts.clone();
    match blocking(move || accounts.login_as(user.as_ref(), &password)).await {
        Ok(pair) => {
            state.throttle.login_succeeded(permit);
            Ok(HttpResponse::Ok().json(TokenPairResponse { access: pair.access, refresh: pair.refresh }))
        }
        Err(e) => {
            if e.code() == "invalid_credentials" {
                state.throttle.login_failed(permit);
            } else {
                // The server failed, not the caller: the attempt does not count.
                state.throttle.login_succeeded(permit);
            }
            Err(e)
        }
    }
}

/// "Try again in 40 seconds." / "Try again in 3 minutes."
pub(crate) fn try_again_in(seconds: u64) -> String {
    match seconds {
        0..=1 => "Try again in 1 second.".into(),
        2..=90 => format!("Try again in {seconds} seconds."),
        _ => format!("Try again in {} minutes.", seconds.div_ceil(60)),
    }
}

#[utoipa::path(
    tag = "accounts", operation_id = "refreshToken", summary = "Rotate a refresh token: a new access and refresh token",
    description = "The refresh token is single use: the answer holds a new one, which the client keeps. Presenting a replaced refresh token again (after a short grace for two tabs refreshing at once) revokes its whole session: someone else holds a copy.",
    request_body = RefreshRequest,
    security(()),
    responses(
        (status = 200, description = "The new tokens.", body = TokenPairResponse),
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
    let pair = blocking(move || accounts.refresh(&refresh)).await?;
    Ok(HttpResponse::Ok().json(TokenPairResponse { access: pair.access, refresh: pair.refresh }))
}

#[utoipa::path(
    tag = "accounts", operation_id = "logout", summary = "Sign out: revoke the refresh token's session",
    description = "Neither this refresh token nor any token rotated from it works again. Access tokens already issued expire on their own (15 minutes).",
    request_body = RefreshRequest,
    security(()),
    responses(
        (status = 204, description = "Signed out."),
        crate::openapi::JsonBodyErrors,
        crate::openapi::LoginErrors,
    )
)]
#[post("/logout/")]
pub async fn logout(state: web::Data<AppState>, body: ValidJson<RefreshRequest>) -> Result<HttpResponse, ApiError> {
    let mut errors = body.shape_errors;
    let presented = body.body.refresh.required(&mut errors, "refresh");
    finish(errors)?;
    let presented = presented.unwrap_or_default();
    let accounts = state.accounts.clone();
    blocking(move || accounts.logout(&presented)).await?;
    Ok(HttpResponse::NoContent().finish())
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
