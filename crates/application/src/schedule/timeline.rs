//! The computed schedule of a project (issue 33, docs/schedule.md) and its baseline: the
//! domain's `compute` over one read of the project's timings, links, delays, inspections,
//! baseline and calendar ([`ScheduleRepository::schedule_input`]). Taking a baseline computes
//! the schedule again from what the write reads under the project's lock, so the snapshot is the
//! schedule as it stands when it is stored.

use std::sync::Arc;

use buildledger_domain::ids::{ProjectId, UserId};
use buildledger_domain::schedule::{compute, BaselineEntry, Schedule};
use chrono::{NaiveDate, NaiveDateTime};

use super::ports::{BaselineSnapshot, ScheduleRead, ScheduleRepository};
use crate::error::UseCaseError;
use crate::ports::{Clock, ProjectRepository};

#[derive(Clone)]
pub struct TimelinePorts {
    pub projects: Arc<dyn ProjectRepository>,
    pub schedule: Arc<dyn ScheduleRepository>,
    pub clock: Arc<dyn Clock>,
}

/// A project's schedule and the version it was computed at (its ETag).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectSchedule {
    pub schedule: Schedule,
    pub version: i64,
}

/// A baseline just taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Baseline {
    pub finish: Option<NaiveDate>,
    pub taken_at: NaiveDateTime,
    /// How many tasks it holds (the scheduled ones).
    pub tasks: usize,
}

/// What a baseline keeps of a schedule: its finish and each scheduled task's dates.
pub fn snapshot_of(schedule: &Schedule) -> BaselineSnapshot {
    BaselineSnapshot {
        finish: schedule.finish,
        tasks: schedule
            .tasks
            .iter()
            .map(|t| BaselineEntry { task: t.task, start: t.start, finish: t.finish })
            .collect(),
    }
}

#[derive(Clone)]
pub struct TimelineService {
    ports: TimelinePorts,
}

impl TimelineService {
    pub fn new(ports: TimelinePorts) -> Self {
        Self { ports }
    }

    /// Today (UTC), the day a failed inspection's hold is counted to; part of the schedule's ETag.
    pub fn today(&self) -> NaiveDate {
        self.ports.clock.now().date()
    }

    /// Everything the caller's project's schedule is computed from, `today` set.
    pub fn read(&self, owner_id: UserId, project_id: ProjectId) -> Result<ScheduleRead, UseCaseError> {
        let mut read =
            self.ports.schedule.schedule_input(owner_id, project_id)?.ok_or(UseCaseError::not_found("project"))?;
        read.input.today = self.today();
        Ok(read)
    }

    /// The caller's project's schedule, computed from one read.
    pub fn schedule(&self, owner_id: UserId, project_id: ProjectId) -> Result<ProjectSchedule, UseCaseError> {
        let read = self.read(owner_id, project_id)?;
        Ok(ProjectSchedule { schedule: compute(&read.input), version: read.version })
    }

