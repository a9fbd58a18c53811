//! The computed schedule of a project (issue 33, docs/schedule.md) and its baseline: the
//! domain's `compute` over one read of the project's timings, links, delays, inspections,
//! baseline and calendar ([`ScheduleRepository::schedule_input`]). Taking a baseline computes
//! the schedule again from what the write reads under the project's lock, so the snapshot is the
//! schedule as it stands when it is stored.

use std::sync::Arc;

use buildledger_domain::ids::{ProjectId, UserId};
use buildledger_domain::member::Need;
use buildledger_domain::schedule::{compute, BaselineEntry, Schedule};
use chrono::{NaiveDate, NaiveDateTime};

use super::ports::{BaselineSnapshot, ScheduleRead, ScheduleRepository};
use crate::access::{Authorizer, Target};
use crate::error::UseCaseError;
use crate::ports::Clock;

#[derive(Clone)]
pub struct TimelinePorts {
    pub access: Authorizer,
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

    /// Everything the owner's project's schedule is computed from, `today` set. Not authorized:
    /// for the readers that answered who may read already (a share link, the calendar feed,
    /// [`Self::schedule`]).
    pub fn read(&self, owner_id: UserId, project_id: ProjectId) -> Result<ScheduleRead, UseCaseError> {
        let mut read =
            self.ports.schedule.schedule_input(owner_id, project_id)?.ok_or(UseCaseError::not_found("project"))?;
        read.input.today = self.today();
        Ok(read)
    }

    /// The schedule of a project the caller may read, computed from one read.
    pub fn schedule(&self, user_id: UserId, project_id: ProjectId) -> Result<ProjectSchedule, UseCaseError> {
        let grant = self.ports.access.authorize(user_id, Target::Project(project_id), Need::Read)?;
        let read = self.read(grant.owner_id, project_id)?;
        Ok(ProjectSchedule { schedule: compute(&read.input), version: read.version })
    }

    /// Replaces the project's baseline by its schedule as computed under the lock of the write.
    pub fn take_baseline(&self, user_id: UserId, project_id: ProjectId) -> Result<Baseline, UseCaseError> {
        self.ports.access.authorize(user_id, Target::Project(project_id), Need::Write)?;
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

    use super::super::fixtures::{team, OWNER, PARTNER, STRANGER, VIEWER};
    use super::*;
    use crate::access::testing::owner_of_everything;
    use crate::ports::MockClock;
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

    fn service(schedule: MockScheduleRepository) -> TimelineService {
        service_for(owner_of_everything(), schedule)
    }

    fn service_for(access: Authorizer, schedule: MockScheduleRepository) -> TimelineService {
        TimelineService::new(TimelinePorts { access, schedule: Arc::new(schedule), clock: Arc::new(clock()) })
    }

    #[test]
    fn the_schedule_is_computed_from_one_read_with_today_set() {
        let mut schedule = MockScheduleRepository::new();
        schedule
            .expect_schedule_input()
            .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
            .times(2)
            .returning(|_, _| Ok(Some(read())));
        let svc = service(schedule);
        let r = svc.read(UserId::new(3), ProjectId::new(1)).unwrap();
        assert_eq!(r.input.today, day("2026-11-24"));
        let s = svc.schedule(UserId::new(3), ProjectId::new(1)).unwrap();
        assert_eq!(s.version, 7);
        assert_eq!(s.schedule, compute(&r.input));
    }

    #[test]
    fn a_viewer_reads_the_schedule_takes_no_baseline_and_a_stranger_finds_neither() {
        let mut schedule = MockScheduleRepository::new();
        schedule
            .expect_schedule_input()
            .with(eq(UserId::new(OWNER)), eq(ProjectId::new(1)))
            .returning(|_, _| Ok(Some(read())));
        // The partner's baseline only.
        schedule
            .expect_save_baseline()
            .with(eq(ProjectId::new(1)), always(), always())
            .times(1)
            .returning(|_, _, rule| rule(&read()).map_err(crate::error::RepoError::Refused));
        let svc = service_for(team(), schedule);
        let (viewer, partner, stranger) = (UserId::new(VIEWER), UserId::new(PARTNER), UserId::new(STRANGER));
        assert_eq!(svc.schedule(viewer, ProjectId::new(1)).unwrap().version, 7, "the owner's schedule");
        assert!(matches!(svc.take_baseline(viewer, ProjectId::new(1)), Err(UseCaseError::Forbidden)));
        assert_eq!(svc.take_baseline(partner, ProjectId::new(1)).unwrap().tasks, 1);
        for r in [
            svc.schedule(stranger, ProjectId::new(1)).map(|_| ()),
            svc.take_baseline(stranger, ProjectId::new(1)).map(|_| ()),
        ] {
            assert!(matches!(r, Err(UseCaseError::NotFound { entity: "project" })), "{r:?}");
        }
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
        let svc = service(schedule);
        let b = svc.take_baseline(UserId::new(3), ProjectId::new(1)).unwrap();
        let mut input = read().input;
        input.today = day("2026-11-24");
        let expected = snapshot_of(&compute(&input));
        assert_eq!((b.finish, b.tasks), (expected.finish, expected.tasks.len()));
    }
}
