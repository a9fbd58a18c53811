//! Sign-in sessions and password reset links (issue 16).

use buildledger_application::error::RepoError;
use buildledger_application::ports::{PasswordResetRepository, Rotation, SessionRepository};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::connection::DbConnection;
use crate::db::Db;
use crate::schema::{password_resets, sessions, users};

pub struct DieselSessionRepository {
    db: Db,
}

impl DieselSessionRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

/// Revokes every standing session of the user but `keep` (in the caller's transaction).
pub(crate) fn revoke_all(
    conn: &mut DbConnection,
    user_id: i64,
    keep: Option<i64>,
    now: NaiveDateTime,
) -> Result<usize, DieselError> {
    let standing = sessions::table.filter(sessions::user_id.eq(user_id)).filter(sessions::revoked_at.is_null());
    match keep {
        Some(id) => {
            diesel::update(standing.filter(sessions::id.ne(id))).set(sessions::revoked_at.eq(now)).execute(conn)
        }
        None => diesel::update(standing).set(sessions::revoked_at.eq(now)).execute(conn),
    }
}

/// A new sign-in session's row.
#[derive(Insertable)]
#[diesel(table_name = sessions)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewSessionRow<'a> {
    user_id: i64,
    current_jti: &'a str,
    created_at: NaiveDateTime,
    expires_at: NaiveDateTime,
}

/// What a refresh writes on its session: the presented token id becomes the previous one.
#[derive(AsChangeset)]
#[diesel(table_name = sessions)]
struct SessionRotation<'a> {
    previous_jti: &'a str,
    current_jti: &'a str,
    rotated_at: NaiveDateTime,
    expires_at: NaiveDateTime,
}

impl SessionRepository for DieselSessionRepository {
    fn create(&self, user_id: i64, jti: &str, now: NaiveDateTime, expires_at: NaiveDateTime) -> Result<i64, RepoError> {
        let jti = jti.to_owned();
        self.db.write(move |conn| {
            // Sessions that can no longer be used are forgotten as the user signs in again.
            diesel::delete(
                sessions::table
                    .filter(sessions::user_id.eq(user_id))
                    .filter(sessions::expires_at.le(now).or(sessions::revoked_at.is_not_null())),
            )
            .execute(conn)?;
            diesel::insert_into(sessions::table)
                .values(NewSessionRow { user_id, current_jti: &jti, created_at: now, expires_at })
                .returning(sessions::id)
                .get_result(conn)
        })
    }

    fn rotate(
        &self,
        session_id: i64,
        user_id: i64,
        presented: &str,
        new_jti: &str,
        now: NaiveDateTime,
        expires_at: NaiveDateTime,
        grace_since: NaiveDateTime,
    ) -> Result<Rotation, RepoError> {
        let (presented, new_jti) = (presented.to_owned(), new_jti.to_owned());
        self.db.write(move |conn| {
            let standing = sessions::table
                .filter(sessions::id.eq(session_id))
                .filter(sessions::user_id.eq(user_id))
                .filter(sessions::revoked_at.is_null())
                .filter(sessions::expires_at.gt(now));
            // Compare-and-set on the current id: of two requests with one token, one wins.
            let rotated = diesel::update(standing.filter(sessions::current_jti.eq(&presented)))
                .set(SessionRotation { previous_jti: &presented, current_jti: &new_jti, rotated_at: now, expires_at })
                .execute(conn)?;
            if rotated == 1 {
                return Ok(Rotation::Rotated);
            }
            let twin: Option<(String, Option<NaiveDateTime>)> = standing
                .filter(sessions::previous_jti.eq(&presented))
                .filter(sessions::rotated_at.ge(grace_since))
                .select((sessions::current_jti, sessions::rotated_at))
                .first(conn)
                .optional()?;
            if let Some((current_jti, Some(rotated_at))) = twin {
                return Ok(Rotation::AlreadyRotated { current_jti, rotated_at });
            }
            // An old token of the session came back: someone else has a copy. End the session.
            let n = diesel::update(
                sessions::table
                    .filter(sessions::id.eq(session_id))
                    .filter(sessions::user_id.eq(user_id))
                    .filter(sessions::revoked_at.is_null()),
            )
            .set(sessions::revoked_at.eq(now))
            .execute(conn)?;
            if n > 0 {
                tracing::warn!(user_id, session_id, "a replaced refresh token was used again: session revoked");
            }
            Ok(Rotation::Refused)
        })
    }

