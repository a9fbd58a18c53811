//! PostgreSQL: writes to one project's board, queued in this process and committed together.
//!
//! Every write to a board takes the project's row lock first (it orders the moves of one board,
//! see `tasks.rs`). With one pooled transaction per request, 32 clients moving cards on one board
//! meant 16 backends queued on that row lock: each COMMIT woke every waiter, one of them won,
//! the rest went back to sleep, and the winner then held the lock for five more round trips.
//! That ran at ~370 moves/s on this machine.
//!
//! Here the writes of a project go to one of [`SHARDS`] threads (by project id), each with its
//! own connection. A shard takes every write queued for the project at the head of its queue
//! (up to [`MAX_BATCH`]) and runs them one after the other in one transaction: the row lock is
//! taken once, nobody else waits on it in PostgreSQL, and one COMMIT (one WAL flush) keeps them
//! all. Nobody is answered before that COMMIT succeeds.
//!
//! **Why one project per transaction.** A transaction of this writer locks exactly one project
//! row (its writes check that the rows they touch belong to that project), and every other
//! transaction of the application that writes a project locks its row first. So two instances
//! sharing the database cannot deadlock on project rows: nobody holds one project row while
//! waiting for another. (Batching writes of several projects together would break this.)
//!
//! **Failures.** Savepoints would cost two more round trips per write, so a batch runs without
//! them. If any write of a batch fails (or panics), the batch is rolled back and each of its
//! writes runs again alone, in its own transaction: that is why the writes given here are `Fn`.
//! Only the writes' own results are reported; a failed write never takes others with it.

use std::any::Any;
use std::collections::VecDeque;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, SyncSender};
use std::sync::Arc;

use buildledger_application::error::RepoError;
use diesel::connection::TransactionManager;
use diesel::result::Error as DieselError;
use diesel::Connection;

use crate::db::{db_err, ConnectionManager, DbConnection, PooledConnection};
use crate::writer::drop_if_broken;

/// Writer threads (and connections). Writes to different projects on different shards run in
/// parallel; a board's writes always go to the same shard.
pub const SHARDS: usize = 4;

/// Most writes in one transaction: bounds how long the first waits for the last.
pub const MAX_BATCH: usize = 64;

type Tm = <DbConnection as Connection>::TransactionManager;

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
    fn project(&self) -> i64;
    /// Runs the write on `conn` (inside a transaction) and remembers its outcome. True if it
    /// succeeded.
    fn run(&mut self, conn: &mut DbConnection) -> bool;
    /// Answers the caller: the outcome of the last run if `committed`, else `why`.
    fn finish(self: Box<Self>, committed: Result<(), RepoError>);
}

struct WriteJob<T, F> {
    project: i64,
    f: F,
    outcome: Option<Result<T, DieselError>>,
    panic: Option<Box<dyn Any + Send>>,
    reply: SyncSender<Reply<T>>,
}

impl<T: Send, F: Fn(&mut DbConnection) -> Result<T, DieselError> + Send> Job for WriteJob<T, F> {
    fn project(&self) -> i64 {
        self.project
    }

    fn run(&mut self, conn: &mut DbConnection) -> bool {
        self.outcome = None;
        self.panic = None;
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
        let message = match (panic, outcome, committed) {
            (Some(panic), _, _) => Reply::Panicked(panic),
            // A failed write reports its own error, whatever became of the transaction.
            (None, Some(Err(e)), _) => Reply::Done(Err(db_err(e))),
            (None, Some(Ok(value)), Ok(())) => Reply::Done(Ok(value)),
            (None, Some(Ok(_)) | None, Err(why)) => Reply::Done(Err(why)),
            (None, None, Ok(())) => {
                Reply::Done(Err(RepoError::Other(Box::new(NotCommitted("the write did not run".into())))))
            }
        };
        // The caller stops waiting only when it is unwinding; nothing to do then.
        let _ = reply.send(message);
    }
}

/// The shards' queues, shared by every `Db` clone. Dropping it stops the threads once their
/// queues are empty.
pub struct ProjectWriters {
    shards: Vec<Sender<Box<dyn Job>>>,
    commits: Arc<AtomicU64>,
}

