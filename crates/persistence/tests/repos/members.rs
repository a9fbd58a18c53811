//! Project members on every backend (issue 35): invitations stored by the hash of their token,
//! one open invitation per address (an expired one replaced), accepted once however many
//! requests race, roles changed, members removed or leaving; each write with its activity entry
//! in its transaction, and the joined projects listed with the role and the owner's name.

use std::sync::Arc;

use buildledger_application::activity::ActivityRepository;
use buildledger_application::error::RepoError;
use buildledger_application::members::{email_key, MemberRepository, NewInvitation, Removal, MSG_ALREADY_JOINED};
use buildledger_application::ports::ProjectRepository;
use buildledger_domain::ids::{TypedId, UserId};
use buildledger_domain::member::{Role, MSG_INVITATION_EXPIRED, MSG_INVITATION_USED};
use buildledger_domain::DomainError;
use buildledger_persistence::{Db, DieselActivityRepository, DieselMemberRepository, DieselProjectRepository};
use chrono::{Duration, NaiveDateTime, Timelike};

use crate::helpers::{backends, project, user};

fn now() -> NaiveDateTime {
    chrono::Utc::now().naive_utc().with_nanosecond(0).unwrap()
}

fn invitation(project_id: i64, email: &str, role: Role, hash: &str, by: i64, at: NaiveDateTime) -> NewInvitation {
    NewInvitation {
        project_id,
        email: email.into(),
        email_key: email_key(email),
        role,
        token_hash: hash.into(),
        invited_by: by,
        invited_at: at,
        expires_at: at + Duration::days(7),
    }
}

/// The project's members' entries in its trail, oldest first: (action, actor, summary).
fn trail(db: &Db, project_id: i64) -> Vec<(String, Option<String>, String)> {
    let mut entries: Vec<_> = DieselActivityRepository::new(db.clone())
        .list(project_id, None, None, 100)
        .unwrap()
        .into_iter()
        .filter(|e| e.action.starts_with("member."))
        .map(|e| (e.action, e.actor, e.summary))
        .collect();
    entries.reverse();
    entries
}

fn token_refusal(e: RepoError) -> String {
    match e {
        RepoError::Refused(DomainError::Validation(f)) => f.as_map()["token"][0].clone(),
        other => panic!("not a token refusal: {other:?}"),
    }
}

#[test]
fn an_invitation_is_kept_by_its_hash_and_joined_once() {
    for t in backends() {
        let dana = user(&t.db, "dana");
        let sam = user(&t.db, "sam");
        let p = project(&t.db, dana, "Lake house");
        let repo = DieselMemberRepository::new(t.db.clone());
        let at = now();
        let invited = repo.invite(&invitation(p.id, "Sam@Example.com", Role::Partner, "hash-sam", dana, at)).unwrap();
        assert_eq!((invited.user_id, invited.username.as_deref(), invited.joined_at), (None, None, None), "{}", t.name);
        assert_eq!((invited.email.as_str(), invited.role, invited.invited_at), ("Sam@Example.com", Role::Partner, at));

        let found = repo.find_by_token("hash-sam").unwrap().unwrap();
        assert_eq!(
            (found.member.id, found.project_owner_id, found.email_key.as_str()),
            (invited.id, dana, "sam@example.com")
        );
        assert!(repo.find_by_token("hash-nope").unwrap().is_none(), "{}", t.name);

        let joined = repo.accept(invited.id, sam, at + Duration::hours(1)).unwrap();
        assert_eq!((joined.user_id, joined.username.as_deref()), (Some(sam), Some("sam")), "{}", t.name);
        assert_eq!(joined.joined_at, Some(at + Duration::hours(1)), "{}", t.name);
        let again = repo.accept(invited.id, user(&t.db, "eve"), at + Duration::hours(2)).unwrap_err();
        assert_eq!(token_refusal(again), MSG_INVITATION_USED, "{}", t.name);

        let listed = DieselProjectRepository::new(t.db.clone()).list_joined(UserId::new(sam)).unwrap();
        assert_eq!(listed.len(), 1, "{}", t.name);
        assert_eq!((listed[0].0.id, listed[0].1, listed[0].2.as_str()), (p.id, Role::Partner, "dana"), "{}", t.name);
        assert!(DieselProjectRepository::new(t.db.clone()).list_joined(UserId::new(dana)).unwrap().is_empty());

        assert_eq!(
            trail(&t.db, p.id),
            vec![
                ("member.invited".into(), Some("dana".into()), "Invited Sam@Example.com as a partner.".into()),
                ("member.joined".into(), Some("sam".into()), "sam joined the project as a partner.".into()),
            ],
            "{}",
            t.name
        );
    }
}

