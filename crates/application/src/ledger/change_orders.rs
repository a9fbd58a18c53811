//! Change orders: written on a task of a project the caller may change (approving one needs an
//! award, checked again under the lock of the write), and the project's register of them.

use buildledger_domain::ids::{ChangeOrderId, ProjectId, TaskId, TypedId, UserId};
use std::collections::HashSet;

use buildledger_domain::ledger::{
    ChangeOrder, ChangeOrderDetails, ChangeOrderInput, ChangeOrderRegister, ChangeOrderStatus, RegisterBasis,
};
use buildledger_domain::member::Need;
use buildledger_domain::task::Task;
use buildledger_domain::{DomainError, FieldErrors};

use super::{merge, not_found, required, task_required, LedgerService, MSG_OTHER_TASK};
use crate::access::Target;
use crate::error::UseCaseError;
use crate::ports::OnTask;

pub const MSG_DOCUMENT_OF_ANOTHER_TASK: &str = "Choose a document of this change order's task.";

/// A change order's fields from the wire: the details, and on an update the task the body names
/// (it must be the change order's own). A create's task is the use case's argument.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChangeOrderChange {
    pub task: Option<i64>,
    pub input: ChangeOrderInput,
}

impl LedgerService {
    pub fn change_orders_for_task(&self, user_id: UserId, task_id: TaskId) -> Result<Vec<ChangeOrder>, UseCaseError> {
        let grant = self.authorize(user_id, Target::Task(task_id), Need::Read)?;
        self.own_task(grant.owner_id, task_id)?;
        Ok(self.ports.change_orders.list_for_task(task_id.get())?)
    }

    /// Every change order of a project with its task's title, in date order (then id).
    pub fn change_orders_for_project(
        &self,
        user_id: UserId,
        project_id: ProjectId,
    ) -> Result<Vec<(ChangeOrder, String)>, UseCaseError> {
        let grant = self.authorize(user_id, Target::Project(project_id), Need::Read)?;
        self.change_orders_for_owner(grant.owner_id, project_id)
    }

    /// [`Self::change_orders_for_project`] of one of `owner_id`'s projects, without the caller's
    /// check: for the use cases that act for the owner themself (the data export).
    pub(crate) fn change_orders_for_owner(
        &self,
        owner_id: UserId,
        project_id: ProjectId,
    ) -> Result<Vec<(ChangeOrder, String)>, UseCaseError> {
        let project = self.own_project(owner_id, project_id)?;
        let mut orders = self.ports.change_orders.list_for_project(project.id)?;
        orders.sort_by_key(|(c, _)| (c.details.date, c.id));
        Ok(orders)
    }

    pub fn change_order(&self, user_id: UserId, id: ChangeOrderId) -> Result<ChangeOrder, UseCaseError> {
        let grant = self.authorize(user_id, Target::ChangeOrder(id), Need::Read)?;
        self.own_change_order(grant.owner_id, id)
    }

    fn own_change_order(&self, owner_id: UserId, id: ChangeOrderId) -> Result<ChangeOrder, UseCaseError> {
        self.ports.change_orders.find_for_owner(owner_id, id)?.ok_or(UseCaseError::not_found("change order"))
    }

    /// Approving needs an award on the task: the task read says so at once; the repository
    /// checks again under the board's lock (an award withdrawn meanwhile).
    fn check_award(task: &Task, details: &ChangeOrderDetails) -> Result<(), UseCaseError> {
        Ok(details.check_award(task.bids.committed.is_some())?)
    }

