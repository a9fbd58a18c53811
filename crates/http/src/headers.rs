//! Security headers on every response.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::{DefaultHeaders, Next};

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

fn csp_for(path: &str) -> &'static str {
    if path.starts_with("/api/") || path.starts_with("/payments/") || path == "/healthz" {
        CSP_API
    } else if uses_stripe(path) {
        CSP_STRIPE
    } else {
        CSP_APP
    }
}

pub fn security_headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self \"https://js.stripe.com\")"))
        .add(("Cross-Origin-Opener-Policy", "same-origin"))
}

/// Content-Security-Policy by path (unless the handler set its own), long caching of hashed
/// assets, and HSTS over TLS
/// (directly or behind a proxy that sets `X-Forwarded-Proto: https`).
pub async fn csp_and_hsts(req: ServiceRequest, next: Next<impl MessageBody>) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let csp = csp_for(req.path());
    // Vite names built assets by content hash, so they never change under one name.
    let immutable = req.path().starts_with("/assets/");
    let https = req.connection_info().scheme() == "https";
    let mut res = next.call(req).await?;
    let success = res.status().is_success();
    let headers = res.headers_mut();
    let csp_name = HeaderName::from_static("content-security-policy");
    if !headers.contains_key(&csp_name) {
        headers.insert(csp_name, HeaderValue::from_static(csp));
    }
    if immutable && success {
        headers.insert(HeaderName::from_static("cache-control"), HeaderValue::from_static("public, max-age=31536000, immutable"));
    }
    if https {
        headers.insert(HeaderName::from_static("strict-transport-security"), HeaderValue::from_static("max-age=31536000; includeSubDomains"));
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
}
