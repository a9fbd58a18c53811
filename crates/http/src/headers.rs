//! Security headers on every response, and the request id (`request_log.rs`) sent back.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::HttpMessage;

/// The app's pages: our own origin only, plus YouTube's privacy-enhanced embeds on content pages.
pub const CSP_APP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: https://i.ytimg.com; font-src 'self' data:; connect-src 'self'; \
frame-src https://www.youtube-nocookie.com; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Account settings, where Stripe's card form runs: Stripe's script, frames and API are allowed
/// there and nowhere else.
pub const CSP_STRIPE: &str = "default-src 'self'; script-src 'self' https://js.stripe.com; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: https://*.stripe.com; font-src 'self' data:; connect-src 'self' https://api.stripe.com; \
frame-src https://js.stripe.com https://hooks.stripe.com; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// JSON and files: nothing may run.
pub const CSP_API: &str = "default-src 'none'; frame-ancestors 'none'";

/// Paths whose page loads Stripe.js.
pub fn uses_stripe(path: &str) -> bool {
    path == "/account-settings" || path.starts_with("/account-settings/")
}

/// The browsable API reference (Swagger UI, served from our own origin).
fn is_api_reference(path: &str) -> bool {
    path == "/api/docs" || path.starts_with("/api/docs/")
}

fn csp_for(path: &str) -> &'static str {
    if is_api_reference(path) {
        CSP_APP
    } else if path.starts_with("/api/") || path.starts_with("/payments/") || path == "/healthz" {
        CSP_API
    } else if uses_stripe(path) {
        CSP_STRIPE
    } else {
        CSP_APP
    }
}

/// Whether the client reached us over TLS: directly, or through a proxy that says so. Reads the
/// headers itself and parses `Forwarded` only when present (`connection_info()` allocates its
/// strings on every request).
fn is_https(req: &ServiceRequest) -> bool {
    let headers = req.headers();
    if headers.contains_key(actix_web::http::header::FORWARDED) {
        return req.connection_info().scheme() == "https";
    }
    match headers.get("x-forwarded-proto") {
        Some(proto) => proto.as_bytes().eq_ignore_ascii_case(b"https"),
        None => req.app_config().secure(),
    }
}

/// Headers every response carries.
const FIXED: [(HeaderName, HeaderValue); 2] = [
    (HeaderName::from_static("x-content-type-options"), HeaderValue::from_static("nosniff")),
    (HeaderName::from_static("referrer-policy"), HeaderValue::from_static("strict-origin-when-cross-origin")),
];

/// Headers that act on what a browser shows as a page (a document, or a worker for the CSP):
/// every response but the built scripts, styles, fonts and images under `/assets/`, on which they
/// do nothing. Left off those, a board's ~15 module and style responses each carry ~530 bytes
/// less (issue 31: on a slow phone network the headers were a sixth of those responses' bytes).
const DOCUMENT: [(HeaderName, HeaderValue); 3] = [
    (HeaderName::from_static("x-frame-options"), HeaderValue::from_static("DENY")),
    (
        HeaderName::from_static("permissions-policy"),
        HeaderValue::from_static("camera=(), microphone=(), geolocation=(), payment=(self \"https://js.stripe.com\")"),
    ),
    (HeaderName::from_static("cross-origin-opener-policy"), HeaderValue::from_static("same-origin")),
];

/// A built subresource: never shown as a page, never run as a worker (the service worker and
/// Workbox's runtime live at the root).
fn is_subresource(path: &str) -> bool {
    const TYPES: [&str; 9] = [".js", ".css", ".woff2", ".woff", ".png", ".jpg", ".jpeg", ".webp", ".ico"];
    path.starts_with("/assets/") && TYPES.iter().any(|ext| path.ends_with(ext))
}

/// In one layer, inside the request's span (`request_log.rs`): security headers (unless the
/// handler set its own), Content-Security-Policy by path, long caching of hashed assets, HSTS
/// over TLS (directly or behind a proxy that sets `X-Forwarded-Proto: https`), and the request
/// id in `X-Request-Id`.
pub async fn security_headers(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let request_id = req.extensions().get::<crate::request_log::RequestStart>().map(|s| s.id.clone());
    let csp = csp_for(req.path());
    // Vite names built assets by content hash, so they never change under one name.
    let immutable = req.path().starts_with("/assets/");
    let subresource = is_subresource(req.path());
    let https = is_https(&req);
    let mut res = next.call(req).await?;
    let success = res.status().is_success();
    let headers = res.headers_mut();
    let page_policies = !(subresource && success);
    let document: &[(HeaderName, HeaderValue)] = if page_policies { &DOCUMENT } else { &[] };
    for (name, value) in FIXED.iter().chain(document) {
        if !headers.contains_key(name) {
            headers.insert(name.clone(), value.clone());
        }
    }
    let csp_name = HeaderName::from_static("content-security-policy");
    if page_policies && !headers.contains_key(&csp_name) {
        headers.insert(csp_name, HeaderValue::from_static(csp));
    }
    if immutable && success {
        headers.insert(
            HeaderName::from_static("cache-control"),
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        );
    }
    if https {
        headers.insert(
            HeaderName::from_static("strict-transport-security"),
            HeaderValue::from_static("max-age=31536000; includeSubDomains"),
        );
    }
    if let Some(id) = request_id {
        headers.insert(HeaderName::from_static(crate::request_log::REQUEST_ID_HEADER), id);
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stripe_is_allowed_only_on_account_settings() {
        assert!(csp_for("/account-settings").contains("js.stripe.com"));
        for path in ["/", "/projects", "/kanban/3", "/choose-plan", "/login"] {
            assert!(!csp_for(path).contains("stripe"), "{path}");
            assert!(csp_for(path).contains("frame-ancestors 'none'"));
        }
        assert_eq!(csp_for("/api/projects/"), CSP_API);
    }

    #[test]
    fn only_built_scripts_styles_fonts_and_images_are_subresources() {
        for path in
            ["/assets/index-abc.js", "/assets/board-abc.css", "/assets/inter-abc.woff2", "/assets/hero-abc.webp"]
        {
            assert!(is_subresource(path), "{path}");
        }
        for path in
            ["/", "/kanban/3", "/sw.js", "/workbox-abc.js", "/assets/logo-abc.svg", "/assets/x.html", "/api/x.js"]
        {
            assert!(!is_subresource(path), "{path}");
        }
    }
}
