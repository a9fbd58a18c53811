//! Tasks: the board of a project and the changes made to its cards.

use buildledger_domain::ids::{ProjectId, TaskId, TypedId, UserId};
use std::sync::Arc;

use buildledger_domain::budget::{CostLine, PredictedCost};
use buildledger_domain::cost::Prediction;
use buildledger_domain::error::FieldErrors;
use buildledger_domain::member::Need;
use buildledger_domain::project::Project;
use buildledger_domain::schedule::template;
use buildledger_domain::task::{MaterialQuality, NewTask, Task, TaskChanges, TaskSchedule, TaskStatus, TaskTitle};
use buildledger_domain::DomainError;

use crate::access::{Authorizer, Target};
use crate::error::UseCaseError;
use crate::ports::{
    Clock, CostRates, DocumentStore, KnownState, KnownVersion, ProjectRepository, SystemClock, TaskRepository,
};
use crate::projects::{not_found_as, remove_files};

/// A task with what its response needs from its project.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskView {
    pub task: Task,
    pub square_footage: i64,
    /// The regional prediction (cost, range, rate per sq ft), when the catalogue knows the
    /// title and the zip code.
    pub prediction: Option<Prediction>,
}

impl TaskView {
    /// What this task brings to the board's sums.
    pub fn cost_line(&self) -> CostLine {
        CostLine {
            status: self.task.status,
            actual_cost: self.task.actual_cost,
            committed: self.task.bids.committed,
            predicted: self.prediction.map(|p| PredictedCost {
                cents: p.cents,
                low_cents: p.low_cents,
                high_cents: p.high_cents,
                fee: p.fee,
            }),
        }
    }
}

/// A project's board: the project (for its version, area and budget) and its tasks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    pub project: Project,
    pub tasks: Vec<TaskView>,
}

pub const MSG_TEMPLATE_NOT_EMPTY: &str =
    "This project already has tasks: the standard task list can only start an empty board.";
pub const MSG_NO_TEMPLATE: &str =
    "There is no standard task list for this project: choose its renovation, addition or conversion options first.";

/// A change to a task: the fields to change, already parsed, and the project the caller
/// says it belongs to (a task cannot move to another project).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TaskUpdate {
    pub project: Option<i64>,
    pub changes: TaskChanges,
}

#[derive(Clone)]
pub struct TaskService {
    projects: Arc<dyn ProjectRepository>,
    tasks: Arc<dyn TaskRepository>,
    store: Arc<dyn DocumentStore>,
    /// The cost catalogue (the summary, `summary.rs`, reads it too).
    pub(crate) rates: Arc<dyn CostRates>,
    known: Arc<dyn KnownState>,
    /// Today, for the dates a move records (the system clock unless a test sets one).
    clock: Arc<dyn Clock>,
    /// Who may read and change which project (issue 35; the summary and the calibration ask
    /// it too).
    pub(crate) access: Authorizer,
}

impl TaskService {
    pub fn new(
        projects: Arc<dyn ProjectRepository>,
        tasks: Arc<dyn TaskRepository>,
        store: Arc<dyn DocumentStore>,
        rates: Arc<dyn CostRates>,
        known: Arc<dyn KnownState>,
        access: Authorizer,
    ) -> Self {
        Self { projects, tasks, store, rates, known, clock: Arc::new(SystemClock), access }
    }

    /// The same service reading today from `clock`.
    pub fn with_clock(self, clock: Arc<dyn Clock>) -> Self {
        Self { clock, ..self }
    }

    fn view(&self, task: Task, project: &Project) -> TaskView {
        let details = &project.details;
        let prediction =
            self.rates.predict(&task.title, task.material_quality, &details.zip_code, details.square_footage);
        TaskView { task, square_footage: details.square_footage, prediction }
    }

    /// The project's version alone, for a cheap `If-None-Match` check by anyone who may read
    /// the board.
    pub fn board_version(&self, user_id: UserId, project_id: ProjectId) -> Result<i64, UseCaseError> {
        let grant = self.access.authorize(user_id, Target::Project(project_id), Need::Read)?;
        Ok(self.owned_project(grant.owner_id, project_id)?.version)
    }

    /// The project's version when it is known without I/O ([`KnownState`]); `None` means ask
    /// [`Self::board_version`]. Lets an unchanged board answer 304 without the blocking pool.
    /// Only the owner's project is ever known ([`KnownState::project_version`]), and only while
    /// their subscription is known to be active: members, and everything else, go through
    /// [`Self::board_version`]'s check.
    pub fn known_board_version(&self, user_id: UserId, project_id: ProjectId) -> Option<Result<i64, UseCaseError>> {
        match self.known.project_version(user_id, project_id) {
            KnownVersion::Current(v) if self.known_subscribed(user_id) => Some(Ok(v)),
            KnownVersion::Current(_) | KnownVersion::Unknown => None,
            KnownVersion::Missing => Some(Err(UseCaseError::not_found("project"))),
        }
    }

    /// Whether the user's subscription is known, without I/O, to be active.
    fn known_subscribed(&self, user_id: UserId) -> bool {
        let now = self.clock.now();
        self.known.subscription(user_id.get()).flatten().is_some_and(|s| s.is_active(now))
    }

