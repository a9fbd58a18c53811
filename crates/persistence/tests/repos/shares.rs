//! Share links on every backend: stored by the hash of their token, listed per project, found
//! only by their owner, gone when revoked or when their project goes, capped per project; what
//! each shows (documents, bids, payments) kept as made, and links made before migration
//! 2026-11-26-000010 show neither bids nor payments.

use buildledger_application::error::RepoError;
use buildledger_application::ports::{ProjectRepository, ShareRepository};
use buildledger_domain::ids::{ProjectId, ShareId, TypedId, UserId};
use buildledger_domain::share::{NewShare, MAX_SHARES_PER_PROJECT};
use buildledger_persistence::db::{POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS};
use buildledger_persistence::{Db, DieselProjectRepository, DieselShareRepository};
use chrono::NaiveDate;
use diesel::backend::Backend;
use diesel::connection::SimpleConnection;
use diesel::Connection;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness};

use crate::helpers::{backends, project, user};

fn new_share(project_id: i64, label: &str, expires_on: Option<&str>) -> NewShare {
    NewShare {
        project_id,
        label: label.into(),
        expires_on: expires_on.map(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").unwrap()),
        include_documents: true,
        include_bids: false,
        include_payments: false,
        include_draws: false,
    }
}

fn now() -> chrono::NaiveDateTime {
    chrono::Utc::now().naive_utc().with_nanosecond_zero()
}

trait NoNanos {
    fn with_nanosecond_zero(self) -> Self;
}

impl NoNanos for chrono::NaiveDateTime {
    fn with_nanosecond_zero(self) -> Self {
        chrono::Timelike::with_nanosecond(&self, 0).unwrap()
    }
}

#[test]
fn links_are_kept_by_their_hash_and_found_by_their_owner() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let bob = user(&t.db, "bob");
        let p = project(&t.db, ana, "House");
        let repo = DieselShareRepository::new(t.db.clone());
        let bank = repo.create(&new_share(p.id, "Bank", Some("2026-12-31")), ana, "hash-bank", now()).unwrap();
        let sam = repo.create(&new_share(p.id, "Sam", None), ana, "hash-sam", now()).unwrap();
        assert_eq!(bank.expires_on, NaiveDate::from_ymd_opt(2026, 12, 31), "{}", t.name);
        assert!(bank.include_documents && bank.owner_id == ana, "{}", t.name);
        let labels: Vec<String> = repo.list_for_project(p.id).unwrap().into_iter().map(|s| s.label).collect();
        assert_eq!(labels, ["Bank", "Sam"], "{}", t.name);
        assert_eq!(repo.find_by_token_hash("hash-sam").unwrap().map(|s| s.id), Some(sam.id), "{}", t.name);
        assert_eq!(repo.find_by_token_hash("hash-nope").unwrap(), None, "{}", t.name);
        assert!(repo.find_for_owner(UserId::new(bob), ShareId::new(bank.id)).unwrap().is_none(), "{}", t.name);
        assert!(repo.find_for_owner(UserId::new(ana), ShareId::new(bank.id)).unwrap().is_some(), "{}", t.name);

        // Revoked: gone at once; a second revoke is not found.
        repo.delete(bank.id).unwrap();
        assert_eq!(repo.find_by_token_hash("hash-bank").unwrap(), None, "{}", t.name);
        assert!(matches!(repo.delete(bank.id), Err(RepoError::NotFound)), "{}", t.name);

        // A token hash is unique.
        assert!(repo.create(&new_share(p.id, "Again", None), ana, "hash-sam", now()).is_err(), "{}", t.name);

        // The project takes its links with it.
        DieselProjectRepository::new(t.db.clone()).delete(UserId::new(ana), ProjectId::new(p.id)).unwrap();
        assert_eq!(repo.find_by_token_hash("hash-sam").unwrap(), None, "{}", t.name);
    }
}

#[test]
fn a_project_has_at_most_fifty_links() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "House");
        let repo = DieselShareRepository::new(t.db.clone());
        for i in 0..MAX_SHARES_PER_PROJECT {
            repo.create(&new_share(p.id, "L", None), ana, &format!("h{i}"), now()).unwrap();
        }
        let over = repo.create(&new_share(p.id, "L", None), ana, "h-over", now());
        assert!(matches!(over, Err(RepoError::Conflict(_))), "{}", t.name);
        assert_eq!(repo.list_for_project(p.id).unwrap().len() as i64, MAX_SHARES_PER_PROJECT, "{}", t.name);
    }
}

#[test]
fn each_link_keeps_what_it_shows() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "House");
        let repo = DieselShareRepository::new(t.db.clone());
        let scopes = [(false, false, false), (true, false, false), (false, true, false), (false, false, true)];
        for (i, (docs, bids, payments)) in scopes.into_iter().enumerate() {
            let new = NewShare {
                include_documents: docs,
                include_bids: bids,
                include_payments: payments,
                ..new_share(p.id, "L", None)
            };
            let created = repo.create(&new, ana, &format!("scope-{i}"), now()).unwrap();
            let found = repo.find_by_token_hash(&format!("scope-{i}")).unwrap().unwrap();
            for s in [created, found] {
                assert_eq!(
                    (s.include_documents, s.include_bids, s.include_payments),
                    (docs, bids, payments),
                    "{}",
                    t.name
                );
            }
        }
        let listed: Vec<(bool, bool, bool)> = repo
            .list_for_project(p.id)
            .unwrap()
            .into_iter()
            .map(|s| (s.include_documents, s.include_bids, s.include_payments))
            .collect();
        assert_eq!(listed, scopes, "{}", t.name);
        assert!(repo.list_for_project(p.id).unwrap().iter().all(|s| !s.include_draws), "{}", t.name);
    }
}