    /// A change order on the task `task_id` (the one the body names, if any). `change` is the
    /// body as read, problems included: a task the caller may not write to is not found (or
    /// forbidden) whatever the body says, so it is checked first; no task is a 400 with the
    /// body's problems.
    pub fn create_change_order(
        &self,
        user_id: UserId,
        task_id: Option<i64>,
        change: Result<ChangeOrderChange, DomainError>,
    ) -> Result<ChangeOrder, UseCaseError> {
        let grant = self.authorize_named(user_id, task_id.map(|t| Target::Task(TaskId::new(t))), Need::Write)?;
        let change = change?;
        let mut errors = FieldErrors::new();
        required(&mut errors, "task", task_id);
        let details = merge(errors, ChangeOrderDetails::parse(change.input, None, self.today()))?;
        let (Some(grant), Some(task_id)) = (grant, task_id) else { return Err(task_required()) };
        let owner_id = grant.owner_id;
        let (task, _) = self.own_task(owner_id, TaskId::new(task_id))?;
        self.check_contractor(owner_id, details.contractor_id)?;
        self.check_document(task.id, details.document_id, "document", MSG_DOCUMENT_OF_ANOTHER_TASK)?;
        Self::check_award(&task, &details)?;
        let new = OnTask { task_id: task.id, project_id: task.project_id, details };
        self.ports.change_orders.create(&new).map_err(|e| not_found(e, "task"))
    }

    /// The change order's fields from `change` over the stored ones. `change` is the body as
    /// read, problems included: a change order the caller may not change is not found (or
    /// forbidden) whatever the body says, so it is checked first.
    pub fn update_change_order(
        &self,
        user_id: UserId,
        id: ChangeOrderId,
        change: Result<ChangeOrderChange, DomainError>,
    ) -> Result<ChangeOrder, UseCaseError> {
        let owner_id = self.authorize(user_id, Target::ChangeOrder(id), Need::Write)?.owner_id;
        let current = self.own_change_order(owner_id, id)?;
        let change = change?;
        if change.task.is_some_and(|t| t != current.task_id) {
            return Err(FieldErrors::single("task", MSG_OTHER_TASK).into());
        }
        let (input, today) = (change.input, self.today());
        let rule = move |c: &ChangeOrder| ChangeOrderDetails::parse(input.clone(), Some(&c.details), today);
        let details = rule(&current)?;
        if details.contractor_id != current.details.contractor_id {
            self.check_contractor(owner_id, details.contractor_id)?;
        }
        self.check_document(current.task_id, details.document_id, "document", MSG_DOCUMENT_OF_ANOTHER_TASK)?;
        if details.status == ChangeOrderStatus::Approved && current.details.status != ChangeOrderStatus::Approved {
            let (task, _) = self.own_task(owner_id, TaskId::new(current.task_id))?;
            Self::check_award(&task, &details)?;
        }
        self.ports.change_orders.update(id.get(), Box::new(rule)).map_err(|e| not_found(e, "change order"))
    }

    pub fn delete_change_order(&self, user_id: UserId, id: ChangeOrderId) -> Result<(), UseCaseError> {
        let grant = self.authorize(user_id, Target::ChangeOrder(id), Need::Write)?;
        self.own_change_order(grant.owner_id, id)?;
        self.ports.change_orders.delete(id.get()).map_err(|e| not_found(e, "change order"))
    }

    /// The project's change orders in date order with running totals, beside its committed
    /// total, each with the contingency left after it: two queries (its tasks' committed costs,
    /// its change orders with their titles). `predicted_total_cents` is the project summary's
    /// (`TaskService::summary`), the one predicted total every screen shows.
    pub fn register(
        &self,
        user_id: UserId,
        project_id: ProjectId,
        predicted_total_cents: i64,
    ) -> Result<ChangeOrderRegister, UseCaseError> {
        let grant = self.authorize(user_id, Target::Project(project_id), Need::Read)?;
        let project = self.own_project(grant.owner_id, project_id)?;
        let tasks = self.ports.tasks.list_for_project(project.id)?;
        let committed: i64 =
            tasks.iter().filter_map(|t| t.bids.committed).fold(0i64, |sum, c| sum.saturating_add(c.cents()));
        // Tasks counted at their committed cost: their approved change orders are in the total.
        let moving: HashSet<i64> =
            tasks.iter().filter(|t| t.actual_cost.is_none() && t.bids.committed.is_some()).map(|t| t.id).collect();
        let orders = self.ports.change_orders.list_for_project(project.id)?;
        let basis = RegisterBasis {
            budget: project.details.budget,
            contingency_percent: project.details.contingency_percent,
            predicted_total_cents,
            committed_total_cents: committed,
        };
        Ok(ChangeOrderRegister::build(orders, basis, |task| moving.contains(&task)))
    }
}

