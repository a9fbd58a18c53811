//! The contractors' and bids' use cases over mocked ports.

use super::*;
use crate::access::{testing, Located};
use crate::ports::{
    MockBidRepository, MockContractorRepository, MockCostRates, MockDocumentRepository, MockProjectRepository,
    MockTaskRepository,
};
use buildledger_domain::document::Document;
use buildledger_domain::ids::{BidId, ContractorId, ProjectId, TaskId, TypedId, UserId};
use buildledger_domain::member::Role;
use buildledger_domain::project::{
    parse_date, OwnerBuilder, Project, ProjectDetails, ProjectInput, ProjectType, PropertyType,
};
use buildledger_domain::task::{MaterialQuality, Task, TaskStatus};
use mockall::predicate::eq;

struct Mocks {
    contractors: MockContractorRepository,
    bids: MockBidRepository,
    tasks: MockTaskRepository,
    projects: MockProjectRepository,
    documents: MockDocumentRepository,
    access: Authorizer,
}

impl Mocks {
    fn new() -> Self {
        Self {
            contractors: MockContractorRepository::new(),
            bids: MockBidRepository::new(),
            tasks: MockTaskRepository::new(),
            projects: MockProjectRepository::new(),
            documents: MockDocumentRepository::new(),
            access: testing::owner_of_everything(),
        }
    }

    fn service(self) -> BidService {
        let mut rates = MockCostRates::new();
        rates.expect_predict().returning(|title, _, _, sqft| {
            (title == "Framing").then(|| buildledger_domain::cost::Prediction::per_sqft(2000, sqft))
        });
        BidService::new(BidsPorts {
            contractors: Arc::new(self.contractors),
            bids: Arc::new(self.bids),
            tasks: Arc::new(self.tasks),
            projects: Arc::new(self.projects),
            documents: Arc::new(self.documents),
            rates: Arc::new(rates),
            access: self.access,
        })
    }
}

fn project() -> Project {
    let details = ProjectDetails::parse(ProjectInput {
        name: Some("Cabin".into()),
        zip_code: Some("78701".into()),
        project_type: Some(ProjectType::NewHomeBuild),
        property_type: Some(PropertyType::SingleFamily),
        square_footage: Some(2000),
        start_date: parse_date("2026-01-01").ok(),
        end_date: parse_date("2026-06-01").ok(),
        budget: Money::from_cents(100),
        owner_builder: Some(OwnerBuilder::Yes),
        ..Default::default()
    })
    .unwrap();
    Project { id: 1, owner_id: 3, details, version: 1, created_at: chrono::NaiveDateTime::default(), drawn_cents: 0 }
}

fn task(id: i64, title: &str) -> Task {
    Task {
        id,
        project_id: 1,
        title: title.into(),
        description: String::new(),
        status: TaskStatus::ToDo,
        material_quality: MaterialQuality::Standard,
        actual_cost: None,
        due_date: None,
        position: 0,
        bids: Default::default(),
        ledger: Default::default(),
        schedule: Default::default(),
    }
}

fn contractor(id: i64, owner_id: i64) -> Contractor {
    Contractor { id, owner_id, details: ContractorDetails { name: format!("C{id}"), ..Default::default() } }
}

fn bid(id: i64, task_id: i64, dollars: i64, status: BidStatus) -> Bid {
    Bid {
        id,
        task_id,
        project_id: 1,
        contractor_id: 7,
        contractor_name: "C7".into(),
        details: BidDetails { amount: Money::from_cents(dollars * 100).unwrap(), ..Default::default() },
        status,
    }
}

fn change(contractor: i64, dollars: i64) -> BidChange {
    BidChange {
        contractor: Some(contractor),
        status: None,
        input: BidInput { amount: Money::from_cents(dollars * 100), ..Default::default() },
    }
}