    /// Replaces the project's baseline by its schedule as computed under the lock of the write.
    pub fn take_baseline(&self, owner_id: UserId, project_id: ProjectId) -> Result<Baseline, UseCaseError> {
        self.ports.projects.find_for_owner(owner_id, project_id)?.ok_or(UseCaseError::not_found("project"))?;
        let taken_at = self.ports.clock.now();
        let today = taken_at.date();
        let snapshot = move |read: &ScheduleRead| {
            let mut input = read.input.clone();
            input.today = today;
            Ok(snapshot_of(&compute(&input)))
        };
        let stored = self
            .ports
            .schedule
            .save_baseline(project_id, taken_at, Box::new(snapshot))
            .map_err(|e| crate::projects::not_found_as(e, "project"))?;
        Ok(Baseline { finish: stored.finish, taken_at, tasks: stored.tasks.len() })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use buildledger_domain::ids::TypedId;
    use buildledger_domain::schedule::{ScheduleInput, TaskTiming};
    use mockall::predicate::{always, eq};

    use super::*;
    use crate::ports::{MockClock, MockProjectRepository};
    use crate::schedule::ports::MockScheduleRepository;

    pub(crate) fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    pub(crate) fn clock() -> MockClock {
        let mut clock = MockClock::new();
        clock.expect_now().returning(|| day("2026-11-24").and_hms_opt(12, 0, 0).unwrap());
        clock
    }

    /// Project 1 of user 3, two tasks of 3 and 2 working days, the second unscheduled.
    pub(crate) fn read() -> ScheduleRead {
        let timing = |task, duration_days| TaskTiming {
            task,
            duration_days,
            planned_start: None,
            actual_start: None,
            actual_finish: None,
        };
        ScheduleRead {
            project_id: 1,
            owner_id: 3,
            name: "Lake house".into(),
            version: 7,
            updated_at: day("2026-11-20").and_hms_opt(9, 30, 0).unwrap(),
            input: ScheduleInput {
                start: day("2026-11-02"),
                tasks: vec![timing(10, Some(3)), timing(11, None)],
                ..Default::default()
            },
            titles: vec![(10, "Framing".into()), (11, "Roof".into())],
            inspections: Vec::new(),
        }
    }

    fn service(projects: MockProjectRepository, schedule: MockScheduleRepository) -> TimelineService {
        TimelineService::new(TimelinePorts {
            projects: Arc::new(projects),
            schedule: Arc::new(schedule),
            clock: Arc::new(clock()),
        })
    }

    #[test]
    fn the_schedule_is_computed_from_one_read_with_today_set() {
        let mut schedule = MockScheduleRepository::new();
        schedule
            .expect_schedule_input()
            .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
            .times(2)
            .returning(|_, _| Ok(Some(read())));
        let svc = service(MockProjectRepository::new(), schedule);
        let r = svc.read(UserId::new(3), ProjectId::new(1)).unwrap();
        assert_eq!(r.input.today, day("2026-11-24"));
        let s = svc.schedule(UserId::new(3), ProjectId::new(1)).unwrap();
        assert_eq!(s.version, 7);
        assert_eq!(s.schedule, compute(&r.input));
    }

    #[test]
    fn another_users_project_has_no_schedule_nor_baseline() {
        let mut schedule = MockScheduleRepository::new();
        schedule.expect_schedule_input().returning(|_, _| Ok(None));
        schedule.expect_save_baseline().never();
        let mut projects = MockProjectRepository::new();
        projects.expect_find_for_owner().returning(|_, _| Ok(None));
        let svc = service(projects, schedule);
        assert!(matches!(
            svc.schedule(UserId::new(4), ProjectId::new(1)),
            Err(UseCaseError::NotFound { entity: "project" })
        ));
        assert!(matches!(
            svc.take_baseline(UserId::new(4), ProjectId::new(1)),
            Err(UseCaseError::NotFound { entity: "project" })
        ));
    }

    #[test]
    fn a_baseline_snapshots_the_schedule_found_under_the_lock() {
        let mut schedule = MockScheduleRepository::new();
        schedule.expect_save_baseline().with(eq(ProjectId::new(1)), always(), always()).times(1).returning(
            |_, taken_at, rule| {
                assert_eq!(taken_at, day("2026-11-24").and_hms_opt(12, 0, 0).unwrap());
                rule(&read()).map_err(crate::error::RepoError::Refused)
            },
        );
        let mut projects = MockProjectRepository::new();
        projects
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
            .returning(|_, _| Ok(Some(crate::schedule::dependencies::tests::project(1))));
        let svc = service(projects, schedule);
        let b = svc.take_baseline(UserId::new(3), ProjectId::new(1)).unwrap();
        let mut input = read().input;
        input.today = day("2026-11-24");
        let expected = snapshot_of(&compute(&input));
        assert_eq!((b.finish, b.tasks), (expected.finish, expected.tasks.len()));
    }
}
