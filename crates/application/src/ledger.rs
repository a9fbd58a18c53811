//! The money ledger of a project (issue 19, docs/money.md): payments against tasks, change
//! orders and their register, lender draws.
//!
//! Each write whose rule depends on stored state hands that rule to its repository, which checks
//! it on what it finds under the project's lock, inside the transaction that writes (a rule
//! checked on an earlier read would let another request slip in between: security issue 28).
//! The use case may apply the same rule at once to what it has read, to refuse without taking
//! the lock; only the check under the lock lets a write through.

use std::sync::Arc;

use buildledger_domain::ledger::{
    next_draw, ChangeOrder, ChangeOrderDetails, ChangeOrderInput, ChangeOrderRegister, ChangeOrderStatus, Draw,
    DrawInput, DrawStatus, DrawUpdate, DrawableTask, NewDraw, Payee, Payment, PaymentDetails, PaymentInput,
    RegisterBasis,
};
use buildledger_domain::project::Project;
use buildledger_domain::task::Task;
use buildledger_domain::FieldErrors;
use chrono::NaiveDate;

use crate::error::UseCaseError;
use crate::ports::{
    ChangeOrderRepository, Clock, ContractorRepository, DocumentRepository, DrawRepository, OnTask, ProjectRepository,
    TaskPaymentRepository, TaskRepository,
};

pub use buildledger_domain::ledger::{
    MSG_APPROVE_NEEDS_AWARD, MSG_DRAW_TASKS_FIXED, MSG_DRAW_TASK_OF_ANOTHER_PROJECT, MSG_FUNDED_DRAW, MSG_NO_DRAW_TASKS,
};

pub const MSG_RECEIPT_OF_ANOTHER_TASK: &str = "Choose a document of this payment's task.";
pub const MSG_DOCUMENT_OF_ANOTHER_TASK: &str = "Choose a document of this change order's task.";
pub const MSG_OTHER_TASK: &str = "A payment or change order cannot be moved to another task.";
pub const MSG_OTHER_PROJECT: &str = "A draw cannot be moved to another project.";

#[derive(Clone)]
pub struct LedgerPorts {
    pub tasks: Arc<dyn TaskRepository>,
    pub projects: Arc<dyn ProjectRepository>,
    pub documents: Arc<dyn DocumentRepository>,
    pub contractors: Arc<dyn ContractorRepository>,
    pub payments: Arc<dyn TaskPaymentRepository>,
    pub change_orders: Arc<dyn ChangeOrderRepository>,
    pub draws: Arc<dyn DrawRepository>,
    pub clock: Arc<dyn Clock>,
}

/// A payment's fields from the wire: its task besides the details.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PaymentChange {
    pub task: Option<i64>,
    pub input: PaymentInput,
}

/// A change order's fields from the wire.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChangeOrderChange {
    pub task: Option<i64>,
    pub input: ChangeOrderInput,
}

/// A draw's fields from the wire: its project and tasks besides its own fields.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DrawChange {
    pub project: Option<i64>,
    pub tasks: Option<Vec<i64>>,
    pub input: DrawInput,
}

/// What a new draw would cover.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NextDraw {
    pub tasks: Vec<DrawableTask>,
    pub total_cents: i64,
}

#[derive(Clone)]
pub struct LedgerService {
    ports: LedgerPorts,
}

/// A repository's `NotFound` as the entity's own; a rule's refusal as what it says.
fn not_found(e: crate::error::RepoError, entity: &'static str) -> UseCaseError {
    crate::projects::not_found_as(e, entity)
}