#[test]
fn a_bid_names_one_of_the_callers_contractors_and_a_document_of_its_task() {
    let mut m = Mocks::new();
    m.tasks
        .expect_find_for_owner()
        .with(eq(UserId::new(3)), eq(TaskId::new(10)))
        .returning(|_, id| Ok(Some((task(id.get(), "Framing"), project()))));
    m.contractors
        .expect_find_for_owner()
        .with(eq(UserId::new(3)), eq(ContractorId::new(7)))
        .returning(|o, id| Ok(Some(contractor(id.get(), o.get()))));
    m.contractors.expect_find_for_owner().with(eq(UserId::new(3)), eq(ContractorId::new(8))).returning(|_, _| Ok(None));
    m.documents.expect_find().with(eq(50)).returning(|_| {
        Ok(Some(Document {
            id: 50,
            task_id: 11,
            project_id: 1,
            owner_id: 3,
            name: "bid.pdf".into(),
            content_type: "application/pdf".into(),
            size_bytes: 1,
            storage_key: "k".into(),
            uploaded_at: chrono::NaiveDateTime::default(),
        }))
    });
    m.bids
        .expect_create()
        .withf(|n| n.task_id == 10 && n.contractor_id == 7 && n.details.amount.cents() == 4_180_000)
        .times(1)
        .returning(|n| Ok(bid(1, n.task_id, 41_800, BidStatus::Pending)));
    let s = m.service();
    assert_eq!(s.create_bid(UserId::new(3), Some(10), Ok(change(7, 41_800))).unwrap().id, 1);
    // Another user's contractor is not found; a document of another task is a field error.
    assert!(matches!(s.create_bid(UserId::new(3), Some(10), Ok(change(8, 1))), Err(UseCaseError::NotFound { .. })));
    let mut with_doc = change(7, 1);
    with_doc.input.document = Some(Some(50));
    let err = s.create_bid(UserId::new(3), Some(10), Ok(with_doc)).unwrap_err();
    assert!(matches!(err, UseCaseError::Invalid(ref e) if e.fields().contains("document")), "{err:?}");
    // No amount, no contractor: both said at once.
    let err = s.create_bid(UserId::new(3), Some(10), Ok(BidChange::default())).unwrap_err();
    assert!(
        matches!(err, UseCaseError::Invalid(ref e) if e.fields().contains("amount") && e.fields().contains("contractor"))
    );
    // Only a pending bid is made.
    let awarded = BidChange { status: Some(BidStatus::Awarded), ..change(7, 1) };
    let err = s.create_bid(UserId::new(3), Some(10), Ok(awarded)).unwrap_err();
    assert!(matches!(err, UseCaseError::Invalid(ref e) if e.fields().as_map()["status"] == [MSG_NEW_BID_PENDING]));
}

fn bad_body() -> Result<BidChange, DomainError> {
    Err(FieldErrors::single("received_on", buildledger_domain::messages::DATE_FORMAT))
}

#[test]
fn another_users_task_or_bid_is_not_found_before_the_bodys_problems() {
    let mut m = Mocks::new();
    m.tasks.expect_find_for_owner().with(eq(UserId::new(3)), eq(TaskId::new(20))).returning(|_, _| Ok(None));
    m.tasks
        .expect_find_for_owner()
        .with(eq(UserId::new(3)), eq(TaskId::new(10)))
        .returning(|_, id| Ok(Some((task(id.get(), "Framing"), project()))));
    m.bids.expect_find_for_owner().with(eq(UserId::new(3)), eq(BidId::new(9))).returning(|_, _| Ok(None));
    m.bids
        .expect_find_for_owner()
        .with(eq(UserId::new(3)), eq(BidId::new(1)))
        .returning(|_, _| Ok(Some(bid(1, 10, 5, BidStatus::Pending))));
    m.bids.expect_create().never();
    m.bids.expect_update().never();
    let s = m.service();
    assert!(matches!(
        s.create_bid(UserId::new(3), Some(20), bad_body()),
        Err(UseCaseError::NotFound { entity: "task" })
    ));
    assert!(matches!(
        s.update_bid(UserId::new(3), BidId::new(9), bad_body()),
        Err(UseCaseError::NotFound { entity: "bid" })
    ));
    // The caller's own task or bid: the body's problems, nothing written.
    let invalid = |r: Result<Bid, UseCaseError>| matches!(r, Err(UseCaseError::Invalid(ref e)) if e.fields().contains("received_on"));
    assert!(invalid(s.create_bid(UserId::new(3), Some(10), bad_body())));
    assert!(invalid(s.update_bid(UserId::new(3), BidId::new(1), bad_body())));
    // No task named: nothing to look up, the body's problems (the task's among them).
    let no_task = Err(FieldErrors::single("task", buildledger_domain::messages::REQUIRED));
    assert!(
        matches!(s.create_bid(UserId::new(3), None, no_task), Err(UseCaseError::Invalid(ref e)) if e.fields().contains("task"))
    );
}

