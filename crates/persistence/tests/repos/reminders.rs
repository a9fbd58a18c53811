//! Reminder mails on every backend: the setting (daily until set), who is mailed (subscribed
//! owners of a project, reminders on, day not yet claimed), a day claimed once (two claims, also
//! from two threads at once: one wins), a released claim claimable again, what a day reads, and
//! unsubscribe by a mail's token.

use std::sync::{Arc, Barrier};

use buildledger_application::ports::TaskRepository;
use buildledger_application::reminders::ReminderRepository;
use buildledger_application::subscription::ports::SubscriptionRepository;
use buildledger_domain::reminder::{select, ReminderFrequency};
use buildledger_domain::subscription::Subscription;
use buildledger_domain::task::TaskSchedule;
use buildledger_persistence::subscription::DieselSubscriptionRepository;
use buildledger_persistence::{DieselReminderRepository, DieselTaskRepository};
use chrono::{Duration, NaiveDate, NaiveDateTime};

use crate::helpers::{backends, new_task, project, user};

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 30).unwrap()
}

fn now() -> NaiveDateTime {
    today().and_hms_opt(8, 0, 0).unwrap()
}

fn subscribe(db: &buildledger_persistence::Db, user_id: i64, status: &str) {
    DieselSubscriptionRepository::new(db.clone())
        .upsert(&Subscription {
            user_id,
            customer_id: Some(format!("cus_{user_id}")),
            subscription_id: Some(format!("sub_{user_id}")),
            status: status.into(),
            current_period_end: Some(now() + Duration::days(30)),
            cancel_at_period_end: false,
            updated_at: now(),
        })
        .unwrap();
}

#[test]
fn settings_recipients_and_what_a_day_reads() {
    for t in backends() {
        let repo = DieselReminderRepository::new(t.db.clone());
        let ana = user(&t.db, "ana");
        let bob = user(&t.db, "bob");
        let cy = user(&t.db, "cy");
        let dee = user(&t.db, "dee");
        assert_eq!(repo.frequency(ana).unwrap(), ReminderFrequency::Daily, "{}", t.name);
        repo.set_frequency(ana, ReminderFrequency::Weekly, now()).unwrap();
        repo.set_frequency(ana, ReminderFrequency::Weekly, now()).unwrap();
        assert_eq!(repo.frequency(ana).unwrap(), ReminderFrequency::Weekly);
        let house = project(&t.db, ana, "Lake house");
        project(&t.db, bob, "Barn");
        project(&t.db, cy, "Cabin");
        subscribe(&t.db, ana, "active");
        subscribe(&t.db, bob, "canceled");
        subscribe(&t.db, cy, "trialing");
        subscribe(&t.db, dee, "active"); // no project
        repo.set_frequency(cy, ReminderFrequency::Off, now()).unwrap();
        let who: Vec<(i64, ReminderFrequency)> =
            repo.recipients(today(), now()).unwrap().into_iter().map(|r| (r.user_id, r.frequency)).collect();
        assert_eq!(who, [(ana, ReminderFrequency::Weekly)], "{}", t.name);

        let mut task = new_task(house.id, "Framing");
        task.schedule = TaskSchedule {
            planned_start: Some(today() + Duration::days(2)),
            duration_days: Some(3),
            ..Default::default()
        };
        DieselTaskRepository::new(t.db.clone()).create(&task).unwrap();
        let mut data = repo.data_for(&[ana, bob]).unwrap();
        let lines: Vec<String> =
            select(today(), &data.remove(&ana).unwrap()).into_iter().flat_map(|g| g.lines).collect();
        assert_eq!(lines, ["Starts this week: Framing on Dec 2."], "{}", t.name);
        assert!(select(today(), &data.remove(&bob).unwrap()).is_empty());

        // A claimed day is nobody's recipient any more.
        assert!(repo.claim(ana, today(), "hash-ana", now()).unwrap());
        assert!(repo.recipients(today(), now()).unwrap().is_empty(), "{}", t.name);
        assert_eq!(repo.recipients(today() + Duration::days(1), now()).unwrap().len(), 1);
        // Unsubscribe by the mail's token.
        assert!(!repo.unsubscribe("no-such-hash", now()).unwrap());
        assert!(repo.unsubscribe("hash-ana", now()).unwrap());
        assert_eq!(repo.frequency(ana).unwrap(), ReminderFrequency::Off, "{}", t.name);
    }
}

#[test]
fn a_user_and_day_is_claimed_once() {
    for t in backends() {
        let repo = DieselReminderRepository::new(t.db.clone());
        let ana = user(&t.db, "ana");
        assert!(repo.claim(ana, today(), "h1", now()).unwrap(), "{}", t.name);
        assert!(!repo.claim(ana, today(), "h2", now()).unwrap(), "{}", t.name);
        assert!(repo.claim(ana, today() + Duration::days(1), "h3", now()).unwrap());
        repo.release(ana, today()).unwrap();
        assert!(repo.claim(ana, today(), "h4", now()).unwrap(), "a released day is claimed again: {}", t.name);

        // Two passes at once (two instances): exactly one claim wins.
        let bob = user(&t.db, "bob");
        for round in 0..5 {
            let day = today() + Duration::days(10 + round);
            let barrier = Arc::new(Barrier::new(2));
            let handles: Vec<_> = (0..2)
                .map(|i| {
                    let (db, barrier) = (t.db.clone(), barrier.clone());
                    std::thread::spawn(move || {
                        let repo = DieselReminderRepository::new(db);
                        barrier.wait();
                        repo.claim(bob, day, &format!("race-{round}-{i}"), now()).unwrap()
                    })
                })
                .collect();
            let wins = handles.into_iter().map(|h| h.join().unwrap()).filter(|w| *w).count();
            assert_eq!(wins, 1, "{} round {round}", t.name);
        }
    }
}

/// What a day reads costs the same number of statements for one user with one project as for
/// many users with many projects and tasks (no query per user, project or task).
#[test]
fn a_batch_of_users_is_read_in_a_fixed_number_of_statements() {
    for t in backends() {
        let repo = DieselReminderRepository::new(t.db.clone());
        let tasks = DieselTaskRepository::new(t.db.clone());
        let mut batches: Vec<Vec<i64>> = Vec::new();
        for (users, projects) in [(1, 1), (4, 3)] {
            let mut ids = Vec::new();
            for u in 0..users {
                let owner = user(&t.db, &format!("u{users}x{u}"));
                for p in 0..projects {
                    let house = project(&t.db, owner, &format!("House {p}"));
                    for i in 0..3 {
                        tasks.create(&new_task(house.id, &format!("Task {i}"))).unwrap();
                    }
                }
                ids.push(owner);
            }
            batches.push(ids);
        }
        let statements = |ids: &[i64]| {
            let before = t.db.queries_executed();
            let data = repo.data_for(ids).unwrap();
            assert_eq!(data.len(), ids.len());
            t.db.queries_executed() - before
        };
        let (small, large) = (statements(&batches[0]), statements(&batches[1]));
        assert!(small >= 6, "{}: the reads are counted ({small})", t.name);
        assert_eq!(small, large, "{}: 1 user, 1 project: {small}; 4 users, 12 projects: {large}", t.name);
    }
}