fn required(errors: &mut FieldErrors, field: &str, value: Option<i64>) -> i64 {
    if value.is_none() {
        errors.add(field, "This field is required.");
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

    fn own_task(&self, owner_id: i64, task_id: i64) -> Result<(Task, Project), UseCaseError> {
        self.ports.tasks.find_for_owner(task_id, owner_id)?.ok_or(UseCaseError::not_found("task"))
    }

    fn own_project(&self, owner_id: i64, project_id: i64) -> Result<Project, UseCaseError> {
        self.ports.projects.find_for_owner(project_id, owner_id)?.ok_or(UseCaseError::not_found("project"))
    }

    /// A contractor named on a payment or change order must be the caller's (404 otherwise,
    /// like a missing one).
    fn check_contractor(&self, owner_id: i64, contractor: Option<i64>) -> Result<(), UseCaseError> {
        match contractor {
            Some(id) => {
                self.ports.contractors.find_for_owner(id, owner_id)?.ok_or(UseCaseError::not_found("contractor"))?;
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

    // ------------------------------------------------------------ payments

    pub fn payments_for_task(&self, owner_id: i64, task_id: i64) -> Result<Vec<Payment>, UseCaseError> {
        self.own_task(owner_id, task_id)?;
        Ok(self.ports.payments.list_for_task(task_id)?)
    }

    pub fn payments_for_project(&self, owner_id: i64, project_id: i64) -> Result<Vec<(Payment, String)>, UseCaseError> {
        let project = self.own_project(owner_id, project_id)?;
        Ok(self.ports.payments.list_for_project(project.id)?)
    }

    pub fn payment(&self, owner_id: i64, id: i64) -> Result<Payment, UseCaseError> {
        self.ports.payments.find_for_owner(id, owner_id)?.ok_or(UseCaseError::not_found("payment"))
    }

    pub fn create_payment(&self, owner_id: i64, change: PaymentChange) -> Result<Payment, UseCaseError> {
        let mut errors = FieldErrors::new();
        let task_id = required(&mut errors, "task", change.task);
        let details = PaymentDetails::parse(change.input, None, self.today());
        let details = merge(errors, details)?;
        let (task, _) = self.own_task(owner_id, task_id)?;
        self.check_contractor(owner_id, details.contractor_id)?;
        self.check_document(task.id, details.receipt_id, "receipt", MSG_RECEIPT_OF_ANOTHER_TASK)?;
        let new = OnTask { task_id: task.id, project_id: task.project_id, details };
        self.ports.payments.create(&new).map_err(|e| not_found(e, "task"))
    }

    /// The payment's fields from `change` over the stored ones, as found under the lock.
    pub fn update_payment(&self, owner_id: i64, id: i64, change: PaymentChange) -> Result<Payment, UseCaseError> {
        let current = self.payment(owner_id, id)?;
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
        self.ports.payments.update(id, Box::new(rule)).map_err(|e| not_found(e, "payment"))
    }

    pub fn delete_payment(&self, owner_id: i64, id: i64) -> Result<(), UseCaseError> {
        self.payment(owner_id, id)?;
        self.ports.payments.delete(id).map_err(|e| not_found(e, "payment"))
    }

    // ------------------------------------------------------------ change orders

    pub fn change_orders_for_task(&self, owner_id: i64, task_id: i64) -> Result<Vec<ChangeOrder>, UseCaseError> {
        self.own_task(owner_id, task_id)?;
        Ok(self.ports.change_orders.list_for_task(task_id)?)
    }

    /// Every change order of a project with its task's title, in date order (then id).
    pub fn change_orders_for_project(
        &self,
        owner_id: i64,
        project_id: i64,
    ) -> Result<Vec<(ChangeOrder, String)>, UseCaseError> {
        let project = self.own_project(owner_id, project_id)?;
        let mut orders = self.ports.change_orders.list_for_project(project.id)?;
        orders.sort_by_key(|(c, _)| (c.details.date, c.id));
        Ok(orders)
    }

    pub fn change_order(&self, owner_id: i64, id: i64) -> Result<ChangeOrder, UseCaseError> {
        self.ports.change_orders.find_for_owner(id, owner_id)?.ok_or(UseCaseError::not_found("change order"))
    }

    /// Approving needs an award on the task: the task read says so at once; the repository
    /// checks again under the board's lock (an award withdrawn meanwhile).
    fn check_award(task: &Task, details: &ChangeOrderDetails) -> Result<(), UseCaseError> {
        Ok(details.check_award(task.bids.committed.is_some())?)
    }

    pub fn create_change_order(&self, owner_id: i64, change: ChangeOrderChange) -> Result<ChangeOrder, UseCaseError> {
        let mut errors = FieldErrors::new();
        let task_id = required(&mut errors, "task", change.task);
        let details = merge(errors, ChangeOrderDetails::parse(change.input, None, self.today()))?;
        let (task, _) = self.own_task(owner_id, task_id)?;
        self.check_contractor(owner_id, details.contractor_id)?;
        self.check_document(task.id, details.document_id, "document", MSG_DOCUMENT_OF_ANOTHER_TASK)?;
        Self::check_award(&task, &details)?;
        let new = OnTask { task_id: task.id, project_id: task.project_id, details };
        self.ports.change_orders.create(&new).map_err(|e| not_found(e, "task"))
    }

    pub fn update_change_order(
        &self,
        owner_id: i64,
        id: i64,
        change: ChangeOrderChange,
    ) -> Result<ChangeOrder, UseCaseError> {
        let current = self.change_order(owner_id, id)?;
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
            let (task, _) = self.own_task(owner_id, current.task_id)?;
            Self::check_award(&task, &details)?;
        }
        self.ports.change_orders.update(id, Box::new(rule)).map_err(|e| not_found(e, "change order"))
    }

    pub fn delete_change_order(&self, owner_id: i64, id: i64) -> Result<(), UseCaseError> {
        self.change_order(owner_id, id)?;
        self.ports.change_orders.delete(id).map_err(|e| not_found(e, "change order"))
    }

    /// The project's change orders in date order with running totals, beside its committed
    /// total, each with the contingency left after it: two queries (its tasks' committed costs,
    /// its change orders with their titles). `predicted_total_cents` is the project summary's
    /// (`TaskService::summary`), the one predicted total every screen shows.
    pub fn register(
        &self,
        owner_id: i64,
        project_id: i64,
        predicted_total_cents: i64,
    ) -> Result<ChangeOrderRegister, UseCaseError> {
        let project = self.own_project(owner_id, project_id)?;
        let tasks = self.ports.tasks.list_for_project(project.id)?;
        let committed: i64 =
            tasks.iter().filter_map(|t| t.bids.committed).fold(0i64, |sum, c| sum.saturating_add(c.cents()));
        // Tasks counted at their committed cost: their approved change orders are in the total.
        let moving: std::collections::HashSet<i64> =
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

    // ------------------------------------------------------------ draws

    pub fn draws(&self, owner_id: i64, project_id: i64) -> Result<Vec<Draw>, UseCaseError> {
        let project = self.own_project(owner_id, project_id)?;
        Ok(self.ports.draws.list_for_project(project.id)?)
    }

    pub fn draw(&self, owner_id: i64, id: i64) -> Result<Draw, UseCaseError> {
        self.ports.draws.find_for_owner(id, owner_id)?.ok_or(UseCaseError::not_found("draw"))
    }

    /// What a new draw would cover: the work not yet drawn, task by task, in board order.
    pub fn next_draw(&self, owner_id: i64, project_id: i64) -> Result<NextDraw, UseCaseError> {
        let project = self.own_project(owner_id, project_id)?;
        let tasks = next_draw(&self.ports.draws.drawable_tasks(project.id, None)?);
        let total_cents = tasks.iter().fold(0i64, |s, t| s.saturating_add(t.amount_cents()));
        Ok(NextDraw { tasks, total_cents })
    }

    /// A draw of the project's tasks `change.tasks`, each for its work not yet drawn as found
    /// under the lock of the write that numbers it: two draws made at once never cover the
    /// same work.
    pub fn create_draw(&self, owner_id: i64, change: DrawChange) -> Result<Draw, UseCaseError> {
        let mut errors = FieldErrors::new();
        let project_id = required(&mut errors, "project", change.project);
        if change.tasks.is_none() {
            errors.add("tasks", "This field is required.");
        }
        if !errors.is_empty() {
            return Err(buildledger_domain::DomainError::Validation(errors).into());
        }
        let project = self.own_project(owner_id, project_id)?;
        let (ids, input, today) = (change.tasks.unwrap_or_default(), change.input, self.today());
        let rule = move |drawable: &[DrawableTask]| NewDraw::parse(drawable, &ids, input.clone(), today);
        rule(&self.ports.draws.drawable_tasks(project.id, None)?)?;
        self.ports.draws.create(project.id, Box::new(rule)).map_err(|e| not_found(e, "project"))
    }

    /// The draw's fields from `change` over the stored ones, and new lines for a draft, as
    /// found under the lock (a draw funded or submitted meanwhile is seen).
    pub fn update_draw(&self, owner_id: i64, id: i64, change: DrawChange) -> Result<Draw, UseCaseError> {
        let current = self.draw(owner_id, id)?;
        if change.project.is_some_and(|p| p != current.project_id) {
            return Err(FieldErrors::single("project", MSG_OTHER_PROJECT).into());
        }
        // The project's tasks only when they are needed: new lines for a draft.
        let drawable = match change.tasks {
            Some(_) if current.status == DrawStatus::Draft => {
                self.ports.draws.drawable_tasks(current.project_id, Some(id))?
            }
            _ => Vec::new(),
        };
        let (tasks, input, today) = (change.tasks, change.input, self.today());
        let rule = move |(draw, drawable): &(Draw, Vec<DrawableTask>)| -> Result<DrawUpdate, _> {
            draw.change(tasks.as_deref(), drawable, input.clone(), today)
        };
        rule(&(current, drawable))?;
        self.ports.draws.update(id, Box::new(rule)).map_err(|e| not_found(e, "draw"))
    }

    /// Deletes the draw unless it is funded, as found under the lock of the delete.
    pub fn delete_draw(&self, owner_id: i64, id: i64) -> Result<(), UseCaseError> {
        self.draw(owner_id, id)?.check_delete()?;
        self.ports.draws.delete(id).map_err(|e| not_found(e, "draw"))
    }
}

/// The field problems found before the domain parse, with the parse's own.
fn merge<T>(mut errors: FieldErrors, parsed: Result<T, buildledger_domain::DomainError>) -> Result<T, UseCaseError> {
    match parsed {
        Ok(v) if errors.is_empty() => Ok(v),
        Ok(_) => Err(buildledger_domain::DomainError::Validation(errors).into()),
        Err(e) => {
            for (field, problems) in e.fields().as_map() {
                problems.iter().for_each(|p| errors.add(field, p.as_str()));
            }
            Err(buildledger_domain::DomainError::Validation(errors).into())
        }
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
    use super::*;
    use crate::error::RepoError;
    use crate::ports::{
        MockChangeOrderRepository, MockClock, MockContractorRepository, MockDocumentRepository, MockDrawRepository,
        MockProjectRepository, MockTaskPaymentRepository, MockTaskRepository, Rule,
    };
    use buildledger_domain::bid::{BidFigures, Contractor, ContractorDetails};
    use buildledger_domain::document::Document;
    use buildledger_domain::ledger::{DrawItem, SignedMoney};
    use buildledger_domain::project::{ProjectDetails, ProjectInput};
    use buildledger_domain::task::{MaterialQuality, TaskStatus};
    use buildledger_domain::Money;
    use mockall::predicate::{always, eq};

    struct Mocks {
        tasks: MockTaskRepository,
        projects: MockProjectRepository,
        documents: MockDocumentRepository,
        contractors: MockContractorRepository,
        payments: MockTaskPaymentRepository,
        change_orders: MockChangeOrderRepository,
        draws: MockDrawRepository,
    }

    impl Mocks {
        fn new() -> Self {
            Self {
                tasks: MockTaskRepository::new(),
                projects: MockProjectRepository::new(),
                documents: MockDocumentRepository::new(),
                contractors: MockContractorRepository::new(),
                payments: MockTaskPaymentRepository::new(),
                change_orders: MockChangeOrderRepository::new(),
                draws: MockDrawRepository::new(),
            }
        }

        fn service(self) -> LedgerService {
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
                clock: Arc::new(clock),
            })
        }

        /// Task 10 of project 1, owned by user 3, awarded or not.
        fn owns_task(&mut self, awarded: bool) {
            self.tasks
                .expect_find_for_owner()
                .with(eq(10), eq(3))
                .returning(move |_, _| Ok(Some((task(awarded), project()))));
            self.tasks.expect_find_for_owner().returning(|_, _| Ok(None));
        }
    }

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn project() -> Project {
        let details = ProjectDetails::parse(ProjectInput {
            name: Some("Lake house".into()),
            zip_code: Some("78701".into()),
            project_type: Some("new_home_build".into()),
            property_type: Some("single_family".into()),
            square_footage: Some(100),
            start_date: Some("2026-01-01".into()),
            end_date: Some("2026-12-31".into()),
            budget: Money::from_cents(10_000_000),
            owner_builder: Some("yes_owner_builder".into()),
            ..Default::default()
        })
        .unwrap();
        Project { id: 1, owner_id: 3, details, version: 4, created_at: Default::default(), drawn_cents: 0 }
    }

    fn task(awarded: bool) -> Task {
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
            bids: BidFigures {
                committed: awarded.then(|| Money::from_cents(4_180_000).unwrap()),
                count: 1,
                lowest: None,
            },
            ledger: Default::default(),
        }
    }

    fn document(id: i64, task_id: i64) -> Document {
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

    fn payment_change(receipt: Option<i64>) -> PaymentChange {
        PaymentChange {
            task: Some(10),
            input: PaymentInput {
                amount: Money::from_cents(2_000_000),
                paid_on: Some("2026-11-20".into()),
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
                })
            });
        let p = m.service().create_payment(3, payment_change(Some(5))).unwrap();
        assert_eq!((p.details.amount.cents(), p.details.paid_on), (2_000_000, day("2026-11-20")));
    }

    #[test]
    fn a_receipt_of_another_task_is_refused_and_nothing_is_written() {
        let mut m = Mocks::new();
        m.owns_task(true);
        m.documents.expect_find().returning(|_| Ok(Some(document(6, 99))));
        m.payments.expect_create().never();
        let err = m.service().create_payment(3, payment_change(Some(6))).unwrap_err();
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
        assert!(matches!(svc.create_payment(3, other), Err(UseCaseError::NotFound { entity: "task" })));
        let mut named = payment_change(None);
        named.input.payee = payee_from(None, Some(Some(77)));
        assert!(matches!(svc.create_payment(3, named), Err(UseCaseError::NotFound { entity: "contractor" })));
    }

    #[test]
    fn a_missing_task_and_amount_are_reported_together() {
        let err = Mocks::new().service().create_payment(3, PaymentChange::default()).unwrap_err();
        let UseCaseError::Invalid(e) = err else { panic!("{err:?}") };
        assert_eq!(e.fields().as_map()["task"], ["This field is required."]);
        assert_eq!(e.fields().as_map()["amount"], ["This field is required."]);
    }

    fn change_order_change(status: &str) -> ChangeOrderChange {
        ChangeOrderChange {
            task: Some(10),
            input: ChangeOrderInput {
                description: Some("Extra beam".into()),
                amount: SignedMoney::from_cents(250_000),
                status: Some(status.into()),
                ..Default::default()
            },
        }
    }

    #[test]
    fn approving_a_change_order_needs_an_award() {
        let mut m = Mocks::new();
        m.owns_task(false);
        m.change_orders.expect_create().never();
        let err = m.service().create_change_order(3, change_order_change("approved")).unwrap_err();
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
        let err = m.service().create_change_order(3, change_order_change("approved")).unwrap_err();
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
        assert_eq!(m.service().update_change_order(3, 4, change).unwrap().details.status, ChangeOrderStatus::Approved);
    }

    #[test]
    fn the_register_compares_approved_change_orders_with_the_committed_total() {
        let mut m = Mocks::new();
        m.projects.expect_find_for_owner().with(eq(1), eq(3)).returning(|_, _| Ok(Some(project())));
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
        let r = m.service().register(3, 1, 9_500_000).unwrap();
        assert_eq!((r.committed_total_cents, r.approved_total_cents, r.warning), (4_180_000, 500_000, true));
        assert_eq!(r.lines[0].contingency_left_after_cents, 500_000);
    }

    fn drawable() -> Vec<DrawableTask> {
        vec![
            DrawableTask {
                task_id: 10,
                title: "Framing".into(),
                work_to_date_cents: 4_000_000,
                already_drawn_cents: 1_000_000,
            },
            DrawableTask { task_id: 11, title: "Roof".into(), work_to_date_cents: 0, already_drawn_cents: 0 },
        ]
    }

    /// What the draw repository's `create` stores: the draw its rule makes of `found`.
    fn created(project_id: i64, rule: Rule<[DrawableTask], NewDraw>, found: &[DrawableTask]) -> Draw {
        let NewDraw { items, fields: f } = rule(found).unwrap();
        let total = Money::from_cents(items.iter().map(|i| i.amount.cents()).sum()).unwrap();
        Draw {
            id: 1,
            project_id,
            number: 1,
            requested_on: f.requested_on,
            status: f.status,
            items,
            total,
            funded_amount: f.funded_amount,
            funded_on: f.funded_on,
            note: f.note,
        }
    }

    #[test]
    fn a_draw_covers_the_undrawn_work_of_its_tasks_in_board_order() {
        let mut m = Mocks::new();
        m.projects.expect_find_for_owner().returning(|_, _| Ok(Some(project())));
        m.draws.expect_drawable_tasks().with(eq(1), eq(None)).returning(|_, _| Ok(drawable()));
        m.draws
            .expect_create()
            .withf(|project, _| *project == 1)
            .times(1)
            .returning(|project_id, rule| Ok(created(project_id, rule, &drawable())));
        let change = DrawChange { project: Some(1), tasks: Some(vec![11, 10, 10]), ..Default::default() };
        let d = m.service().create_draw(3, change).unwrap();
        let lines: Vec<(Option<i64>, i64)> = d.items.iter().map(|i| (i.task_id, i.amount.cents())).collect();
        assert_eq!(lines, [(Some(10), 3_000_000), (Some(11), 0)], "board order, each once");
        assert_eq!((d.status, d.requested_on), (DrawStatus::Draft, day("2026-11-24")), "today by default");
    }

    #[test]
    fn a_draw_covers_only_what_no_draw_made_meanwhile_covers() {
        let mut m = Mocks::new();
        m.projects.expect_find_for_owner().returning(|_, _| Ok(Some(project())));
        m.draws.expect_drawable_tasks().returning(|_, _| Ok(drawable()));
        // Under the lock the write finds Framing's work drawn in full by another draw.
        m.draws.expect_create().times(1).returning(|project_id, rule| {
            let mut now = drawable();
            now[0].already_drawn_cents = now[0].work_to_date_cents;
            Ok(created(project_id, rule, &now))
        });
        let change = DrawChange { project: Some(1), tasks: Some(vec![10]), ..Default::default() };
        assert_eq!(m.service().create_draw(3, change).unwrap().total, Money::ZERO);
    }

    #[test]
    fn a_draw_refuses_a_task_of_another_project_and_an_empty_list() {
        let mut m = Mocks::new();
        m.projects.expect_find_for_owner().returning(|_, _| Ok(Some(project())));
        m.draws.expect_drawable_tasks().returning(|_, _| Ok(drawable()));
        m.draws.expect_create().never();
        let svc = m.service();
        for (tasks, message) in [(vec![10, 99], MSG_DRAW_TASK_OF_ANOTHER_PROJECT), (vec![], MSG_NO_DRAW_TASKS)] {
            let err = svc
                .create_draw(3, DrawChange { project: Some(1), tasks: Some(tasks), ..Default::default() })
                .unwrap_err();
            let UseCaseError::Invalid(e) = err else { panic!("{err:?}") };
            assert_eq!(e.fields().as_map()["tasks"], [message]);
        }
    }

    fn stored_draw(status: DrawStatus) -> Draw {
        Draw {
            id: 7,
            project_id: 1,
            number: 1,
            requested_on: day("2026-11-01"),
            status,
            items: vec![DrawItem {
                task_id: Some(10),
                title: "Framing".into(),
                amount: Money::from_cents(100).unwrap(),
            }],
            total: Money::from_cents(100).unwrap(),
            funded_amount: (status == DrawStatus::Funded).then(|| Money::from_cents(100).unwrap()),
            funded_on: None,
            note: String::new(),
        }
    }

    #[test]
    fn a_submitted_draws_tasks_are_fixed_and_a_funded_draw_stays() {
        let mut m = Mocks::new();
        m.draws
            .expect_find_for_owner()
            .with(eq(7), eq(3))
            .returning(|_, _| Ok(Some(stored_draw(DrawStatus::Submitted))));
        m.draws.expect_find_for_owner().with(eq(8), eq(3)).returning(|_, _| Ok(Some(stored_draw(DrawStatus::Funded))));
        m.draws.expect_update().never();
        m.draws.expect_delete().never();
        let svc = m.service();
        let err = svc.update_draw(3, 7, DrawChange { tasks: Some(vec![10]), ..Default::default() }).unwrap_err();
        assert!(matches!(err, UseCaseError::Conflict { ref message, .. } if message == MSG_DRAW_TASKS_FIXED));
        let err = svc.delete_draw(3, 8).unwrap_err();
        assert!(matches!(err, UseCaseError::Conflict { ref message, .. } if message == MSG_FUNDED_DRAW));
    }

    #[test]
    fn a_draw_funded_meanwhile_is_not_deleted_nor_unfunded_by_a_stale_edit() {
        let mut m = Mocks::new();
        m.draws.expect_find_for_owner().returning(|_, _| Ok(Some(stored_draw(DrawStatus::Submitted))));
        // The read says submitted; the write finds it funded under the lock.
        m.draws
            .expect_delete()
            .with(eq(7))
            .times(1)
            .returning(|_| Err(RepoError::Refused(stored_draw(DrawStatus::Funded).check_delete().unwrap_err())));
        m.draws.expect_update().with(eq(7), always()).times(1).returning(|_, rule| {
            let update = rule(&(stored_draw(DrawStatus::Funded), Vec::new())).unwrap();
            assert_eq!((update.fields.status, update.fields.note.as_str()), (DrawStatus::Funded, "called the bank"));
            assert_eq!(update.fields.funded_amount.map(Money::cents), Some(100), "the funding stays");
            Ok(stored_draw(DrawStatus::Funded))
        });
        let svc = m.service();
        let err = svc.delete_draw(3, 7).unwrap_err();
        assert!(
            matches!(err, UseCaseError::Conflict { ref field, ref message } if field == "status" && message == MSG_FUNDED_DRAW),
            "{err:?}"
        );
        let note = DrawChange {
            input: DrawInput { note: Some("called the bank".into()), ..Default::default() },
            ..Default::default()
        };
        svc.update_draw(3, 7, note).unwrap();
    }

    #[test]
    fn marking_a_draw_funded_defaults_to_its_total_and_today() {
        let mut m = Mocks::new();
        m.draws.expect_find_for_owner().returning(|_, _| Ok(Some(stored_draw(DrawStatus::Submitted))));
        m.draws.expect_update().with(eq(7), always()).times(1).returning(|_, rule| {
            let DrawUpdate { items, fields: f } = rule(&(stored_draw(DrawStatus::Submitted), Vec::new())).unwrap();
            assert_eq!(items, None, "its lines stay");
            assert_eq!((f.funded_amount.map(Money::cents), f.funded_on), (Some(100), Some(day("2026-11-24"))));
            Ok(stored_draw(DrawStatus::Funded))
        });
        let change = DrawChange {
            input: DrawInput { status: Some("funded".into()), ..Default::default() },
            ..Default::default()
        };
        m.service().update_draw(3, 7, change).unwrap();
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
