//! Links between tasks (issue 33, docs/schedule.md): listed per project, made, changed and
//! deleted. The rules that depend on the project's other links (no cycle, one link per pair of
//! tasks) are checked by the write, on the links it finds under the project's lock
//! (docs/architecture.md, "Rules are checked inside the write that depends on them"): two links
//! made at once never close a loop between them.

use std::sync::Arc;

use buildledger_domain::ids::{DependencyId, ProjectId, TaskId, TypedId, UserId};
use buildledger_domain::member::Need;
use buildledger_domain::project::Project;
use buildledger_domain::schedule::{would_close_cycle, Dependency, DependencyDetails, LinkType};
use buildledger_domain::task::Task;
use buildledger_domain::{DomainError, FieldErrors};

use super::ports::DependencyRepository;
use crate::access::{Authorizer, Target};
use crate::error::UseCaseError;
use crate::ports::TaskRepository;

/// A link that would make a task wait for itself.
pub const MSG_CYCLE: &str = "This link would close a loop: the successor already comes before the predecessor.";
/// A second link between the same two tasks, in the same order.
pub const MSG_DUPLICATE: &str = "These two tasks are already linked.";
/// A link between tasks of two projects.
pub const MSG_OTHER_PROJECT: &str = "Both tasks of a link must belong to the same project.";

#[derive(Clone)]
pub struct DependencyPorts {
    pub access: Authorizer,
    pub tasks: Arc<dyn TaskRepository>,
    pub dependencies: Arc<dyn DependencyRepository>,
}

/// A link's own fields as domain input; `None`: absent (a create's default: finish to start, no
/// lag) or unchanged (an update). Its two tasks are the create's arguments.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DependencyChange {
    pub link: Option<LinkType>,
    pub lag_days: Option<i32>,
}

/// The rule a new link meets on the project's links as they are: not a second link of the same
/// pair, and no loop (a task linked to itself is the shortest).
pub fn check_new_link(links: &[Dependency], details: DependencyDetails) -> Result<DependencyDetails, DomainError> {
    if links.iter().any(|l| l.predecessor == details.predecessor && l.successor == details.successor) {
        return Err(DomainError::conflict("successor", MSG_DUPLICATE));
    }
    if details.predecessor == details.successor || would_close_cycle(links, details.predecessor, details.successor) {
        return Err(DomainError::conflict("successor", MSG_CYCLE));
    }
    Ok(details)
}

#[derive(Clone)]
pub struct DependencyService {
    ports: DependencyPorts,
}

impl DependencyService {
    pub fn new(ports: DependencyPorts) -> Self {
        Self { ports }
    }

    /// A task of a project the caller may change, read as its owner's.
    fn granted_task(&self, user_id: UserId, id: i64) -> Result<(Task, Project), UseCaseError> {
        if id <= 0 {
            return Err(UseCaseError::not_found("task"));
        }
        let grant = self.ports.access.authorize(user_id, Target::Task(TaskId::new(id)), Need::Write)?;
        self.ports.tasks.find_for_owner(grant.owner_id, TaskId::new(id))?.ok_or(UseCaseError::not_found("task"))
    }

    /// The links of a project the caller may read, oldest first.
    pub fn list(&self, user_id: UserId, project_id: ProjectId) -> Result<Vec<Dependency>, UseCaseError> {
        self.ports.access.authorize(user_id, Target::Project(project_id), Need::Read)?;
        Ok(self.ports.dependencies.list_for_project(project_id)?)
    }

    /// The links of `project`, read as `owner_id`'s, without the caller's check: for the use
    /// cases that act for the owner themself (the data export). Another user's project is not
    /// found, as [`Self::list`] answers it.
    pub(crate) fn list_for_owner(&self, owner_id: UserId, project: &Project) -> Result<Vec<Dependency>, UseCaseError> {
        if project.owner_id != owner_id.get() {
            return Err(UseCaseError::not_found("project"));
        }
        Ok(self.ports.dependencies.list_for_project(ProjectId::new(project.id))?)
    }

