//! A project's members (issue 35): the owner invites by email (a single-use link valid
//! [`INVITATION_DAYS`] days, its token stored only as its SHA-256), the invited user accepts it
//! signed in with that address, the owner changes a member's role or removes them, and a member
//! may leave. Who may do what is the one rule of `crate::access`; the invitation's rules are the
//! domain's (`buildledger_domain::member`).

use std::sync::Arc;

use buildledger_domain::ids::{MemberId, ProjectId, TypedId, UserId};
use buildledger_domain::member::{
    check_accept, check_open, invitation_expiry, Acceptance, InvitationState, Need, Role, INVITATION_DAYS,
    MSG_INVITATION_INVALID, MSG_INVITE_SELF,
};
use buildledger_domain::user::Email;
use buildledger_domain::{DomainError, FieldErrors};
use chrono::NaiveDateTime;
#[cfg(any(test, feature = "mocks"))]
use mockall::automock;

use crate::access::{Authorizer, Target};
use crate::accounts::recovery::token_hash;
use crate::error::{RepoError, UseCaseError};
use crate::ports::{Clock, IdGenerator, Mail, Mailer, ProjectRepository, UserRepository};
use crate::projects::ProjectView;

/// Accepting an invitation of a project one has joined already (under another address).
pub const MSG_ALREADY_JOINED: &str = "You are a member of this project already.";

/// A member of a project, or an open invitation (`user_id` and `joined_at` `None`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    pub id: i64,
    pub project_id: i64,
    pub user_id: Option<i64>,
    /// The member's username; `None` while invited.
    pub username: Option<String>,
    /// The address the invitation went to.
    pub email: String,
    pub role: Role,
    pub invited_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
    pub joined_at: Option<NaiveDateTime>,
}

impl Member {
    /// How the trail names them: their username once joined, else the invited address.
    pub fn name(&self) -> &str {
        self.username.as_deref().unwrap_or(&self.email)
    }
}

/// An invitation to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewInvitation {
    pub project_id: i64,
    pub email: String,
    /// [`email_key`] of the address.
    pub email_key: String,
    pub role: Role,
    /// [`token_hash`] of the link's token.
    pub token_hash: String,
    pub invited_by: i64,
    pub invited_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
}

/// An invitation found by its token, with what accepting it is checked against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invitation {
    pub member: Member,
    pub project_owner_id: i64,
    pub email_key: String,
}

/// An invitation as its link's holder sees it before joining.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvitationPreview {
    /// The project's name.
    pub project: String,
    /// The owner's username.
    pub owner: String,
    /// The address the invitation was sent to.
    pub email: String,
    pub role: Role,
    pub expires_at: NaiveDateTime,
}

/// How a member's row goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    /// The owner removes a member or withdraws an invitation (`member.removed`).
    ByOwner,
    /// The member leaves (`member.left`): only their own row.
    Leave { user_id: i64 },
}

/// The members of projects. Every write records its activity entry in its transaction.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait MemberRepository: Send + Sync {
    /// The project's members and open invitations, by id.
    fn list(&self, project_id: i64) -> Result<Vec<Member>, RepoError>;
    fn find(&self, project_id: i64, member_id: i64) -> Result<Option<Member>, RepoError>;
    /// Stores the invitation (`member.invited`). Under the project's lock: `Refused` with
    /// `member::MSG_ALREADY_MEMBER` on `email` when the address belongs to a member of the project or
    /// to an open invitation unexpired at `invited_at`; an expired one for the address is
    /// replaced. `NotFound` when the project is gone.
    fn invite(&self, invitation: &NewInvitation) -> Result<Member, RepoError>;
    /// The invitation whose token has this hash (joined or not); `None` when there is none
    /// (never sent, revoked, removed).
    fn find_by_token(&self, token_hash: &str) -> Result<Option<Invitation>, RepoError>;
    /// Joins the user (`member.joined`), once: the row is updated only while not joined and
    /// unexpired at `now`, else `Refused` on `token` (used, expired, gone), and `Refused` with
    /// [`MSG_ALREADY_JOINED`] when the user is a member of the project already.
    fn accept(&self, member_id: i64, user_id: i64, now: NaiveDateTime) -> Result<Member, RepoError>;
    /// Sets the role (`member.role_changed` when it changes). `NotFound` when not the project's.
    fn set_role(&self, project_id: i64, member_id: i64, role: Role) -> Result<Member, RepoError>;
    /// Deletes the row (`member.removed` or `member.left`). `NotFound` when not the project's
    /// (or, leaving, not the user's).
    fn remove(&self, project_id: i64, member_id: i64, how: Removal) -> Result<Member, RepoError>;
}

