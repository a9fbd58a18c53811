//! The schedule as a calendar feed (issue 33): a secret link per project that calendar apps
//! subscribe to, without a login. As share links (`shares.rs`), the token is 256 random bits in
//! hex, shown once; only its SHA-256 is stored. Making a new link replaces the old one. An
//! unknown or revoked token, or the link of an owner whose subscription is not active, is not
//! found. The feed holds one all-day event per scheduled task and one per inspection.

use std::sync::Arc;

use buildledger_domain::ids::{ProjectId, UserId};
use buildledger_domain::member::Need;
use buildledger_domain::schedule::{compute, Schedule};
use chrono::{Days, NaiveDate, NaiveDateTime};

use super::ports::{CalendarFeedRepository, ScheduleRead};
use crate::access::{Authorizer, Target};
use crate::accounts::recovery::token_hash;
use crate::error::UseCaseError;
use crate::ports::{Clock, IdGenerator};
use crate::schedule::timeline::TimelineService;

#[derive(Clone)]
pub struct CalendarFeedPorts {
    pub access: Authorizer,
    pub feeds: Arc<dyn CalendarFeedRepository>,
    pub ids: Arc<dyn IdGenerator>,
    pub clock: Arc<dyn Clock>,
}

/// One all-day event of the feed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedEvent {
    /// Stable across reads: `task-{id}@buildledger`, `inspection-{id}@buildledger`.
    pub uid: String,
    pub summary: String,
    pub first_day: NaiveDate,
    /// The last day it covers (the calendar's end is the day after).
    pub last_day: NaiveDate,
}

/// What a feed shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feed {
    pub project_name: String,
    /// The project's last change (every event's LAST-MODIFIED and DTSTAMP).
    pub updated_at: NaiveDateTime,
    pub events: Vec<FeedEvent>,
}

impl FeedEvent {
    /// The calendar's exclusive end: the day after the last day.
    pub fn end(&self) -> NaiveDate {
        self.last_day.checked_add_days(Days::new(1)).unwrap_or(self.last_day)
    }
}

/// The feed's events: each scheduled task from its start to its finish, in the schedule's order,
/// then each inspection on its day (by day, then id).
pub fn feed_events(read: &ScheduleRead, schedule: &Schedule) -> Vec<FeedEvent> {
    let titles: std::collections::HashMap<i64, &str> = read.titles.iter().map(|(id, t)| (*id, t.as_str())).collect();
    let title = |task: i64| titles.get(&task).copied().unwrap_or("");
    let tasks = schedule.tasks.iter().map(|t| FeedEvent {
        uid: format!("task-{}@buildledger", t.task),
        summary: title(t.task).to_owned(),
        first_day: t.start,
        last_day: t.finish.max(t.start),
    });
    let mut inspections: Vec<_> = read.inspections.iter().collect();
    inspections.sort_by_key(|i| (i.scheduled_on, i.id));
    let inspections = inspections.into_iter().map(|i| FeedEvent {
        uid: format!("inspection-{}@buildledger", i.id),
        summary: format!("Inspection: {} ({})", i.kind, title(i.task)),
        first_day: i.scheduled_on,
        last_day: i.scheduled_on,
    });
    tasks.chain(inspections).collect()
}

#[derive(Clone)]
pub struct CalendarFeedService {
    ports: CalendarFeedPorts,
    timeline: TimelineService,
}

impl CalendarFeedService {
    pub fn new(ports: CalendarFeedPorts, timeline: TimelineService) -> Self {
        Self { ports, timeline }
    }

    fn authorize(&self, user_id: UserId, project_id: ProjectId, need: Need) -> Result<(), UseCaseError> {
        self.ports.access.authorize(user_id, Target::Project(project_id), need).map(|_| ())
    }

    /// When the project's link was made; `None` without one.
    pub fn status(&self, user_id: UserId, project_id: ProjectId) -> Result<Option<NaiveDateTime>, UseCaseError> {
        self.authorize(user_id, project_id, Need::Read)?;
        Ok(self.ports.feeds.find_for_project(project_id)?)
    }

