//! Read-only share links (issue 21): the owner creates, lists and revokes them; anyone with a
//! link's token opens it while it is live. The token is 256 random bits in hex, shown once;
//! only its SHA-256 is stored, so the database alone opens nothing. An unknown, revoked or
//! expired token is simply not found. Whether the owner's subscription is active is the
//! caller's second check (`AccessService`): a lapsed owner's links answer 404 too.

use std::sync::Arc;

use buildledger_domain::share::{NewShare, Share, ShareInput};

use crate::accounts::recovery::token_hash;
use crate::error::{RepoError, UseCaseError};
use crate::ports::{Clock, IdGenerator, ProjectRepository, ShareRepository};

pub const MSG_TOO_MANY: &str = "This project already has 50 share links: revoke one you no longer need first.";

#[derive(Clone)]
pub struct SharePorts {
    pub shares: Arc<dyn ShareRepository>,
    pub projects: Arc<dyn ProjectRepository>,
    pub ids: Arc<dyn IdGenerator>,
    pub clock: Arc<dyn Clock>,
}

/// A new link and its token (the only time the token is known).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreatedShare {
    pub share: Share,
    pub token: String,
}

#[derive(Clone)]
pub struct ShareService {
    ports: SharePorts,
}

impl ShareService {
    pub fn new(ports: SharePorts) -> Self {
        Self { ports }
    }

    /// A link to one of the caller's projects (another user's project is not found).
    pub fn create(&self, owner_id: i64, input: ShareInput) -> Result<CreatedShare, UseCaseError> {
        let now = self.ports.clock.now();
        let new = NewShare::parse(input, now.date())?;
        self.ports.projects.find_for_owner(new.project_id, owner_id)?.ok_or(UseCaseError::not_found("project"))?;
        // Two 128-bit ids from the system's cryptographic generator: 256 bits, 64 hex digits.
        let token = format!("{}{}", self.ports.ids.new_id(""), self.ports.ids.new_id(""));
        let share = self.ports.shares.create(&new, owner_id, &token_hash(&token), now).map_err(|e| match e {
            RepoError::Conflict(_) => UseCaseError::Conflict { field: "project".into(), message: MSG_TOO_MANY.into() },
            other => other.into(),
        })?;
        Ok(CreatedShare { share, token })
    }

    /// The links of one of the caller's projects.
    pub fn list(&self, owner_id: i64, project_id: i64) -> Result<Vec<Share>, UseCaseError> {
        self.ports.projects.find_for_owner(project_id, owner_id)?.ok_or(UseCaseError::not_found("project"))?;
        Ok(self.ports.shares.list_for_project(project_id)?)
    }

    /// Revokes one of the caller's links: it stops working at once.
    pub fn revoke(&self, owner_id: i64, share_id: i64) -> Result<(), UseCaseError> {
        self.ports.shares.find_for_owner(share_id, owner_id)?.ok_or(UseCaseError::not_found("share"))?;
        self.ports.shares.delete(share_id).map_err(|e| match e {
            RepoError::NotFound => UseCaseError::not_found("share"),
            other => other.into(),
        })
    }

    /// The live link of a token: not found when unknown, revoked or past its last day.
    pub fn open(&self, token: &str) -> Result<Share, UseCaseError> {
        let token = token.trim();
        // Tokens are 64 hex digits; anything else cannot be one (and costs no query).
        if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(UseCaseError::not_found("share"));
        }
        let share =
            self.ports.shares.find_by_token_hash(&token_hash(token))?.ok_or(UseCaseError::not_found("share"))?;
        if !share.is_live(self.ports.clock.now().date()) {
            return Err(UseCaseError::not_found("share"));
        }
        Ok(share)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::{MockClock, MockIdGenerator, MockProjectRepository, MockShareRepository};
    use chrono::NaiveDate;
    use mockall::predicate::eq;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn share(expires_on: Option<&str>) -> Share {
        Share {
            id: 9,
            project_id: 1,
            owner_id: 3,
            label: "Bank".into(),
            expires_on: expires_on.map(day),
            include_documents: false,
            created_at: chrono::NaiveDateTime::default(),
        }
    }

