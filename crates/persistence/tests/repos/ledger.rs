//! The money ledger on every backend: the task row follows its payments and change orders, an
//! approval needs an award (checked under the lock), an award under approved change orders
//! stays, draws are numbered per project and keep the project's drawn total, a funded draw
//! stays, deleting a task keeps the draw lines that named it.

use buildledger_application::error::RepoError;
use buildledger_application::ports::{
    BidRepository, ChangeOrderRepository, ContractorRepository, DrawRepository, NewBid, OnTask, ProjectRepository,
    Rule, TaskPaymentRepository, TaskRepository,
};
use buildledger_domain::bid::{BidDetails, ContractorDetails};
use buildledger_domain::ids::{ContractorId, DrawId, PaymentId, ProjectId, TypedId, UserId};
use buildledger_domain::ledger::{
    draw_items, select_draw_tasks, ChangeOrderDetails, ChangeOrderStatus, Draw, DrawContext, DrawFields, DrawStatus,
    DrawUpdate, NewDraw, PaymentDetails, PaymentMethod, SignedMoney,
};
use buildledger_domain::task::{MaterialQuality, NewTask, TaskChanges, TaskStatus, TaskTitle};
use buildledger_domain::Money;
use buildledger_persistence::{
    DieselBidRepository, DieselChangeOrderRepository, DieselContractorRepository, DieselDrawRepository,
    DieselProjectRepository, DieselTaskPaymentRepository, DieselTaskRepository,
};
use chrono::NaiveDate;

use crate::helpers::{backends, project, user};

fn day(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

fn new_task(project_id: i64, title: &str) -> NewTask {
    NewTask {
        project_id,
        title: TaskTitle::parse(title).unwrap(),
        description: String::new(),
        status: TaskStatus::InProgress,
        material_quality: MaterialQuality::Standard,
        actual_cost: None,
        due_date: None,
        schedule: Default::default(),
    }
}

fn payment(cents: i64, on: &str, contractor: Option<i64>) -> PaymentDetails {
    PaymentDetails {
        amount: Money::from_cents(cents).unwrap(),
        paid_on: day(on),
        payee: if contractor.is_some() { String::new() } else { "Ace Lumber".into() },
        contractor_id: contractor,
        method: PaymentMethod::Check,
        note: String::new(),
        receipt_id: None,
    }
}

fn change(cents: i64, status: ChangeOrderStatus) -> ChangeOrderDetails {
    ChangeOrderDetails {
        description: "Extra beam".into(),
        amount: SignedMoney::from_cents(cents).unwrap(),
        status,
        date: day("2026-11-02"),
        contractor_id: None,
        document_id: None,
    }
}

fn on<T>(task_id: i64, project_id: i64, details: T) -> OnTask<T> {
    OnTask { task_id, project_id, details }
}

/// A rule that writes `value` whatever it finds.
fn set<S, T: Clone + Send + 'static>(value: T) -> Rule<S, T> {
    Box::new(move |_: &S| Ok(value.clone()))
}

/// A new draw of the tasks `ids`, each for its work not yet drawn as the write finds it.
fn draw_of(ids: Vec<i64>, fields: DrawFields) -> Rule<DrawContext, NewDraw> {
    Box::new(move |found: &DrawContext| {
        Ok(NewDraw { items: draw_items(&select_draw_tasks(&found.drawable, &ids)?).0, fields: fields.clone() })
    })
}

/// New fields for a draw; new lines too (every task, as the write finds them) when `lines`.
fn redraw(lines: bool, fields: DrawFields) -> Rule<(Draw, DrawContext), DrawUpdate> {
    Box::new(move |(_, found): &(Draw, DrawContext)| {
        Ok(DrawUpdate { items: lines.then(|| draw_items(&found.drawable).0), fields: fields.clone() })
    })
}

