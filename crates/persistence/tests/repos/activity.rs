//! The activity trail on every backend: each write records its entries in its own transaction
//! (none when the write is refused), a task's entries outlive it, and the feed reads newest
//! first, a page at a time.

use buildledger_application::activity::ActivityRepository;
use buildledger_application::error::RepoError;
use buildledger_application::ports::{
    BidRepository, ChangeOrderRepository, ContractorRepository, NewBid, OnTask, ProjectRepository,
    TaskPaymentRepository, TaskRepository,
};
use buildledger_domain::bid::{BidDetails, ContractorDetails};
use buildledger_domain::ids::{ProjectId, TypedId, UserId};
use buildledger_domain::ledger::{ChangeOrderDetails, ChangeOrderStatus, PaymentDetails, PaymentMethod, SignedMoney};
use buildledger_domain::task::{TaskChanges, TaskStatus};
use buildledger_domain::Money;
use buildledger_persistence::{
    DieselActivityRepository, DieselBidRepository, DieselChangeOrderRepository, DieselContractorRepository,
    DieselProjectRepository, DieselTaskPaymentRepository, DieselTaskRepository,
};
use chrono::NaiveDate;

use crate::helpers::{backends, details, new_task, project, user};

fn money(cents: i64) -> Money {
    Money::from_cents(cents).unwrap()
}

/// (action, task, summary, before, after) of every entry, newest first.
type Line = (String, Option<i64>, String, Option<i64>, Option<i64>);

fn lines(repo: &DieselActivityRepository, project_id: i64, task: Option<i64>) -> Vec<Line> {
    repo.list(project_id, task, None, 200)
        .unwrap()
        .into_iter()
        .map(|e| (e.action, e.task_id, e.summary, e.before_cents, e.after_cents))
        .collect()
}

#[test]
fn task_changes_are_recorded_with_their_actor_and_outlive_the_task() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "House");
        let tasks = DieselTaskRepository::new(t.db.clone());
        let trail = DieselActivityRepository::new(t.db.clone());
        let created = tasks.create(&new_task(p.id, "Framing")).unwrap();
        let costed = tasks
            .update(&created, &TaskChanges { actual_cost: Some(Some(money(4_000_000))), ..Default::default() })
            .unwrap();
        let moved = tasks
            .update(
                &costed,
                &TaskChanges {
                    status: Some(TaskStatus::InProgress),
                    actual_cost: Some(Some(money(4_150_000))),
                    ..Default::default()
                },
            )
            .unwrap();
        // Another place in the same column records nothing.
        tasks.update(&moved, &TaskChanges { position: Some(0), ..Default::default() }).unwrap();
        let other = tasks.create(&new_task(p.id, "Roofing")).unwrap();
        tasks.delete(&moved).unwrap();

        let id = Some(created.id);
        assert_eq!(
            lines(&trail, p.id, None),
            vec![
                ("task.deleted".into(), id, "Deleted Framing from In Progress.".into(), Some(4_150_000), None),
                ("task.created".into(), Some(other.id), "Added Roofing to To Do.".into(), None, None),
                (
                    "task.cost_changed".into(),
                    id,
                    "Framing's actual cost changed from $40,000.00 to $41,500.00.".into(),
                    Some(4_000_000),
                    Some(4_150_000)
                ),
                ("task.moved".into(), id, "Moved Framing from To Do to In Progress.".into(), None, None),
                (
                    "task.cost_changed".into(),
                    id,
                    "Framing's actual cost set to $40,000.00.".into(),
                    None,
                    Some(4_000_000)
                ),
                ("task.created".into(), id, "Added Framing to To Do.".into(), None, None),
                (
                    "project.created".into(),
                    None,
                    "Created the project House with a budget of $450,000.50.".into(),
                    None,
                    Some(45_000_050)
                ),
            ],
            "{}",
            t.name
        );
        // The deleted task's entries stay, and its filter still finds them.
        assert_eq!(lines(&trail, p.id, id).len(), 5, "{}", t.name);
        assert_eq!(lines(&trail, p.id, Some(other.id)).len(), 1, "{}", t.name);
        let entries = trail.list(p.id, None, None, 1).unwrap();
        assert_eq!(entries[0].actor.as_deref(), Some("ana"), "{}: the owner made it", t.name);
    }
}

