//! The members use cases over mocks: who may invite, change and remove; the invitation mail;
//! the acceptance rules.

use super::*;
use crate::access::testing::with_access;
use crate::access::Located;
use crate::ports::{MockClock, MockIdGenerator, MockMailer, MockProjectRepository, MockUserRepository};
use buildledger_domain::member::{
    MSG_INVITATION_EXPIRED, MSG_INVITATION_OTHER_EMAIL, MSG_INVITATION_USED, MSG_OWNER_OF_PROJECT,
};
use buildledger_domain::project::{OwnerBuilder, ProjectDetails, ProjectInput, ProjectType, PropertyType};
use buildledger_domain::user::User;
use chrono::{Duration, NaiveDate};
use mockall::predicate::eq;

const OWNER: i64 = 3;
const PARTNER: i64 = 5;
const VIEWER: i64 = 6;
const SAM: i64 = 8;

fn now() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 11, 27).unwrap().and_hms_opt(9, 30, 0).unwrap()
}

fn user(id: i64) -> User {
    let name = match id {
        OWNER => "dana",
        PARTNER => "pat",
        VIEWER => "vic",
        SAM => "sam",
        _ => "someone",
    };
    User { id, username: name.into(), email: format!("{name}@example.com"), password_hash: "h".into(), is_admin: false }
}

fn project() -> buildledger_domain::project::Project {
    let details = ProjectDetails::parse(ProjectInput {
        name: Some("Lake house".into()),
        zip_code: Some("78701".into()),
        project_type: Some(ProjectType::NewHomeBuild),
        property_type: Some(PropertyType::SingleFamily),
        square_footage: Some(1200),
        start_date: NaiveDate::from_ymd_opt(2026, 1, 1),
        end_date: NaiveDate::from_ymd_opt(2026, 6, 1),
        budget: buildledger_domain::money::Money::from_cents(30_000_000),
        owner_builder: Some(OwnerBuilder::No),
        ..Default::default()
    })
    .unwrap();
    buildledger_domain::project::Project {
        id: 1,
        owner_id: OWNER,
        details,
        version: 1,
        created_at: NaiveDateTime::default(),
        drawn_cents: 0,
    }
}

fn member(id: i64, role: Role, user_id: Option<i64>) -> Member {
    Member {
        id,
        project_id: 1,
        user_id,
        username: user_id.map(|u| user(u).username),
        email: "sam@example.com".into(),
        role,
        invited_at: now(),
        expires_at: invitation_expiry(now()),
        joined_at: user_id.map(|_| now()),
    }
}

/// Project 1 belongs to OWNER; PARTNER and VIEWER joined it; anyone else is a stranger.
fn access() -> Authorizer {
    with_access(|user, target| {
        let Target::Project(p) = target else { return None };
        let role = match user.get() {
            OWNER => Role::Owner,
            PARTNER => Role::Partner,
            VIEWER => Role::Viewer,
            _ => return None,
        };
        (p.get() == 1).then_some(Located { project_id: p, owner_id: UserId::new(OWNER), role: Some(role) })
    })
}

struct Mocks {
    members: MockMemberRepository,
    projects: MockProjectRepository,
    mailer: MockMailer,
}

impl Mocks {
    fn new() -> Self {
        let mut projects = MockProjectRepository::new();
        projects.expect_find_for_owner().returning(|o, id| Ok((o.get() == OWNER && id.get() == 1).then(project)));
        Self { members: MockMemberRepository::new(), projects, mailer: MockMailer::new() }
    }

    fn service(self) -> MemberService {
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(|id| Ok(Some(user(id))));
        let mut ids = MockIdGenerator::new();
        ids.expect_new_id().returning(|_| "ab".repeat(16));
        let mut clock = MockClock::new();
        clock.expect_now().returning(now);
        MemberService::new(MemberPorts {
            members: Arc::new(self.members),
            projects: Arc::new(self.projects),
            users: Arc::new(users),
            mailer: Arc::new(self.mailer),
            ids: Arc::new(ids),
            clock: Arc::new(clock),
            access: access(),
            public_url: "https://buildledger.test/".into(),
        })
    }
}

