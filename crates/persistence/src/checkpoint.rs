//! SQLite's WAL checkpoints, off the write path.
//!
//! With `wal_autocheckpoint` on, the committing connection copies the WAL back into the database
//! every 1,000 pages, fsyncing both files while it holds the write lock; on a slow disk that stall
//! dominated. The writer turns it off (`Policy::SQLITE` in `queue.rs`) and this thread runs
//! `PRAGMA wal_checkpoint(PASSIVE)` on its own connection after writes (PASSIVE never blocks
//! readers or the writer).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Weak;
use std::time::Duration;

use diesel::connection::SimpleConnection;

use crate::db::{ConnectionManager, PooledConnection};

/// How often the checkpointer looks for new commits.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(200);

/// Checkpoints the WAL after writes, off the writer's path, until the writer is dropped.
pub(crate) fn spawn_checkpointer(commits: Weak<AtomicU64>, manager: ConnectionManager) {
    let spawned = std::thread::Builder::new().name("sqlite-checkpoint".into()).spawn(move || {
        let mut conn: Option<PooledConnection> = None;
        let mut seen = 0;
        loop {
            std::thread::sleep(CHECKPOINT_EVERY);
            let Some(commits) = commits.upgrade() else { return };
            let now = commits.load(Ordering::Relaxed);
            drop(commits);
            if now == seen {
                continue;
            }
            seen = now;
            if conn.is_none() {
                use r2d2::ManageConnection;
                conn = manager.connect().ok();
            }
            if let Some(c) = conn.as_mut() {
                match c.conn.batch_execute("PRAGMA wal_checkpoint(PASSIVE)") {
                    Ok(()) => {}
                    // SQLITE_BUSY: another connection is checkpointing right now (SQLite does it
                    // when the last connection to a database closes). Nothing is wrong; the next
                    // round copies what is left.
                    Err(e) if e.to_string().contains("database is locked") => {
                        seen = 0;
                        tracing::debug!(error = %e, "WAL checkpoint skipped: another one is running");
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "WAL checkpoint failed; retrying on a new connection");
                        conn = None;
                    }
                }
            }
        }
    });
    if let Err(e) = spawned {
        tracing::error!(error = %e, "cannot start the WAL checkpointer");
    }
}