#[test]
fn pages_run_newest_first_from_the_cursor() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "House");
        let q = project(&t.db, ana, "Cabin");
        let tasks = DieselTaskRepository::new(t.db.clone());
        let trail = DieselActivityRepository::new(t.db.clone());
        for title in ["A", "B", "C", "D", "E"] {
            tasks.create(&new_task(p.id, title)).unwrap();
        }
        tasks.create(&new_task(q.id, "Elsewhere")).unwrap();
        let first = trail.list(p.id, None, None, 2).unwrap();
        let summaries = |page: &[buildledger_domain::activity::ActivityEntry]| {
            page.iter().map(|e| e.summary.clone()).collect::<Vec<_>>()
        };
        assert_eq!(summaries(&first), ["Added E to To Do.", "Added D to To Do."], "{}", t.name);
        let second = trail.list(p.id, None, Some(first[1].id), 2).unwrap();
        assert_eq!(summaries(&second), ["Added C to To Do.", "Added B to To Do."], "{}", t.name);
        let last = trail.list(p.id, None, Some(second[1].id), 2).unwrap();
        assert_eq!(
            summaries(&last),
            ["Added A to To Do.", "Created the project House with a budget of $450,000.50."],
            "{}: another project's stays out",
            t.name
        );
        let end = trail.list(p.id, None, Some(last[1].id), 2).unwrap();
        assert!(end.is_empty(), "{}", t.name);
    }
}

#[test]
fn a_refused_or_failed_write_leaves_no_entry() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "House");
        let tasks = DieselTaskRepository::new(t.db.clone());
        let trail = DieselActivityRepository::new(t.db.clone());
        let task = tasks.create(&new_task(p.id, "Framing")).unwrap();
        let before = lines(&trail, p.id, None).len();

        // Approving a change order needs an award: refused under the lock, nothing written.
        let orders = DieselChangeOrderRepository::new(t.db.clone());
        let approved = ChangeOrderDetails {
            description: "Extra beam".into(),
            amount: SignedMoney::from_cents(250_000).unwrap(),
            status: ChangeOrderStatus::Approved,
            date: NaiveDate::from_ymd_opt(2026, 11, 2).unwrap(),
            contractor_id: None,
            document_id: None,
        };
        let refused = orders.create(&OnTask { task_id: task.id, project_id: p.id, details: approved });
        assert!(matches!(refused, Err(RepoError::Refused(_))), "{}", t.name);
        // A write that fails (its task is gone) leaves none either.
        let gone = tasks.create(&new_task(p.id, "Gone")).unwrap();
        tasks.delete(&gone).unwrap();
        let after_delete = lines(&trail, p.id, None).len();
        let failed = tasks.update(&gone, &TaskChanges { status: Some(TaskStatus::Paid), ..Default::default() });
        assert!(failed.is_err(), "{}", t.name);

        assert_eq!(before + 2, after_delete, "{}: the created and deleted task only", t.name);
        assert_eq!(lines(&trail, p.id, None).len(), after_delete, "{}: nothing for the refused writes", t.name);
        assert!(lines(&trail, p.id, None).iter().all(|l| !l.0.starts_with("change_order")), "{}", t.name);
    }
}

#[test]
fn money_writes_record_the_amounts_before_and_after() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "House");
        let tasks = DieselTaskRepository::new(t.db.clone());
        let trail = DieselActivityRepository::new(t.db.clone());
        let task = tasks.create(&new_task(p.id, "Framing")).unwrap();
        let roster = DieselContractorRepository::new(t.db.clone());
        let acme = roster.create(ana, &ContractorDetails { name: "Acme".into(), ..Default::default() }).unwrap();
        let bids = DieselBidRepository::new(t.db.clone());
        let bid = bids
            .create(&NewBid {
                task_id: task.id,
                project_id: p.id,
                contractor_id: acme.id,
                details: BidDetails { amount: money(4_180_000), ..Default::default() },
            })
            .unwrap();
        bids.award(bid.id).unwrap();
        let payments = DieselTaskPaymentRepository::new(t.db.clone());
        let paid = payments
            .create(&OnTask {
                task_id: task.id,
                project_id: p.id,
                details: PaymentDetails {
                    amount: money(200_000),
                    paid_on: NaiveDate::from_ymd_opt(2026, 11, 2).unwrap(),
                    payee: String::new(),
                    contractor_id: Some(acme.id),
                    method: PaymentMethod::Check,
                    note: String::new(),
                    receipt_id: None,
                },
            })
            .unwrap();
        let changed = paid.details.clone();
        payments
            .update(paid.id, Box::new(move |_| Ok(PaymentDetails { amount: money(250_000), ..changed.clone() })))
            .unwrap();
        payments.delete(paid.id).unwrap();
        let projects = DieselProjectRepository::new(t.db.clone());
        let mut bigger = details("House");
        bigger.budget = money(50_000_000);
        projects.update(UserId::new(ana), ProjectId::new(p.id), &bigger).unwrap();

        let got: Vec<(String, String, Option<i64>, Option<i64>)> =
            lines(&trail, p.id, None).into_iter().take(6).map(|(a, _, s, b, af)| (a, s, b, af)).collect();
        let want = [
            ("project.updated", "Budget changed from $450,000.50 to $500,000.00.", Some(45_000_050), Some(50_000_000)),
            ("payment.deleted", "Deleted the payment of $2,500.00 to Acme for Framing.", Some(250_000), None),
            (
                "payment.changed",
                "Payment to Acme for Framing changed from $2,000.00 to $2,500.00.",
                Some(200_000),
                Some(250_000),
            ),
            ("payment.created", "Recorded a payment of $2,000.00 to Acme for Framing.", None, Some(200_000)),
            ("bid.awarded", "Awarded Framing to Acme for $41,800.00.", Some(4_180_000), Some(4_180_000)),
            ("bid.created", "Acme bid $41,800.00 on Framing.", None, Some(4_180_000)),
        ]
        .map(|(a, s, b, af)| (a.to_owned(), s.to_owned(), b, af));
        assert_eq!(got, want, "{}", t.name);
    }
}

