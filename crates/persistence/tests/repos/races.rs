//! Use cases racing each other over the real repositories, on every backend: a rule checked
//! before its write would let the other side slip in between (security issue 28, findings 6
//! and 7). Each pair of calls starts together (a barrier), many pairs at once; afterwards each
//! pair must have one outcome that some serial order explains, and the stored figures (the
//! project's drawn total, the task's committed cost) must match the rows they are kept from.

use buildledger_domain::ids::{BidId, DrawId, ProjectId, TaskId, TypedId, UserId};
use std::sync::{Arc, Barrier};

use buildledger_application::access::Authorizer;
use buildledger_application::bids::{BidChange, BidService, BidsPorts};
use buildledger_application::error::UseCaseError;
use buildledger_application::ledger::{DrawChange, LedgerPorts, LedgerService, PaymentChange};
use buildledger_application::ports::{CostRates, ProjectRepository, SystemClock, TaskRepository, WholeHouseEstimate};
use buildledger_application::subscription::ports::SubscriptionRepository;
use buildledger_application::subscription::AccessService;
use buildledger_domain::bid::{BidInput, BidStatus, ContractorInput};
use buildledger_domain::cost::Prediction;
use buildledger_domain::ledger::{DrawInput, DrawStatus, PaymentInput};
use buildledger_domain::project::ProjectDetails;
use buildledger_domain::subscription::Subscription;
use buildledger_domain::task::{MaterialQuality, NewTask, TaskStatus, TaskTitle};
use buildledger_domain::Money;
use buildledger_persistence::subscription::DieselSubscriptionRepository;
use buildledger_persistence::{
    Db, DieselBidRepository, DieselChangeOrderRepository, DieselContractorRepository, DieselDocumentRepository,
    DieselDrawRepository, DieselLienWaiverRepository, DieselProjectAccess, DieselProjectRepository,
    DieselTaskPaymentRepository, DieselTaskRepository,
};

use crate::helpers::{backends, project, user};

const PAIRS: usize = 40;

/// No regional prices: the bid comparison is not under test here.
struct NoRates;

impl CostRates for NoRates {
    fn predict(&self, _: &str, _: MaterialQuality, _: &str, _: i64) -> Option<Prediction> {
        None
    }
    fn standard_tasks(&self, _: &ProjectDetails) -> Vec<String> {
        Vec::new()
    }
    fn whole_house_estimate(&self, _: &ProjectDetails) -> Option<WholeHouseEstimate> {
        None
    }
    fn catalogue_name(&self, _: &str) -> Option<String> {
        None
    }
}

