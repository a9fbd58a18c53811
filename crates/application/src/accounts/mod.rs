//! Accounts: registration, login, sessions (refresh token rotation, sign-out, sign-out
//! everywhere), password change, authentication, admin flag. Password reset is in [`recovery`],
//! the data export and account deletion in [`closure`].

pub mod closure;
pub mod recovery;

use std::sync::Arc;

use buildledger_domain::user::{Email, Password, User, Username};
use buildledger_domain::{DomainError, FieldErrors};
use chrono::{Duration, NaiveDateTime};

use crate::error::UseCaseError;
use crate::ports::{
    Clock, IdGenerator, NewUser, PasswordHasher, Rotation, SessionRepository, TokenError, TokenIssuer, TokenKind,
    TokenSubject, UserRepository,
};

/// A new account's fields, each parsed into its domain type.
#[derive(Debug)]
pub struct Registration {
    pub username: Username,
    pub email: Email,
    pub password: Password,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenPair {
    pub access: String,
    pub refresh: String,
}

/// The caller of an authenticated request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AuthUser {
    pub id: i64,
    /// The sign-in session the access token was issued for (`None` in tokens older than
    /// sessions).
    pub session: Option<i64>,
}

impl AuthUser {
    /// The caller as the owner the resource use cases take.
    pub fn owner(&self) -> buildledger_domain::ids::UserId {
        buildledger_domain::ids::TypedId::new(self.id)
    }
}

/// How long the refresh token just replaced still gets the current one: two tabs of one
/// browser that refresh at the same moment both stay signed in.
pub const ROTATION_GRACE_SECONDS: i64 = 30;

pub const MSG_WRONG_PASSWORD: &str = "The password is incorrect.";

/// The id of the access token issued beside refresh token `jti` (nothing checks it; derived so
/// that the pair is a function of the refresh id and the time).
fn access_id(jti: &str) -> String {
    format!("a.{jti}")
}

/// What the account use cases talk to.
#[derive(Clone)]
pub struct AccountPorts {
    pub users: Arc<dyn UserRepository>,
    pub sessions: Arc<dyn SessionRepository>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub tokens: Arc<dyn TokenIssuer>,
    pub ids: Arc<dyn IdGenerator>,
    pub clock: Arc<dyn Clock>,
    /// How long a session lasts without a refresh (the refresh token's lifetime).
    pub session_lifetime: Duration,
}

#[derive(Clone)]
pub struct AccountService {
    ports: AccountPorts,
    /// A hash of a throwaway password, verified against when the login is unknown so that
    /// timing does not tell which logins exist.
    dummy_hash: Arc<std::sync::OnceLock<String>>,
}

impl AccountService {
    pub fn new(ports: AccountPorts) -> Self {
        Self { ports, dummy_hash: Arc::default() }
    }

    fn now(&self) -> NaiveDateTime {
        self.ports.clock.now()
    }

    /// Creates an account from already parsed fields (the HTTP edge reports every field
    /// problem at once). A taken username or email is a conflict, and so is a username that
    /// looks like a taken one.
    pub fn register(&self, registration: Registration) -> Result<User, UseCaseError> {
        let Registration { username, email, password } = registration;
        let password_hash = self.ports.hasher.hash(password.expose()).map_err(UseCaseError::Internal)?;
        let new = NewUser {
            username: username.as_str().to_owned(),
            email: email.as_str().to_owned(),
            password_hash,
            username_skeleton: username.skeleton(),
        };
        self.ports.users.create(&new).map_err(|e| match UseCaseError::from(e) {
            UseCaseError::Conflict { field, .. } if field == "username_skeleton" => UseCaseError::Conflict {
                field: "username".into(),
                message: "This username looks the same as one already taken. Please choose another.".into(),
            },
            UseCaseError::Conflict { field, .. } => {
                let message = format!("A user with that {field} already exists.");
                UseCaseError::Conflict { field, message }
            }
            other => other,
        })
    }