/// The key an address is matched under (as the users' `email_key`).
pub fn email_key(email: &str) -> String {
    email.trim().to_lowercase()
}

/// An invitation's fields, read (the HTTP adapter parses them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invite {
    pub email: Email,
    pub role: Role,
}

#[derive(Clone)]
pub struct MemberPorts {
    pub members: Arc<dyn MemberRepository>,
    pub projects: Arc<dyn ProjectRepository>,
    pub users: Arc<dyn UserRepository>,
    pub mailer: Arc<dyn Mailer>,
    pub ids: Arc<dyn IdGenerator>,
    pub clock: Arc<dyn Clock>,
    pub access: Authorizer,
    /// Base of the links in mails (`PUBLIC_URL`), without a trailing slash.
    pub public_url: String,
}

#[derive(Clone)]
pub struct MemberService {
    ports: MemberPorts,
}

impl MemberService {
    pub fn new(mut ports: MemberPorts) -> Self {
        ports.public_url = ports.public_url.trim_end_matches('/').to_owned();
        Self { ports }
    }

    /// The project's members and open invitations (any role may read them).
    pub fn list(&self, user_id: UserId, project_id: ProjectId) -> Result<Vec<Member>, UseCaseError> {
        let grant = self.ports.access.authorize(user_id, Target::Project(project_id), Need::Read)?;
        Ok(self.ports.members.list(grant.project_id.get())?)
    }

    /// Invites `invite.email` as `invite.role` (the owner only) and mails them the link.
    pub fn invite(
        &self,
        user_id: UserId,
        project_id: ProjectId,
        invite: Result<Invite, DomainError>,
    ) -> Result<Member, UseCaseError> {
        let grant = self.ports.access.authorize(user_id, Target::Project(project_id), Need::Own)?;
        let invite = invite?;
        let owner = self.ports.users.find_by_id(grant.owner_id.get())?.ok_or(UseCaseError::not_found("project"))?;
        let key = email_key(invite.email.as_str());
        if email_key(&owner.email) == key {
            return Err(FieldErrors::single("email", MSG_INVITE_SELF).into());
        }
        let project = self
            .ports
            .projects
            .find_for_owner(grant.owner_id, grant.project_id)?
            .ok_or(UseCaseError::not_found("project"))?;
        let now = self.ports.clock.now();
        // 256 bits from the operating system's generator.
        let token = format!("{}{}", self.ports.ids.new_id(""), self.ports.ids.new_id(""));
        let member = self.ports.members.invite(&NewInvitation {
            project_id: project.id,
            email: invite.email.as_str().to_owned(),
            email_key: key,
            role: invite.role,
            token_hash: token_hash(&token),
            invited_by: user_id.get(),
            invited_at: now,
            expires_at: invitation_expiry(now),
        })?;
        self.ports.mailer.send(self.invitation_mail(&owner.username, &project.details.name, &member, &token)).map_err(
            |e| {
                tracing::error!(member_id = member.id, error = %e, "the invitation mail could not be queued");
                UseCaseError::Unavailable(e)
            },
        )?;
        tracing::info!(project_id = project.id, member_id = member.id, "invitation sent");
        Ok(member)
    }

    fn invitation_mail(&self, owner: &str, project: &str, member: &Member, token: &str) -> Mail {
        let link = format!("{}/join?token={token}", self.ports.public_url);
        let rights = match member.role {
            Role::Viewer => {
                "As a viewer you see everything in the project (board, money, bids, schedule and documents) but change nothing."
            }
            _ => {
                "As a partner you can change everything in the project (tasks, money, schedule and documents), except deleting it and managing its members."
            }
        };
        let expires = member.expires_at.format("%B %-d, %Y at %H:%M UTC");
        let text = format!(
            "Hello,\n\n\
             {owner} invited you to the project {project} on BuildLedger as a {role}.\n\
             {rights}\n\n\
             Open this link to join, signed in with this email address (or create an account with it first):\n\n\
             {link}\n\n\
             The link works once, for {INVITATION_DAYS} days: until {expires}.\n\
             If you did not expect this invitation, ignore this email.\n",
            role = member.role.as_str(),
        );
        Mail {
            to: member.email.clone(),
            subject: format!("{owner} invited you to {project} on BuildLedger"),
            text,
            html: None,
            unsubscribe: None,
        }
    }

