// The modules of the API suite, shared by its two test binaries (main.rs: SQLite, postgres.rs:
// PostgreSQL). A new test file is added here.

mod account_settings;
mod activity;
mod sign_in;
mod authz_matrix;
mod bids;
mod board_start;
mod calibration;
mod compression;
mod documents;
mod draw_paperwork;
mod helpers;
mod ledger;
mod lien_waivers;
mod members;
mod money_story;
mod openapi;
mod subscription;
mod projects;
mod project_lending;
mod shares;
mod reminders;
mod request_ids;
mod schedule;
mod schedule_records;
mod summary_cases;
mod system;
mod task_dates;
mod tasks;
