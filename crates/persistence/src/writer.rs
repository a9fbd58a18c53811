//! SQLite's one writer, with group commit, and the checkpointer that keeps fsync off its path.
//!
//! SQLite allows one writer at a time, so every write of this process runs on one thread that
//! owns one connection (opened on first use, reopened if it breaks). Our write transactions
//! never meet SQLITE_BUSY on a lock upgrade, readers are not blocked (WAL), and a write waiting
//! for its turn holds no pooled connection that readers need.
//!
//! **Why a thread, not a lock.** With a lock, each handoff waits for the next writer's thread
//! to be woken and scheduled while the database sits idle; under 32 concurrent writers a third
//! of the machine was idle that way. The writer thread takes the next write from its queue
//! without waiting for anyone.
//!
//! **Group commit.** A commit writes every page the transaction touched to the WAL, and a move
//! on a board touches the same few pages as the move before it. So the writer takes everything
//! queued (up to [`MAX_BATCH`]) into one transaction: each write runs in its own savepoint (a
//! failure rolls back only its own part) and one COMMIT keeps them all. Nobody is told "done"
//! before that COMMIT succeeds, so an acknowledged write is as durable as with one transaction
//! each. A write alone pays nothing extra: BEGIN, its statements, COMMIT, as before.
//!
//! **Checkpoints.** With `wal_autocheckpoint` on, the committing connection copies the WAL back
//! into the database every 1,000 pages, fsyncing both files while it holds the write lock; on a
//! slow disk that stall dominated. The writer turns it off and a background thread runs
//! `PRAGMA wal_checkpoint(PASSIVE)` on its own connection after writes (PASSIVE never blocks
//! readers or the writer).

use std::any::Any;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, SyncSender};
use std::sync::{Arc, Weak};
use std::time::Duration;

use buildledger_application::error::RepoError;
use diesel::connection::{SimpleConnection, TransactionManager};
use diesel::result::Error as DieselError;
use diesel::Connection;

use crate::db::{db_err, ConnectionManager, DbConnection, PooledConnection};

/// Most writes committed together. Bounds how long the first write of a batch waits for the
/// others (each move takes a fraction of a millisecond).
pub const MAX_BATCH: usize = 64;

/// How often the checkpointer looks for new commits.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(200);

type Tm = <DbConnection as Connection>::TransactionManager;

/// Why a write that had succeeded on its own was not kept, or could not run.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct BatchFailed(String);

/// How a batch ended, for the writes in it.
enum Ended {
    Committed,
    /// Rolled back: the writes that had run are not kept.
    RolledBack(String),
    /// The database could not be opened: nothing ran.
    Unavailable(String),
}

/// What `run` saw of one write.
enum Ran {
    Ok,
    Failed { keeps_transaction: bool },
    Panicked,
}

/// A write queued for the writer thread.
trait Job: Send {
    /// Runs the write, in a savepoint of the batch's transaction when it shares it.
    fn run(&mut self, conn: &mut DbConnection, savepoint: bool) -> Ran;
    /// Tells the caller how its write ended.
    fn finish(self: Box<Self>, ended: &Ended);
}

enum Reply<T> {
    Done(Result<T, RepoError>),
    Panicked(Box<dyn Any + Send>),
}

struct WriteJob<T, F> {
    f: Option<F>,
    outcome: Option<Result<T, DieselError>>,
    panic: Option<Box<dyn Any + Send>>,
    reply: SyncSender<Reply<T>>,
}

impl<T: Send, F: FnOnce(&mut DbConnection) -> Result<T, DieselError> + Send> Job for WriteJob<T, F> {
    fn run(&mut self, conn: &mut DbConnection, savepoint: bool) -> Ran {
        let Some(f) = self.f.take() else {
            return Ran::Failed { keeps_transaction: true };
        };
        match catch_unwind(AssertUnwindSafe(|| if savepoint { conn.transaction(f) } else { f(conn) })) {
            Ok(Ok(value)) => {
                self.outcome = Some(Ok(value));
                Ran::Ok
            }
            Ok(Err(e)) => {
                let keeps_transaction = keeps_transaction(&e);
                self.outcome = Some(Err(e));
                Ran::Failed { keeps_transaction }
            }
            Err(panic) => {
                self.panic = Some(panic);
                Ran::Panicked
            }
        }
    }

