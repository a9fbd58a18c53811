//! Password reset by email: a single-use link, valid 30 minutes, whose token is stored only as
//! its SHA-256. Asking for one answers the same whether or not the address has an account.

use std::sync::Arc;

use buildledger_domain::user::{Email, Password};
use buildledger_domain::FieldErrors;
use chrono::Duration;
use sha2::{Digest, Sha256};

use crate::error::UseCaseError;
use crate::ports::{Clock, IdGenerator, Mail, Mailer, PasswordHasher, PasswordResetRepository, UserRepository};

/// How long a reset link works.
pub const RESET_LINK_MINUTES: i64 = 30;
/// At most this many links per account in one link lifetime: asking again and again does not
/// flood someone's inbox.
pub const RESETS_PER_WINDOW: i64 = 3;

/// The answer to every well-formed reset request.
pub const MSG_RESET_REQUESTED: &str =
    "If an account uses that email address, we sent it a link to reset the password. The link works for 30 minutes.";
pub const MSG_RESET_LINK_INVALID: &str = "This password reset link is invalid or has expired. Ask for a new one.";

#[derive(Clone)]
pub struct RecoveryPorts {
    pub users: Arc<dyn UserRepository>,
    pub resets: Arc<dyn PasswordResetRepository>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub mailer: Arc<dyn Mailer>,
    pub ids: Arc<dyn IdGenerator>,
    pub clock: Arc<dyn Clock>,
    /// Base of the links in mails (`PUBLIC_URL`), without a trailing slash.
    pub public_url: String,
}

#[derive(Clone)]
pub struct RecoveryService {
    ports: RecoveryPorts,
}

/// An accepted reset request, to run after the answer has gone (see [`RecoveryService::request`]).
#[must_use = "run it, off the request"]
pub struct ResetRequest {
    service: RecoveryService,
    email: Email,
}

impl ResetRequest {
    /// Looks the address up and, for an account, stores and mails a link (errors are the
    /// caller's to log: the person asking has had their answer).
    pub fn run(self) -> Result<(), UseCaseError> {
        self.service.send_link(&self.email)
    }
}

/// The stored form of a reset token.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

impl RecoveryService {
    pub fn new(mut ports: RecoveryPorts) -> Self {
        ports.public_url = ports.public_url.trim_end_matches('/').to_owned();
        Self { ports }
    }

    /// Accepts a reset request: only a malformed address is an error. Nothing is looked up here;
    /// the caller answers [`MSG_RESET_REQUESTED`] and runs the returned [`ResetRequest`] off the
    /// request, so the answer takes the same time whether or not the address has an account.
    pub fn request(&self, email: &str) -> Result<ResetRequest, UseCaseError> {
        Ok(ResetRequest { service: self.clone(), email: Email::parse(email)? })
    }

    /// Sends a reset link when the address belongs to an account.
    fn send_link(&self, email: &Email) -> Result<(), UseCaseError> {
        let Some(user) = self.ports.users.find_by_login(email.as_str())? else {
            tracing::info!("password reset asked for an address without an account");
            return Ok(());
        };
        let now = self.ports.clock.now();
        let window = Duration::minutes(RESET_LINK_MINUTES);
        if self.ports.resets.count_since(user.id, now - window)? >= RESETS_PER_WINDOW {
            tracing::warn!(user_id = user.id, "password reset not sent: too many links asked for recently");
            return Ok(());
        }
        // 256 bits from the operating system's generator.
        let token = format!("{}{}", self.ports.ids.new_id(""), self.ports.ids.new_id(""));
        self.ports.resets.create(user.id, &token_hash(&token), now, now + window)?;
        let link = format!("{}/reset-password?token={token}", self.ports.public_url);
        let text = format!(
            "Hello {username},\n\n\
             Someone (we hope you) asked to reset the password of your BuildLedger account.\n\
             Open this link within {RESET_LINK_MINUTES} minutes to choose a new password:\n\n\
             {link}\n\n\
             The link works once. If you did not ask, ignore this email: your password stays as it is.\n",
            username = user.username,
        );
        self.ports
            .mailer
            .send(Mail {
                to: user.email,
                subject: "Reset your BuildLedger password".into(),
                text,
                html: None,
                unsubscribe: None,
            })
            .map_err(UseCaseError::Unavailable)?;
        tracing::info!(user_id = user.id, "password reset link sent");
        Ok(())
    }