fn invite(email: &str, role: Role) -> Result<Invite, DomainError> {
    Ok(Invite { email: Email::parse(email).unwrap(), role })
}

fn token_error(err: UseCaseError) -> String {
    match err {
        UseCaseError::Invalid(e) => e.fields().as_map()["token"][0].clone(),
        other => panic!("not a token error: {other:?}"),
    }
}

#[test]
fn the_owner_invites_by_mail_with_a_single_use_link() {
    let mut m = Mocks::new();
    let token = "ab".repeat(32);
    let hash = token_hash(&token);
    m.members
        .expect_invite()
        .withf(move |i| {
            i.project_id == 1
                && i.email == "Sam@Example.com"
                && i.email_key == "sam@example.com"
                && i.role == Role::Partner
                && i.token_hash == hash
                && i.invited_by == OWNER
                && i.expires_at == now() + Duration::days(7)
        })
        .times(1)
        .returning(|i| Ok(Member { email: i.email.clone(), ..member(4, i.role, None) }));
    m.mailer
        .expect_send()
        .withf(move |mail| {
            mail.to == "Sam@Example.com"
                && mail.subject == "dana invited you to Lake house on BuildLedger"
                && mail.text.contains(&format!("https://buildledger.test/join?token={}", "ab".repeat(32)))
                && mail.text.contains("As a partner you can change everything in the project")
                && mail.text.contains("until December 4, 2026 at 09:30 UTC")
                && mail.unsubscribe.is_none()
        })
        .times(1)
        .returning(|_| Ok(()));
    let created =
        m.service().invite(UserId::new(OWNER), ProjectId::new(1), invite("Sam@Example.com", Role::Partner)).unwrap();
    assert_eq!((created.id, created.user_id), (4, None));
}

#[test]
fn partners_viewers_and_strangers_may_not_invite_and_nothing_is_sent() {
    for (caller, expected) in [(PARTNER, "forbidden"), (VIEWER, "forbidden"), (SAM, "not found")] {
        let mut m = Mocks::new();
        m.members.expect_invite().never();
        m.mailer.expect_send().never();
        let err = m
            .service()
            .invite(UserId::new(caller), ProjectId::new(1), invite("x@example.com", Role::Viewer))
            .unwrap_err();
        let got = match err {
            UseCaseError::Forbidden => "forbidden",
            UseCaseError::NotFound { .. } => "not found",
            other => panic!("{other:?}"),
        };
        assert_eq!(got, expected, "caller {caller}");
    }
}

#[test]
fn the_right_to_invite_is_checked_before_the_body() {
    let m = Mocks::new();
    let bad = Err(FieldErrors::single("email", "Enter a valid email address."));
    let err = m.service().invite(UserId::new(VIEWER), ProjectId::new(1), bad).unwrap_err();
    assert!(matches!(err, UseCaseError::Forbidden), "{err:?}");
}

#[test]
fn the_owners_own_address_is_refused() {
    let mut m = Mocks::new();
    m.members.expect_invite().never();
    let err = m.service().invite(UserId::new(OWNER), ProjectId::new(1), invite(" DANA@example.com", Role::Viewer));
    assert!(matches!(err, Err(UseCaseError::Invalid(ref e)) if e.fields().as_map()["email"] == [MSG_INVITE_SELF]));
}

#[test]
fn an_address_already_in_the_project_is_a_conflict_and_no_mail_goes_out() {
    let mut m = Mocks::new();
    m.members.expect_invite().returning(|_| {
        Err(RepoError::Refused(DomainError::conflict("email", buildledger_domain::member::MSG_ALREADY_MEMBER)))
    });
    m.mailer.expect_send().never();
    let err =
        m.service().invite(UserId::new(OWNER), ProjectId::new(1), invite("sam@example.com", Role::Viewer)).unwrap_err();
    assert!(matches!(err, UseCaseError::Conflict { ref field, .. } if field == "email"), "{err:?}");
}

