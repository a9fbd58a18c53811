//! Who may do what to a project (issue 35): its owner, its members (a partner edits, a viewer
//! reads) and everyone else. The rule is one table, [`decide`]; the application asks it once per
//! use case (`application/src/access.rs`) and docs/security.md states it in words.

use chrono::{Duration, NaiveDateTime};

use crate::{DomainError, FieldErrors};

/// How long an invitation's link may be used.
pub const INVITATION_DAYS: i64 = 7;

pub const MSG_ROLE: &str = "Choose partner or viewer.";
pub const MSG_INVITATION_EXPIRED: &str = "This invitation has expired. Ask the project's owner for a new one.";
pub const MSG_INVITATION_USED: &str = "This invitation has already been used.";
pub const MSG_INVITATION_INVALID: &str = "This invitation is no longer valid. Ask the project's owner for a new one.";
pub const MSG_INVITATION_OTHER_EMAIL: &str =
    "This invitation was sent to another email address. Sign in with the account of that address.";
pub const MSG_ALREADY_MEMBER: &str = "This person is already a member of the project or has an open invitation.";
pub const MSG_INVITE_SELF: &str = "You own this project already.";
pub const MSG_OWNER_OF_PROJECT: &str = "You own this project already.";

/// A user's relation to a project.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    Owner,
    /// Does everything the owner does except delete the project, manage members and billing.
    Partner,
    /// Reads everything the owner reads, changes nothing.
    Viewer,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Owner => "owner",
            Role::Partner => "partner",
            Role::Viewer => "viewer",
        }
    }

    /// A member's role as stored or sent (`owner` is not a member's role).
    pub fn parse_member(s: &str) -> Option<Role> {
        match s {
            "partner" => Some(Role::Partner),
            "viewer" => Some(Role::Viewer),
            _ => None,
        }
    }

    /// The `role` field of an invitation or a member's change.
    pub fn parse_field(s: &str) -> Result<Role, DomainError> {
        Role::parse_member(s).ok_or_else(|| FieldErrors::single("role", MSG_ROLE))
    }
}

/// What a use case needs of the project it touches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// Read anything of the project.
    Read,
    /// Change the project's data (tasks, money, schedule, documents, share links...).
    Write,
    /// Delete the project, manage its members: the owner's alone.
    Own,
}

/// Why a user may not do what they asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Denied {
    /// The project is not theirs to see: the same answer as a project that does not exist.
    NotFound,
    /// They see the project but their role does not allow this.
    Forbidden,
    /// The project's owner (or the caller, for a project they cannot see) has no active subscription.
    SubscriptionRequired,
}

/// What is known when deciding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// The caller's role in the project; `None` for a stranger (or a project that does not exist).
    pub role: Option<Role>,
    /// Whether the project's owner has an active subscription (it covers every member).
    pub owner_subscribed: bool,
    /// Whether the caller has one of their own (a stranger without one is told to subscribe, as
    /// before members existed, rather than that the project does not exist).
    pub caller_subscribed: bool,
}

/// The rule: a stranger gets 404 (402 without a subscription of their own), a lapsed owner's
/// project 402 for everyone in it, a viewer 403 on any change, a partner 403 on the owner's own
/// acts.
pub fn decide(standing: Standing, need: Need) -> Result<Role, Denied> {
    let Some(role) = standing.role else {
        return Err(if standing.caller_subscribed { Denied::NotFound } else { Denied::SubscriptionRequired });
    };
    if !standing.owner_subscribed {
        return Err(Denied::SubscriptionRequired);
    }
    let allowed = match (role, need) {
        (Role::Owner, _) => true,
        (Role::Partner, Need::Read | Need::Write) => true,
        (Role::Viewer, Need::Read) => true,
        (Role::Partner, Need::Own) | (Role::Viewer, Need::Write | Need::Own) => false,
    };
    if allowed {
        Ok(role)
    } else {
        Err(Denied::Forbidden)
    }
}

/// An invitation as stored, for the rule on accepting it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvitationState {
    pub project_owner_id: i64,
    pub email_key: String,
    pub expires_at: NaiveDateTime,
    pub joined_at: Option<NaiveDateTime>,
    /// Who joined with it, once used.
    pub joined_by: Option<i64>,
}

/// What accepting an invitation does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Acceptance {
    /// The user joins the project.
    Join,
    /// The user joined with this very link before (opened again from the mail): nothing to
    /// write, the project opens as it does for a member.
    AlreadyJoined,
}

/// When an invitation sent at `at` stops working.
pub fn invitation_expiry(at: NaiveDateTime) -> NaiveDateTime {
    at + Duration::days(INVITATION_DAYS)
}

