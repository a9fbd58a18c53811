//! Hot write statements as fixed SQL that the connection prepares once and keeps.
//!
//! diesel never caches the UPDATE statements its query builder makes (a changeset's SET list can
//! vary from call to call), so each one was parsed and planned again on every execution: on
//! SQLite, preparing the statements of a task move took about a fifth of the writer's time.
//! (`RespaceColumn` is rare; it is here because it needs the same bind-per-backend care.)
//! These structs write the same SQL with bind parameters and a static query id, which diesel's
//! statement cache keeps per connection. The SQL is plain ANSI and runs on both backends.

use diesel::backend::Backend;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::serialize::ToSql;
use diesel::sql_types::{BigInt, HasSqlType, Text, Timestamp};
use diesel::QueryResult;

/// Gap between neighbouring sort keys when a column is (re)spaced, and after the last task.
pub const SORT_KEY_GAP: i64 = 1 << 20;

/// Gives the tasks of one column sort keys `SORT_KEY_GAP` apart, in their current order: run
/// when a move finds no room between two neighbours (rare: each move into the same gap halves
/// it, so that takes about twenty moves into one spot).
#[derive(Debug, Clone, Copy, QueryId)]
pub struct RespaceColumn {
    pub project_id: i64,
    pub status: &'static str,
}

impl<DB> QueryFragment<DB> for RespaceColumn
where
    DB: Backend + HasSqlType<BigInt> + HasSqlType<Text>,
    i64: ToSql<BigInt, DB>,
    str: ToSql<Text, DB>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        out.push_sql("UPDATE tasks SET sort_key = ranked.n * ");
        out.push_sql(&SORT_KEY_GAP.to_string());
        out.push_sql(" FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY sort_key, id) AS n FROM tasks WHERE project_id = ");
        out.push_bind_param::<BigInt, _>(&self.project_id)?;
        out.push_sql(" AND status = ");
        out.push_bind_param::<Text, _>(self.status)?;
        out.push_sql(") AS ranked WHERE tasks.id = ranked.id");
        Ok(())
    }
}

/// Bumps the version of the project holding task `task_id`; returns (project id, owner id,
/// new version). No row when there is no such task.
#[derive(Debug, Clone, Copy, QueryId)]
pub struct BumpVersionOfTask {
    pub task_id: i64,
    pub updated_at: chrono::NaiveDateTime,
}

impl Query for BumpVersionOfTask {
    type SqlType = (BigInt, BigInt, BigInt);
}

impl<DB> QueryFragment<DB> for BumpVersionOfTask
where
    DB: Backend + HasSqlType<BigInt> + HasSqlType<Timestamp>,
    i64: ToSql<BigInt, DB>,
    chrono::NaiveDateTime: ToSql<Timestamp, DB>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        out.push_sql("UPDATE projects SET version = version + 1, updated_at = ");
        out.push_bind_param::<Timestamp, _>(&self.updated_at)?;
        out.push_sql(" WHERE id = (SELECT project_id FROM tasks WHERE id = ");
        out.push_bind_param::<BigInt, _>(&self.task_id)?;
        out.push_sql(") RETURNING id, owner_id, version");
        Ok(())
    }
}

impl<Conn> diesel::RunQueryDsl<Conn> for BumpVersionOfTask {}
impl<Conn> diesel::RunQueryDsl<Conn> for RespaceColumn {}
