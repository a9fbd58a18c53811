//! Delays recorded on tasks (issue 33, docs/schedule.md): how many working days a task slipped
//! and why, and what the project's delays add up to, per reason, at its carrying cost. Every
//! write moves the schedule, so it bumps the project's version (the repository's promise).

use std::sync::Arc;

use buildledger_domain::ids::{DelayId, ProjectId, TaskId, TypedId, UserId};
use buildledger_domain::member::Need;
use buildledger_domain::project::Project;
use buildledger_domain::schedule::{delay_totals, CarryingCost, Delay, DelayInput, DelayTotals};
use buildledger_domain::task::Task;
use buildledger_domain::{DomainError, FieldErrors};
use chrono::NaiveDate;

use super::ports::DelayRepository;
use crate::access::{Authorizer, Target};
use crate::error::UseCaseError;
use crate::ports::{Clock, OnTask, ProjectRepository, TaskRepository};
use crate::projects::not_found_as;

/// A delay or an inspection stays on its task.
pub const MSG_OTHER_TASK: &str = "A delay or inspection cannot be moved to another task.";

#[derive(Clone)]
pub struct DelayPorts {
    pub access: Authorizer,
    pub tasks: Arc<dyn TaskRepository>,
    pub projects: Arc<dyn ProjectRepository>,
    pub delays: Arc<dyn DelayRepository>,
    pub clock: Arc<dyn Clock>,
}

#[derive(Clone)]
pub struct DelayService {
    ports: DelayPorts,
}

/// A delay's fields from the wire: on an update the task the body names, if any (it must be
/// the delay's own); a create's task is the use case's argument.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DelayChange {
    pub task: Option<i64>,
    pub input: DelayInput,
}

/// A project's delays with their totals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectDelays {
    /// By date recorded, then id.
    pub delays: Vec<Delay>,
    pub totals: DelayTotals,
}

/// The owner's task (404 otherwise, like a missing one).
pub(super) fn own_task(
    tasks: &dyn TaskRepository,
    owner_id: UserId,
    task_id: i64,
) -> Result<(Task, Project), UseCaseError> {
    tasks.find_for_owner(owner_id, TaskId::new(task_id))?.ok_or(UseCaseError::not_found("task"))
}

/// A create's task when named: the caller may change its project (authorized before the body's
/// problems are answered: a stranger's task is 404, a viewer's 403, whatever the body says),
/// read as its owner's. Required otherwise (with the body's problems, [`with_task`]).
pub(super) fn task_of_create(
    access: &Authorizer,
    tasks: &dyn TaskRepository,
    user_id: UserId,
    task: Option<i64>,
) -> Result<Option<Task>, UseCaseError> {
    let Some(id) = task else { return Ok(None) };
    let grant = access.authorize(user_id, Target::Task(TaskId::new(id)), Need::Write)?;
    Ok(Some(own_task(tasks, grant.owner_id, id)?.0))
}

/// The body's problems with the task's, when the create names none.
pub(super) fn with_task<T>(task: Option<Task>, parsed: Result<T, DomainError>) -> Result<(Task, T), UseCaseError> {
    let mut errors = FieldErrors::new();
    // A task sent as something else than an id is already among the body's problems.
    if task.is_none() && parsed.as_ref().err().is_none_or(|e| !e.fields().contains("task")) {
        errors.add("task", buildledger_domain::messages::REQUIRED);
    }
    match (task, parsed) {
        (Some(task), Ok(v)) => Ok((task, v)),
        (_, Ok(_)) => Err(DomainError::Validation(errors).into()),
        (_, Err(e)) => {
            for (field, problems) in e.fields().as_map() {
                problems.iter().for_each(|p| errors.add(field, p.as_str()));
            }
            Err(DomainError::Validation(errors).into())
        }
    }
}

impl DelayService {
    pub fn new(ports: DelayPorts) -> Self {
        Self { ports }
    }

    fn today(&self) -> NaiveDate {
        self.ports.clock.now().date()
    }

    /// The project's delays by date recorded (then id), with their totals per reason and their
    /// cost at the project's monthly carrying cost (none without one).
    pub fn delays(&self, user_id: UserId, project_id: ProjectId) -> Result<ProjectDelays, UseCaseError> {
        let grant = self.ports.access.authorize(user_id, Target::Project(project_id), Need::Read)?;
        self.delays_for_owner(grant.owner_id, project_id)
    }

