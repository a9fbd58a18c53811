//! Contractors and bids (issue 18): each user's roster, bids on their tasks, the award that
//! commits a task's cost, and the project's bid comparison.
//!
//! A bid's status changes only under the project's lock: an edit's status rule, the award, its
//! withdrawal and a delete check the bid as the write finds it there, and the task's committed
//! cost is recomputed in the same transaction (security issue 28; see `ledger.rs`).

use buildledger_domain::ids::{BidId, ContractorId, ProjectId, TaskId, TypedId, UserId};
use std::sync::Arc;

use buildledger_domain::bid::{
    Bid, BidDetails, BidInput, BidStatus, Contractor, ContractorDetails, ContractorInput, TaskComparison,
};
use buildledger_domain::{DomainError, FieldErrors, Money};

use crate::error::{RepoError, UseCaseError};
use crate::ports::{
    BidRepository, ContractorRepository, CostRates, DocumentRepository, NewBid, ProjectRepository, TaskRepository,
};

pub use buildledger_domain::bid::{
    MSG_AWARD_BY_CALL, MSG_AWARD_HAS_CHANGE_ORDERS, MSG_BID_STAYS_ON_TASK, MSG_CONTRACTOR_HAS_BIDS,
    MSG_NEW_BID_PENDING, MSG_NO_AWARD, MSG_WITHDRAW_BY_CALL,
};

pub const MSG_DOCUMENT_OF_ANOTHER_TASK: &str = "Choose a document of this bid's task.";

#[derive(Clone)]
pub struct BidsPorts {
    pub contractors: Arc<dyn ContractorRepository>,
    pub bids: Arc<dyn BidRepository>,
    pub tasks: Arc<dyn TaskRepository>,
    pub projects: Arc<dyn ProjectRepository>,
    pub documents: Arc<dyn DocumentRepository>,
    pub rates: Arc<dyn CostRates>,
}

#[derive(Clone)]
pub struct BidService {
    ports: BidsPorts,
}

/// A bid's fields as domain input: the contractor id and the status besides the details.
/// `None`: absent (a create) or unchanged (an update).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BidChange {
    pub contractor: Option<i64>,
    pub status: Option<BidStatus>,
    pub input: BidInput,
}

/// A repository's `NotFound` as the entity's own; a rule's refusal as what it says.
fn not_found(e: RepoError, entity: &'static str) -> UseCaseError {
    crate::projects::not_found_as(e, entity)
}

impl BidService {
    pub fn new(ports: BidsPorts) -> Self {
        Self { ports }
    }

    // ------------------------------------------------------------ contractors

    pub fn contractors(&self, owner_id: UserId) -> Result<Vec<Contractor>, UseCaseError> {
        Ok(self.ports.contractors.list_for_owner(owner_id.get())?)
    }

    pub fn contractor(&self, owner_id: UserId, id: ContractorId) -> Result<Contractor, UseCaseError> {
        self.ports.contractors.find_for_owner(owner_id, id)?.ok_or(UseCaseError::not_found("contractor"))
    }

    pub fn create_contractor(&self, owner_id: UserId, input: ContractorInput) -> Result<Contractor, UseCaseError> {
        let details = ContractorDetails::parse(input, None)?;
        Ok(self.ports.contractors.create(owner_id.get(), &details)?)
    }

    /// Changes one of the caller's contractors. `input` is the body as read, problems included:
    /// another user's contractor is not found whatever the body says, so it is checked first.
    pub fn update_contractor(
        &self,
        owner_id: UserId,
        id: ContractorId,
        input: Result<ContractorInput, DomainError>,
    ) -> Result<Contractor, UseCaseError> {
        let current = self.contractor(owner_id, id)?;
        let details = ContractorDetails::parse(input?, Some(&current.details))?;
        self.ports.contractors.update(owner_id, id, &details).map_err(|e| not_found(e, "contractor"))
    }

    /// Deletes the contractor unless bids name them (checked under the contractor's lock).
    pub fn delete_contractor(&self, owner_id: UserId, id: ContractorId) -> Result<(), UseCaseError> {
        self.ports.contractors.delete(owner_id, id).map_err(|e| not_found(e, "contractor"))
    }

    // ------------------------------------------------------------ bids