#[test]
fn the_task_row_follows_payments_and_approved_change_orders() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "House");
        let tasks = DieselTaskRepository::new(t.db.clone());
        let task = tasks.create(&new_task(p.id, "Framing")).unwrap();
        let roster = DieselContractorRepository::new(t.db.clone());
        let acme = roster.create(ana, &ContractorDetails { name: "Acme".into(), ..Default::default() }).unwrap();
        let bids = DieselBidRepository::new(t.db.clone());
        let bid = bids
            .create(&NewBid {
                task_id: task.id,
                project_id: p.id,
                contractor_id: acme.id,
                details: BidDetails { amount: Money::from_cents(4_180_000).unwrap(), ..Default::default() },
            })
            .unwrap();
        let payments = DieselTaskPaymentRepository::new(t.db.clone());
        let orders = DieselChangeOrderRepository::new(t.db.clone());
        let (task_id, project_id) = (task.id, p.id);
        let row = || tasks.list_for_project(p.id).unwrap().remove(0);

        // Approving needs an award, checked by the repository too.
        let early = orders.create(&on(task_id, project_id, change(250_000, ChangeOrderStatus::Approved)));
        assert!(matches!(early, Err(RepoError::Refused(_))), "{}", t.name);
        assert!(orders.list_for_task(task.id).unwrap().is_empty(), "{}: nothing written", t.name);

        bids.award(bid.id).unwrap();
        let first = payments.create(&on(task_id, project_id, payment(2_000_000, "2026-11-10", Some(acme.id)))).unwrap();
        assert_eq!(first.contractor_name.as_deref(), Some("Acme"), "{}", t.name);
        payments.create(&on(task_id, project_id, payment(1_000_000, "2026-11-01", None))).unwrap();
        let co = orders.create(&on(task_id, project_id, change(250_000, ChangeOrderStatus::Proposed))).unwrap();
        let r = row();
        assert_eq!((r.ledger.paid_cents, r.ledger.payment_count), (3_000_000, 2), "{}", t.name);
        assert_eq!((r.bids.committed.map(Money::cents), r.ledger.change_order_cents), (Some(4_180_000), 0));

        orders.update(co.id, set(change(250_000, ChangeOrderStatus::Approved))).unwrap();
        let r = row();
        assert_eq!(r.bids.committed.map(Money::cents), Some(4_430_000), "{}: award + approved", t.name);
        assert_eq!(r.ledger.change_order_cents, 250_000);
        // The award stays while an approved change order leans on it.
        assert!(matches!(bids.withdraw_award(bid.id), Err(RepoError::Refused(_))), "{}", t.name);
        assert!(matches!(bids.delete(bid.id), Err(RepoError::Refused(_))), "{}", t.name);
        orders.update(co.id, set(change(250_000, ChangeOrderStatus::Rejected))).unwrap();
        assert_eq!(row().bids.committed.map(Money::cents), Some(4_180_000), "{}", t.name);
        bids.withdraw_award(bid.id).unwrap();
        assert_eq!(row().bids.committed, None, "{}", t.name);

        // Payments by date paid; a change; a delete.
        let listed: Vec<NaiveDate> =
            payments.list_for_task(task.id).unwrap().iter().map(|p| p.details.paid_on).collect();
        assert_eq!(listed, [day("2026-11-01"), day("2026-11-10")], "{}", t.name);
        payments.update(first.id, set(payment(2_500_000, "2026-11-10", Some(acme.id)))).unwrap();
        assert_eq!(row().ledger.paid_cents, 3_500_000, "{}", t.name);
        payments.delete(first.id).unwrap();
        assert_eq!((row().ledger.paid_cents, row().ledger.payment_count), (1_000_000, 1), "{}", t.name);
        let by_project = payments.list_for_project(p.id).unwrap();
        assert_eq!(by_project[0].1, "Framing", "{}", t.name);

        // A task change keeps its ledger figures.
        let moved =
            tasks.update(&row(), &TaskChanges { status: Some(TaskStatus::Paid), ..Default::default() }).unwrap();
        assert_eq!(moved.ledger.paid_cents, 1_000_000, "{}", t.name);

        // A removed contractor's payments keep the name as text.
        let p2 = payments.create(&on(task_id, project_id, payment(100, "2026-11-11", Some(acme.id)))).unwrap();
        bids.delete(bid.id).unwrap();
        roster.delete(UserId::new(ana), ContractorId::new(acme.id)).unwrap();
        let kept = payments.find_for_owner(UserId::new(ana), PaymentId::new(p2.id)).unwrap().unwrap();
        assert_eq!((kept.details.payee.as_str(), kept.details.contractor_id), ("Acme", None), "{}", t.name);
        assert!(
            payments.find_for_owner(UserId::new(ana + 1000), PaymentId::new(p2.id)).unwrap().is_none(),
            "{}",
            t.name
        );
    }
}