    /// What an invitation link is for, told to whoever holds it before they sign in: the
    /// project's name, its owner, the address it was sent to and the role. A link that cannot be
    /// used any more is a `token` field error with the words accepting it would answer.
    pub fn preview(&self, token: &str) -> Result<InvitationPreview, UseCaseError> {
        let refuse = |message: &'static str| UseCaseError::from(FieldErrors::single("token", message));
        let token = token.trim();
        let found = if token.is_empty() { None } else { self.ports.members.find_by_token(&token_hash(token))? };
        let Some(invitation) = found else {
            return Err(refuse(MSG_INVITATION_INVALID));
        };
        let member = invitation.member;
        let state = InvitationState {
            project_owner_id: invitation.project_owner_id,
            email_key: invitation.email_key,
            expires_at: member.expires_at,
            joined_at: member.joined_at,
            joined_by: member.user_id,
        };
        check_open(&state, self.ports.clock.now()).map_err(refuse)?;
        let owner_id = UserId::new(invitation.project_owner_id);
        let project = self
            .ports
            .projects
            .find_for_owner(owner_id, ProjectId::new(member.project_id))?
            .ok_or_else(|| refuse(MSG_INVITATION_INVALID))?;
        let owner = self.ports.users.find_by_id(owner_id.get())?.map(|u| u.username).unwrap_or_default();
        Ok(InvitationPreview {
            project: project.details.name,
            owner,
            email: member.email,
            role: member.role,
            expires_at: member.expires_at,
        })
    }

    /// Joins the signed-in user to the project of the invitation with this token; the project
    /// as they now see it. A token that cannot be used is a `token` field error.
    pub fn accept(&self, user_id: UserId, token: &str) -> Result<ProjectView, UseCaseError> {
        let refuse = |message: &'static str| UseCaseError::from(FieldErrors::single("token", message));
        let token = token.trim();
        if token.is_empty() {
            return Err(refuse(MSG_INVITATION_INVALID));
        }
        let Some(invitation) = self.ports.members.find_by_token(&token_hash(token))? else {
            return Err(refuse(MSG_INVITATION_INVALID));
        };
        let user = self
            .ports
            .users
            .find_by_id(user_id.get())?
            .ok_or(UseCaseError::Unauthenticated("Authentication credentials were not provided."))?;
        let now = self.ports.clock.now();
        let state = InvitationState {
            project_owner_id: invitation.project_owner_id,
            email_key: invitation.email_key.clone(),
            expires_at: invitation.member.expires_at,
            joined_at: invitation.member.joined_at,
            joined_by: invitation.member.user_id,
        };
        let member = match check_accept(&state, user.id, &email_key(&user.email), now).map_err(refuse)? {
            Acceptance::Join => self.ports.members.accept(invitation.member.id, user.id, now)?,
            Acceptance::AlreadyJoined => invitation.member,
        };
        let owner_id = UserId::new(invitation.project_owner_id);
        let project = self
            .ports
            .projects
            .find_for_owner(owner_id, ProjectId::new(member.project_id))?
            .ok_or(UseCaseError::not_found("project"))?;
        let owner = self.ports.users.find_by_id(owner_id.get())?.map(|u| u.username).unwrap_or_default();
        tracing::info!(project_id = member.project_id, member_id = member.id, "invitation accepted");
        Ok(ProjectView { project, role: member.role, owner })
    }

    /// Changes a member's (or an open invitation's) role: the owner only.
    pub fn set_role(
        &self,
        user_id: UserId,
        project_id: ProjectId,
        member_id: MemberId,
        role: Result<Role, DomainError>,
    ) -> Result<Member, UseCaseError> {
        let grant = self.ports.access.authorize(user_id, Target::Project(project_id), Need::Own)?;
        let role = role?;
        self.ports
            .members
            .set_role(grant.project_id.get(), member_id.get(), role)
            .map_err(|e| crate::projects::not_found_as(e, "member"))
    }

    /// The owner removes a member or withdraws an invitation; a member removing themself leaves.
    pub fn remove(&self, user_id: UserId, project_id: ProjectId, member_id: MemberId) -> Result<(), UseCaseError> {
        let grant = self.ports.access.authorize(user_id, Target::Project(project_id), Need::Read)?;
        let (project_id, member_id) = (grant.project_id.get(), member_id.get());
        let how = if grant.role == Role::Owner {
            Removal::ByOwner
        } else {
            match self.ports.members.find(project_id, member_id)? {
                Some(m) if m.user_id == Some(user_id.get()) => Removal::Leave { user_id: user_id.get() },
                // Someone else's row: managing members is the owner's.
                _ => return Err(UseCaseError::Forbidden),
            }
        };
        self.ports
            .members
            .remove(project_id, member_id, how)
            .map_err(|e| crate::projects::not_found_as(e, "member"))?;
        Ok(())
    }
}

#[cfg(test)]
#[path = "members_tests.rs"]
mod tests;
