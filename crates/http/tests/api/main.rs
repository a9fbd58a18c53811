//! HTTP integration tests: the real application, wired by `buildledger::wiring` (argon2, JWT,
//! signed links, the local document store), driven through actix's test service. This binary runs
//! them on SQLite; `api_postgres` (postgres.rs) runs the same modules on PostgreSQL.

/// This binary's backend (helpers.rs).
const ON_POSTGRES: bool = false;

include!("modules.rs");
