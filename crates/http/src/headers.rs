//! Security headers on every response.

use actix_web::middleware::DefaultHeaders;

/// Stripe's script, frames and API are allowed (the card form on account settings); video
/// embeds come from YouTube's privacy-enhanced domain. Everything else is our own origin.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
script-src 'self' https://js.stripe.com; \
style-src 'self' 'unsafe-inline'; \
img-src 'self' data: https://*.stripe.com https://i.ytimg.com; \
font-src 'self' data:; \
connect-src 'self' https://api.stripe.com; \
frame-src https://js.stripe.com https://hooks.stripe.com https://www.youtube-nocookie.com; \
object-src 'none'; base-uri 'self'; form-action 'self' https://checkout.stripe.com; frame-ancestors 'none'";

pub fn security_headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Content-Security-Policy", CONTENT_SECURITY_POLICY))
        .add(("Permissions-Policy", "camera=(), microphone=(), geolocation=()"))
        .add(("Cross-Origin-Opener-Policy", "same-origin"))
}
