//! Authorization in one place (issue 35): may this user do this to this project?
//!
//! Every use case that touches a project's data asks [`Authorizer::authorize`] first, naming what
//! it touches ([`Target`]: the project or one of its records) and what it needs ([`Need`]). The
//! answer is the domain's rule (`buildledger_domain::member::decide`) applied to the caller's
//! role, found by one query, and the subscriptions: a stranger gets 404, a viewer 403 on writes,
//! everyone 402 when the owner's subscription lapses. The [`Grant`] it returns names the
//! project's owner: the use case goes on as the owner would (the repositories' `*_for_owner`
//! reads, the owner's contractors), and the activity trail names the caller
//! ([`acting_user`]).

use std::cell::Cell;
use std::sync::Arc;

use buildledger_domain::ids::{
    BidId, ChangeOrderId, DelayId, DependencyId, DocumentId, DrawId, InspectionId, LienWaiverId, PaymentId, ProjectId,
    ShareId, TaskId, TypedId, UserId,
};
use buildledger_domain::member::{decide, Denied, Need, Role, Standing};

#[cfg(any(test, feature = "mocks"))]
use mockall::automock;

use crate::error::{RepoError, UseCaseError};
use crate::ports::{KnownState, KnownVersion};
use crate::subscription::AccessService;

/// What a use case touches: a project, or one of its records (whose project is looked up).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Project(ProjectId),
    Task(TaskId),
    Bid(BidId),
    Payment(PaymentId),
    ChangeOrder(ChangeOrderId),
    Draw(DrawId),
    LienWaiver(LienWaiverId),
    Document(DocumentId),
    Share(ShareId),
    Dependency(DependencyId),
    Delay(DelayId),
    Inspection(InspectionId),
}

impl Target {
    /// The entity a refusal names ("task not found").
    pub fn entity(self) -> &'static str {
        match self {
            Target::Project(_) => "project",
            Target::Task(_) => "task",
            Target::Bid(_) => "bid",
            Target::Payment(_) => "payment",
            Target::ChangeOrder(_) => "change order",
            Target::Draw(_) => "draw",
            Target::LienWaiver(_) => "lien waiver",
            Target::Document(_) => "document",
            Target::Share(_) => "share",
            Target::Dependency(_) => "dependency",
            Target::Delay(_) => "delay",
            Target::Inspection(_) => "inspection",
        }
    }
}

/// Where a target lives and who the caller is there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Located {
    pub project_id: ProjectId,
    pub owner_id: UserId,
    /// `Owner`, the caller's role as a joined member, or `None`.
    pub role: Option<Role>,
}

/// The lookups the rule needs, each one query.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait ProjectAccess: Send + Sync {
    /// The target's project, its owner and the user's role there; `None` when the target does
    /// not exist.
    fn locate(&self, user_id: UserId, target: Target) -> Result<Option<Located>, RepoError>;
    /// Whether the user has joined any project as a member (lets a member without a
    /// subscription of their own past the subscription check in front of project calls).
    fn is_member_anywhere(&self, user_id: UserId) -> Result<bool, RepoError>;
}

/// What the caller may do, and as whom the use case goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grant {
    pub project_id: ProjectId,
    /// The project's owner: the `owner_id` of the repositories' reads.
    pub owner_id: UserId,
    /// The signed-in user (the activity trail's actor).
    pub actor_id: UserId,
    pub role: Role,
}

thread_local! {
    /// The user the last grant on this thread was for, with its project. Use cases run on one
    /// blocking thread from their grant to their last write, so the persistence adapter reads it
    /// to name who made a change ([`acting_user`]).
    static ACTING: Cell<Option<(i64, i64)>> = const { Cell::new(None) };
}

/// Who is changing `project_id` on this thread: the caller of the last grant for that project,
/// `None` when no grant on this thread was for it (a job, a test calling a repository).
pub fn acting_user(project_id: i64) -> Option<i64> {
    ACTING.with(|a| a.get()).filter(|(p, _)| *p == project_id).map(|(_, u)| u)
}

/// The acting user of this thread as it is, to carry to the thread that runs a queued write
/// ([`set_acting`] there).
pub fn acting_snapshot() -> Option<(i64, i64)> {
    ACTING.with(|a| a.get())
}

/// Sets this thread's acting user to what [`acting_snapshot`] took on another.
pub fn set_acting(snapshot: Option<(i64, i64)>) {
    ACTING.with(|a| a.set(snapshot));
}

/// Forgets the acting user (the HTTP adapter calls it before each use case on a pooled thread).
pub fn forget_acting_user() {
    ACTING.with(|a| a.set(None));
}

