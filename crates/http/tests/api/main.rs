//! HTTP integration tests: the real application (SQLite, argon2, JWT, signed links, the local
//! document store) driven through actix's test service. One test binary (STYLE.md §9).

mod accounts;
mod authz_matrix;
mod documents;
mod helpers;
mod openapi;
mod payments;
mod projects;
mod system;
mod tasks;