    pub fn get(&self, user_id: UserId, id: DependencyId) -> Result<Dependency, UseCaseError> {
        self.granted(user_id, id, Need::Read)
    }

    /// The link, once the caller may do what `need` says to its project (read as its owner's).
    fn granted(&self, user_id: UserId, id: DependencyId, need: Need) -> Result<Dependency, UseCaseError> {
        let grant = self.ports.access.authorize(user_id, Target::Dependency(id), need)?;
        self.ports.dependencies.find_for_owner(grant.owner_id, id)?.ok_or(UseCaseError::not_found("dependency"))
    }

    /// A link from `predecessor` to `successor` (the body's task ids, when whole numbers), with
    /// `change`'s type and lag (the body as read, problems included). Whether the caller may
    /// change both tasks' projects is answered first, whatever the rest of the body says (a
    /// stranger's task 404, a viewer's 403); tasks of two projects are refused (400); a loop or
    /// a second link of the pair, as found under the project's lock, is a conflict (409).
    pub fn create(
        &self,
        user_id: UserId,
        predecessor: Option<i64>,
        successor: Option<i64>,
        change: Result<DependencyChange, DomainError>,
    ) -> Result<Dependency, UseCaseError> {
        let before = predecessor.map(|id| self.granted_task(user_id, id)).transpose()?;
        let after = successor.map(|id| self.granted_task(user_id, id)).transpose()?;
        let change = change?;
        let mut errors = FieldErrors::new();
        for (field, task) in [("predecessor", before.is_none()), ("successor", after.is_none())] {
            if task {
                errors.add(field, buildledger_domain::messages::REQUIRED);
            }
        }
        let (Some((before, _)), Some((after, _))) = (before, after) else {
            return Err(DomainError::Validation(errors).into());
        };
        if before.project_id != after.project_id {
            return Err(FieldErrors::single("successor", MSG_OTHER_PROJECT).into());
        }
        let details = DependencyDetails {
            predecessor: before.id,
            successor: after.id,
            link: change.link.unwrap_or(LinkType::FinishToStart),
            lag_days: change.lag_days.unwrap_or(0),
        };
        let project_id = ProjectId::new(before.project_id);
        let rule = move |links: &[Dependency]| check_new_link(links, details);
        // Refused at once when the links read now refuse it; only the check under the lock lets it through.
        rule(&self.ports.dependencies.list_for_project(project_id)?)?;
        self.ports.dependencies.create(project_id, Box::new(rule)).map_err(|e| crate::projects::not_found_as(e, "task"))
    }

    /// The link's type and lag from `change` over the stored ones, as found under the lock.
    /// Whether the caller may change it is answered first, whatever the body says.
    pub fn update(
        &self,
        user_id: UserId,
        id: DependencyId,
        change: Result<DependencyChange, DomainError>,
    ) -> Result<Dependency, UseCaseError> {
        self.granted(user_id, id, Need::Write)?;
        let change = change?;
        let rule = move |current: &Dependency| -> Result<DependencyDetails, DomainError> {
            Ok(DependencyDetails {
                predecessor: current.predecessor,
                successor: current.successor,
                link: change.link.unwrap_or(current.link),
                lag_days: change.lag_days.unwrap_or(current.lag_days),
            })
        };
        self.ports.dependencies.update(id, Box::new(rule)).map_err(|e| crate::projects::not_found_as(e, "dependency"))
    }

