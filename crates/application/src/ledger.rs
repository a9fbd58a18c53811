//! The money ledger of a project (issue 19, docs/money.md): payments against tasks, change
//! orders and their register, lender draws.
//!
//! Each write whose rule depends on stored state hands that rule to its repository, which checks
//! it on what it finds under the project's lock, inside the transaction that writes (a rule
//! checked on an earlier read would let another request slip in between: security issue 28).
//! The use case may apply the same rule at once to what it has read, to refuse without taking
//! the lock; only the check under the lock lets a write through.
//!
//! Every use case starts with one authorization check (`crate::access`) on what it touches, then
//! goes on as the project's owner: a partner's payment names the owner's contractors.
//!
//! Layout, one resource each: this file holds the service, its ports and what its use cases
//! share (the check, the owner's task and project, the contractor and document checks, field
//! problems); `payments`, `change_orders`, `draws` and `waivers` the use cases of each. Every
//! public item is re-exported here.

mod change_orders;
mod draws;
#[cfg(test)]
mod fixtures;
mod payments;
mod ports;
mod waivers;

use buildledger_domain::ids::{ContractorId, ProjectId, TaskId, TypedId, UserId};
use buildledger_domain::member::Need;
use std::sync::Arc;

use buildledger_domain::project::Project;
use buildledger_domain::task::Task;
use buildledger_domain::{DomainError, FieldErrors};
use chrono::NaiveDate;

use crate::access::{Authorizer, Grant, Target};
use crate::error::{RepoError, UseCaseError};
use crate::ports::{
    ChangeOrderRepository, Clock, ContractorRepository, DocumentRepository, DrawRepository, ProjectRepository,
    ScheduledValues, TaskPaymentRepository, TaskRepository,
};

pub use buildledger_domain::ledger::{
    MSG_APPROVE_NEEDS_AWARD, MSG_DRAW_TASKS_FIXED, MSG_DRAW_TASK_OF_ANOTHER_PROJECT, MSG_FUNDED_DRAW, MSG_NO_DRAW_TASKS,
};
pub use change_orders::{ChangeOrderChange, MSG_DOCUMENT_OF_ANOTHER_TASK};
pub use draws::{DrawChange, NextDraw, StoredCosts, MSG_OTHER_PROJECT};
pub use payments::{payee_from, PaymentChange, MSG_RECEIPT_OF_ANOTHER_TASK};
pub use ports::LienWaiverRepository;
#[cfg(any(test, feature = "mocks"))]
pub use ports::MockLienWaiverRepository;
pub use waivers::{WaiverRefs, MSG_WAIVER_OTHER_PROJECT};

pub const MSG_OTHER_TASK: &str = "A payment or change order cannot be moved to another task.";

#[derive(Clone)]
pub struct LedgerPorts {
    pub tasks: Arc<dyn TaskRepository>,
    pub projects: Arc<dyn ProjectRepository>,
    pub documents: Arc<dyn DocumentRepository>,
    pub contractors: Arc<dyn ContractorRepository>,
    pub payments: Arc<dyn TaskPaymentRepository>,
    pub change_orders: Arc<dyn ChangeOrderRepository>,
    pub draws: Arc<dyn DrawRepository>,
    pub waivers: Arc<dyn LienWaiverRepository>,
    /// Each task's scheduled value on a draw's continuation sheet (the task use cases' figure).
    pub scheduled: Arc<dyn ScheduledValues>,
    pub clock: Arc<dyn Clock>,
    /// May this user do this to this project (issue 35).
    pub access: Authorizer,
}

#[derive(Clone)]
pub struct LedgerService {
    ports: LedgerPorts,
}

/// A repository's `NotFound` as the entity's own; a rule's refusal as what it says.
fn not_found(e: RepoError, entity: &'static str) -> UseCaseError {
    crate::projects::not_found_as(e, entity)
}

fn required(errors: &mut FieldErrors, field: &str, value: Option<i64>) -> i64 {
    if value.is_none() {
        errors.add(field, buildledger_domain::messages::REQUIRED);
    }
    value.unwrap_or_default()
}

impl LedgerService {
    pub fn new(ports: LedgerPorts) -> Self {
        Self { ports }
    }

    fn today(&self) -> NaiveDate {
        self.ports.clock.now().date()
    }

    /// The one check in front of every use case: the caller's grant on `target`'s project.
    fn authorize(&self, user_id: UserId, target: Target, need: Need) -> Result<Grant, UseCaseError> {
        self.ports.access.authorize(user_id, target, need)
    }

    /// The grant on the target a body names, when it names one (a body without it is a 400,
    /// answered with the body's other problems).
    fn authorize_named(
        &self,
        user_id: UserId,
        target: Option<Target>,
        need: Need,
    ) -> Result<Option<Grant>, UseCaseError> {
        target.map(|t| self.authorize(user_id, t, need)).transpose()
    }

    fn own_task(&self, owner_id: UserId, task_id: TaskId) -> Result<(Task, Project), UseCaseError> {
        self.ports.tasks.find_for_owner(owner_id, task_id)?.ok_or(UseCaseError::not_found("task"))
    }

    fn own_project(&self, owner_id: UserId, project_id: ProjectId) -> Result<Project, UseCaseError> {
        self.ports.projects.find_for_owner(owner_id, project_id)?.ok_or(UseCaseError::not_found("project"))
    }

    /// A contractor named on a payment or change order must be one of the project owner's (404
    /// otherwise, like a missing one).
    fn check_contractor(&self, owner_id: UserId, contractor: Option<i64>) -> Result<(), UseCaseError> {
        match contractor {
            Some(id) => {
                self.ports
                    .contractors
                    .find_for_owner(owner_id, ContractorId::new(id))?
                    .ok_or(UseCaseError::not_found("contractor"))?;
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// A receipt or document must be one of the task's (400 otherwise: nothing is written).
    fn check_document(
        &self,
        task_id: i64,
        document: Option<i64>,
        field: &str,
        message: &str,
    ) -> Result<(), UseCaseError> {
        let Some(id) = document else { return Ok(()) };
        match self.ports.documents.find(id)? {
            Some(d) if d.task_id == task_id => Ok(()),
            _ => Err(FieldErrors::single(field, message).into()),
        }
    }
}

/// A create without its task (the body's parse says so first; this answers the same).
fn task_required() -> UseCaseError {
    FieldErrors::single("task", buildledger_domain::messages::REQUIRED).into()
}

/// The field problems found before the domain parse, with the parse's own.
fn merge<T>(mut errors: FieldErrors, parsed: Result<T, DomainError>) -> Result<T, UseCaseError> {
    match parsed {
        Ok(v) if errors.is_empty() => Ok(v),
        Ok(_) => Err(DomainError::Validation(errors).into()),
        Err(e) => {
            for (field, problems) in e.fields().as_map() {
                problems.iter().for_each(|p| errors.add(field, p.as_str()));
            }
            Err(DomainError::Validation(errors).into())
        }
    }
}
