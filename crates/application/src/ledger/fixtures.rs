//! What the ledger's use-case tests share: the mocked ports and a project, task and document of
//! user 3, the callers of a shared project (its owner, a partner, a viewer, a stranger).

use buildledger_domain::ids::{ProjectId, TaskId, TypedId, UserId};
use std::sync::Arc;

use buildledger_domain::bid::BidFigures;
use buildledger_domain::document::Document;
use buildledger_domain::member::Role;
use buildledger_domain::project::{
    parse_date, OwnerBuilder, Project, ProjectDetails, ProjectInput, ProjectType, PropertyType,
};
use buildledger_domain::task::{MaterialQuality, Task, TaskStatus};
use buildledger_domain::Money;
use chrono::NaiveDate;
use mockall::predicate::eq;

use super::{LedgerPorts, LedgerService};
use crate::access::{testing, Authorizer, Located};
use crate::ports::{
    MockChangeOrderRepository, MockClock, MockContractorRepository, MockDocumentRepository, MockDrawRepository,
    MockLienWaiverRepository, MockProjectRepository, MockTaskPaymentRepository, MockTaskRepository,
};

pub(super) struct Mocks {
    pub(super) tasks: MockTaskRepository,
    pub(super) projects: MockProjectRepository,
    pub(super) documents: MockDocumentRepository,
    pub(super) contractors: MockContractorRepository,
    pub(super) payments: MockTaskPaymentRepository,
    pub(super) change_orders: MockChangeOrderRepository,
    pub(super) draws: MockDrawRepository,
    pub(super) waivers: MockLienWaiverRepository,
    pub(super) scheduled: crate::ports::MockScheduledValues,
    /// The caller owns every target (as `owned_by_3` says for a shared project).
    pub(super) access: Authorizer,
}

/// The owner of project 1, a partner and a viewer there, and a stranger to it.
pub(super) const OWNER: i64 = 3;
pub(super) const PARTNER: i64 = 5;
pub(super) const VIEWER: i64 = 6;
pub(super) const STRANGER: i64 = 7;

/// Every target is in project 1, owned by user 3, where user 5 is a partner and 6 a viewer;
/// user 7 is no member (their targets are not found).
pub(super) fn owned_by_3() -> Authorizer {
    testing::with_access(|user, _| {
        let role = match user.get() {
            OWNER => Role::Owner,
            PARTNER => Role::Partner,
            VIEWER => Role::Viewer,
            _ => return None,
        };
        Some(Located { project_id: ProjectId::new(1), owner_id: UserId::new(OWNER), role: Some(role) })
    })
}

impl Mocks {
    pub(super) fn new() -> Self {
        Self {
            tasks: MockTaskRepository::new(),
            projects: MockProjectRepository::new(),
            documents: MockDocumentRepository::new(),
            contractors: MockContractorRepository::new(),
            payments: MockTaskPaymentRepository::new(),
            change_orders: MockChangeOrderRepository::new(),
            draws: MockDrawRepository::new(),
            waivers: MockLienWaiverRepository::new(),
            scheduled: crate::ports::MockScheduledValues::new(),
            access: testing::owner_of_everything(),
        }
    }

    pub(super) fn service(self) -> LedgerService {
        let mut clock = MockClock::new();
        clock.expect_now().returning(|| day("2026-11-24").and_hms_opt(12, 0, 0).unwrap());
        LedgerService::new(LedgerPorts {
            tasks: Arc::new(self.tasks),
            projects: Arc::new(self.projects),
            documents: Arc::new(self.documents),
            contractors: Arc::new(self.contractors),
            payments: Arc::new(self.payments),
            change_orders: Arc::new(self.change_orders),
            draws: Arc::new(self.draws),
            waivers: Arc::new(self.waivers),
            scheduled: Arc::new(self.scheduled),
            clock: Arc::new(clock),
            access: self.access,
        })
    }

    /// Task 10 of project 1, owned by user 3, awarded or not.
    pub(super) fn owns_task(&mut self, awarded: bool) {
        self.tasks
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(TaskId::new(10)))
            .returning(move |_, _| Ok(Some((task(awarded), project()))));
        self.tasks.expect_find_for_owner().returning(|_, _| Ok(None));
    }
}

pub(super) fn day(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

pub(super) fn project() -> Project {
    let details = ProjectDetails::parse(ProjectInput {
        name: Some("Lake house".into()),
        zip_code: Some("78701".into()),
        project_type: Some(ProjectType::NewHomeBuild),
        property_type: Some(PropertyType::SingleFamily),
        square_footage: Some(100),
        start_date: parse_date("2026-01-01").ok(),
        end_date: parse_date("2026-12-31").ok(),
        budget: Money::from_cents(10_000_000),
        owner_builder: Some(OwnerBuilder::Yes),
        ..Default::default()
    })
    .unwrap();
    Project { id: 1, owner_id: 3, details, version: 4, created_at: Default::default(), drawn_cents: 0 }
}

pub(super) fn task(awarded: bool) -> Task {
    Task {
        id: 10,
        project_id: 1,
        title: "Framing".into(),
        description: String::new(),
        status: TaskStatus::InProgress,
        material_quality: MaterialQuality::Standard,
        actual_cost: None,
        due_date: None,
        position: 0,
        bids: BidFigures { committed: awarded.then(|| Money::from_cents(4_180_000).unwrap()), count: 1, lowest: None },
        ledger: Default::default(),
        schedule: Default::default(),
    }
}

pub(super) fn document(id: i64, task_id: i64) -> Document {
    Document {
        id,
        task_id,
        project_id: 1,
        owner_id: 3,
        name: "receipt.pdf".into(),
        content_type: "application/pdf".into(),
        size_bytes: 10,
        storage_key: "k".into(),
        uploaded_at: Default::default(),
    }
}
