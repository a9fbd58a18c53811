//! Reminder mails on every backend: the setting (daily until set), who is mailed (subscribed
//! owners of a project and joined members of a subscribed owner's project, reminders on, day not
//! yet claimed), a day claimed once (two claims, also from two threads at once: one wins), a
//! released claim claimable again, what a day reads (a member's shared projects included), and
//! unsubscribe by a mail's token.

use std::sync::{Arc, Barrier};

use buildledger_application::ports::TaskRepository;
use buildledger_application::reminders::ReminderRepository;
use buildledger_application::subscription::ports::SubscriptionRepository;
use buildledger_domain::reminder::{select, ReminderFrequency};
use buildledger_domain::subscription::Subscription;
use buildledger_domain::task::TaskSchedule;
use buildledger_persistence::schema::{bids, contractors, project_members};
use buildledger_persistence::subscription::DieselSubscriptionRepository;
use buildledger_persistence::{Db, DieselReminderRepository, DieselTaskRepository};
use chrono::{Duration, NaiveDate, NaiveDateTime};
use diesel::prelude::*;

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
        let mut data = repo.data_for(&[ana, bob], now()).unwrap();
        let lines: Vec<String> =
            select(today(), &data.remove(&ana).unwrap()).into_iter().flat_map(|g| g.lines).collect();
        assert_eq!(lines, ["Starts this week: Framing on Dec 2."], "{}", t.name);
        assert!(!data.contains_key(&bob), "{}: a lapsed owner's project reads nothing", t.name);

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

/// Inserts a member of project `p`: joined by `joined_by`, or an open invitation.
fn member(db: &Db, p: i64, owner: i64, email: &str, role: &'static str, joined_by: Option<i64>) {
    let (email, token) = (email.to_owned(), format!("token-{p}-{email}"));
    db.write(move |conn| {
        diesel::insert_into(project_members::table)
            .values((
                project_members::project_id.eq(p),
                project_members::user_id.eq(joined_by),
                project_members::email.eq(email.as_str()),
                project_members::email_key.eq(email.to_lowercase()),
                project_members::role.eq(role),
                project_members::token_hash.eq(token.as_str()),
                project_members::invited_by.eq(Some(owner)),
                project_members::invited_at.eq(now()),
                project_members::expires_at.eq(now() + Duration::days(7)),
                project_members::joined_at.eq(joined_by.map(|_| now())),
            ))
            .execute(conn)
    })
    .unwrap();
}

/// A pending bid on `task` from `owner`'s contractor `name`, valid until `until`.
fn bid(db: &Db, owner: i64, p: i64, task: i64, name: &'static str, until: NaiveDate) {
    db.write(move |conn| {
        let contractor: i64 = diesel::insert_into(contractors::table)
            .values((
                contractors::owner_id.eq(owner),
                contractors::name.eq(name),
                contractors::trade.eq(""),
                contractors::phone.eq(""),
                contractors::email.eq(""),
                contractors::license_number.eq(""),
                contractors::notes.eq(""),
                contractors::insurance_expires.eq(Some(until.to_string())),
                contractors::created_at.eq(now()),
                contractors::updated_at.eq(now()),
            ))
            .returning(contractors::id)
            .get_result(conn)?;
        diesel::insert_into(bids::table)
            .values((
                bids::task_id.eq(task),
                bids::project_id.eq(p),
                bids::contractor_id.eq(contractor),
                bids::amount_cents.eq(10_000),
                bids::notes.eq(""),
                bids::status.eq("pending"),
                bids::valid_until.eq(Some(until.to_string())),
                bids::created_at.eq(now()),
                bids::updated_at.eq(now()),
            ))
            .execute(conn)
    })
    .unwrap();
}