    /// The bids of one of the caller's tasks.
    pub fn bids_for_task(&self, owner_id: UserId, task_id: TaskId) -> Result<Vec<Bid>, UseCaseError> {
        self.ports.tasks.find_for_owner(owner_id, task_id)?.ok_or(UseCaseError::not_found("task"))?;
        Ok(self.ports.bids.list_for_task(task_id.get())?)
    }

    pub fn bid(&self, owner_id: UserId, id: BidId) -> Result<Bid, UseCaseError> {
        self.ports.bids.find_for_owner(owner_id, id)?.ok_or(UseCaseError::not_found("bid"))
    }

    /// The caller's contractor (another user's is not found, like a missing one).
    fn own_contractor(&self, owner_id: UserId, id: ContractorId) -> Result<Contractor, UseCaseError> {
        self.ports.contractors.find_for_owner(owner_id, id)?.ok_or(UseCaseError::not_found("contractor"))
    }

    /// A document named on a bid must be one of the bid's task.
    fn check_document(&self, task_id: i64, document: Option<i64>) -> Result<(), UseCaseError> {
        let Some(id) = document else { return Ok(()) };
        match self.ports.documents.find(id)? {
            Some(d) if d.task_id == task_id => Ok(()),
            _ => Err(FieldErrors::single("document", MSG_DOCUMENT_OF_ANOTHER_TASK).into()),
        }
    }

    /// A bid on one of the caller's tasks from one of the caller's contractors. `task_id`: the
    /// task the body names, if any; `change`: the body as read, problems included. Another
    /// user's task is not found whatever the rest of the body says, so it is checked first.
    pub fn create_bid(
        &self,
        owner_id: UserId,
        task_id: Option<i64>,
        change: Result<BidChange, DomainError>,
    ) -> Result<Bid, UseCaseError> {
        let task = match task_id {
            Some(id) => Some(
                self.ports.tasks.find_for_owner(owner_id, TaskId::new(id))?.ok_or(UseCaseError::not_found("task"))?.0,
            ),
            None => None,
        };
        let change = change?;
        let Some(task) = task else {
            return Err(FieldErrors::single("task", buildledger_domain::messages::REQUIRED).into());
        };
        let mut errors = FieldErrors::new();
        if change.contractor.is_none() {
            errors.add("contractor", buildledger_domain::messages::REQUIRED);
        }
        if change.status.is_some_and(|s| s != BidStatus::Pending) {
            errors.add("status", MSG_NEW_BID_PENDING);
        }
        let details = BidDetails::parse(change.input, None);
        let details = match (details, errors.is_empty()) {
            (Ok(d), true) => d,
            (Ok(_), false) => return Err(DomainError::Validation(errors).into()),
            (Err(e), _) => {
                for (field, problems) in e.fields().as_map() {
                    problems.iter().for_each(|p| errors.add(field, p.as_str()));
                }
                return Err(DomainError::Validation(errors).into());
            }
        };
        let contractor = self.own_contractor(owner_id, ContractorId::new(change.contractor.unwrap_or_default()))?;
        self.check_document(task.id, details.document_id)?;
        let new = NewBid { task_id: task.id, project_id: task.project_id, contractor_id: contractor.id, details };
        self.ports.bids.create(&new).map_err(|e| not_found(e, "task"))
    }

    /// The bid's fields and status from `change` over the bid as found under the lock
    /// ([`Bid::edit`]): an award made meanwhile is seen, so a stale edit cannot decline it.
    /// `change` is the body as read, problems included: another user's bid is not found
    /// whatever the body says, so it is checked first.
    pub fn update_bid(
        &self,
        owner_id: UserId,
        id: BidId,
        change: Result<BidChange, DomainError>,
    ) -> Result<Bid, UseCaseError> {
        let current = self.bid(owner_id, id)?;
        let BidChange { contractor, status, input } = change?;
        let rule = move |bid: &Bid| bid.edit(contractor, status, input.clone());
        let edit = rule(&current)?;
        // A bid's contractor is the owner's; another one named must be too.
        if let Some(c) = contractor.filter(|c| *c != current.contractor_id) {
            self.own_contractor(owner_id, ContractorId::new(c))?;
        }
        self.check_document(current.task_id, edit.details.document_id)?;
        self.ports.bids.update(id.get(), Box::new(rule)).map_err(|e| not_found(e, "bid"))
    }