    /// The board, for the owner and the project's members.
    pub fn board(&self, user_id: UserId, project_id: ProjectId) -> Result<Board, UseCaseError> {
        let grant = self.access.authorize(user_id, Target::Project(project_id), Need::Read)?;
        self.board_for_owner(grant.owner_id, project_id)
    }

    /// The board of one of `owner_id`'s projects, without the caller's check: for the use cases
    /// that already hold a grant or act for the owner themself (a share link, the data export).
    pub(crate) fn board_for_owner(&self, owner_id: UserId, project_id: ProjectId) -> Result<Board, UseCaseError> {
        let project = self.owned_project(owner_id, project_id)?;
        let tasks = self.tasks.list_for_project(project.id)?;
        let tasks = tasks.into_iter().map(|t| self.view(t, &project)).collect();
        Ok(Board { project, tasks })
    }

    /// Starts an empty board from the project's standard task list (catalogue tasks for its
    /// type and options, standard quality, in build order), in one transaction. A board that
    /// already has a task is a conflict.
    pub fn create_standard_tasks(&self, user_id: UserId, project_id: ProjectId) -> Result<Vec<TaskView>, UseCaseError> {
        let grant = self.access.authorize(user_id, Target::Project(project_id), Need::Write)?;
        let project = self.owned_project(grant.owner_id, project_id)?;
        let titles = self.rates.standard_tasks(&project.details);
        if titles.is_empty() {
            return Err(FieldErrors::single("project", MSG_NO_TEMPLATE).into());
        }
        let new = titles
            .iter()
            .map(|title| {
                Ok(NewTask {
                    project_id: project.id,
                    title: TaskTitle::parse(title)?,
                    description: String::new(),
                    status: TaskStatus::ToDo,
                    material_quality: MaterialQuality::Standard,
                    actual_cost: None,
                    due_date: None,
                    // The list's default duration (docs/schedule.md, "The standard list").
                    schedule: TaskSchedule {
                        duration_days: template::timing_of(title).map(|t| t.duration_days),
                        ..TaskSchedule::default()
                    },
                })
            })
            .collect::<Result<Vec<_>, buildledger_domain::DomainError>>()?;
        let names: Vec<&str> = titles.iter().map(String::as_str).collect();
        let links = template::links_among(&names);
        let created = self.tasks.create_first(project.id, &new, &links).map_err(|e| match e {
            crate::error::RepoError::Conflict(_) => {
                UseCaseError::Conflict { field: "tasks".into(), message: MSG_TEMPLATE_NOT_EMPTY.into() }
            }
            other => other.into(),
        })?;
        Ok(created.into_iter().map(|t| self.view(t, &project)).collect())
    }

    /// Adds a task to a project the caller may change (another user's project is not found,
    /// like a missing one: DECISIONS.md).
    pub fn create(&self, user_id: UserId, new: NewTask) -> Result<TaskView, UseCaseError> {
        let project_id = ProjectId::new(new.project_id);
        let grant = self.access.authorize(user_id, Target::Project(project_id), Need::Write)?;
        let project = self.owned_project(grant.owner_id, project_id)?;
        new.schedule.check()?;
        let task = self.tasks.create(&new)?;
        Ok(self.view(task, &project))
    }

    /// Changes a task. `update` is the body as read, problems included: a task the caller may
    /// not change is refused whatever the body says, so that is checked first.
    pub fn update(
        &self,
        user_id: UserId,
        task_id: TaskId,
        update: Result<TaskUpdate, DomainError>,
    ) -> Result<TaskView, UseCaseError> {
        let grant = self.access.authorize(user_id, Target::Task(task_id), Need::Write)?;
        let (current, project) =
            self.tasks.find_for_owner(grant.owner_id, task_id)?.ok_or(UseCaseError::not_found("task"))?;
        let update = update?;
        if update.project.is_some_and(|p| p != project.id) {
            return Err(FieldErrors::single("project", "A task cannot be moved to another project.").into());
        }
        let mut changes = update.changes;
        if changes.is_empty() {
            return Ok(self.view(current, &project));
        }
        // A move records when the work started or finished, when nobody has said yet.
        if let Some(status) = changes.status.filter(|s| *s != current.status) {
            current.schedule.on_move(status, self.clock.now().date(), &mut changes);
        }
        current.schedule.with(&changes).check()?;
        let task = self.tasks.update(&current, &changes).map_err(|e| not_found_as(e, "task"))?;
        Ok(self.view(task, &project))
    }

    pub fn delete(&self, user_id: UserId, task_id: TaskId) -> Result<(), UseCaseError> {
        let grant = self.access.authorize(user_id, Target::Task(task_id), Need::Write)?;
        let (task, _) = self.tasks.find_for_owner(grant.owner_id, task_id)?.ok_or(UseCaseError::not_found("task"))?;
        let keys = self.tasks.delete(&task).map_err(|e| not_found_as(e, "task"))?;
        remove_files(self.store.as_ref(), &keys);
        Ok(())
    }

    fn owned_project(&self, owner_id: UserId, project_id: ProjectId) -> Result<Project, UseCaseError> {
        self.projects.find_for_owner(owner_id, project_id)?.ok_or(UseCaseError::not_found("project"))
    }
}

#[cfg(test)]
pub(crate) mod tests;