#[test]
fn draws_are_numbered_cover_undrawn_work_and_keep_the_drawn_total() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "House");
        let tasks = DieselTaskRepository::new(t.db.clone());
        let framing = tasks.create(&new_task(p.id, "Framing")).unwrap();
        let roof = tasks.create(&new_task(p.id, "Roofing")).unwrap();
        let payments = DieselTaskPaymentRepository::new(t.db.clone());
        payments
            .create(&OnTask { task_id: framing.id, project_id: p.id, details: payment(3_000_000, "2026-11-01", None) })
            .unwrap();
        let draws = DieselDrawRepository::new(t.db.clone());
        let drawable = draws.drawable_tasks(p.id, None).unwrap();
        assert_eq!(drawable.iter().map(|d| d.amount_cents()).collect::<Vec<_>>(), [3_000_000, 0], "{}", t.name);

        let fields = |status: DrawStatus, funded: Option<i64>| DrawFields {
            requested_on: day("2026-11-15"),
            status,
            funded_amount: funded.and_then(Money::from_cents),
            funded_on: funded.map(|_| day("2026-11-20")),
            note: String::new(),
            is_final: false,
            inspected_on: None,
            inspector: String::new(),
            inspection_note: String::new(),
        };
        let first = draws.create(p.id, draw_of(vec![framing.id], fields(DrawStatus::Draft, None))).unwrap();
        assert_eq!((first.number, first.total.cents()), (1, 3_000_000), "{}", t.name);
        // What is drawn is not offered again; more work is.
        assert_eq!(draws.drawable_tasks(p.id, None).unwrap()[0].amount_cents(), 0, "{}", t.name);
        assert_eq!(draws.drawable_tasks(p.id, Some(first.id)).unwrap()[0].amount_cents(), 3_000_000);
        payments
            .create(&OnTask { task_id: framing.id, project_id: p.id, details: payment(500_000, "2026-11-16", None) })
            .unwrap();
        let second =
            draws.create(p.id, draw_of(vec![framing.id, roof.id], fields(DrawStatus::Submitted, None))).unwrap();
        assert_eq!((second.number, second.total.cents()), (2, 500_000), "{}", t.name);

        let projects = DieselProjectRepository::new(t.db.clone());
        let drawn = || projects.find_for_owner(UserId::new(ana), ProjectId::new(p.id)).unwrap().unwrap().drawn_cents;
        draws.update(first.id, redraw(false, fields(DrawStatus::Funded, Some(2_900_000)))).unwrap();
        assert_eq!(drawn(), 2_900_000, "{}", t.name);
        // A funded draw stays, checked as the delete finds it.
        assert!(matches!(draws.delete(first.id), Err(RepoError::Refused(_))), "{}", t.name);
        assert_eq!(drawn(), 2_900_000, "{}", t.name);
        let refuse: Rule<(Draw, DrawContext), DrawUpdate> =
            Box::new(|(d, _): &(Draw, DrawContext)| Err(d.check_delete().expect_err("the rule sees the draw funded")));
        assert!(matches!(draws.update(first.id, refuse), Err(RepoError::Refused(_))), "{}", t.name);
        let listed = draws.list_for_project(p.id).unwrap();
        assert_eq!(listed.iter().map(|d| d.number).collect::<Vec<_>>(), [1, 2], "{}", t.name);
        assert_eq!(listed[0].funded_on, Some(day("2026-11-20")));

        // The draft's lines change; a deleted task leaves its line (title kept, no id).
        let changed = draws.update(second.id, redraw(true, fields(DrawStatus::Submitted, None))).unwrap();
        assert_eq!(changed.items.len(), 2, "{}", t.name);
        tasks.delete(&tasks.list_for_project(p.id).unwrap().into_iter().find(|x| x.id == roof.id).unwrap()).unwrap();
        let after = draws.find_for_owner(UserId::new(ana), DrawId::new(second.id)).unwrap().unwrap();
        assert_eq!((after.items[1].task_id, after.items[1].title.as_str()), (None, "Roofing"), "{}", t.name);
        assert!(draws.find_for_owner(UserId::new(ana + 1000), DrawId::new(second.id)).unwrap().is_none());

        draws.update(first.id, redraw(false, fields(DrawStatus::Submitted, None))).unwrap();
        assert_eq!(drawn(), 0, "{}: no funded draw left", t.name);
        draws.delete(first.id).unwrap();
        assert_eq!(draws.list_for_project(p.id).unwrap().len(), 1, "{}", t.name);
    }
}
