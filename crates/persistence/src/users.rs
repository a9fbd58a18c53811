use buildledger_application::error::RepoError;
use buildledger_application::ports::{NewUser, UserRepository};
use buildledger_domain::user::User;
use diesel::prelude::*;

use crate::db::{now, Db};
use crate::schema::users;

/// The lowercase key under which a username or email is unique (Unicode-aware, unlike
/// SQLite's `lower()`).
fn key(s: &str) -> String {
    s.trim().to_lowercase()
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = users)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct UserRow {
    id: i64,
    username: String,
    email: String,
    password_hash: String,
    is_admin: bool,
}

impl From<UserRow> for User {
    fn from(r: UserRow) -> Self {
        User { id: r.id, username: r.username, email: r.email, password_hash: r.password_hash, is_admin: r.is_admin }
    }
}

pub struct DieselUserRepository {
    db: Db,
}

impl DieselUserRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl UserRepository for DieselUserRepository {
    fn create(&self, user: &NewUser) -> Result<User, RepoError> {
        let user = user.clone();
        self.db.write(move |conn| {
            let id: i64 = diesel::insert_into(users::table)
                .values((
                    users::username.eq(&user.username),
                    users::email.eq(&user.email),
                    users::password_hash.eq(&user.password_hash),
                    users::is_admin.eq(false),
                    users::username_key.eq(key(&user.username)),
                    users::email_key.eq(key(&user.email)),
                    users::created_at.eq(now()),
                ))
                .returning(users::id)
                .get_result(conn)?;
            users::table.find(id).select(UserRow::as_select()).first(conn).map(User::from)
        })
    }

    fn find_by_login(&self, login: &str) -> Result<Option<User>, RepoError> {
        let key = key(login);
        // With `@` it is an email (usernames cannot hold one), else a username: never either.
        let by_email = key.contains('@');
        self.db.read(|conn| {
            let row = if by_email {
                users::table.filter(users::email_key.eq(&key)).select(UserRow::as_select()).first(conn).optional()
            } else {
                users::table.filter(users::username_key.eq(&key)).select(UserRow::as_select()).first(conn).optional()
            };
            row.map(|r| r.map(User::from))
        })
    }

    fn find_by_id(&self, id: i64) -> Result<Option<User>, RepoError> {
        self.db.read(|conn| {
            users::table.find(id).select(UserRow::as_select()).first(conn).optional().map(|r| r.map(User::from))
        })
    }

    fn set_admin(&self, username: &str, is_admin: bool) -> Result<bool, RepoError> {
        let key = key(username);
        self.db.write(move |conn| {
            let n = diesel::update(users::table.filter(users::username_key.eq(&key)))
                .set(users::is_admin.eq(is_admin))
                .execute(conn)?;
            Ok(n > 0)
        })
    }
}
