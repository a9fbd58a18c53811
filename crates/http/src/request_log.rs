//! One `tracing` span per request, carrying its request id, and the access log.
//!
//! [`middleware`] opens a span named `request` with a single field, `request_id`, around
//! everything the request does, so every event logged while it runs (the access line, the
//! `request failed` line of a 5xx, a throttled login) names it. The id is the client's
//! `X-Request-Id` when it is sane (1 to [`MAX_REQUEST_ID_LEN`] visible ASCII characters), else a
//! new UUID v4; `headers.rs` echoes it in the response's `X-Request-Id`.
//!
//! The access line is an INFO event of target [`TARGET`], written when the response is ready:
//!
//! `GET /api/projects/1/tasks/ HTTP/1.1 304 0 0.013435ms`
//!
//! (method, path and query, HTTP version, status, body bytes, 0 for a streamed body, and the time
//! taken in milliseconds). Secrets never reach it (docs/security.md, "What is never logged"): the
//! `signature` of a download link, any `token` query value (password reset links) and the token
//! segment of a share link's path are written as `REDACTED`.

use std::fmt;
use std::future::{ready, Future, Ready};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use actix_web::body::{BodySize, MessageBody};
use actix_web::dev::{Service, ServiceRequest, ServiceResponse, Transform};
use actix_web::http::header::HeaderValue;
use actix_web::http::{Method, Uri, Version};
use actix_web::HttpMessage;
use tracing::Span;

/// The target access lines are logged under.
pub const TARGET: &str = "buildledger::access";

/// The request and response header that carries the request id.
pub const REQUEST_ID_HEADER: &str = "x-request-id";

/// Longest client-sent request id that is kept (longer ones are replaced).
pub const MAX_REQUEST_ID_LEN: usize = 64;

/// Query parameters whose value never reaches the log: a download link's `signature`, the
/// `token` of a password reset link (`/reset-password?token=`) and of any later link.
const SECRET_PARAMS: [&str; 2] = ["signature", "token"];

/// Paths whose next segment is a bearer secret (a share link's token): written as `REDACTED`.
const SECRET_PATH_PREFIXES: [&str; 2] = ["/share/", "/api/share/"];

/// The outermost middleware: a span per request, the access line at its end.
// Ours, not tracing-actix-web's `TracingLogger` (which also wraps the body in the span, keeps a
// second handle and draws a UUID for every request): with the access-line formatter
// (buildledger/src/log_format.rs), +17% on 304 revalidations and +7% on board reads (make bench).
pub fn middleware() -> RequestSpans {
    RequestSpans
}

/// What the middleware leaves in the request's extensions.
#[derive(Clone, Debug)]
pub struct RequestStart {
    /// The request id, ready to be sent back as a header.
    pub id: HeaderValue,
}

/// The id of a request, as [`RequestStart`] holds it (for handlers and middleware).
pub fn request_id(req: &actix_web::HttpRequest) -> Option<HeaderValue> {
    req.extensions().get::<RequestStart>().map(|s| s.id.clone())
}

/// A client-sent id worth keeping: 1 to [`MAX_REQUEST_ID_LEN`] visible ASCII characters (no
/// spaces or control characters, so it cannot break a log line).
pub fn is_sane_request_id(value: &[u8]) -> bool {
    (1..=MAX_REQUEST_ID_LEN).contains(&value.len()) && value.iter().all(|b| b.is_ascii_graphic())
}

fn choose_id(req: &ServiceRequest) -> HeaderValue {
    if let Some(sent) = req.headers().get(REQUEST_ID_HEADER) {
        if is_sane_request_id(sent.as_bytes()) {
            return sent.clone();
        }
    }
    let mut buf = uuid::Uuid::encode_buffer();
    HeaderValue::from_str(uuid::Uuid::new_v4().hyphenated().encode_lower(&mut buf))
        .expect("a UUID is a valid header value")
}

/// The middleware's factory (see [`middleware`]).
pub struct RequestSpans;

impl<S, B> Transform<S, ServiceRequest> for RequestSpans
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    type Response = ServiceResponse<B>;
    type Error = actix_web::Error;
    type Transform = RequestSpansService<S>;
    type InitError = ();
    type Future = Ready<Result<Self::Transform, Self::InitError>>;

    fn new_transform(&self, service: S) -> Self::Future {
        ready(Ok(RequestSpansService { service }))
    }
}

/// The middleware itself.
pub struct RequestSpansService<S> {
    service: S,
}

impl<S, B> Service<ServiceRequest> for RequestSpansService<S>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    type Response = ServiceResponse<B>;
    type Error = actix_web::Error;
    type Future = AccessLogged<S::Future>;

    actix_web::dev::forward_ready!(service);

    fn call(&self, req: ServiceRequest) -> Self::Future {
        let id = choose_id(&req);
        // Sane ids and UUIDs are visible ASCII, so `to_str` cannot fail.
        let span = tracing::info_span!("request", request_id = %id.to_str().unwrap_or_default());
        let at = Instant::now();
        req.extensions_mut().insert(RequestStart { id });
        // `call` only routes and builds futures; the work (and its logging) happens when polled.
        AccessLogged { fut: self.service.call(req), at, span }
    }
}