#[test]
fn a_link_with_draws_keeps_them() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "House");
        let repo = DieselShareRepository::new(t.db.clone());
        let new = NewShare { include_draws: true, include_documents: false, ..new_share(p.id, "Bank", None) };
        let created = repo.create(&new, ana, "draws", now()).unwrap();
        let found = repo.find_by_token_hash("draws").unwrap().unwrap();
        let owned = repo.find_for_owner(UserId::new(ana), ShareId::new(created.id)).unwrap().unwrap();
        let listed = repo.list_for_project(p.id).unwrap().remove(0);
        for s in [created, found, owned, listed] {
            assert_eq!((s.include_draws, s.include_documents, s.include_payments), (true, false, false), "{}", t.name);
        }
    }
}

/// A user, a project and a link with documents, as made before what a link shows was chosen.
const OLD_LINK: &str = "
INSERT INTO users (id, username, email, password_hash, is_admin, created_at, username_key, email_key)
    VALUES (1, 'ana', 'ana@example.com', 'h', FALSE, '2026-11-01 00:00:00', 'ana', 'ana@example.com');
INSERT INTO projects (id, owner_id, name, zip_code, project_type, square_footage, start_date, end_date, budget_cents, owner_builder, version, created_at, updated_at)
    VALUES (1, 1, 'Old', '78701', 'new_home_build', 2400, '2026-01-01', '2026-12-01', 100, 'yes_owner_builder', 7, '2026-11-01 00:00:00', '2026-11-01 00:00:00');
INSERT INTO project_shares (id, project_id, owner_id, label, token_hash, expires_on, include_documents, created_at)
    VALUES (1, 1, 1, 'Bank', 'old-hash', NULL, TRUE, '2026-11-25 00:00:00');
";

/// Runs the migrations that come before the one choosing what a link shows.
fn migrate_before_share_scope<DB: Backend>(conn: &mut impl MigrationHarness<DB>, all: EmbeddedMigrations) {
    for m in conn.pending_migrations(all).unwrap() {
        if m.name().to_string().starts_with("2026-11-26-000010") {
            return;
        }
        conn.run_migration(m.as_ref()).unwrap();
    }
    panic!("no migration 2026-11-26-000010");
}

fn check_old_link(db: &Db, name: &str) {
    let old = DieselShareRepository::new(db.clone()).find_by_token_hash("old-hash").unwrap().unwrap();
    // Showing bids and payments to every holder was the leak: old links show neither.
    assert_eq!((old.include_documents, old.include_bids, old.include_payments), (true, false, false), "{name}");
    // Nor draws (issue 34); the old project has no address, no retainage, waivers above $500.
    assert!(!old.include_draws, "{name}");
    let project = DieselProjectRepository::new(db.clone()).find_for_owner(UserId::new(1), ProjectId::new(1));
    let d = project.unwrap().unwrap().details;
    assert_eq!((d.address.as_str(), d.lender_name.as_str(), d.loan_number.as_str()), ("", "", ""), "{name}");
    assert_eq!((d.retainage_basis_points, d.waiver_threshold.cents()), (0, 50_000), "{name}");
}

#[test]
fn links_made_before_the_choice_show_neither_bids_nor_payments() {
    // SQLite
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite3");
    {
        let mut conn = diesel::sqlite::SqliteConnection::establish(path.to_str().unwrap()).unwrap();
        migrate_before_share_scope(&mut conn, SQLITE_MIGRATIONS);
        conn.batch_execute(OLD_LINK).unwrap();
    }
    let db = Db::connect(&format!("sqlite://{}", path.display()), 2).unwrap();
    db.run_migrations().unwrap();
    check_old_link(&db, "sqlite");

    // PostgreSQL
    let Ok(admin_url) = std::env::var("TEST_POSTGRES_URL") else { return };
    if admin_url.is_empty() {
        return;
    }
    let dbname = format!("bl_share_scope_{}", std::process::id());
    let mut admin = diesel::pg::PgConnection::establish(&admin_url).unwrap();
    admin.batch_execute(&format!("DROP DATABASE IF EXISTS \"{dbname}\" WITH (FORCE)")).unwrap();
    admin.batch_execute(&format!("CREATE DATABASE \"{dbname}\"")).unwrap();
    let url = format!("{}/{dbname}", admin_url.rsplit_once('/').unwrap().0);
    {
        let mut conn = diesel::pg::PgConnection::establish(&url).unwrap();
        migrate_before_share_scope(&mut conn, POSTGRES_MIGRATIONS);
        conn.batch_execute(OLD_LINK).unwrap();
    }
    let db = Db::connect(&url, 2).unwrap();
    db.run_migrations().unwrap();
    check_old_link(&db, "postgres");
    drop(db);
    let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS \"{dbname}\" WITH (FORCE)"));
}
