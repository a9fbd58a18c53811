//! Project members and invitations (issue 35). An invitation is a row with the hash of its
//! link's token; accepting it sets `user_id` and `joined_at` with one conditional UPDATE, so a
//! link is used once however many requests race. Each write records its activity entry in its
//! transaction.

use buildledger_application::error::RepoError;
use buildledger_application::members::{Invitation, Member, MemberRepository, NewInvitation, Removal};
use buildledger_domain::activity::members as trail;
use buildledger_domain::member::{
    Role, MSG_ALREADY_MEMBER, MSG_INVITATION_EXPIRED, MSG_INVITATION_INVALID, MSG_INVITATION_USED,
};
use buildledger_domain::{DomainError, FieldErrors};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::activity;
use crate::db::{Db, DbConnection};
use crate::ledger::{refused, Guarded};
use crate::schema::{project_members, projects, users};

/// A member's row with the username of a joined member.
type MemberColumns =
    (i64, i64, Option<i64>, Option<String>, String, String, NaiveDateTime, NaiveDateTime, Option<NaiveDateTime>);

/// The columns of [`MemberColumns`], for a query of `project_members` left-joined to `users`.
macro_rules! member_columns {
    () => {
        (
            project_members::id,
            project_members::project_id,
            project_members::user_id,
            users::username.nullable(),
            project_members::email,
            project_members::role,
            project_members::invited_at,
            project_members::expires_at,
            project_members::joined_at,
        )
    };
}

/// `project_members` with the username of a joined member.
macro_rules! members_with_names {
    () => {
        project_members::table.left_join(users::table.on(users::id.nullable().eq(project_members::user_id)))
    };
}

fn into_member(c: MemberColumns) -> Result<Member, DieselError> {
    let (id, project_id, user_id, username, email, role, invited_at, expires_at, joined_at) = c;
    let role = Role::parse_member(&role)
        .ok_or_else(|| DieselError::DeserializationError("invalid stored member role".into()))?;
    Ok(Member { id, project_id, user_id, username, email, role, invited_at, expires_at, joined_at })
}

fn find_member(conn: &mut DbConnection, project_id: i64, member_id: i64) -> Result<Option<Member>, DieselError> {
    members_with_names!()
        .filter(project_members::id.eq(member_id).and(project_members::project_id.eq(project_id)))
        .select(member_columns!())
        .first::<MemberColumns>(conn)
        .optional()?
        .map(into_member)
        .transpose()
}

/// The project's owner, who answers for a change when no signed-in user is known.
fn owner_of(conn: &mut DbConnection, project_id: i64) -> Result<i64, DieselError> {
    projects::table.find(project_id).select(projects::owner_id).first(conn)
}

fn token_refusal(message: &'static str) -> DomainError {
    FieldErrors::single("token", message)
}

#[derive(Insertable)]
#[diesel(table_name = project_members)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewMemberRow<'a> {
    project_id: i64,
    email: &'a str,
    email_key: &'a str,
    role: &'static str,
    token_hash: &'a str,
    invited_by: Option<i64>,
    invited_at: NaiveDateTime,
    expires_at: NaiveDateTime,
}

pub struct DieselMemberRepository {
    db: Db,
}

impl DieselMemberRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl MemberRepository for DieselMemberRepository {
    fn list(&self, project_id: i64) -> Result<Vec<Member>, RepoError> {
        self.db.read(|conn| {
            members_with_names!()
                .filter(project_members::project_id.eq(project_id))
                .order(project_members::id.asc())
                .select(member_columns!())
                .load::<MemberColumns>(conn)?
                .into_iter()
                .map(into_member)
                .collect()
        })
    }

    fn find(&self, project_id: i64, member_id: i64) -> Result<Option<Member>, RepoError> {
        self.db.read(|conn| find_member(conn, project_id, member_id))
    }

    fn invite(&self, invitation: &NewInvitation) -> Result<Member, RepoError> {
        let inv = invitation.clone();
        self.db
            .write(move |conn| -> Guarded<Member> {
                // The project's row lock (PostgreSQL): two invitations of one address queue here.
                let locked = diesel::update(projects::table.find(inv.project_id))
                    .set(projects::id.eq(projects::id))
                    .execute(conn)?;
                if locked == 0 {
                    return Err(DieselError::NotFound);
                }
                let same_address = project_members::table
                    .filter(project_members::project_id.eq(inv.project_id))
                    .filter(project_members::email_key.eq(&inv.email_key));
                let taken: bool = diesel::select(diesel::dsl::exists(same_address.filter(
                    project_members::joined_at.is_not_null().or(project_members::expires_at.gt(inv.invited_at)),
                )))
                .get_result(conn)?;
                // A member who joined under another address and uses this one now.
                let joined_as: bool = diesel::select(diesel::dsl::exists(
                    project_members::table
                        .inner_join(users::table.on(users::id.nullable().eq(project_members::user_id)))
                        .filter(project_members::project_id.eq(inv.project_id))
                        .filter(users::email_key.eq(&inv.email_key)),
                ))
                .get_result(conn)?;
                if taken || joined_as {
                    return refused(DomainError::conflict("email", MSG_ALREADY_MEMBER));
                }
                // An expired invitation of the address is replaced.
                diesel::delete(same_address.filter(project_members::joined_at.is_null())).execute(conn)?;
                let id: i64 = diesel::insert_into(project_members::table)
                    .values(NewMemberRow {
                        project_id: inv.project_id,
                        email: &inv.email,
                        email_key: &inv.email_key,
                        role: inv.role.as_str(),
                        token_hash: &inv.token_hash,
                        invited_by: Some(inv.invited_by),
                        invited_at: inv.invited_at,
                        expires_at: inv.expires_at,
                    })
                    .returning(project_members::id)
                    .get_result(conn)?;
                activity::record(conn, inv.project_id, inv.invited_by, [trail::member_invited(&inv.email, inv.role)])?;
                Ok(Ok(find_member(conn, inv.project_id, id)?.ok_or(DieselError::NotFound)?))
            })
            .and_then(|r| r)
    }

