//! Repository tests on real databases: a temporary SQLite file always, and PostgreSQL when
//! `TEST_POSTGRES_URL` is set (each test gets its own database, dropped afterwards). The same
//! test body runs on both backends.

mod access;
mod activity;
mod bids;
mod documents;
mod helpers;
mod ledger;
mod members;
mod memo;
mod migrations;
mod projects;
mod races;
mod reminders;
mod schedule;
mod schedule_records;
mod sessions;
mod shares;
mod subscription;
mod tasks;
mod users;
mod waivers;
mod writes;
