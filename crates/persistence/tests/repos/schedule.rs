//! The schedule (issue 33) on both backends: links made, changed and deleted under the project's
//! lock (a loop made by two writes at once is refused by one of them), the one read the schedule
//! is computed from (everything it needs, six statements whatever the number of tasks), the
//! baseline's write, and the calendar feed's links; each change with its entry in the activity
//! trail, written with it (a refused write leaves none).

use std::sync::{Arc, Barrier};

use buildledger_application::access::Authorizer;
use buildledger_application::activity::ActivityRepository;
use buildledger_application::error::{RepoError, UseCaseError};
use buildledger_application::ports::{ProjectRepository, Rule, SystemClock, TaskRepository};
use buildledger_application::schedule::dependencies::{
    check_new_link, DependencyChange, DependencyPorts, DependencyService, MSG_CYCLE,
};
use buildledger_application::schedule::ports::{
    BaselineSnapshot, CalendarFeedRepository, DependencyRepository, ScheduleRead, ScheduleRepository,
};
use buildledger_application::subscription::ports::SubscriptionRepository;
use buildledger_application::subscription::AccessService;
use buildledger_domain::ids::{DependencyId, ProjectId, TypedId, UserId};
use buildledger_domain::schedule::{BaselineEntry, Dependency, DependencyDetails, InspectionResult, LinkType};
use buildledger_domain::subscription::Subscription;
use buildledger_domain::task::{NewTask, TaskSchedule};
use buildledger_persistence::schema::{inspections, projects, task_delays};
use buildledger_persistence::subscription::DieselSubscriptionRepository;
use buildledger_persistence::{
    Db, DieselActivityRepository, DieselCalendarFeedRepository, DieselDependencyRepository, DieselProjectAccess,
    DieselProjectRepository, DieselScheduleRepository, DieselTaskRepository,
};
use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use crate::helpers::{backends, new_task, project, task_ref, user};

