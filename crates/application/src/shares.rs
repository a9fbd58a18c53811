//! Read-only share links (issue 21): the owner and partners create and revoke them, members
//! list them (issue 35); anyone with a
//! link's token opens it while it is live. The token is 256 random bits in hex, shown once;
//! only its SHA-256 is stored, so the database alone opens nothing. An unknown, revoked or
//! expired token is simply not found, and so is the link of an owner whose subscription is not
//! active. What a link shows is read with the owner's rights through the other use cases
//! ([`SharedReaders`]); documents, bids, payments and draws only when the link includes them
//! (security issue 28, issue 34): a section left out is not even read.

use buildledger_domain::ids::{ProjectId, ShareId, TypedId, UserId};
use std::sync::Arc;

use buildledger_domain::bid::{BidFigures, TaskComparison};
use buildledger_domain::ledger::{Draw, Payment};
use buildledger_domain::share::{NewShare, Share, ShareInput};

use buildledger_domain::member::Need;

use crate::access::{Authorizer, Target};
use crate::accounts::recovery::token_hash;
use crate::bids::BidService;
use crate::documents::{DocumentService, DocumentView};
use crate::error::{RepoError, UseCaseError};
use crate::ledger::LedgerService;
use crate::ports::{Clock, IdGenerator, ShareRepository};
use crate::schedule::timeline::TimelineService;
use crate::subscription::AccessService;
use crate::summary::ProjectSummary;
use crate::tasks::{Board, TaskService};
use buildledger_domain::schedule::{Dependency, Schedule};

pub const MSG_TOO_MANY: &str = "This project already has 50 share links: revoke one you no longer need first.";

#[derive(Clone)]
pub struct SharePorts {
    pub shares: Arc<dyn ShareRepository>,
    pub ids: Arc<dyn IdGenerator>,
    pub clock: Arc<dyn Clock>,
    pub access: Authorizer,
}

/// A new link and its token (the only time the token is known).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreatedShare {
    pub share: Share,
    pub token: String,
}

/// Where a link's page is read from, with its owner's rights: [`SharedReaders`], the use cases
/// themselves; a trait so that tests can tell which sections were read.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
pub trait SharedSections {
    /// Whether the owner's subscription is active (a lapsed owner's links are not found).
    fn owner_is_subscribed(&self, owner_id: UserId) -> Result<bool, UseCaseError>;
    /// The board and its money summary.
    fn board(&self, owner_id: UserId, project_id: ProjectId) -> Result<(Board, ProjectSummary), UseCaseError>;
    fn bids(&self, owner_id: UserId, project_id: ProjectId) -> Result<Vec<TaskComparison>, UseCaseError>;
    fn payments(&self, owner_id: UserId, project_id: ProjectId) -> Result<Vec<(Payment, String)>, UseCaseError>;
    fn documents(&self, owner_id: UserId, project_id: ProjectId) -> Result<Vec<DocumentView>, UseCaseError>;
    /// The lender draws, as the draws use case answers them (issue 34).
    fn draws(&self, owner_id: UserId, project_id: ProjectId) -> Result<Vec<Draw>, UseCaseError>;
    /// The schedule (issue 33) and the links it was computed with, for the read-only timeline.
    fn schedule(&self, owner_id: UserId, project_id: ProjectId) -> Result<(Schedule, Vec<Dependency>), UseCaseError>;
}

/// The use cases a link's page is read through.
#[derive(Clone, Copy)]
pub struct SharedReaders<'a> {
    pub access: &'a AccessService,
    pub tasks: &'a TaskService,
    pub bids: &'a BidService,
    pub ledger: &'a LedgerService,
    pub documents: &'a DocumentService,
    pub timeline: &'a TimelineService,
}

