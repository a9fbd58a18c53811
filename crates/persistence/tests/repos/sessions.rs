//! Sessions (refresh token rotation, reuse detection, revocation), password reset links, password
//! change and account deletion, on every backend.

use buildledger_application::ports::{
    DocumentRepository, NewDocument, PasswordResetRepository, ProjectRepository, Rotation, SessionRepository,
    TaskRepository, UserRepository,
};
use buildledger_domain::ids::{ProjectId, TypedId, UserId};
use buildledger_domain::task::{MaterialQuality, NewTask, TaskStatus, TaskTitle};
use buildledger_persistence::{
    DieselDocumentRepository, DieselPasswordResetRepository, DieselProjectRepository, DieselSessionRepository,
    DieselTaskRepository, DieselUserRepository,
};
use chrono::{Duration, NaiveDate, NaiveDateTime};

use crate::helpers::{backends, project, user};

fn at(minutes: i64) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 11, 24).unwrap().and_hms_opt(12, 0, 0).unwrap() + Duration::minutes(minutes)
}

fn later() -> NaiveDateTime {
    at(14 * 24 * 60)
}

#[test]
fn a_refresh_token_rotates_once_and_a_reused_one_revokes_its_session() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let repo = DieselSessionRepository::new(t.db.clone());
        let sid = repo.create(ana, "j1", at(0), later()).unwrap();
        let grace = |now: i64| at(now) - Duration::seconds(30);
        assert_eq!(
            repo.rotate(sid, ana, "j1", "j2", at(1), later(), grace(1)).unwrap(),
            Rotation::Rotated,
            "{}",
            t.name
        );
        // The token just replaced, within the grace: the current id and when the rotation that
        // replaced it happened (its pair is answered again), no new rotation.
        assert_eq!(
            repo.rotate(sid, ana, "j1", "jX", at(1), later(), grace(1)).unwrap(),
            Rotation::AlreadyRotated { current_jti: "j2".into(), rotated_at: at(1) },
            "{}",
            t.name
        );
        assert_eq!(repo.rotate(sid, ana, "j2", "j3", at(2), later(), grace(2)).unwrap(), Rotation::Rotated);
        // j1 again, long after: a copy is in someone else's hands. The session ends...
        assert_eq!(repo.rotate(sid, ana, "j1", "j4", at(10), later(), grace(10)).unwrap(), Rotation::Refused);
        // ...so even the current token is refused now.
        assert_eq!(
            repo.rotate(sid, ana, "j3", "j5", at(11), later(), grace(11)).unwrap(),
            Rotation::Refused,
            "{}",
            t.name
        );
    }
}

#[test]
fn revoked_expired_and_other_users_sessions_do_not_rotate() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let bob = user(&t.db, "bob");
        let repo = DieselSessionRepository::new(t.db.clone());
        let s1 = repo.create(ana, "a1", at(0), later()).unwrap();
        let s2 = repo.create(ana, "a2", at(0), later()).unwrap();
        let s3 = repo.create(ana, "a3", at(0), at(5)).unwrap();
        let grace = at(0);
        assert_eq!(repo.rotate(s1, bob, "a1", "x", at(1), later(), grace).unwrap(), Rotation::Refused, "{}", t.name);
        repo.revoke(s1, ana, at(1)).unwrap();
        assert_eq!(repo.rotate(s1, ana, "a1", "x", at(2), later(), grace).unwrap(), Rotation::Refused);
        assert_eq!(repo.rotate(s3, ana, "a3", "x", at(6), later(), grace).unwrap(), Rotation::Refused, "expired");
        assert_eq!(repo.rotate(s2, ana, "a2", "b2", at(2), later(), grace).unwrap(), Rotation::Rotated);
        // Signing out everywhere but one session, then everywhere.
        let s4 = repo.create(ana, "a4", at(3), later()).unwrap();
        assert_eq!(repo.revoke_all(ana, Some(s4), at(4)).unwrap(), 1, "{}: only s2 was standing", t.name);
        assert_eq!(repo.rotate(s2, ana, "b2", "c2", at(5), later(), grace).unwrap(), Rotation::Refused);
        assert_eq!(repo.rotate(s4, ana, "a4", "b4", at(5), later(), grace).unwrap(), Rotation::Rotated);
        assert_eq!(repo.revoke_all(ana, None, at(6)).unwrap(), 1);
        assert_eq!(repo.rotate(s4, ana, "b4", "c4", at(7), later(), grace).unwrap(), Rotation::Refused);
    }
}

