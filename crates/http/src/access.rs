//! The access log: one line per request, written by the outermost middleware (`headers.rs`).
//!
//! By default each line is a `tracing` event (target [`TARGET`], level INFO), so it follows the
//! subscriber's filter and format, JSON included. A process may install a [`set_sink`] instead:
//! the binary does when it writes plain text, and appends the line to its log buffer directly.
//! A `tracing` event costs its dispatch through the subscriber's layers and a visit of its
//! fields, about a tenth of the CPU of the cheapest request (a revalidated board read,
//! docs/benchmarks.md). Whether lines are written at all is still `tracing`'s decision
//! (`RUST_LOG`), made once per request by the middleware.

use std::fmt;
use std::sync::OnceLock;
use std::time::Duration;

use actix_web::http::{Method, Uri, Version};

/// The target access lines are logged under.
pub const TARGET: &str = "buildledger::access";

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
        // From integers: float formatting is slower.
        let nanos = self.elapsed.as_nanos();
        write!(
            f,
            "{} {} {:?} {} {} {}.{:06}ms",
            self.method,
            self.uri,
            self.version,
            self.status,
            self.size,
            nanos / 1_000_000,
            nanos % 1_000_000
        )
    }
}

type Sink = Box<dyn Fn(&AccessLine<'_>) + Send + Sync>;

static SINK: OnceLock<Sink> = OnceLock::new();

/// Sends every access line of this process to `sink` instead of a `tracing` event. Once per
/// process: returns false (and changes nothing) if a sink is already installed.
pub fn set_sink(sink: impl Fn(&AccessLine<'_>) + Send + Sync + 'static) -> bool {
    SINK.set(Box::new(sink)).is_ok()
}

/// Whether access lines are wanted (the `tracing` filter for [`TARGET`] at INFO).
pub(crate) fn enabled() -> bool {
    tracing::enabled!(target: "buildledger::access", tracing::Level::INFO)
}

pub(crate) fn record(line: &AccessLine<'_>) {
    match SINK.get() {
        Some(sink) => sink(line),
        None => tracing::info!(target: "buildledger::access", "{line}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
