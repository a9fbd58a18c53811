//! Boards stored before sparse sort keys (migration 2026-11-23-000003) keep their order.

use buildledger_application::ports::TaskRepository;
use buildledger_persistence::db::{POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS};
use buildledger_persistence::{Backend, Db, DieselTaskRepository};
use diesel::connection::SimpleConnection;
use diesel::Connection;
use diesel_migrations::MigrationHarness;

use crate::helpers::task_ref;

/// Dense positions of two columns, written in a scrambled order.
const OLD_BOARD: &str = "
INSERT INTO users (id, username, email, password_hash, is_admin, created_at, username_key, email_key)
    VALUES (1, 'ana', 'ana@example.com', 'h', FALSE, '2026-11-01 00:00:00', 'ana', 'ana@example.com');
INSERT INTO projects (id, owner_id, name, zip_code, project_type, square_footage, start_date, end_date, budget_cents, owner_builder, version, created_at, updated_at)
    VALUES (1, 1, 'Old', '78701', 'new_home_build', 2400, '2026-01-01', '2026-12-01', 100, 'yes_owner_builder', 7, '2026-11-01 00:00:00', '2026-11-01 00:00:00');
INSERT INTO tasks (id, project_id, title, status, material_quality, position, created_at, updated_at) VALUES
    (1, 1, 'C', 'To Do', 'standard', 2, '2026-11-01 00:00:00', '2026-11-01 00:00:00'),
    (2, 1, 'A', 'To Do', 'standard', 0, '2026-11-01 00:00:00', '2026-11-01 00:00:00'),
    (3, 1, 'Y', 'Paid', 'standard', 1, '2026-11-01 00:00:00', '2026-11-01 00:00:00'),
    (4, 1, 'B', 'To Do', 'standard', 1, '2026-11-01 00:00:00', '2026-11-01 00:00:00'),
    (5, 1, 'X', 'Paid', 'standard', 0, '2026-11-01 00:00:00', '2026-11-01 00:00:00');
";

fn check(db: &Db, name: &str) {
    let repo = DieselTaskRepository::new(db.clone());
    let board: Vec<(String, String, i32)> = repo
        .list_for_project(1)
        .unwrap()
        .into_iter()
        .map(|t| (t.status.label().to_owned(), t.title, t.position))
        .collect();
    let expected = [("To Do", "A", 0), ("To Do", "B", 1), ("To Do", "C", 2), ("Paid", "X", 0), ("Paid", "Y", 1)];
    assert_eq!(board, expected.map(|(s, t, p)| (s.to_owned(), t.to_owned(), p)).to_vec(), "{name}");
    // And moves work on the migrated keys.
    let moved = repo
        .update(&task_ref(1, 1), &buildledger_domain::task::TaskChanges { position: Some(0), ..Default::default() })
        .unwrap();
    assert_eq!(moved.position, 0, "{name}");
    let titles: Vec<String> = repo.list_for_project(1).unwrap().into_iter().map(|t| t.title).collect();
    assert_eq!(titles, ["C", "A", "B", "X", "Y"], "{name}");
}

#[test]
fn dense_positions_become_sort_keys_in_the_same_order() {
    // SQLite
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite3");
    {
        let mut conn = diesel::sqlite::SqliteConnection::establish(path.to_str().unwrap()).unwrap();
        conn.run_next_migration(SQLITE_MIGRATIONS).unwrap();
        conn.run_next_migration(SQLITE_MIGRATIONS).unwrap();
        conn.batch_execute(OLD_BOARD).unwrap();
    }
    let db = Db::connect(&format!("sqlite://{}", path.display()), 2).unwrap();
    assert_eq!(db.backend(), Backend::Sqlite);
    db.run_migrations().unwrap();
    check(&db, "sqlite");

    // PostgreSQL
    let Ok(admin_url) = std::env::var("TEST_POSTGRES_URL") else { return };
    if admin_url.is_empty() {
        return;
    }
    let dbname = format!("bl_migr_{}", std::process::id());
    let mut admin = diesel::pg::PgConnection::establish(&admin_url).unwrap();
    admin.batch_execute(&format!("DROP DATABASE IF EXISTS \"{dbname}\"; ")).unwrap();
    admin.batch_execute(&format!("CREATE DATABASE \"{dbname}\"")).unwrap();
    let url = format!("{}/{dbname}", admin_url.rsplit_once('/').unwrap().0);
    {
        let mut conn = diesel::pg::PgConnection::establish(&url).unwrap();
        conn.run_next_migration(POSTGRES_MIGRATIONS).unwrap();
        conn.run_next_migration(POSTGRES_MIGRATIONS).unwrap();
        conn.batch_execute(OLD_BOARD).unwrap();
        conn.batch_execute("SELECT setval('tasks_id_seq', 5)").unwrap();
    }
    let db = Db::connect(&url, 2).unwrap();
    db.run_migrations().unwrap();
    check(&db, "postgres");
    drop(db);
    let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS \"{dbname}\" WITH (FORCE)"));
}

/// The SQLite file and its WAL hold every user's records: owner-only, whether the file is new or
/// was left readable by an older version.
#[cfg(unix)]
#[test]
fn the_sqlite_database_and_its_wal_are_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("data").join("bl.sqlite3");
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    {
        let db = Db::connect(&format!("sqlite://{}", path.display()), 2).unwrap();
        db.run_migrations().unwrap();
        db.write(|conn| conn.batch_execute("CREATE TABLE IF NOT EXISTS t (x INTEGER); INSERT INTO t VALUES (1)"))
            .unwrap();
        assert_eq!(mode(&path), 0o600);
        let wal = path.with_extension("sqlite3-wal");
        assert!(wal.exists(), "WAL mode writes a -wal file");
        assert_eq!(mode(&wal), 0o600);
    }
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    let _db = Db::connect(&format!("sqlite://{}", path.display()), 2).unwrap();
    assert_eq!(mode(&path), 0o600, "an existing readable file is tightened");
}

/// After a burst of writes the WAL holds every page written (PASSIVE checkpoints copy them back
/// but never shrink the file); once the database has been idle for a moment it is truncated.
#[test]
fn the_wal_is_truncated_when_the_database_goes_idle() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bl.sqlite3");
    let db = Db::connect(&format!("sqlite://{}", path.display()), 2).unwrap();
    db.run_migrations().unwrap();
    db.write(|conn| conn.batch_execute("CREATE TABLE burst (x TEXT)")).unwrap();
    let insert = format!("INSERT INTO burst VALUES {}", vec![format!("('{}')", "x".repeat(500)); 200].join(","));
    for _ in 0..40 {
        let insert = insert.clone();
        db.write(move |conn| conn.batch_execute(&insert)).unwrap();
    }
    let wal = path.with_extension("sqlite3-wal");
    let size = || std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0);
    assert!(size() > 1_000_000, "the burst fills the WAL: {} bytes", size());
    let deadline =
        std::time::Instant::now() + buildledger_persistence::IDLE_BEFORE_TRUNCATE + std::time::Duration::from_secs(15);
    while size() > 0 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert_eq!(size(), 0, "the WAL is truncated once idle");
    // Nothing was lost.
    let count: i64 = db
        .read(|conn| {
            #[derive(diesel::QueryableByName)]
            struct N {
                #[diesel(sql_type = diesel::sql_types::BigInt)]
                n: i64,
            }
            diesel::RunQueryDsl::get_result::<N>(diesel::sql_query("SELECT COUNT(*) AS n FROM burst"), conn)
                .map(|r| r.n)
        })
        .unwrap();
    assert_eq!(count, 8_000);
}