    fn find_by_token(&self, token_hash: &str) -> Result<Option<Invitation>, RepoError> {
        self.db.read(|conn| {
            let found: Option<(MemberColumns, i64, String)> = members_with_names!()
                .inner_join(projects::table.on(projects::id.eq(project_members::project_id)))
                .filter(project_members::token_hash.eq(token_hash))
                .select((member_columns!(), projects::owner_id, project_members::email_key))
                .first(conn)
                .optional()?;
            found
                .map(|(columns, project_owner_id, email_key)| {
                    Ok(Invitation { member: into_member(columns)?, project_owner_id, email_key })
                })
                .transpose()
        })
    }

    fn accept(&self, member_id: i64, user_id: i64, now: NaiveDateTime) -> Result<Member, RepoError> {
        self.db
            .write(move |conn| -> Guarded<Member> {
                let row: Option<(i64, Option<NaiveDateTime>, NaiveDateTime)> = project_members::table
                    .find(member_id)
                    .select((project_members::project_id, project_members::joined_at, project_members::expires_at))
                    .first(conn)
                    .optional()?;
                let Some((project_id, joined_at, _)) = row else {
                    return refused(token_refusal(MSG_INVITATION_INVALID));
                };
                let already: bool = diesel::select(diesel::dsl::exists(
                    project_members::table
                        .filter(project_members::project_id.eq(project_id))
                        .filter(project_members::user_id.eq(user_id)),
                ))
                .get_result(conn)?;
                if already {
                    return refused(token_refusal(buildledger_application::members::MSG_ALREADY_JOINED));
                }
                // Single use: only a row not joined yet (and unexpired) is taken.
                let n = diesel::update(
                    project_members::table
                        .filter(project_members::id.eq(member_id))
                        .filter(project_members::joined_at.is_null())
                        .filter(project_members::expires_at.gt(now)),
                )
                .set((project_members::user_id.eq(user_id), project_members::joined_at.eq(now)))
                .execute(conn)?;
                if n == 0 {
                    return refused(token_refusal(if joined_at.is_some() {
                        MSG_INVITATION_USED
                    } else {
                        MSG_INVITATION_EXPIRED
                    }));
                }
                let member = find_member(conn, project_id, member_id)?.ok_or(DieselError::NotFound)?;
                activity::record(conn, project_id, user_id, [trail::member_joined(member.name(), member.role)])?;
                Ok(Ok(member))
            })
            .and_then(|r| r)
    }

    fn set_role(&self, project_id: i64, member_id: i64, role: Role) -> Result<Member, RepoError> {
        self.db.write(move |conn| {
            let before = find_member(conn, project_id, member_id)?.ok_or(DieselError::NotFound)?;
            if before.role == role {
                return Ok(before);
            }
            diesel::update(project_members::table.find(member_id))
                .set(project_members::role.eq(role.as_str()))
                .execute(conn)?;
            let owner = owner_of(conn, project_id)?;
            activity::record(conn, project_id, owner, trail::member_role_changed(before.name(), before.role, role))?;
            Ok(Member { role, ..before })
        })
    }

    fn remove(&self, project_id: i64, member_id: i64, how: Removal) -> Result<Member, RepoError> {
        self.db.write(move |conn| {
            let member = find_member(conn, project_id, member_id)?.ok_or(DieselError::NotFound)?;
            let (actor, entry) = match how {
                Removal::Leave { user_id } if member.user_id == Some(user_id) => {
                    (user_id, trail::member_left(member.name()))
                }
                Removal::Leave { .. } => return Err(DieselError::NotFound),
                Removal::ByOwner => {
                    (owner_of(conn, project_id)?, trail::member_removed(member.username.as_deref(), &member.email))
                }
            };
            diesel::delete(project_members::table.find(member_id)).execute(conn)?;
            activity::record(conn, project_id, actor, [entry])?;
            Ok(member)
        })
    }
}
