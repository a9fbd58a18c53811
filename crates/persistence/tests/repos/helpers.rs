use buildledger_application::ports::{NewUser, ProjectRepository, UserRepository};
use buildledger_domain::money::Money;
use buildledger_domain::project::{parse_date, OwnerBuilder, Project, ProjectDetails, ProjectInput, ProjectType};
use buildledger_persistence::{Db, DieselProjectRepository, DieselUserRepository};
use diesel::connection::SimpleConnection;
use diesel::Connection;

/// A migrated, empty database of one backend, removed when dropped.
pub struct TestDb {
    pub db: Db,
    pub name: &'static str,
    _dir: Option<tempfile::TempDir>,
    pg_drop: Option<(String, String)>,
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Some((admin_url, dbname)) = self.pg_drop.take() {
            if let Ok(mut c) = diesel::pg::PgConnection::establish(&admin_url) {
                let _ = c.batch_execute(&format!("DROP DATABASE IF EXISTS \"{dbname}\" WITH (FORCE)"));
            }
        }
    }
}

fn sqlite() -> TestDb {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("test.sqlite3").display());
    let db = Db::connect(&url, 4).unwrap();
    db.run_migrations().unwrap();
    TestDb { db, name: "sqlite", _dir: Some(dir), pg_drop: None }
}

fn postgres(admin_url: &str) -> TestDb {
    let dbname = format!("bl_test_{}_{}", std::process::id(), rand_suffix());
    let mut admin = diesel::pg::PgConnection::establish(admin_url).expect("TEST_POSTGRES_URL must reach PostgreSQL");
    admin.batch_execute(&format!("CREATE DATABASE \"{dbname}\"")).unwrap();
    let url = match admin_url.rsplit_once('/') {
        Some((base, _)) => format!("{base}/{dbname}"),
        None => panic!("TEST_POSTGRES_URL needs a database path"),
    };
    let db = Db::connect(&url, 4).unwrap();
    db.run_migrations().unwrap();
    TestDb { db, name: "postgres", _dir: None, pg_drop: Some((admin_url.to_owned(), dbname)) }
}

fn rand_suffix() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos());
    h.finish()
}

/// Every backend available to this run.
pub fn backends() -> Vec<TestDb> {
    let mut all = vec![sqlite()];
    match std::env::var("TEST_POSTGRES_URL") {
        Ok(url) if !url.is_empty() => all.push(postgres(&url)),
        _ => {}
    }
    all
}

pub fn user(db: &Db, name: &str) -> i64 {
    DieselUserRepository::new(db.clone()).create(&NewUser::new(name, format!("{name}@example.com"), "h")).unwrap().id
}

pub fn details(name: &str) -> ProjectDetails {
    ProjectDetails::parse(ProjectInput {
        name: Some(name.into()),
        zip_code: Some("78701".into()),
        project_type: Some(ProjectType::Renovation),
        renovation_options: Some(vec!["Kitchen".into(), "Deck".into()]),
        square_footage: Some(2400),
        start_date: parse_date("2026-01-05").ok(),
        end_date: parse_date("2026-12-20").ok(),
        budget: Money::from_cents(45_000_050),
        owner_builder: Some(OwnerBuilder::Yes),
        ..Default::default()
    })
    .unwrap()
}

pub fn project(db: &Db, owner: i64, name: &str) -> Project {
    DieselProjectRepository::new(db.clone()).create(owner, &details(name)).unwrap()
}

/// A To Do task of basic quality, without a cost or a due date.
pub fn new_task(project_id: i64, title: &str) -> buildledger_domain::task::NewTask {
    use buildledger_domain::task::{MaterialQuality, NewTask, TaskStatus, TaskTitle};
    NewTask {
        project_id,
        title: TaskTitle::parse(title).unwrap(),
        description: String::new(),
        status: TaskStatus::ToDo,
        material_quality: MaterialQuality::Basic,
        actual_cost: None,
        due_date: None,
        schedule: Default::default(),
    }
}

/// Task `id` of project `project_id`, as the task repository's update and delete take it (they
/// read its id and project only; the other fields are placeholders).
pub fn task_ref(project_id: i64, id: i64) -> buildledger_domain::task::Task {
    use buildledger_domain::task::{MaterialQuality, Task, TaskStatus};
    Task {
        id,
        project_id,
        title: String::new(),
        description: String::new(),
        status: TaskStatus::ToDo,
        material_quality: MaterialQuality::Basic,
        actual_cost: None,
        due_date: None,
        position: 0,
        bids: Default::default(),
        ledger: Default::default(),
        schedule: Default::default(),
    }
}
