//! Ports of the schedule (issue 33): the records (delays, inspections, links between tasks), the
//! read the schedule is computed from with its baseline, and the calendar feed's links.
//! Repository ports are synchronous, like the others (`crate::ports`), and speak domain types only.

use buildledger_domain::ids::{DelayId, DependencyId, InspectionId, ProjectId, UserId};
use buildledger_domain::schedule::{
    BaselineEntry, Delay, DelayDetails, Dependency, DependencyDetails, Inspection, InspectionDetails, ScheduleInput,
};
use chrono::{NaiveDate, NaiveDateTime};

use crate::error::RepoError;
use crate::ports::{OnTask, Rule};

#[cfg(any(test, feature = "mocks"))]
use mockall::automock;

/// Delays recorded on tasks (issue 33). Every write bumps the project's version (the schedule
/// moves) in the same transaction, taking that lock before it reads what it changes.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait DelayRepository: Send + Sync {
    /// The project's delays by date recorded, then id.
    fn list_for_project(&self, project_id: i64) -> Result<Vec<Delay>, RepoError>;
    /// `None` when missing or its project is not the owner's.
    fn find_for_owner(&self, owner_id: UserId, id: DelayId) -> Result<Option<Delay>, RepoError>;
    /// `NotFound` when the task is gone.
    fn create(&self, delay: &OnTask<DelayDetails>) -> Result<Delay, RepoError>;
    /// Stores what `change` makes of the delay as found under the lock. `NotFound` when gone;
    /// `Refused` when `change` refuses.
    fn update(&self, id: i64, change: Rule<Delay, DelayDetails>) -> Result<Delay, RepoError>;
    /// `NotFound` when gone.
    fn delete(&self, id: i64) -> Result<(), RepoError>;
}

/// Inspections of tasks (issue 33). Every write bumps the project's version (an inspection may
/// hold the schedule) in the same transaction, taking that lock before it reads what it changes.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait InspectionRepository: Send + Sync {
    /// The project's inspections by date scheduled, then id.
    fn list_for_project(&self, project_id: i64) -> Result<Vec<Inspection>, RepoError>;
    /// `None` when missing or its project is not the owner's.
    fn find_for_owner(&self, owner_id: UserId, id: InspectionId) -> Result<Option<Inspection>, RepoError>;
    /// `NotFound` when the task is gone.
    fn create(&self, inspection: &OnTask<InspectionDetails>) -> Result<Inspection, RepoError>;
    /// Stores what `change` makes of the inspection as found under the lock. `NotFound` when
    /// gone; `Refused` when `change` refuses.
    fn update(&self, id: i64, change: Rule<Inspection, InspectionDetails>) -> Result<Inspection, RepoError>;
    /// `NotFound` when gone.
    fn delete(&self, id: i64) -> Result<(), RepoError>;
}

/// Links between the tasks of a project (issue 33). Every write takes the project's lock first,
/// reads the project's links there, checks its rule on them (no cycle, no second link of a pair)
/// and writes, bumping the project's version, in one transaction.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait DependencyRepository: Send + Sync {
    /// The project's links, oldest first.
    fn list_for_project(&self, project_id: ProjectId) -> Result<Vec<Dependency>, RepoError>;
    /// `None` when missing or its project is not the owner's.
    fn find_for_owner(&self, owner_id: UserId, id: DependencyId) -> Result<Option<Dependency>, RepoError>;
    /// Stores the link `link` makes of the project's links as found under the lock. `NotFound`
    /// when the project or a task is gone; `Refused` when `link` refuses.
    fn create(
        &self,
        project_id: ProjectId,
        link: Rule<[Dependency], DependencyDetails>,
    ) -> Result<Dependency, RepoError>;
    /// Stores what `change` makes of the link as found under the lock (its type and lag).
    /// `NotFound` when gone; `Refused` when `change` refuses.
    fn update(&self, id: DependencyId, change: Rule<Dependency, DependencyDetails>) -> Result<Dependency, RepoError>;
    /// `NotFound` when gone.
    fn delete(&self, id: DependencyId) -> Result<(), RepoError>;
}

/// An inspection as the calendar feed shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduledInspection {
    pub id: i64,
    pub task: i64,
    pub kind: String,
    pub scheduled_on: NaiveDate,
}

/// What a project's schedule and its calendar feed are computed from, read at once.
#[derive(Debug, Clone)]
pub struct ScheduleRead {
    pub project_id: i64,
    pub owner_id: i64,
    pub name: String,
    /// The project's version (the schedule's ETag) and its last change.
    pub version: i64,
    pub updated_at: NaiveDateTime,
    /// The domain's input; `today` is left for the use case to set.
    pub input: ScheduleInput,
    /// Every task's title, by id.
    pub titles: Vec<(i64, String)>,
    pub inspections: Vec<ScheduledInspection>,
}

/// A baseline to store: the project's finish and each scheduled task's dates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaselineSnapshot {
    pub finish: Option<NaiveDate>,
    pub tasks: Vec<BaselineEntry>,
}

/// The schedule's reads and its baseline (issue 33).
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait ScheduleRepository: Send + Sync {
    /// The owner's project's timings, links, delays, inspections, baseline and calendar: a fixed
    /// number of queries whatever the number of tasks. `None` when missing or not the owner's.
    fn schedule_input(&self, owner_id: UserId, project_id: ProjectId) -> Result<Option<ScheduleRead>, RepoError>;
    /// Under the project's lock: reads the schedule as [`Self::schedule_input`] does, replaces the
    /// project's baseline by what `snapshot` makes of it and records when (`taken_at`), bumping
    /// the version. `NotFound` when the project is gone.
    fn save_baseline(
        &self,
        project_id: ProjectId,
        taken_at: NaiveDateTime,
        snapshot: Rule<ScheduleRead, BaselineSnapshot>,
    ) -> Result<BaselineSnapshot, RepoError>;
}

/// The calendar feed's secret link, one per project, kept as the SHA-256 of its token.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait CalendarFeedRepository: Send + Sync {
    /// When the project's link was made, if it has one.
    fn find_for_project(&self, project_id: ProjectId) -> Result<Option<NaiveDateTime>, RepoError>;
    /// Replaces the project's link (if any) by one with this token hash.
    fn replace(&self, project_id: ProjectId, token_hash: &str, now: NaiveDateTime) -> Result<(), RepoError>;
    /// Deletes the project's link; none is not an error.
    fn delete(&self, project_id: ProjectId) -> Result<(), RepoError>;
    /// The project and its owner of the link with this token hash.
    fn find_by_token_hash(&self, token_hash: &str) -> Result<Option<(ProjectId, UserId)>, RepoError>;
}
