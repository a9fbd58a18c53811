//! Payments against a task: listed per task and per project, written on a task of a project the
//! caller may change, with a receipt of that task and a contractor of the project owner's.

use buildledger_domain::ids::{PaymentId, ProjectId, TaskId, TypedId, UserId};
use buildledger_domain::ledger::{Payee, Payment, PaymentDetails, PaymentInput};
use buildledger_domain::member::Need;
use buildledger_domain::{DomainError, FieldErrors};

use super::{merge, not_found, required, task_required, LedgerService, MSG_OTHER_TASK};
use crate::access::Target;
use crate::error::UseCaseError;
use crate::ports::OnTask;

pub const MSG_RECEIPT_OF_ANOTHER_TASK: &str = "Choose a document of this payment's task.";

/// A payment's fields from the wire: the details, and on an update the task the body names (it
/// must be the payment's own). A create's task is the use case's argument.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PaymentChange {
    pub task: Option<i64>,
    pub input: PaymentInput,
}

impl LedgerService {
    pub fn payments_for_task(&self, user_id: UserId, task_id: TaskId) -> Result<Vec<Payment>, UseCaseError> {
        let grant = self.authorize(user_id, Target::Task(task_id), Need::Read)?;
        self.own_task(grant.owner_id, task_id)?;
        Ok(self.ports.payments.list_for_task(task_id.get())?)
    }

    pub fn payments_for_project(
        &self,
        user_id: UserId,
        project_id: ProjectId,
    ) -> Result<Vec<(Payment, String)>, UseCaseError> {
        let grant = self.authorize(user_id, Target::Project(project_id), Need::Read)?;
        self.payments_for_owner(grant.owner_id, project_id)
    }

    /// Every payment of one of `owner_id`'s projects, without the caller's check: for the use
    /// cases that act for the owner themself (a share link, the data export).
    pub(crate) fn payments_for_owner(
        &self,
        owner_id: UserId,
        project_id: ProjectId,
    ) -> Result<Vec<(Payment, String)>, UseCaseError> {
        let project = self.own_project(owner_id, project_id)?;
        Ok(self.ports.payments.list_for_project(project.id)?)
    }

    pub fn payment(&self, user_id: UserId, id: PaymentId) -> Result<Payment, UseCaseError> {
        let grant = self.authorize(user_id, Target::Payment(id), Need::Read)?;
        self.own_payment(grant.owner_id, id)
    }

    /// The payment, when its project is `owner_id`'s.
    pub(super) fn own_payment(&self, owner_id: UserId, id: PaymentId) -> Result<Payment, UseCaseError> {
        self.ports.payments.find_for_owner(owner_id, id)?.ok_or(UseCaseError::not_found("payment"))
    }

    /// A payment on the task `task_id` (the one the body names, if any). `change` is the body as
    /// read, problems included: a task the caller may not write to is not found (or forbidden)
    /// whatever the body says, so it is checked first; no task is a 400 with the body's problems.
    pub fn create_payment(
        &self,
        user_id: UserId,
        task_id: Option<i64>,
        change: Result<PaymentChange, DomainError>,
    ) -> Result<Payment, UseCaseError> {
        let grant = self.authorize_named(user_id, task_id.map(|t| Target::Task(TaskId::new(t))), Need::Write)?;
        let change = change?;
        let mut errors = FieldErrors::new();
        required(&mut errors, "task", task_id);
        let details = merge(errors, PaymentDetails::parse(change.input, None, self.today()))?;
        let (Some(grant), Some(task_id)) = (grant, task_id) else { return Err(task_required()) };
        let owner_id = grant.owner_id;
        let (task, _) = self.own_task(owner_id, TaskId::new(task_id))?;
        self.check_contractor(owner_id, details.contractor_id)?;
        self.check_document(task.id, details.receipt_id, "receipt", MSG_RECEIPT_OF_ANOTHER_TASK)?;
        let new = OnTask { task_id: task.id, project_id: task.project_id, details };
        self.ports.payments.create(&new).map_err(|e| not_found(e, "task"))
    }