#[test]
fn awarding_goes_through_the_repository_once_and_an_awarded_bid_is_left_as_it_is() {
    let mut m = Mocks::new();
    m.bids
        .expect_find_for_owner()
        .with(eq(UserId::new(3)), eq(BidId::new(1)))
        .returning(|_, _| Ok(Some(bid(1, 10, 5, BidStatus::Pending))));
    m.bids
        .expect_find_for_owner()
        .with(eq(UserId::new(3)), eq(BidId::new(2)))
        .returning(|_, _| Ok(Some(bid(2, 10, 6, BidStatus::Awarded))));
    m.bids.expect_find_for_owner().with(eq(UserId::new(3)), eq(BidId::new(9))).returning(|_, _| Ok(None));
    m.bids.expect_award().with(eq(1)).times(1).returning(|_| Ok(bid(1, 10, 5, BidStatus::Awarded)));
    let s = m.service();
    assert_eq!(s.award(UserId::new(3), BidId::new(1)).unwrap().status, BidStatus::Awarded);
    assert_eq!(s.award(UserId::new(3), BidId::new(2)).unwrap().status, BidStatus::Awarded);
    assert!(matches!(s.award(UserId::new(3), BidId::new(9)), Err(UseCaseError::NotFound { .. })));
    // A pending bid has no award to withdraw.
    assert!(matches!(s.withdraw_award(UserId::new(3), BidId::new(1)), Err(UseCaseError::Conflict { .. })));
}

#[test]
fn a_race_lost_in_the_database_is_not_found_not_a_crash() {
    // The task was deleted between the check and the award (its bids went with it).
    let mut m = Mocks::new();
    m.bids.expect_find_for_owner().returning(|_, _| Ok(Some(bid(1, 10, 5, BidStatus::Pending))));
    m.bids.expect_award().returning(|_| Err(RepoError::NotFound));
    assert!(matches!(m.service().award(UserId::new(3), BidId::new(1)), Err(UseCaseError::NotFound { entity: "bid" })));
}

#[test]
fn a_contractor_with_bids_cannot_be_deleted() {
    let mut m = Mocks::new();
    m.contractors
        .expect_delete()
        .returning(|_, _| Err(RepoError::Refused(Contractor::check_delete(1, 0).unwrap_err())));
    let err = m.service().delete_contractor(UserId::new(3), ContractorId::new(7)).unwrap_err();
    assert!(matches!(err, UseCaseError::Conflict { ref message, .. } if message == MSG_CONTRACTOR_HAS_BIDS));
}

#[test]
fn an_edit_applies_to_the_bid_as_the_write_finds_it() {
    let mut m = Mocks::new();
    m.bids.expect_find_for_owner().returning(|_, _| Ok(Some(bid(1, 10, 5, BidStatus::Pending))));
    // The read says pending; the write finds the bid awarded meanwhile: the decline is
    // refused, as it would be after the award, and a new amount keeps the award.
    m.bids.expect_update().with(eq(1), mockall::predicate::always()).times(2).returning(|_, edit| {
        edit(&bid(1, 10, 5, BidStatus::Awarded)).map_err(RepoError::Refused).map(|e| Bid {
            details: e.details,
            status: e.status,
            contractor_id: e.contractor_id,
            ..bid(1, 10, 5, BidStatus::Awarded)
        })
    });
    let s = m.service();
    let decline = BidChange { status: Some(BidStatus::Declined), ..Default::default() };
    let err = s.update_bid(UserId::new(3), BidId::new(1), Ok(decline)).unwrap_err();
    assert!(
        matches!(err, UseCaseError::Invalid(ref e) if e.fields().as_map()["status"] == [MSG_WITHDRAW_BY_CALL]),
        "{err:?}"
    );
    let amount =
        BidChange { input: BidInput { amount: Money::from_cents(600), ..Default::default() }, ..Default::default() };
    let kept = s.update_bid(UserId::new(3), BidId::new(1), Ok(amount)).unwrap();
    assert_eq!((kept.status, kept.details.amount.cents()), (BidStatus::Awarded, 600));
}

