//! The write engine: writes queue in this process and are committed together, on both backends.
//!
//! Writes go to one of a few writer threads ("shards"), each owning one connection. A shard takes
//! what is queued (up to [`MAX_BATCH`]) and runs it in one transaction: one COMMIT (one fsync or
//! WAL flush) keeps them all, and nobody is answered before that COMMIT succeeds, so an
//! acknowledged write is as durable as with one transaction each. A write alone pays nothing
//! extra: BEGIN, its statements, COMMIT. What differs per backend is the [`Policy`]:
//!
//! - **SQLite** ([`Policy::SQLITE`]) allows one writer at a time, so there is one shard and it
//!   takes everything queued. A write waiting its turn holds no pooled connection readers need,
//!   and no transaction ever meets SQLITE_BUSY on a lock upgrade. A thread rather than a lock:
//!   with a lock, each handoff waited for the next writer's thread to be scheduled while the
//!   database sat idle.
//! - **PostgreSQL** ([`Policy::POSTGRES`]) takes board writes only (`Db::write_project`; other
//!   writes run in a pooled transaction of their own). Every board write takes its project's row
//!   lock first, so with one pooled transaction per request, writers of one board queued on that
//!   lock and each COMMIT woke them all (~370 moves/s). Here a project's writes always go to the
//!   same one of [`Policy::shards`] shards, and a batch holds the writes of one project only: the
//!   row lock is taken once per batch, and nobody holds one project row while waiting for another
//!   (two instances sharing the database cannot deadlock on project rows).
//!
//! **One failure rule.** A batch runs without savepoints (on PostgreSQL they cost two round trips
//! per write). If a write of a batch fails or panics, the batch is rolled back and each of its
//! writes runs again alone, in its own transaction: that is why the writes given here are `Fn`.
//! Each caller gets its own write's outcome; a failed write never takes others with it, and
//! nothing of it is kept. A panic is raised again in the caller's thread.

use std::any::Any;
use std::collections::VecDeque;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, SyncSender};
use std::sync::Arc;

use buildledger_application::error::RepoError;
use diesel::connection::{SimpleConnection, TransactionManager};
use diesel::result::Error as DieselError;
use diesel::Connection;

use crate::connection::{db_err, ConnectionManager, DbConnection, PooledConnection};
use crate::effects;
use crate::memo::Memo;

/// Most writes in one transaction: bounds how long the first waits for the last.
pub const MAX_BATCH: usize = 64;

type Tm = <DbConnection as Connection>::TransactionManager;

/// How one backend queues and batches its writes.
#[derive(Debug, Clone, Copy)]
pub struct Policy {
    /// Thread name prefix.
    pub name: &'static str,
    /// Writer threads, each with its own connection. A project's writes always go to the same one.
    pub shards: usize,
    /// Whether a batch holds the writes of one project only (the one at the head of the queue).
    pub one_project_per_batch: bool,
    /// SQL run on each new writer connection.
    pub setup: &'static str,
}

impl Policy {
    /// One writer; everything queued commits together. Checkpoints are a background thread's
    /// job (`checkpoint.rs`); statement journals stay in memory instead of a temporary file.
    pub const SQLITE: Policy = Policy {
        name: "sqlite-writer",
        shards: 1,
        one_project_per_batch: false,
        setup: "PRAGMA wal_autocheckpoint = 0; PRAGMA temp_store = MEMORY",
    };
    /// Board writes of one project per batch, on four connections.
    pub const POSTGRES: Policy = Policy { name: "pg-writer", shards: 4, one_project_per_batch: true, setup: "" };
}

/// Why a write was not done, when the cause is not its own.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct NotCommitted(String);

enum Reply<T> {
    Done(Result<T, RepoError>),
    Panicked(Box<dyn Any + Send>),
}

/// A queued write. `run` may be called twice: in a batch, then alone if the batch failed.
trait Job: Send {
    fn project(&self) -> Option<i64>;
    /// Runs the write in the current transaction; false when it failed or panicked.
    fn run(&mut self, conn: &mut DbConnection) -> bool;
    /// Tells the caller: its own outcome if it failed, else whether its transaction committed.
    fn finish(self: Box<Self>, committed: Result<(), RepoError>);
}

struct WriteJob<T, F> {
    project: Option<i64>,
    f: F,
    outcome: Option<Result<T, DieselError>>,
    panic: Option<Box<dyn Any + Send>>,
    reply: SyncSender<Reply<T>>,
}

impl<T: Send, F: Fn(&mut DbConnection) -> Result<T, DieselError> + Send> Job for WriteJob<T, F> {
    fn project(&self) -> Option<i64> {
        self.project
    }

    fn run(&mut self, conn: &mut DbConnection) -> bool {
        self.outcome = None;
        match catch_unwind(AssertUnwindSafe(|| (self.f)(conn))) {
            Ok(outcome) => {
                let ok = outcome.is_ok();
                self.outcome = Some(outcome);
                ok
            }
            Err(panic) => {
                self.panic = Some(panic);
                false
            }
        }
    }

