//! The lookups of the authorization rule (`buildledger_application::access`): a target's project,
//! its owner and the caller's role there, in one query for a project and two for its records.

use buildledger_application::access::{Located, ProjectAccess, Target};
use buildledger_application::error::RepoError;
use buildledger_domain::ids::{ProjectId, TypedId, UserId};
use buildledger_domain::member::Role;
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::db::{Db, DbConnection};
use crate::schema::{
    bids, change_orders, documents, draws, inspections, lien_waivers, project_members, project_shares, projects,
    task_delays, task_dependencies, task_payments, tasks,
};

pub struct DieselProjectAccess {
    db: Db,
}

impl DieselProjectAccess {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

/// The project of a record: `SELECT project_id FROM <table> WHERE id = ?`.
macro_rules! project_of {
    ($conn:expr, $table:ident, $id:expr) => {
        $table::table.find($id.get()).select($table::project_id).first::<i64>($conn).optional()
    };
}

fn project_of(conn: &mut DbConnection, target: Target) -> Result<Option<i64>, DieselError> {
    match target {
        Target::Project(id) => Ok(Some(id.get())),
        Target::Task(id) => project_of!(conn, tasks, id),
        Target::Bid(id) => project_of!(conn, bids, id),
        Target::Payment(id) => project_of!(conn, task_payments, id),
        Target::ChangeOrder(id) => project_of!(conn, change_orders, id),
        Target::Draw(id) => project_of!(conn, draws, id),
        Target::LienWaiver(id) => project_of!(conn, lien_waivers, id),
        Target::Document(id) => project_of!(conn, documents, id),
        Target::Share(id) => project_of!(conn, project_shares, id),
        Target::Dependency(id) => project_of!(conn, task_dependencies, id),
        Target::Delay(id) => project_of!(conn, task_delays, id),
        Target::Inspection(id) => project_of!(conn, inspections, id),
    }
}

/// The project's owner and `user`'s role there as a joined member (one query).
pub(crate) fn standing(
    conn: &mut DbConnection,
    user: i64,
    project_id: i64,
) -> Result<Option<(i64, Option<String>)>, DieselError> {
    projects::table
        .left_join(
            project_members::table.on(project_members::project_id
                .eq(projects::id)
                .and(project_members::user_id.eq(user))
                .and(project_members::joined_at.is_not_null())),
        )
        .filter(projects::id.eq(project_id))
        .select((projects::owner_id, project_members::role.nullable()))
        .first(conn)
        .optional()
}

impl ProjectAccess for DieselProjectAccess {
    fn locate(&self, user_id: UserId, target: Target) -> Result<Option<Located>, RepoError> {
        let user = user_id.get();
        self.db.read(|conn| {
            let Some(project_id) = project_of(conn, target)? else { return Ok(None) };
            Ok(standing(conn, user, project_id)?.map(|(owner, member_role)| Located {
                project_id: ProjectId::new(project_id),
                owner_id: UserId::new(owner),
                role: if owner == user {
                    Some(Role::Owner)
                } else {
                    member_role.as_deref().and_then(Role::parse_member)
                },
            }))
        })
    }

    fn is_member_anywhere(&self, user_id: UserId) -> Result<bool, RepoError> {
        self.db.read(|conn| {
            diesel::select(diesel::dsl::exists(
                project_members::table
                    .filter(project_members::user_id.eq(user_id.get()))
                    .filter(project_members::joined_at.is_not_null()),
            ))
            .get_result(conn)
        })
    }
}