    /// The account a login names (a username, or an email when it holds `@`), if any.
    pub fn find_login(&self, login: &str) -> Result<Option<User>, UseCaseError> {
        let login = login.trim();
        if login.is_empty() {
            return Ok(None);
        }
        Ok(self.ports.users.find_by_login(login)?)
    }

    /// `Ok` when the password is the user's. Unknown user and wrong password look the same
    /// and take about the same time (a dummy verify runs for unknown users).
    pub fn verify_password(&self, user: Option<&User>, password: &str) -> Result<(), UseCaseError> {
        let Some(user) = user else {
            let dummy =
                self.dummy_hash.get_or_init(|| self.ports.hasher.hash("not-a-real-password").unwrap_or_default());
            let _ = self.ports.hasher.verify(password, dummy);
            return Err(UseCaseError::InvalidCredentials);
        };
        if password.is_empty() || !self.ports.hasher.verify(password, &user.password_hash) {
            return Err(UseCaseError::InvalidCredentials);
        }
        Ok(())
    }

    /// The user whose password this is, or `InvalidCredentials`.
    pub fn check_credentials(&self, login: &str, password: &str) -> Result<User, UseCaseError> {
        let user = self.find_login(login)?;
        self.verify_password(user.as_ref(), password)?;
        user.ok_or(UseCaseError::InvalidCredentials)
    }

    /// Logs in with a username or an email: a new session and its first token pair.
    pub fn login(&self, login: &str, password: &str) -> Result<TokenPair, UseCaseError> {
        let user = self.check_credentials(login, password)?;
        self.start_session(user.id)
    }

    /// Logs in as an account already looked up with [`Self::find_login`] (`None`: unknown).
    pub fn login_as(&self, user: Option<&User>, password: &str) -> Result<TokenPair, UseCaseError> {
        self.verify_password(user, password)?;
        match user {
            Some(u) => self.start_session(u.id),
            None => Err(UseCaseError::InvalidCredentials),
        }
    }

    /// Opens a session for the user and issues its first tokens.
    pub fn start_session(&self, user_id: i64) -> Result<TokenPair, UseCaseError> {
        let now = self.now();
        let jti = self.ports.ids.new_id("");
        let session_id = self.ports.sessions.create(user_id, &jti, now, now + self.ports.session_lifetime)?;
        self.issue_pair(user_id, session_id, jti, now)
    }

    /// The access and refresh tokens of refresh id `jti`, issued at `at`: a function of its
    /// arguments, so the pair of one rotation can be given again.
    fn issue_pair(
        &self,
        user_id: i64,
        session_id: i64,
        jti: String,
        at: NaiveDateTime,
    ) -> Result<TokenPair, UseCaseError> {
        let access = TokenSubject { user_id, session_id: Some(session_id), token_id: Some(access_id(&jti)) };
        let refresh = TokenSubject { token_id: Some(jti), ..access.clone() };
        Ok(TokenPair {
            access: self.ports.tokens.issue(&access, TokenKind::Access, at).map_err(UseCaseError::Internal)?,
            refresh: self.ports.tokens.issue(&refresh, TokenKind::Refresh, at).map_err(UseCaseError::Internal)?,
        })
    }

    /// A new access token and a new refresh token for the current refresh token of a standing
    /// session. The old refresh token stops working; presenting it again later revokes the
    /// whole session (someone else holds a copy).
    pub fn refresh(&self, refresh_token: &str) -> Result<TokenPair, UseCaseError> {
        let subject = self.ports.tokens.verify(refresh_token, TokenKind::Refresh).map_err(token_error)?;
        let (Some(session_id), Some(presented)) = (subject.session_id, subject.token_id.as_deref()) else {
            return Err(token_error(TokenError::Invalid));
        };
        let now = self.now();
        let new_jti = self.ports.ids.new_id("");
        let rotation = self.ports.sessions.rotate(
            session_id,
            subject.user_id,
            presented,
            &new_jti,
            now,
            now + self.ports.session_lifetime,
            now - Duration::seconds(ROTATION_GRACE_SECONDS),
        )?;
        match rotation {
            Rotation::Rotated => self.issue_pair(subject.user_id, session_id, new_jti, now),
            // The same pair as the rotation that replaced it, not a new one: within the grace
            // period, a copy of the replaced token gets nothing the first caller did not.
            Rotation::AlreadyRotated { current_jti, rotated_at } => {
                self.issue_pair(subject.user_id, session_id, current_jti, rotated_at)
            }
            Rotation::Refused => {
                tracing::warn!(user_id = subject.user_id, session_id, "refresh refused (revoked, expired or reused)");
                Err(token_error(TokenError::Invalid))
            }
        }
    }

