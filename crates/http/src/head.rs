//! `HEAD` answered as `GET` (RFC 9110 §9.3.2): the same status and headers, no body. actix-web
//! routes `HEAD` nowhere on its own, so uptime checkers and link previews got 405 from every
//! page and API read. The request is routed as `GET`; HTTP/1's encoder, which saw the method as
//! it arrived, sends the headers alone.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;

/// Routes a `HEAD` request as `GET`; any other request as it is.
pub async fn head_as_get(
    mut req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if req.method() == Method::HEAD {
        req.head_mut().method = Method::GET;
    }
    next.call(req).await
}