    /// [`Self::delays`] of one of `owner_id`'s projects, without the caller's check: for the use
    /// cases that act for the owner themself (the data export).
    pub(crate) fn delays_for_owner(
        &self,
        owner_id: UserId,
        project_id: ProjectId,
    ) -> Result<ProjectDelays, UseCaseError> {
        let project =
            self.ports.projects.find_for_owner(owner_id, project_id)?.ok_or(UseCaseError::not_found("project"))?;
        let mut delays = self.ports.delays.list_for_project(project.id)?;
        delays.sort_by_key(|d| (d.details.recorded_on, d.id));
        let details = &project.details;
        let totals = delay_totals(&delays, CarryingCost::new(details.monthly_carrying_cost, details.work_week));
        Ok(ProjectDelays { delays, totals })
    }

    pub fn delay(&self, user_id: UserId, id: DelayId) -> Result<Delay, UseCaseError> {
        self.granted_delay(user_id, id, Need::Read)
    }

    /// The delay, once the caller may do what `need` says to its project (read as its owner's).
    fn granted_delay(&self, user_id: UserId, id: DelayId, need: Need) -> Result<Delay, UseCaseError> {
        let grant = self.ports.access.authorize(user_id, Target::Delay(id), need)?;
        self.ports.delays.find_for_owner(grant.owner_id, id)?.ok_or(UseCaseError::not_found("delay"))
    }

    /// A delay on task `task`. `change` is the body as read, problems included: whether the
    /// caller may change the task's project is answered first, whatever the body says.
    pub fn create_delay(
        &self,
        user_id: UserId,
        task: Option<i64>,
        change: Result<DelayChange, DomainError>,
    ) -> Result<Delay, UseCaseError> {
        let task = task_of_create(&self.ports.access, self.ports.tasks.as_ref(), user_id, task)?;
        let today = self.today();
        let (task, details) = with_task(task, change.and_then(|c| c.input.apply(None, today)))?;
        let new = OnTask { task_id: task.id, project_id: task.project_id, details };
        self.ports.delays.create(&new).map_err(|e| not_found_as(e, "task"))
    }

    /// The delay's fields from `change` over the stored ones, as found under the lock of the
    /// write. Whether the caller may change it is answered first, whatever the body says.
    pub fn update_delay(
        &self,
        user_id: UserId,
        id: DelayId,
        change: Result<DelayChange, DomainError>,
    ) -> Result<Delay, UseCaseError> {
        let current = self.granted_delay(user_id, id, Need::Write)?;
        let change = change?;
        if change.task.is_some_and(|t| t != current.task_id) {
            return Err(FieldErrors::single("task", MSG_OTHER_TASK).into());
        }
        let (input, today) = (change.input, self.today());
        let rule = move |d: &Delay| input.clone().apply(Some(&d.details), today);
        rule(&current)?;
        self.ports.delays.update(id.get(), Box::new(rule)).map_err(|e| not_found_as(e, "delay"))
    }

    pub fn delete_delay(&self, user_id: UserId, id: DelayId) -> Result<(), UseCaseError> {
        self.granted_delay(user_id, id, Need::Write)?;
        self.ports.delays.delete(id.get()).map_err(|e| not_found_as(e, "delay"))
    }
}

#[cfg(test)]
mod tests {
    use buildledger_domain::schedule::{DelayDetails, DelayReason, MSG_DELAY_DAYS};
    use buildledger_domain::Money;
    use mockall::predicate::{always, eq};

    use super::super::fixtures::{day, project, team, Mocks, OWNER, PARTNER, STRANGER, VIEWER};
    use super::*;
    use crate::error::RepoError;

    fn stored(id: i64, days: i32, reason: DelayReason, on: &str) -> Delay {
        Delay {
            id,
            project_id: 1,
            task_id: 10,
            details: DelayDetails { days, reason, note: String::new(), recorded_on: day(on) },
        }
    }

    fn body(days: Option<i32>, reason: Option<DelayReason>) -> Result<DelayChange, DomainError> {
        Ok(DelayChange { task: None, input: DelayInput { days, reason, ..Default::default() } })
    }

