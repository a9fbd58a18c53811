//! One connection type for both databases, its pool, migrations and error mapping.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use buildledger_application::error::RepoError;
use diesel::connection::{Instrumentation, InstrumentationEvent, SimpleConnection};
use diesel::pg::PgConnection;
use diesel::r2d2::R2D2Connection;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel::sqlite::SqliteConnection;
use diesel::Connection;
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};

use crate::memo::Memo;
use crate::queue::{Policy, WriteQueue};

pub const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
pub const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

/// Either database, behind one type so every query is written once.
#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Postgres(PgConnection),
    Sqlite(SqliteConnection),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// Picks the backend from the URL scheme. MultiConnection's own `establish` would try
    /// each backend in turn, and SQLite accepts any string as a file name, so a mistyped
    /// PostgreSQL URL would silently create a file.
    pub fn from_url(url: &str) -> Result<(Backend, String), DbError> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok((Backend::Postgres, url.to_owned()))
        } else if let Some(path) = url.strip_prefix("sqlite://") {
            Ok((Backend::Sqlite, path.to_owned()))
        } else {
            Err(DbError::UnsupportedUrl)
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("DATABASE_URL must start with sqlite:// or postgres://")]
    UnsupportedUrl,
    #[error("cannot open the database: {0}")]
    Pool(#[from] r2d2::Error),
    #[error("cannot migrate the database: {0}")]
    Migration(String),
    #[error(transparent)]
    Query(#[from] DieselError),
    #[error("cannot start the database writer thread: {0}")]
    Writer(std::io::Error),
    #[error("cannot create the database file: {0}")]
    File(std::io::Error),
}

/// Creates the SQLite database file owner-only (0600) before SQLite opens it, and tightens an
/// existing one: SQLite gives its `-wal` and `-shm` files the database file's permissions, and
/// the file holds every user's records.
#[cfg(unix)]
fn private_sqlite_files(path: &str) -> std::io::Result<()> {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    if path.is_empty() || path == ":memory:" || path.starts_with("file:") {
        return Ok(());
    }
    let file = std::path::Path::new(path);
    if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::OpenOptions::new().create(true).append(true).mode(0o600).open(file)?;
    for suffix in ["", "-wal", "-shm"] {
        let name = format!("{path}{suffix}");
        if let Ok(meta) = std::fs::metadata(&name) {
            if meta.permissions().mode() & 0o077 != 0 {
                std::fs::set_permissions(&name, std::fs::Permissions::from_mode(0o600))?;
            }
        }
    }
    Ok(())
}

#[cfg(not(unix))]
fn private_sqlite_files(_path: &str) -> std::io::Result<()> {
    Ok(())
}

/// Counts the statements this process sends to the database (every query, `BEGIN`/`COMMIT`
/// and pragma included), so tests can assert that a request costs a constant number of them.
/// One relaxed atomic increment per statement: cheap enough to stay on in production.
#[derive(Debug, Clone, Default)]
pub struct QueryCounter(Arc<AtomicU64>);

impl QueryCounter {
    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

/// Per-connection diesel instrumentation: counts statements and remembers a failed one, so the
/// pool checks that connection (one `SELECT 1`) before handing it out again.
struct ConnectionProbe {
    counter: Arc<AtomicU64>,
    failed: Arc<AtomicBool>,
}

impl Instrumentation for ConnectionProbe {
    fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
        match event {
            InstrumentationEvent::StartQuery { .. } => {
                self.counter.fetch_add(1, Ordering::Relaxed);
            }
            InstrumentationEvent::FinishQuery { error: Some(_), .. } => self.failed.store(true, Ordering::Relaxed),
            _ => {}
        }
    }
}

/// A pooled connection with the flag its [`ConnectionProbe`] raises on a failed statement.
pub struct PooledConnection {
    pub(crate) conn: DbConnection,
    failed: Arc<AtomicBool>,
}

/// Opens connections of the configured backend and prepares SQLite ones.
#[derive(Debug, Clone)]
pub struct ConnectionManager {
    backend: Backend,
    target: String,
    counter: QueryCounter,
}

impl ConnectionManager {
    /// The same database, with statements left out of the count: for background work such as
    /// checkpoints, which would otherwise blur what a request costs.
    pub(crate) fn uncounted(&self) -> ConnectionManager {
        ConnectionManager { counter: QueryCounter::default(), ..self.clone() }
    }
}

impl r2d2::ManageConnection for ConnectionManager {
    type Connection = PooledConnection;
    type Error = diesel::r2d2::Error;

    fn connect(&self) -> Result<PooledConnection, Self::Error> {
        let failed = Arc::new(AtomicBool::new(false));
        let probe = || ConnectionProbe { counter: self.counter.0.clone(), failed: failed.clone() };
        let conn = match self.backend {
            Backend::Postgres => {
                let mut conn = PgConnection::establish(&self.target).map_err(diesel::r2d2::Error::ConnectionError)?;
                conn.set_instrumentation(probe());
                DbConnection::Postgres(conn)
            }
            Backend::Sqlite => {
                let mut conn =
                    SqliteConnection::establish(&self.target).map_err(diesel::r2d2::Error::ConnectionError)?;
                conn.set_instrumentation(probe());
                // WAL lets readers run beside the one writer; busy_timeout waits out another
                // process's write instead of failing; NORMAL sync is durable with WAL.
                conn.batch_execute("PRAGMA busy_timeout = 10000; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;")
                    .map_err(diesel::r2d2::Error::QueryError)?;
                DbConnection::Sqlite(conn)
            }
        };
        Ok(PooledConnection { conn, failed })
    }

    fn is_valid(&self, conn: &mut PooledConnection) -> Result<(), Self::Error> {
        conn.conn.batch_execute("SELECT 1").map_err(diesel::r2d2::Error::QueryError)
    }

    /// Runs when a connection goes back to the pool. Checking out does not ping (that would
    /// be one more round trip per request); instead a connection whose last use saw an error
    /// is pinged here and dropped if the database no longer answers on it.
    fn has_broken(&self, conn: &mut PooledConnection) -> bool {
        if conn.conn.is_broken() {
            return true;
        }
        conn.failed.swap(false, Ordering::Relaxed) && conn.conn.batch_execute("SELECT 1").is_err()
    }
}

pub type Pool = r2d2::Pool<ConnectionManager>;

/// The database: a pool for reads, and the write queue (see `queue.rs`).
#[derive(Clone)]
pub struct Db {
    pool: Pool,
    backend: Backend,
    /// On SQLite every write, on PostgreSQL board writes: queued and committed together.
    writes: Arc<WriteQueue>,
    queries: QueryCounter,
    /// Versions and subscriptions remembered between requests (see `memo.rs`).
    memo: Arc<Memo>,
}

/// How long remembered rows are trusted. On SQLite this process is the only writer (the
/// file is not shared between servers), so only its own writes change them and those are
/// recorded as they commit; the bound is a safety net. On PostgreSQL other instances write
/// too: their changes are seen within this time.
pub fn memo_ttl(backend: Backend) -> Duration {
    match backend {
        Backend::Sqlite => Duration::from_secs(60),
        Backend::Postgres => Duration::from_secs(1),
    }
}

impl Db {
    /// Opens the pool. `pool_size` connections at most; SQLite files are created if missing.
    pub fn connect(url: &str, pool_size: u32) -> Result<Db, DbError> {
        let (backend, target) = Backend::from_url(url)?;
        if backend == Backend::Sqlite {
            private_sqlite_files(&target).map_err(DbError::File)?;
        }
        let queries = QueryCounter::default();
        let pool = r2d2::Pool::builder()
            .max_size(pool_size.max(1))
            .connection_timeout(Duration::from_secs(10))
            // No `SELECT 1` on every checkout; see `ConnectionManager::has_broken`.
            .test_on_check_out(false)
            .build(ConnectionManager { backend, target: target.clone(), counter: queries.clone() })?;
        let manager = ConnectionManager { backend, target, counter: queries.clone() };
        let policy = match backend {
            Backend::Sqlite => Policy::SQLITE,
            Backend::Postgres => Policy::POSTGRES,
        };
        let memo = Arc::new(Memo::new(memo_ttl(backend)));
        let writes = Arc::new(WriteQueue::start(&manager, policy, memo.clone()).map_err(DbError::Writer)?);
        if backend == Backend::Sqlite {
            crate::checkpoint::spawn_checkpointer(writes.commits(), manager.uncounted());
        }
        Ok(Db { pool, backend, writes, queries, memo })
    }

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

    /// Applies pending migrations of the active backend. On PostgreSQL an advisory lock makes
    /// instances that start together migrate one after the other.
    pub fn run_migrations(&self) -> Result<(), DbError> {
        let mut pooled = self.pool.get()?;
        let conn = &mut pooled.conn;
        match self.backend {
            Backend::Sqlite => {
                conn.run_pending_migrations(SQLITE_MIGRATIONS).map_err(|e| DbError::Migration(e.to_string()))?;
            }
            Backend::Postgres => {
                conn.batch_execute("SELECT pg_advisory_lock(726354001)")?;
                let result = conn
                    .run_pending_migrations(POSTGRES_MIGRATIONS)
                    .map(|_| ())
                    .map_err(|e| DbError::Migration(e.to_string()));
                conn.batch_execute("SELECT pg_advisory_unlock(726354001)")?;
                result?;
            }
        }
        let filled = crate::users::backfill_username_skeletons(conn)?;
        if filled > 0 {
            tracing::info!(filled, "look-alike keys computed for existing usernames");
        }
        Ok(())
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
        self.writes.write(Some(project_id), f)
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

/// Maps diesel errors to the port's error. A function, not `From`: the orphan rule.
pub fn db_err(e: DieselError) -> RepoError {
    match e {
        DieselError::NotFound => RepoError::NotFound,
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, info) => {
            let text = format!("{} {}", info.constraint_name().unwrap_or(""), info.message());
            let field = ["username_skeleton", "username", "email", "invoice_id", "storage_key"]
                .into_iter()
                .find(|f| text.contains(f))
                .unwrap_or("value");
            RepoError::Conflict(field.to_owned())
        }
        DieselError::DatabaseError(DatabaseErrorKind::ForeignKeyViolation, _) => RepoError::NotFound,
        DieselError::DatabaseError(DatabaseErrorKind::ClosedConnection, _) => RepoError::Unavailable(Box::new(e)),
        other => RepoError::Other(Box::new(other)),
    }
}

/// The current time in UTC, as stored (TIMESTAMP without zone).
pub(crate) fn now() -> chrono::NaiveDateTime {
    chrono::Utc::now().naive_utc()
}