/// The ledger and bid use cases over `db`, wired as the binary wires them, for `owner` (given an
/// active subscription: the use cases' authorization check asks).
fn services(db: &Db, owner: i64) -> (LedgerService, BidService) {
    let subscriptions = Arc::new(DieselSubscriptionRepository::new(db.clone()));
    let now = chrono::Utc::now().naive_utc();
    subscriptions
        .upsert(&Subscription {
            user_id: owner,
            customer_id: None,
            subscription_id: None,
            status: "active".into(),
            current_period_end: Some(now + chrono::Duration::days(30)),
            cancel_at_period_end: false,
            updated_at: now,
        })
        .unwrap();
    let access = Authorizer::new(
        Arc::new(DieselProjectAccess::new(db.clone())),
        AccessService::new(subscriptions, db.known_state(), Arc::new(SystemClock)),
        db.known_state(),
    );
    let tasks = Arc::new(DieselTaskRepository::new(db.clone()));
    let projects = Arc::new(DieselProjectRepository::new(db.clone()));
    let documents = Arc::new(DieselDocumentRepository::new(db.clone()));
    let contractors = Arc::new(DieselContractorRepository::new(db.clone()));
    let ledger = LedgerService::new(LedgerPorts {
        tasks: tasks.clone(),
        projects: projects.clone(),
        documents: documents.clone(),
        contractors: contractors.clone(),
        payments: Arc::new(DieselTaskPaymentRepository::new(db.clone())),
        change_orders: Arc::new(DieselChangeOrderRepository::new(db.clone())),
        draws: Arc::new(DieselDrawRepository::new(db.clone())),
        waivers: Arc::new(DieselLienWaiverRepository::new(db.clone())),
        scheduled: Arc::new(buildledger_application::ledger::StoredCosts),
        clock: Arc::new(SystemClock),
        access: access.clone(),
    });
    let bids = BidService::new(BidsPorts {
        contractors,
        bids: Arc::new(DieselBidRepository::new(db.clone())),
        tasks,
        projects,
        documents,
        rates: Arc::new(NoRates),
        access,
    });
    (ledger, bids)
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

fn dollars(d: i64) -> Money {
    Money::from_cents(d * 100).unwrap()
}

#[test]
fn funding_and_deleting_a_draw_at_once_never_deletes_a_funded_draw() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "House");
        let task = DieselTaskRepository::new(t.db.clone()).create(&new_task(p.id, "Framing")).unwrap();
        let (ledger, _) = services(&t.db, ana);
        let draws: Vec<i64> = (0..PAIRS)
            .map(|_| {
                let change = DrawChange { tasks: Some(vec![task.id]), ..Default::default() };
                let draw = ledger.create_draw(UserId::new(ana), Some(p.id), Ok(change)).unwrap();
                let submit = DrawInput { status: Some(DrawStatus::Submitted), ..Default::default() };
                ledger
                    .update_draw(
                        UserId::new(ana),
                        DrawId::new(draw.id),
                        Ok(DrawChange { input: submit, ..Default::default() }),
                    )
                    .unwrap();
                draw.id
            })
            .collect();
        let fund = || DrawChange {
            input: DrawInput {
                status: Some(DrawStatus::Funded),
                funded_amount: Some(Some(dollars(100))),
                ..Default::default()
            },
            ..Default::default()
        };

        let start = Barrier::new(2 * PAIRS);
        let outcomes: Vec<_> = std::thread::scope(|s| {
            let (ledger, start) = (&ledger, &start);
            let pairs: Vec<_> = draws
                .iter()
                .map(|&id| {
                    let funded = s.spawn(move || {
                        start.wait();
                        ledger.update_draw(UserId::new(ana), DrawId::new(id), Ok(fund()))
                    });
                    let deleted = s.spawn(move || {
                        start.wait();
                        ledger.delete_draw(UserId::new(ana), DrawId::new(id))
                    });
                    (id, funded, deleted)
                })
                .collect();
            pairs.into_iter().map(|(id, f, d)| (id, f.join().unwrap(), d.join().unwrap())).collect()
        });

        let mut wrong = Vec::new();
        for (id, funded, deleted) in &outcomes {
            let stored = ledger.draw(UserId::new(ana), DrawId::new(*id));
            let fits = match (funded, deleted, &stored) {
                // Funded first: the delete saw a funded draw and refused.
                (Ok(d), Err(UseCaseError::Conflict { .. }), Ok(now)) => {
                    d.status == DrawStatus::Funded && now.status == DrawStatus::Funded
                }
                // Deleted first: there was nothing left to fund.
                (Err(UseCaseError::NotFound { .. }), Ok(()), Err(UseCaseError::NotFound { .. })) => true,
                _ => false,
            };
            if !fits {
                wrong.push(format!("draw {id}: fund {funded:?}, delete {deleted:?}, now {stored:?}"));
            }
        }
        let left = ledger.draws(UserId::new(ana), ProjectId::new(p.id)).unwrap();
        let funded_total: i64 = left
            .iter()
            .filter(|d| d.status == DrawStatus::Funded)
            .filter_map(|d| d.funded_amount)
            .map(Money::cents)
            .sum();
        let drawn = DieselProjectRepository::new(t.db.clone())
            .find_for_owner(UserId::new(ana), ProjectId::new(p.id))
            .unwrap()
            .unwrap()
            .drawn_cents;
        assert!(
            wrong.is_empty(),
            "{}: {} of {PAIRS} fund + delete pairs ended inconsistent:\n{}",
            t.name,
            wrong.len(),
            wrong.join("\n")
        );
        assert_eq!(drawn, funded_total, "{}: the project's drawn total is its funded draws", t.name);
    }
}

