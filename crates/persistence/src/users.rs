use buildledger_application::error::RepoError;
use buildledger_application::ports::{DeletedAccount, NewUser, UserRepository};
use buildledger_domain::subscription::STATUS_CANCELED;
use buildledger_domain::user::User;
use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::connection::{now, DbConnection};
use crate::db::Db;
use crate::effects::{record, Effect};
use crate::schema::{billing_cancellations, contractors, documents, projects, sessions, subscriptions, users};

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

/// A new user's row.
#[derive(Insertable)]
#[diesel(table_name = users)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewUserRow<'a> {
    username: &'a str,
    email: &'a str,
    password_hash: &'a str,
    is_admin: bool,
    /// [`key`] of the username.
    username_key: String,
    /// [`key`] of the email.
    email_key: String,
    username_skeleton: &'a str,
    created_at: NaiveDateTime,
}

/// A subscription to cancel at the provider once its account is deleted.
#[derive(Insertable)]
#[diesel(table_name = billing_cancellations)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewBillingCancellationRow<'a> {
    subscription_id: &'a str,
    requested_at: NaiveDateTime,
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
        self.db
            .write(move |conn| {
                // A username taken as such is told apart from one that only looks like a taken
                // one (both would violate the look-alike index).
                let taken: i64 =
                    users::table.filter(users::username_key.eq(key(&user.username))).count().get_result(conn)?;
                if taken > 0 {
                    return Ok(Err(RepoError::Conflict("username".into())));
                }
                let id: i64 = diesel::insert_into(users::table)
                    .values(NewUserRow {
                        username: &user.username,
                        email: &user.email,
                        password_hash: &user.password_hash,
                        is_admin: false,
                        username_key: key(&user.username),
                        email_key: key(&user.email),
                        username_skeleton: &user.username_skeleton,
                        created_at: now(),
                    })
                    .returning(users::id)
                    .get_result(conn)?;
                users::table.find(id).select(UserRow::as_select()).first(conn).map(|r| Ok(User::from(r)))
            })
            .and_then(|created| created)
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

    fn change_password(
        &self,
        user_id: i64,
        password_hash: &str,
        keep_session: Option<i64>,
        now: NaiveDateTime,
    ) -> Result<(), RepoError> {
        let hash = password_hash.to_owned();
        self.db.write(move |conn| {
            let n = diesel::update(users::table.find(user_id)).set(users::password_hash.eq(&hash)).execute(conn)?;
            if n == 0 {
                return Err(diesel::result::Error::NotFound);
            }
            crate::sessions::revoke_all(conn, user_id, keep_session, now)?;
            Ok(())
        })
    }

    fn delete(&self, user_id: i64) -> Result<DeletedAccount, RepoError> {
        self.db.write(move |conn| {
            let storage_keys: Vec<String> =
                documents::table.filter(documents::owner_id.eq(user_id)).select(documents::storage_key).load(conn)?;
            let owned: Vec<i64> =
                projects::table.filter(projects::owner_id.eq(user_id)).select(projects::id).load(conn)?;
            // A subscription that still bills is recorded to be canceled at the provider once
            // this commits (the deletion use case cancels it; failures are retried).
            let billing: Option<(Option<String>, String)> = subscriptions::table
                .find(user_id)
                .select((subscriptions::subscription_id, subscriptions::status))
                .first(conn)
                .optional()?;
            let subscription_to_cancel = billing.and_then(|(id, status)| id.filter(|_| status != STATUS_CANCELED));
            if let Some(id) = &subscription_to_cancel {
                let known: i64 = billing_cancellations::table.find(id).count().get_result(conn)?;
                if known == 0 {
                    diesel::insert_into(billing_cancellations::table)
                        .values(NewBillingCancellationRow { subscription_id: id, requested_at: now() })
                        .execute(conn)?;
                }
            }
            // Projects first: they take their tasks, bids, payments, change orders, draws and
            // share links with them, so no bid still names a contractor (bids.contractor_id is
            // ON DELETE RESTRICT). Then the roster, the sessions, and the user row, which takes
            // the rest (documents, subscription records, reset links) by ON DELETE CASCADE.
            diesel::delete(projects::table.filter(projects::owner_id.eq(user_id))).execute(conn)?;
            diesel::delete(contractors::table.filter(contractors::owner_id.eq(user_id))).execute(conn)?;
            diesel::delete(sessions::table.filter(sessions::user_id.eq(user_id))).execute(conn)?;
            let n = diesel::delete(users::table.find(user_id)).execute(conn)?;
            if n == 0 {
                return Err(diesel::result::Error::NotFound);
            }
            owned.into_iter().for_each(|id| record(Effect::Deleted(id)));
            record(Effect::Subscription(user_id));
            Ok(DeletedAccount { storage_keys, subscription_to_cancel })
        })
    }
}

/// Fills the look-alike key of users stored before it existed (run after migrations). A name
/// that looks like one already keyed keeps an empty key: both accounts stay usable.
pub(crate) fn backfill_username_skeletons(conn: &mut DbConnection) -> Result<usize, diesel::result::Error> {
    let missing: Vec<(i64, String)> =
        users::table.filter(users::username_skeleton.eq("")).select((users::id, users::username)).load(conn)?;
    let mut filled = 0;
    for (id, username) in missing {
        let skeleton = buildledger_domain::user::username_skeleton(&username);
        let taken: i64 = users::table.filter(users::username_skeleton.eq(&skeleton)).count().get_result(conn)?;
        if taken == 0 {
            diesel::update(users::table.find(id)).set(users::username_skeleton.eq(&skeleton)).execute(conn)?;
            filled += 1;
        }
    }
    Ok(filled)
}
