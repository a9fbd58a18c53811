//! `Db::write` under concurrency: each write is kept whole or not at all, whatever else runs
//! beside it. On SQLite, writes that queue together share one transaction (group commit), so
//! these tests also check that a write failing inside a shared transaction undoes only itself,
//! and that a panicking write fails the others of its batch instead of keeping them waiting.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Barrier};
use std::time::Duration;

use buildledger_application::error::RepoError;
use buildledger_persistence::schema::users;
use buildledger_persistence::{Db, DbConnection};
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::helpers::backends;

fn insert_user(conn: &mut DbConnection, name: &str) -> Result<i64, DieselError> {
    diesel::insert_into(users::table)
        .values((
            users::username.eq(name),
            users::email.eq(format!("{name}@example.com")),
            users::password_hash.eq("h"),
            users::is_admin.eq(false),
            users::created_at.eq(chrono::Utc::now().naive_utc()),
            users::username_key.eq(name),
            users::email_key.eq(format!("{name}@example.com")),
        ))
        .returning(users::id)
        .get_result(conn)
}

fn user_exists(db: &Db, name: &str) -> bool {
    let name = name.to_owned();
    db.read(move |conn| users::table.filter(users::username.eq(name)).count().get_result::<i64>(conn)).unwrap() == 1
}

#[test]
fn concurrent_writes_are_kept_whole_and_a_failed_one_leaves_nothing() {
    const THREADS: usize = 16;
    const WRITES: usize = 6;
    for t in backends() {
        let db = t.db.clone();
        let start = Arc::new(Barrier::new(THREADS));
        let failed = Arc::new(AtomicUsize::new(0));
        let handles: Vec<_> = (0..THREADS)
            .map(|th| {
                let (db, start, failed) = (db.clone(), start.clone(), failed.clone());
                std::thread::spawn(move || {
                    start.wait();
                    for i in 0..WRITES {
                        let name = format!("w{th}x{i}");
                        let doomed = (th + i) % 4 == 0;
                        let written = name.clone();
                        let result = db.write(move |conn| {
                            let name = &written;
                            insert_user(conn, name)?;
                            // Holding the writer a moment makes others queue behind it.
                            std::thread::sleep(Duration::from_millis(1));
                            insert_user(conn, &format!("{name}-extra"))?;
                            if doomed {
                                // A uniqueness failure after two successful inserts.
                                insert_user(conn, name)?;
                            }
                            Ok(())
                        });
                        match (doomed, result) {
                            (true, Err(RepoError::Conflict(_))) => {
                                failed.fetch_add(1, Ordering::Relaxed);
                            }
                            (false, Ok(())) => {}
                            (doomed, other) => panic!("{name} (doomed: {doomed}): {other:?}"),
                        }
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
        let doomed_total =
            (0..THREADS).flat_map(|th| (0..WRITES).map(move |i| (th + i) % 4 == 0)).filter(|d| *d).count();
        assert_eq!(failed.load(Ordering::Relaxed), doomed_total, "{}", t.name);
        for th in 0..THREADS {
            for i in 0..WRITES {
                let name = format!("w{th}x{i}");
                let kept = (th + i) % 4 != 0;
                assert_eq!(user_exists(&db, &name), kept, "{}: {name}", t.name);
                assert_eq!(user_exists(&db, &format!("{name}-extra")), kept, "{}: {name}-extra", t.name);
            }
        }
        // A quarter of these writes fail, so most batches run again write by write: that writes
        // commit together is checked with rare failures, in the board-writes test below.
    }
}

#[test]
fn a_panicking_write_fails_its_batch_without_hanging_and_the_writer_recovers() {
    const THREADS: usize = 8;
    for t in backends() {
        let db = t.db.clone();
        let start = Arc::new(Barrier::new(THREADS));
        let handles: Vec<_> = (0..THREADS)
            .map(|th| {
                let (db, start) = (db.clone(), start.clone());
                std::thread::spawn(move || {
                    start.wait();
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        db.write(move |conn| {
                            insert_user(conn, &format!("p{th}"))?;
                            std::thread::sleep(Duration::from_millis(2));
                            if th == 3 {
                                panic!("a bug inside a write");
                            }
                            Ok(())
                        })
                    }))
                })
            })
            .collect();
        let outcomes: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        for (th, outcome) in outcomes.iter().enumerate() {
            let kept = user_exists(&db, &format!("p{th}"));
            match outcome {
                Err(_) => assert_eq!(th, 3, "{}: only the buggy write panics", t.name),
                // Acknowledged means stored; refused means not stored.
                Ok(Ok(())) => assert!(kept, "{}: p{th} acknowledged but missing", t.name),
                Ok(Err(_)) => assert!(!kept, "{}: p{th} refused but stored", t.name),
            }
        }
        assert!(!user_exists(&db, "p3"), "{}", t.name);
        // The writer works afterwards.
        db.write(|conn| insert_user(conn, "after")).unwrap();
        assert!(user_exists(&db, "after"), "{}", t.name);
    }
}

/// Board writes (`Db::write_project`): writes queued for one project commit together on both
/// backends. A batch runs without savepoints, so a write that fails or panics in it sends every
/// write of the batch back to run alone (the one failure rule of `queue.rs`): each caller still
/// gets only its own outcome, and nothing of a failed write is kept.
#[test]
fn board_writes_commit_together_and_a_failing_one_fails_alone() {
    const THREADS: usize = 12;
    const WRITES: usize = 5;
    for t in backends() {
        let db = t.db.clone();
        let before = db.batches_committed();
        let start = Arc::new(Barrier::new(THREADS));
        let handles: Vec<_> = (0..THREADS)
            .map(|th| {
                let (db, start) = (db.clone(), start.clone());
                std::thread::spawn(move || {
                    start.wait();
                    (0..WRITES)
                        .map(|i| {
                            let name = format!("b{th}x{i}");
                            // Two "projects": writes for one never share a transaction with the other's.
                            let project = (th % 2) as i64 + 1;
                            // Rare, as in real use (each sends its batch back to run write by write).
                            let doomed = (th, i) == (2, 1) || (th, i) == (5, 3);
                            let panics = (th, i) == (7, 2);
                            let written = name.clone();
                            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                                db.write_project(project, move |conn| {
                                    insert_user(conn, &written)?;
                                    std::thread::sleep(Duration::from_millis(1));
                                    if panics {
                                        panic!("a bug inside a board write");
                                    }
                                    if doomed {
                                        insert_user(conn, &written)?; // a uniqueness failure after a write
                                    }
                                    Ok(())
                                })
                            }));
                            (name, doomed, panics, outcome)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut kept = 0u64;
        for h in handles {
            for (name, doomed, panics, outcome) in h.join().unwrap() {
                let stored = match (doomed, panics, outcome) {
                    (_, true, Err(_)) => false,
                    (true, false, Ok(Err(RepoError::Conflict(_)))) => false,
                    (false, false, Ok(Ok(()))) => {
                        kept += 1;
                        true
                    }
                    (doomed, panics, other) => panic!(
                        "{}: {name} (doomed {doomed}, panics {panics}): {:?}",
                        t.name,
                        other.map(|r| r.map_err(|e| e.to_string()))
                    ),
                };
                assert_eq!(user_exists(&db, &name), stored, "{}: {name}", t.name);
            }
        }
        let committed = db.batches_committed() - before;
        assert!(
            committed < kept,
            "{}: board writes that queued together commit together ({committed} commits for {kept} writes)",
            t.name
        );
        db.write_project(1, |conn| insert_user(conn, "after-board")).unwrap();
        assert!(user_exists(&db, "after-board"), "{}", t.name);
    }
}