    fn revoke(&self, session_id: i64, user_id: i64, now: NaiveDateTime) -> Result<(), RepoError> {
        self.db.write(move |conn| {
            diesel::update(
                sessions::table
                    .filter(sessions::id.eq(session_id))
                    .filter(sessions::user_id.eq(user_id))
                    .filter(sessions::revoked_at.is_null()),
            )
            .set(sessions::revoked_at.eq(now))
            .execute(conn)?;
            Ok(())
        })
    }

    fn revoke_all(&self, user_id: i64, keep: Option<i64>, now: NaiveDateTime) -> Result<usize, RepoError> {
        self.db.write(move |conn| revoke_all(conn, user_id, keep, now))
    }
}

pub struct DieselPasswordResetRepository {
    db: Db,
}

impl DieselPasswordResetRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

/// A new password reset link's row (the link's token is kept as its hash).
#[derive(Insertable)]
#[diesel(table_name = password_resets)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewPasswordResetRow<'a> {
    token_hash: &'a str,
    user_id: i64,
    created_at: NaiveDateTime,
    expires_at: NaiveDateTime,
}

impl PasswordResetRepository for DieselPasswordResetRepository {
    fn create(
        &self,
        user_id: i64,
        token_hash: &str,
        now: NaiveDateTime,
        expires_at: NaiveDateTime,
    ) -> Result<(), RepoError> {
        let token_hash = token_hash.to_owned();
        self.db.write(move |conn| {
            // Links past their time are of no use to anyone: forget the user's.
            diesel::delete(
                password_resets::table
                    .filter(password_resets::user_id.eq(user_id))
                    .filter(password_resets::expires_at.le(now)),
            )
            .execute(conn)?;
            diesel::insert_into(password_resets::table)
                .values(NewPasswordResetRow { token_hash: &token_hash, user_id, created_at: now, expires_at })
                .execute(conn)?;
            Ok(())
        })
    }

    fn count_since(&self, user_id: i64, since: NaiveDateTime) -> Result<i64, RepoError> {
        self.db.read(|conn| {
            password_resets::table
                .filter(password_resets::user_id.eq(user_id))
                .filter(password_resets::created_at.ge(since))
                .count()
                .get_result(conn)
        })
    }

    fn find_valid(&self, token_hash: &str, now: NaiveDateTime) -> Result<Option<i64>, RepoError> {
        self.db.read(|conn| {
            password_resets::table
                .filter(password_resets::token_hash.eq(token_hash))
                .filter(password_resets::used_at.is_null())
                .filter(password_resets::expires_at.gt(now))
                .select(password_resets::user_id)
                .first(conn)
                .optional()
        })
    }

    fn consume(&self, token_hash: &str, password_hash: &str, now: NaiveDateTime) -> Result<Option<i64>, RepoError> {
        let (token_hash, password_hash) = (token_hash.to_owned(), password_hash.to_owned());
        self.db.write(move |conn| {
            let valid = password_resets::table
                .filter(password_resets::token_hash.eq(&token_hash))
                .filter(password_resets::used_at.is_null())
                .filter(password_resets::expires_at.gt(now));
            let Some(user_id) = valid.select(password_resets::user_id).first::<i64>(conn).optional()? else {
                return Ok(None);
            };
            // Used once: every open link of the account is spent with this one.
            diesel::update(
                password_resets::table
                    .filter(password_resets::user_id.eq(user_id))
                    .filter(password_resets::used_at.is_null()),
            )
            .set(password_resets::used_at.eq(now))
            .execute(conn)?;
            diesel::update(users::table.find(user_id)).set(users::password_hash.eq(&password_hash)).execute(conn)?;
            revoke_all(conn, user_id, None, now)?;
            Ok(Some(user_id))
        })
    }
}
