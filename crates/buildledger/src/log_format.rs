//! The text log format: tracing-subscriber's default `Full` format, with access lines (one per
//! request, target [`buildledger_http::request_log::TARGET`]) written by a short path that gives
//! the same line.
//!
//! The default formatter formats the timestamp from scratch and escapes every message byte by
//! byte; for the one line every request writes, this path reuses the timestamp's date and time
//! for the whole second and copies the message as is. No escaping is needed there: the line is
//! the method, the request target and numbers, and the HTTP parser (httparse) admits no control
//! bytes in a method or target, so the line cannot carry a terminal escape sequence.
// Kept with the request middleware (http/src/request_log.rs): together +17% on 304 revalidations.

use std::cell::RefCell;
use std::fmt::{self, Write as _};
use std::time::{SystemTime, UNIX_EPOCH};

use buildledger_http::request_log::TARGET;
use tracing::field::{Field, Visit};
use tracing::{Event, Subscriber};
use tracing_subscriber::fmt::format::{Format, Full, Writer};
use tracing_subscriber::fmt::time::SystemTime as DefaultTimer;
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields, FormattedFields};
use tracing_subscriber::registry::LookupSpan;

/// The default `Full` format (target shown), with the access-line path.
pub struct TextLines {
    full: Format<Full, DefaultTimer>,
}

impl TextLines {
    pub fn new(ansi: bool) -> Self {
        TextLines { full: Format::default().with_target(true).with_ansi(ansi) }
    }
}

impl<S, N> FormatEvent<S, N> for TextLines
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(&self, ctx: &FmtContext<'_, S, N>, mut w: Writer<'_>, event: &Event<'_>) -> fmt::Result {
        let meta = event.metadata();
        // Colours (a terminal) are not a hot path: the default formatter handles them.
        if w.has_ansi_escapes() || meta.target() != TARGET {
            return self.full.format_event(ctx, w, event);
        }
        write_timestamp(&mut w, SystemTime::now())?;
        write!(w, " {:>5} ", meta.level())?;
        // `request{request_id=...}:`, exactly as `Full` writes a span scope.
        if let Some(scope) = ctx.event_scope() {
            let mut seen = false;
            for span in scope.from_root() {
                w.write_str(span.name())?;
                seen = true;
                if let Some(fields) = span.extensions().get::<FormattedFields<N>>() {
                    if !fields.is_empty() {
                        write!(w, "{{{fields}}}")?;
                    }
                }
                w.write_char(':')?;
            }
            if seen {
                w.write_char(' ')?;
            }
        }
        write!(w, "{}: ", meta.target())?;
        let mut message = Message { w: &mut w, result: Ok(()) };
        event.record(&mut message);
        message.result?;
        w.write_char('\n')
    }
}

/// Writes the `message` field only (access lines have no other field).
struct Message<'a, 'w> {
    w: &'a mut Writer<'w>,
    result: fmt::Result,
}

impl Visit for Message<'_, '_> {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        if field.name() == "message" && self.result.is_ok() {
            self.result = write!(self.w, "{value:?}");
        }
    }
}

thread_local! {
    /// The second last formatted on this thread and its text, `2026-11-24T07:17:22`.
    static SECOND: RefCell<(u64, String)> = const { RefCell::new((u64::MAX, String::new())) };
}

/// `2026-11-24T07:17:22.039026Z`, the default timer's RFC 3339 form with microseconds.
fn write_timestamp(w: &mut impl fmt::Write, now: SystemTime) -> fmt::Result {
    let since = now.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = since.as_secs();
    SECOND.with(|cell| {
        let mut cached = cell.borrow_mut();
        if cached.0 != secs {
            let at = chrono::DateTime::<chrono::Utc>::from(UNIX_EPOCH + std::time::Duration::from_secs(secs));
            cached.1.clear();
            write!(cached.1, "{}", at.format("%Y-%m-%dT%H:%M:%S"))?;
            cached.0 = secs;
        }
        write!(w, "{}.{:06}Z", cached.1, since.subsec_micros())
    })
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    use tracing_subscriber::fmt::time::FormatTime;

    use super::*;

    #[test]
    fn timestamps_read_like_the_default_timer() {
        let mut ours = String::new();
        write_timestamp(&mut ours, UNIX_EPOCH + Duration::from_micros(1_795_512_000_123_456)).unwrap();
        assert_eq!(ours, "2026-11-24T09:20:00.123456Z");
        // The default timer, now, has the same shape.
        let mut theirs = String::new();
        DefaultTimer.format_time(&mut Writer::new(&mut theirs)).unwrap();
        assert_eq!(theirs.len(), ours.len(), "{theirs}");
        assert_eq!((&theirs[4..5], &theirs[10..11], &theirs[19..20], &theirs[26..]), ("-", "T", ".", "Z"));
    }

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

    /// The lines `log` writes with one format, timestamps cut off.
    fn lines_with(fast: bool, log: impl Fn()) -> Vec<String> {
        let out = Captured::default();
        let writer = out.clone();
        let builder = tracing_subscriber::fmt().with_ansi(false).with_target(true).with_writer(move || writer.clone());
        if fast {
            tracing::subscriber::with_default(builder.event_format(TextLines::new(false)).finish(), &log);
        } else {
            tracing::subscriber::with_default(builder.finish(), &log);
        }
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        text.lines().map(|l| l[27..].to_string()).collect()
    }

    #[test]
    fn access_lines_and_others_read_exactly_as_the_default_format_writes_them() {
        let log = || {
            let span = tracing::info_span!("request", request_id = %"abc-1");
            let _in = span.enter();
            let line = "GET /api/projects/1/tasks/?q=a%20b HTTP/1.1 200 47822 0.104211ms";
            tracing::info!(target: TARGET, "{line}");
            tracing::warn!(user = 7, "a \"quoted\" other line");
            drop(_in);
            tracing::info!(target: TARGET, "outside any request");
        };
        let ours = lines_with(true, log);
        assert_eq!(ours, lines_with(false, log));
        assert_eq!(
            ours[0],
            "  INFO request{request_id=abc-1}: buildledger::access: \
             GET /api/projects/1/tasks/?q=a%20b HTTP/1.1 200 47822 0.104211ms"
        );
        assert_eq!(ours.len(), 3);
    }
}