    /// A new link for the project (the old one stops working); returns its token, the only time
    /// it is known.
    pub fn create(&self, user_id: UserId, project_id: ProjectId) -> Result<String, UseCaseError> {
        self.authorize(user_id, project_id, Need::Write)?;
        // Two 128-bit ids from the system's cryptographic generator: 256 bits, 64 hex digits.
        let token = format!("{}{}", self.ports.ids.new_id(""), self.ports.ids.new_id(""));
        self.ports
            .feeds
            .replace(project_id, &token_hash(&token), self.ports.clock.now())
            .map_err(|e| crate::projects::not_found_as(e, "project"))?;
        Ok(token)
    }

    /// Revokes the project's link (none is fine): it stops working at once.
    pub fn revoke(&self, user_id: UserId, project_id: ProjectId) -> Result<(), UseCaseError> {
        self.authorize(user_id, project_id, Need::Write)?;
        Ok(self.ports.feeds.delete(project_id)?)
    }

    /// The feed of a live link. `subscribed` answers whether the owner's subscription is active
    /// (the subscription's use case, `AccessService::is_subscribed`).
    pub fn feed(
        &self,
        token: &str,
        subscribed: &dyn Fn(UserId) -> Result<bool, UseCaseError>,
    ) -> Result<Feed, UseCaseError> {
        let not_found = || UseCaseError::not_found("calendar feed");
        // Tokens are 64 hex digits; anything else cannot be one (and costs no query).
        if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(not_found());
        }
        let (project_id, owner_id) = self.ports.feeds.find_by_token_hash(&token_hash(token))?.ok_or_else(not_found)?;
        if !subscribed(owner_id)? {
            return Err(not_found());
        }
        let read = self.timeline.read(owner_id, project_id).map_err(|e| match e {
            UseCaseError::NotFound { .. } => not_found(),
            other => other,
        })?;
        let schedule = compute(&read.input);
        Ok(Feed { events: feed_events(&read, &schedule), project_name: read.name.clone(), updated_at: read.updated_at })
    }
}

#[cfg(test)]
mod tests {
    use buildledger_domain::ids::TypedId;
    use mockall::predicate::{always, eq};

    use super::super::fixtures::{team, PARTNER, STRANGER, VIEWER};
    use super::*;
    use crate::ports::MockIdGenerator;
    use crate::schedule::ports::{MockCalendarFeedRepository, MockScheduleRepository, ScheduledInspection};
    use crate::schedule::timeline::tests::{clock, day, read};
    use crate::schedule::timeline::TimelinePorts;

    const TOKEN: &str = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

    /// Project 1 of user 3, with its partner and viewer ([`team`]).
    fn service(feeds: MockCalendarFeedRepository, schedule: MockScheduleRepository) -> CalendarFeedService {
        let mut ids = MockIdGenerator::new();
        ids.expect_new_id().returning(|_| "00112233445566778899aabbccddeeff".into());
        let timeline = TimelineService::new(TimelinePorts {
            access: team(),
            schedule: Arc::new(schedule),
            clock: Arc::new(clock()),
        });
        CalendarFeedService::new(
            CalendarFeedPorts { access: team(), feeds: Arc::new(feeds), ids: Arc::new(ids), clock: Arc::new(clock()) },
            timeline,
        )
    }

    #[test]
    fn a_link_stores_only_the_hash_of_its_token_and_replaces_the_old_one() {
        let mut feeds = MockCalendarFeedRepository::new();
        feeds
            .expect_replace()
            .with(eq(ProjectId::new(1)), eq(token_hash(TOKEN)), always())
            .times(1)
            .returning(|_, _, _| Ok(()));
        feeds.expect_delete().with(eq(ProjectId::new(1))).times(1).returning(|_| Ok(()));
        let svc = service(feeds, MockScheduleRepository::new());
        assert_eq!(svc.create(UserId::new(3), ProjectId::new(1)).unwrap(), TOKEN);
        svc.revoke(UserId::new(3), ProjectId::new(1)).unwrap();
        for r in [
            svc.create(UserId::new(STRANGER), ProjectId::new(1)).map(|_| ()),
            svc.revoke(UserId::new(STRANGER), ProjectId::new(1)),
            svc.status(UserId::new(STRANGER), ProjectId::new(1)).map(|_| ()),
        ] {
            assert!(matches!(r, Err(UseCaseError::NotFound { entity: "project" })), "{r:?}");
        }
    }