#[test]
fn a_password_change_keeps_only_the_callers_session() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let sessions = DieselSessionRepository::new(t.db.clone());
        let users = DieselUserRepository::new(t.db.clone());
        let mine = sessions.create(ana, "m", at(0), later()).unwrap();
        let other = sessions.create(ana, "o", at(0), later()).unwrap();
        users.change_password(ana, "new-hash", Some(mine), at(1)).unwrap();
        assert_eq!(users.find_by_id(ana).unwrap().unwrap().password_hash, "new-hash", "{}", t.name);
        assert_eq!(sessions.rotate(other, ana, "o", "o2", at(2), later(), at(0)).unwrap(), Rotation::Refused);
        assert_eq!(sessions.rotate(mine, ana, "m", "m2", at(2), later(), at(0)).unwrap(), Rotation::Rotated);
        assert!(users.change_password(9999, "h", None, at(3)).is_err(), "{}: unknown user", t.name);
    }
}

#[test]
fn a_reset_link_works_once_before_it_expires_and_signs_out_every_session() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let resets = DieselPasswordResetRepository::new(t.db.clone());
        let sessions = DieselSessionRepository::new(t.db.clone());
        let users = DieselUserRepository::new(t.db.clone());
        let s = sessions.create(ana, "j", at(0), later()).unwrap();
        resets.create(ana, "hash-1", at(0), at(30)).unwrap();
        resets.create(ana, "hash-2", at(1), at(31)).unwrap();
        assert_eq!(resets.count_since(ana, at(0)).unwrap(), 2, "{}", t.name);
        assert_eq!(resets.find_valid("hash-1", at(29)).unwrap(), Some(ana));
        assert_eq!(resets.find_valid("hash-1", at(30)).unwrap(), None, "expired at 30 minutes");
        assert_eq!(resets.find_valid("nope", at(1)).unwrap(), None);
        assert_eq!(
            resets.consume("hash-1", "h2", at(30)).unwrap(),
            None,
            "{}: an expired link changes nothing",
            t.name
        );
        assert_eq!(users.find_by_id(ana).unwrap().unwrap().password_hash, "h");
        assert_eq!(resets.consume("hash-1", "h2", at(5)).unwrap(), Some(ana));
        assert_eq!(users.find_by_id(ana).unwrap().unwrap().password_hash, "h2", "{}", t.name);
        assert_eq!(resets.consume("hash-1", "h3", at(6)).unwrap(), None, "used once");
        assert_eq!(resets.consume("hash-2", "h3", at(6)).unwrap(), None, "the other open link is spent too");
        assert_eq!(sessions.rotate(s, ana, "j", "k", at(7), later(), at(0)).unwrap(), Rotation::Refused);
    }
}