    fn finish(self: Box<Self>, ended: &Ended) {
        let WriteJob { outcome, panic, reply, .. } = *self;
        let failed = |why: &str| {
            RepoError::Other(Box::new(BatchFailed(format!(
                "the transaction holding this write was not committed: {why}"
            ))))
        };
        let message = match (panic, outcome) {
            (Some(panic), _) => Reply::Panicked(panic),
            (None, Some(Err(e))) => Reply::Done(Err(db_err(e))),
            (None, Some(Ok(value))) => Reply::Done(match ended {
                Ended::Committed => Ok(value),
                Ended::RolledBack(why) | Ended::Unavailable(why) => Err(failed(why)),
            }),
            (None, None) => Reply::Done(Err(match ended {
                Ended::Unavailable(why) => RepoError::Unavailable(Box::new(BatchFailed(why.clone()))),
                Ended::Committed | Ended::RolledBack(_) => failed("the write did not run"),
            })),
        };
        // The caller may have stopped waiting only if it is unwinding; nothing to do then.
        let _ = reply.send(message);
    }
}

/// The handle every `Db` clone shares. Dropping the last one stops the writer thread once the
/// queue is empty.
pub struct Writer {
    queue: Sender<Box<dyn Job>>,
    commits: Arc<AtomicU64>,
}

impl Writer {
    /// Starts the writer thread and its checkpointer.
    pub fn start(manager: ConnectionManager) -> Result<Writer, std::io::Error> {
        let (queue, jobs) = std::sync::mpsc::channel::<Box<dyn Job>>();
        let commits = Arc::new(AtomicU64::new(0));
        let thread_commits = commits.clone();
        let checkpoints = manager.uncounted();
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || run_writer(&jobs, &manager, &thread_commits))?;
        spawn_checkpointer(Arc::downgrade(&commits), checkpoints);
        Ok(Writer { queue, commits })
    }

    /// Batches committed so far.
    pub fn batches_committed(&self) -> u64 {
        self.commits.load(Ordering::Relaxed)
    }

    /// Runs `f` on the writer thread in a transaction: all of `f` is kept or none, and this
    /// returns only once it is committed (or failed). A panic in `f` is raised again here.
    pub fn write<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut DbConnection) -> Result<T, DieselError> + Send + 'static,
    ) -> Result<T, RepoError> {
        let (reply, answer) = std::sync::mpsc::sync_channel(1);
        let job: Box<dyn Job> = Box::new(WriteJob { f: Some(f), outcome: None, panic: None, reply });
        if self.queue.send(job).is_err() {
            return Err(RepoError::Unavailable(Box::new(BatchFailed("the database writer has stopped".into()))));
        }
        match answer.recv() {
            Ok(Reply::Done(result)) => result,
            Ok(Reply::Panicked(panic)) => resume_unwind(panic),
            Err(_) => Err(RepoError::Unavailable(Box::new(BatchFailed("the database writer has stopped".into())))),
        }
    }
}

/// The writer thread: takes what is queued, runs it as one batch, tells everyone, repeats.
fn run_writer(jobs: &Receiver<Box<dyn Job>>, manager: &ConnectionManager, commits: &AtomicU64) {
    let mut conn: Option<PooledConnection> = None;
    let mut carried: Vec<Box<dyn Job>> = Vec::new();
    loop {
        let mut batch = std::mem::take(&mut carried);
        if batch.is_empty() {
            match jobs.recv() {
                Ok(job) => batch.push(job),
                Err(_) => return, // every Db handle is gone
            }
        }
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let (ended, not_run) = run_batch(&mut conn, manager, &mut batch);
        if matches!(ended, Ended::Committed) {
            commits.fetch_add(1, Ordering::Relaxed);
        }
        for job in batch {
            job.finish(&ended);
        }
        // Writes queued behind one that broke the transaction did not run: they go next.
        carried = not_run;
    }
}