#[cfg(test)]
mod tests {
    use buildledger_domain::ids::{ChangeOrderId, ProjectId, TypedId, UserId};
    use buildledger_domain::ledger::{SignedMoney, MSG_APPROVE_NEEDS_AWARD};
    use mockall::predicate::{always, eq};

    use super::super::fixtures::{day, owned_by_3, project, task, Mocks, OWNER, PARTNER, STRANGER, VIEWER};
    use super::*;
    use crate::error::RepoError;

    fn change_order_change(status: &str) -> ChangeOrderChange {
        ChangeOrderChange {
            task: Some(10),
            input: ChangeOrderInput {
                description: Some("Extra beam".into()),
                amount: SignedMoney::from_cents(250_000),
                status: ChangeOrderStatus::parse(status),
                ..Default::default()
            },
        }
    }

    #[test]
    fn approving_a_change_order_needs_an_award() {
        let mut m = Mocks::new();
        m.owns_task(false);
        m.change_orders.expect_create().never();
        let err =
            m.service().create_change_order(UserId::new(3), Some(10), Ok(change_order_change("approved"))).unwrap_err();
        assert!(
            matches!(err, UseCaseError::Conflict { ref message, .. } if message == MSG_APPROVE_NEEDS_AWARD),
            "{err:?}"
        );
    }

    #[test]
    fn an_award_withdrawn_meanwhile_is_caught_under_the_lock() {
        let mut m = Mocks::new();
        m.owns_task(true);
        // The task read says awarded; the write finds no award under the lock.
        m.change_orders
            .expect_create()
            .times(1)
            .returning(|new| Err(RepoError::Refused(new.details.check_award(false).unwrap_err())));
        let err =
            m.service().create_change_order(UserId::new(3), Some(10), Ok(change_order_change("approved"))).unwrap_err();
        assert!(
            matches!(err, UseCaseError::Conflict { ref field, ref message } if field == "status" && message == MSG_APPROVE_NEEDS_AWARD),
            "{err:?}"
        );
    }

    #[test]
    fn a_change_order_edit_applies_to_the_change_order_as_the_write_finds_it() {
        let mut m = Mocks::new();
        let stored = |status: ChangeOrderStatus| ChangeOrder {
            id: 4,
            task_id: 10,
            project_id: 1,
            details: ChangeOrderDetails {
                description: "Beam".into(),
                amount: SignedMoney::from_cents(500_000).unwrap(),
                status,
                date: day("2026-11-01"),
                contractor_id: None,
                document_id: None,
            },
            contractor_name: None,
        };
        m.change_orders.expect_find_for_owner().returning(move |_, _| Ok(Some(stored(ChangeOrderStatus::Proposed))));
        // Approved meanwhile: an edit of the description keeps the approval.
        m.change_orders.expect_update().with(eq(4), always()).times(1).returning(move |_, rule| {
            let details = rule(&stored(ChangeOrderStatus::Approved)).unwrap();
            assert_eq!((details.description.as_str(), details.status), ("Wider beam", ChangeOrderStatus::Approved));
            Ok(ChangeOrder { details, ..stored(ChangeOrderStatus::Approved) })
        });
        let change = ChangeOrderChange {
            task: None,
            input: ChangeOrderInput { description: Some("Wider beam".into()), ..Default::default() },
        };
        assert_eq!(
            m.service().update_change_order(UserId::new(3), ChangeOrderId::new(4), Ok(change)).unwrap().details.status,
            ChangeOrderStatus::Approved
        );
    }