#[derive(Clone)]
pub struct Authorizer {
    access: Arc<dyn ProjectAccess>,
    subscriptions: AccessService,
    known: Arc<dyn KnownState>,
}

impl Authorizer {
    pub fn new(access: Arc<dyn ProjectAccess>, subscriptions: AccessService, known: Arc<dyn KnownState>) -> Self {
        Self { access, subscriptions, known }
    }

    /// The rule for `user` doing what `need` says to `target`.
    pub fn authorize(&self, user: UserId, target: Target, need: Need) -> Result<Grant, UseCaseError> {
        forget_acting_user();
        let located = self.locate(user, target)?;
        let role = located.and_then(|l| l.role);
        let standing = Standing {
            role,
            owner_subscribed: match located {
                Some(l) if role.is_some() => self.subscribed(l.owner_id)?,
                _ => false,
            },
            caller_subscribed: role.is_none() && self.subscribed(user)?,
        };
        match (decide(standing, need), located) {
            (Ok(role), Some(l)) => {
                ACTING.with(|a| a.set(Some((l.project_id.get(), user.get()))));
                Ok(Grant { project_id: l.project_id, owner_id: l.owner_id, actor_id: user, role })
            }
            (Ok(_), None) | (Err(Denied::NotFound), _) => Err(UseCaseError::not_found(target.entity())),
            (Err(Denied::Forbidden), _) => Err(UseCaseError::Forbidden),
            (Err(Denied::SubscriptionRequired), _) => Err(UseCaseError::SubscriptionRequired),
        }
    }

    /// Whether a user without a subscription of their own may call project routes (they are a
    /// member somewhere; each project's own check follows).
    pub fn is_member_anywhere(&self, user: UserId) -> Result<bool, UseCaseError> {
        Ok(self.access.is_member_anywhere(user)?)
    }

    /// The project's owner known in memory skips the query (the board's hot path).
    fn locate(&self, user: UserId, target: Target) -> Result<Option<Located>, UseCaseError> {
        if let Target::Project(project_id) = target {
            if let KnownVersion::Current(_) = self.known.project_version(user, project_id) {
                return Ok(Some(Located { project_id, owner_id: user, role: Some(Role::Owner) }));
            }
        }
        Ok(self.access.locate(user, target)?)
    }

    fn subscribed(&self, user: UserId) -> Result<bool, UseCaseError> {
        match self.subscriptions.known_active(user.get()) {
            Some(active) => Ok(active),
            None => self.subscriptions.is_subscribed(user.get()),
        }
    }
}

#[cfg(any(test, feature = "mocks"))]
pub mod testing {
    //! An [`Authorizer`] for use case tests: every target is in project `project_id`, owned by
    //! the caller, subscribed (or the answers a test sets on the mock it returns).
    use super::*;
    use crate::ports::{MockClock, MockKnownState};
    use crate::subscription::ports::MockSubscriptionRepository;
    use buildledger_domain::subscription::Subscription;

    /// The caller owns every target, in project 1.
    pub fn owner_of_everything() -> Authorizer {
        with_access(|user, target| {
            let project_id = match target {
                Target::Project(p) => p,
                _ => ProjectId::new(1),
            };
            Some(Located { project_id, owner_id: user, role: Some(Role::Owner) })
        })
    }

    /// Targets located by `locate`; every user subscribed.
    pub fn with_access(locate: impl Fn(UserId, Target) -> Option<Located> + Send + Sync + 'static) -> Authorizer {
        let mut access = MockProjectAccess::new();
        access.expect_locate().returning(move |u, t| Ok(locate(u, t)));
        access.expect_is_member_anywhere().returning(|_| Ok(false));
        let mut known = MockKnownState::new();
        known.expect_project_version().returning(|_, _| KnownVersion::Unknown);
        known.expect_subscription().returning(|user_id| {
            Some(Some(Arc::new(Subscription {
                user_id,
                customer_id: None,
                subscription_id: None,
                status: "active".into(),
                current_period_end: None,
                cancel_at_period_end: false,
                updated_at: chrono::NaiveDateTime::default(),
            })))
        });
        let mut clock = MockClock::new();
        clock.expect_now().returning(|| chrono::Utc::now().naive_utc());
        let known: Arc<dyn KnownState> = Arc::new(known);
        let subs = AccessService::new(Arc::new(MockSubscriptionRepository::new()), known.clone(), Arc::new(clock));
        Authorizer::new(Arc::new(access), subs, known)
    }
}
