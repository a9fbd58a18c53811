//! Authentication and the subscription gate, as extractors: a handler that takes
//! [`Subscribed`] cannot run for a visitor, a bad token or a user without a subscription;
//! [`ProjectCaller`] lets members of a shared project in too (the use case's own check follows).

use std::future::{ready, Future, Ready};
use std::pin::Pin;

use actix_web::{dev::Payload, web, FromRequest, HttpRequest};
use buildledger_application::accounts::AuthUser;
use buildledger_application::error::UseCaseError;
use buildledger_domain::ids::{TypedId, UserId};

use crate::error::{blocking, ApiError};
use crate::state::AppState;

fn state(req: &HttpRequest) -> Result<&web::Data<AppState>, ApiError> {
    req.app_data::<web::Data<AppState>>().ok_or_else(|| ApiError::internal("application state missing"))
}

/// The caller, from `Authorization: Bearer <access token>`.
pub struct Authenticated(pub AuthUser);

impl FromRequest for Authenticated {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(authenticate(req).map(Authenticated))
    }
}

fn authenticate(req: &HttpRequest) -> Result<AuthUser, ApiError> {
    let header = req
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)
        .ok_or_else(|| ApiError::unauthenticated("Authentication credentials were not provided."))?;
    let value =
        header.to_str().map_err(|_| ApiError::unauthenticated("Authentication credentials were not provided."))?;
    let token = value
        .strip_prefix("Bearer ")
        .or_else(|| value.strip_prefix("bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| ApiError::unauthenticated("Authentication credentials were not provided."))?;
    Ok(state(req)?.accounts.authenticate(token)?)
}

/// A logged-in caller with an active subscription (the paid product's gate).
pub struct Subscribed(pub AuthUser);

impl FromRequest for Subscribed {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let checked = authenticate(req).and_then(|user| Ok((user, state(req)?.access.clone())));
        Box::pin(async move {
            let (user, access) = checked?;
            // Answered from memory when the subscription was read recently (the common case);
            // otherwise one query on the blocking pool.
            match access.known_active(user.id) {
                Some(true) => {}
                Some(false) => return Err(UseCaseError::SubscriptionRequired.into()),
                None => blocking(move || access.require_active(user.id)).await?,
            }
            Ok(Subscribed(user))
        })
    }
}

/// A logged-in caller who has an active subscription or has joined someone's project (issue 35):
/// the gate in front of project calls. Which project they may touch, and how, is the use case's
/// check (`buildledger_application::access`): a member's access follows the project owner's
/// subscription there, and a caller with neither still gets 402 here, before anything else.
pub struct ProjectCaller(pub AuthUser);

impl FromRequest for ProjectCaller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let checked =
            authenticate(req).and_then(|user| Ok((user, state(req)?.access.clone(), state(req)?.authorizer.clone())));
        Box::pin(async move {
            let (user, access, authorizer) = checked?;
            if access.known_active(user.id) == Some(true) {
                return Ok(ProjectCaller(user));
            }
            blocking(move || {
                if access.is_subscribed(user.id)? || authorizer.is_member_anywhere(UserId::new(user.id))? {
                    Ok(ProjectCaller(user))
                } else {
                    Err(UseCaseError::SubscriptionRequired)
                }
            })
            .await
        })
    }
}
