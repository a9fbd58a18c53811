//! The ports: what the use cases need from the outside world.

use buildledger_domain::bid::{Bid, BidDetails, BidEdit, Contractor, ContractorDetails};
use buildledger_domain::document::Document;
use buildledger_domain::ids::{
    BidId, ChangeOrderId, ContractorId, DocumentId, DrawId, PaymentId, ProjectId, ShareId, TaskId, UserId,
};
use buildledger_domain::ledger::{
    ChangeOrder, ChangeOrderDetails, Draw, DrawContext, DrawUpdate, DrawableTask, NewDraw, Payment, PaymentDetails,
};
use buildledger_domain::project::{Project, ProjectDetails};
use buildledger_domain::subscription::Subscription;
use buildledger_domain::task::{NewTask, Task, TaskChanges};
use buildledger_domain::user::User;
use buildledger_domain::DomainError;
use chrono::NaiveDateTime;

use crate::error::{BoxError, RepoError};
pub use crate::ledger::LienWaiverRepository;
#[cfg(any(test, feature = "mocks"))]
pub use crate::ledger::MockLienWaiverRepository;

#[cfg(any(test, feature = "mocks"))]
use mockall::automock;

/// A use case's rule that a repository applies inside the write that depends on it, to the state
/// that write finds under the project's lock (docs/architecture.md, "Rules are checked inside the
/// write that depends on them"): what to write, or why not, which the write returns as
/// [`RepoError::Refused`] having written nothing but its lock. It may run more than once (a write is retried
/// alone when its batch fails) and does no I/O: a pure function of the domain's over what it is
/// given and what it captured from the request.
pub type Rule<S, T> = Box<dyn Fn(&S) -> Result<T, DomainError> + Send>;

/// A user to create; the password is already hashed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewUser {
    pub username: String,
    pub email: String,
    pub password_hash: String,
    /// The username's look-alike key ([`buildledger_domain::user::Username::skeleton`]), unique.
    pub username_skeleton: String,
}

impl NewUser {
    /// A user to create, with the look-alike key of its username.
    pub fn new(username: impl Into<String>, email: impl Into<String>, password_hash: impl Into<String>) -> Self {
        let username = username.into();
        let username_skeleton = buildledger_domain::user::username_skeleton(&username);
        Self { username, email: email.into(), password_hash: password_hash.into(), username_skeleton }
    }
}

/// What is left to do outside the database once an account's rows are gone.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeletedAccount {
    /// Storage keys of the account's document files.
    pub storage_keys: Vec<String>,
    /// The provider's id of a subscription that still bills, now recorded to be canceled.
    pub subscription_to_cancel: Option<String>,
}

#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait UserRepository: Send + Sync {
    /// MUST return `RepoError::Conflict("username" | "email")` when either is taken
    /// (case-insensitively).
    fn create(&self, user: &NewUser) -> Result<User, RepoError>;
    /// Finds by username or email, case-insensitively.
    fn find_by_login(&self, login: &str) -> Result<Option<User>, RepoError>;
    fn find_by_id(&self, id: i64) -> Result<Option<User>, RepoError>;
    /// Sets the admin flag; `Ok(false)` when no such username.
    fn set_admin(&self, username: &str, is_admin: bool) -> Result<bool, RepoError>;
    /// In one transaction: replaces the password hash and revokes every session of the user
    /// but `keep_session`. `NotFound` when the user is gone.
    fn change_password(
        &self,
        user_id: i64,
        password_hash: &str,
        keep_session: Option<i64>,
        now: NaiveDateTime,
    ) -> Result<(), RepoError>;
    /// Deletes the user and everything they own (projects with their tasks, bids, payments,
    /// change orders, draws and share links; contractors, documents, subscription records,
    /// sessions) in one transaction, which also records their live subscription as one to cancel
    /// at the provider (`billing_cancellations`).
    fn delete(&self, user_id: i64) -> Result<DeletedAccount, RepoError>;
}

/// What the adapter knows of a project's version without any I/O, for the board's
/// `If-None-Match` check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnownVersion {
    /// Not known in memory: ask [`ProjectRepository::find_for_owner`].
    Unknown,
    /// The project is gone (deleted by this process).
    Missing,
    /// The owner's project is at this version.
    Current(i64),
}

