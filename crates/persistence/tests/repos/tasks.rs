use buildledger_application::error::RepoError;
use buildledger_application::ports::{ProjectRepository, TaskRepository};
use buildledger_domain::ids::{ProjectId, TaskId, TypedId, UserId};
use buildledger_domain::money::Money;
use buildledger_domain::task::{MaterialQuality, NewTask, Task, TaskChanges, TaskStatus, TaskTitle};
use buildledger_persistence::{DieselProjectRepository, DieselTaskRepository};

use crate::helpers::{backends, project, task_ref, user};

fn new_task(project_id: i64, title: &str, status: TaskStatus) -> NewTask {
    NewTask {
        project_id,
        title: TaskTitle::parse(title).unwrap(),
        description: "d".into(),
        status,
        material_quality: MaterialQuality::Standard,
        actual_cost: None,
        due_date: None,
        schedule: Default::default(),
    }
}

/// Titles per column, in board order.
fn columns(tasks: &[Task]) -> Vec<Vec<String>> {
    TaskStatus::ALL.iter().map(|s| tasks.iter().filter(|t| t.status == *s).map(|t| t.title.clone()).collect()).collect()
}

fn positions_are_dense(tasks: &[Task]) -> bool {
    TaskStatus::ALL
        .iter()
        .all(|s| tasks.iter().filter(|t| t.status == *s).enumerate().all(|(i, t)| t.position == i as i32))
}

#[test]
fn new_tasks_go_to_the_end_of_their_column() {
    for t in backends() {
        let owner = user(&t.db, "ana");
        let p = project(&t.db, owner, "P");
        let repo = DieselTaskRepository::new(t.db.clone());
        let a = repo.create(&new_task(p.id, "A", TaskStatus::ToDo)).unwrap();
        let b = repo.create(&new_task(p.id, "B", TaskStatus::ToDo)).unwrap();
        let c = repo.create(&new_task(p.id, "C", TaskStatus::Paid)).unwrap();
        assert_eq!((a.position, b.position, c.position), (0, 1, 0), "{}", t.name);
        let list = repo.list_for_project(p.id).unwrap();
        assert_eq!(columns(&list), vec![vec!["A", "B"], vec![], vec!["C"]]);
    }
}

#[test]
fn moving_between_columns_renumbers_both() {
    for t in backends() {
        let owner = user(&t.db, "ana");
        let p = project(&t.db, owner, "P");
        let repo = DieselTaskRepository::new(t.db.clone());
        let a = repo.create(&new_task(p.id, "A", TaskStatus::ToDo)).unwrap();
        repo.create(&new_task(p.id, "B", TaskStatus::ToDo)).unwrap();
        repo.create(&new_task(p.id, "C", TaskStatus::InProgress)).unwrap();
        repo.create(&new_task(p.id, "D", TaskStatus::InProgress)).unwrap();
        let moved = repo
            .update(
                &task_ref(p.id, a.id),
                &TaskChanges { status: Some(TaskStatus::InProgress), position: Some(1), ..Default::default() },
            )
            .unwrap();
        assert_eq!((moved.status, moved.position), (TaskStatus::InProgress, 1), "{}", t.name);
        let list = repo.list_for_project(p.id).unwrap();
        assert_eq!(columns(&list), vec![vec!["B"], vec!["C", "A", "D"], vec![]], "{}", t.name);
        assert!(positions_are_dense(&list));
        // Without a position, a task changing column goes last.
        repo.update(
            &task_ref(p.id, a.id),
            &TaskChanges {
                status: Some(TaskStatus::Paid),
                actual_cost: Some(Money::from_cents(500)),
                ..Default::default()
            },
        )
        .unwrap();
        let list = repo.list_for_project(p.id).unwrap();
        assert_eq!(columns(&list), vec![vec!["B"], vec!["C", "D"], vec!["A"]]);
        assert!(positions_are_dense(&list));
        assert_eq!(list.iter().find(|x| x.title == "A").unwrap().actual_cost, Money::from_cents(500));
    }
}

#[test]
fn reordering_within_a_column_keeps_positions_dense() {
    for t in backends() {
        let owner = user(&t.db, "ana");
        let p = project(&t.db, owner, "P");
        let repo = DieselTaskRepository::new(t.db.clone());
        let ids: Vec<i64> = ["A", "B", "C", "D"]
            .iter()
            .map(|n| repo.create(&new_task(p.id, n, TaskStatus::ToDo)).unwrap().id)
            .collect();
        repo.update(&task_ref(p.id, ids[3]), &TaskChanges { position: Some(0), ..Default::default() }).unwrap();
        assert_eq!(columns(&repo.list_for_project(p.id).unwrap())[0], vec!["D", "A", "B", "C"], "{}", t.name);
        repo.update(&task_ref(p.id, ids[3]), &TaskChanges { position: Some(99), ..Default::default() }).unwrap();
        let list = repo.list_for_project(p.id).unwrap();
        assert_eq!(columns(&list)[0], vec!["A", "B", "C", "D"]);
        assert!(positions_are_dense(&list));
    }
}

