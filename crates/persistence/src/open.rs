//! Opening the database: the pool, the write queue's threads, SQLite's checkpointer, the
//! migrations and the backfills that follow them. The top of the crate's modules: nothing
//! here is imported by a repository.

use std::sync::Arc;
use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel_migrations::MigrationHarness;

use crate::checkpoint::spawn_checkpointer;
use crate::connection::{Backend, ConnectionManager, DbError, QueryCounter};
use crate::db::Db;
use crate::memo::Memo;
use crate::migrations::{POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS};
use crate::queue::{Policy, WriteQueue};
use crate::users::backfill_username_skeletons;

/// How long remembered rows are trusted. On SQLite this process is the only writer (the
/// file is not shared between servers), so only its own writes change them and those are
/// recorded as they commit; the bound is a safety net. On PostgreSQL other instances write
/// too: their changes are seen within this time.
fn memo_ttl(backend: Backend) -> Duration {
    match backend {
        Backend::Sqlite => Duration::from_secs(60),
        Backend::Postgres => Duration::from_secs(1),
    }
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
            .build(ConnectionManager::new(backend, target.clone(), queries.clone()))?;
        let manager = ConnectionManager::new(backend, target, queries.clone());
        let policy = match backend {
            Backend::Sqlite => Policy::SQLITE,
            Backend::Postgres => Policy::POSTGRES,
        };
        let memo = Arc::new(Memo::new(memo_ttl(backend)));
        let writes = Arc::new(WriteQueue::start(&manager, policy, memo.clone()).map_err(DbError::Writer)?);
        if backend == Backend::Sqlite {
            spawn_checkpointer(writes.commits(), manager.uncounted());
        }
        Ok(Db { pool, backend, writes, queries, memo })
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
        let filled = backfill_username_skeletons(conn)?;
        if filled > 0 {
            tracing::info!(filled, "look-alike keys computed for existing usernames");
        }
        Ok(())
    }
}