fn day(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

fn at(s: &str) -> NaiveDateTime {
    day(s).and_hms_opt(9, 0, 0).unwrap()
}

fn timed(project_id: i64, title: &str, duration_days: Option<i32>) -> NewTask {
    NewTask { schedule: TaskSchedule { duration_days, ..Default::default() }, ..new_task(project_id, title) }
}

fn details(predecessor: i64, successor: i64) -> DependencyDetails {
    DependencyDetails { predecessor, successor, link: LinkType::FinishToStart, lag_days: 0 }
}

/// The rule the use case hands the write: no loop, no second link of a pair.
fn new_link(d: DependencyDetails) -> Rule<[Dependency], DependencyDetails> {
    Box::new(move |links| check_new_link(links, d))
}

fn version(db: &Db, owner: i64, project_id: i64) -> i64 {
    DieselProjectRepository::new(db.clone())
        .find_for_owner(UserId::new(owner), ProjectId::new(project_id))
        .unwrap()
        .unwrap()
        .version
}

/// The project's trail entries whose action starts with `prefix`, oldest first: (action, task,
/// actor, summary).
fn trail(db: &Db, project_id: i64, prefix: &str) -> Vec<(String, Option<i64>, Option<String>, String)> {
    let mut entries = DieselActivityRepository::new(db.clone()).list(project_id, None, None, 200).unwrap();
    entries.reverse();
    entries
        .into_iter()
        .filter(|e| e.action.starts_with(prefix))
        .map(|e| (e.action, e.task_id, e.actor, e.summary))
        .collect()
}

/// The use cases' check on this database, `owner` subscribed.
fn authorizer(db: &Db, owner: i64) -> Authorizer {
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
    Authorizer::new(
        Arc::new(DieselProjectAccess::new(db.clone())),
        AccessService::new(subscriptions, db.known_state(), Arc::new(SystemClock)),
        db.known_state(),
    )
}

#[test]
fn links_are_made_changed_and_deleted_under_the_lock_and_stay_their_owners() {
    for t in backends() {
        let (ana, bo) = (user(&t.db, "ana"), user(&t.db, "bo"));
        let p = project(&t.db, ana, "Lake house");
        let tasks = DieselTaskRepository::new(t.db.clone());
        let [a, b, c] = ["A", "B", "C"].map(|title| tasks.create(&new_task(p.id, title)).unwrap().id);
        let links = DieselDependencyRepository::new(t.db.clone());
        let pid = ProjectId::new(p.id);

        let v0 = version(&t.db, ana, p.id);
        let ab = links.create(pid, new_link(details(a, b))).unwrap();
        assert_eq!(
            (ab.project_id, ab.predecessor, ab.successor, ab.link, ab.lag_days),
            (p.id, a, b, LinkType::FinishToStart, 0)
        );
        assert!(version(&t.db, ana, p.id) > v0, "{}: a link bumps the version", t.name);
        let bc = links.create(pid, new_link(details(b, c))).unwrap();
        // Refused under the lock: a loop, a second link of a pair; nothing written.
        for (p2, s2, why) in [(c, a, MSG_CYCLE), (a, b, "These two tasks are already linked.")] {
            match links.create(pid, new_link(details(p2, s2))) {
                Err(RepoError::Refused(e)) => assert_eq!(e.to_string(), why, "{}", t.name),
                other => panic!("{}: {other:?}", t.name),
            }
        }
        assert_eq!(links.list_for_project(pid).unwrap(), vec![ab, bc], "{}", t.name);

        assert_eq!(links.find_for_owner(UserId::new(ana), DependencyId::new(ab.id)).unwrap(), Some(ab));
        assert_eq!(links.find_for_owner(UserId::new(bo), DependencyId::new(ab.id)).unwrap(), None, "{}", t.name);

        let v1 = version(&t.db, ana, p.id);
        let changed = links
            .update(
                DependencyId::new(ab.id),
                Box::new(|d: &Dependency| {
                    Ok(DependencyDetails {
                        link: LinkType::StartToStart,
                        lag_days: -2,
                        ..details(d.predecessor, d.successor)
                    })
                }),
            )
            .unwrap();
        assert_eq!((changed.link, changed.lag_days, changed.successor), (LinkType::StartToStart, -2, b));
        assert!(version(&t.db, ana, p.id) > v1, "{}: a change bumps the version", t.name);
        links.delete(DependencyId::new(ab.id)).unwrap();
        assert!(matches!(links.delete(DependencyId::new(ab.id)), Err(RepoError::NotFound)), "{}", t.name);
        assert!(matches!(
            links.update(DependencyId::new(ab.id), Box::new(|d: &Dependency| Ok(details(d.predecessor, d.successor)))),
            Err(RepoError::NotFound)
        ));

        // A task gone meanwhile: not found, nothing written; a deleted task takes its links along.
        tasks.delete(&task_ref(p.id, c)).unwrap();
        assert!(links.list_for_project(pid).unwrap().is_empty(), "{}: B -> C went with C", t.name);
        assert!(matches!(links.create(pid, new_link(details(a, c))), Err(RepoError::NotFound)), "{}", t.name);

        // The trail: each change once, by the owner; the refused and missing ones left none.
        let ana_name = Some("ana".to_owned());
        let entry =
            |action: &str, task, summary: &str| (action.to_owned(), Some(task), ana_name.clone(), summary.to_owned());
        assert_eq!(
            trail(&t.db, p.id, "dependency."),
            [
                entry("dependency.created", b, "Linked B to follow A (finish to start)."),
                entry("dependency.created", c, "Linked C to follow B (finish to start)."),
                entry(
                    "dependency.edited",
                    b,
                    "Changed the link of B to A: start to start, lag of -2 working days (was finish to start)."
                ),
                entry("dependency.deleted", b, "Unlinked B from A (start to start, lag of -2 working days)."),
            ],
            "{}",
            t.name
        );
    }
}

#[test]
fn two_links_that_close_a_loop_together_are_never_both_written() {
    const PAIRS: usize = 8;
    for t in backends() {
        let ana = user(&t.db, "ana");
        let tasks: Arc<DieselTaskRepository> = Arc::new(DieselTaskRepository::new(t.db.clone()));
        let service = DependencyService::new(DependencyPorts {
            access: authorizer(&t.db, ana),
            tasks: tasks.clone(),
            dependencies: Arc::new(DieselDependencyRepository::new(t.db.clone())),
        });
        let mut pairs = Vec::new();
        for i in 0..PAIRS {
            let p = project(&t.db, ana, &format!("House {i}"));
            let a = tasks.create(&new_task(p.id, "A")).unwrap().id;
            let b = tasks.create(&new_task(p.id, "B")).unwrap().id;
            pairs.push((p.id, a, b));
        }
        let start = Arc::new(Barrier::new(2 * PAIRS));
        let threads: Vec<_> = pairs
            .iter()
            .flat_map(|&(_, a, b)| [(a, b), (b, a)])
            .map(|(from, to)| {
                let (service, start) = (service.clone(), start.clone());
                std::thread::spawn(move || {
                    start.wait();
                    service.create(UserId::new(ana), Some(from), Some(to), Ok(DependencyChange::default()))
                })
            })
            .collect();
        let results: Vec<_> = threads.into_iter().map(|th| th.join().unwrap()).collect();
        for (i, pair) in results.chunks(2).enumerate() {
            let made = pair.iter().filter(|r| r.is_ok()).count();
            assert_eq!(made, 1, "{}: pair {i}: {pair:?}", t.name);
            assert!(
                pair.iter().any(|r| matches!(r, Err(UseCaseError::Conflict { message, .. }) if message == MSG_CYCLE)),
                "{}: {pair:?}",
                t.name
            );
            let links = DieselDependencyRepository::new(t.db.clone()).list_for_project(ProjectId::new(pairs[i].0));
            assert_eq!(links.unwrap().len(), 1, "{}", t.name);
        }
    }
}

/// A project of `n` tasks (every other one scheduled), a link between each neighbour pair, a
/// delay and an inspection on the first task, a work week of Monday to Wednesday with one
/// holiday and a monthly carrying cost.
fn plan(db: &Db, owner: i64, n: usize) -> (i64, Vec<i64>) {
    let p = project(db, owner, &format!("Plan {n}"));
    let tasks = DieselTaskRepository::new(db.clone());
    let ids: Vec<i64> = (0..n)
        .map(|i| tasks.create(&timed(p.id, &format!("Task {i}"), (i % 2 == 0).then_some(2))).unwrap().id)
        .collect();
    let links = DieselDependencyRepository::new(db.clone());
    for w in ids.windows(2) {
        links.create(ProjectId::new(p.id), new_link(details(w[0], w[1]))).unwrap();
    }
    let (pid, first) = (p.id, ids[0]);
    db.write(move |conn| {
        diesel::update(projects::table.find(pid))
            .set((
                projects::work_week.eq("mon,tue,wed"),
                projects::non_working_days.eq("2026-01-06"),
                projects::monthly_carrying_cost_cents.eq(Some(300_000i64)),
            ))
            .execute(conn)?;
        diesel::insert_into(task_delays::table)
            .values((
                task_delays::project_id.eq(pid),
                task_delays::task_id.eq(first),
                task_delays::days.eq(2),
                task_delays::reason.eq("weather"),
                task_delays::note.eq(""),
                task_delays::recorded_on.eq("2026-01-05"),
                task_delays::created_at.eq(at("2026-01-05")),
                task_delays::updated_at.eq(at("2026-01-05")),
            ))
            .execute(conn)?;
        diesel::insert_into(inspections::table)
            .values((
                inspections::project_id.eq(pid),
                inspections::task_id.eq(first),
                inspections::kind.eq("Footing"),
                inspections::scheduled_on.eq("2026-01-07"),
                inspections::inspector.eq(""),
                inspections::result.eq("failed"),
                inspections::notes.eq(""),
                inspections::created_at.eq(at("2026-01-05")),
                inspections::updated_at.eq(at("2026-01-05")),
            ))
            .execute(conn)?;
        Ok(())
    })
    .unwrap();
    (p.id, ids)
}

#[test]
fn the_schedule_is_read_at_once_in_six_statements_whatever_the_number_of_tasks() {
    for t in backends() {
        let (ana, bo) = (user(&t.db, "ana"), user(&t.db, "bo"));
        let repo = DieselScheduleRepository::new(t.db.clone());
        let mut counts = Vec::new();
        for n in [4, 120] {
            let (p, ids) = plan(&t.db, ana, n);
            let before = t.db.queries_executed();
            let read = repo.schedule_input(UserId::new(ana), ProjectId::new(p)).unwrap().unwrap();
            counts.push(t.db.queries_executed() - before);
            assert_eq!((read.project_id, read.owner_id, read.name.as_str()), (p, ana, format!("Plan {n}").as_str()));
            let input = &read.input;
            assert_eq!(input.start, day("2026-01-05"), "{}", t.name);
            assert_eq!(input.calendar.week.codes(), ["mon", "tue", "wed"], "{}", t.name);
            assert_eq!(input.calendar.non_working_days.iter().copied().collect::<Vec<_>>(), [day("2026-01-06")]);
            assert_eq!(input.monthly_carrying_cost_cents, Some(300_000));
            assert_eq!(input.tasks.iter().map(|t| t.task).collect::<Vec<_>>(), ids, "{}", t.name);
            assert_eq!(input.tasks[0].duration_days, Some(2));
            assert_eq!(input.tasks[1].duration_days, None);
            assert_eq!(input.links.len(), n - 1);
            assert_eq!(input.delays, [(ids[0], 2)]);
            assert_eq!(input.inspections, [(ids[0], day("2026-01-07"), InspectionResult::Failed)]);
            assert_eq!(read.inspections[0].kind, "Footing");
            assert_eq!(read.titles[1], (ids[1], "Task 1".to_owned()));
            assert!(input.baseline.is_empty());
            assert!(repo.schedule_input(UserId::new(bo), ProjectId::new(p)).unwrap().is_none(), "{}", t.name);
        }
        assert_eq!(counts, [6, 6], "{}: one query per table, no N+1", t.name);
    }
}

#[test]
fn a_baseline_replaces_the_last_one_and_records_its_finish_and_time() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let (p, ids) = plan(&t.db, ana, 3);
        let repo = DieselScheduleRepository::new(t.db.clone());
        let entry = |task, start: &str, finish: &str| BaselineEntry { task, start: day(start), finish: day(finish) };
        let snapshot = |tasks: Vec<BaselineEntry>, finish: &str| -> Rule<_, BaselineSnapshot> {
            let snap = BaselineSnapshot { finish: Some(day(finish)), tasks };
            Box::new(move |_| Ok(snap.clone()))
        };
        let v0 = version(&t.db, ana, p);
        let first = vec![entry(ids[0], "2026-01-05", "2026-01-07"), entry(ids[2], "2026-01-08", "2026-01-12")];
        repo.save_baseline(ProjectId::new(p), at("2026-01-02"), snapshot(first, "2026-01-12")).unwrap();
        assert!(version(&t.db, ana, p) > v0, "{}: a baseline bumps the version", t.name);
        let second = vec![entry(ids[2], "2026-01-09", "2026-01-13")];
        // The rule sees the schedule as the write reads it, under the lock.
        let seen: Rule<_, BaselineSnapshot> = Box::new(move |read: &ScheduleRead| {
            assert_eq!(read.input.baseline.len(), 2);
            Ok(BaselineSnapshot { finish: Some(day("2026-01-13")), tasks: second.clone() })
        });
        repo.save_baseline(ProjectId::new(p), at("2026-01-03"), seen).unwrap();
        let read = repo.schedule_input(UserId::new(ana), ProjectId::new(p)).unwrap().unwrap();
        assert_eq!(read.input.baseline, [entry(ids[2], "2026-01-09", "2026-01-13")], "{}", t.name);
        let (finish, taken): (Option<String>, Option<NaiveDateTime>) =
            t.db.read(|conn| {
                projects::table.find(p).select((projects::baseline_finish, projects::baseline_taken_at)).first(conn)
            })
            .unwrap();
        assert_eq!((finish.as_deref(), taken), (Some("2026-01-13"), Some(at("2026-01-03"))), "{}", t.name);
        assert!(matches!(
            repo.save_baseline(ProjectId::new(p + 1000), at("2026-01-03"), snapshot(Vec::new(), "2026-01-13")),
            Err(RepoError::NotFound)
        ));
        let refused: Rule<_, BaselineSnapshot> =
            Box::new(|_: &ScheduleRead| Err(buildledger_domain::FieldErrors::single("baseline", "no")));
        assert!(matches!(repo.save_baseline(ProjectId::new(p), at("2026-01-04"), refused), Err(RepoError::Refused(_))));
        let summaries: Vec<String> = trail(&t.db, p, "schedule.").into_iter().map(|e| e.3).collect();
        assert_eq!(
            summaries,
            [
                "Took a baseline of the schedule: 2 tasks, finishing on 2026-01-12.",
                "Took a new baseline of the schedule: 1 task, finishing on 2026-01-13 (was 2026-01-12).",
            ],
            "{}: a refused baseline leaves no entry",
            t.name
        );
    }
}