    /// Sets a new password through a valid link; the link is used up and every session of the
    /// account is signed out.
    pub fn confirm(&self, token: &str, password: &str) -> Result<(), UseCaseError> {
        let mut errors = FieldErrors::new();
        let password = match Password::parse(password) {
            Ok(p) => Some(p),
            Err(e) => {
                e.fields().as_map().values().flatten().for_each(|p| errors.add("password", p.as_str()));
                None
            }
        };
        let hash = token_hash(token.trim());
        let now = self.ports.clock.now();
        if token.trim().is_empty() || self.ports.resets.find_valid(&hash, now)?.is_none() {
            errors.add("token", MSG_RESET_LINK_INVALID);
        }
        let password = match (errors.is_empty(), password) {
            (true, Some(p)) => p,
            _ => return Err(buildledger_domain::DomainError::Validation(errors).into()),
        };
        let password_hash = self.ports.hasher.hash(password.expose()).map_err(UseCaseError::Internal)?;
        match self.ports.resets.consume(&hash, &password_hash, now)? {
            Some(user_id) => {
                tracing::info!(user_id, "password reset; every session revoked");
                Ok(())
            }
            // Used by a parallel request between the check and now.
            None => Err(FieldErrors::single("token", MSG_RESET_LINK_INVALID).into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::{
        MockClock, MockIdGenerator, MockMailer, MockPasswordHasher, MockPasswordResetRepository, MockUserRepository,
    };
    use buildledger_domain::user::User;
    use chrono::NaiveDate;
    use mockall::predicate::eq;

    fn now() -> chrono::NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 11, 24).unwrap().and_hms_opt(12, 0, 0).unwrap()
    }

    struct Mocks {
        users: MockUserRepository,
        resets: MockPasswordResetRepository,
        hasher: MockPasswordHasher,
        mailer: MockMailer,
    }

    impl Mocks {
        fn new() -> Self {
            Self {
                users: MockUserRepository::new(),
                resets: MockPasswordResetRepository::new(),
                hasher: MockPasswordHasher::new(),
                mailer: MockMailer::new(),
            }
        }

        fn service(self) -> RecoveryService {
            let mut ids = MockIdGenerator::new();
            ids.expect_new_id().returning(|_| "ab".repeat(16));
            let mut clock = MockClock::new();
            clock.expect_now().returning(now);
            RecoveryService::new(RecoveryPorts {
                users: Arc::new(self.users),
                resets: Arc::new(self.resets),
                hasher: Arc::new(self.hasher),
                mailer: Arc::new(self.mailer),
                ids: Arc::new(ids),
                clock: Arc::new(clock),
                public_url: "https://buildledger.test/".into(),
            })
        }
    }

    fn ana() -> User {
        User {
            id: 7,
            username: "ana".into(),
            email: "ana@example.com".into(),
            password_hash: "h".into(),
            is_admin: false,
        }
    }

    #[test]
    fn a_known_address_gets_a_single_use_link_whose_token_is_stored_hashed() {
        let mut m = Mocks::new();
        m.users.expect_find_by_login().with(eq("ana@example.com")).returning(|_| Ok(Some(ana())));
        m.resets.expect_count_since().returning(|_, _| Ok(0));
        let token = "ab".repeat(32);
        let expected_hash = token_hash(&token);
        m.resets
            .expect_create()
            .withf(move |user, hash, at, expires| {
                *user == 7 && hash == expected_hash && *at == now() && *expires == now() + Duration::minutes(30)
            })
            .times(1)
            .returning(|_, _, _, _| Ok(()));
        let link = format!("https://buildledger.test/reset-password?token={token}");
        m.mailer
            .expect_send()
            .withf(move |mail| mail.to == "ana@example.com" && mail.text.contains(&link))
            .times(1)
            .returning(|_| Ok(()));
        m.service().request(" ana@example.com ").unwrap().run().unwrap();
    }

    #[test]
    fn an_unknown_address_sends_nothing_and_answers_the_same() {
        let mut m = Mocks::new();
        m.users.expect_find_by_login().returning(|_| Ok(None));
        m.resets.expect_create().never();
        m.mailer.expect_send().never();
        assert!(m.service().request("ghost@example.com").unwrap().run().is_ok());
    }

    #[test]
    fn asking_again_and_again_stops_sending_after_three_links() {
        let mut m = Mocks::new();
        m.users.expect_find_by_login().returning(|_| Ok(Some(ana())));
        m.resets.expect_count_since().returning(|_, _| Ok(3));
        m.resets.expect_create().never();
        m.mailer.expect_send().never();
        assert!(m.service().request("ana@example.com").unwrap().run().is_ok());
    }

    #[test]
    fn accepting_a_request_does_the_same_nothing_for_known_and_unknown_addresses() {
        // The answer's time cannot tell the two apart: no lookup, no hashing, no mail before it.
        let mut m = Mocks::new();
        m.users.expect_find_by_login().never();
        m.resets.expect_count_since().never();
        m.resets.expect_create().never();
        m.mailer.expect_send().never();
        let s = m.service();
        let known = s.request("ana@example.com").unwrap();
        let unknown = s.request("ghost@example.com").unwrap();
        drop((known, unknown));
    }

    #[test]
    fn a_malformed_address_is_a_field_error() {
        let err = Mocks::new().service().request("not an email").map(|_| ()).unwrap_err();
        assert!(matches!(err, UseCaseError::Invalid(ref e) if e.fields().contains("email")));
    }

    #[test]
    fn confirming_sets_the_password_through_a_valid_link() {
        let mut m = Mocks::new();
        let hash = token_hash("tok");
        m.resets.expect_find_valid().with(eq(hash.clone()), eq(now())).returning(|_, _| Ok(Some(7)));
        m.hasher.expect_hash().with(eq("new password")).returning(|_| Ok("new-hash".into()));
        m.resets.expect_consume().with(eq(hash), eq("new-hash"), eq(now())).times(1).returning(|_, _, _| Ok(Some(7)));
        m.service().confirm("tok", "new password").unwrap();
    }

    #[test]
    fn an_unknown_used_or_expired_link_and_a_short_password_are_field_errors() {
        let mut m = Mocks::new();
        m.resets.expect_find_valid().returning(|_, _| Ok(None));
        m.hasher.expect_hash().never();
        m.resets.expect_consume().never();
        let err = m.service().confirm("tok", "short").unwrap_err();
        let UseCaseError::Invalid(e) = err else { panic!("{err:?}") };
        assert!(e.fields().contains("token") && e.fields().contains("password"));
    }

    #[test]
    fn a_link_used_by_a_parallel_request_is_refused() {
        let mut m = Mocks::new();
        m.resets.expect_find_valid().returning(|_, _| Ok(Some(7)));
        m.hasher.expect_hash().returning(|_| Ok("h".into()));
        m.resets.expect_consume().returning(|_, _, _| Ok(None));
        let err = m.service().confirm("tok", "long enough").unwrap_err();
        assert!(matches!(err, UseCaseError::Invalid(ref e) if e.fields().contains("token")));
    }
}