#[test]
fn draws_made_at_once_never_cover_the_same_work() {
    const DRAWS: usize = 20;
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "House");
        let task = DieselTaskRepository::new(t.db.clone()).create(&new_task(p.id, "Framing")).unwrap();
        let (ledger, _) = services(&t.db, ana);
        let paid = PaymentInput { amount: Some(dollars(1_000)), ..Default::default() };
        ledger.create_payment(UserId::new(ana), Some(task.id), Ok(PaymentChange { task: None, input: paid })).unwrap();

        let start = Barrier::new(DRAWS);
        let made: Vec<_> = std::thread::scope(|s| {
            let (ledger, start) = (&ledger, &start);
            let running: Vec<_> = (0..DRAWS)
                .map(|_| {
                    s.spawn(move || {
                        start.wait();
                        let change = DrawChange { tasks: Some(vec![task.id]), ..Default::default() };
                        ledger.create_draw(UserId::new(ana), Some(p.id), Ok(change))
                    })
                })
                .collect();
            running.into_iter().map(|r| r.join().unwrap().unwrap()).collect()
        });

        let covering: Vec<i64> = made.iter().map(|d| d.total.cents()).filter(|c| *c > 0).collect();
        assert_eq!(covering, [dollars(1_000).cents()], "{}: one draw covers the work, the others nothing", t.name);
        let numbers: std::collections::BTreeSet<i32> = made.iter().map(|d| d.number).collect();
        assert_eq!(numbers.len(), DRAWS, "{}: each draw its own number", t.name);
    }
}

#[test]
fn awarding_a_bid_while_an_edit_declines_it_never_undoes_the_award() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "House");
        let (_, bids) = services(&t.db, ana);
        let acme = bids
            .create_contractor(
                UserId::new(ana),
                None,
                Ok(ContractorInput { name: Some("Acme".into()), ..Default::default() }),
            )
            .unwrap();
        let tasks = DieselTaskRepository::new(t.db.clone());
        let bid = |task: i64, amount: i64| {
            let change = BidChange {
                contractor: Some(acme.id),
                status: None,
                input: BidInput { amount: Some(dollars(amount)), ..Default::default() },
            };
            bids.create_bid(UserId::new(ana), Some(task), Ok(change)).unwrap()
        };
        // Per task: the bid both calls aim at, and a rival bid the award declines.
        let pairs: Vec<(i64, i64, i64, Money)> = (0..PAIRS)
            .map(|i| {
                let task = tasks.create(&new_task(p.id, &format!("Task {i}"))).unwrap();
                let target = bid(task.id, 40_000 + i as i64);
                let rival = bid(task.id, 30_000);
                (task.id, target.id, rival.id, target.details.amount)
            })
            .collect();
        let decline = || Ok(BidChange { status: Some(BidStatus::Declined), ..Default::default() });

        let start = Barrier::new(2 * PAIRS);
        let outcomes: Vec<_> = std::thread::scope(|s| {
            let (bids, start) = (&bids, &start);
            let running: Vec<_> = pairs
                .iter()
                .map(|&(_, target, _, _)| {
                    let awarded = s.spawn(move || {
                        start.wait();
                        bids.award(UserId::new(ana), BidId::new(target))
                    });
                    let declined = s.spawn(move || {
                        start.wait();
                        bids.update_bid(UserId::new(ana), BidId::new(target), decline())
                    });
                    (awarded, declined)
                })
                .collect();
            running.into_iter().map(|(a, d)| (a.join().unwrap(), d.join().unwrap())).collect()
        });

        let board = tasks.list_for_project(p.id).unwrap();
        let mut wrong = Vec::new();
        for ((task, target, rival, amount), (awarded, declined)) in pairs.iter().zip(&outcomes) {
            let listed = bids.bids_for_task(UserId::new(ana), TaskId::new(*task)).unwrap();
            let status = |id: i64| listed.iter().find(|b| b.id == id).map(|b| b.status);
            let committed = board.iter().find(|x| x.id == *task).and_then(|x| x.bids.committed);
            // Declined first then awarded, or awarded first and the edit refused (400): either
            // way the award stands, the rival is declined and the task commits the award.
            let fits = awarded.as_ref().is_ok_and(|b| b.status == BidStatus::Awarded)
                && matches!(declined, Ok(_) | Err(UseCaseError::Invalid(_)))
                && status(*target) == Some(BidStatus::Awarded)
                && status(*rival) == Some(BidStatus::Declined)
                && committed == Some(*amount);
            if !fits {
                wrong.push(format!(
                    "task {task}: award {awarded:?}, decline {declined:?}, bids {:?}, committed {committed:?}",
                    listed.iter().map(|b| (b.id, b.status)).collect::<Vec<_>>()
                ));
            }
        }
        assert!(
            wrong.is_empty(),
            "{}: {} of {PAIRS} award + decline pairs ended inconsistent:\n{}",
            t.name,
            wrong.len(),
            wrong.join("\n")
        );
    }
}
