//! The database handle repositories use: a pool for reads and the write queue. Opening it
//! (pool, writer threads, checkpointer, migrations) is `open.rs`, above every repository.

use std::sync::Arc;

use buildledger_application::error::RepoError;
use diesel::connection::SimpleConnection;
use diesel::result::Error as DieselError;
use diesel::Connection;

pub use crate::connection::{db_err, Backend, DbConnection, DbError, Pool, QueryCounter};
use crate::memo::Memo;
pub use crate::migrations::{POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS};
use crate::queue::WriteQueue;

/// The database: a pool for reads, and the write queue (see `queue.rs`). Made by
/// [`Db::connect`] (`open.rs`).
#[derive(Clone)]
pub struct Db {
    pub(crate) pool: Pool,
    pub(crate) backend: Backend,
    /// On SQLite every write, on PostgreSQL board writes: queued and committed together.
    pub(crate) writes: Arc<WriteQueue>,
    pub(crate) queries: QueryCounter,
    /// Versions and subscriptions remembered between requests (see `memo.rs`).
    pub(crate) memo: Arc<Memo>,
}

impl Db {
    /// What this process remembers of the database (see `memo.rs`).
    pub fn memo(&self) -> &Memo {
        &self.memo
    }

    /// The same memory, to hand to the application as its `KnownState` port.
    pub fn known_state(&self) -> Arc<Memo> {
        self.memo.clone()
    }

    /// Statements sent to the database by this pool so far (see [`QueryCounter`]).
    pub fn queries_executed(&self) -> u64 {
        self.queries.get()
    }

    /// Transactions committed by the write queue (`queue.rs`), each holding one or more writes.
    pub fn batches_committed(&self) -> u64 {
        self.writes.batches_committed()
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Runs read-only work on a pooled connection.
    pub fn read<T>(&self, f: impl FnOnce(&mut DbConnection) -> Result<T, DieselError>) -> Result<T, RepoError> {
        let mut pooled = self.pool.get().map_err(|e| RepoError::Unavailable(Box::new(e)))?;
        f(&mut pooled.conn).map_err(db_err)
    }

    /// Runs `f` in one transaction: all of it is written or none. Returns once committed.
    ///
    /// On SQLite writes queue for the one writer thread and writes that queue together commit
    /// together (`queue.rs`): `f` may then run twice, in a batch and alone if that batch was
    /// rolled back. On PostgreSQL each such write has its own pooled connection and transaction.
    pub fn write<T: Send + 'static>(
        &self,
        f: impl Fn(&mut DbConnection) -> Result<T, DieselError> + Send + 'static,
    ) -> Result<T, RepoError> {
        let f = carry_acting_user(f);
        match self.backend {
            Backend::Sqlite => self.writes.write(None, f),
            Backend::Postgres => {
                let mut pooled = self.pool.get().map_err(|e| RepoError::Unavailable(Box::new(e)))?;
                crate::effects::begin();
                let result = pooled.conn.transaction(|conn| f(conn));
                crate::effects::end(&self.memo, result.is_ok());
                result.map_err(db_err)
            }
        }
    }

    /// Like [`Db::write`], for a write that changes only the project `project_id` and its
    /// tasks (a board write): queued on both backends, and on PostgreSQL batched with the other
    /// writes of that project only (`queue.rs`). `f` may run twice.
    pub fn write_project<T: Send + 'static>(
        &self,
        project_id: i64,
        f: impl Fn(&mut DbConnection) -> Result<T, DieselError> + Send + 'static,
    ) -> Result<T, RepoError> {
        self.writes.write(Some(project_id), carry_acting_user(f))
    }

    /// Whether the database answers (health check).
    pub fn ping(&self) -> bool {
        self.pool.get().ok().is_some_and(|mut c| c.conn.batch_execute("SELECT 1").is_ok())
    }

    /// Online backup of a SQLite database into a new file (`VACUUM INTO`): a consistent copy
    /// taken while the server keeps running. PostgreSQL deployments use `pg_dump` instead.
    pub fn backup_sqlite(&self, dest: &std::path::Path) -> Result<(), DbError> {
        if self.backend != Backend::Sqlite {
            return Err(DbError::Migration(
                "backup copies SQLite databases; use pg_dump for PostgreSQL (docs/operations.md)".into(),
            ));
        }
        if dest.exists() {
            return Err(DbError::Migration(format!("{} already exists", dest.display())));
        }
        let path = dest.to_str().ok_or_else(|| DbError::Migration("backup path is not valid UTF-8".into()))?;
        let mut pooled = self.pool.get()?;
        pooled.conn.batch_execute(&format!("VACUUM INTO '{}'", path.replace('\'', "''")))?;
        Ok(())
    }
}

/// `f` run with the caller's acting user (the activity trail's actor,
/// `buildledger_application::access`), wherever the write queue runs it.
fn carry_acting_user<T>(
    f: impl Fn(&mut DbConnection) -> Result<T, DieselError> + Send + 'static,
) -> impl Fn(&mut DbConnection) -> Result<T, DieselError> + Send + 'static {
    let acting = buildledger_application::access::acting_snapshot();
    move |conn| {
        buildledger_application::access::set_acting(acting);
        f(conn)
    }
}
