//! What the schedule's use-case tests share: the mocked ports, a project and task of user 3, and
//! the project's team (user 3 owns project 1, 5 is a partner, 6 a viewer, 4 a stranger).

use std::sync::Arc;

use buildledger_domain::bid::BidFigures;
use buildledger_domain::document::Document;
use buildledger_domain::ids::{ProjectId, TaskId, TypedId, UserId};
use buildledger_domain::member::Role;
use buildledger_domain::project::{
    parse_date, OwnerBuilder, Project, ProjectDetails, ProjectInput, ProjectType, PropertyType,
};
use buildledger_domain::task::{MaterialQuality, Task, TaskStatus};
use buildledger_domain::Money;
use chrono::NaiveDate;
use mockall::predicate::eq;

use super::delays::{DelayPorts, DelayService};
use super::inspections::{InspectionPorts, InspectionService};
use super::ports::{MockDelayRepository, MockInspectionRepository};
use crate::access::testing::{owner_of_everything, with_access};
use crate::access::{Authorizer, Located};
use crate::ports::{MockClock, MockDocumentRepository, MockProjectRepository, MockTaskRepository};

pub(super) struct Mocks {
    pub(super) access: Authorizer,
    pub(super) tasks: MockTaskRepository,
    pub(super) projects: MockProjectRepository,
    pub(super) documents: MockDocumentRepository,
    pub(super) delays: MockDelayRepository,
    pub(super) inspections: MockInspectionRepository,
}

fn clock() -> Arc<MockClock> {
    let mut clock = MockClock::new();
    clock.expect_now().returning(|| day("2026-11-24").and_hms_opt(12, 0, 0).unwrap());
    Arc::new(clock)
}

impl Mocks {
    pub(super) fn new() -> Self {
        Self {
            access: owner_of_everything(),
            tasks: MockTaskRepository::new(),
            projects: MockProjectRepository::new(),
            documents: MockDocumentRepository::new(),
            delays: MockDelayRepository::new(),
            inspections: MockInspectionRepository::new(),
        }
    }

    pub(super) fn delays_service(self) -> DelayService {
        DelayService::new(DelayPorts {
            access: self.access,
            tasks: Arc::new(self.tasks),
            projects: Arc::new(self.projects),
            delays: Arc::new(self.delays),
            clock: clock(),
        })
    }

    pub(super) fn inspections_service(self) -> InspectionService {
        InspectionService::new(InspectionPorts {
            access: self.access,
            tasks: Arc::new(self.tasks),
            projects: Arc::new(self.projects),
            documents: Arc::new(self.documents),
            inspections: Arc::new(self.inspections),
        })
    }

    /// Task 10 of project 1, owned by user 3; no other task is the caller's.
    pub(super) fn owns_task(&mut self) {
        self.tasks
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(TaskId::new(10)))
            .returning(move |_, _| Ok(Some((task(), project()))));
        self.tasks.expect_find_for_owner().returning(|_, _| Ok(None));
    }
}

/// The team of project 1: its owner.
pub(super) const OWNER: i64 = 3;
/// A partner of project 1.
pub(super) const PARTNER: i64 = 5;
/// A viewer of project 1.
pub(super) const VIEWER: i64 = 6;
/// Nobody in project 1.
pub(super) const STRANGER: i64 = 4;

/// Every target is in project 1, owned by [`OWNER`], with its partner and viewer; anyone else is
/// a stranger to it.
pub(super) fn team() -> Authorizer {
    with_access(|user, _| {
        let role = match user.get() {
            OWNER => Role::Owner,
            PARTNER => Role::Partner,
            VIEWER => Role::Viewer,
            _ => return None,
        };
        Some(Located { project_id: ProjectId::new(1), owner_id: UserId::new(OWNER), role: Some(role) })
    })
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

pub(super) fn task() -> Task {
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
        bids: BidFigures::default(),
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
        name: "card.pdf".into(),
        content_type: "application/pdf".into(),
        size_bytes: 10,
        storage_key: "k".into(),
        uploaded_at: Default::default(),
    }
}
