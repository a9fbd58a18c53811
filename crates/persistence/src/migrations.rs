//! The embedded migrations of both backends (applied by `Db::run_migrations`, `open.rs`).

use diesel_migrations::{embed_migrations, EmbeddedMigrations};

pub const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
pub const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");
