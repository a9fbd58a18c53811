//! Contractors and bids (issue 18): each user's roster, bids on their tasks, the award that
//! commits a task's cost, and the project's bid comparison.
//!
//! Every bid use case starts with one authorization check (`crate::access`) and goes on as the
//! project's owner: a partner's bid names a contractor of the owner's roster. A roster stays its
//! user's: read or added to in a shared project, it is the project owner's (issue 35).
//!
//! A bid's status changes only under the project's lock: an edit's status rule, the award, its
//! withdrawal and a delete check the bid as the write finds it there, and the task's committed
//! cost is recomputed in the same transaction (security issue 28; see `ledger.rs`).

use buildledger_domain::ids::{BidId, ContractorId, ProjectId, TaskId, TypedId, UserId};
use buildledger_domain::member::Need;
use std::sync::Arc;

use buildledger_domain::bid::{
    Bid, BidDetails, BidInput, BidStatus, Contractor, ContractorDetails, ContractorInput, TaskComparison,
};
use buildledger_domain::{DomainError, FieldErrors, Money};

use crate::access::{Authorizer, Target};
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
    /// May this user do this to this project (issue 35).
    pub access: Authorizer,
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

    /// The caller's roster, or with `project` the roster of that project's owner (for a
    /// member's bid or payment form).
    pub fn contractors(&self, user_id: UserId, project: Option<ProjectId>) -> Result<Vec<Contractor>, UseCaseError> {
        let owner_id = self.roster_of(user_id, project, Need::Read)?;
        Ok(self.ports.contractors.list_for_owner(owner_id.get())?)
    }

    /// Whose roster: the caller's, or the owner's of `project` when the caller may do what
    /// `need` says there.
    fn roster_of(&self, user_id: UserId, project: Option<ProjectId>, need: Need) -> Result<UserId, UseCaseError> {
        match project {
            Some(p) => Ok(self.ports.access.authorize(user_id, Target::Project(p), need)?.owner_id),
            None => Ok(user_id),
        }
    }

    pub fn contractor(&self, owner_id: UserId, id: ContractorId) -> Result<Contractor, UseCaseError> {
        self.ports.contractors.find_for_owner(owner_id, id)?.ok_or(UseCaseError::not_found("contractor"))
    }

    /// Adds a contractor to the caller's roster, or with `project` to that project's owner's.
    /// `input` is the body as read, problems included: a project the caller may not change is
    /// not found (or forbidden) whatever the body says, so it is checked first.
    pub fn create_contractor(
        &self,
        user_id: UserId,
        project: Option<ProjectId>,
        input: Result<ContractorInput, DomainError>,
    ) -> Result<Contractor, UseCaseError> {
        let owner_id = self.roster_of(user_id, project, Need::Write)?;
        let details = ContractorDetails::parse(input?, None)?;
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

    /// The bids of a task.
    pub fn bids_for_task(&self, user_id: UserId, task_id: TaskId) -> Result<Vec<Bid>, UseCaseError> {
        let grant = self.ports.access.authorize(user_id, Target::Task(task_id), Need::Read)?;
        self.ports.tasks.find_for_owner(grant.owner_id, task_id)?.ok_or(UseCaseError::not_found("task"))?;
        Ok(self.ports.bids.list_for_task(task_id.get())?)
    }

    pub fn bid(&self, user_id: UserId, id: BidId) -> Result<Bid, UseCaseError> {
        let grant = self.ports.access.authorize(user_id, Target::Bid(id), Need::Read)?;
        self.own_bid(grant.owner_id, id)
    }

    /// The bid, when its project is `owner_id`'s.
    fn own_bid(&self, owner_id: UserId, id: BidId) -> Result<Bid, UseCaseError> {
        self.ports.bids.find_for_owner(owner_id, id)?.ok_or(UseCaseError::not_found("bid"))
    }

    /// The bid's project, for a use case that changes it: its owner and the bid.
    fn bid_to_change(&self, user_id: UserId, id: BidId) -> Result<(UserId, Bid), UseCaseError> {
        let owner_id = self.ports.access.authorize(user_id, Target::Bid(id), Need::Write)?.owner_id;
        Ok((owner_id, self.own_bid(owner_id, id)?))
    }

    /// The owner's contractor (another user's is not found, like a missing one).
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

    /// A bid on a task from one of the project owner's contractors. `task_id`: the task the
    /// body names, if any; `change`: the body as read, problems included. A task the caller may
    /// not change is not found (or forbidden) whatever the rest of the body says, so it is
    /// checked first.
    pub fn create_bid(
        &self,
        user_id: UserId,
        task_id: Option<i64>,
        change: Result<BidChange, DomainError>,
    ) -> Result<Bid, UseCaseError> {
        // The task's project owner, and the task.
        let found = match task_id.map(TaskId::new) {
            Some(id) => {
                let owner_id = self.ports.access.authorize(user_id, Target::Task(id), Need::Write)?.owner_id;
                let task = self.ports.tasks.find_for_owner(owner_id, id)?.ok_or(UseCaseError::not_found("task"))?;
                Some((owner_id, task.0))
            }
            None => None,
        };
        let change = change?;
        let Some((owner_id, task)) = found else {
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
    /// `change` is the body as read, problems included: a bid the caller may not change is not
    /// found (or forbidden) whatever the body says, so it is checked first.
    pub fn update_bid(
        &self,
        user_id: UserId,
        id: BidId,
        change: Result<BidChange, DomainError>,
    ) -> Result<Bid, UseCaseError> {
        let (owner_id, current) = self.bid_to_change(user_id, id)?;
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
    pub fn delete_bid(&self, user_id: UserId, id: BidId) -> Result<(), UseCaseError> {
        self.bid_to_change(user_id, id)?;
        self.ports.bids.delete(id.get()).map_err(|e| not_found(e, "bid"))
    }

    /// Awards the bid: its amount becomes the task's committed cost, the task's other bids are
    /// declined. Awarding the awarded bid again changes nothing.
    pub fn award(&self, user_id: UserId, id: BidId) -> Result<Bid, UseCaseError> {
        let (_, bid) = self.bid_to_change(user_id, id)?;
        if bid.status == BidStatus::Awarded {
            return Ok(bid);
        }
        self.ports.bids.award(id.get()).map_err(|e| not_found(e, "bid"))
    }

    /// Withdraws the award: the task has no committed cost; its declined bids are pending again.
    /// The bid must still be the award, with no approved change orders, under the lock.
    pub fn withdraw_award(&self, user_id: UserId, id: BidId) -> Result<Bid, UseCaseError> {
        let (_, bid) = self.bid_to_change(user_id, id)?;
        bid.check_withdraw(false)?;
        self.ports.bids.withdraw_award(id.get()).map_err(|e| not_found(e, "bid"))
    }

    /// Every task of the project with bids, its bids beside its regional prediction, in board
    /// order: two queries (the project, its bids with their tasks), whatever the board's size.
    pub fn comparison(&self, user_id: UserId, project_id: ProjectId) -> Result<Vec<TaskComparison>, UseCaseError> {
        let grant = self.ports.access.authorize(user_id, Target::Project(project_id), Need::Read)?;
        self.comparison_for_owner(grant.owner_id, project_id)
    }

    /// [`Self::comparison`] of one of `owner_id`'s projects, without the caller's check: for the
    /// use cases that act for the owner themself (a share link, the data export).
    pub(crate) fn comparison_for_owner(
        &self,
        owner_id: UserId,
        project_id: ProjectId,
    ) -> Result<Vec<TaskComparison>, UseCaseError> {
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
mod tests;