    #[test]
    fn a_projects_delays_come_by_date_with_their_totals_and_cost() {
        let mut m = Mocks::new();
        m.projects.expect_find_for_owner().returning(|_, _| {
            let mut p = project();
            p.details.monthly_carrying_cost = Money::from_cents(300_000);
            Ok(Some(p))
        });
        m.delays.expect_list_for_project().with(eq(1)).returning(|_| {
            Ok(vec![
                stored(2, 2, DelayReason::Labor, "2026-11-03"),
                stored(1, 5, DelayReason::Weather, "2026-11-10"),
                stored(3, 1, DelayReason::Weather, "2026-11-03"),
            ])
        });
        let d = m.delays_service().delays(UserId::new(3), ProjectId::new(1)).unwrap();
        assert_eq!(d.delays.iter().map(|d| d.id).collect::<Vec<_>>(), [2, 3, 1]);
        let rows: Vec<_> = d.totals.by_reason.iter().map(|t| (t.reason, t.days, t.cost_cents)).collect();
        // 6 working days of a five-day week: 8.4 calendar days at $100 a day.
        assert_eq!(rows, [(DelayReason::Weather, 6, Some(84_000)), (DelayReason::Labor, 2, Some(28_000))]);
        assert_eq!((d.totals.days, d.totals.cost_cents), (8, Some(112_000)));
    }

    #[test]
    fn a_delay_is_recorded_on_the_callers_task_today_by_default() {
        let mut m = Mocks::new();
        m.owns_task();
        m.delays.expect_create().withf(|new| new.task_id == 10 && new.project_id == 1).times(1).returning(|new| {
            Ok(Delay { id: 5, project_id: new.project_id, task_id: new.task_id, details: new.details.clone() })
        });
        let d = m
            .delays_service()
            .create_delay(UserId::new(3), Some(10), body(Some(3), Some(DelayReason::Weather)))
            .unwrap();
        assert_eq!((d.details.days, d.details.recorded_on), (3, day("2026-11-24")));
    }

    #[test]
    fn another_users_task_or_delay_is_not_found_before_the_bodys_problems() {
        let mut m = Mocks::new();
        m.owns_task();
        m.delays.expect_find_for_owner().returning(|_, _| Ok(None));
        m.delays.expect_create().never();
        m.delays.expect_update().never();
        m.delays.expect_delete().never();
        let svc = m.delays_service();
        let bad = || Err(FieldErrors::single("days", MSG_DELAY_DAYS));
        assert!(matches!(
            svc.create_delay(UserId::new(3), Some(99), bad()),
            Err(UseCaseError::NotFound { entity: "task" })
        ));
        assert!(matches!(
            svc.update_delay(UserId::new(3), DelayId::new(7), bad()),
            Err(UseCaseError::NotFound { entity: "delay" })
        ));
        assert!(matches!(svc.delete_delay(UserId::new(3), DelayId::new(7)), Err(UseCaseError::NotFound { .. })));
        // The caller's own task: the body's problems, with the missing task's when none is named.
        let err = svc.create_delay(UserId::new(3), Some(10), bad()).unwrap_err();
        let UseCaseError::Invalid(e) = err else { panic!("{err:?}") };
        assert_eq!(e.fields().as_map()["days"], [MSG_DELAY_DAYS]);
        let err = svc.create_delay(UserId::new(3), None, body(None, Some(DelayReason::Labor))).unwrap_err();
        let UseCaseError::Invalid(e) = err else { panic!("{err:?}") };
        assert!(e.fields().contains("task") && e.fields().contains("days"), "{e:?}");
    }

