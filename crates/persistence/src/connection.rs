//! The bottom of the crate: one connection type for both databases, the pool's connection
//! manager, error mapping and the stored time. Imports no other module of this crate but
//! `schema`, so every other module may import it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use buildledger_application::error::RepoError;
use diesel::connection::{Instrumentation, InstrumentationEvent, SimpleConnection};
use diesel::pg::PgConnection;
use diesel::r2d2::R2D2Connection;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel::sqlite::SqliteConnection;
use diesel::Connection;

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
    pub(crate) fn new(backend: Backend, target: String, counter: QueryCounter) -> ConnectionManager {
        ConnectionManager { backend, target, counter }
    }

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