#[test]
fn an_address_has_one_open_invitation_and_an_expired_one_is_replaced() {
    for t in backends() {
        let dana = user(&t.db, "dana");
        let sam = user(&t.db, "sam");
        let p = project(&t.db, dana, "Lake house");
        let other = project(&t.db, dana, "Barn");
        let repo = DieselMemberRepository::new(t.db.clone());
        let at = now() - Duration::days(10);
        repo.invite(&invitation(p.id, "sam@example.com", Role::Viewer, "h1", dana, at)).unwrap();
        let conflict = |r: Result<_, RepoError>| {
            matches!(r, Err(RepoError::Refused(DomainError::Conflict { field: "email", .. })))
        };
        // Open at the time of the second invitation.
        assert!(
            conflict(repo.invite(&invitation(p.id, " SAM@example.com", Role::Partner, "h2", dana, at))),
            "{}",
            t.name
        );
        // Another project may invite the address.
        repo.invite(&invitation(other.id, "sam@example.com", Role::Viewer, "h3", dana, at)).unwrap();
        // Expired by now: replaced.
        let fresh = repo.invite(&invitation(p.id, "sam@example.com", Role::Partner, "h4", dana, now())).unwrap();
        let list = repo.list(p.id).unwrap();
        assert_eq!(list.iter().map(|m| m.id).collect::<Vec<_>>(), vec![fresh.id], "{}", t.name);
        assert!(repo.find_by_token("h1").unwrap().is_none(), "{}", t.name);

        // A joined member's address (the invited one, or their account's) is taken too.
        repo.accept(fresh.id, sam, now()).unwrap();
        let later = now() + Duration::days(30);
        assert!(conflict(repo.invite(&invitation(p.id, "sam@example.com", Role::Viewer, "h5", dana, later))));
        let bob = user(&t.db, "bob");
        let bob_inv = repo.invite(&invitation(p.id, "robert@example.com", Role::Viewer, "h6", dana, now())).unwrap();
        // bob's account address is bob@example.com; he joins through an invitation to another one...
        let err = repo.accept(bob_inv.id, bob, now()).map(|_| ());
        assert!(err.is_ok(), "{}: {err:?}", t.name);
        // ...and his account's address is now taken in this project.
        assert!(conflict(repo.invite(&invitation(p.id, "bob@example.com", Role::Viewer, "h7", dana, now()))));
        assert!(matches!(
            repo.invite(&invitation(p.id + 100, "x@example.com", Role::Viewer, "h8", dana, now())),
            Err(RepoError::NotFound)
        ));
    }
}

#[test]
fn an_expired_invitation_or_a_second_membership_joins_nobody() {
    for t in backends() {
        let dana = user(&t.db, "dana");
        let sam = user(&t.db, "sam");
        let p = project(&t.db, dana, "Lake house");
        let repo = DieselMemberRepository::new(t.db.clone());
        let at = now();
        let old = repo.invite(&invitation(p.id, "sam@example.com", Role::Viewer, "h1", dana, at)).unwrap();
        let err = repo.accept(old.id, sam, at + Duration::days(7)).unwrap_err();
        assert_eq!(token_refusal(err), MSG_INVITATION_EXPIRED, "{}", t.name);
        repo.accept(old.id, sam, at).unwrap();
        let second = repo.invite(&invitation(p.id, "sam.work@example.com", Role::Partner, "h2", dana, at)).unwrap();
        assert_eq!(token_refusal(repo.accept(second.id, sam, at).unwrap_err()), MSG_ALREADY_JOINED, "{}", t.name);
        assert!(repo.find(p.id, second.id).unwrap().unwrap().joined_at.is_none(), "{}", t.name);
    }
}

