//! Hot write statements as fixed SQL that the connection prepares once and keeps.
//!
//! diesel never caches the UPDATE statements its query builder makes (a changeset's SET list can
//! vary from call to call), so each one was parsed and planned again on every execution: on
//! SQLite, preparing the statements of a task move took about a fifth of the writer's time.
//! These structs write the same SQL with bind parameters and a static query id, which diesel's
//! statement cache keeps per connection. The SQL is plain ANSI and runs on both backends.

use diesel::backend::Backend;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::serialize::ToSql;
use diesel::sql_types::{BigInt, HasSqlType, Integer, Text, Timestamp};
use diesel::QueryResult;

/// `position += delta` for the tasks of one column whose position is in `from..=to`.
#[derive(Debug, Clone, Copy, QueryId)]
pub struct ShiftPositions {
    pub project_id: i64,
    pub status: &'static str,
    pub from: i32,
    pub to: i32,
    pub delta: i32,
}

impl<DB> QueryFragment<DB> for ShiftPositions
where
    DB: Backend + HasSqlType<BigInt> + HasSqlType<Integer> + HasSqlType<Text>,
    i64: ToSql<BigInt, DB>,
    i32: ToSql<Integer, DB>,
    str: ToSql<Text, DB>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        out.push_sql("UPDATE tasks SET position = position + ");
        out.push_bind_param::<Integer, _>(&self.delta)?;
        out.push_sql(" WHERE project_id = ");
        out.push_bind_param::<BigInt, _>(&self.project_id)?;
        out.push_sql(" AND status = ");
        out.push_bind_param::<Text, _>(self.status)?;
        out.push_sql(" AND position BETWEEN ");
        out.push_bind_param::<Integer, _>(&self.from)?;
        out.push_sql(" AND ");
        out.push_bind_param::<Integer, _>(&self.to)?;
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
impl<Conn> diesel::RunQueryDsl<Conn> for ShiftPositions {}