#[test]
fn deleting_a_user_removes_everything_they_own_and_returns_their_files() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let bob = user(&t.db, "bob");
        let p = project(&t.db, ana, "House");
        let bobs = project(&t.db, bob, "Bob's");
        let tasks = DieselTaskRepository::new(t.db.clone());
        let docs = DieselDocumentRepository::new(t.db.clone());
        let new_task = |project_id| NewTask {
            project_id,
            title: TaskTitle::parse("Framing").unwrap(),
            description: String::new(),
            status: TaskStatus::ToDo,
            material_quality: MaterialQuality::Basic,
            actual_cost: None,
            due_date: None,
            schedule: Default::default(),
        };
        let task = tasks.create(&new_task(p.id)).unwrap();
        let bobs_task = tasks.create(&new_task(bobs.id)).unwrap();
        for (task_id, key) in [(task.id, "ana-1"), (task.id, "ana-2"), (bobs_task.id, "bob-1")] {
            docs.create(&NewDocument {
                task_id,
                name: "quote.pdf".into(),
                content_type: "application/pdf".into(),
                size_bytes: 10,
                storage_key: key.into(),
            })
            .unwrap();
        }
        assert_eq!(docs.list_for_owner(ana).unwrap().len(), 2, "{}", t.name);
        DieselSessionRepository::new(t.db.clone()).create(ana, "j", at(0), later()).unwrap();
        DieselPasswordResetRepository::new(t.db.clone()).create(ana, "r", at(0), at(30)).unwrap();
        // A contractor with an awarded bid (bids.contractor_id is ON DELETE RESTRICT) and a
        // subscription that still bills.
        t.db.write(move |conn| {
            use diesel::RunQueryDsl;
            let now = "2026-11-26 10:00:00";
            diesel::sql_query(format!(
                "INSERT INTO contractors (owner_id, name, created_at, updated_at) VALUES ({ana}, 'Acme', '{now}', '{now}')"
            ))
            .execute(conn)?;
            diesel::sql_query(format!(
                "INSERT INTO bids (task_id, project_id, contractor_id, amount_cents, status, created_at, updated_at) \
                 SELECT {}, {}, id, 90000, 'awarded', '{now}', '{now}' FROM contractors WHERE owner_id = {ana}",
                task.id, p.id
            ))
            .execute(conn)?;
            diesel::sql_query(format!(
                "INSERT INTO subscriptions (user_id, customer_id, subscription_id, status, cancel_at_period_end, updated_at) \
                 VALUES ({ana}, 'cus_ana', 'sub_ana', 'active', FALSE, '{now}')"
            ))
            .execute(conn)
        })
        .unwrap();
        let count = |sql: &'static str| {
            t.db.read(move |conn| {
                use diesel::RunQueryDsl;
                #[derive(diesel::QueryableByName)]
                struct N {
                    #[diesel(sql_type = diesel::sql_types::BigInt)]
                    n: i64,
                }
                diesel::sql_query(sql).get_result::<N>(conn).map(|r| r.n)
            })
            .unwrap()
        };
        let users = DieselUserRepository::new(t.db.clone());
        let mut deleted = users.delete(ana).unwrap();
        deleted.storage_keys.sort();
        assert_eq!(deleted.storage_keys, ["ana-1", "ana-2"], "{}", t.name);
        assert_eq!(deleted.subscription_to_cancel.as_deref(), Some("sub_ana"), "{}", t.name);
        assert_eq!(count("SELECT COUNT(*) AS n FROM contractors"), 0, "{}", t.name);
        assert_eq!(count("SELECT COUNT(*) AS n FROM bids"), 0, "{}", t.name);
        assert_eq!(count("SELECT COUNT(*) AS n FROM subscriptions"), 0, "{}", t.name);
        assert_eq!(count("SELECT COUNT(*) AS n FROM sessions"), 0, "{}", t.name);
        // Recorded, in the same transaction, to be canceled at the provider.
        assert_eq!(count("SELECT COUNT(*) AS n FROM billing_cancellations WHERE subscription_id = 'sub_ana'"), 1);
        assert!(users.find_by_id(ana).unwrap().is_none());
        assert!(DieselProjectRepository::new(t.db.clone())
            .find_for_owner(UserId::new(ana), ProjectId::new(p.id))
            .unwrap()
            .is_none());
        assert!(docs.list_for_owner(ana).unwrap().is_empty());
        // Bob keeps all of his.
        assert_eq!(docs.list_for_owner(bob).unwrap().len(), 1, "{}", t.name);
        assert!(DieselProjectRepository::new(t.db.clone())
            .find_for_owner(UserId::new(bob), ProjectId::new(bobs.id))
            .unwrap()
            .is_some());
        assert!(users.delete(ana).is_err(), "{}: already gone", t.name);
    }
}