    pub fn delete(&self, user_id: UserId, id: DependencyId) -> Result<(), UseCaseError> {
        self.granted(user_id, id, Need::Write)?;
        self.ports.dependencies.delete(id).map_err(|e| crate::projects::not_found_as(e, "dependency"))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use buildledger_domain::bid::BidFigures;
    use buildledger_domain::project::{
        parse_date, OwnerBuilder, ProjectDetails, ProjectInput, ProjectType, PropertyType,
    };
    use buildledger_domain::task::{MaterialQuality, TaskStatus};
    use buildledger_domain::Money;
    use mockall::predicate::{always, eq};

    use super::super::fixtures::{team, OWNER, PARTNER, STRANGER, VIEWER};
    use super::*;
    use crate::access::testing::owner_of_everything;
    use crate::error::RepoError;
    use crate::ports::MockTaskRepository;
    use crate::schedule::ports::MockDependencyRepository;

    pub(crate) fn project(id: i64) -> Project {
        let details = ProjectDetails::parse(ProjectInput {
            name: Some("Lake house".into()),
            zip_code: Some("78701".into()),
            project_type: Some(ProjectType::NewHomeBuild),
            property_type: Some(PropertyType::SingleFamily),
            square_footage: Some(100),
            start_date: parse_date("2026-01-01").ok(),
            end_date: parse_date("2026-12-31").ok(),
            budget: Money::from_cents(10_000_000),
            owner_builder: Some(OwnerBuilder::Yes),
            ..Default::default()
        })
        .unwrap();
        Project { id, owner_id: 3, details, version: 4, created_at: Default::default(), drawn_cents: 0 }
    }

    fn task(id: i64, project_id: i64) -> Task {
        Task {
            id,
            project_id,
            title: format!("Task {id}"),
            description: String::new(),
            status: TaskStatus::ToDo,
            material_quality: MaterialQuality::Standard,
            actual_cost: None,
            due_date: None,
            position: 0,
            bids: BidFigures::default(),
            ledger: Default::default(),
            schedule: Default::default(),
        }
    }

    fn link(id: i64, predecessor: i64, successor: i64) -> Dependency {
        Dependency { id, project_id: 1, predecessor, successor, link: LinkType::FinishToStart, lag_days: 0 }
    }

    struct Mocks {
        access: Authorizer,
        tasks: MockTaskRepository,
        dependencies: MockDependencyRepository,
    }

    impl Mocks {
        /// Tasks 10, 11 and 12 of project 1 and task 20 of project 2 are user 3's.
        fn new() -> Self {
            let mut tasks = MockTaskRepository::new();
            tasks.expect_find_for_owner().returning(|owner, id| {
                let project = match id.get() {
                    10..=12 => 1,
                    20 => 2,
                    _ => return Ok(None),
                };
                Ok((owner == UserId::new(3)).then(|| (task(id.get(), project), project_fixture(project))))
            });
            Self { access: owner_of_everything(), tasks, dependencies: MockDependencyRepository::new() }
        }

        fn service(self) -> DependencyService {
            DependencyService::new(DependencyPorts {
                access: self.access,
                tasks: Arc::new(self.tasks),
                dependencies: Arc::new(self.dependencies),
            })
        }
    }

    fn project_fixture(id: i64) -> Project {
        project(id)
    }

    fn conflict(r: Result<Dependency, UseCaseError>) -> String {
        match r {
            Err(UseCaseError::Conflict { field, message }) if field == "successor" => message,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_link_is_made_with_its_defaults_under_the_lock() {
        let mut m = Mocks::new();
        m.dependencies.expect_list_for_project().returning(|_| Ok(vec![link(1, 10, 11)]));
        m.dependencies.expect_create().with(eq(ProjectId::new(1)), always()).times(1).returning(|project, rule| {
            let d = rule(&[link(1, 10, 11)]).unwrap();
            Ok(Dependency {
                id: 2,
                project_id: project.get(),
                predecessor: d.predecessor,
                successor: d.successor,
                link: d.link,
                lag_days: d.lag_days,
            })
        });
        let d = m.service().create(UserId::new(3), Some(11), Some(12), Ok(DependencyChange::default())).unwrap();
        assert_eq!((d.predecessor, d.successor, d.link, d.lag_days), (11, 12, LinkType::FinishToStart, 0));
    }

    #[test]
    fn a_loop_or_a_second_link_of_a_pair_is_refused() {
        let mut m = Mocks::new();
        m.dependencies.expect_list_for_project().returning(|_| Ok(vec![link(1, 10, 11), link(2, 11, 12)]));
        m.dependencies.expect_create().never();
        let svc = m.service();
        let create = |a, b| svc.create(UserId::new(3), Some(a), Some(b), Ok(DependencyChange::default()));
        assert_eq!(conflict(create(12, 10)), MSG_CYCLE);
        assert_eq!(conflict(create(11, 10)), MSG_CYCLE);
        assert_eq!(conflict(create(10, 10)), MSG_CYCLE);
        assert_eq!(conflict(create(10, 11)), MSG_DUPLICATE);
    }

    #[test]
    fn a_loop_closed_meanwhile_is_refused_by_the_write() {
        let mut m = Mocks::new();
        m.dependencies.expect_list_for_project().returning(|_| Ok(vec![link(1, 10, 11)]));
        // Under the lock the write finds 11 -> 12, made meanwhile: 12 -> 10 now closes a loop.
        m.dependencies
            .expect_create()
            .times(1)
            .returning(|_, rule| Err(RepoError::Refused(rule(&[link(1, 10, 11), link(2, 11, 12)]).unwrap_err())));
        let r = m.service().create(UserId::new(3), Some(12), Some(10), Ok(DependencyChange::default()));
        assert_eq!(conflict(r), MSG_CYCLE);
    }

    #[test]
    fn tasks_of_two_projects_are_refused_and_another_users_task_is_not_found() {
        let mut m = Mocks::new();
        m.dependencies.expect_list_for_project().never();
        m.dependencies.expect_create().never();
        let svc = m.service();
        let err = svc.create(UserId::new(3), Some(10), Some(20), Ok(DependencyChange::default())).unwrap_err();
        let UseCaseError::Invalid(e) = err else { panic!("{err:?}") };
        assert_eq!(e.fields().as_map()["successor"], [MSG_OTHER_PROJECT]);
        // Another user's task (or a missing one) is 404 before the body's problems.
        let bad = Err(FieldErrors::single("lag_days", "bad"));
        assert!(matches!(
            svc.create(UserId::new(4), Some(10), Some(11), bad.clone()),
            Err(UseCaseError::NotFound { entity: "task" })
        ));
        assert!(matches!(
            svc.create(UserId::new(3), Some(10), Some(99), Ok(DependencyChange::default())),
            Err(UseCaseError::NotFound { entity: "task" })
        ));
        let invalid = svc.create(UserId::new(3), Some(10), Some(11), bad).unwrap_err();
        assert!(matches!(invalid, UseCaseError::Invalid(ref e) if e.fields().contains("lag_days")), "{invalid:?}");
        // Neither task named: both said at once.
        let err = svc.create(UserId::new(3), None, None, Ok(DependencyChange::default())).unwrap_err();
        let UseCaseError::Invalid(e) = err else { panic!("{err:?}") };
        assert!(e.fields().contains("predecessor") && e.fields().contains("successor"), "{e:?}");
    }

    #[test]
    fn an_update_changes_type_and_lag_only_and_another_users_link_is_not_found() {
        let mut m = Mocks::new();
        m.dependencies
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(DependencyId::new(1)))
            .returning(|_, _| Ok(Some(link(1, 10, 11))));
        m.dependencies.expect_find_for_owner().returning(|_, _| Ok(None));
        m.dependencies.expect_update().with(eq(DependencyId::new(1)), always()).times(1).returning(|_, rule| {
            let d = rule(&link(1, 10, 11)).unwrap();
            assert_eq!((d.predecessor, d.successor), (10, 11));
            Ok(Dependency { link: d.link, lag_days: d.lag_days, ..link(1, 10, 11) })
        });
        m.dependencies.expect_delete().with(eq(DependencyId::new(1))).times(1).returning(|_| Ok(()));
        let svc = m.service();
        let change = DependencyChange { link: Some(LinkType::StartToStart), lag_days: Some(-2) };
        let d = svc.update(UserId::new(3), DependencyId::new(1), Ok(change)).unwrap();
        assert_eq!((d.link, d.lag_days), (LinkType::StartToStart, -2));
        assert!(matches!(
            svc.update(UserId::new(4), DependencyId::new(1), Err(FieldErrors::single("type", "bad"))),
            Err(UseCaseError::NotFound { entity: "dependency" })
        ));
        assert!(matches!(
            svc.delete(UserId::new(4), DependencyId::new(1)),
            Err(UseCaseError::NotFound { entity: "dependency" })
        ));
        svc.delete(UserId::new(3), DependencyId::new(1)).unwrap();
    }

    #[test]
    fn a_viewer_links_nothing_a_partner_links_as_the_owner_and_a_stranger_finds_nothing() {
        let mut m = Mocks::new();
        m.access = team();
        m.dependencies.expect_list_for_project().with(eq(ProjectId::new(1))).returning(|_| Ok(vec![link(1, 10, 11)]));
        m.dependencies
            .expect_find_for_owner()
            .with(eq(UserId::new(OWNER)), eq(DependencyId::new(1)))
            .returning(|_, _| Ok(Some(link(1, 10, 11))));
        // The partner's three writes, each on the owner's links; nobody else's.
        m.dependencies.expect_create().with(eq(ProjectId::new(1)), always()).times(1).returning(|_, rule| {
            let d = rule(&[link(1, 10, 11)]).unwrap();
            Ok(Dependency { id: 2, predecessor: d.predecessor, successor: d.successor, ..link(2, 0, 0) })
        });
        m.dependencies.expect_update().times(1).returning(|_, rule| {
            let d = rule(&link(1, 10, 11)).unwrap();
            Ok(Dependency { lag_days: d.lag_days, ..link(1, 10, 11) })
        });
        m.dependencies.expect_delete().with(eq(DependencyId::new(1))).times(1).returning(|_| Ok(()));
        let svc = m.service();
        let bad = || Err(FieldErrors::single("lag_days", "bad"));

        let viewer = UserId::new(VIEWER);
        assert_eq!(svc.list(viewer, ProjectId::new(1)).unwrap().len(), 1, "a viewer reads");
        assert_eq!(svc.get(viewer, DependencyId::new(1)).unwrap().id, 1);
        for r in [
            svc.create(viewer, Some(11), Some(12), bad()).map(|_| ()),
            svc.update(viewer, DependencyId::new(1), bad()).map(|_| ()),
            svc.delete(viewer, DependencyId::new(1)),
        ] {
            assert!(matches!(r, Err(UseCaseError::Forbidden)), "a viewer's write, before the body's problems: {r:?}");
        }

        let partner = UserId::new(PARTNER);
        let made = svc.create(partner, Some(11), Some(12), Ok(DependencyChange::default())).unwrap();
        assert_eq!((made.predecessor, made.successor), (11, 12));
        let change = DependencyChange { lag_days: Some(2), ..Default::default() };
        assert_eq!(svc.update(partner, DependencyId::new(1), Ok(change)).unwrap().lag_days, 2);
        svc.delete(partner, DependencyId::new(1)).unwrap();

        let stranger = UserId::new(STRANGER);
        assert!(matches!(svc.list(stranger, ProjectId::new(1)), Err(UseCaseError::NotFound { entity: "project" })));
        assert!(matches!(
            svc.create(stranger, Some(11), Some(12), bad()),
            Err(UseCaseError::NotFound { entity: "task" })
        ));
        for r in
            [svc.update(stranger, DependencyId::new(1), bad()).map(|_| ()), svc.delete(stranger, DependencyId::new(1))]
        {
            assert!(matches!(r, Err(UseCaseError::NotFound { entity: "dependency" })), "{r:?}");
        }
    }

    #[test]
    fn the_export_reads_the_owners_links_in_one_query_and_nobody_elses() {
        let mut m = Mocks::new();
        m.access = crate::access::testing::with_access(|_, _| None);
        m.dependencies
            .expect_list_for_project()
            .with(eq(ProjectId::new(1)))
            .times(1)
            .returning(|_| Ok(vec![link(1, 10, 11), link(2, 11, 12)]));
        let svc = m.service();
        let links = svc.list_for_owner(UserId::new(OWNER), &project_fixture(1)).unwrap();
        assert_eq!(links.iter().map(|l| (l.predecessor, l.successor)).collect::<Vec<_>>(), [(10, 11), (11, 12)]);
        assert!(matches!(
            svc.list_for_owner(UserId::new(STRANGER), &project_fixture(1)),
            Err(UseCaseError::NotFound { entity: "project" })
        ));
    }
}
