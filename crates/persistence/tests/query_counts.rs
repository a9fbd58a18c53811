//! Performance properties that do not depend on the machine: the number of statements a board
//! read and a task change send to the database stays the same whatever the board's size, and
//! many concurrent writers on SQLite never meet "database is locked". Runs on a temporary
//! SQLite file always, and on PostgreSQL too when `TEST_POSTGRES_URL` is set.

#[path = "repos/helpers.rs"]
#[allow(dead_code)]
mod helpers;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use buildledger_application::ports::TaskRepository;
use buildledger_domain::money::Money;
use buildledger_domain::task::{MaterialQuality, NewTask, Task, TaskChanges, TaskStatus, TaskTitle};
use buildledger_persistence::{Db, DieselTaskRepository};

use helpers::{backends, project, task_ref, user};

fn new_task(project_id: i64, i: usize) -> NewTask {
    let status = TaskStatus::ALL[i % TaskStatus::ALL.len()];
    NewTask {
        project_id,
        title: TaskTitle::parse(&format!("Task {i}")).unwrap(),
        description: "d".into(),
        status,
        material_quality: MaterialQuality::Standard,
        actual_cost: None,
        due_date: None,
        schedule: Default::default(),
    }
}

/// Statements sent to the database while `f` runs (nothing else uses `db` meanwhile).
fn count<T>(db: &Db, f: impl FnOnce() -> T) -> (u64, T) {
    let before = db.queries_executed();
    let out = f();
    (db.queries_executed() - before, out)
}

fn positions_are_dense(tasks: &[Task]) -> bool {
    TaskStatus::ALL
        .iter()
        .all(|s| tasks.iter().filter(|t| t.status == *s).enumerate().all(|(i, t)| t.position == i as i32))
}

/// Statements per board read, per create, per move between columns, per move inside a column
/// and per field edit, on a board of `n` tasks.
fn costs(db: &Db, n: usize) -> [u64; 5] {
    let owner = user(db, &format!("owner{n}"));
    let p = project(db, owner, "Board");
    let repo = DieselTaskRepository::new(db.clone());
    for i in 0..n {
        repo.create(&new_task(p.id, i)).unwrap();
    }
    let (read, board) = count(db, || repo.list_for_project(p.id).unwrap());
    assert_eq!(board.len(), n);
    let (create, created) = count(db, || repo.create(&new_task(p.id, 0)).unwrap());
    // From the top of "To Do" to the middle of "In Progress": both columns renumber.
    let first = board.iter().find(|t| t.status == TaskStatus::ToDo).unwrap().id;
    let (across, moved) = count(db, || {
        repo.update(
            &task_ref(p.id, first),
            &TaskChanges { status: Some(TaskStatus::InProgress), position: Some((n / 6) as i32), ..Default::default() },
        )
        .unwrap()
    });
    assert_eq!((moved.status, moved.position), (TaskStatus::InProgress, (n / 6) as i32));
    let (within, moved) = count(db, || {
        repo.update(&task_ref(p.id, created.id), &TaskChanges { position: Some(0), ..Default::default() }).unwrap()
    });
    assert_eq!(moved.position, 0);
    let (edit, edited) = count(db, || {
        repo.update(
            &task_ref(p.id, created.id),
            &TaskChanges {
                title: Some(TaskTitle::parse("Framing").unwrap()),
                actual_cost: Some(Money::from_cents(1250)),
                ..Default::default()
            },
        )
        .unwrap()
    });
    assert_eq!((edited.title.as_str(), edited.actual_cost), ("Framing", Money::from_cents(1250)));
    // What update returned is what is stored.
    let after = repo.list_for_project(p.id).unwrap();
    assert!(positions_are_dense(&after));
    assert_eq!(after.iter().find(|t| t.id == edited.id), Some(&edited));
    [read, create, across, within, edit]
}

#[test]
fn statements_per_board_read_and_task_change_do_not_grow_with_the_board() {
    for t in backends() {
        let small = costs(&t.db, 10);
        let large = costs(&t.db, 200);
        println!("{}: statements [read, create, move across, move within, edit] = {small:?}", t.name);
        assert_eq!(small, large, "{}: statement counts must not depend on the number of tasks", t.name);
        // A board read is one query: no N+1, no per-column queries.
        assert_eq!(small[0], 1, "{}", t.name);
        // A change is one short transaction: BEGIN + at most 6 statements + COMMIT.
        assert!(small[1..].iter().all(|&n| n <= 8), "{}: {small:?}", t.name);
    }
}

#[test]
fn many_concurrent_writers_never_see_a_lock_error_and_keep_positions_dense() {
    const WRITERS: usize = 32;
    const MOVES: usize = 40;
    for t in backends() {
        let owner = user(&t.db, "ana");
        let p = project(&t.db, owner, "Busy");
        let repo = Arc::new(DieselTaskRepository::new(t.db.clone()));
        let ids: Vec<i64> = (0..60).map(|i| repo.create(&new_task(p.id, i)).unwrap().id).collect();
        let errors = Arc::new(AtomicUsize::new(0));
        let reads = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..WRITERS)
            .map(|w| {
                let (repo, ids, errors, reads) = (repo.clone(), ids.clone(), errors.clone(), reads.clone());
                std::thread::spawn(move || {
                    for m in 0..MOVES {
                        let id = ids[(w * 7 + m * 13) % ids.len()];
                        let status = TaskStatus::ALL[(w + m) % TaskStatus::ALL.len()];
                        let changes = TaskChanges {
                            status: Some(status),
                            position: (m % 2 == 0).then_some((m % 5) as i32),
                            ..Default::default()
                        };
                        if let Err(e) = repo.update(&task_ref(p.id, id), &changes) {
                            eprintln!("writer {w}: {e:?}");
                            errors.fetch_add(1, Ordering::Relaxed);
                        }
                        // Readers run beside the writers (WAL).
                        if m % 4 == 0 {
                            match repo.list_for_project(p.id) {
                                Ok(list) if list.len() == 60 => {
                                    reads.fetch_add(1, Ordering::Relaxed);
                                }
                                other => {
                                    eprintln!("reader {w}: {other:?}");
                                    errors.fetch_add(1, Ordering::Relaxed);
                                }
                            }
                        }
                    }
                })
            })
            .collect();
        for th in threads {
            th.join().unwrap();
        }
        assert_eq!(
            errors.load(Ordering::Relaxed),
            0,
            "{}: no writer or reader may fail (e.g. database is locked)",
            t.name
        );
        assert_eq!(reads.load(Ordering::Relaxed), WRITERS * MOVES / 4);
        let list = repo.list_for_project(p.id).unwrap();
        assert_eq!(list.len(), 60);
        assert!(positions_are_dense(&list), "{}: positions stay dense under concurrent moves", t.name);
    }
}
