//! The activity trail (issue 35): the feed of a project's changes, newest first, a page at a
//! time. Entries are written by the repositories, in the transaction of the change they record
//! (docs/architecture.md, "The activity trail"); this module only reads them.

use std::sync::Arc;

pub use buildledger_domain::activity::ActivityQuery;
use buildledger_domain::activity::{ActivityEntry, DEFAULT_LIMIT, MAX_LIMIT};
use buildledger_domain::ids::{ProjectId, TypedId, UserId};
use buildledger_domain::member::Need;
use buildledger_domain::project::Project;
use buildledger_domain::DomainError;

use crate::access::{Authorizer, Target};
use crate::error::{RepoError, UseCaseError};

/// Reads the trail.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
pub trait ActivityRepository: Send + Sync {
    /// At most `limit` entries of project `project_id` older than `before` (an entry id; all when
    /// `None`), of task `task_id` only when given, newest first.
    fn list(
        &self,
        project_id: i64,
        task_id: Option<i64>,
        before: Option<i64>,
        limit: i64,
    ) -> Result<Vec<ActivityEntry>, RepoError>;
}

/// One page of the feed, and the cursor of the next one (`None` on the last page).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivityPage {
    pub entries: Vec<ActivityEntry>,
    pub next: Option<i64>,
}

#[derive(Clone)]
pub struct ActivityService {
    activity: Arc<dyn ActivityRepository>,
    access: Authorizer,
}

impl ActivityService {
    pub fn new(activity: Arc<dyn ActivityRepository>, access: Authorizer) -> Self {
        Self { activity, access }
    }

    /// The project's feed, for its owner and its members. Another user's project is not found
    /// before the query's problems are looked at (404 before 400).
    pub fn list(
        &self,
        user_id: UserId,
        project: ProjectId,
        query: Result<ActivityQuery, DomainError>,
    ) -> Result<ActivityPage, UseCaseError> {
        let grant = self.access.authorize(user_id, Target::Project(project), Need::Read)?;
        let query = query?;
        let limit = query.limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
        // One more than asked: whether there is a next page, without a count.
        let mut entries = self.activity.list(grant.project_id.get(), query.task_id, query.cursor, limit + 1)?;
        let more = entries.len() as i64 > limit;
        entries.truncate(limit as usize);
        let next = if more { entries.last().map(|e| e.id) } else { None };
        Ok(ActivityPage { entries, next })
    }

    /// The whole feed of `project`, newest first, read as `owner_id`'s in one query, without the
    /// caller's check: for the use cases that act for the owner themself (the data export).
    /// Another user's project is not found, as [`Self::list`] answers it.
    pub(crate) fn all_for_owner(
        &self,
        owner_id: UserId,
        project: &Project,
    ) -> Result<Vec<ActivityEntry>, UseCaseError> {
        if project.owner_id != owner_id.get() {
            return Err(UseCaseError::not_found("project"));
        }
        Ok(self.activity.list(project.id, None, None, i64::MAX)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::access::testing::owner_of_everything;
    use mockall::predicate::eq;

    fn entry(id: i64) -> ActivityEntry {
        ActivityEntry {
            id,
            at: chrono::NaiveDateTime::default(),
            actor: Some("sam".into()),
            action: "task.moved".into(),
            task_id: Some(1),
            summary: "Moved.".into(),
            before_cents: None,
            after_cents: None,
        }
    }

    #[test]
    fn another_users_project_is_not_found_and_reads_no_entry() {
        let mut activity = MockActivityRepository::new();
        activity.expect_list().never();
        let service = ActivityService::new(Arc::new(activity), crate::tasks::tests::team());
        let bad = ActivityQuery::parse(Some("x"), None, None);
        let err = service.list(UserId::new(crate::tasks::tests::STRANGER), ProjectId::new(1), bad).unwrap_err();
        assert!(matches!(err, UseCaseError::NotFound { entity: "project" }));
    }

    #[test]
    fn members_read_the_projects_feed() {
        let mut activity = MockActivityRepository::new();
        activity
            .expect_list()
            .with(eq(1), eq(None), eq(None), eq(51))
            .times(2)
            .returning(|_, _, _, _| Ok(vec![entry(5)]));
        let service = ActivityService::new(Arc::new(activity), crate::tasks::tests::team());
        for member in [crate::tasks::tests::PARTNER, crate::tasks::tests::VIEWER] {
            let page = service.list(UserId::new(member), ProjectId::new(1), Ok(ActivityQuery::default())).unwrap();
            assert_eq!(page.entries.len(), 1);
        }
    }

    #[test]
    fn a_page_asks_one_more_and_gives_the_last_id_as_the_next_cursor() {
        let mut activity = MockActivityRepository::new();
        activity
            .expect_list()
            .with(eq(1), eq(Some(7)), eq(Some(90)), eq(3))
            .returning(|_, _, _, _| Ok(vec![entry(89), entry(88), entry(80)]));
        activity.expect_list().with(eq(1), eq(None), eq(None), eq(51)).returning(|_, _, _, _| Ok(vec![entry(5)]));
        let service = ActivityService::new(Arc::new(activity), owner_of_everything());
        let page = service
            .list(
                UserId::new(2),
                ProjectId::new(1),
                Ok(ActivityQuery { task_id: Some(7), cursor: Some(90), limit: Some(2) }),
            )
            .unwrap();
        assert_eq!(page.entries.iter().map(|e| e.id).collect::<Vec<_>>(), vec![89, 88]);
        assert_eq!(page.next, Some(88));
        let last = service.list(UserId::new(2), ProjectId::new(1), Ok(ActivityQuery::default())).unwrap();
        assert_eq!((last.entries.len(), last.next), (1, None));
    }

    #[test]
    fn the_export_reads_the_owners_whole_trail_in_one_query_and_nobody_elses() {
        let mut activity = MockActivityRepository::new();
        activity
            .expect_list()
            .with(eq(1), eq(None), eq(None), eq(i64::MAX))
            .times(1)
            .returning(|_, _, _, _| Ok((1..=300).rev().map(entry).collect()));
        // Nobody may read anything: the export acts for the owner, not for a caller.
        let service = ActivityService::new(Arc::new(activity), crate::access::testing::with_access(|_, _| None));
        let project = crate::schedule::dependencies::tests::project(1);
        let all = service.all_for_owner(UserId::new(3), &project).unwrap();
        assert_eq!((all.len(), all[0].id, all[299].id), (300, 300, 1), "every entry, newest first");
        assert!(matches!(
            service.all_for_owner(UserId::new(4), &project),
            Err(UseCaseError::NotFound { entity: "project" })
        ));
    }
}