pin_project_lite::pin_project! {
    /// The inner service's answer, polled inside the request's span, with the access line
    /// written when it is ready.
    pub struct AccessLogged<F> {
        #[pin]
        fut: F,
        at: Instant,
        span: Span,
    }
}

impl<F, B> Future for AccessLogged<F>
where
    F: Future<Output = Result<ServiceResponse<B>, actix_web::Error>>,
    B: MessageBody,
{
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let _entered = this.span.enter();
        let outcome = std::task::ready!(this.fut.poll(cx));
        // A middleware error has no response to describe; none of ours returns one.
        if let Ok(res) = &outcome {
            log_access(res, this.at.elapsed());
        }
        Poll::Ready(outcome)
    }
}

/// Writes the access line of `res` (runs inside the request's span, so it carries the id).
fn log_access<B: MessageBody>(res: &ServiceResponse<B>, elapsed: Duration) {
    if !tracing::enabled!(target: TARGET, tracing::Level::INFO) {
        return;
    }
    let req = res.request();
    let size = match res.response().body().size() {
        BodySize::None | BodySize::Stream => 0,
        BodySize::Sized(n) => n,
    };
    let line = AccessLine {
        method: req.method(),
        uri: req.uri(),
        version: req.version(),
        status: res.status().as_u16(),
        size,
        elapsed,
    };
    tracing::info!(target: TARGET, "{line}");
}

/// One request, as its access line shows it.
pub struct AccessLine<'a> {
    pub method: &'a Method,
    pub uri: &'a Uri,
    pub version: Version,
    pub status: u16,
    /// Body bytes (0 for a streamed body of unknown size).
    pub size: u64,
    pub elapsed: Duration,
}

/// `GET /api/projects/1/tasks/ HTTP/1.1 304 0 0.013435ms`: request line, status, body size and
/// time taken, in milliseconds with six decimals.
impl fmt::Display for AccessLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.method)?;
        write_target(f, self.uri)?;
        let nanos = self.elapsed.as_nanos();
        write!(f, " {:?} {} {} {}.{:06}ms", self.version, self.status, self.size, nanos / 1_000_000, nanos % 1_000_000)
    }
}

/// The path and query as sent, with the segments after [`SECRET_PATH_PREFIXES`] and the values
/// of [`SECRET_PARAMS`] replaced.
fn write_target(f: &mut fmt::Formatter<'_>, uri: &Uri) -> fmt::Result {
    write_path(f, uri.path())?;
    let Some(query) = uri.query() else { return Ok(()) };
    for (i, pair) in query.split('&').enumerate() {
        f.write_str(if i == 0 { "?" } else { "&" })?;
        match pair.split_once('=') {
            Some((name, _)) if is_secret_param(name) => write!(f, "{name}=REDACTED")?,
            _ => f.write_str(pair)?,
        }
    }
    Ok(())
}

fn write_path(f: &mut fmt::Formatter<'_>, path: &str) -> fmt::Result {
    // Case-insensitive: routes are matched exactly, but a log must not leak a miscased probe.
    let prefix = SECRET_PATH_PREFIXES
        .iter()
        .find(|p| path.len() > p.len() && path.as_bytes()[..p.len()].eq_ignore_ascii_case(p.as_bytes()));
    let Some(prefix) = prefix else { return f.write_str(path) };
    let rest = &path[prefix.len()..];
    let after = rest.find('/').map_or("", |i| &rest[i..]);
    write!(f, "{}REDACTED{after}", &path[..prefix.len()])
}

/// A query parameter name (percent-decoded names too: `%74oken` is `token` to the router).
fn is_secret_param(name: &str) -> bool {
    let decoded = percent_decoded_lowercase(name);
    SECRET_PARAMS.contains(&decoded.as_str())
}