#[test]
fn schedule_records_are_recorded_on_their_task() {
    use buildledger_application::schedule::ports::DelayRepository;
    use buildledger_domain::schedule::{DelayDetails, DelayReason};
    use buildledger_persistence::DieselDelayRepository;
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "House");
        let tasks = DieselTaskRepository::new(t.db.clone());
        let trail = DieselActivityRepository::new(t.db.clone());
        let task = tasks.create(&new_task(p.id, "Roof")).unwrap();
        let delays = DieselDelayRepository::new(t.db.clone());
        let details = DelayDetails {
            days: 3,
            reason: DelayReason::Weather,
            note: String::new(),
            recorded_on: NaiveDate::from_ymd_opt(2026, 12, 1).unwrap(),
        };
        let delay = delays.create(&OnTask { task_id: task.id, project_id: p.id, details: details.clone() }).unwrap();
        delays.update(delay.id, Box::new(move |_| Ok(DelayDetails { days: 5, ..details.clone() }))).unwrap();
        delays.delete(delay.id).unwrap();
        let got: Vec<String> = lines(&trail, p.id, Some(task.id)).into_iter().map(|l| l.2).collect();
        assert_eq!(
            got,
            [
                "Deleted a delay of 5 working days on Roof.",
                "A delay on Roof changed from 3 working days to 5 working days.",
                "Recorded a delay of 3 working days on Roof: Weather.",
                "Added Roof to To Do.",
            ],
            "{}",
            t.name
        );
    }
}

#[test]
fn a_new_project_a_renamed_document_and_share_links_are_recorded() {
    use buildledger_application::ports::{DocumentRepository, NewDocument, ShareRepository};
    use buildledger_domain::share::NewShare;
    use buildledger_persistence::{DieselDocumentRepository, DieselShareRepository};
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "House");
        let tasks = DieselTaskRepository::new(t.db.clone());
        let trail = DieselActivityRepository::new(t.db.clone());
        let task = tasks.create(&new_task(p.id, "Framing")).unwrap();
        let documents = DieselDocumentRepository::new(t.db.clone());
        let doc = documents
            .create(&NewDocument {
                task_id: task.id,
                name: "quote.pdf".into(),
                content_type: "application/pdf".into(),
                size_bytes: 9,
                storage_key: format!("k{}", t.name),
            })
            .unwrap();
        documents.rename(doc.id, "Smith bid.pdf").unwrap();
        // The same name again changes nothing and says nothing.
        documents.rename(doc.id, "Smith bid.pdf").unwrap();
        let shares = DieselShareRepository::new(t.db.clone());
        let new = NewShare {
            project_id: p.id,
            label: "Bank".into(),
            expires_on: None,
            include_documents: true,
            include_bids: false,
            include_payments: true,
            include_draws: false,
        };
        let share = shares.create(&new, ana, &"ab".repeat(32), chrono::Utc::now().naive_utc()).unwrap();
        shares.delete(share.id).unwrap();
        assert!(shares.delete(share.id).is_err(), "{}", t.name);
        let got: Vec<(String, Option<i64>, String)> =
            lines(&trail, p.id, None).into_iter().take(4).map(|(a, task, s, _, _)| (a, task, s)).collect();
        assert_eq!(
            got,
            [
                ("share.revoked".into(), None, "Revoked the read-only link Bank.".into()),
                ("share.created".into(), None, "Created the read-only link Bank, with documents and payments.".into()),
                ("document.renamed".into(), Some(task.id), "Renamed quote.pdf to Smith bid.pdf on Framing.".into()),
                ("document.uploaded".into(), Some(task.id), "Uploaded quote.pdf to Framing.".into()),
            ],
            "{}",
            t.name
        );
        let first = trail.list(p.id, None, None, 200).unwrap().pop().unwrap();
        assert_eq!((first.action.as_str(), first.actor.as_deref()), ("project.created", Some("ana")), "{}", t.name);
    }
}