/// What the adapter remembers of its recent reads and writes, answered without I/O: for the
/// hottest checks (a board revalidated with `If-None-Match`, the subscription check in front of
/// every paid call), so they skip the database when nothing changed. `None`/`Unknown` means ask
/// the repositories.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait KnownState: Send + Sync {
    /// The version of the owner's project. Must never answer `Current` for another owner's
    /// project, nor a version older than one this process has written or read.
    fn project_version(&self, owner_id: UserId, project_id: ProjectId) -> KnownVersion;
    /// The user's subscription record (`Some(None)`: known to have none).
    fn subscription(&self, user_id: i64) -> Option<Option<std::sync::Arc<Subscription>>>;
}

#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait ProjectRepository: Send + Sync {
    /// The owner's projects, oldest first.
    fn list_for_owner(&self, owner_id: i64) -> Result<Vec<Project>, RepoError>;
    /// The projects the user has joined as a member (issue 35), in the order they joined, each
    /// with the user's role and the owner's username (one query).
    fn list_joined(
        &self,
        user_id: UserId,
    ) -> Result<Vec<(Project, buildledger_domain::member::Role, String)>, RepoError>;
    fn create(&self, owner_id: i64, details: &ProjectDetails) -> Result<Project, RepoError>;
    /// `None` when missing or owned by someone else.
    fn find_for_owner(&self, owner_id: UserId, id: ProjectId) -> Result<Option<Project>, RepoError>;
    /// Replaces the details and bumps the version. `NotFound` when missing or not the owner's.
    fn update(&self, owner_id: UserId, id: ProjectId, details: &ProjectDetails) -> Result<Project, RepoError>;
    /// Deletes the project with its tasks and documents in one transaction and returns the
    /// storage keys of the deleted documents. `NotFound` when missing or not the owner's.
    fn delete(&self, owner_id: UserId, id: ProjectId) -> Result<Vec<String>, RepoError>;
}

#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait TaskRepository: Send + Sync {
    /// The project's tasks ordered by column (To Do, In Progress, Paid) then position.
    fn list_for_project(&self, project_id: i64) -> Result<Vec<Task>, RepoError>;
    /// The task with its project, or `None` when missing or the project is not the owner's.
    fn find_for_owner(&self, owner_id: UserId, task_id: TaskId) -> Result<Option<(Task, Project)>, RepoError>;
    /// Appends the task at the end of its column; bumps the project's version.
    fn create(&self, task: &NewTask) -> Result<Task, RepoError>;
    /// Creates the tasks of an empty board in one transaction, in the given order (each in its
    /// column), with finish-to-start `links` between them (indices into `tasks`: predecessor,
    /// successor); `RepoError::Conflict("tasks")` when the project already has a task.
    fn create_first(
        &self,
        project_id: i64,
        tasks: &[NewTask],
        links: &[(usize, usize)],
    ) -> Result<Vec<Task>, RepoError>;
    /// Applies the changes to the task in one transaction (placing it in its column when it
    /// moves); bumps its project's version. `NotFound` when the task is gone.
    fn update(&self, task: &Task, changes: &TaskChanges) -> Result<Task, RepoError>;
    /// Deletes the task and its documents (the tasks after it move up); bumps its project's
    /// version. Returns the deleted documents' storage keys.
    fn delete(&self, task: &Task) -> Result<Vec<String>, RepoError>;
}

/// Each user's contractor roster.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait ContractorRepository: Send + Sync {
    /// The owner's contractors, by name.
    fn list_for_owner(&self, owner_id: i64) -> Result<Vec<Contractor>, RepoError>;
    fn create(&self, owner_id: i64, details: &ContractorDetails) -> Result<Contractor, RepoError>;
    /// `None` when missing or someone else's.
    fn find_for_owner(&self, owner_id: UserId, id: ContractorId) -> Result<Option<Contractor>, RepoError>;
    /// `NotFound` when missing or someone else's.
    fn update(&self, owner_id: UserId, id: ContractorId, details: &ContractorDetails) -> Result<Contractor, RepoError>;
    /// `NotFound` when missing or someone else's; `Refused` ([`Contractor::check_delete`]) while
    /// bids name them, checked under the contractor's row lock.
    fn delete(&self, owner_id: UserId, id: ContractorId) -> Result<(), RepoError>;
}

/// A bid to create (its task, contractor and document already checked).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewBid {
    pub task_id: i64,
    pub project_id: i64,
    pub contractor_id: i64,
    pub details: BidDetails,
}

/// A bid with what the comparison needs of its task.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BidOnTask {
    pub task_title: String,
    pub task_quality: buildledger_domain::task::MaterialQuality,
    pub bid: Bid,
}

