//! Payments against a task: listed per task and per project, written on the caller's task with
//! a receipt of that task and a contractor of the caller's.

use buildledger_domain::ids::{PaymentId, ProjectId, TaskId, TypedId, UserId};
use buildledger_domain::ledger::{Payee, Payment, PaymentDetails, PaymentInput};
use buildledger_domain::{DomainError, FieldErrors};

use super::{merge, not_found, required, LedgerService, MSG_OTHER_TASK};
use crate::error::UseCaseError;
use crate::ports::OnTask;

pub const MSG_RECEIPT_OF_ANOTHER_TASK: &str = "Choose a document of this payment's task.";

/// A payment's fields from the wire: its task besides the details.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PaymentChange {
    pub task: Option<i64>,
    pub input: PaymentInput,
}

impl LedgerService {
    pub fn payments_for_task(&self, owner_id: UserId, task_id: TaskId) -> Result<Vec<Payment>, UseCaseError> {
        self.own_task(owner_id, task_id)?;
        Ok(self.ports.payments.list_for_task(task_id.get())?)
    }

    pub fn payments_for_project(
        &self,
        owner_id: UserId,
        project_id: ProjectId,
    ) -> Result<Vec<(Payment, String)>, UseCaseError> {
        let project = self.own_project(owner_id, project_id)?;
        Ok(self.ports.payments.list_for_project(project.id)?)
    }

    pub fn payment(&self, owner_id: UserId, id: PaymentId) -> Result<Payment, UseCaseError> {
        self.ports.payments.find_for_owner(owner_id, id)?.ok_or(UseCaseError::not_found("payment"))
    }

    pub fn create_payment(&self, owner_id: UserId, change: PaymentChange) -> Result<Payment, UseCaseError> {
        let mut errors = FieldErrors::new();
        let task_id = required(&mut errors, "task", change.task);
        let details = PaymentDetails::parse(change.input, None, self.today());
        let details = merge(errors, details)?;
        let (task, _) = self.own_task(owner_id, TaskId::new(task_id))?;
        self.check_contractor(owner_id, details.contractor_id)?;
        self.check_document(task.id, details.receipt_id, "receipt", MSG_RECEIPT_OF_ANOTHER_TASK)?;
        let new = OnTask { task_id: task.id, project_id: task.project_id, details };
        self.ports.payments.create(&new).map_err(|e| not_found(e, "task"))
    }

    /// The payment's fields from `change` over the stored ones, as found under the lock.
    /// `change` is the body as read, problems included: another user's payment is not found
    /// whatever the body says, so it is checked first.
    pub fn update_payment(
        &self,
        owner_id: UserId,
        id: PaymentId,
        change: Result<PaymentChange, DomainError>,
    ) -> Result<Payment, UseCaseError> {
        let current = self.payment(owner_id, id)?;
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

    pub fn delete_payment(&self, owner_id: UserId, id: PaymentId) -> Result<(), UseCaseError> {
        self.payment(owner_id, id)?;
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
    use buildledger_domain::ledger::PaymentWaiverStatus;
    use buildledger_domain::Money;
    use mockall::predicate::eq;

    use super::super::fixtures::{day, document, Mocks};
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
        let p = m.service().create_payment(UserId::new(3), payment_change(Some(5))).unwrap();
        assert_eq!((p.details.amount.cents(), p.details.paid_on), (2_000_000, day("2026-11-20")));
    }

    #[test]
    fn a_receipt_of_another_task_is_refused_and_nothing_is_written() {
        let mut m = Mocks::new();
        m.owns_task(true);
        m.documents.expect_find().returning(|_| Ok(Some(document(6, 99))));
        m.payments.expect_create().never();
        let err = m.service().create_payment(UserId::new(3), payment_change(Some(6))).unwrap_err();
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
        assert!(matches!(svc.create_payment(UserId::new(3), other), Err(UseCaseError::NotFound { entity: "task" })));
        let mut named = payment_change(None);
        named.input.payee = payee_from(None, Some(Some(77)));
        assert!(matches!(
            svc.create_payment(UserId::new(3), named),
            Err(UseCaseError::NotFound { entity: "contractor" })
        ));
    }

    #[test]
    fn a_missing_task_and_amount_are_reported_together() {
        let err = Mocks::new().service().create_payment(UserId::new(3), PaymentChange::default()).unwrap_err();
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
}
