//! Registration, login and token refresh.

use std::time::Instant;

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Serialize;

use crate::auth::Authenticated;
use crate::error::{blocking, ApiError};
use crate::json::{Fields, JsonObject};
use crate::state::AppState;

#[derive(Serialize)]
struct UserResponse {
    id: i64,
    username: String,
    email: String,
    is_admin: bool,
}

#[derive(Serialize)]
struct TokenPairResponse {
    access: String,
    refresh: String,
}

#[derive(Serialize)]
struct AccessResponse {
    access: String,
}

/// Reads required string fields, reporting each missing one.
fn required_strings<const N: usize>(body: &JsonObject, keys: [&str; N]) -> Result<[String; N], ApiError> {
    let mut f = Fields::new(&body.0);
    let values = keys.map(|k| {
        let v = f.string(k);
        if v.is_none() && !f.errors.contains(k) {
            f.errors.add(k, "This field is required.");
        }
        v.unwrap_or_default()
    });
    f.finish()?;
    Ok(values)
}

/// `POST /api/register/`
pub async fn register(state: web::Data<AppState>, body: JsonObject) -> Result<HttpResponse, ApiError> {
    let [username, email, password] = required_strings(&body, ["username", "email", "password"])?;
    let accounts = state.accounts.clone();
    let user = blocking(move || accounts.register(&username, &email, &password)).await?;
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
pub async fn token(state: web::Data<AppState>, body: JsonObject, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let [login, password] = required_strings(&body, ["username", "password"])?;
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

/// `POST /api/token/refresh/`
pub async fn refresh(state: web::Data<AppState>, body: JsonObject) -> Result<HttpResponse, ApiError> {
    let [refresh] = required_strings(&body, ["refresh"])?;
    let accounts = state.accounts.clone();
    let access = blocking(move || accounts.refresh(&refresh)).await?;
    Ok(HttpResponse::Ok().json(AccessResponse { access }))
}

/// `GET /api/me/`
pub async fn me(state: web::Data<AppState>, Authenticated(user): Authenticated) -> Result<HttpResponse, ApiError> {
    let accounts = state.accounts.clone();
    let u = blocking(move || accounts.get_user(user.id)).await?;
    Ok(HttpResponse::Ok().json(UserResponse { id: u.id, username: u.username, email: u.email, is_admin: u.is_admin }))
}