#[test]
fn an_award_withdrawn_meanwhile_or_held_by_change_orders_is_refused_under_the_lock() {
    let mut m = Mocks::new();
    m.bids.expect_find_for_owner().returning(|_, _| Ok(Some(bid(1, 10, 5, BidStatus::Awarded))));
    m.bids
        .expect_withdraw_award()
        .times(1)
        .returning(|_| Err(RepoError::Refused(bid(1, 10, 5, BidStatus::Awarded).check_withdraw(true).unwrap_err())));
    m.bids
        .expect_delete()
        .times(1)
        .returning(|_| Err(RepoError::Refused(bid(1, 10, 5, BidStatus::Awarded).check_delete(true).unwrap_err())));
    let s = m.service();
    for err in [
        s.withdraw_award(UserId::new(3), BidId::new(1)).unwrap_err(),
        s.delete_bid(UserId::new(3), BidId::new(1)).unwrap_err(),
    ] {
        assert!(
            matches!(err, UseCaseError::Conflict { ref field, ref message } if field == "status" && message == MSG_AWARD_HAS_CHANGE_ORDERS),
            "{err:?}"
        );
    }
}

#[test]
fn the_comparison_lists_tasks_with_bids_beside_their_prediction() {
    let mut m = Mocks::new();
    m.projects
        .expect_find_for_owner()
        .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
        .times(1)
        .returning(|_, _| Ok(Some(project())));
    // The board is not read: the bids come with their tasks (two queries in all).
    m.tasks.expect_list_for_project().never();
    let on = |title: &str, b: Bid| crate::ports::BidOnTask {
        task_title: title.into(),
        task_quality: MaterialQuality::Standard,
        bid: b,
    };
    m.bids.expect_list_for_project().times(1).returning(move |_| {
        Ok(vec![
            on("Framing", bid(1, 10, 38_000, BidStatus::Pending)),
            on("Framing", bid(2, 10, 52_000, BidStatus::Pending)),
            on("Moat", bid(3, 11, 900, BidStatus::Awarded)),
        ])
    });
    let c = m.service().comparison(UserId::new(3), ProjectId::new(1)).unwrap();
    assert_eq!(c.iter().map(|t| t.task_id).collect::<Vec<_>>(), [10, 11], "tasks with bids only");
    // Framing: 20.00/sqft x 2,000 sqft = 40,000.
    assert_eq!(c[0].predicted.map(Money::cents), Some(4_000_000));
    assert_eq!(c[0].bids[1].difference_pct, Some(30.0));
    assert_eq!(c[1].predicted, None);
    assert_eq!(c[1].awarded_bid, Some(3));
}

// ------------------------------------------------------------ a shared project's callers

const OWNER: i64 = 3;
const PARTNER: i64 = 5;
const VIEWER: i64 = 6;
const STRANGER: i64 = 7;

/// Every target is in project 1, owned by user 3, where user 5 is a partner and 6 a viewer;
/// user 7 is no member.
fn shared() -> Mocks {
    let mut m = Mocks::new();
    m.access = testing::with_access(|user, _| {
        let role = match user.get() {
            OWNER => Role::Owner,
            PARTNER => Role::Partner,
            VIEWER => Role::Viewer,
            _ => return None,
        };
        Some(Located { project_id: ProjectId::new(1), owner_id: UserId::new(OWNER), role: Some(role) })
    });
    m
}

#[test]
fn a_viewer_reads_the_bids_and_changes_nothing() {
    let mut m = shared();
    m.projects
        .expect_find_for_owner()
        .with(eq(UserId::new(OWNER)), eq(ProjectId::new(1)))
        .returning(|_, _| Ok(Some(project())));
    m.bids.expect_list_for_project().returning(|_| Ok(vec![]));
    m.bids.expect_find_for_owner().never();
    m.tasks.expect_find_for_owner().never();
    m.bids.expect_create().never();
    m.bids.expect_update().never();
    m.bids.expect_delete().never();
    m.bids.expect_award().never();
    m.bids.expect_withdraw_award().never();
    m.contractors.expect_create().never();
    let s = m.service();
    assert!(s.comparison(UserId::new(VIEWER), ProjectId::new(1)).unwrap().is_empty());
    let viewer = UserId::new(VIEWER);
    let forbidden = |r: Result<(), UseCaseError>| assert!(matches!(r, Err(UseCaseError::Forbidden)), "{r:?}");
    forbidden(s.create_bid(viewer, Some(10), Ok(change(7, 1))).map(drop));
    forbidden(s.update_bid(viewer, BidId::new(1), Ok(BidChange::default())).map(drop));
    forbidden(s.delete_bid(viewer, BidId::new(1)));
    forbidden(s.award(viewer, BidId::new(1)).map(drop));
    forbidden(s.withdraw_award(viewer, BidId::new(1)).map(drop));
    // Forbidden before the body is read.
    forbidden(s.create_bid(viewer, Some(10), bad_body()).map(drop));
    let input = ContractorInput { name: Some("Acme".into()), ..Default::default() };
    forbidden(s.create_contractor(viewer, Some(ProjectId::new(1)), Ok(input)).map(drop));
}