/// Whether `user` (with `email_key`, see `user::email_key`) may accept the invitation at `now`:
/// the field message of the `token` otherwise. A missing invitation (never sent, revoked) is
/// [`MSG_INVITATION_INVALID`], answered by the caller. The link stays single use: only the user
/// who used it may open it again, and that writes nothing.
pub fn check_accept(
    invitation: &InvitationState,
    user_id: i64,
    email_key: &str,
    now: NaiveDateTime,
) -> Result<Acceptance, &'static str> {
    if invitation.joined_at.is_some() {
        return if invitation.joined_by == Some(user_id) {
            Ok(Acceptance::AlreadyJoined)
        } else {
            Err(MSG_INVITATION_USED)
        };
    }
    check_open(invitation, now)?;
    if invitation.project_owner_id == user_id {
        return Err(MSG_OWNER_OF_PROJECT);
    }
    if invitation.email_key != email_key {
        return Err(MSG_INVITATION_OTHER_EMAIL);
    }
    Ok(Acceptance::Join)
}

/// Whether the invitation can still be accepted by the person it was sent to, before knowing
/// who they are (the join page names the project to a visitor).
pub fn check_open(invitation: &InvitationState, now: NaiveDateTime) -> Result<(), &'static str> {
    if invitation.joined_at.is_some() {
        return Err(MSG_INVITATION_USED);
    }
    if now >= invitation.expires_at {
        return Err(MSG_INVITATION_EXPIRED);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn standing(role: Option<Role>, owner_subscribed: bool, caller_subscribed: bool) -> Standing {
        Standing { role, owner_subscribed, caller_subscribed }
    }

    /// The whole rule as a table: role x need x subscriptions.
    #[test]
    fn the_role_rules() {
        use Denied::*;
        use Need::*;
        let o = Some(Role::Owner);
        let p = Some(Role::Partner);
        let v = Some(Role::Viewer);
        type Case = (Option<Role>, bool, bool, Need, Result<Role, Denied>);
        let cases: &[Case] = &[
            (o, true, true, Read, Ok(Role::Owner)),
            (o, true, true, Write, Ok(Role::Owner)),
            (o, true, true, Own, Ok(Role::Owner)),
            (o, false, false, Read, Err(SubscriptionRequired)),
            (p, true, false, Read, Ok(Role::Partner)),
            (p, true, false, Write, Ok(Role::Partner)),
            (p, true, false, Own, Err(Forbidden)),
            (p, false, true, Read, Err(SubscriptionRequired)),
            (p, false, true, Write, Err(SubscriptionRequired)),
            (v, true, false, Read, Ok(Role::Viewer)),
            (v, true, false, Write, Err(Forbidden)),
            (v, true, true, Own, Err(Forbidden)),
            (v, false, false, Read, Err(SubscriptionRequired)),
            (None, true, true, Read, Err(NotFound)),
            (None, true, true, Write, Err(NotFound)),
            (None, false, true, Own, Err(NotFound)),
            (None, true, false, Read, Err(SubscriptionRequired)),
            (None, false, false, Write, Err(SubscriptionRequired)),
        ];
        for &(role, owner_sub, caller_sub, need, expected) in cases {
            assert_eq!(
                decide(standing(role, owner_sub, caller_sub), need),
                expected,
                "{role:?} owner_subscribed={owner_sub} caller_subscribed={caller_sub} {need:?}"
            );
        }
    }

    #[test]
    fn roles_parse_as_sent() {
        assert_eq!(Role::parse_member("partner"), Some(Role::Partner));
        assert_eq!(Role::parse_member("viewer"), Some(Role::Viewer));
        assert_eq!(Role::parse_member("owner"), None);
        assert!(Role::parse_field("admin").is_err());
        assert_eq!(Role::Viewer.as_str(), "viewer");
    }

    fn at(h: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 11, 27).unwrap().and_hms_opt(h, 0, 0).unwrap()
    }

    #[test]
    fn an_invitation_is_accepted_once_within_seven_days_by_its_address() {
        let sent = at(9);
        let inv = InvitationState {
            project_owner_id: 1,
            email_key: "sam@example.com".into(),
            expires_at: invitation_expiry(sent),
            joined_at: None,
            joined_by: None,
        };
        assert_eq!(check_accept(&inv, 2, "sam@example.com", at(10)), Ok(Acceptance::Join));
        assert_eq!(check_open(&inv, at(10)), Ok(()));
        assert_eq!(check_open(&inv, sent + Duration::days(7)), Err(MSG_INVITATION_EXPIRED));
        assert_eq!(check_accept(&inv, 2, "sam@example.com", sent + Duration::days(7)), Err(MSG_INVITATION_EXPIRED));
        assert_eq!(check_accept(&inv, 2, "other@example.com", at(10)), Err(MSG_INVITATION_OTHER_EMAIL));
        assert_eq!(check_accept(&inv, 1, "sam@example.com", at(10)), Err(MSG_OWNER_OF_PROJECT));
        let used = InvitationState { joined_at: Some(at(10)), joined_by: Some(2), ..inv };
        assert_eq!(check_accept(&used, 3, "sam@example.com", at(11)), Err(MSG_INVITATION_USED));
        assert_eq!(check_open(&used, at(11)), Err(MSG_INVITATION_USED));
        // The one who used it opens the mail's link again: nothing to write, even once expired.
        assert_eq!(check_accept(&used, 2, "sam@example.com", at(11)), Ok(Acceptance::AlreadyJoined));
        assert_eq!(check_accept(&used, 2, "sam@example.com", sent + Duration::days(30)), Ok(Acceptance::AlreadyJoined));
    }
}