#[test]
fn field_changes_and_clearing_nullable_fields() {
    for t in backends() {
        let owner = user(&t.db, "ana");
        let p = project(&t.db, owner, "P");
        let repo = DieselTaskRepository::new(t.db.clone());
        let a = repo.create(&new_task(p.id, "A", TaskStatus::ToDo)).unwrap();
        let due = chrono::NaiveDate::from_ymd_opt(2026, 5, 1);
        let u = repo
            .update(
                &task_ref(p.id, a.id),
                &TaskChanges {
                    title: Some(TaskTitle::parse("Roofing").unwrap()),
                    actual_cost: Some(Money::from_cents(12_345)),
                    due_date: Some(due),
                    material_quality: Some(MaterialQuality::Premium),
                    ..Default::default()
                },
            )
            .unwrap();
        assert_eq!(
            (u.title.as_str(), u.actual_cost, u.due_date, u.material_quality),
            ("Roofing", Money::from_cents(12_345), due, MaterialQuality::Premium)
        );
        let cleared = repo
            .update(
                &task_ref(p.id, a.id),
                &TaskChanges { actual_cost: Some(None), due_date: Some(None), ..Default::default() },
            )
            .unwrap();
        assert_eq!((cleared.actual_cost, cleared.due_date), (None, None), "{}", t.name);
        assert_eq!(cleared.description, "d");
    }
}

#[test]
fn deleting_a_task_closes_the_gap_and_every_write_bumps_the_version() {
    for t in backends() {
        let owner = user(&t.db, "ana");
        let p = project(&t.db, owner, "P");
        let projects = DieselProjectRepository::new(t.db.clone());
        let repo = DieselTaskRepository::new(t.db.clone());
        let version = |repo: &DieselProjectRepository| {
            repo.find_for_owner(UserId::new(owner), ProjectId::new(p.id)).unwrap().unwrap().version
        };
        let v0 = version(&projects);
        let a = repo.create(&new_task(p.id, "A", TaskStatus::ToDo)).unwrap();
        repo.create(&new_task(p.id, "B", TaskStatus::ToDo)).unwrap();
        let v1 = version(&projects);
        assert!(v1 > v0);
        repo.delete(&task_ref(p.id, a.id)).unwrap();
        let v2 = version(&projects);
        assert!(v2 > v1, "{}", t.name);
        let list = repo.list_for_project(p.id).unwrap();
        assert_eq!(columns(&list)[0], vec!["B"]);
        assert!(positions_are_dense(&list));
    }
}

#[test]
fn a_task_is_found_only_through_its_owner() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let bob = user(&t.db, "bob");
        let p = project(&t.db, ana, "P");
        let repo = DieselTaskRepository::new(t.db.clone());
        let a = repo.create(&new_task(p.id, "A", TaskStatus::ToDo)).unwrap();
        let (task, proj) = repo.find_for_owner(UserId::new(ana), TaskId::new(a.id)).unwrap().unwrap();
        assert_eq!((task.id, proj.id), (a.id, p.id));
        assert!(repo.find_for_owner(UserId::new(bob), TaskId::new(a.id)).unwrap().is_none(), "{}", t.name);
    }
}

