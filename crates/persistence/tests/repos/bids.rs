//! Contractors and bids on every backend: the task's figures follow every bid write, one award
//! per task even when two race, a contractor with bids stays.

use buildledger_application::error::RepoError;
use buildledger_application::ports::{BidRepository, ContractorRepository, NewBid, TaskRepository};
use buildledger_domain::bid::{Bid, BidDetails, BidInput, BidStatus, ContractorDetails};
use buildledger_domain::ids::{ContractorId, TypedId, UserId};
use buildledger_domain::task::{MaterialQuality, NewTask, TaskStatus, TaskTitle};
use buildledger_domain::Money;
use buildledger_persistence::{DieselBidRepository, DieselContractorRepository, DieselTaskRepository};

use crate::helpers::{backends, project, user};

fn dollars(d: i64) -> BidDetails {
    BidDetails { amount: Money::from_cents(d * 100).unwrap(), ..Default::default() }
}

fn new_task(project_id: i64) -> NewTask {
    NewTask {
        project_id,
        title: TaskTitle::parse("Framing").unwrap(),
        description: String::new(),
        status: TaskStatus::ToDo,
        material_quality: MaterialQuality::Standard,
        actual_cost: None,
        due_date: None,
        schedule: Default::default(),
    }
}

#[test]
fn the_task_row_follows_its_bids_and_one_award() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "House");
        let tasks = DieselTaskRepository::new(t.db.clone());
        let task = tasks.create(&new_task(p.id)).unwrap();
        let roster = DieselContractorRepository::new(t.db.clone());
        let acme = roster.create(ana, &ContractorDetails { name: "Acme".into(), ..Default::default() }).unwrap();
        let repo = DieselBidRepository::new(t.db.clone());
        let new = |d| NewBid { task_id: task.id, project_id: p.id, contractor_id: acme.id, details: dollars(d) };
        let b1 = repo.create(&new(38_000)).unwrap();
        let b2 = repo.create(&new(41_800)).unwrap();
        let b3 = repo.create(&new(52_000)).unwrap();
        assert_eq!(b2.contractor_name, "Acme", "{}", t.name);
        let figures = |tasks: &DieselTaskRepository| tasks.list_for_project(p.id).unwrap()[0].bids;
        let f = figures(&tasks);
        assert_eq!((f.count, f.lowest.map(Money::cents), f.committed), (3, Some(3_800_000), None), "{}", t.name);

        let awarded = repo.award(b2.id).unwrap();
        assert_eq!(awarded.status, BidStatus::Awarded);
        let statuses: Vec<BidStatus> = repo.list_for_task(task.id).unwrap().iter().map(|b| b.status).collect();
        assert_eq!(statuses, [BidStatus::Declined, BidStatus::Awarded, BidStatus::Declined], "{}", t.name);
        assert_eq!(figures(&tasks).committed.map(Money::cents), Some(4_180_000));
        // A new amount for the awarded bid is the new committed cost; an edit that would decline
        // the award is refused by its rule, which sees the bid as the write finds it.
        let amount = BidInput { amount: Some(dollars(43_000).amount), ..Default::default() };
        repo.update(b2.id, Box::new(move |b: &Bid| b.edit(None, None, amount.clone()))).unwrap();
        assert_eq!(figures(&tasks).committed.map(Money::cents), Some(4_300_000), "{}", t.name);
        let decline =
            repo.update(b2.id, Box::new(|b: &Bid| b.edit(None, Some(BidStatus::Declined), BidInput::default())));
        assert!(matches!(decline, Err(RepoError::Refused(_))), "{}: {decline:?}", t.name);
        assert_eq!(repo.award(b2.id).unwrap().details.amount, dollars(43_000).amount, "{}: awarded already", t.name);
        assert_eq!(figures(&tasks).committed.map(Money::cents), Some(4_300_000), "{}", t.name);
        // Another award moves it; withdrawing clears it and makes every bid pending.
        repo.award(b3.id).unwrap();
        assert_eq!(figures(&tasks).committed.map(Money::cents), Some(5_200_000));
        repo.withdraw_award(b3.id).unwrap();
        assert!(repo.list_for_task(task.id).unwrap().iter().all(|b| b.status == BidStatus::Pending), "{}", t.name);
        assert_eq!(figures(&tasks).committed, None);
        repo.delete(b1.id).unwrap();
        let f = figures(&tasks);
        assert_eq!((f.count, f.lowest.map(Money::cents)), (2, Some(4_300_000)), "{}", t.name);

        // A contractor with bids stays; deleting the task takes its bids; then the contractor goes.
        assert!(
            matches!(roster.delete(UserId::new(ana), ContractorId::new(acme.id)), Err(RepoError::Refused(_))),
            "{}",
            t.name
        );
        tasks.delete(&tasks.list_for_project(p.id).unwrap()[0]).unwrap();
        assert!(repo.list_for_project(p.id).unwrap().is_empty());
        assert!(matches!(repo.award(b2.id), Err(RepoError::NotFound)), "{}: a bid of a deleted task", t.name);
        roster.delete(UserId::new(ana), ContractorId::new(acme.id)).unwrap();
    }
}

