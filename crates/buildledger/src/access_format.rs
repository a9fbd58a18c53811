//! The text format of log lines, with a fast path for the access log (one line per request).
//!
//! tracing-subscriber's default format builds each line field by field: the timestamp is turned
//! into a calendar date on every line, and the message is written one character at a time
//! through an escaper for terminal control sequences. Measured on a revalidated board read (the
//! cheapest request), that made the access-log line ~20% of the request's cost. Access lines
//! are produced by our own middleware from parsed request parts (method, path, version, status,
//! sizes: no control characters can occur), so they skip the escaper, and the date part of the
//! timestamp is computed once per second per thread. The line reads exactly as before:
//!
//! `2026-11-23T17:04:46.071404Z  INFO buildledger::access: GET /api/projects/1/tasks/ HTTP/1.1 304 0 0.013435ms`
//!
//! Every other event, and access lines on a colour terminal, use the default format.

use std::cell::RefCell;
use std::fmt::{self, Write as _};
use std::time::{SystemTime, UNIX_EPOCH};

use buildledger_http::access::AccessLine;
use tracing::field::{Field, Visit};
use tracing::{Event, Subscriber};
use tracing_subscriber::fmt::format::{FormatEvent, FormatFields, Writer};
use tracing_subscriber::fmt::FmtContext;
use tracing_subscriber::registry::LookupSpan;

/// The target the access-log middleware logs under (`crates/http/src/access.rs`).
pub const ACCESS_TARGET: &str = buildledger_http::access::TARGET;

/// Wraps the default format `F`; see the module docs.
pub struct AccessFast<F>(pub F);

impl<S, N, F> FormatEvent<S, N> for AccessFast<F>
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
    F: FormatEvent<S, N>,
{
    fn format_event(&self, ctx: &FmtContext<'_, S, N>, mut writer: Writer<'_>, event: &Event<'_>) -> fmt::Result {
        let meta = event.metadata();
        if meta.target() != ACCESS_TARGET || writer.has_ansi_escapes() || ctx.lookup_current().is_some() {
            return self.0.format_event(ctx, writer, event);
        }
        write_timestamp(&mut writer, SystemTime::now())?;
        write!(writer, " {:>5} {}: ", meta.level().as_str(), ACCESS_TARGET)?;
        let mut message = Message { writer: &mut writer, result: Ok(()) };
        event.record(&mut message);
        message.result?;
        writer.write_char('\n')
    }
}

/// Writes the `message` field as it is, and any other field as ` name=value`.
struct Message<'a, 'w> {
    writer: &'a mut Writer<'w>,
    result: fmt::Result,
}

impl Visit for Message<'_, '_> {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        if self.result.is_err() {
            return;
        }
        self.result = if field.name() == "message" {
            write!(self.writer, "{value:?}")
        } else {
            write!(self.writer, " {}={value:?}", field.name())
        };
    }
}

/// Writes an access line as the fast path above does (`buildledger_http::access::set_sink`
/// sends the lines here without a `tracing` event): same text, byte for byte.
pub fn write_access_line(buf: &mut Vec<u8>, line: &AccessLine<'_>, now: SystemTime) {
    struct Bytes<'a>(&'a mut Vec<u8>);
    impl fmt::Write for Bytes<'_> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            self.0.extend_from_slice(s.as_bytes());
            Ok(())
        }
    }
    let mut out = Bytes(buf);
    // Writing into a Vec cannot fail.
    let _ = write_timestamp(&mut out, now).and_then(|()| writeln!(out, " {:>5} {}: {line}", "INFO", ACCESS_TARGET));
}

thread_local! {
    /// The second last formatted on this thread, and its `YYYY-MM-DDTHH:MM:SS` text.
    static SECOND: RefCell<(u64, String)> = const { RefCell::new((u64::MAX, String::new())) };
}