#[test]
fn a_partners_bid_and_award_are_the_owners_with_a_contractor_of_the_owners_roster() {
    let mut m = shared();
    let owner = UserId::new(OWNER);
    m.tasks
        .expect_find_for_owner()
        .with(eq(owner), eq(TaskId::new(10)))
        .returning(|_, id| Ok(Some((task(id.get(), "Framing"), project()))));
    m.contractors
        .expect_find_for_owner()
        .with(eq(owner), eq(ContractorId::new(7)))
        .times(1)
        .returning(|o, id| Ok(Some(contractor(id.get(), o.get()))));
    m.bids
        .expect_create()
        .withf(|n| n.task_id == 10 && n.contractor_id == 7)
        .times(1)
        .returning(|n| Ok(bid(1, n.task_id, 100, BidStatus::Pending)));
    m.bids
        .expect_find_for_owner()
        .with(eq(owner), eq(BidId::new(1)))
        .returning(|_, _| Ok(Some(bid(1, 10, 100, BidStatus::Pending))));
    m.bids.expect_award().with(eq(1)).times(1).returning(|_| Ok(bid(1, 10, 100, BidStatus::Awarded)));
    let s = m.service();
    let partner = UserId::new(PARTNER);
    assert_eq!(s.create_bid(partner, Some(10), Ok(change(7, 100))).unwrap().id, 1);
    assert_eq!(s.award(partner, BidId::new(1)).unwrap().status, BidStatus::Awarded);
}

#[test]
fn a_stranger_finds_no_bid_task_or_project() {
    let mut m = shared();
    m.tasks.expect_find_for_owner().never();
    m.bids.expect_find_for_owner().never();
    m.projects.expect_find_for_owner().never();
    m.contractors.expect_list_for_owner().never();
    m.bids.expect_create().never();
    m.bids.expect_award().never();
    let s = m.service();
    let stranger = UserId::new(STRANGER);
    assert!(matches!(s.create_bid(stranger, Some(10), bad_body()), Err(UseCaseError::NotFound { entity: "task" })));
    assert!(matches!(s.award(stranger, BidId::new(1)), Err(UseCaseError::NotFound { entity: "bid" })));
    assert!(matches!(s.bids_for_task(stranger, TaskId::new(10)), Err(UseCaseError::NotFound { entity: "task" })));
    assert!(matches!(s.comparison(stranger, ProjectId::new(1)), Err(UseCaseError::NotFound { entity: "project" })));
    assert!(matches!(
        s.contractors(stranger, Some(ProjectId::new(1))),
        Err(UseCaseError::NotFound { entity: "project" })
    ));
}

#[test]
fn the_roster_of_a_shared_project_is_its_owners_and_without_one_the_callers() {
    let mut m = shared();
    m.contractors.expect_list_for_owner().with(eq(OWNER)).times(2).returning(|o| Ok(vec![contractor(7, o)]));
    m.contractors.expect_list_for_owner().with(eq(VIEWER)).times(1).returning(|_| Ok(vec![]));
    m.contractors
        .expect_create()
        .withf(|o, d| *o == OWNER && d.name == "Acme")
        .times(1)
        .returning(|o, d| Ok(Contractor { id: 9, owner_id: o, details: d.clone() }));
    m.contractors
        .expect_create()
        .withf(|o, _| *o == PARTNER)
        .times(1)
        .returning(|o, d| Ok(Contractor { id: 10, owner_id: o, details: d.clone() }));
    let s = m.service();
    let project = Some(ProjectId::new(1));
    assert_eq!(s.contractors(UserId::new(PARTNER), project).unwrap()[0].owner_id, OWNER);
    assert_eq!(s.contractors(UserId::new(VIEWER), project).unwrap()[0].owner_id, OWNER);
    assert!(s.contractors(UserId::new(VIEWER), None).unwrap().is_empty());
    let input = || ContractorInput { name: Some("Acme".into()), ..Default::default() };
    assert_eq!(s.create_contractor(UserId::new(PARTNER), project, Ok(input())).unwrap().owner_id, OWNER);
    assert_eq!(s.create_contractor(UserId::new(PARTNER), None, Ok(input())).unwrap().owner_id, PARTNER);
}
