//! Share links on every backend: stored by the hash of their token, listed per project, found
//! only by their owner, gone when revoked or when their project goes, capped per project.

use buildledger_application::error::RepoError;
use buildledger_application::ports::{ProjectRepository, ShareRepository};
use buildledger_domain::share::{NewShare, MAX_SHARES_PER_PROJECT};
use buildledger_persistence::{DieselProjectRepository, DieselShareRepository};
use chrono::NaiveDate;

use crate::helpers::{backends, project, user};

fn new_share(project_id: i64, label: &str, expires_on: Option<&str>) -> NewShare {
    NewShare {
        project_id,
        label: label.into(),
        expires_on: expires_on.map(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").unwrap()),
        include_documents: true,
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
        assert!(repo.find_for_owner(bank.id, bob).unwrap().is_none(), "{}", t.name);
        assert!(repo.find_for_owner(bank.id, ana).unwrap().is_some(), "{}", t.name);

        // Revoked: gone at once; a second revoke is not found.
        repo.delete(bank.id).unwrap();
        assert_eq!(repo.find_by_token_hash("hash-bank").unwrap(), None, "{}", t.name);
        assert!(matches!(repo.delete(bank.id), Err(RepoError::NotFound)), "{}", t.name);

        // A token hash is unique.
        assert!(repo.create(&new_share(p.id, "Again", None), ana, "hash-sam", now()).is_err(), "{}", t.name);

        // The project takes its links with it.
        DieselProjectRepository::new(t.db.clone()).delete(p.id, ana).unwrap();
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