    /// Signs out: the refresh token's session is revoked, so neither it nor any token rotated
    /// from it works again. (Access tokens already issued expire on their own, within minutes.)
    pub fn logout(&self, refresh_token: &str) -> Result<(), UseCaseError> {
        let subject = self.ports.tokens.verify(refresh_token, TokenKind::Refresh).map_err(token_error)?;
        let session_id = subject.session_id.ok_or_else(|| token_error(TokenError::Invalid))?;
        self.ports.sessions.revoke(session_id, subject.user_id, self.now())?;
        Ok(())
    }

    /// Signs out everywhere: every session of the user, this one included.
    pub fn logout_all(&self, user: AuthUser) -> Result<usize, UseCaseError> {
        Ok(self.ports.sessions.revoke_all(user.id, None, self.now())?)
    }

    /// Changes the password after checking the current one; every other session is signed out.
    pub fn change_password(&self, user: AuthUser, current: &str, new: &str) -> Result<(), UseCaseError> {
        let stored = self.get_user(user.id)?;
        let mut errors = FieldErrors::new();
        let new = match Password::parse(new) {
            Ok(p) => Some(p),
            Err(e) => {
                e.fields().as_map().values().flatten().for_each(|p| errors.add("new_password", p.as_str()));
                None
            }
        };
        if current.is_empty() {
            errors.add("current_password", buildledger_domain::messages::BLANK);
        } else if !self.ports.hasher.verify(current, &stored.password_hash) {
            errors.add("current_password", "The current password is incorrect.");
        }
        let new = match (errors.is_empty(), new) {
            (true, Some(new)) => new,
            _ => return Err(DomainError::Validation(errors).into()),
        };
        let hash = self.ports.hasher.hash(new.expose()).map_err(UseCaseError::Internal)?;
        self.ports.users.change_password(user.id, &hash, user.session, self.now())?;
        tracing::info!(user_id = user.id, "password changed; other sessions revoked");
        Ok(())
    }

    /// The user behind an access token. Signature and expiry only: no database read, so
    /// authentication stays cheap on every request.
    pub fn authenticate(&self, access_token: &str) -> Result<AuthUser, UseCaseError> {
        let subject = self.ports.tokens.verify(access_token, TokenKind::Access).map_err(token_error)?;
        Ok(AuthUser { id: subject.user_id, session: subject.session_id })
    }

    pub fn get_user(&self, user_id: i64) -> Result<User, UseCaseError> {
        self.ports.users.find_by_id(user_id)?.ok_or(UseCaseError::Unauthenticated("User not found"))
    }

    /// `Forbidden` unless the user has the admin flag.
    pub fn require_admin(&self, user_id: i64) -> Result<User, UseCaseError> {
        let user = self.get_user(user_id)?;
        if user.is_admin {
            Ok(user)
        } else {
            Err(UseCaseError::Forbidden)
        }
    }

    /// Sets or clears the admin flag (CLI). `NotFound` for an unknown username.
    pub fn set_admin(&self, username: &str, is_admin: bool) -> Result<(), UseCaseError> {
        if self.ports.users.set_admin(username, is_admin)? {
            Ok(())
        } else {
            Err(UseCaseError::not_found("user"))
        }
    }
}

