use buildledger_application::error::RepoError;
use buildledger_application::ports::{NewUser, UserRepository};
use buildledger_persistence::DieselUserRepository;

use crate::helpers::backends;

#[test]
fn users_are_found_by_username_or_email_in_any_case() {
    for t in backends() {
        let repo = DieselUserRepository::new(t.db.clone());
        let u = repo.create(&NewUser::new("Ana", "Ana@Example.com", "h")).unwrap();
        assert!(!u.is_admin);
        assert_eq!(repo.find_by_login("ana").unwrap().unwrap().id, u.id, "{}", t.name);
        assert_eq!(repo.find_by_login("ANA@example.COM").unwrap().unwrap().id, u.id, "{}", t.name);
        assert!(repo.find_by_login("bob").unwrap().is_none());
        assert_eq!(repo.find_by_id(u.id).unwrap().unwrap().username, "Ana");
    }
}

/// A login with `@` is an email and nothing else: an account whose username is someone's email
/// (stored before usernames lost `@`) cannot capture that email's login.
#[test]
fn a_login_with_an_at_sign_only_ever_matches_an_email() {
    for t in backends() {
        let repo = DieselUserRepository::new(t.db.clone());
        let ana = repo.create(&NewUser::new("ana", "ana@example.com", "h")).unwrap();
        // Created first, so a query matching username OR email would find it first.
        let squatter = NewUser::new("bob@example.com", "x@evil.test", "h");
        let squatter = repo.create(&squatter).unwrap();
        let bob = repo.create(&NewUser::new("bob", "bob@example.com", "h")).unwrap();
        assert_eq!(repo.find_by_login("BOB@example.com").unwrap().unwrap().id, bob.id, "{}", t.name);
        assert_eq!(repo.find_by_login("x@evil.test").unwrap().unwrap().id, squatter.id, "{}", t.name);
        assert_eq!(repo.find_by_login("ana").unwrap().unwrap().id, ana.id, "{}", t.name);
    }
}

#[test]
fn usernames_and_emails_are_unique_case_insensitively() {
    for t in backends() {
        let repo = DieselUserRepository::new(t.db.clone());
        repo.create(&NewUser::new("ana", "ana@example.com", "h")).unwrap();
        let dup_name = repo.create(&NewUser::new("ANA", "other@example.com", "h"));
        assert!(matches!(dup_name, Err(RepoError::Conflict(ref f)) if f == "username"), "{}: {dup_name:?}", t.name);
        let dup_mail = repo.create(&NewUser::new("bob", "ANA@EXAMPLE.COM", "h"));
        assert!(matches!(dup_mail, Err(RepoError::Conflict(ref f)) if f == "email"), "{}: {dup_mail:?}", t.name);
    }
}

#[test]
fn a_username_that_looks_like_a_taken_one_is_refused() {
    for t in backends() {
        let repo = DieselUserRepository::new(t.db.clone());
        repo.create(&NewUser::new("paypal", "p@example.com", "h")).unwrap();
        // Cyrillic "а" for the Latin one, and a digit one for an "l".
        for look_alike in ["p\u{0430}ypal", "PAYPA1"] {
            let dup = repo.create(&NewUser::new(look_alike, format!("{}@example.com", look_alike.len()), "h"));
            assert!(
                matches!(dup, Err(RepoError::Conflict(ref f)) if f == "username_skeleton"),
                "{}: {look_alike} {dup:?}",
                t.name
            );
        }
        assert!(repo.create(&NewUser::new("paypals", "q@example.com", "h")).is_ok(), "{}", t.name);
    }
}

#[test]
fn the_admin_flag_can_be_granted_and_revoked() {
    for t in backends() {
        let repo = DieselUserRepository::new(t.db.clone());
        let u = repo.create(&NewUser::new("ana", "ana@example.com", "h")).unwrap();
        assert!(repo.set_admin("ANA", true).unwrap());
        assert!(repo.find_by_id(u.id).unwrap().unwrap().is_admin);
        assert!(repo.set_admin("ana", false).unwrap());
        assert!(!repo.find_by_id(u.id).unwrap().unwrap().is_admin);
        assert!(!repo.set_admin("ghost", true).unwrap());
    }
}

#[test]
fn a_sqlite_backup_holds_the_data_and_opens_as_a_database() {
    let t = backends().into_iter().next().unwrap();
    let repo = DieselUserRepository::new(t.db.clone());
    repo.create(&NewUser::new("ana", "ana@example.com", "h")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let dest = dir.path().join("backup.sqlite3");
    t.db.backup_sqlite(&dest).unwrap();
    assert!(t.db.backup_sqlite(&dest).is_err(), "an existing file is never overwritten");
    // Restore = open the copy: the user is there.
    let restored = buildledger_persistence::Db::connect(&format!("sqlite://{}", dest.display()), 1).unwrap();
    restored.run_migrations().unwrap();
    assert!(DieselUserRepository::new(restored).find_by_login("ana").unwrap().is_some());
}

#[test]
fn unicode_usernames_are_matched_and_unique_in_any_case() {
    for t in backends() {
        let repo = DieselUserRepository::new(t.db.clone());
        let u = repo.create(&NewUser::new("Émile", "Émile@Exemple.fr", "h")).unwrap();
        assert_eq!(repo.find_by_login("émile").unwrap().map(|x| x.id), Some(u.id), "{}", t.name);
        assert_eq!(repo.find_by_login("ÉMILE@exemple.FR").unwrap().map(|x| x.id), Some(u.id), "{}", t.name);
        let dup = repo.create(&NewUser::new("émile", "other@example.com", "h"));
        assert!(matches!(dup, Err(RepoError::Conflict(ref f)) if f == "username"), "{}: {dup:?}", t.name);
    }
}