#[test]
fn a_calendar_link_is_kept_as_its_hash_replaced_and_revoked() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "Lake house");
        let pid = ProjectId::new(p.id);
        let feeds = DieselCalendarFeedRepository::new(t.db.clone());
        assert_eq!(feeds.find_for_project(pid).unwrap(), None);
        feeds.replace(pid, "hash-1", at("2026-01-02")).unwrap();
        assert_eq!(feeds.find_for_project(pid).unwrap(), Some(at("2026-01-02")));
        assert_eq!(feeds.find_by_token_hash("hash-1").unwrap(), Some((pid, UserId::new(ana))), "{}", t.name);
        feeds.replace(pid, "hash-2", at("2026-01-03")).unwrap();
        assert_eq!(feeds.find_by_token_hash("hash-1").unwrap(), None, "{}: the older link stops working", t.name);
        assert_eq!(feeds.find_for_project(pid).unwrap(), Some(at("2026-01-03")));
        feeds.delete(pid).unwrap();
        feeds.delete(pid).unwrap();
        assert_eq!(feeds.find_by_token_hash("hash-2").unwrap(), None);
        let summaries: Vec<(String, String)> =
            trail(&t.db, p.id, "calendar_feed.").into_iter().map(|e| (e.0, e.3)).collect();
        let entry = |a: &str, s: &str| (a.to_owned(), s.to_owned());
        assert_eq!(
            summaries,
            [
                entry("calendar_feed.created", "Made a calendar feed link."),
                entry("calendar_feed.created", "Made a new calendar feed link; the previous one stopped working."),
                entry("calendar_feed.revoked", "Revoked the calendar feed link; it stopped working."),
            ],
            "{}: revoking no link records nothing",
            t.name
        );
        assert!(matches!(
            feeds.replace(ProjectId::new(p.id + 1000), "hash-3", at("2026-01-03")),
            Err(RepoError::NotFound)
        ));
    }
}

#[test]
fn calendar_links_made_at_once_leave_one_live_link() {
    const WRITERS: usize = 8;
    for t in backends() {
        let ana = user(&t.db, "ana");
        let pid = ProjectId::new(project(&t.db, ana, "Lake house").id);
        let start = Arc::new(Barrier::new(WRITERS));
        let threads: Vec<_> = (0..WRITERS)
            .map(|i| {
                let (feeds, start) = (DieselCalendarFeedRepository::new(t.db.clone()), start.clone());
                std::thread::spawn(move || {
                    start.wait();
                    feeds.replace(pid, &format!("hash-{i}"), at("2026-01-02"))
                })
            })
            .collect();
        for th in threads {
            th.join().unwrap().unwrap_or_else(|e| panic!("{}: {e:?}", t.name));
        }
        let feeds = DieselCalendarFeedRepository::new(t.db.clone());
        let live = (0..WRITERS).filter(|i| feeds.find_by_token_hash(&format!("hash-{i}")).unwrap().is_some()).count();
        assert_eq!(live, 1, "{}", t.name);
    }
}
