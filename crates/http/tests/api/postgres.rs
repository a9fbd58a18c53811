//! The API suite (main.rs) again, each test on its own PostgreSQL database, created next to
//! `TEST_POSTGRES_URL`'s and dropped after (helpers.rs). Without `TEST_POSTGRES_URL` the tests
//! run on SQLite, as in the `api` binary.

/// This binary's backend (helpers.rs).
const ON_POSTGRES: bool = true;

include!("modules.rs");