#[test]
fn racing_acceptances_join_one_user() {
    for t in backends() {
        let dana = user(&t.db, "dana");
        let p = project(&t.db, dana, "Lake house");
        let repo = Arc::new(DieselMemberRepository::new(t.db.clone()));
        let inv = repo.invite(&invitation(p.id, "sam@example.com", Role::Viewer, "h1", dana, now())).unwrap();
        let users: Vec<i64> = (0..6).map(|i| user(&t.db, &format!("u{i}"))).collect();
        let handles: Vec<_> = users
            .into_iter()
            .map(|u| {
                let repo = repo.clone();
                std::thread::spawn(move || repo.accept(inv.id, u, now()).is_ok())
            })
            .collect();
        let won = handles.into_iter().map(|h| h.join().unwrap()).filter(|ok| *ok).count();
        assert_eq!(won, 1, "{}", t.name);
        let joined = trail(&t.db, p.id).into_iter().filter(|(a, _, _)| a == "member.joined").count();
        assert_eq!(joined, 1, "{}", t.name);
    }
}

#[test]
fn roles_change_members_go_and_a_member_leaves_only_themself() {
    for t in backends() {
        let dana = user(&t.db, "dana");
        let sam = user(&t.db, "sam");
        let vic = user(&t.db, "vic");
        let p = project(&t.db, dana, "Lake house");
        let other = project(&t.db, dana, "Barn");
        let repo = DieselMemberRepository::new(t.db.clone());
        let at = now();
        let s = repo.invite(&invitation(p.id, "sam@example.com", Role::Viewer, "h1", dana, at)).unwrap();
        let v = repo.invite(&invitation(p.id, "vic@example.com", Role::Viewer, "h2", dana, at)).unwrap();
        let open = repo.invite(&invitation(p.id, "zoe@example.com", Role::Viewer, "h3", dana, at)).unwrap();
        repo.accept(s.id, sam, at).unwrap();
        repo.accept(v.id, vic, at).unwrap();

        assert_eq!(repo.set_role(p.id, s.id, Role::Partner).unwrap().role, Role::Partner, "{}", t.name);
        assert_eq!(repo.set_role(p.id, s.id, Role::Partner).unwrap().role, Role::Partner, "unchanged: no entry");
        assert!(matches!(repo.set_role(other.id, s.id, Role::Viewer), Err(RepoError::NotFound)), "{}", t.name);
        assert_eq!(repo.find(p.id, s.id).unwrap().unwrap().role, Role::Partner);

        // Leaving: only one's own row.
        assert!(matches!(repo.remove(p.id, v.id, Removal::Leave { user_id: sam }), Err(RepoError::NotFound)));
        repo.remove(p.id, s.id, Removal::Leave { user_id: sam }).unwrap();
        repo.remove(p.id, v.id, Removal::ByOwner).unwrap();
        repo.remove(p.id, open.id, Removal::ByOwner).unwrap();
        assert!(matches!(repo.remove(other.id, open.id, Removal::ByOwner), Err(RepoError::NotFound)));
        assert!(repo.list(p.id).unwrap().is_empty(), "{}", t.name);
        assert!(repo.find_by_token("h3").unwrap().is_none(), "a withdrawn invitation's link is gone");

        let actions: Vec<(String, Option<String>, String)> =
            trail(&t.db, p.id).into_iter().filter(|(a, _, _)| a != "member.invited" && a != "member.joined").collect();
        assert_eq!(
            actions,
            vec![
                (
                    "member.role_changed".into(),
                    Some("dana".into()),
                    "Changed sam's role from viewer to partner.".into()
                ),
                ("member.left".into(), Some("sam".into()), "sam left the project.".into()),
                ("member.removed".into(), Some("dana".into()), "Removed vic from the project.".into()),
                ("member.removed".into(), Some("dana".into()), "Withdrew the invitation to zoe@example.com.".into()),
            ],
            "{}",
            t.name
        );
    }
}

#[test]
fn members_go_with_their_project() {
    for t in backends() {
        let dana = user(&t.db, "dana");
        let sam = user(&t.db, "sam");
        let p = project(&t.db, dana, "Lake house");
        let repo = DieselMemberRepository::new(t.db.clone());
        let s = repo.invite(&invitation(p.id, "sam@example.com", Role::Viewer, "h1", dana, now())).unwrap();
        repo.accept(s.id, sam, now()).unwrap();
        DieselProjectRepository::new(t.db.clone())
            .delete(UserId::new(dana), buildledger_domain::ids::ProjectId::new(p.id))
            .unwrap();
        assert!(repo.list(p.id).unwrap().is_empty(), "{}", t.name);
        assert!(DieselProjectRepository::new(t.db.clone()).list_joined(UserId::new(sam)).unwrap().is_empty());
    }
}