fn percent_decoded_lowercase(name: &str) -> String {
    let bytes = name.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1).copied().and_then(hex), bytes.get(i + 2).copied().and_then(hex)) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::sync::{Arc, Mutex};

    use actix_web::test::{call_service, init_service, TestRequest};
    use actix_web::{web, App, HttpResponse};

    use super::*;
    use crate::ApiError;

    #[test]
    fn a_line_reads_request_status_size_and_milliseconds() {
        let (method, uri) = (Method::GET, Uri::from_static("/api/projects/1/tasks/?a=%20b"));
        let line = AccessLine {
            method: &method,
            uri: &uri,
            version: Version::HTTP_11,
            status: 304,
            size: 1234,
            elapsed: Duration::from_nanos(13_435),
        };
        assert_eq!(line.to_string(), "GET /api/projects/1/tasks/?a=%20b HTTP/1.1 304 1234 0.013435ms");
        let slow = AccessLine { elapsed: Duration::from_micros(2_500_001), ..line };
        assert_eq!(slow.to_string(), "GET /api/projects/1/tasks/?a=%20b HTTP/1.1 304 1234 2500.001000ms");
    }

    #[test]
    fn a_download_signature_never_reaches_the_line() {
        let (method, uri) =
            (Method::GET, Uri::from_static("/api/documents/7/download/?expires=1795453486&signature=abcdef0123"));
        let line = AccessLine {
            method: &method,
            uri: &uri,
            version: Version::HTTP_11,
            status: 200,
            size: 10,
            elapsed: Duration::from_nanos(1),
        };
        assert_eq!(
            line.to_string(),
            "GET /api/documents/7/download/?expires=1795453486&signature=REDACTED HTTP/1.1 200 10 0.000001ms"
        );
    }

    fn line_of(uri: &'static str) -> String {
        let (method, uri) = (Method::GET, Uri::from_static(uri));
        AccessLine {
            method: &method,
            uri: &uri,
            version: Version::HTTP_11,
            status: 200,
            size: 1,
            elapsed: Duration::ZERO,
        }
        .to_string()
    }

    #[test]
    fn share_and_reset_tokens_never_reach_the_line() {
        let token = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
        for (uri, logged) in [
            (format!("/share/{token}"), "GET /share/REDACTED HTTP/1.1"),
            (format!("/api/share/{token}/"), "GET /api/share/REDACTED/ HTTP/1.1"),
            (format!("/API/Share/{token}/"), "GET /API/Share/REDACTED/ HTTP/1.1"),
            (format!("/reset-password?token={token}"), "GET /reset-password?token=REDACTED HTTP/1.1"),
            (format!("/reset-password?a=1&%74oken={token}"), "GET /reset-password?a=1&%74oken=REDACTED HTTP/1.1"),
            (
                format!("/api/x/?TOKEN={token}&signature={token}"),
                "GET /api/x/?TOKEN=REDACTED&signature=REDACTED HTTP/1.1",
            ),
        ] {
            let line = line_of(Box::leak(uri.into_boxed_str()));
            assert!(line.starts_with(logged), "{line}");
            assert!(!line.contains(token), "{line}");
        }
        // Nothing else is touched.
        assert!(line_of("/share/").starts_with("GET /share/ HTTP"));
        assert!(line_of("/api/shares/?project=1").starts_with("GET /api/shares/?project=1 HTTP"));
        assert!(line_of("/api/projects/1/?tokens=3").starts_with("GET /api/projects/1/?tokens=3 HTTP"));
    }

    #[test]
    fn sane_request_ids_are_short_visible_ascii() {
        for ok in ["a", "req-42", "0f8c2a6e-1f5b-4a8e-9f0b-2b1c3d4e5f60", &"x".repeat(MAX_REQUEST_ID_LEN)] {
            assert!(is_sane_request_id(ok.as_bytes()), "{ok}");
        }
        for bad in ["", "two words", "tab\there", "new\nline", "caf\u{e9}", &"x".repeat(MAX_REQUEST_ID_LEN + 1)] {
            assert!(!is_sane_request_id(bad.as_bytes()), "{bad:?}");
        }
    }

    /// A `Write` a test can read back.
    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl Write for Captured {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Captured {
        fn text(&self) -> String {
            String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
        }
    }

    #[actix_web::test]
    async fn the_error_log_of_a_5xx_names_the_request_id() {
        let logs = Captured::default();
        let writer = logs.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_ansi(false)
            .with_env_filter("info")
            .with_writer(move || writer.clone())
            .finish();
        let _guard = tracing::subscriber::set_default(subscriber);
        let app = init_service(
            App::new()
                .wrap(actix_web::middleware::from_fn(crate::headers::security_headers))
                .wrap(middleware())
                .route("/boom", web::get().to(|| async { Err::<HttpResponse, _>(ApiError::internal("disk on fire")) })),
        )
        .await;
        let req = TestRequest::get().uri("/boom").insert_header((REQUEST_ID_HEADER, "boom-1")).to_request();
        let res = call_service(&app, req).await;
        assert_eq!(res.status(), 500);
        assert_eq!(res.headers().get(REQUEST_ID_HEADER).unwrap(), "boom-1");
        let text = logs.text();
        let failed = text.lines().find(|l| l.contains("request failed")).unwrap_or_else(|| panic!("{text}"));
        assert!(failed.contains("request_id=boom-1") && failed.contains("disk on fire"), "{failed}");
        let access = text.lines().find(|l| l.contains(TARGET)).unwrap_or_else(|| panic!("{text}"));
        assert!(access.contains("request_id=boom-1") && access.contains("GET /boom HTTP/1.1 500 "), "{access}");
    }
}
