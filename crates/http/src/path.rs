//! Path parameters: the `{id}` of `/api/...` paths, read by one extractor, [`IdPath`], whose
//! type also documents the OpenAPI parameter (`params(IdPath<TaskId>)`).

use std::future::{ready, Ready};
use std::marker::PhantomData;

use actix_web::{dev::Payload, FromRequest, HttpRequest};
use buildledger_domain::ids::TypedId;
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::Required;

use crate::error::ApiError;

/// The `{id}` of a path as a typed id. Anything but a positive integer names nothing: `id()`
/// answers 404 ("Task not found.").
///
/// Extracting never fails: the handler asks `id()?` first thing, after every other extractor
/// (the token, the subscription, the body) has answered, so a bad id is 404 in the same place
/// as an unknown one, never before a 401, 402 or a body's 400.
///
/// `W` only words the documented parameter: [`Explained`] (the default) adds that anything but
/// a positive integer answers 404, [`Plain`] says only what the id names.
pub struct IdPath<T, W = Explained> {
    id: Option<T>,
    wording: PhantomData<W>,
}

impl<T: TypedId, W> IdPath<T, W> {
    /// The id, or the 404 a bad one answers ("Task not found.", as for an unknown id).
    pub fn id(&self) -> Result<T, ApiError> {
        self.id.ok_or_else(|| ApiError::not_found(T::WHAT))
    }
}

impl<T: TypedId, W> FromRequest for IdPath<T, W> {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let id = req.match_info().get("id").and_then(T::parse);
        ready(Ok(IdPath { id, wording: PhantomData }))
    }
}

/// How the documented `id` parameter is described, after "The task id.".
pub trait Wording {
    const AFTER: &'static str;
}

/// "The task id. Anything but a positive integer answers 404."
pub struct Explained;

impl Wording for Explained {
    const AFTER: &'static str = " Anything but a positive integer answers 404.";
}

/// "The bid id."
pub struct Plain;

impl Wording for Plain {
    const AFTER: &'static str = "";
}

impl<T: TypedId, W: Wording> utoipa::IntoParams for IdPath<T, W> {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let schema = ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
            .minimum(Some(1));
        vec![ParameterBuilder::new()
            .name("id")
            .parameter_in(ParameterIn::Path)
            .required(Required::True)
            .description(Some(format!("The {} id.{}", T::NOUN, W::AFTER)))
            .schema(Some(schema))
            .build()]
    }
}