    #[test]
    fn a_viewer_sees_whether_there_is_a_link_and_a_partner_makes_and_revokes_it_as_the_owner() {
        let mut feeds = MockCalendarFeedRepository::new();
        feeds.expect_find_for_project().with(eq(ProjectId::new(1))).returning(|_| Ok(None));
        // The partner's two writes only.
        feeds.expect_replace().with(eq(ProjectId::new(1)), always(), always()).times(1).returning(|_, _, _| Ok(()));
        feeds.expect_delete().with(eq(ProjectId::new(1))).times(1).returning(|_| Ok(()));
        let svc = service(feeds, MockScheduleRepository::new());
        let viewer = UserId::new(VIEWER);
        assert_eq!(svc.status(viewer, ProjectId::new(1)).unwrap(), None);
        assert!(matches!(svc.create(viewer, ProjectId::new(1)), Err(UseCaseError::Forbidden)));
        assert!(matches!(svc.revoke(viewer, ProjectId::new(1)), Err(UseCaseError::Forbidden)));
        let partner = UserId::new(PARTNER);
        assert_eq!(svc.create(partner, ProjectId::new(1)).unwrap(), TOKEN);
        svc.revoke(partner, ProjectId::new(1)).unwrap();
    }

    #[test]
    fn an_unknown_token_or_a_lapsed_owners_link_is_not_found() {
        let mut feeds = MockCalendarFeedRepository::new();
        feeds
            .expect_find_by_token_hash()
            .with(eq(token_hash(TOKEN)))
            .returning(|_| Ok(Some((ProjectId::new(1), UserId::new(3)))));
        feeds.expect_find_by_token_hash().returning(|_| Ok(None));
        let mut schedule = MockScheduleRepository::new();
        schedule.expect_schedule_input().never();
        let svc = service(feeds, schedule);
        let yes = |_| Ok(true);
        let no = |_| Ok(false);
        for (token, subscribed) in [("nope", &yes as &dyn Fn(UserId) -> _), (&"f".repeat(64), &yes), (TOKEN, &no)] {
            assert!(matches!(svc.feed(token, subscribed), Err(UseCaseError::NotFound { entity: "calendar feed" })));
        }
    }

    #[test]
    fn a_feed_has_an_event_per_scheduled_task_and_per_inspection() {
        let mut feeds = MockCalendarFeedRepository::new();
        feeds.expect_find_by_token_hash().returning(|_| Ok(Some((ProjectId::new(1), UserId::new(3)))));
        let mut schedule = MockScheduleRepository::new();
        schedule.expect_schedule_input().with(eq(UserId::new(3)), eq(ProjectId::new(1))).returning(|_, _| {
            let mut r = read();
            r.inspections =
                vec![ScheduledInspection { id: 5, task: 10, kind: "Framing".into(), scheduled_on: day("2026-11-06") }];
            Ok(Some(r))
        });
        let svc = service(feeds, schedule);
        let feed = svc.feed(TOKEN, &|_| Ok(true)).unwrap();
        assert_eq!(feed.project_name, "Lake house");
        let mut input = read().input;
        input.today = day("2026-11-24");
        let computed = compute(&input);
        assert_eq!(feed.events.len(), computed.tasks.len() + 1);
        let inspection = feed.events.last().unwrap();
        assert_eq!(inspection.uid, "inspection-5@buildledger");
        assert_eq!(inspection.summary, "Inspection: Framing (Framing)");
        assert_eq!((inspection.first_day, inspection.end()), (day("2026-11-06"), day("2026-11-07")));
        for (event, task) in feed.events.iter().zip(&computed.tasks) {
            assert_eq!(event.uid, format!("task-{}@buildledger", task.task));
            assert_eq!((event.first_day, event.last_day), (task.start, task.finish));
        }
    }
}