    #[test]
    fn an_update_applies_over_the_delay_as_the_write_finds_it_and_stays_on_its_task() {
        let mut m = Mocks::new();
        m.delays
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(DelayId::new(7)))
            .returning(|_, _| Ok(Some(stored(7, 2, DelayReason::Labor, "2026-11-03"))));
        m.delays.expect_update().with(eq(7), always()).times(1).returning(|_, rule| {
            // Meanwhile another edit made it a weather delay; this one changes the days only.
            let now = stored(7, 2, DelayReason::Weather, "2026-11-03");
            let details = rule(&now).unwrap();
            assert_eq!((details.days, details.reason), (4, DelayReason::Weather));
            Ok(Delay { details, ..now })
        });
        m.delays.expect_delete().with(eq(7)).times(1).returning(|_| Err(RepoError::NotFound));
        let svc = m.delays_service();
        svc.update_delay(UserId::new(3), DelayId::new(7), body(Some(4), None)).unwrap();
        let moved = Ok(DelayChange { task: Some(11), ..Default::default() });
        let err = svc.update_delay(UserId::new(3), DelayId::new(7), moved).unwrap_err();
        let UseCaseError::Invalid(e) = err else { panic!("{err:?}") };
        assert_eq!(e.fields().as_map()["task"], [MSG_OTHER_TASK]);
        // Deleted meanwhile: not found, as the delay.
        assert!(matches!(
            svc.delete_delay(UserId::new(3), DelayId::new(7)),
            Err(UseCaseError::NotFound { entity: "delay" })
        ));
    }

    #[test]
    fn a_viewer_writes_no_delay_a_partner_writes_as_the_owner_and_a_stranger_finds_none() {
        let mut m = Mocks::new();
        m.access = team();
        m.owns_task();
        m.projects
            .expect_find_for_owner()
            .with(eq(UserId::new(OWNER)), eq(ProjectId::new(1)))
            .returning(|_, _| Ok(Some(project())));
        m.delays.expect_list_for_project().returning(|_| Ok(vec![stored(7, 2, DelayReason::Labor, "2026-11-03")]));
        m.delays
            .expect_find_for_owner()
            .with(eq(UserId::new(OWNER)), eq(DelayId::new(7)))
            .returning(|_, _| Ok(Some(stored(7, 2, DelayReason::Labor, "2026-11-03"))));
        // The partner's three writes, each on the owner's records; nobody else's.
        m.delays.expect_create().withf(|new| new.task_id == 10).times(1).returning(|new| {
            Ok(Delay { id: 8, project_id: new.project_id, task_id: new.task_id, details: new.details.clone() })
        });
        m.delays.expect_update().with(eq(7), always()).times(1).returning(|_, rule| {
            let now = stored(7, 2, DelayReason::Labor, "2026-11-03");
            Ok(Delay { details: rule(&now).unwrap(), ..now })
        });
        m.delays.expect_delete().with(eq(7)).times(1).returning(|_| Ok(()));
        let svc = m.delays_service();
        let bad = || Err(FieldErrors::single("days", MSG_DELAY_DAYS));

        let viewer = UserId::new(VIEWER);
        assert_eq!(svc.delays(viewer, ProjectId::new(1)).unwrap().delays.len(), 1, "a viewer reads");
        assert_eq!(svc.delay(viewer, DelayId::new(7)).unwrap().id, 7);
        for r in [
            svc.create_delay(viewer, Some(10), bad()).map(|_| ()),
            svc.update_delay(viewer, DelayId::new(7), bad()).map(|_| ()),
            svc.delete_delay(viewer, DelayId::new(7)),
        ] {
            assert!(matches!(r, Err(UseCaseError::Forbidden)), "a viewer's write, before the body's problems: {r:?}");
        }

        let partner = UserId::new(PARTNER);
        svc.create_delay(partner, Some(10), body(Some(3), Some(DelayReason::Weather))).unwrap();
        svc.update_delay(partner, DelayId::new(7), body(Some(4), None)).unwrap();
        svc.delete_delay(partner, DelayId::new(7)).unwrap();

        let stranger = UserId::new(STRANGER);
        assert!(matches!(svc.delays(stranger, ProjectId::new(1)), Err(UseCaseError::NotFound { entity: "project" })));
        assert!(matches!(svc.create_delay(stranger, Some(10), bad()), Err(UseCaseError::NotFound { entity: "task" })));
        assert!(matches!(
            svc.update_delay(stranger, DelayId::new(7), bad()),
            Err(UseCaseError::NotFound { entity: "delay" })
        ));
        assert!(matches!(svc.delete_delay(stranger, DelayId::new(7)), Err(UseCaseError::NotFound { entity: "delay" })));
    }

    #[test]
    fn the_export_reads_the_owners_delays_without_a_caller_check() {
        let mut m = Mocks::new();
        // Nobody may read anything: the export acts for the owner, not for a caller.
        m.access = crate::access::testing::with_access(|_, _| None);
        let owner = UserId::new(OWNER);
        m.projects.expect_find_for_owner().with(eq(owner), eq(ProjectId::new(1))).returning(|_, _| Ok(Some(project())));
        m.projects.expect_find_for_owner().returning(|_, _| Ok(None));
        m.delays.expect_list_for_project().with(eq(1)).times(1).returning(|_| {
            Ok(vec![stored(2, 2, DelayReason::Labor, "2026-11-05"), stored(1, 5, DelayReason::Weather, "2026-11-03")])
        });
        let svc = m.delays_service();
        let d = svc.delays_for_owner(owner, ProjectId::new(1)).unwrap();
        assert_eq!(d.delays.iter().map(|d| (d.id, d.details.days)).collect::<Vec<_>>(), [(1, 5), (2, 2)]);
        assert_eq!(d.totals.days, 7);
        assert!(matches!(
            svc.delays_for_owner(UserId::new(STRANGER), ProjectId::new(1)),
            Err(UseCaseError::NotFound { entity: "project" })
        ));
    }
}
