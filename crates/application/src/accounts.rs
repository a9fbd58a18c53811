//! Accounts: registration, login, token refresh, authentication, admin flag.

use std::sync::Arc;

use buildledger_domain::user::{Email, Password, User, Username};

use crate::error::UseCaseError;
use crate::ports::{NewUser, PasswordHasher, TokenError, TokenIssuer, TokenKind, UserRepository};

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
}

#[derive(Clone)]
pub struct AccountService {
    users: Arc<dyn UserRepository>,
    hasher: Arc<dyn PasswordHasher>,
    tokens: Arc<dyn TokenIssuer>,
    /// A hash of a throwaway password, verified against when the login is unknown so that
    /// timing does not tell which logins exist.
    dummy_hash: Arc<std::sync::OnceLock<String>>,
}

impl AccountService {
    pub fn new(users: Arc<dyn UserRepository>, hasher: Arc<dyn PasswordHasher>, tokens: Arc<dyn TokenIssuer>) -> Self {
        Self { users, hasher, tokens, dummy_hash: Arc::default() }
    }

    /// Creates an account from already parsed fields (the HTTP edge reports every field
    /// problem at once). A taken username or email is a conflict.
    pub fn register(&self, registration: Registration) -> Result<User, UseCaseError> {
        let Registration { username, email, password } = registration;
        let password_hash = self.hasher.hash(password.expose()).map_err(UseCaseError::Internal)?;
        let new = NewUser { username: username.as_str().to_owned(), email: email.as_str().to_owned(), password_hash };
        self.users.create(&new).map_err(|e| match UseCaseError::from(e) {
            UseCaseError::Conflict { field, .. } => {
                let message = format!("A user with that {field} already exists.");
                UseCaseError::Conflict { field, message }
            }
            other => other,
        })
    }

    /// Logs in with a username or an email. Unknown user and wrong password look the same,
    /// and take about the same time (a dummy verify runs for unknown users).
    pub fn login(&self, login: &str, password: &str) -> Result<TokenPair, UseCaseError> {
        let login = login.trim();
        if login.is_empty() || password.is_empty() {
            return Err(UseCaseError::InvalidCredentials);
        }
        let user = self.users.find_by_login(login)?;
        let Some(user) = user else {
            let dummy = self.dummy_hash.get_or_init(|| self.hasher.hash("not-a-real-password").unwrap_or_default());
            let _ = self.hasher.verify(password, dummy);
            return Err(UseCaseError::InvalidCredentials);
        };
        if !self.hasher.verify(password, &user.password_hash) {
            return Err(UseCaseError::InvalidCredentials);
        }
        self.issue_pair(user.id)
    }

    pub fn issue_pair(&self, user_id: i64) -> Result<TokenPair, UseCaseError> {
        Ok(TokenPair {
            access: self.tokens.issue(user_id, TokenKind::Access).map_err(UseCaseError::Internal)?,
            refresh: self.tokens.issue(user_id, TokenKind::Refresh).map_err(UseCaseError::Internal)?,
        })
    }

    /// A new access token for a valid refresh token of an existing user.
    pub fn refresh(&self, refresh_token: &str) -> Result<String, UseCaseError> {
        let user_id = self.tokens.verify(refresh_token, TokenKind::Refresh).map_err(token_error)?;
        if self.users.find_by_id(user_id)?.is_none() {
            return Err(UseCaseError::Unauthenticated("User not found"));
        }
        self.tokens.issue(user_id, TokenKind::Access).map_err(UseCaseError::Internal)
    }

    /// The user behind an access token. Signature and expiry only: no database read, so
    /// authentication stays cheap on every request.
    pub fn authenticate(&self, access_token: &str) -> Result<AuthUser, UseCaseError> {
        let id = self.tokens.verify(access_token, TokenKind::Access).map_err(token_error)?;
        Ok(AuthUser { id })
    }