impl SharedSections for SharedReaders<'_> {
    fn owner_is_subscribed(&self, owner_id: UserId) -> Result<bool, UseCaseError> {
        self.access.is_subscribed(owner_id.get())
    }
    fn board(&self, owner_id: UserId, project_id: ProjectId) -> Result<(Board, ProjectSummary), UseCaseError> {
        Ok((self.tasks.board_for_owner(owner_id, project_id)?, self.tasks.summary_for_owner(owner_id, project_id)?))
    }
    fn bids(&self, owner_id: UserId, project_id: ProjectId) -> Result<Vec<TaskComparison>, UseCaseError> {
        self.bids.comparison_for_owner(owner_id, project_id)
    }
    fn payments(&self, owner_id: UserId, project_id: ProjectId) -> Result<Vec<(Payment, String)>, UseCaseError> {
        self.ledger.payments_for_owner(owner_id, project_id)
    }
    fn documents(&self, owner_id: UserId, project_id: ProjectId) -> Result<Vec<DocumentView>, UseCaseError> {
        self.documents.list_for_project(owner_id, project_id)
    }
    fn draws(&self, owner_id: UserId, project_id: ProjectId) -> Result<Vec<Draw>, UseCaseError> {
        self.ledger.draws_for_owner(owner_id, project_id)
    }
    fn schedule(&self, owner_id: UserId, project_id: ProjectId) -> Result<(Schedule, Vec<Dependency>), UseCaseError> {
        let read = self.timeline.read(owner_id, project_id)?;
        Ok((buildledger_domain::schedule::compute(&read.input), read.input.links))
    }
}

/// What a live link shows. A section the link does not include is `None`: it was not read.
#[derive(Debug, Clone)]
pub struct SharedProject {
    pub share: Share,
    /// The board; without bids, each task's bid count and lowest bid are left out too (its
    /// committed cost, the awarded amount, is part of the budget and stays).
    pub board: Board,
    pub summary: ProjectSummary,
    pub bids: Option<Vec<TaskComparison>>,
    /// Each payment with its task's title.
    pub payments: Option<Vec<(Payment, String)>>,
    pub documents: Option<Vec<DocumentView>>,
    /// The lender draws, by number.
    pub draws: Option<Vec<Draw>>,
    /// The schedule, always shown (read-only), and its links.
    pub schedule: Schedule,
    pub links: Vec<Dependency>,
}

#[derive(Clone)]
pub struct ShareService {
    ports: SharePorts,
}

impl ShareService {
    pub fn new(ports: SharePorts) -> Self {
        Self { ports }
    }

    /// A link to a project the caller may change (another user's project is not found, a
    /// viewer is refused). The link is the owner's: it works while their subscription does.
    pub fn create(&self, user_id: UserId, input: ShareInput) -> Result<CreatedShare, UseCaseError> {
        let now = self.ports.clock.now();
        let new = NewShare::parse(input, now.date())?;
        let project = Target::Project(ProjectId::new(new.project_id));
        let grant = self.ports.access.authorize(user_id, project, Need::Write)?;
        // Two 128-bit ids from the system's cryptographic generator: 256 bits, 64 hex digits.
        let token = format!("{}{}", self.ports.ids.new_id(""), self.ports.ids.new_id(""));
        let hash = token_hash(&token);
        let share = self.ports.shares.create(&new, grant.owner_id.get(), &hash, now).map_err(|e| match e {
            RepoError::Conflict(_) => UseCaseError::Conflict { field: "project".into(), message: MSG_TOO_MANY.into() },
            other => other.into(),
        })?;
        Ok(CreatedShare { share, token })
    }

    /// The links of a project, for its owner and its members.
    pub fn list(&self, user_id: UserId, project_id: ProjectId) -> Result<Vec<Share>, UseCaseError> {
        self.ports.access.authorize(user_id, Target::Project(project_id), Need::Read)?;
        Ok(self.ports.shares.list_for_project(project_id.get())?)
    }

    /// The links of one of the owner's own projects, without the caller's check (the owner's
    /// data export, which works without a subscription).
    pub(crate) fn list_for_owner(&self, owner_id: UserId, project_id: ProjectId) -> Result<Vec<Share>, UseCaseError> {
        let links = self.ports.shares.list_for_project(project_id.get())?;
        Ok(links.into_iter().filter(|s| s.owner_id == owner_id.get()).collect())
    }