/// RFC 3339 in UTC with microseconds, as tracing-subscriber writes it.
fn write_timestamp(writer: &mut impl fmt::Write, now: SystemTime) -> fmt::Result {
    let since = now.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = since.as_secs();
    SECOND.with(|cell| {
        let mut cached = cell.borrow_mut();
        if cached.0 != secs {
            let date = chrono::DateTime::from_timestamp(i64::try_from(secs).unwrap_or(i64::MAX), 0).unwrap_or_default();
            cached.1.clear();
            write!(cached.1, "{}", date.format("%Y-%m-%dT%H:%M:%S"))?;
            cached.0 = secs;
        }
        write!(writer, "{}.{:06}Z", cached.1, since.subsec_micros())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logging::Sink;

    /// Lines written by `emit` with the default format and with ours.
    fn both(emit: impl Fn()) -> (String, String) {
        let default_sink = Sink::default();
        let fast_sink = Sink::default();
        let writer = default_sink.clone();
        let default = tracing_subscriber::fmt().with_ansi(false).with_writer(move || writer.clone()).finish();
        tracing::subscriber::with_default(default, &emit);
        let writer = fast_sink.clone();
        let fast = tracing_subscriber::fmt()
            .with_ansi(false)
            .event_format(AccessFast(tracing_subscriber::fmt::format()))
            .with_writer(move || writer.clone())
            .finish();
        tracing::subscriber::with_default(fast, &emit);
        let text = |s: Sink| String::from_utf8(s.0.lock().unwrap().clone()).unwrap();
        (text(default_sink), text(fast_sink))
    }

    /// Drops the timestamps (they differ by a few microseconds).
    fn without_time(lines: &str) -> Vec<String> {
        lines
            .lines()
            .map(|l| l.split_once(' ').map(|(time, rest)| format!("{}|{rest}", time.len())).unwrap_or_default())
            .collect()
    }

    #[test]
    fn access_lines_read_exactly_as_with_the_default_format() {
        let (default, fast) = both(|| {
            let (size, nanos) = (1234u64, 13_435u128);
            tracing::info!(target: "buildledger::access", "GET /api/projects/1/tasks/?a=%20b HTTP/1.1 304 {size} {}.{:06}ms", nanos / 1_000_000, nanos % 1_000_000);
            tracing::info!(target: "buildledger", addr = "127.0.0.1:8080", "BuildLedger is serving");
        });
        assert_eq!(without_time(&fast), without_time(&default));
        assert!(
            fast.contains(
                "  INFO buildledger::access: GET /api/projects/1/tasks/?a=%20b HTTP/1.1 304 1234 0.013435ms\n"
            ),
            "{fast}"
        );
        assert_eq!(fast.lines().count(), 2);
    }

    #[test]
    fn access_lines_written_without_tracing_read_exactly_as_tracing_ones() {
        let (method, uri) =
            (actix_web::http::Method::GET, actix_web::http::Uri::from_static("/api/projects/1/tasks/?a=%20b"));
        let line = AccessLine {
            method: &method,
            uri: &uri,
            version: actix_web::http::Version::HTTP_11,
            status: 304,
            size: 1234,
            elapsed: std::time::Duration::from_nanos(13_435),
        };
        let (default, _) = both(|| tracing::info!(target: "buildledger::access", "{line}"));
        let mut direct = Vec::new();
        write_access_line(&mut direct, &line, SystemTime::now());
        let direct = String::from_utf8(direct).unwrap();
        assert_eq!(without_time(&direct), without_time(&default));
        assert!(
            direct.ends_with(
                "Z  INFO buildledger::access: GET /api/projects/1/tasks/?a=%20b HTTP/1.1 304 1234 0.013435ms\n"
            ),
            "{direct}"
        );
    }

    #[test]
    fn timestamps_match_tracing_subscribers_across_seconds() {
        for (secs, micros, text) in [
            (0u64, 0u32, "1970-01-01T00:00:00.000000Z"),
            (1_795_453_486, 71_404, "2026-11-23T17:04:46.071404Z"),
            (1_795_453_487, 5, "2026-11-23T17:04:47.000005Z"),
        ] {
            let at = UNIX_EPOCH + std::time::Duration::new(secs, micros * 1000);
            let mut out = String::new();
            write_timestamp(&mut out, at).unwrap();
            assert_eq!(out, text);
        }
    }
}