impl ProjectWriters {
    pub fn start(manager: &ConnectionManager) -> Result<ProjectWriters, std::io::Error> {
        let mut shards = Vec::with_capacity(SHARDS);
        let commits = Arc::new(AtomicU64::new(0));
        for i in 0..SHARDS {
            let (queue, jobs) = std::sync::mpsc::channel::<Box<dyn Job>>();
            let (manager, commits) = (manager.clone(), commits.clone());
            std::thread::Builder::new()
                .name(format!("pg-writer-{i}"))
                .spawn(move || run_shard(&jobs, &manager, &commits))?;
            shards.push(queue);
        }
        Ok(ProjectWriters { shards, commits })
    }

    /// Transactions committed so far, each holding one or more writes.
    pub fn batches_committed(&self) -> u64 {
        self.commits.load(Ordering::Relaxed)
    }

    /// Runs `f` in a transaction with other writes to `project_id`; returns once committed (or
    /// failed). `f` must write nothing outside that project, and may run twice (see the module
    /// docs). A panic in `f` is raised again here.
    pub fn write<T: Send + 'static>(
        &self,
        project_id: i64,
        f: impl Fn(&mut DbConnection) -> Result<T, DieselError> + Send + 'static,
    ) -> Result<T, RepoError> {
        let (reply, answer) = std::sync::mpsc::sync_channel(1);
        let job: Box<dyn Job> = Box::new(WriteJob { project: project_id, f, outcome: None, panic: None, reply });
        let shard = &self.shards[project_id.rem_euclid(SHARDS as i64) as usize];
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

/// One shard: takes the writes queued for the project at the head of its queue, runs them as
/// one batch, answers, repeats. Writes of other projects keep their order for the next rounds.
fn run_shard(jobs: &Receiver<Box<dyn Job>>, manager: &ConnectionManager, commits: &AtomicU64) {
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
        let project = waiting.front().map_or(0, |j| j.project());
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
        run_batch(&mut conn, manager, commits, batch);
    }
}

fn run_batch(
    slot: &mut Option<PooledConnection>,
    manager: &ConnectionManager,
    commits: &AtomicU64,
    mut batch: Vec<Box<dyn Job>>,
) {
    if batch.len() > 1 {
        match run_together(slot, manager, &mut batch) {
            Together::Committed => {
                commits.fetch_add(1, Ordering::Relaxed);
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
        let committed = run_alone(slot, manager, commits, job.as_mut());
        job.finish(committed);
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

fn run_together(
    slot: &mut Option<PooledConnection>,
    manager: &ConnectionManager,
    batch: &mut [Box<dyn Job>],
) -> Together {
    let conn = match connection(slot, manager) {
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
    // A panic may have left the connection mid-statement: a new one is safer than ROLLBACK.
    if Tm::rollback_transaction(conn).is_err() {
        *slot = None;
    } else {
        drop_if_broken(slot, manager);
    }
    Together::WriteFailed
}

fn run_alone(
    slot: &mut Option<PooledConnection>,
    manager: &ConnectionManager,
    commits: &AtomicU64,
    job: &mut dyn Job,
) -> Result<(), RepoError> {
    let conn = connection(slot, manager).map_err(|why| RepoError::Unavailable(Box::new(NotCommitted(why))))?;
    let not_committed = |e: DieselError| {
        RepoError::Other(Box::new(NotCommitted(format!("the transaction holding this write was not committed: {e}"))))
    };
    if let Err(e) = Tm::begin_transaction(conn) {
        drop_if_broken(slot, manager);
        return Err(not_committed(e));
    }
    let result = if job.run(conn) {
        let committed = Tm::commit_transaction(conn).map_err(not_committed);
        if committed.is_ok() {
            commits.fetch_add(1, Ordering::Relaxed);
        }
        committed
    } else {
        if Tm::rollback_transaction(conn).is_err() {
            *slot = None;
        }
        Ok(()) // the job reports its own error
    };
    drop_if_broken(slot, manager);
    result
}

fn connection<'a>(
    slot: &'a mut Option<PooledConnection>,
    manager: &ConnectionManager,
) -> Result<&'a mut DbConnection, String> {
    use r2d2::ManageConnection;
    if slot.is_none() {
        *slot = Some(manager.connect().map_err(|e| e.to_string())?);
    }
    Ok(&mut slot.as_mut().expect("opened above").conn)
}