    fn finish(self: Box<Self>, committed: Result<(), RepoError>) {
        let WriteJob { outcome, panic, reply, .. } = *self;
        let message = match (panic, outcome) {
            (Some(panic), _) => Reply::Panicked(panic),
            (None, Some(Err(e))) => Reply::Done(Err(db_err(e))),
            (None, Some(Ok(value))) => Reply::Done(committed.map(|()| value)),
            (None, None) => Reply::Done(Err(committed
                .err()
                .unwrap_or_else(|| RepoError::Other(Box::new(NotCommitted("the write did not run".into())))))),
        };
        // The caller stops waiting only if it is unwinding; nothing to do then.
        let _ = reply.send(message);
    }
}

/// The handle every `Db` clone shares. Dropping the last one stops the writer threads once
/// their queues are empty.
pub struct WriteQueue {
    shards: Vec<Sender<Box<dyn Job>>>,
    commits: Arc<AtomicU64>,
}

impl WriteQueue {
    /// Starts the writer threads. What their writes change is handed to `memo` as each
    /// transaction ends (`effects.rs`).
    pub fn start(manager: &ConnectionManager, policy: Policy, memo: Arc<Memo>) -> Result<WriteQueue, std::io::Error> {
        let commits = Arc::new(AtomicU64::new(0));
        let mut shards = Vec::with_capacity(policy.shards);
        for i in 0..policy.shards.max(1) {
            let (queue, jobs) = std::sync::mpsc::channel::<Box<dyn Job>>();
            let (manager, commits, memo) = (manager.clone(), commits.clone(), memo.clone());
            let name = if policy.shards > 1 { format!("{}-{i}", policy.name) } else { policy.name.to_owned() };
            std::thread::Builder::new()
                .name(name)
                .spawn(move || run_shard(&jobs, &Shard { manager, commits, memo, policy }))?;
            shards.push(queue);
        }
        Ok(WriteQueue { shards, commits })
    }

    /// Transactions committed so far, each holding one or more writes.
    pub fn batches_committed(&self) -> u64 {
        self.commits.load(Ordering::Relaxed)
    }

    /// The commit counter, for the SQLite checkpointer (which stops when the queue is gone).
    pub(crate) fn commits(&self) -> std::sync::Weak<AtomicU64> {
        Arc::downgrade(&self.commits)
    }

    /// Runs `f` in a transaction, possibly with other queued writes, and returns once that is
    /// committed (or failed). `project`: the one project `f` writes, if any (board writes);
    /// under [`Policy::one_project_per_batch`] `f` must write nothing outside it. `f` may run
    /// twice (see the module docs). A panic in `f` is raised again here.
    pub fn write<T: Send + 'static>(
        &self,
        project: Option<i64>,
        f: impl Fn(&mut DbConnection) -> Result<T, DieselError> + Send + 'static,
    ) -> Result<T, RepoError> {
        let (reply, answer) = std::sync::mpsc::sync_channel(1);
        let job: Box<dyn Job> = Box::new(WriteJob { project, f, outcome: None, panic: None, reply });
        let shard = &self.shards[project.unwrap_or(0).rem_euclid(self.shards.len() as i64) as usize];
        let stopped = || RepoError::Unavailable(Box::new(NotCommitted("the database writer has stopped".into())));
        if shard.send(job).is_err() {
            return Err(stopped());
        }
        match answer.recv() {
            Ok(Reply::Done(result)) => result,
            Ok(Reply::Panicked(panic)) => resume_unwind(panic),
            Err(_) => Err(stopped()),
        }
    }
}

/// What a writer thread works with.
struct Shard {
    manager: ConnectionManager,
    commits: Arc<AtomicU64>,
    memo: Arc<Memo>,
    policy: Policy,
}

/// One shard: takes a batch from its queue (see [`Policy`]), runs it, answers, repeats. Writes
/// left out of a batch keep their order for the next rounds.
fn run_shard(jobs: &Receiver<Box<dyn Job>>, shard: &Shard) {
    let mut conn: Option<PooledConnection> = None;
    let mut waiting: VecDeque<Box<dyn Job>> = VecDeque::new();
    loop {
        if waiting.is_empty() {
            match jobs.recv() {
                Ok(job) => waiting.push_back(job),
                Err(_) => return, // every Db handle is gone
            }
        }
        waiting.extend(jobs.try_iter());
        let batch = if shard.policy.one_project_per_batch {
            let project = waiting.front().and_then(|j| j.project());
            let mut batch = Vec::new();
            let mut others = VecDeque::with_capacity(waiting.len());
            for job in waiting.drain(..) {
                if job.project() == project && batch.len() < MAX_BATCH {
                    batch.push(job);
                } else {
                    others.push_back(job);
                }
            }
            waiting = others;
            batch
        } else {
            let n = waiting.len().min(MAX_BATCH);
            waiting.drain(..n).collect()
        };
        run_batch(&mut conn, shard, batch);
    }
}