/// Moves, creates and deletes checked against a plain model of the board after every step,
/// including many moves into one spot (each halves the gap between two sort keys until the
/// column has to be spaced out again) and moves past the end of a column.
#[test]
fn the_board_matches_a_model_through_many_moves_into_the_same_spot() {
    for t in backends() {
        let owner = user(&t.db, "ana");
        let p = project(&t.db, owner, "P");
        let repo = DieselTaskRepository::new(t.db.clone());
        // model[column] = task ids in board order
        let mut model: Vec<Vec<i64>> = vec![Vec::new(); 3];
        for i in 0..12 {
            let status = TaskStatus::ALL[i % 3];
            let created = repo.create(&new_task(p.id, &format!("T{i}"), status)).unwrap();
            assert_eq!(created.position as usize, model[i % 3].len());
            model[i % 3].push(created.id);
        }
        let mut seed = 7u64;
        let mut next = |n: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        for step in 0..120 {
            let all: Vec<i64> = model.iter().flatten().copied().collect();
            let id = all[next(all.len() as u64) as usize];
            let from = model.iter().position(|c| c.contains(&id)).unwrap();
            // Half the moves go to index 1 of "In Progress", so one gap is split over and over.
            let (to, wanted) = if step % 2 == 0 { (1, 1) } else { (next(3) as usize, next(8) as i32) };
            model[from].retain(|x| *x != id);
            let at = (wanted as usize).min(model[to].len());
            model[to].insert(at, id);
            let moved = repo
                .update(
                    &task_ref(p.id, id),
                    &TaskChanges { status: Some(TaskStatus::ALL[to]), position: Some(wanted), ..Default::default() },
                )
                .unwrap();
            assert_eq!((moved.status, moved.position as usize), (TaskStatus::ALL[to], at), "{} step {step}", t.name);
            let (found, _) = repo.find_for_owner(UserId::new(owner), TaskId::new(id)).unwrap().unwrap();
            assert_eq!((found.status, found.position as usize), (TaskStatus::ALL[to], at), "{} step {step}", t.name);
            if step % 10 == 9 {
                // A delete leaves a gap that positions close by themselves.
                let gone = model[to].remove(0);
                repo.delete(&task_ref(p.id, gone)).unwrap();
            }
            let list = repo.list_for_project(p.id).unwrap();
            let seen: Vec<Vec<i64>> = TaskStatus::ALL
                .iter()
                .map(|s| list.iter().filter(|x| x.status == *s).map(|x| x.id).collect())
                .collect();
            assert_eq!(seen, model, "{} step {step}", t.name);
            assert!(positions_are_dense(&list), "{} step {step}", t.name);
        }
    }
}

/// The project given with a task change must hold the task: otherwise NotFound, and neither the
/// task nor either project's version changes (on PostgreSQL the change runs in the
/// `board_update_task` function, which also bumps the version first).
#[test]
fn a_task_change_through_another_project_is_not_found_and_changes_nothing() {
    for t in backends() {
        let owner = user(&t.db, "ana");
        let p = project(&t.db, owner, "P");
        let q = project(&t.db, owner, "Q");
        let projects = DieselProjectRepository::new(t.db.clone());
        let repo = DieselTaskRepository::new(t.db.clone());
        let a = repo.create(&new_task(p.id, "A", TaskStatus::ToDo)).unwrap();
        let version =
            |id: i64| projects.find_for_owner(UserId::new(owner), ProjectId::new(id)).unwrap().unwrap().version;
        let (vp, vq) = (version(p.id), version(q.id));
        let moved = repo.update(
            &task_ref(q.id, a.id),
            &TaskChanges { status: Some(TaskStatus::Paid), position: Some(0), ..Default::default() },
        );
        assert!(matches!(moved, Err(RepoError::NotFound)), "{}: {moved:?}", t.name);
        assert!(
            matches!(
                repo.update(&task_ref(p.id, a.id + 1000), &TaskChanges { position: Some(0), ..Default::default() }),
                Err(RepoError::NotFound)
            ),
            "{}",
            t.name
        );
        assert!(matches!(repo.delete(&task_ref(q.id, a.id)), Err(RepoError::NotFound)), "{}", t.name);
        assert_eq!((version(p.id), version(q.id)), (vp, vq), "{}", t.name);
        let list = repo.list_for_project(p.id).unwrap();
        assert_eq!((list.len(), list[0].status), (1, TaskStatus::ToDo), "{}", t.name);
    }
}