#[test]
fn members_are_reminded_of_the_projects_they_joined_while_the_owner_is_subscribed() {
    for t in backends() {
        let repo = DieselReminderRepository::new(t.db.clone());
        let tasks = DieselTaskRepository::new(t.db.clone());
        let [ana, sam, vic, ivy, bob] = ["ana", "sam", "vic", "ivy", "bob"].map(|name| user(&t.db, name));
        subscribe(&t.db, ana, "active");
        subscribe(&t.db, bob, "canceled");
        let house = project(&t.db, ana, "Lake house");
        let barn = project(&t.db, bob, "Barn");
        let shed = project(&t.db, sam, "Shed"); // sam has no subscription of his own
        for p in [&house, &barn, &shed] {
            let mut task = new_task(p.id, "Framing");
            task.schedule = TaskSchedule {
                planned_start: Some(today() + Duration::days(2)),
                duration_days: Some(3),
                ..Default::default()
            };
            let task = tasks.create(&task).unwrap();
            bid(&t.db, p.owner_id, p.id, task.id, "Acme", today() + Duration::days(1));
        }
        member(&t.db, house.id, ana, "sam@example.com", "partner", Some(sam));
        member(&t.db, house.id, ana, "vic@example.com", "viewer", Some(vic));
        member(&t.db, house.id, ana, "ivy@example.com", "viewer", None); // invited, not joined
        member(&t.db, barn.id, bob, "sam@example.com", "partner", Some(sam)); // a lapsed owner's project

        let who: Vec<i64> = repo.recipients(today(), now()).unwrap().into_iter().map(|r| r.user_id).collect();
        assert_eq!(who, [ana, sam, vic], "{}: joined members, not the invited one nor a lapsed owner", t.name);

        let mut data = repo.data_for(&[ana, sam, vic, ivy, bob], now()).unwrap();
        let groups = |data: &buildledger_domain::reminder::ReminderData| -> Vec<(String, Vec<String>)> {
            select(today(), data).into_iter().map(|g| (g.title, g.lines)).collect()
        };
        let lines = vec![
            "Starts this week: Framing on Dec 2.".to_owned(),
            "Bid from Acme for Framing is valid until Dec 1.".to_owned(),
        ];
        let ana_data = data.remove(&ana).unwrap();
        assert_eq!(
            groups(&ana_data),
            [
                ("Lake house".to_owned(), lines.clone()),
                ("Your contractors".to_owned(), vec!["Acme's insurance expires on Dec 1.".to_owned()]),
            ],
            "{}",
            t.name
        );
        for member in [sam, vic] {
            // The shared project only (sam's own Shed is of a lapsed owner, himself); no roster.
            let shared = data.remove(&member).unwrap();
            assert_eq!(groups(&shared), [("Lake house (shared by ana)".to_owned(), lines.clone())], "{}", t.name);
        }
        assert!(data.is_empty(), "{}: nothing for the invited one nor the lapsed owner: {data:?}", t.name);
    }
}

/// What a day reads costs the same number of statements for one user with one project as for
/// many users with many projects, memberships and tasks (no query per user, project or task).
#[test]
fn a_batch_of_users_is_read_in_a_fixed_number_of_statements() {
    for t in backends() {
        let repo = DieselReminderRepository::new(t.db.clone());
        let tasks = DieselTaskRepository::new(t.db.clone());
        let mut batches: Vec<Vec<i64>> = Vec::new();
        for (users, projects) in [(1, 1), (4, 3)] {
            let mut ids = Vec::new();
            let mut houses = Vec::new();
            for u in 0..users {
                let owner = user(&t.db, &format!("u{users}x{u}"));
                subscribe(&t.db, owner, "active");
                for p in 0..projects {
                    let house = project(&t.db, owner, &format!("House {p}"));
                    for i in 0..3 {
                        tasks.create(&new_task(house.id, &format!("Task {i}"))).unwrap();
                    }
                    houses.push((house.id, owner));
                }
                ids.push(owner);
            }
            // Each user of the larger batch also joined the projects of the next one.
            if users > 1 {
                for (i, member_id) in ids.iter().enumerate() {
                    let next = ids[(i + 1) % ids.len()];
                    for (house, _) in houses.iter().filter(|(_, owner)| *owner == next) {
                        member(&t.db, *house, next, &format!("m{member_id}@example.com"), "viewer", Some(*member_id));
                    }
                }
            }
            batches.push(ids);
        }
        let statements = |ids: &[i64]| {
            let before = t.db.queries_executed();
            let data = repo.data_for(ids, now()).unwrap();
            assert_eq!(data.len(), ids.len());
            t.db.queries_executed() - before
        };
        let (small, large) = (statements(&batches[0]), statements(&batches[1]));
        assert!(small >= 6, "{}: the reads are counted ({small})", t.name);
        assert_eq!(small, large, "{}: 1 user, 1 project: {small}; 4 users, 12 projects: {large}", t.name);
    }
}
