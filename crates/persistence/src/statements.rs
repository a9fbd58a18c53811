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
use diesel::sql_types::{BigInt, Bool, HasSqlType, Integer, Nullable, Text, Timestamp};
use diesel::QueryResult;

use buildledger_domain::board_order::SORT_KEY_GAP;

/// Gives the tasks of one column sort keys `SORT_KEY_GAP` apart, in their current order
/// (`respaced_key` of their rank, domain/board_order.rs): run when a move finds no room
/// between two neighbours.
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

/// Bumps the version of project `project_id`; returns (owner id, new version). No row when
/// there is no such project. On PostgreSQL this takes the project's row lock, which every board
/// write takes first.
#[derive(Debug, Clone, Copy, QueryId)]
pub struct BumpVersion {
    pub project_id: i64,
    pub updated_at: chrono::NaiveDateTime,
}

impl Query for BumpVersion {
    type SqlType = (BigInt, BigInt);
}

impl<DB> QueryFragment<DB> for BumpVersion
where
    DB: Backend + HasSqlType<BigInt> + HasSqlType<Timestamp>,
    i64: ToSql<BigInt, DB>,
    chrono::NaiveDateTime: ToSql<Timestamp, DB>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        out.push_sql("UPDATE projects SET version = version + 1, updated_at = ");
        out.push_bind_param::<Timestamp, _>(&self.updated_at)?;
        out.push_sql(" WHERE id = ");
        out.push_bind_param::<BigInt, _>(&self.project_id)?;
        out.push_sql(" RETURNING owner_id, version");
        Ok(())
    }
}

impl<Conn> diesel::RunQueryDsl<Conn> for BumpVersion {}
impl<Conn> diesel::RunQueryDsl<Conn> for RespaceColumn {}

/// PostgreSQL: one task change in one round trip, through the `board_update_task` function
/// (migrations/postgres/2026-11-23-000004_update_task_function): the same steps as the SQLite
/// path of `DieselTaskRepository::update`, i.e. the domain's card-move rule (domain/board_order.rs;
/// the repository test `every_backend_writes_the_sort_keys_of_the_domain_rule` checks the keys it
/// writes against that rule). Returns (owner id, new project version, title,
/// description, status, material quality, actual cost, due date, position); no row when the
/// project holds no such task.
#[derive(Debug, Clone, QueryId)]
pub struct UpdateTaskCall {
    pub project_id: i64,
    pub task_id: i64,
    pub now: chrono::NaiveDateTime,
    pub title: Option<String>,
    pub description: Option<String>,
    pub status: Option<&'static str>,
    pub material_quality: Option<&'static str>,
    /// Whether the cost changes (to `actual_cost_cents`, NULL when None).
    pub set_cost: bool,
    pub actual_cost_cents: Option<i64>,
    /// Whether the due date changes (to `due_date`, NULL when None).
    pub set_due: bool,
    pub due_date: Option<String>,
    pub position: Option<i32>,
}

impl Query for UpdateTaskCall {
    type SqlType = (BigInt, BigInt, Text, Text, Text, Text, Nullable<BigInt>, Nullable<Text>, Integer);
}

impl<DB> QueryFragment<DB> for UpdateTaskCall
where
    DB: Backend
        + HasSqlType<BigInt>
        + HasSqlType<Text>
        + HasSqlType<Timestamp>
        + HasSqlType<Bool>
        + HasSqlType<Integer>,
    i64: ToSql<BigInt, DB>,
    i32: ToSql<Integer, DB>,
    bool: ToSql<Bool, DB>,
    str: ToSql<Text, DB>,
    String: ToSql<Text, DB>,
    chrono::NaiveDateTime: ToSql<Timestamp, DB>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        out.push_sql("SELECT * FROM board_update_task(");
        out.push_bind_param::<BigInt, _>(&self.project_id)?;
        out.push_sql(", ");
        out.push_bind_param::<BigInt, _>(&self.task_id)?;
        out.push_sql(", ");
        out.push_bind_param::<Timestamp, _>(&self.now)?;
        out.push_sql(", ");
        out.push_bind_param::<Nullable<Text>, _>(&self.title)?;
        out.push_sql(", ");
        out.push_bind_param::<Nullable<Text>, _>(&self.description)?;
        out.push_sql(", ");
        out.push_bind_param::<Nullable<Text>, _>(&self.status)?;
        out.push_sql(", ");
        out.push_bind_param::<Nullable<Text>, _>(&self.material_quality)?;
        out.push_sql(", ");
        out.push_bind_param::<Bool, _>(&self.set_cost)?;
        out.push_sql(", ");
        out.push_bind_param::<Nullable<BigInt>, _>(&self.actual_cost_cents)?;
        out.push_sql(", ");
        out.push_bind_param::<Bool, _>(&self.set_due)?;
        out.push_sql(", ");
        out.push_bind_param::<Nullable<Text>, _>(&self.due_date)?;
        out.push_sql(", ");
        out.push_bind_param::<Nullable<Integer>, _>(&self.position)?;
        out.push_sql(")");
        Ok(())
    }
}