    /// The payment's fields from `change` over the stored ones, as found under the lock.
    /// `change` is the body as read, problems included: a payment the caller may not change is
    /// not found (or forbidden) whatever the body says, so it is checked first.
    pub fn update_payment(
        &self,
        user_id: UserId,
        id: PaymentId,
        change: Result<PaymentChange, DomainError>,
    ) -> Result<Payment, UseCaseError> {
        let owner_id = self.authorize(user_id, Target::Payment(id), Need::Write)?.owner_id;
        let current = self.own_payment(owner_id, id)?;
        let change = change?;
        if change.task.is_some_and(|t| t != current.task_id) {
            return Err(FieldErrors::single("task", MSG_OTHER_TASK).into());
        }
        let (input, today) = (change.input, self.today());
        let rule = move |p: &Payment| PaymentDetails::parse(input.clone(), Some(&p.details), today);
        let details = rule(&current)?;
        if details.contractor_id != current.details.contractor_id {
            self.check_contractor(owner_id, details.contractor_id)?;
        }
        self.check_document(current.task_id, details.receipt_id, "receipt", MSG_RECEIPT_OF_ANOTHER_TASK)?;
        self.ports.payments.update(id.get(), Box::new(rule)).map_err(|e| not_found(e, "payment"))
    }

    pub fn delete_payment(&self, user_id: UserId, id: PaymentId) -> Result<(), UseCaseError> {
        let grant = self.authorize(user_id, Target::Payment(id), Need::Write)?;
        self.own_payment(grant.owner_id, id)?;
        self.ports.payments.delete(id.get()).map_err(|e| not_found(e, "payment"))
    }
}

/// Who was paid, from the wire's `payee` (text or a contractor id) and `contractor` fields:
/// a named contractor wins.
pub fn payee_from(payee: Option<Option<Payee>>, contractor: Option<Option<i64>>) -> Option<Option<Payee>> {
    match contractor {
        Some(Some(id)) => Some(Some(Payee::Contractor(id))),
        Some(None) if payee.is_none() => Some(None),
        _ => payee,
    }
}

#[cfg(test)]
mod tests {
    use buildledger_domain::bid::{Contractor, ContractorDetails};
    use buildledger_domain::ids::ContractorId;
    use buildledger_domain::ledger::PaymentWaiverStatus;
    use buildledger_domain::Money;
    use mockall::predicate::eq;

    use super::super::fixtures::{day, document, owned_by_3, Mocks, OWNER, PARTNER, STRANGER, VIEWER};
    use super::*;

    fn payment_change(receipt: Option<i64>) -> PaymentChange {
        PaymentChange {
            task: Some(10),
            input: PaymentInput {
                amount: Money::from_cents(2_000_000),
                paid_on: Some(Some(day("2026-11-20"))),
                receipt: Some(receipt),
                ..Default::default()
            },
        }
    }

    #[test]
    fn a_payment_is_written_on_the_callers_task_with_a_receipt_of_that_task() {
        let mut m = Mocks::new();
        m.owns_task(true);
        m.documents.expect_find().with(eq(5)).returning(|_| Ok(Some(document(5, 10))));
        m.payments
            .expect_create()
            .withf(|p| p.task_id == 10 && p.project_id == 1 && p.details.receipt_id == Some(5))
            .times(1)
            .returning(|p| {
                Ok(Payment {
                    id: 1,
                    task_id: p.task_id,
                    project_id: 1,
                    details: p.details.clone(),
                    contractor_name: None,
                    waiver_status: PaymentWaiverStatus::NotNeeded,
                })
            });
        let p = m.service().create_payment(UserId::new(3), Some(10), Ok(payment_change(Some(5)))).unwrap();
        assert_eq!((p.details.amount.cents(), p.details.paid_on), (2_000_000, day("2026-11-20")));
    }

    #[test]
    fn a_receipt_of_another_task_is_refused_and_nothing_is_written() {
        let mut m = Mocks::new();
        m.owns_task(true);
        m.documents.expect_find().returning(|_| Ok(Some(document(6, 99))));
        m.payments.expect_create().never();
        let err = m.service().create_payment(UserId::new(3), Some(10), Ok(payment_change(Some(6)))).unwrap_err();
        let UseCaseError::Invalid(e) = err else { panic!("{err:?}") };
        assert_eq!(e.fields().as_map()["receipt"], [MSG_RECEIPT_OF_ANOTHER_TASK]);
    }

    #[test]
    fn another_users_task_or_contractor_is_not_found() {
        let mut m = Mocks::new();
        m.owns_task(true);
        m.contractors.expect_find_for_owner().returning(|_, _| Ok(None));
        m.payments.expect_create().never();
        let svc = m.service();
        let other = PaymentChange { task: Some(11), ..payment_change(None) };
        assert!(matches!(
            svc.create_payment(UserId::new(3), other.task, Ok(other)),
            Err(UseCaseError::NotFound { entity: "task" })
        ));
        let mut named = payment_change(None);
        named.input.payee = payee_from(None, Some(Some(77)));
        assert!(matches!(
            svc.create_payment(UserId::new(3), named.task, Ok(named)),
            Err(UseCaseError::NotFound { entity: "contractor" })
        ));
    }