    /// Revokes a link of a project the caller may change: it stops working at once.
    pub fn revoke(&self, user_id: UserId, share_id: ShareId) -> Result<(), UseCaseError> {
        let grant = self.ports.access.authorize(user_id, Target::Share(share_id), Need::Write)?;
        self.ports.shares.find_for_owner(grant.owner_id, share_id)?.ok_or(UseCaseError::not_found("share"))?;
        self.ports.shares.delete(share_id.get()).map_err(|e| match e {
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

    /// What the live link of a token shows: not found as [`Self::open`] says, and while the
    /// owner's subscription is not active. Bids, payments, documents and draws are read only
    /// when the link includes them.
    pub fn view(&self, token: &str, sections: &dyn SharedSections) -> Result<SharedProject, UseCaseError> {
        let share = self.open(token)?;
        let (owner, project) = (UserId::new(share.owner_id), ProjectId::new(share.project_id));
        if !sections.owner_is_subscribed(owner)? {
            return Err(UseCaseError::not_found("share"));
        }
        let (mut board, summary) = sections.board(owner, project)?;
        if !share.include_bids {
            for view in &mut board.tasks {
                view.task.bids = BidFigures { committed: view.task.bids.committed, ..BidFigures::default() };
            }
        }
        let bids = share.include_bids.then(|| sections.bids(owner, project)).transpose()?;
        let payments = share.include_payments.then(|| sections.payments(owner, project)).transpose()?;
        let documents = share.include_documents.then(|| sections.documents(owner, project)).transpose()?;
        let draws = share.include_draws.then(|| sections.draws(owner, project)).transpose()?;
        let (schedule, links) = sections.schedule(owner, project)?;
        Ok(SharedProject { share, board, summary, bids, payments, documents, draws, schedule, links })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::{MockClock, MockIdGenerator, MockShareRepository};
    use crate::tasks::tests::{team, PARTNER, VIEWER};
    use buildledger_domain::ids::{ProjectId, ShareId, TypedId, UserId};
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
            include_bids: false,
            include_payments: false,
            include_draws: false,
            created_at: chrono::NaiveDateTime::default(),
        }
    }

    /// Project 1's links: user 3 owns it, [`PARTNER`] and [`VIEWER`] are its members, user 4 a
    /// stranger.
    struct Mocks {
        shares: MockShareRepository,
    }

    impl Mocks {
        fn new() -> Self {
            Mocks { shares: MockShareRepository::new() }
        }
        fn service(self) -> ShareService {
            let mut clock = MockClock::new();
            clock.expect_now().returning(|| day("2026-11-24").and_hms_opt(12, 0, 0).unwrap());
            let mut ids = MockIdGenerator::new();
            ids.expect_new_id().returning(|_| "0123456789abcdef0123456789abcdef".into());
            ShareService::new(SharePorts {
                shares: Arc::new(self.shares),
                ids: Arc::new(ids),
                clock: Arc::new(clock),
                access: team(),
            })
        }
    }

    const TOKEN: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

    fn input() -> ShareInput {
        ShareInput {
            project: Some(1),
            label: Some("Bank".into()),
            expires_on: None,
            include_documents: Some(true),
            include_bids: None,
            include_payments: Some(true),
            include_draws: None,
        }
    }

    #[test]
    fn a_link_stores_only_the_hash_of_its_token() {
        let mut m = Mocks::new();
        m.shares
            .expect_create()
            .withf(|new, owner, hash, _| {
                *owner == 3
                    && (new.include_documents, new.include_bids, new.include_payments) == (true, false, true)
                    && hash == token_hash(TOKEN)
                    && hash != TOKEN
            })
            .times(1)
            .returning(|_, _, _, _| Ok(share(None)));
        let created = m.service().create(UserId::new(3), input()).unwrap();
        assert_eq!(created.token, TOKEN);
        assert_eq!(created.token.len(), 64);
    }

    #[test]
    fn another_users_project_cannot_be_shared_and_nothing_is_written() {
        let mut m = Mocks::new();
        m.shares.expect_create().never();
        assert!(matches!(m.service().create(UserId::new(4), input()), Err(UseCaseError::NotFound { .. })));
    }

    #[test]
    fn a_project_with_fifty_links_gets_a_conflict() {
        let mut m = Mocks::new();
        m.shares.expect_create().returning(|_, _, _, _| Err(RepoError::Conflict("shares".into())));
        assert!(matches!(m.service().create(UserId::new(3), input()), Err(UseCaseError::Conflict { .. })));
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

    /// A board of one task with three bids (the lowest $8,500, the awarded one $9,000).
    fn board() -> (Board, ProjectSummary) {
        use buildledger_domain::budget::BudgetSummary;
        use buildledger_domain::ledger::{LedgerSettings, MoneySummary};
        use buildledger_domain::money::Money;
        use buildledger_domain::task::{MaterialQuality, Task, TaskStatus};
        let project = crate::tasks::tests::project(1, 3);
        let money = Money::from_cents;
        let task = Task {
            id: 5,
            project_id: 1,
            title: "Framing".into(),
            description: String::new(),
            status: TaskStatus::InProgress,
            material_quality: MaterialQuality::Standard,
            actual_cost: None,
            due_date: None,
            position: 0,
            bids: BidFigures { committed: money(900_000), count: 3, lowest: money(850_000) },
            ledger: Default::default(),
            schedule: Default::default(),
        };
        let (budget, sqft) = (project.details.budget, project.details.square_footage);
        let settings =
            LedgerSettings { budget, square_footage: sqft, contingency_percent: 10, loan_amount: None, drawn_cents: 0 };
        let summary = ProjectSummary {
            version: project.version,
            use_calibration: true,
            budget: BudgetSummary::compute(budget, sqft, []),
            regional: BudgetSummary::compute(budget, sqft, []),
            money: MoneySummary::compute(settings, [], None),
            estimate: None,
            calibrated: None,
        };
        let task = crate::tasks::TaskView { task, square_footage: sqft, prediction: None };
        (Board { project, tasks: vec![task] }, summary)
    }

    /// The owner's sections, read at most as often as said: a section the link leaves out is
    /// never read.
    fn sections(bid_reads: usize, payment_reads: usize, document_reads: usize) -> MockSharedSections {
        sections_with_draws(bid_reads, payment_reads, document_reads, 0)
    }

    fn sections_with_draws(
        bid_reads: usize,
        payment_reads: usize,
        document_reads: usize,
        draw_reads: usize,
    ) -> MockSharedSections {
        let mut s = MockSharedSections::new();
        s.expect_owner_is_subscribed().with(eq(UserId::new(3))).returning(|_| Ok(true));
        s.expect_board().with(eq(UserId::new(3)), eq(ProjectId::new(1))).times(1).returning(|_, _| Ok(board()));
        s.expect_bids()
            .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
            .times(bid_reads)
            .returning(|_, _| Ok(Vec::new()));
        s.expect_payments()
            .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
            .times(payment_reads)
            .returning(|_, _| Ok(Vec::new()));
        s.expect_documents()
            .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
            .times(document_reads)
            .returning(|_, _| Ok(Vec::new()));
        s.expect_draws()
            .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
            .times(draw_reads)
            .returning(|_, _| Ok(Vec::new()));
        s.expect_schedule().with(eq(UserId::new(3)), eq(ProjectId::new(1))).times(1).returning(|_, _| {
            let schedule = buildledger_domain::schedule::compute(&Default::default());
            Ok((schedule, Vec::new()))
        });
        s
    }

    fn opening(link: Share) -> ShareService {
        let mut m = Mocks::new();
        m.shares.expect_find_by_token_hash().returning(move |_| Ok(Some(link.clone())));
        m.service()
    }

    #[test]
    fn a_link_without_bids_and_payments_never_reads_them() {
        let view = opening(share(None)).view(TOKEN, &sections(0, 0, 0)).unwrap();
        assert_eq!((view.bids, view.payments, view.documents), (None, None, None));
        // Nor does the board tell the competing bids (how many, the lowest); the awarded amount
        // is part of the budget and stays.
        let figures = view.board.tasks[0].task.bids;
        assert_eq!((figures.count, figures.lowest, figures.committed.map(|m| m.cents())), (0, None, Some(900_000)));
    }

    #[test]
    fn a_link_with_bids_and_payments_reads_each_once() {
        let link = Share { include_bids: true, include_payments: true, ..share(None) };
        let view = opening(link).view(TOKEN, &sections(1, 1, 0)).unwrap();
        assert_eq!((view.bids, view.payments, view.documents), (Some(Vec::new()), Some(Vec::new()), None));
        let figures = view.board.tasks[0].task.bids;
        assert_eq!((figures.count, figures.lowest.map(|m| m.cents())), (3, Some(850_000)));
    }

    #[test]
    fn each_section_is_read_only_for_a_link_that_includes_it() {
        let link = Share { include_payments: true, include_documents: true, ..share(None) };
        let view = opening(link).view(TOKEN, &sections(0, 1, 1)).unwrap();
        assert_eq!((view.bids.is_none(), view.payments.is_some(), view.documents.is_some()), (true, true, true));
        assert!(view.draws.is_none(), "draws are left out unless the link includes them");
    }

    #[test]
    fn a_link_with_draws_reads_them_once() {
        let link = Share { include_draws: true, ..share(None) };
        let view = opening(link).view(TOKEN, &sections_with_draws(0, 0, 0, 1)).unwrap();
        assert_eq!((view.draws, view.payments.is_none()), (Some(Vec::new()), true));
    }

    #[test]
    fn a_lapsed_owners_link_is_not_found_and_reads_nothing() {
        let mut s = MockSharedSections::new();
        s.expect_owner_is_subscribed().with(eq(UserId::new(3))).times(1).returning(|_| Ok(false));
        s.expect_board().never();
        s.expect_bids().never();
        s.expect_payments().never();
        s.expect_documents().never();
        s.expect_draws().never();
        s.expect_schedule().never();
        let link = Share {
            include_bids: true,
            include_payments: true,
            include_documents: true,
            include_draws: true,
            ..share(None)
        };
        let err = opening(link).view(TOKEN, &s).unwrap_err();
        assert!(matches!(err, UseCaseError::NotFound { entity: "share" }), "{err:?}");
    }

    #[test]
    fn only_the_owner_revokes_a_link() {
        let mut m = Mocks::new();
        m.shares
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(ShareId::new(9)))
            .returning(|_, _| Ok(Some(share(None))));
        m.shares.expect_find_for_owner().returning(|_, _| Ok(None));
        m.shares.expect_delete().with(eq(9)).times(1).returning(|_| Ok(()));
        let svc = m.service();
        assert!(matches!(svc.revoke(UserId::new(4), ShareId::new(9)), Err(UseCaseError::NotFound { .. })));
        svc.revoke(UserId::new(3), ShareId::new(9)).unwrap();
    }

    #[test]
    fn a_viewer_lists_the_links_but_neither_creates_nor_revokes_one() {
        let mut m = Mocks::new();
        m.shares.expect_list_for_project().with(eq(1)).times(1).returning(|_| Ok(vec![share(None)]));
        m.shares.expect_create().never();
        m.shares.expect_find_for_owner().never();
        m.shares.expect_delete().never();
        let svc = m.service();
        let viewer = UserId::new(VIEWER);
        assert_eq!(svc.list(viewer, ProjectId::new(1)).unwrap().len(), 1);
        assert!(matches!(svc.create(viewer, input()), Err(UseCaseError::Forbidden)));
        assert!(matches!(svc.revoke(viewer, ShareId::new(9)), Err(UseCaseError::Forbidden)));
    }

    #[test]
    fn a_partner_creates_and_revokes_the_owners_links() {
        let mut m = Mocks::new();
        m.shares
            .expect_create()
            .withf(|new, owner, _, _| new.project_id == 1 && *owner == 3)
            .times(1)
            .returning(|_, _, _, _| Ok(share(None)));
        m.shares
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(ShareId::new(9)))
            .times(1)
            .returning(|_, _| Ok(Some(share(None))));
        m.shares.expect_delete().with(eq(9)).times(1).returning(|_| Ok(()));
        let svc = m.service();
        let partner = UserId::new(PARTNER);
        assert_eq!(svc.create(partner, input()).unwrap().share.owner_id, 3);
        svc.revoke(partner, ShareId::new(9)).unwrap();
    }

    #[test]
    fn a_stranger_neither_lists_nor_revokes() {
        let mut m = Mocks::new();
        m.shares.expect_list_for_project().never();
        m.shares.expect_delete().never();
        let svc = m.service();
        let stranger = UserId::new(4);
        assert!(matches!(svc.list(stranger, ProjectId::new(1)), Err(UseCaseError::NotFound { entity: "project" })));
        assert!(matches!(svc.revoke(stranger, ShareId::new(9)), Err(UseCaseError::NotFound { entity: "share" })));
    }
}