/// Bids. Every write takes the project's lock first, reads the bid there and checks its rules on
/// what it read, and keeps the task's figures (committed cost, count, lowest) and bumps the
/// project's version in the same transaction: the committed cost always matches the bids.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait BidRepository: Send + Sync {
    /// The task's bids, oldest first, with their contractor's name.
    fn list_for_task(&self, task_id: i64) -> Result<Vec<Bid>, RepoError>;
    /// Every bid of the project with its task's title and quality, tasks in board order, bids
    /// oldest first: one query (the comparison page).
    fn list_for_project(&self, project_id: i64) -> Result<Vec<BidOnTask>, RepoError>;
    /// `None` when missing or its project is not the owner's.
    fn find_for_owner(&self, owner_id: UserId, id: BidId) -> Result<Option<Bid>, RepoError>;
    fn create(&self, bid: &NewBid) -> Result<Bid, RepoError>;
    /// Stores what `edit` makes of the bid as found under the lock (details, contractor,
    /// status). `NotFound` when gone; `Refused` when `edit` refuses.
    fn update(&self, id: i64, edit: Rule<Bid, BidEdit>) -> Result<Bid, RepoError>;
    /// `Refused` ([`Bid::check_delete`]) when it is the award and its task has approved change
    /// orders.
    fn delete(&self, id: i64) -> Result<(), RepoError>;
    /// Awards the bid: the task's other bids are declined, its committed cost is the amount.
    /// An awarded bid is returned as it is (nothing changes).
    fn award(&self, id: i64) -> Result<Bid, RepoError>;
    /// Withdraws the task's award: that bid and the bids it declined are pending again, the
    /// task has no committed cost. `Refused` ([`Bid::check_withdraw`]) when the bid is not the
    /// award or its task has approved change orders.
    fn withdraw_award(&self, id: i64) -> Result<Bid, RepoError>;
}

/// A payment or change order to create on a task (its contractor and document already checked).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OnTask<T> {
    pub task_id: i64,
    pub project_id: i64,
    pub details: T,
}

/// Payments against tasks. Every write keeps the task's paid to date and payment count and
/// bumps the project's version, in the same transaction.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait TaskPaymentRepository: Send + Sync {
    /// The task's payments by date paid, then id, with their contractor's name.
    fn list_for_task(&self, task_id: i64) -> Result<Vec<Payment>, RepoError>;
    /// Every payment of the project in the same order, each with its task's title: one query.
    fn list_for_project(&self, project_id: i64) -> Result<Vec<(Payment, String)>, RepoError>;
    /// `None` when missing or its project is not the owner's.
    fn find_for_owner(&self, owner_id: UserId, id: PaymentId) -> Result<Option<Payment>, RepoError>;
    /// `NotFound` when the task is gone.
    fn create(&self, payment: &OnTask<PaymentDetails>) -> Result<Payment, RepoError>;
    /// Stores what `change` makes of the payment as found under the project's lock.
    /// `NotFound` when gone; `Refused` when `change` refuses.
    fn update(&self, id: i64, change: Rule<Payment, PaymentDetails>) -> Result<Payment, RepoError>;
    fn delete(&self, id: i64) -> Result<(), RepoError>;
}

/// Change orders. Every write keeps the task's approved change orders and committed cost and
/// bumps the project's version, in the same transaction, under the board's row lock.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait ChangeOrderRepository: Send + Sync {
    /// The task's change orders by date, then id.
    fn list_for_task(&self, task_id: i64) -> Result<Vec<ChangeOrder>, RepoError>;
    /// Every change order of the project with its task's title: one query (the register).
    fn list_for_project(&self, project_id: i64) -> Result<Vec<(ChangeOrder, String)>, RepoError>;
    fn find_for_owner(&self, owner_id: UserId, id: ChangeOrderId) -> Result<Option<ChangeOrder>, RepoError>;
    /// `Refused` ([`ChangeOrderDetails::check_award`]) when it is approved and its task has no
    /// awarded bid (checked under the lock); `NotFound` when the task is gone.
    fn create(&self, change_order: &OnTask<ChangeOrderDetails>) -> Result<ChangeOrder, RepoError>;
    /// Stores what `change` makes of the change order as found under the lock. `NotFound` when
    /// gone; `Refused` when `change` refuses, or as for `create`.
    fn update(&self, id: i64, change: Rule<ChangeOrder, ChangeOrderDetails>) -> Result<ChangeOrder, RepoError>;
    fn delete(&self, id: i64) -> Result<(), RepoError>;
}