/// The sort keys written by each backend are exactly those of the domain's card-move rule
/// (domain/board_order.rs): on SQLite the repository applies it step by step, on PostgreSQL the
/// `board_update_task` function (migration 000004) repeats it in PL/pgSQL for one round trip,
/// so this checks that copy against the rule, respacing included.
#[test]
fn every_backend_writes_the_sort_keys_of_the_domain_rule() {
    use std::collections::BTreeMap;

    use buildledger_domain::board_order::{key_after, respaced_key, slot_between, Slot};
    use buildledger_persistence::schema::tasks;
    use diesel::prelude::*;

    /// id -> (column, key), as the rule places them.
    struct Model(BTreeMap<i64, (usize, i64)>, usize);
    impl Model {
        /// (key, id) of a column in board order, leaving `except` out.
        fn column(&self, c: usize, except: i64) -> Vec<(i64, i64)> {
            let mut v: Vec<(i64, i64)> = self
                .0
                .iter()
                .filter(|(id, (col, _))| *col == c && **id != except)
                .map(|(id, (_, k))| (*k, *id))
                .collect();
            v.sort();
            v
        }
        fn end_key(&self, c: usize, except: i64) -> i64 {
            key_after(self.column(c, except).last().map(|(k, _)| *k))
        }
        fn place(&mut self, id: i64, to: usize, wanted: usize) {
            for _ in 0..2 {
                let col = self.column(to, id);
                let before = wanted.checked_sub(1).and_then(|i| col.get(i)).map(|(k, _)| *k);
                let after = col.get(wanted).map(|(k, _)| *k);
                let key = match slot_between(before, after) {
                    Slot::Key(k) => k,
                    Slot::End => self.end_key(to, id),
                    Slot::NoRoom => {
                        // Spaced out with the moving card where it stands, if it is in that column.
                        let mut all = self.column(to, i64::MIN);
                        all.sort();
                        for (rank, (_, other)) in all.into_iter().enumerate() {
                            self.0.insert(other, (to, respaced_key(rank as i64 + 1)));
                        }
                        self.1 += 1;
                        continue;
                    }
                };
                self.0.insert(id, (to, key));
                return;
            }
            panic!("no room after respacing");
        }
    }

    for t in backends() {
        let owner = user(&t.db, "ana");
        let p = project(&t.db, owner, "P");
        let repo = DieselTaskRepository::new(t.db.clone());
        let mut model = Model(BTreeMap::new(), 0);
        for i in 0..9 {
            let c = i % 3;
            let key = model.end_key(c, 0);
            let created = repo.create(&new_task(p.id, &format!("T{i}"), TaskStatus::ALL[c])).unwrap();
            model.0.insert(created.id, (c, key));
        }
        let mut seed = 11u64;
        let mut next = |n: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        for step in 0..150 {
            let ids: Vec<i64> = model.0.keys().copied().collect();
            let id = ids[next(ids.len() as u64) as usize];
            // Most moves into one spot (respacing), some anywhere, some past the end.
            let (to, wanted) = if step % 3 != 2 { (1, 1) } else { (next(3) as usize, next(7) as usize) };
            model.place(id, to, wanted);
            let changes =
                TaskChanges { status: Some(TaskStatus::ALL[to]), position: Some(wanted as i32), ..Default::default() };
            repo.update(&task_ref(p.id, id), &changes).unwrap();
            let stored: BTreeMap<i64, (usize, i64)> =
                t.db.read(|conn| {
                    tasks::table
                        .filter(tasks::project_id.eq(p.id))
                        .select((tasks::id, tasks::status, tasks::sort_key))
                        .load::<(i64, String, i64)>(conn)
                })
                .unwrap()
                .into_iter()
                .map(|(id, s, k)| (id, (TaskStatus::ALL.iter().position(|x| x.label() == s).unwrap(), k)))
                .collect();
            assert_eq!(stored, model.0, "{} step {step}", t.name);
        }
        assert!(model.1 >= 3, "the moves respaced a column {} times", model.1);
    }
}

#[test]
fn an_empty_board_is_started_in_one_write_and_a_started_one_is_a_conflict() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "House");
        let repo = DieselTaskRepository::new(t.db.clone());
        let new = |title: &str, status| NewTask {
            project_id: p.id,
            title: TaskTitle::parse(title).unwrap(),
            description: String::new(),
            status,
            material_quality: MaterialQuality::Standard,
            actual_cost: None,
            due_date: None,
            schedule: Default::default(),
        };
        let list =
            [new("Foundation", TaskStatus::ToDo), new("Framing", TaskStatus::ToDo), new("Permit", TaskStatus::Paid)];
        let created = repo.create_first(p.id, &list, &[(0, 1)]).unwrap();
        assert_eq!(created.iter().map(|t| t.position).collect::<Vec<_>>(), [0, 1, 0], "{}", t.name);
        let board = repo.list_for_project(p.id).unwrap();
        let titles: Vec<(&str, i32)> = board.iter().map(|t| (t.title.as_str(), t.position)).collect();
        assert_eq!(titles, [("Foundation", 0), ("Framing", 1), ("Permit", 0)], "{}", t.name);
        // A task added later goes after them.
        let more = repo.create(&new("Roofing", TaskStatus::ToDo)).unwrap();
        assert_eq!(more.position, 2, "{}", t.name);
        let again = repo.create_first(p.id, &list, &[]);
        assert!(matches!(again, Err(RepoError::Conflict(ref f)) if f == "tasks"), "{}: {again:?}", t.name);
        assert_eq!(repo.list_for_project(p.id).unwrap().len(), 4, "{}: nothing added", t.name);
    }
}
