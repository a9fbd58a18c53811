//! Tasks: the board of a project and the changes made to its cards.

use buildledger_domain::ids::{ProjectId, TaskId, TypedId, UserId};
use std::sync::Arc;

use buildledger_domain::budget::{CostLine, PredictedCost};
use buildledger_domain::cost::Prediction;
use buildledger_domain::error::FieldErrors;
use buildledger_domain::project::Project;
use buildledger_domain::schedule::template;
use buildledger_domain::task::{MaterialQuality, NewTask, Task, TaskChanges, TaskSchedule, TaskStatus, TaskTitle};

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
}

impl TaskService {
    pub fn new(
        projects: Arc<dyn ProjectRepository>,
        tasks: Arc<dyn TaskRepository>,
        store: Arc<dyn DocumentStore>,
        rates: Arc<dyn CostRates>,
        known: Arc<dyn KnownState>,
    ) -> Self {
        Self { projects, tasks, store, rates, known, clock: Arc::new(SystemClock) }
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

    /// The project's version alone, for a cheap `If-None-Match` check.
    pub fn board_version(&self, owner_id: UserId, project_id: ProjectId) -> Result<i64, UseCaseError> {
        Ok(self.owned_project(owner_id, project_id)?.version)
    }

    /// The project's version when it is known without I/O ([`KnownState`]); `None` means ask
    /// [`Self::board_version`]. Lets an unchanged board answer 304 without the blocking pool.
    pub fn known_board_version(&self, owner_id: UserId, project_id: ProjectId) -> Option<Result<i64, UseCaseError>> {
        match self.known.project_version(owner_id, project_id) {
            KnownVersion::Current(v) => Some(Ok(v)),
            KnownVersion::Missing => Some(Err(UseCaseError::not_found("project"))),
            KnownVersion::Unknown => None,
        }
    }

    pub fn board(&self, owner_id: UserId, project_id: ProjectId) -> Result<Board, UseCaseError> {
        let project = self.owned_project(owner_id, project_id)?;
        let tasks = self.tasks.list_for_project(project.id)?;
        let tasks = tasks.into_iter().map(|t| self.view(t, &project)).collect();
        Ok(Board { project, tasks })
    }

    /// Starts an empty board from the project's standard task list (catalogue tasks for its
    /// type and options, standard quality, in build order), in one transaction. A board that
    /// already has a task is a conflict.
    pub fn create_standard_tasks(
        &self,
        owner_id: UserId,
        project_id: ProjectId,
    ) -> Result<Vec<TaskView>, UseCaseError> {
        let project = self.owned_project(owner_id, project_id)?;
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

    /// Adds a task to one of the caller's projects (another user's project is not found,
    /// like a missing one: DECISIONS.md).
    pub fn create(&self, owner_id: UserId, new: NewTask) -> Result<TaskView, UseCaseError> {
        let project = self
            .projects
            .find_for_owner(owner_id, ProjectId::new(new.project_id))?
            .ok_or(UseCaseError::not_found("project"))?;
        new.schedule.check()?;
        let task = self.tasks.create(&new)?;
        Ok(self.view(task, &project))
    }

    pub fn update(&self, owner_id: UserId, task_id: TaskId, update: TaskUpdate) -> Result<TaskView, UseCaseError> {
        let (current, project) =
            self.tasks.find_for_owner(owner_id, task_id)?.ok_or(UseCaseError::not_found("task"))?;
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

    pub fn delete(&self, owner_id: UserId, task_id: TaskId) -> Result<(), UseCaseError> {
        let (task, _) = self.tasks.find_for_owner(owner_id, task_id)?.ok_or(UseCaseError::not_found("task"))?;
        let keys = self.tasks.delete(&task).map_err(|e| not_found_as(e, "task"))?;
        remove_files(self.store.as_ref(), &keys);
        Ok(())
    }

    fn owned_project(&self, owner_id: UserId, project_id: ProjectId) -> Result<Project, UseCaseError> {
        self.projects.find_for_owner(owner_id, project_id)?.ok_or(UseCaseError::not_found("project"))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::ports::{MockCostRates, MockDocumentStore, MockKnownState, MockProjectRepository, MockTaskRepository};
    use buildledger_domain::ids::{ProjectId, TaskId, TypedId, UserId};
    use buildledger_domain::money::Money;
    use buildledger_domain::project::{
        parse_date, OwnerBuilder, ProjectDetails, ProjectInput, ProjectType, PropertyType,
    };
    use mockall::predicate::eq;

    /// A 2,000 sq ft new home in Austin with a $1.00 budget.
    pub(crate) fn project(id: i64, owner_id: i64) -> Project {
        let details = ProjectDetails::parse(ProjectInput {
            name: Some("Cabin".into()),
            zip_code: Some("78701".into()),
            project_type: Some(ProjectType::NewHomeBuild),
            property_type: Some(PropertyType::SingleFamily),
            square_footage: Some(2000),
            start_date: parse_date("2026-01-01").ok(),
            end_date: parse_date("2026-06-01").ok(),
            budget: Money::from_cents(100),
            owner_builder: Some(OwnerBuilder::Yes),
            ..Default::default()
        })
        .unwrap();
        Project { id, owner_id, details, version: 4, created_at: chrono::NaiveDateTime::default(), drawn_cents: 0 }
    }

    pub(crate) fn task(id: i64, status: TaskStatus) -> Task {
        Task {
            id,
            project_id: 1,
            title: "Framing".into(),
            description: String::new(),
            status,
            material_quality: MaterialQuality::Basic,
            actual_cost: None,
            due_date: None,
            position: 0,
            bids: Default::default(),
            ledger: Default::default(),
            schedule: Default::default(),
        }
    }

    pub(crate) fn rates() -> MockCostRates {
        let mut r = MockCostRates::new();
        r.expect_predict()
            .returning(|title, _, _, sqft| (title == "Framing").then(|| Prediction::per_sqft(2500, sqft)));
        r.expect_catalogue_name().returning(|title| (title == "Framing").then(|| "Framing".to_owned()));
        r.expect_standard_tasks().returning(|_| vec!["Foundation".into(), "Framing".into(), "Roofing".into()]);
        r.expect_whole_house_estimate().returning(|_| {
            Some(crate::ports::WholeHouseEstimate {
                total_cents: 90_000,
                lines: vec![("Foundation".into(), 20_000), ("Framing".into(), 50_000), ("Roofing".into(), 20_000)],
            })
        });
        r
    }

    pub(crate) fn service(projects: MockProjectRepository, tasks: MockTaskRepository) -> TaskService {
        service_knowing(projects, tasks, MockKnownState::new())
    }

    fn service_knowing(
        projects: MockProjectRepository,
        tasks: MockTaskRepository,
        known: MockKnownState,
    ) -> TaskService {
        TaskService::new(
            Arc::new(projects),
            Arc::new(tasks),
            Arc::new(MockDocumentStore::new()),
            Arc::new(rates()),
            Arc::new(known),
        )
    }

    #[test]
    fn the_board_carries_each_tasks_regional_rate() {
        let mut projects = MockProjectRepository::new();
        projects
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
            .returning(|o, id| Ok(Some(project(id.get(), o.get()))));
        let mut tasks = MockTaskRepository::new();
        tasks.expect_list_for_project().with(eq(1)).times(1).returning(|_| {
            Ok(vec![task(1, TaskStatus::ToDo), Task { title: "Moat".into(), ..task(2, TaskStatus::Paid) }])
        });
        let board = service(projects, tasks).board(UserId::new(3), ProjectId::new(1)).unwrap();
        assert_eq!(board.tasks[0].prediction.map(|p| (p.rate_cents_per_sqft, p.cents)), Some((2500, 5_000_000)));
        assert_eq!(board.tasks[1].prediction, None);
        assert_eq!(board.tasks[0].square_footage, 2000);
    }

    #[test]
    fn an_empty_board_starts_from_the_standard_list_in_one_write() {
        let mut projects = MockProjectRepository::new();
        projects
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
            .returning(|o, id| Ok(Some(project(id.get(), o.get()))));
        let mut tasks = MockTaskRepository::new();
        tasks
            .expect_create_first()
            .withf(|pid, new, links| {
                *pid == 1
                    // The list's links and durations (Foundation is not in it: no duration).
                    && links == template::links_among(&["Foundation", "Framing", "Roofing"]).as_slice()
                    && !links.is_empty()
                    && new[0].schedule.duration_days.is_none()
                    && new[1].schedule.duration_days == template::timing_of("Framing").map(|t| t.duration_days)
                    && new.iter().map(|t| t.title.as_str()).collect::<Vec<_>>() == ["Foundation", "Framing", "Roofing"]
                    && new
                        .iter()
                        .all(|t| t.material_quality == MaterialQuality::Standard && t.status == TaskStatus::ToDo)
            })
            .times(1)
            .returning(|_, new, _| {
                Ok(new
                    .iter()
                    .enumerate()
                    .map(|(i, n)| Task {
                        title: n.title.as_str().into(),
                        position: i as i32,
                        ..task(i as i64 + 1, n.status)
                    })
                    .collect())
            });
        let created = service(projects, tasks).create_standard_tasks(UserId::new(3), ProjectId::new(1)).unwrap();
        assert_eq!(created.len(), 3);
        assert_eq!(created[1].prediction.map(|p| p.rate_cents_per_sqft), Some(2500));
    }

    #[test]
    fn a_board_with_tasks_is_not_started_again() {
        let mut projects = MockProjectRepository::new();
        projects.expect_find_for_owner().returning(|o, id| Ok(Some(project(id.get(), o.get()))));
        let mut tasks = MockTaskRepository::new();
        tasks.expect_create_first().returning(|_, _, _| Err(crate::error::RepoError::Conflict("tasks".into())));
        let err = service(projects, tasks).create_standard_tasks(UserId::new(3), ProjectId::new(1)).unwrap_err();
        assert!(matches!(err, UseCaseError::Conflict { ref message, .. } if message == MSG_TEMPLATE_NOT_EMPTY));
    }

    #[test]
    fn a_known_version_answers_without_a_query() {
        let mut known = MockKnownState::new();
        known
            .expect_project_version()
            .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
            .returning(|_, _| KnownVersion::Current(9));
        known
            .expect_project_version()
            .with(eq(UserId::new(3)), eq(ProjectId::new(2)))
            .returning(|_, _| KnownVersion::Missing);
        known
            .expect_project_version()
            .with(eq(UserId::new(3)), eq(ProjectId::new(5)))
            .returning(|_, _| KnownVersion::Unknown);
        let mut projects = MockProjectRepository::new();
        projects.expect_find_for_owner().never();
        let svc = service_knowing(projects, MockTaskRepository::new(), known);
        assert_eq!(svc.known_board_version(UserId::new(3), ProjectId::new(1)).unwrap().unwrap(), 9);
        assert!(matches!(
            svc.known_board_version(UserId::new(3), ProjectId::new(2)),
            Some(Err(UseCaseError::NotFound { .. }))
        ));
        assert!(svc.known_board_version(UserId::new(3), ProjectId::new(5)).is_none());
    }

    fn new_task(project_id: i64) -> NewTask {
        NewTask {
            project_id,
            title: TaskTitle::parse("Framing").unwrap(),
            description: String::new(),
            status: TaskStatus::ToDo,
            material_quality: MaterialQuality::Basic,
            actual_cost: None,
            due_date: None,
            schedule: Default::default(),
        }
    }

    #[test]
    fn a_new_task_is_stored_in_the_callers_project() {
        let mut projects = MockProjectRepository::new();
        projects
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
            .returning(|o, id| Ok(Some(project(id.get(), o.get()))));
        let mut tasks = MockTaskRepository::new();
        tasks
            .expect_create()
            .withf(|n| n.project_id == 1 && n.title.as_str() == "Framing")
            .times(1)
            .returning(|_| Ok(task(9, TaskStatus::ToDo)));
        let view = service(projects, tasks).create(UserId::new(3), new_task(1)).unwrap();
        assert_eq!((view.task.id, view.square_footage), (9, 2000));
    }

    #[test]
    fn a_task_for_someone_elses_project_is_rejected() {
        let mut projects = MockProjectRepository::new();
        projects.expect_find_for_owner().returning(|_, _| Ok(None));
        let mut tasks = MockTaskRepository::new();
        tasks.expect_create().never();
        let err = service(projects, tasks).create(UserId::new(3), new_task(1)).unwrap_err();
        assert!(matches!(err, UseCaseError::NotFound { entity: "project" }));
    }

    #[test]
    fn moving_to_paid_sends_one_update_with_status_and_cost() {
        let mut tasks = MockTaskRepository::new();
        tasks
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(TaskId::new(5)))
            .returning(|_, id| Ok(Some((task(id.get(), TaskStatus::InProgress), project(1, 3)))));
        tasks
            .expect_update()
            .withf(|t, c| {
                t.project_id == 1
                    && t.id == 5
                    && c.status == Some(TaskStatus::Paid)
                    && c.actual_cost == Some(Money::from_cents(0))
                    && c.title.is_none()
            })
            .times(1)
            .returning(|t, _| Ok(Task { actual_cost: Money::from_cents(0), ..task(t.id, TaskStatus::Paid) }));
        let update = TaskUpdate {
            project: Some(1),
            changes: TaskChanges {
                status: Some(TaskStatus::Paid),
                actual_cost: Some(Money::from_cents(0)),
                ..Default::default()
            },
        };
        let v = service(MockProjectRepository::new(), tasks).update(UserId::new(3), TaskId::new(5), update).unwrap();
        assert_eq!(v.task.status, TaskStatus::Paid);
    }

    #[test]
    fn a_task_cannot_change_project() {
        let mut tasks = MockTaskRepository::new();
        tasks.expect_find_for_owner().returning(|_, id| Ok(Some((task(id.get(), TaskStatus::ToDo), project(1, 3)))));
        tasks.expect_update().never();
        let err = service(MockProjectRepository::new(), tasks)
            .update(UserId::new(3), TaskId::new(5), TaskUpdate { project: Some(2), ..Default::default() })
            .unwrap_err();
        let UseCaseError::Invalid(e) = err else { panic!("{err:?}") };
        assert!(e.fields().contains("project"));
    }

    #[test]
    fn updating_someone_elses_task_is_not_found() {
        let mut tasks = MockTaskRepository::new();
        tasks.expect_find_for_owner().returning(|_, _| Ok(None));
        tasks.expect_update().never();
        let err = service(MockProjectRepository::new(), tasks)
            .update(UserId::new(3), TaskId::new(5), TaskUpdate::default())
            .unwrap_err();
        assert!(matches!(err, UseCaseError::NotFound { entity: "task" }));
    }

    #[test]
    fn an_empty_change_writes_nothing() {
        let mut tasks = MockTaskRepository::new();
        tasks.expect_find_for_owner().returning(|_, id| Ok(Some((task(id.get(), TaskStatus::ToDo), project(1, 3)))));
        tasks.expect_update().never();
        let v = service(MockProjectRepository::new(), tasks)
            .update(UserId::new(3), TaskId::new(5), TaskUpdate { project: Some(1), ..Default::default() })
            .unwrap();
        assert_eq!(v.task.id, 5);
    }

    #[test]
    fn deleting_a_task_removes_its_files() {
        let mut tasks = MockTaskRepository::new();
        tasks.expect_find_for_owner().returning(|_, id| Ok(Some((task(id.get(), TaskStatus::ToDo), project(1, 3)))));
        tasks.expect_delete().withf(|t| (t.project_id, t.id) == (1, 5)).returning(|_| Ok(vec!["k".into()]));
        let mut store = MockDocumentStore::new();
        store.expect_delete().with(eq("k")).times(1).returning(|_| Ok(()));
        TaskService::new(
            Arc::new(MockProjectRepository::new()),
            Arc::new(tasks),
            Arc::new(store),
            Arc::new(rates()),
            Arc::new(MockKnownState::new()),
        )
        .delete(UserId::new(3), TaskId::new(5))
        .unwrap();
    }
}