    struct Mocks {
        shares: MockShareRepository,
        projects: MockProjectRepository,
    }

    impl Mocks {
        fn new() -> Self {
            Mocks { shares: MockShareRepository::new(), projects: MockProjectRepository::new() }
        }
        fn service(self) -> ShareService {
            let mut clock = MockClock::new();
            clock.expect_now().returning(|| day("2026-11-24").and_hms_opt(12, 0, 0).unwrap());
            let mut ids = MockIdGenerator::new();
            ids.expect_new_id().returning(|_| "0123456789abcdef0123456789abcdef".into());
            ShareService::new(SharePorts {
                shares: Arc::new(self.shares),
                projects: Arc::new(self.projects),
                ids: Arc::new(ids),
                clock: Arc::new(clock),
            })
        }
    }

    const TOKEN: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

    fn input() -> ShareInput {
        ShareInput { project: Some(1), label: Some("Bank".into()), expires_on: None, include_documents: Some(true) }
    }

    #[test]
    fn a_link_stores_only_the_hash_of_its_token() {
        let mut m = Mocks::new();
        m.projects
            .expect_find_for_owner()
            .with(eq(1), eq(3))
            .returning(|id, o| Ok(Some(crate::tasks::tests::project(id, o))));
        m.shares
            .expect_create()
            .withf(|new, owner, hash, _| {
                *owner == 3 && new.include_documents && hash == token_hash(TOKEN) && hash != TOKEN
            })
            .times(1)
            .returning(|_, _, _, _| Ok(share(None)));
        let created = m.service().create(3, input()).unwrap();
        assert_eq!(created.token, TOKEN);
        assert_eq!(created.token.len(), 64);
    }

    #[test]
    fn another_users_project_cannot_be_shared_and_nothing_is_written() {
        let mut m = Mocks::new();
        m.projects.expect_find_for_owner().returning(|_, _| Ok(None));
        m.shares.expect_create().never();
        assert!(matches!(m.service().create(4, input()), Err(UseCaseError::NotFound { .. })));
    }

    #[test]
    fn a_project_with_fifty_links_gets_a_conflict() {
        let mut m = Mocks::new();
        m.projects.expect_find_for_owner().returning(|id, o| Ok(Some(crate::tasks::tests::project(id, o))));
        m.shares.expect_create().returning(|_, _, _, _| Err(RepoError::Conflict("shares".into())));
        assert!(matches!(m.service().create(3, input()), Err(UseCaseError::Conflict { .. })));
    }

    #[test]
    fn unknown_malformed_and_expired_tokens_are_not_found() {
        let mut m = Mocks::new();
        let hash = token_hash(TOKEN);
        m.shares.expect_find_by_token_hash().returning(move |h| {
            Ok((h == hash).then(|| share(Some("2026-11-23")))) // ended yesterday
        });
        let svc = m.service();
        assert!(matches!(svc.open(TOKEN), Err(UseCaseError::NotFound { .. })));
        assert!(matches!(svc.open("short"), Err(UseCaseError::NotFound { .. })));
        assert!(matches!(svc.open(&"g".repeat(64)), Err(UseCaseError::NotFound { .. })));
        assert!(matches!(svc.open(&"a".repeat(64)), Err(UseCaseError::NotFound { .. })));
    }

    #[test]
    fn a_live_token_opens_its_link_through_its_last_day() {
        let mut m = Mocks::new();
        m.shares.expect_find_by_token_hash().returning(|_| Ok(Some(share(Some("2026-11-24")))));
        assert_eq!(m.service().open(TOKEN).unwrap().label, "Bank");
    }

    #[test]
    fn only_the_owner_revokes_a_link() {
        let mut m = Mocks::new();
        m.shares.expect_find_for_owner().with(eq(9), eq(3)).returning(|_, _| Ok(Some(share(None))));
        m.shares.expect_find_for_owner().returning(|_, _| Ok(None));
        m.shares.expect_delete().with(eq(9)).times(1).returning(|_| Ok(()));
        let svc = m.service();
        assert!(matches!(svc.revoke(4, 9), Err(UseCaseError::NotFound { .. })));
        svc.revoke(3, 9).unwrap();
    }
}