/// Lender draws. Every write takes the project's lock first, checks its rules on what it reads
/// there, and keeps the project's drawn total and bumps its version in the same transaction.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait DrawRepository: Send + Sync {
    /// The project's draws by number, with their lines, the project's retainage and what
    /// paperwork each still needs (a few queries whatever their number).
    fn list_for_project(&self, project_id: i64) -> Result<Vec<Draw>, RepoError>;
    fn find_for_owner(&self, owner_id: UserId, id: DrawId) -> Result<Option<Draw>, RepoError>;
    /// Every task of the project in board order with its work to date and what the project's
    /// draws (but `except_draw`) already cover of it: one query.
    fn drawable_tasks(&self, project_id: i64, except_draw: Option<i64>) -> Result<Vec<DrawableTask>, RepoError>;
    /// Stores the draw that `draw` makes of the project's tasks as found under the lock (as
    /// `drawable_tasks` gives them) and its paperwork (payments, waivers, awarded contractors),
    /// with its lines, numbered the project's next. `NotFound` when the project is gone;
    /// `Refused` when `draw` refuses.
    fn create(&self, project_id: i64, draw: Rule<DrawContext, NewDraw>) -> Result<Draw, RepoError>;
    /// Stores what `change` makes of the draw as found under the lock, given the project's
    /// tasks with what its other draws cover of them and its paperwork: its fields, and its
    /// lines when given. `NotFound` when gone; `Refused` when `change` refuses.
    fn update(&self, id: i64, change: Rule<(Draw, DrawContext), DrawUpdate>) -> Result<Draw, RepoError>;
    /// `Refused` ([`Draw::check_delete`]) when the draw is funded, as found under the lock.
    fn delete(&self, id: i64) -> Result<(), RepoError>;
}

/// Each task's scheduled value on a draw's continuation sheet, by task id: its committed cost,
/// else its best-known cost as the money summary counts it (with the ratio the project shows).
///
/// A port of its own rather than the task service in the ledger's ports: the figure needs the
/// board and the cost catalogue, which only the task use cases read; the ledger asks for this one
/// map and nothing else, and its tests give the map without a board.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait ScheduledValues: Send + Sync {
    fn scheduled_values(
        &self,
        owner_id: UserId,
        project_id: ProjectId,
    ) -> Result<std::collections::HashMap<i64, i64>, crate::error::UseCaseError>;
}

/// A document row to create (the file is already stored under `storage_key`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewDocument {
    pub task_id: i64,
    pub name: String,
    pub content_type: String,
    pub size_bytes: i64,
    pub storage_key: String,
}

#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait DocumentRepository: Send + Sync {
    /// Creates the row and bumps the project's version.
    fn create(&self, doc: &NewDocument) -> Result<Document, RepoError>;
    fn list_for_task(&self, task_id: i64) -> Result<Vec<Document>, RepoError>;
    /// `None` when missing or not the owner's.
    fn find_for_owner(&self, owner_id: UserId, id: DocumentId) -> Result<Option<Document>, RepoError>;
    fn find(&self, id: i64) -> Result<Option<Document>, RepoError>;
    /// Deletes the row (bumping the project's version) and returns its storage key.
    fn delete(&self, id: i64) -> Result<String, RepoError>;
    /// Renames the document (bumping the project's version). `NotFound` when gone.
    fn rename(&self, id: i64, name: &str) -> Result<Document, RepoError>;
    /// Every document of the owner, by task then id (the data export).
    fn list_for_owner(&self, owner_id: i64) -> Result<Vec<Document>, RepoError>;
    /// Every document of the owner's project, by task then upload.
    fn list_for_project(&self, owner_id: UserId, project_id: ProjectId) -> Result<Vec<Document>, RepoError>;
    /// Bytes stored by the owner over all documents (quota).
    fn total_bytes_for_owner(&self, owner_id: i64) -> Result<i64, RepoError>;
}

/// Where document bytes live (a local directory, or an object store).
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait DocumentStore: Send + Sync {
    /// Stores the file found at `source` (a temporary file) under `key`.
    fn put(&self, key: &str, source: &std::path::Path) -> Result<(), RepoError>;
    fn get(&self, key: &str) -> Result<Vec<u8>, RepoError>;
    /// Deleting a missing key is not an error.
    fn delete(&self, key: &str) -> Result<(), RepoError>;
    /// Whether the store can be used now (`/healthz`): cheap, writes nothing that stays.
    fn check(&self) -> Result<(), RepoError>;
}