fn token_error(e: TokenError) -> UseCaseError {
    match e {
        TokenError::Invalid => UseCaseError::Unauthenticated("Given token not valid for any token type"),
        TokenError::WrongKind => UseCaseError::Unauthenticated("Token has wrong type"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::RepoError;
    use crate::ports::{
        MockClock, MockIdGenerator, MockPasswordHasher, MockSessionRepository, MockTokenIssuer, MockUserRepository,
    };
    use chrono::NaiveDate;
    use mockall::predicate::eq;

    fn user(id: i64) -> User {
        User {
            id,
            username: "ana".into(),
            email: "ana@example.com".into(),
            password_hash: "hash".into(),
            is_admin: false,
        }
    }

    fn now() -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 11, 24).unwrap().and_hms_opt(12, 0, 0).unwrap()
    }

    #[derive(Default)]
    struct Mocks {
        users: MockUserRepository,
        sessions: MockSessionRepository,
        hasher: MockPasswordHasher,
        tokens: MockTokenIssuer,
    }

    impl Mocks {
        fn service(self) -> AccountService {
            let mut ids = MockIdGenerator::new();
            let mut n = 0;
            ids.expect_new_id().returning(move |_| {
                n += 1;
                format!("jti{n}")
            });
            let mut clock = MockClock::new();
            clock.expect_now().returning(now);
            AccountService::new(AccountPorts {
                users: Arc::new(self.users),
                sessions: Arc::new(self.sessions),
                hasher: Arc::new(self.hasher),
                tokens: Arc::new(self.tokens),
                ids: Arc::new(ids),
                clock: Arc::new(clock),
                session_lifetime: Duration::days(14),
            })
        }
    }

    fn subject(user_id: i64, session: i64, jti: Option<&str>) -> TokenSubject {
        TokenSubject { user_id, session_id: Some(session), token_id: jti.map(str::to_owned) }
    }

    fn registration(username: &str, email: &str, password: &str) -> Registration {
        Registration {
            username: Username::parse(username).unwrap(),
            email: Email::parse(email).unwrap(),
            password: Password::parse(password).unwrap(),
        }
    }

    #[test]
    fn registering_hashes_the_password_and_stores_the_user_with_its_look_alike_key() {
        let mut m = Mocks::default();
        m.users
            .expect_create()
            .withf(|n| {
                n.username == "ana"
                    && n.email == "ana@example.com"
                    && n.password_hash == "hashed"
                    && n.username_skeleton == Username::parse("ANA").unwrap().skeleton()
            })
            .times(1)
            .returning(|_| Ok(user(1)));
        m.hasher.expect_hash().with(eq("correct horse")).returning(|_| Ok("hashed".into()));
        let u = m.service().register(registration(" ana ", "ana@example.com", "correct horse")).unwrap();
        assert_eq!(u.id, 1);
    }

    #[test]
    fn a_taken_username_is_a_conflict_and_a_look_alike_one_says_so() {
        let mut m = Mocks::default();
        let mut taken = vec![RepoError::Conflict("username_skeleton".into()), RepoError::Conflict("username".into())];
        m.users.expect_create().returning(move |_| Err(taken.pop().unwrap()));
        m.hasher.expect_hash().returning(|_| Ok("h".into()));
        let s = m.service();
        let err = s.register(registration("ana", "ana@example.com", "12345678")).unwrap_err();
        assert!(matches!(err, UseCaseError::Conflict { ref field, ref message }
            if field == "username" && message == "A user with that username already exists."));
        let err = s.register(registration("\u{0430}na", "ana2@example.com", "12345678")).unwrap_err();
        assert!(matches!(err, UseCaseError::Conflict { ref field, ref message }
            if field == "username" && message.contains("looks the same")));
    }

    #[test]
    fn login_opens_a_session_and_issues_its_access_and_refresh_tokens() {
        let mut m = Mocks::default();
        m.users.expect_find_by_login().with(eq("ana@example.com")).returning(|_| Ok(Some(user(5))));
        m.hasher.expect_verify().with(eq("pw123456"), eq("hash")).returning(|_, _| true);
        m.sessions
            .expect_create()
            .with(eq(5), eq("jti1"), eq(now()), eq(now() + Duration::days(14)))
            .times(1)
            .returning(|_, _, _, _| Ok(42));
        m.tokens
            .expect_issue()
            .with(eq(subject(5, 42, Some("a.jti1"))), eq(TokenKind::Access), eq(now()))
            .returning(|_, _, _| Ok("a".into()));
        m.tokens
            .expect_issue()
            .with(eq(subject(5, 42, Some("jti1"))), eq(TokenKind::Refresh), eq(now()))
            .returning(|_, _, _| Ok("r".into()));
        let pair = m.service().login("ana@example.com", "pw123456").unwrap();
        assert_eq!(pair, TokenPair { access: "a".into(), refresh: "r".into() });
    }

    #[test]
    fn login_with_a_wrong_password_or_unknown_user_is_refused_the_same_way() {
        let mut m = Mocks::default();
        m.users.expect_find_by_login().with(eq("ana")).returning(|_| Ok(Some(user(5))));
        m.users.expect_find_by_login().with(eq("ghost")).returning(|_| Ok(None));
        m.hasher.expect_verify().times(2).returning(|_, _| false);
        m.hasher.expect_hash().times(1).returning(|_| Ok("dummy".into()));
        m.sessions.expect_create().never();
        m.tokens.expect_issue().never();
        let s = m.service();
        assert!(matches!(s.login("ana", "wrong"), Err(UseCaseError::InvalidCredentials)));
        assert!(matches!(s.login("ghost", "wrong"), Err(UseCaseError::InvalidCredentials)));
    }

    #[test]
    fn refresh_rotates_the_session_and_answers_a_new_pair() {
        let mut m = Mocks::default();
        m.tokens
            .expect_verify()
            .with(eq("access-token"), eq(TokenKind::Refresh))
            .returning(|_, _| Err(TokenError::WrongKind));
        m.tokens
            .expect_verify()
            .with(eq("good"), eq(TokenKind::Refresh))
            .returning(|_, _| Ok(subject(5, 42, Some("old"))));
        m.sessions
            .expect_rotate()
            .withf(|sid, uid, presented, new, at, expires, grace| {
                (*sid, *uid, presented, new) == (42, 5, "old", "jti1")
                    && *at == now()
                    && *expires == now() + Duration::days(14)
                    && *grace == now() - Duration::seconds(ROTATION_GRACE_SECONDS)
            })
            .returning(|_, _, _, _, _, _, _| Ok(Rotation::Rotated));
        m.tokens
            .expect_issue()
            .with(eq(subject(5, 42, Some("a.jti1"))), eq(TokenKind::Access), eq(now()))
            .returning(|_, _, _| Ok("a2".into()));
        m.tokens
            .expect_issue()
            .with(eq(subject(5, 42, Some("jti1"))), eq(TokenKind::Refresh), eq(now()))
            .returning(|_, _, _| Ok("r2".into()));
        let s = m.service();
        assert!(matches!(s.refresh("access-token"), Err(UseCaseError::Unauthenticated(_))));
        assert_eq!(s.refresh("good").unwrap(), TokenPair { access: "a2".into(), refresh: "r2".into() });
    }

    #[test]
    fn a_refused_rotation_is_unauthenticated_and_a_concurrent_one_gets_the_current_token() {
        let mut m = Mocks::default();
        m.tokens
            .expect_verify()
            .with(eq("reused"), eq(TokenKind::Refresh))
            .returning(|_, _| Ok(subject(5, 42, Some("x"))));
        m.tokens
            .expect_verify()
            .with(eq("twin"), eq(TokenKind::Refresh))
            .returning(|_, _| Ok(subject(5, 43, Some("y"))));
        m.sessions
            .expect_rotate()
            .with(
                eq(42),
                eq(5),
                eq("x"),
                mockall::predicate::always(),
                mockall::predicate::always(),
                mockall::predicate::always(),
                mockall::predicate::always(),
            )
            .returning(|_, _, _, _, _, _, _| Ok(Rotation::Refused));
        m.sessions
            .expect_rotate()
            .with(
                eq(43),
                eq(5),
                eq("y"),
                mockall::predicate::always(),
                mockall::predicate::always(),
                mockall::predicate::always(),
                mockall::predicate::always(),
            )
            .returning(|_, _, _, _, _, _, _| {
                Ok(Rotation::AlreadyRotated { current_jti: "cur".into(), rotated_at: now() - Duration::seconds(12) })
            });
        // The pair of the first rotation: same ids, issued when it happened, not now.
        let then = now() - Duration::seconds(12);
        m.tokens
            .expect_issue()
            .with(eq(subject(5, 43, Some("a.cur"))), eq(TokenKind::Access), eq(then))
            .returning(|_, _, _| Ok("a".into()));
        m.tokens
            .expect_issue()
            .with(eq(subject(5, 43, Some("cur"))), eq(TokenKind::Refresh), eq(then))
            .returning(|_, _, _| Ok("r".into()));
        let s = m.service();
        assert!(matches!(s.refresh("reused"), Err(UseCaseError::Unauthenticated(_))));
        assert_eq!(s.refresh("twin").unwrap().refresh, "r");
    }

    #[test]
    fn logout_revokes_the_tokens_session_and_logout_all_every_session() {
        let mut m = Mocks::default();
        m.tokens.expect_verify().with(eq("r"), eq(TokenKind::Refresh)).returning(|_, _| Ok(subject(5, 42, Some("j"))));
        m.sessions.expect_revoke().with(eq(42), eq(5), eq(now())).times(1).returning(|_, _, _| Ok(()));
        m.sessions.expect_revoke_all().with(eq(5), eq(None), eq(now())).times(1).returning(|_, _, _| Ok(3));
        let s = m.service();
        s.logout("r").unwrap();
        assert_eq!(s.logout_all(AuthUser { id: 5, session: Some(42) }).unwrap(), 3);
    }

    #[test]
    fn changing_the_password_checks_the_current_one_and_keeps_only_this_session() {
        let mut m = Mocks::default();
        m.users.expect_find_by_id().with(eq(5)).returning(|_| Ok(Some(user(5))));
        m.hasher.expect_verify().with(eq("right one"), eq("hash")).returning(|_, _| true);
        m.hasher.expect_verify().with(eq("wrong one"), eq("hash")).returning(|_, _| false);
        m.hasher.expect_hash().with(eq("brand new pw")).returning(|_| Ok("new-hash".into()));
        m.users
            .expect_change_password()
            .with(eq(5), eq("new-hash"), eq(Some(42)), eq(now()))
            .times(1)
            .returning(|_, _, _, _| Ok(()));
        let s = m.service();
        let me = AuthUser { id: 5, session: Some(42) };
        let err = s.change_password(me, "wrong one", "short").unwrap_err();
        let UseCaseError::Invalid(e) = err else { panic!("{err:?}") };
        assert!(e.fields().contains("current_password") && e.fields().contains("new_password"));
        s.change_password(me, "right one", "brand new pw").unwrap();
    }

    #[test]
    fn only_admins_pass_require_admin() {
        let mut m = Mocks::default();
        m.users.expect_find_by_id().with(eq(1)).returning(|_| Ok(Some(user(1))));
        m.users.expect_find_by_id().with(eq(2)).returning(|_| Ok(Some(User { is_admin: true, ..user(2) })));
        let s = m.service();
        assert!(matches!(s.require_admin(1), Err(UseCaseError::Forbidden)));
        assert!(s.require_admin(2).is_ok());
    }

    #[test]
    fn granting_admin_to_an_unknown_user_is_not_found() {
        let mut m = Mocks::default();
        m.users.expect_set_admin().returning(|_, _| Ok(false));
        assert!(matches!(m.service().set_admin("ghost", true), Err(UseCaseError::NotFound { .. })));
    }
}