fn invitation(m: Member) -> Invitation {
    Invitation { member: m, project_owner_id: OWNER, email_key: "sam@example.com".into() }
}

#[test]
fn the_invited_user_joins_and_sees_the_project_with_their_role() {
    let mut m = Mocks::new();
    let hash = token_hash("tok");
    m.members.expect_find_by_token().with(eq(hash)).returning(|_| Ok(Some(invitation(member(4, Role::Viewer, None)))));
    m.members
        .expect_accept()
        .with(eq(4), eq(SAM), eq(now()))
        .times(1)
        .returning(|_, u, _| Ok(member(4, Role::Viewer, Some(u))));
    let view = m.service().accept(UserId::new(SAM), " tok ").unwrap();
    assert_eq!((view.project.id, view.role, view.owner.as_str()), (1, Role::Viewer, "dana"));
}

#[test]
fn an_invitation_that_cannot_be_used_is_a_token_error_and_joins_nobody() {
    let expired = Member { expires_at: now(), ..member(4, Role::Partner, None) };
    let used = member(4, Role::Partner, Some(9));
    let cases: Vec<(Option<Member>, i64, &str, &str)> = vec![
        (None, SAM, "tok", MSG_INVITATION_INVALID),
        (Some(member(4, Role::Partner, None)), SAM, "  ", MSG_INVITATION_INVALID),
        (Some(expired), SAM, "tok", MSG_INVITATION_EXPIRED),
        (Some(used), SAM, "tok", MSG_INVITATION_USED),
        (Some(member(4, Role::Partner, None)), PARTNER, "tok", MSG_INVITATION_OTHER_EMAIL),
        (Some(member(4, Role::Partner, None)), OWNER, "tok", MSG_OWNER_OF_PROJECT),
    ];
    for (found, caller, token, message) in cases {
        let mut m = Mocks::new();
        m.members.expect_find_by_token().returning(move |_| Ok(found.clone().map(invitation)));
        m.members.expect_accept().never();
        let err = m.service().accept(UserId::new(caller), token).unwrap_err();
        assert_eq!(token_error(err), message, "caller {caller}");
    }
}

#[test]
fn the_member_who_used_the_link_opens_it_again_and_nothing_is_written() {
    let mut m = Mocks::new();
    // Used by SAM, and expired since: SAM still opens the project from the mail.
    let used = Member { expires_at: now() - Duration::days(1), ..member(4, Role::Partner, Some(SAM)) };
    m.members.expect_find_by_token().returning(move |_| Ok(Some(invitation(used.clone()))));
    m.members.expect_accept().never();
    let view = m.service().accept(UserId::new(SAM), "tok").unwrap();
    assert_eq!((view.project.id, view.role, view.owner.as_str()), (1, Role::Partner, "dana"));
}

#[test]
fn a_preview_names_the_project_its_owner_the_address_and_the_role() {
    let mut m = Mocks::new();
    m.members
        .expect_find_by_token()
        .with(eq(token_hash("tok")))
        .returning(|_| Ok(Some(invitation(member(4, Role::Viewer, None)))));
    let preview = m.service().preview(" tok ").unwrap();
    assert_eq!(
        preview,
        InvitationPreview {
            project: "Lake house".into(),
            owner: "dana".into(),
            email: "sam@example.com".into(),
            role: Role::Viewer,
            expires_at: invitation_expiry(now()),
        }
    );
}