#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait PasswordHasher: Send + Sync {
    fn hash(&self, password: &str) -> Result<String, BoxError>;
    /// `false` for a wrong password or an unreadable hash.
    fn verify(&self, password: &str, hash: &str) -> bool;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    Access,
    Refresh,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    #[error("Token is invalid or expired")]
    Invalid,
    #[error("Token has wrong type")]
    WrongKind,
}

/// What a token says: whose it is, the sign-in session it belongs to and (refresh tokens) its
/// own id, which the session must hold as current for the token to be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenSubject {
    pub user_id: i64,
    /// `None` only in tokens issued before sessions existed.
    pub session_id: Option<i64>,
    /// The refresh token's id (`jti`). For an access token it is derived from its refresh token's
    /// (nothing checks it; `None` draws a random one).
    pub token_id: Option<String>,
}

#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait TokenIssuer: Send + Sync {
    /// A signed token issued at `issued_at`: the same subject, kind and time give the same token
    /// (a refresh repeated within the grace period is answered with the pair of the first).
    fn issue(&self, subject: &TokenSubject, kind: TokenKind, issued_at: NaiveDateTime) -> Result<String, BoxError>;
    /// The subject of a valid, unexpired token of the given kind (signature and claims only:
    /// whether its session still stands is the session repository's answer).
    fn verify(&self, token: &str, kind: TokenKind) -> Result<TokenSubject, TokenError>;
}

/// What became of a refresh token presented for rotation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rotation {
    /// It was the session's current token: the new id is now current.
    Rotated,
    /// It was the token just replaced, within the grace period (two tabs refreshing at once):
    /// nothing changes, and the caller gets the very pair issued at `rotated_at` (idempotent).
    AlreadyRotated { current_jti: String, rotated_at: NaiveDateTime },
    /// Revoked, expired, unknown, or an older token of the session (a reuse: the session is now
    /// revoked).
    Refused,
}

/// Sign-in sessions: one per login, holding the id of the one refresh token that may be used
/// next (rotation with reuse detection).
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait SessionRepository: Send + Sync {
    /// A new session whose current refresh token is `jti`; returns its id.
    fn create(&self, user_id: i64, jti: &str, now: NaiveDateTime, expires_at: NaiveDateTime) -> Result<i64, RepoError>;
    /// Atomically replaces `presented` by `new_jti` when `presented` is current and the session
    /// stands; a token of the session that is neither current nor just replaced (since
    /// `grace_since`) revokes the session.
    #[allow(clippy::too_many_arguments)]
    fn rotate(
        &self,
        session_id: i64,
        user_id: i64,
        presented: &str,
        new_jti: &str,
        now: NaiveDateTime,
        expires_at: NaiveDateTime,
        grace_since: NaiveDateTime,
    ) -> Result<Rotation, RepoError>;
    /// Revokes one session of the user (no error when it is gone or already revoked).
    fn revoke(&self, session_id: i64, user_id: i64, now: NaiveDateTime) -> Result<(), RepoError>;
    /// Revokes every session of the user but `keep`; returns how many were standing.
    fn revoke_all(&self, user_id: i64, keep: Option<i64>, now: NaiveDateTime) -> Result<usize, RepoError>;
}

/// Read-only share links of projects (issue 21), kept with the SHA-256 of their token.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait ShareRepository: Send + Sync {
    /// Stores a link of the project (whose owner is `owner_id`) unless the project already has
    /// [`buildledger_domain::share::MAX_SHARES_PER_PROJECT`] links (`RepoError::Conflict`).
    fn create(
        &self,
        new: &buildledger_domain::share::NewShare,
        owner_id: i64,
        token_hash: &str,
        now: NaiveDateTime,
    ) -> Result<buildledger_domain::share::Share, RepoError>;
    /// The project's links, oldest first.
    fn list_for_project(&self, project_id: i64) -> Result<Vec<buildledger_domain::share::Share>, RepoError>;
    fn find_for_owner(
        &self,
        owner_id: UserId,
        id: ShareId,
    ) -> Result<Option<buildledger_domain::share::Share>, RepoError>;
    /// Deletes the link (revoking it); `RepoError::NotFound` when it is gone.
    fn delete(&self, id: i64) -> Result<(), RepoError>;
    fn find_by_token_hash(&self, token_hash: &str) -> Result<Option<buildledger_domain::share::Share>, RepoError>;
}

