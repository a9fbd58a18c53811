//! Log output that costs a request almost nothing: each formatted line is appended to a shared
//! buffer, and a background thread writes the buffer to stdout every [`FLUSH_EVERY`].
//!
//! Why not a channel to a writer thread (tracing-appender's `non_blocking`, used before)? That
//! thread sleeps on the channel, so under load nearly every line woke it: a futex call, a
//! context switch and a `write` per line: with one access line per request, a large share of
//! the CPU a revalidated board read costs (figures in docs/benchmarks.md).
//! Here the writer wakes on a timer instead, whatever the request rate.
//!
//! Lines are never written by a request thread. If stdout stops draining, at most
//! [`MAX_PENDING`] bytes wait; further lines are dropped and counted (a notice follows).

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use tracing_subscriber::fmt::MakeWriter;

/// How often buffered lines are written out.
pub const FLUSH_EVERY: Duration = Duration::from_millis(50);
/// Bytes that may wait for the writer before lines are dropped.
pub const MAX_PENDING: usize = 8 * 1024 * 1024;

struct Shared {
    pending: Mutex<Vec<u8>>,
    dropped: AtomicU64,
    stop: AtomicBool,
}

/// The `MakeWriter` given to the tracing subscriber.
#[derive(Clone)]
pub struct BatchedWriter {
    shared: Arc<Shared>,
}

/// Stops the writer thread and writes what is left when dropped (keep it alive in `main`).
pub struct FlushGuard {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

/// A writer for `out`, flushed every [`FLUSH_EVERY`] by a background thread.
pub fn batched<W: Write + Send + 'static>(out: W) -> (BatchedWriter, FlushGuard) {
    let shared = Arc::new(Shared {
        pending: Mutex::new(Vec::with_capacity(64 * 1024)),
        dropped: AtomicU64::new(0),
        stop: AtomicBool::new(false),
    });
    let worker = shared.clone();
    let thread = std::thread::Builder::new()
        .name("log-writer".into())
        .spawn(move || {
            let mut out = out;
            let mut batch = Vec::with_capacity(64 * 1024);
            loop {
                let stopping = worker.stop.load(Ordering::Acquire);
                if !stopping {
                    std::thread::park_timeout(FLUSH_EVERY);
                }
                {
                    let mut pending = worker.pending.lock().unwrap_or_else(|p| p.into_inner());
                    std::mem::swap(&mut *pending, &mut batch);
                }
                let dropped = worker.dropped.swap(0, Ordering::Relaxed);
                if dropped > 0 {
                    batch.extend_from_slice(format!("log: {dropped} lines dropped (output too slow)\n").as_bytes());
                }
                if !batch.is_empty() {
                    // Nowhere to report a failed log write; the next batch tries again.
                    let _ = out.write_all(&batch).and_then(|()| out.flush());
                    batch.clear();
                }
                if stopping {
                    break;
                }
            }
        })
        .expect("cannot start the log writer thread");
    (BatchedWriter { shared: shared.clone() }, FlushGuard { shared, thread: Some(thread) })
}

impl Drop for FlushGuard {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Release);
        if let Some(thread) = self.thread.take() {
            thread.thread().unpark();
            let _ = thread.join();
        }
    }
}

/// One event's line (tracing formats an event fully, then writes it in one call).
pub struct LineWriter<'a> {
    shared: &'a Shared,
}

impl Write for LineWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut pending = self.shared.pending.lock().unwrap_or_else(|p| p.into_inner());
        if pending.len() + buf.len() > MAX_PENDING {
            self.shared.dropped.fetch_add(1, Ordering::Relaxed);
        } else {
            pending.extend_from_slice(buf);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> MakeWriter<'a> for BatchedWriter {
    type Writer = LineWriter<'a>;

    fn make_writer(&'a self) -> Self::Writer {
        LineWriter { shared: &self.shared }
    }
}

/// A `Write` whose bytes a test can read.
#[cfg(test)]
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

#[cfg(test)]
impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_reach_the_output_in_order_and_all_of_them_on_drop() {
        let sink = Sink::default();
        let (writer, guard) = batched(sink.clone());
        for i in 0..1000 {
            writer.make_writer().write_all(format!("line {i}\n").as_bytes()).unwrap();
        }
        drop(guard);
        let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 1000);
        assert_eq!(lines[0], "line 0");
        assert_eq!(lines[999], "line 999");
    }

    #[test]
    fn lines_are_written_without_waiting_for_the_end() {
        let sink = Sink::default();
        let (writer, _guard) = batched(sink.clone());
        writer.make_writer().write_all(b"hello\n").unwrap();
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        while sink.0.lock().unwrap().is_empty() {
            assert!(std::time::Instant::now() < deadline, "not flushed");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    #[test]
    fn a_stalled_output_drops_lines_instead_of_growing_without_bound() {
        let shared =
            Shared { pending: Mutex::new(Vec::new()), dropped: AtomicU64::new(0), stop: AtomicBool::new(false) };
        let mut w = LineWriter { shared: &shared };
        let line = vec![b'x'; 1024];
        for _ in 0..(MAX_PENDING / 1024 + 10) {
            w.write_all(&line).unwrap();
        }
        assert!(shared.pending.lock().unwrap().len() <= MAX_PENDING);
        assert_eq!(shared.dropped.load(Ordering::Relaxed), 10);
    }
}