impl<Conn> diesel::RunQueryDsl<Conn> for UpdateTaskCall {}

/// `TaskRow`'s columns, in its field order (a test in `tasks.rs` compares them with diesel's).
pub const TASK_ROW_COLUMNS: &str =
    "tasks.id, tasks.project_id, tasks.title, tasks.description, tasks.status, tasks.material_quality, tasks.actual_cost_cents, tasks.due_date, tasks.sort_key, tasks.committed_cents, tasks.bid_count, tasks.lowest_bid_cents, \
tasks.paid_cents, tasks.payment_count, tasks.change_order_cents, tasks.planned_start, tasks.duration_days, tasks.actual_start, tasks.actual_finish";
type TaskRowSql = (
    BigInt,
    BigInt,
    Text,
    Text,
    Text,
    Text,
    Nullable<BigInt>,
    Nullable<Text>,
    BigInt,
    Nullable<BigInt>,
    diesel::sql_types::Integer,
    Nullable<BigInt>,
    BigInt,
    diesel::sql_types::Integer,
    BigInt,
    Nullable<Text>,
    Nullable<diesel::sql_types::Integer>,
    Nullable<Text>,
    Nullable<Text>,
);

/// `ProjectRow`'s columns, in its field order (a test in `tasks.rs` compares them with diesel's).
pub const PROJECT_ROW_COLUMNS: &str = "projects.id, projects.owner_id, projects.name, projects.zip_code, projects.project_type, \
projects.property_type, projects.units, projects.renovation_options, projects.addition_options, projects.conversion_option, \
projects.square_footage, projects.start_date, projects.end_date, projects.budget_cents, projects.owner_builder, projects.version, projects.created_at, \
projects.contingency_percent, projects.loan_amount_cents, projects.drawn_cents, projects.use_calibration, \
projects.work_week, projects.non_working_days, projects.monthly_carrying_cost_cents, \
projects.address, projects.lender_name, projects.loan_number, projects.retainage_basis_points, projects.waiver_threshold_cents";
type ProjectRowSql = (
    BigInt,
    BigInt,
    Text,
    Text,
    Text,
    Nullable<Text>,
    Nullable<Integer>,
    Text,
    Text,
    Nullable<Text>,
    BigInt,
    Text,
    Text,
    BigInt,
    Text,
    BigInt,
    Timestamp,
    Integer,
    Nullable<BigInt>,
    BigInt,
    diesel::sql_types::Bool,
    Text,
    Text,
    Nullable<BigInt>,
    Text,
    Text,
    Text,
    Integer,
    BigInt,
);

/// Task `task_id` with its project, when `owner_id` owns it, and its position: the number of
/// tasks before it in its column. One query (a join and a count), where diesel's query builder
/// needed two: it has no correlated subqueries.
#[derive(Debug, Clone, Copy, QueryId)]
pub struct FindTaskForOwner {
    pub task_id: i64,
    pub owner_id: i64,
}

impl Query for FindTaskForOwner {
    type SqlType = (TaskRowSql, ProjectRowSql, BigInt);
}

impl<DB> QueryFragment<DB> for FindTaskForOwner
where
    DB: Backend + HasSqlType<BigInt>,
    i64: ToSql<BigInt, DB>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        out.push_sql("SELECT ");
        out.push_sql(TASK_ROW_COLUMNS);
        out.push_sql(", ");
        out.push_sql(PROJECT_ROW_COLUMNS);
        // Uses the tasks_project_column index, as the board read does.
        out.push_sql(
            ", (SELECT COUNT(*) FROM tasks AS b WHERE b.project_id = tasks.project_id AND b.status = tasks.status \
             AND (b.sort_key < tasks.sort_key OR (b.sort_key = tasks.sort_key AND b.id < tasks.id))) \
             FROM tasks INNER JOIN projects ON projects.id = tasks.project_id WHERE tasks.id = ",
        );
        out.push_bind_param::<BigInt, _>(&self.task_id)?;
        out.push_sql(" AND projects.owner_id = ");
        out.push_bind_param::<BigInt, _>(&self.owner_id)?;
        Ok(())
    }
}

impl<Conn> diesel::RunQueryDsl<Conn> for FindTaskForOwner {}