    #[test]
    fn the_register_compares_approved_change_orders_with_the_committed_total() {
        let mut m = Mocks::new();
        m.projects
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
            .returning(|_, _| Ok(Some(project())));
        m.tasks.expect_list_for_project().with(eq(1)).returning(|_| Ok(vec![task(true), task(false)]));
        m.change_orders.expect_list_for_project().with(eq(1)).returning(|_| {
            let details = ChangeOrderDetails {
                description: "Beam".into(),
                amount: SignedMoney::from_cents(500_000).unwrap(),
                status: ChangeOrderStatus::Approved,
                date: day("2026-11-01"),
                contractor_id: None,
                document_id: None,
            };
            Ok(vec![(
                ChangeOrder { id: 1, task_id: 10, project_id: 1, details, contractor_name: None },
                "Framing".into(),
            )])
        });
        // Budget 100,000.00, reserve 10,000.00; the summary predicts 95,000.00 with the change order.
        let r = m.service().register(UserId::new(3), ProjectId::new(1), 9_500_000).unwrap();
        assert_eq!((r.committed_total_cents, r.approved_total_cents, r.warning), (4_180_000, 500_000, true));
        assert_eq!(r.lines[0].contingency_left_after_cents, 500_000);
    }

    #[test]
    fn a_viewer_approves_nothing_and_a_stranger_finds_nothing() {
        let mut m = Mocks::new();
        m.access = owned_by_3();
        m.change_orders.expect_find_for_owner().never();
        m.change_orders.expect_create().never();
        m.change_orders.expect_update().never();
        m.change_orders.expect_delete().never();
        let svc = m.service();
        let approve = ChangeOrderChange {
            task: None,
            input: ChangeOrderInput { status: ChangeOrderStatus::parse("approved"), ..Default::default() },
        };
        let viewer = UserId::new(VIEWER);
        assert!(matches!(
            svc.update_change_order(viewer, ChangeOrderId::new(4), Ok(approve.clone())),
            Err(UseCaseError::Forbidden)
        ));
        assert!(matches!(
            svc.create_change_order(viewer, Some(10), Ok(change_order_change("proposed"))),
            Err(UseCaseError::Forbidden)
        ));
        assert!(matches!(svc.delete_change_order(viewer, ChangeOrderId::new(4)), Err(UseCaseError::Forbidden)));
        let stranger = UserId::new(STRANGER);
        assert!(matches!(
            svc.update_change_order(stranger, ChangeOrderId::new(4), Ok(approve)),
            Err(UseCaseError::NotFound { entity: "change order" })
        ));
        assert!(matches!(
            svc.register(stranger, ProjectId::new(1), 0),
            Err(UseCaseError::NotFound { entity: "project" })
        ));
    }

    #[test]
    fn a_partners_change_order_is_on_the_owners_task_with_the_owners_contractor() {
        let mut m = Mocks::new();
        m.access = owned_by_3();
        m.owns_task(true);
        m.contractors.expect_find_for_owner().with(eq(UserId::new(OWNER)), always()).times(1).returning(|o, id| {
            Ok(Some(buildledger_domain::bid::Contractor {
                id: id.get(),
                owner_id: o.get(),
                details: Default::default(),
            }))
        });
        m.change_orders.expect_create().withf(|c| c.task_id == 10).times(1).returning(|c| {
            Ok(ChangeOrder {
                id: 1,
                task_id: c.task_id,
                project_id: c.project_id,
                details: c.details.clone(),
                contractor_name: None,
            })
        });
        let mut change = change_order_change("approved");
        change.input.contractor = Some(Some(8));
        let c = m.service().create_change_order(UserId::new(PARTNER), Some(10), Ok(change)).unwrap();
        assert_eq!((c.details.status, c.details.contractor_id), (ChangeOrderStatus::Approved, Some(8)));
    }
}