#[test]
fn a_preview_of_a_link_that_cannot_be_used_says_why() {
    let expired = Member { expires_at: now(), ..member(4, Role::Partner, None) };
    let cases: Vec<(Option<Member>, &str, &str)> = vec![
        (None, "tok", MSG_INVITATION_INVALID),
        (Some(member(4, Role::Partner, None)), " ", MSG_INVITATION_INVALID),
        (Some(expired), "tok", MSG_INVITATION_EXPIRED),
        (Some(member(4, Role::Partner, Some(SAM))), "tok", MSG_INVITATION_USED),
    ];
    for (found, token, message) in cases {
        let mut m = Mocks::new();
        m.members.expect_find_by_token().returning(move |_| Ok(found.clone().map(invitation)));
        assert_eq!(token_error(m.service().preview(token).unwrap_err()), message);
    }
}

#[test]
fn a_race_lost_on_the_row_is_the_repositorys_token_error() {
    let mut m = Mocks::new();
    m.members.expect_find_by_token().returning(|_| Ok(Some(invitation(member(4, Role::Partner, None)))));
    m.members
        .expect_accept()
        .returning(|_, _, _| Err(RepoError::Refused(FieldErrors::single("token", MSG_INVITATION_USED))));
    assert_eq!(token_error(m.service().accept(UserId::new(SAM), "tok").unwrap_err()), MSG_INVITATION_USED);
}

#[test]
fn only_the_owner_changes_roles() {
    let mut m = Mocks::new();
    m.members
        .expect_set_role()
        .with(eq(1), eq(4), eq(Role::Viewer))
        .times(1)
        .returning(|_, id, r| Ok(member(id, r, Some(SAM))));
    let svc = m.service();
    assert_eq!(
        svc.set_role(UserId::new(OWNER), ProjectId::new(1), MemberId::new(4), Ok(Role::Viewer)).unwrap().role,
        Role::Viewer
    );
    let err = svc.set_role(UserId::new(PARTNER), ProjectId::new(1), MemberId::new(4), Ok(Role::Viewer)).unwrap_err();
    assert!(matches!(err, UseCaseError::Forbidden));
}

#[test]
fn another_projects_member_is_not_found() {
    let mut m = Mocks::new();
    m.members.expect_set_role().returning(|_, _, _| Err(RepoError::NotFound));
    let err =
        m.service().set_role(UserId::new(OWNER), ProjectId::new(1), MemberId::new(40), Ok(Role::Viewer)).unwrap_err();
    assert!(matches!(err, UseCaseError::NotFound { entity: "member" }));
}

#[test]
fn the_owner_removes_anyone_and_a_member_only_leaves() {
    let mut m = Mocks::new();
    m.members.expect_find().with(eq(1), eq(4)).returning(|_, id| Ok(Some(member(id, Role::Partner, Some(PARTNER)))));
    m.members.expect_find().with(eq(1), eq(5)).returning(|_, id| Ok(Some(member(id, Role::Viewer, Some(VIEWER)))));
    m.members
        .expect_remove()
        .with(eq(1), eq(5), eq(Removal::ByOwner))
        .times(1)
        .returning(|_, id, _| Ok(member(id, Role::Viewer, Some(VIEWER))));
    m.members
        .expect_remove()
        .with(eq(1), eq(4), eq(Removal::Leave { user_id: PARTNER }))
        .times(1)
        .returning(|_, id, _| Ok(member(id, Role::Partner, Some(PARTNER))));
    let svc = m.service();
    svc.remove(UserId::new(OWNER), ProjectId::new(1), MemberId::new(5)).unwrap();
    svc.remove(UserId::new(PARTNER), ProjectId::new(1), MemberId::new(4)).unwrap();
    // The partner removing the viewer: managing members is the owner's.
    assert!(matches!(
        svc.remove(UserId::new(PARTNER), ProjectId::new(1), MemberId::new(5)),
        Err(UseCaseError::Forbidden)
    ));
    assert!(matches!(
        svc.remove(UserId::new(SAM), ProjectId::new(1), MemberId::new(5)),
        Err(UseCaseError::NotFound { entity: "project" })
    ));
}