fn run_batch(slot: &mut Option<PooledConnection>, shard: &Shard, mut batch: Vec<Box<dyn Job>>) {
    if batch.len() > 1 {
        effects::begin();
        let together = run_together(slot, shard, &mut batch);
        // The memo learns what committed before anyone is answered.
        effects::end(&shard.memo, matches!(together, Together::Committed));
        match together {
            Together::Committed => {
                shard.commits.fetch_add(1, Ordering::Relaxed);
                for job in batch {
                    job.finish(Ok(()));
                }
                return;
            }
            Together::Failed(why) => {
                for job in batch {
                    job.finish(Err(RepoError::Other(Box::new(NotCommitted(why.clone())))));
                }
                return;
            }
            // Rolled back because one write failed: each runs alone below.
            Together::WriteFailed => {}
        }
    }
    for mut job in batch {
        effects::begin();
        let ran = run_alone(slot, shard, job.as_mut());
        effects::end(&shard.memo, matches!(ran, Ok(true)));
        job.finish(ran.map(|_| ()));
    }
}

enum Together {
    Committed,
    /// The COMMIT (or BEGIN, or the connection) failed: nothing is kept, nobody is retried (a
    /// COMMIT that failed on a lost connection may still have happened).
    Failed(String),
    /// A write failed and the batch was rolled back.
    WriteFailed,
}

fn run_together(slot: &mut Option<PooledConnection>, shard: &Shard, batch: &mut [Box<dyn Job>]) -> Together {
    let manager = &shard.manager;
    let conn = match connection(slot, manager, shard.policy) {
        Ok(conn) => conn,
        Err(why) => return Together::Failed(why),
    };
    if let Err(e) = Tm::begin_transaction(conn) {
        drop_if_broken(slot, manager);
        return Together::Failed(e.to_string());
    }
    if batch.iter_mut().all(|job| job.run(conn)) {
        let ended = match Tm::commit_transaction(conn) {
            Ok(()) => Together::Committed,
            Err(e) => Together::Failed(format!("the transaction holding this write was not committed: {e}")),
        };
        drop_if_broken(slot, manager);
        return ended;
    }
    roll_back(slot, manager);
    Together::WriteFailed
}

/// Runs one write in its own transaction: `Ok(true)` when it committed, `Ok(false)` when it
/// failed on its own and was rolled back (the job reports why), `Err` when the transaction
/// could not be run or committed.
fn run_alone(slot: &mut Option<PooledConnection>, shard: &Shard, job: &mut dyn Job) -> Result<bool, RepoError> {
    let manager = &shard.manager;
    let conn =
        connection(slot, manager, shard.policy).map_err(|why| RepoError::Unavailable(Box::new(NotCommitted(why))))?;
    let not_committed = |e: DieselError| {
        RepoError::Other(Box::new(NotCommitted(format!("the transaction holding this write was not committed: {e}"))))
    };
    if let Err(e) = Tm::begin_transaction(conn) {
        drop_if_broken(slot, manager);
        return Err(not_committed(e));
    }
    if !job.run(conn) {
        roll_back(slot, manager);
        return Ok(false);
    }
    let committed = Tm::commit_transaction(conn).map(|()| true).map_err(not_committed);
    if committed.is_ok() {
        shard.commits.fetch_add(1, Ordering::Relaxed);
    }
    drop_if_broken(slot, manager);
    committed
}

/// After a failed write: rolls back, or drops the connection when that fails (some failures,
/// I/O or a full disk, make SQLite end the transaction itself, and a panic may leave a statement
/// half-run; closing the connection rolls back whatever is left).
fn roll_back(slot: &mut Option<PooledConnection>, manager: &ConnectionManager) {
    let rolled_back = slot.as_mut().is_some_and(|pooled| Tm::rollback_transaction(&mut pooled.conn).is_ok());
    if rolled_back {
        drop_if_broken(slot, manager);
    } else {
        *slot = None;
    }
}

/// The shard's connection, opened (and set up) on first use or after it broke.
fn connection<'a>(
    slot: &'a mut Option<PooledConnection>,
    manager: &ConnectionManager,
    policy: Policy,
) -> Result<&'a mut DbConnection, String> {
    use r2d2::ManageConnection;
    if slot.is_none() {
        let mut conn = manager.connect().map_err(|e| e.to_string())?;
        if !policy.setup.is_empty() {
            conn.conn.batch_execute(policy.setup).map_err(|e| e.to_string())?;
        }
        *slot = Some(conn);
    }
    Ok(&mut slot.as_mut().expect("opened above").conn)
}

/// Between batches: drops the connection if it broke (it is reopened for the next batch).
fn drop_if_broken(slot: &mut Option<PooledConnection>, manager: &ConnectionManager) {
    use r2d2::ManageConnection;
    if slot.as_mut().is_some_and(|conn| manager.has_broken(conn)) {
        *slot = None;
    }
}