    pub fn get_user(&self, user_id: i64) -> Result<User, UseCaseError> {
        self.users.find_by_id(user_id)?.ok_or(UseCaseError::Unauthenticated("User not found"))
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
        if self.users.set_admin(username, is_admin)? {
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
    use crate::ports::{MockPasswordHasher, MockTokenIssuer, MockUserRepository};
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

    fn service(users: MockUserRepository, hasher: MockPasswordHasher, tokens: MockTokenIssuer) -> AccountService {
        AccountService::new(Arc::new(users), Arc::new(hasher), Arc::new(tokens))
    }

    #[test]
    fn registering_hashes_the_password_and_stores_the_user() {
        let mut users = MockUserRepository::new();
        users
            .expect_create()
            .withf(|n| n.username == "ana" && n.email == "ana@example.com" && n.password_hash == "hashed")
            .times(1)
            .returning(|_| Ok(user(1)));
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().with(eq("correct horse")).returning(|_| Ok("hashed".into()));
        let u = service(users, hasher, MockTokenIssuer::new())
            .register(registration(" ana ", "ana@example.com", "correct horse"))
            .unwrap();
        assert_eq!(u.id, 1);
    }

    fn registration(username: &str, email: &str, password: &str) -> Registration {
        Registration {
            username: Username::parse(username).unwrap(),
            email: Email::parse(email).unwrap(),
            password: Password::parse(password).unwrap(),
        }
    }

    #[test]
    fn a_taken_username_is_a_conflict() {
        let mut users = MockUserRepository::new();
        users.expect_create().returning(|_| Err(RepoError::Conflict("username".into())));
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().returning(|_| Ok("h".into()));
        let err = service(users, hasher, MockTokenIssuer::new())
            .register(registration("ana", "ana@example.com", "12345678"))
            .unwrap_err();
        assert!(matches!(err, UseCaseError::Conflict { ref field, .. } if field == "username"));
    }

    #[test]
    fn login_issues_an_access_and_a_refresh_token() {
        let mut users = MockUserRepository::new();
        users.expect_find_by_login().with(eq("ana@example.com")).returning(|_| Ok(Some(user(5))));
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_verify().with(eq("pw123456"), eq("hash")).returning(|_, _| true);
        let mut tokens = MockTokenIssuer::new();
        tokens.expect_issue().with(eq(5), eq(TokenKind::Access)).returning(|_, _| Ok("a".into()));
        tokens.expect_issue().with(eq(5), eq(TokenKind::Refresh)).returning(|_, _| Ok("r".into()));
        let pair = service(users, hasher, tokens).login("ana@example.com", "pw123456").unwrap();
        assert_eq!(pair, TokenPair { access: "a".into(), refresh: "r".into() });
    }

    #[test]
    fn login_with_a_wrong_password_or_unknown_user_is_refused_the_same_way() {
        let mut users = MockUserRepository::new();
        users.expect_find_by_login().with(eq("ana")).returning(|_| Ok(Some(user(5))));
        users.expect_find_by_login().with(eq("ghost")).returning(|_| Ok(None));
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_verify().times(2).returning(|_, _| false);
        hasher.expect_hash().times(1).returning(|_| Ok("dummy".into()));
        let mut tokens = MockTokenIssuer::new();
        tokens.expect_issue().never();
        let s = service(users, hasher, tokens);
        assert!(matches!(s.login("ana", "wrong"), Err(UseCaseError::InvalidCredentials)));
        assert!(matches!(s.login("ghost", "wrong"), Err(UseCaseError::InvalidCredentials)));
    }

    #[test]
    fn refresh_needs_a_refresh_token_of_an_existing_user() {
        let mut tokens = MockTokenIssuer::new();
        tokens
            .expect_verify()
            .with(eq("access-token"), eq(TokenKind::Refresh))
            .returning(|_, _| Err(TokenError::WrongKind));
        tokens.expect_verify().with(eq("good"), eq(TokenKind::Refresh)).returning(|_, _| Ok(5));
        tokens.expect_issue().with(eq(5), eq(TokenKind::Access)).returning(|_, _| Ok("new".into()));
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().with(eq(5)).returning(|_| Ok(Some(user(5))));
        let s = service(users, MockPasswordHasher::new(), tokens);
        assert!(matches!(s.refresh("access-token"), Err(UseCaseError::Unauthenticated(_))));
        assert_eq!(s.refresh("good").unwrap(), "new");
    }

    #[test]
    fn only_admins_pass_require_admin() {
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().with(eq(1)).returning(|_| Ok(Some(user(1))));
        users.expect_find_by_id().with(eq(2)).returning(|_| Ok(Some(User { is_admin: true, ..user(2) })));
        let s = service(users, MockPasswordHasher::new(), MockTokenIssuer::new());
        assert!(matches!(s.require_admin(1), Err(UseCaseError::Forbidden)));
        assert!(s.require_admin(2).is_ok());
    }

    #[test]
    fn granting_admin_to_an_unknown_user_is_not_found() {
        let mut users = MockUserRepository::new();
        users.expect_set_admin().returning(|_, _| Ok(false));
        let s = service(users, MockPasswordHasher::new(), MockTokenIssuer::new());
        assert!(matches!(s.set_admin("ghost", true), Err(UseCaseError::NotFound { .. })));
    }
}