    /// Deletes the bid, unless it is an award with approved change orders (as found under the
    /// lock).
    pub fn delete_bid(&self, owner_id: UserId, id: BidId) -> Result<(), UseCaseError> {
        self.bid(owner_id, id)?;
        self.ports.bids.delete(id.get()).map_err(|e| not_found(e, "bid"))
    }

    /// Awards the bid: its amount becomes the task's committed cost, the task's other bids are
    /// declined. Awarding the awarded bid again changes nothing.
    pub fn award(&self, owner_id: UserId, id: BidId) -> Result<Bid, UseCaseError> {
        let bid = self.bid(owner_id, id)?;
        if bid.status == BidStatus::Awarded {
            return Ok(bid);
        }
        self.ports.bids.award(id.get()).map_err(|e| not_found(e, "bid"))
    }

    /// Withdraws the award: the task has no committed cost; its declined bids are pending again.
    /// The bid must still be the award, with no approved change orders, under the lock.
    pub fn withdraw_award(&self, owner_id: UserId, id: BidId) -> Result<Bid, UseCaseError> {
        let bid = self.bid(owner_id, id)?;
        bid.check_withdraw(false)?;
        self.ports.bids.withdraw_award(id.get()).map_err(|e| not_found(e, "bid"))
    }

    /// Every task of the project with bids, its bids beside its regional prediction, in board
    /// order: two queries (the project, its bids with their tasks), whatever the board's size.
    pub fn comparison(&self, owner_id: UserId, project_id: ProjectId) -> Result<Vec<TaskComparison>, UseCaseError> {
        let project =
            self.ports.projects.find_for_owner(owner_id, project_id)?.ok_or(UseCaseError::not_found("project"))?;
        let rows = self.ports.bids.list_for_project(project.id)?;
        let mut out = Vec::new();
        let mut rows = rows.into_iter().peekable();
        while let Some(first) = rows.next() {
            let task_id = first.bid.task_id;
            let (title, quality) = (first.task_title.clone(), first.task_quality);
            let mut bids = vec![first.bid];
            while let Some(next) = rows.next_if(|r| r.bid.task_id == task_id) {
                bids.push(next.bid);
            }
            let predicted = self
                .ports
                .rates
                .predict(&title, quality, &project.details.zip_code, project.details.square_footage)
                .and_then(|p| Money::from_cents(p.cents));
            out.extend(TaskComparison::compute(task_id, title, predicted, bids));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::{
        MockBidRepository, MockContractorRepository, MockCostRates, MockDocumentRepository, MockProjectRepository,
        MockTaskRepository,
    };
    use buildledger_domain::document::Document;
    use buildledger_domain::ids::{BidId, ContractorId, ProjectId, TaskId, TypedId, UserId};
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
    }

    impl Mocks {
        fn new() -> Self {
            Self {
                contractors: MockContractorRepository::new(),
                bids: MockBidRepository::new(),
                tasks: MockTaskRepository::new(),
                projects: MockProjectRepository::new(),
                documents: MockDocumentRepository::new(),
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
        Project {
            id: 1,
            owner_id: 3,
            details,
            version: 1,
            created_at: chrono::NaiveDateTime::default(),
            drawn_cents: 0,
        }
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
        m.contractors
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(ContractorId::new(8)))
            .returning(|_, _| Ok(None));
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
        assert!(matches!(
            m.service().award(UserId::new(3), BidId::new(1)),
            Err(UseCaseError::NotFound { entity: "bid" })
        ));
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
        let amount = BidChange {
            input: BidInput { amount: Money::from_cents(600), ..Default::default() },
            ..Default::default()
        };
        let kept = s.update_bid(UserId::new(3), BidId::new(1), Ok(amount)).unwrap();
        assert_eq!((kept.status, kept.details.amount.cents()), (BidStatus::Awarded, 600));
    }

    #[test]
    fn an_award_withdrawn_meanwhile_or_held_by_change_orders_is_refused_under_the_lock() {
        let mut m = Mocks::new();
        m.bids.expect_find_for_owner().returning(|_, _| Ok(Some(bid(1, 10, 5, BidStatus::Awarded))));
        m.bids.expect_withdraw_award().times(1).returning(|_| {
            Err(RepoError::Refused(bid(1, 10, 5, BidStatus::Awarded).check_withdraw(true).unwrap_err()))
        });
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
}