#[test]
fn two_awards_at_once_leave_one() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "House");
        let task = DieselTaskRepository::new(t.db.clone()).create(&new_task(p.id)).unwrap();
        let acme = DieselContractorRepository::new(t.db.clone())
            .create(ana, &ContractorDetails { name: "Acme".into(), ..Default::default() })
            .unwrap();
        let repo = DieselBidRepository::new(t.db.clone());
        let ids: Vec<i64> = (0..4)
            .map(|i| {
                repo.create(&NewBid {
                    task_id: task.id,
                    project_id: p.id,
                    contractor_id: acme.id,
                    details: dollars(100 + i),
                })
                .unwrap()
                .id
            })
            .collect();
        std::thread::scope(|s| {
            for id in &ids {
                let repo = DieselBidRepository::new(t.db.clone());
                s.spawn(move || repo.award(*id).unwrap());
            }
        });
        let bids = repo.list_for_task(task.id).unwrap();
        let awarded: Vec<_> = bids.iter().filter(|b| b.status == BidStatus::Awarded).collect();
        assert_eq!(awarded.len(), 1, "{}: {bids:?}", t.name);
        let committed = DieselTaskRepository::new(t.db.clone()).list_for_project(p.id).unwrap()[0].bids.committed;
        assert_eq!(committed, Some(awarded[0].details.amount), "{}", t.name);
    }
}

#[test]
fn contractors_are_their_owners_own() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let bob = user(&t.db, "bob");
        let roster = DieselContractorRepository::new(t.db.clone());
        let c = roster.create(ana, &ContractorDetails { name: "Zed".into(), ..Default::default() }).unwrap();
        roster.create(ana, &ContractorDetails { name: "acme".into(), ..Default::default() }).unwrap();
        let names: Vec<String> = roster.list_for_owner(ana).unwrap().into_iter().map(|c| c.details.name).collect();
        assert_eq!(names, ["acme", "Zed"], "{}: by name", t.name);
        assert!(roster.list_for_owner(bob).unwrap().is_empty());
        assert!(roster.find_for_owner(UserId::new(bob), ContractorId::new(c.id)).unwrap().is_none());
        let renamed = ContractorDetails { name: "Zed & Sons".into(), ..Default::default() };
        assert!(
            matches!(roster.update(UserId::new(bob), ContractorId::new(c.id), &renamed), Err(RepoError::NotFound)),
            "{}",
            t.name
        );
        assert!(matches!(roster.delete(UserId::new(bob), ContractorId::new(c.id)), Err(RepoError::NotFound)));
        assert_eq!(
            roster.update(UserId::new(ana), ContractorId::new(c.id), &renamed).unwrap().details.name,
            "Zed & Sons"
        );
    }
}

#[test]
fn the_comparison_reads_a_projects_bids_with_their_tasks_in_one_statement_in_board_order() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "House");
        let tasks = DieselTaskRepository::new(t.db.clone());
        let acme = DieselContractorRepository::new(t.db.clone())
            .create(ana, &ContractorDetails { name: "Acme".into(), ..Default::default() })
            .unwrap();
        let repo = DieselBidRepository::new(t.db.clone());
        let statuses = [TaskStatus::Paid, TaskStatus::ToDo, TaskStatus::InProgress];
        for i in 0..200 {
            let task = tasks.create(&NewTask { status: statuses[i % 3], ..new_task(p.id) }).unwrap();
            for k in 0..3 {
                let details = dollars(1000 + k);
                repo.create(&NewBid { task_id: task.id, project_id: p.id, contractor_id: acme.id, details }).unwrap();
            }
        }
        let before = t.db.queries_executed();
        let rows = repo.list_for_project(p.id).unwrap();
        assert_eq!(t.db.queries_executed() - before, 1, "{}: one statement for 200 tasks x 3 bids", t.name);
        assert_eq!(rows.len(), 600);
        // Board order: every To Do task's bids, then In Progress, then Paid; each task's bids together.
        let board: Vec<i64> = tasks.list_for_project(p.id).unwrap().iter().map(|t| t.id).collect();
        let mut seen: Vec<i64> = rows.iter().map(|r| r.bid.task_id).collect();
        seen.dedup();
        assert_eq!(seen, board, "{}", t.name);
        assert!(rows.iter().all(|r| r.task_title == "Framing" && r.task_quality == MaterialQuality::Standard));
    }
}