/// Single-use password reset links, kept as the SHA-256 of their token.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait PasswordResetRepository: Send + Sync {
    fn create(
        &self,
        user_id: i64,
        token_hash: &str,
        now: NaiveDateTime,
        expires_at: NaiveDateTime,
    ) -> Result<(), RepoError>;
    /// Links created for the user since `since` (a cap on mails per account).
    fn count_since(&self, user_id: i64, since: NaiveDateTime) -> Result<i64, RepoError>;
    /// The user of an unused, unexpired link.
    fn find_valid(&self, token_hash: &str, now: NaiveDateTime) -> Result<Option<i64>, RepoError>;
    /// In one transaction: marks the link used (it must still be unused and unexpired), sets
    /// the user's password, marks the user's other links used and revokes every session.
    /// `None` when the link is no longer valid (nothing changed).
    fn consume(&self, token_hash: &str, password_hash: &str, now: NaiveDateTime) -> Result<Option<i64>, RepoError>;
}

/// An email to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    /// Plain text body.
    pub text: String,
    /// The same as HTML, sent beside the text (`multipart/alternative`) when given.
    pub html: Option<String>,
    /// One-click unsubscribe URL: sent as `List-Unsubscribe` with `List-Unsubscribe-Post:
    /// List-Unsubscribe=One-Click` (RFC 8058). None for mails a user cannot opt out of.
    pub unsubscribe: Option<String>,
}

/// Outgoing mail (SMTP, or the local outbox folder). `send` must not wait for delivery, so that
/// answering a reset request takes the same time whether or not a mail goes out.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait Mailer: Send + Sync {
    fn send(&self, mail: Mail) -> Result<(), BoxError>;
}

/// Signs and checks short-lived download links for documents.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait LinkSigner: Send + Sync {
    /// `(expires unix seconds, signature)` for the document.
    fn sign(&self, document_id: i64) -> (i64, String);
    fn verify(&self, document_id: i64, expires: i64, signature: &str) -> bool;
}

/// The whole-house estimate of a project at standard quality, line by line (catalogue task
/// name, cents), as the landing page's free estimate gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WholeHouseEstimate {
    pub total_cents: i64,
    pub lines: Vec<(String, i64)>,
}

/// Regional cost rates (the cost catalogue), behind a port so use cases can be tested alone.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait CostRates: Send + Sync {
    /// The regional prediction of a task in a project (docs/cost-model.md): per sq ft of the
    /// house or per job, with its range and the rate per sq ft of the wire; `None` for an
    /// unknown title or an unusable zip code.
    fn predict(
        &self,
        title: &str,
        quality: buildledger_domain::task::MaterialQuality,
        zip_code: &str,
        square_footage: i64,
    ) -> Option<buildledger_domain::cost::Prediction>;
    /// The project's standard task list: catalogue task names in build order (empty when its
    /// type and options name none).
    fn standard_tasks(&self, details: &ProjectDetails) -> Vec<String>;
    /// The whole-house estimate for the project's zip code, size, type and options at standard
    /// quality; `None` when the catalogue cannot give one (an unknown zip code).
    fn whole_house_estimate(&self, details: &ProjectDetails) -> Option<WholeHouseEstimate>;
    /// The catalogue name a task title resolves to (case, spacing, aliases and plurals aside).
    fn catalogue_name(&self, title: &str) -> Option<String>;
}

#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait Clock: Send + Sync {
    /// Now, in UTC.
    fn now(&self) -> NaiveDateTime;
}

/// The system clock.
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> NaiveDateTime {
        chrono::Utc::now().naive_utc()
    }
}

/// Unguessable ids: local checkout sessions, subscriptions and invoices, refresh token ids,
/// password reset tokens.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait IdGenerator: Send + Sync {
    /// `prefix` followed by at least 128 random bits.
    fn new_id(&self, prefix: &str) -> String;
}

/// Ids that stand for access (checkout sessions, reset tokens, refresh token ids): 128
/// bits from the operating system's cryptographic generator, in hex.
pub struct RandomIds;

impl IdGenerator for RandomIds {
    fn new_id(&self, prefix: &str) -> String {
        use rand::RngCore;
        use std::fmt::Write;
        let mut bytes = [0u8; 16];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        let mut id = String::with_capacity(prefix.len() + 32);
        id.push_str(prefix);
        for b in bytes {
            let _ = write!(id, "{b:02x}"); // writing to a String cannot fail
        }
        id
    }
}