    #[test]
    fn a_missing_task_and_amount_are_reported_together() {
        let err =
            Mocks::new().service().create_payment(UserId::new(3), None, Ok(PaymentChange::default())).unwrap_err();
        let UseCaseError::Invalid(e) = err else { panic!("{err:?}") };
        assert_eq!(e.fields().as_map()["task"], ["This field is required."]);
        assert_eq!(e.fields().as_map()["amount"], ["This field is required."]);
    }

    #[test]
    fn the_contractor_wins_over_payee_text() {
        let text = Some(Some(Payee::Text("Bob".into())));
        assert_eq!(payee_from(text.clone(), Some(Some(4))), Some(Some(Payee::Contractor(4))));
        assert_eq!(payee_from(text.clone(), None), text);
        assert_eq!(payee_from(None, Some(None)), Some(None));
        let _ = Contractor { id: 1, owner_id: 3, details: ContractorDetails::default() };
    }

    fn stored(p: &OnTask<PaymentDetails>) -> Payment {
        Payment {
            id: 1,
            task_id: p.task_id,
            project_id: p.project_id,
            details: p.details.clone(),
            contractor_name: None,
            waiver_status: PaymentWaiverStatus::NotNeeded,
        }
    }

    #[test]
    fn a_viewer_reads_the_payments_and_records_none() {
        let mut m = Mocks::new();
        m.access = owned_by_3();
        m.owns_task(true);
        m.payments.expect_list_for_task().with(eq(10)).returning(|_| Ok(vec![]));
        m.payments.expect_find_for_owner().never();
        m.payments.expect_create().never();
        m.payments.expect_update().never();
        m.payments.expect_delete().never();
        let svc = m.service();
        let viewer = UserId::new(VIEWER);
        assert!(svc.payments_for_task(viewer, TaskId::new(10)).unwrap().is_empty());
        // Forbidden before the body is read.
        let bad = Err(FieldErrors::single("amount", "bad"));
        assert!(matches!(svc.create_payment(viewer, Some(10), bad), Err(UseCaseError::Forbidden)));
        assert!(matches!(
            svc.update_payment(viewer, PaymentId::new(1), Ok(PaymentChange::default())),
            Err(UseCaseError::Forbidden)
        ));
        assert!(matches!(svc.delete_payment(viewer, PaymentId::new(1)), Err(UseCaseError::Forbidden)));
    }

    #[test]
    fn a_partners_payment_is_recorded_on_the_owners_task_to_the_owners_contractor() {
        let mut m = Mocks::new();
        m.access = owned_by_3();
        m.owns_task(true);
        m.contractors
            .expect_find_for_owner()
            .with(eq(UserId::new(OWNER)), eq(ContractorId::new(8)))
            .times(1)
            .returning(|o, id| {
                Ok(Some(Contractor { id: id.get(), owner_id: o.get(), details: ContractorDetails::default() }))
            });
        m.payments
            .expect_create()
            .withf(|p| p.task_id == 10 && p.details.contractor_id == Some(8))
            .times(1)
            .returning(|p| Ok(stored(p)));
        let mut change = payment_change(None);
        change.input.payee = payee_from(None, Some(Some(8)));
        let p = m.service().create_payment(UserId::new(PARTNER), Some(10), Ok(change)).unwrap();
        assert_eq!(p.details.contractor_id, Some(8));
    }

    #[test]
    fn a_stranger_finds_no_task_payment_or_project() {
        let mut m = Mocks::new();
        m.access = owned_by_3();
        m.tasks.expect_find_for_owner().never();
        m.projects.expect_find_for_owner().never();
        m.payments.expect_find_for_owner().never();
        m.payments.expect_create().never();
        m.payments.expect_delete().never();
        let svc = m.service();
        let stranger = UserId::new(STRANGER);
        let bad = Err(FieldErrors::single("amount", "bad"));
        assert!(matches!(svc.create_payment(stranger, Some(10), bad), Err(UseCaseError::NotFound { entity: "task" })));
        assert!(matches!(
            svc.delete_payment(stranger, PaymentId::new(1)),
            Err(UseCaseError::NotFound { entity: "payment" })
        ));
        assert!(matches!(
            svc.payments_for_project(stranger, ProjectId::new(1)),
            Err(UseCaseError::NotFound { entity: "project" })
        ));
    }
}