/// Runs one batch in one transaction. Returns how it ended and the writes it did not get to
/// (they are still whole and run in the next batch).
fn run_batch(
    slot: &mut Option<PooledConnection>,
    manager: &ConnectionManager,
    batch: &mut Vec<Box<dyn Job>>,
) -> (Ended, Vec<Box<dyn Job>>) {
    if slot.is_none() {
        match open_connection(manager) {
            Ok(conn) => *slot = Some(conn),
            Err(why) => return (Ended::Unavailable(why), Vec::new()),
        }
    }
    let conn = &mut slot.as_mut().expect("opened above").conn;
    if let Err(e) = Tm::begin_transaction(conn) {
        drop_if_broken(slot, manager);
        return (Ended::Unavailable(e.to_string()), Vec::new());
    }
    // A write alone runs in the transaction itself; shared, each in its own savepoint.
    let shared = batch.len() > 1;
    for i in 0..batch.len() {
        let ran = batch[i].run(conn, shared);
        let why = match ran {
            Ran::Ok | Ran::Failed { keeps_transaction: true } if shared => continue,
            Ran::Ok => continue,
            Ran::Failed { .. } if !shared => "rolled back",
            Ran::Failed { .. } => "a write in the same transaction failed",
            Ran::Panicked => "a write in the same transaction panicked",
        };
        let rest = batch.split_off(i + 1);
        if shared {
            // Some failures (I/O, disk full) make SQLite end the transaction itself, and a
            // panic leaves it in an unknown state: closing the connection rolls back whatever
            // is left of it.
            *slot = None;
        } else if Tm::rollback_transaction(conn).is_err() {
            *slot = None;
        } else {
            drop_if_broken(slot, manager);
        }
        return (Ended::RolledBack(why.into()), rest);
    }
    let ended = match Tm::commit_transaction(conn) {
        Ok(()) => Ended::Committed,
        // diesel rolls back a failed COMMIT (or marks the connection broken).
        Err(e) => Ended::RolledBack(e.to_string()),
    };
    drop_if_broken(slot, manager);
    (ended, Vec::new())
}

fn open_connection(manager: &ConnectionManager) -> Result<PooledConnection, String> {
    use r2d2::ManageConnection;
    let mut conn = manager.connect().map_err(|e| e.to_string())?;
    // Checkpoints are the checkpointer thread's job (see the module docs). Statement journals
    // and savepoints (every multi-row UPDATE, every shared batch) stay in memory instead of
    // spilling to a temporary file.
    conn.conn.batch_execute("PRAGMA wal_autocheckpoint = 0; PRAGMA temp_store = MEMORY").map_err(|e| e.to_string())?;
    Ok(conn)
}

/// Between batches: drops the connection if it broke (it is reopened for the next batch).
pub(crate) fn drop_if_broken(slot: &mut Option<PooledConnection>, manager: &ConnectionManager) {
    use r2d2::ManageConnection;
    if slot.as_mut().is_some_and(|conn| manager.has_broken(conn)) {
        *slot = None;
    }
}

/// Whether a failed job leaves the shared transaction as it was before the job (its savepoint
/// rolled back). Errors found before or by a statement's constraints do; anything else may
/// have ended the transaction on SQLite's side.
fn keeps_transaction(e: &DieselError) -> bool {
    use diesel::result::DatabaseErrorKind as Kind;
    match e {
        DieselError::NotFound
        | DieselError::DeserializationError(_)
        | DieselError::SerializationError(_)
        | DieselError::QueryBuilderError(_) => true,
        DieselError::DatabaseError(kind, _) => {
            matches!(
                kind,
                Kind::UniqueViolation | Kind::ForeignKeyViolation | Kind::NotNullViolation | Kind::CheckViolation
            )
        }
        _ => false,
    }
}

/// Checkpoints the WAL after writes, off the writer's path, until the writer is dropped.
fn spawn_checkpointer(commits: Weak<AtomicU64>, manager: ConnectionManager) {
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
