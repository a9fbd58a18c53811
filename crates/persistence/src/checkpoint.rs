//! SQLite's WAL checkpoints, off the write path.
//!
//! With `wal_autocheckpoint` on, the committing connection copies the WAL back into the database
//! every 1,000 pages, fsyncing both files while it holds the write lock; on a slow disk that stall
//! dominated. The writer turns it off (`Policy::SQLITE` in `queue.rs`) and this thread runs
//! `PRAGMA wal_checkpoint(PASSIVE)` on its own connection after writes (PASSIVE never blocks
//! readers or the writer).
//!
//! PASSIVE copies pages back but never shrinks the WAL file: after a burst (seeding 10,000 rows)
//! it stayed at its peak, 215 MB. Once no write has come for [`IDLE_BEFORE_TRUNCATE`], the
//! thread runs one `wal_checkpoint(TRUNCATE)`, which resets the file to zero bytes; it waits for
//! readers and holds writers off only while it runs, which is why it waits for a quiet moment.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Weak;
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::sql_types::Integer;
use diesel::RunQueryDsl;

use crate::connection::{ConnectionManager, PooledConnection};

/// How often the checkpointer looks for new commits.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(200);

/// How long the database must go without a commit before the WAL file is truncated.
pub const IDLE_BEFORE_TRUNCATE: Duration = Duration::from_secs(2);

/// `PRAGMA wal_checkpoint`'s answer: `busy` is 1 when it could not finish (a reader in the way).
#[derive(diesel::QueryableByName)]
struct CheckpointResult {
    #[diesel(sql_type = Integer)]
    busy: i32,
}

/// Truncates the WAL; true when done, false when a reader or writer was in the way.
fn truncate(conn: &mut PooledConnection) -> bool {
    match diesel::sql_query("PRAGMA wal_checkpoint(TRUNCATE)").load::<CheckpointResult>(&mut conn.conn) {
        Ok(rows) => rows.first().is_some_and(|r| r.busy == 0),
        Err(e) => {
            tracing::debug!(error = %e, "WAL truncation skipped; retrying when idle");
            false
        }
    }
}

/// Checkpoints the WAL after writes, off the writer's path, until the writer is dropped.
pub(crate) fn spawn_checkpointer(commits: Weak<AtomicU64>, manager: ConnectionManager) {
    let spawned = std::thread::Builder::new().name("sqlite-checkpoint".into()).spawn(move || {
        let mut conn: Option<PooledConnection> = None;
        let mut seen = 0;
        // When the last commit was seen, and whether the WAL was truncated since.
        let mut last_commit = Instant::now();
        let mut truncated = true;
        loop {
            std::thread::sleep(CHECKPOINT_EVERY);
            let Some(commits) = commits.upgrade() else { return };
            let now = commits.load(Ordering::Relaxed);
            drop(commits);
            if conn.is_none() {
                use r2d2::ManageConnection;
                conn = manager.connect().ok();
            }
            if now == seen {
                if !truncated && last_commit.elapsed() >= IDLE_BEFORE_TRUNCATE {
                    if let Some(c) = conn.as_mut() {
                        truncated = truncate(c);
                    }
                }
                continue;
            }
            seen = now;
            last_commit = Instant::now();
            truncated = false;
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
