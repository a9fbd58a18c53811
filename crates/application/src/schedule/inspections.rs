//! Inspections of tasks (issue 33, docs/schedule.md): what is inspected when, by whom, its
//! result and notes, and the document that records it (one of the same task's). Every write may
//! hold or release the schedule, so it bumps the project's version (the repository's promise).

use std::sync::Arc;

use buildledger_domain::ids::{InspectionId, ProjectId, TypedId, UserId};
use buildledger_domain::member::Need;
use buildledger_domain::schedule::{Inspection, InspectionInput};
use buildledger_domain::{DomainError, FieldErrors};

use super::delays::{task_of_create, with_task, MSG_OTHER_TASK};
use super::ports::InspectionRepository;
use crate::access::{Authorizer, Target};
use crate::error::UseCaseError;
use crate::ports::{DocumentRepository, OnTask, ProjectRepository, TaskRepository};
use crate::projects::not_found_as;

/// An inspection's document that is not one of its task's.
pub const MSG_DOCUMENT_OF_ANOTHER_TASK: &str = "Choose a document of this inspection's task.";

#[derive(Clone)]
pub struct InspectionPorts {
    pub access: Authorizer,
    pub tasks: Arc<dyn TaskRepository>,
    pub projects: Arc<dyn ProjectRepository>,
    pub documents: Arc<dyn DocumentRepository>,
    pub inspections: Arc<dyn InspectionRepository>,
}

#[derive(Clone)]
pub struct InspectionService {
    ports: InspectionPorts,
}

/// An inspection's fields from the wire: on an update the task the body names, if any (it must
/// be the inspection's own); a create's task is the use case's argument.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InspectionChange {
    pub task: Option<i64>,
    pub input: InspectionInput,
}

impl InspectionService {
    pub fn new(ports: InspectionPorts) -> Self {
        Self { ports }
    }

    /// The project's inspections by date scheduled, then id.
    pub fn inspections(&self, user_id: UserId, project_id: ProjectId) -> Result<Vec<Inspection>, UseCaseError> {
        let grant = self.ports.access.authorize(user_id, Target::Project(project_id), Need::Read)?;
        self.inspections_for_owner(grant.owner_id, project_id)
    }

    /// [`Self::inspections`] of one of `owner_id`'s projects, without the caller's check: for the
    /// use cases that act for the owner themself (the data export).
    pub(crate) fn inspections_for_owner(
        &self,
        owner_id: UserId,
        project_id: ProjectId,
    ) -> Result<Vec<Inspection>, UseCaseError> {
        let project =
            self.ports.projects.find_for_owner(owner_id, project_id)?.ok_or(UseCaseError::not_found("project"))?;
        let mut all = self.ports.inspections.list_for_project(project.id)?;
        all.sort_by_key(|i| (i.details.scheduled_on, i.id));
        Ok(all)
    }

    pub fn inspection(&self, user_id: UserId, id: InspectionId) -> Result<Inspection, UseCaseError> {
        self.granted_inspection(user_id, id, Need::Read)
    }

    /// The inspection, once the caller may do what `need` says to its project (read as its
    /// owner's).
    fn granted_inspection(&self, user_id: UserId, id: InspectionId, need: Need) -> Result<Inspection, UseCaseError> {
        let grant = self.ports.access.authorize(user_id, Target::Inspection(id), need)?;
        self.ports.inspections.find_for_owner(grant.owner_id, id)?.ok_or(UseCaseError::not_found("inspection"))
    }

    /// The document must be one of the task's (400 otherwise: nothing is written).
    fn check_document(&self, task_id: i64, document: Option<i64>) -> Result<(), UseCaseError> {
        let Some(id) = document else { return Ok(()) };
        match self.ports.documents.find(id)? {
            Some(d) if d.task_id == task_id => Ok(()),
            _ => Err(FieldErrors::single("document", MSG_DOCUMENT_OF_ANOTHER_TASK).into()),
        }
    }

    /// An inspection of task `task`. `change` is the body as read, problems included: whether
    /// the caller may change the task's project is answered first, whatever the body says.
    pub fn create_inspection(
        &self,
        user_id: UserId,
        task: Option<i64>,
        change: Result<InspectionChange, DomainError>,
    ) -> Result<Inspection, UseCaseError> {
        let task = task_of_create(&self.ports.access, self.ports.tasks.as_ref(), user_id, task)?;
        let (task, details) = with_task(task, change.and_then(|c| c.input.apply(None)))?;
        self.check_document(task.id, details.document_id)?;
        let new = OnTask { task_id: task.id, project_id: task.project_id, details };
        self.ports.inspections.create(&new).map_err(|e| not_found_as(e, "task"))
    }

    /// The inspection's fields from `change` over the stored ones, as found under the lock of
    /// the write. Whether the caller may change it is answered first, whatever the body says.
    pub fn update_inspection(
        &self,
        user_id: UserId,
        id: InspectionId,
        change: Result<InspectionChange, DomainError>,
    ) -> Result<Inspection, UseCaseError> {
        let current = self.granted_inspection(user_id, id, Need::Write)?;
        let change = change?;
        if change.task.is_some_and(|t| t != current.task_id) {
            return Err(FieldErrors::single("task", MSG_OTHER_TASK).into());
        }
        let input = change.input;
        if let Some(document) = input.document {
            self.check_document(current.task_id, document)?;
        }
        let rule = move |i: &Inspection| input.clone().apply(Some(&i.details));
        rule(&current)?;
        self.ports.inspections.update(id.get(), Box::new(rule)).map_err(|e| not_found_as(e, "inspection"))
    }

    pub fn delete_inspection(&self, user_id: UserId, id: InspectionId) -> Result<(), UseCaseError> {
        self.granted_inspection(user_id, id, Need::Write)?;
        self.ports.inspections.delete(id.get()).map_err(|e| not_found_as(e, "inspection"))
    }
}

#[cfg(test)]
mod tests {
    use buildledger_domain::schedule::{InspectionDetails, InspectionResult};
    use mockall::predicate::{always, eq};

    use super::super::fixtures::{day, document, project, team, Mocks, OWNER, PARTNER, STRANGER, VIEWER};
    use super::*;

    fn stored(id: i64, on: &str, document: Option<i64>) -> Inspection {
        Inspection {
            id,
            project_id: 1,
            task_id: 10,
            details: InspectionDetails {
                kind: "Framing".into(),
                scheduled_on: day(on),
                inspector: String::new(),
                result: InspectionResult::Pending,
                notes: String::new(),
                document_id: document,
            },
        }
    }

    fn body(document: Option<Option<i64>>) -> Result<InspectionChange, DomainError> {
        let input = InspectionInput {
            kind: Some("Framing".into()),
            scheduled_on: Some(day("2026-12-01")),
            document,
            ..Default::default()
        };
        Ok(InspectionChange { task: None, input })
    }

    fn documents(m: &mut Mocks) {
        m.documents.expect_find().with(eq(20)).returning(|_| Ok(Some(document(20, 10))));
        m.documents.expect_find().with(eq(21)).returning(|_| Ok(Some(document(21, 11))));
        m.documents.expect_find().returning(|_| Ok(None));
    }

    #[test]
    fn a_projects_inspections_come_by_date_then_id() {
        let mut m = Mocks::new();
        m.projects.expect_find_for_owner().returning(|_, _| Ok(Some(project())));
        m.inspections.expect_list_for_project().with(eq(1)).returning(|_| {
            Ok(vec![stored(3, "2026-12-02", None), stored(2, "2026-12-01", None), stored(1, "2026-12-02", None)])
        });
        let list = m.inspections_service().inspections(UserId::new(3), ProjectId::new(1)).unwrap();
        assert_eq!(list.iter().map(|i| i.id).collect::<Vec<_>>(), [2, 1, 3]);
    }

    #[test]
    fn an_inspections_document_is_one_of_its_tasks() {
        let mut m = Mocks::new();
        m.owns_task();
        documents(&mut m);
        m.inspections.expect_find_for_owner().returning(|_, _| Ok(Some(stored(7, "2026-12-01", None))));
        m.inspections.expect_create().times(1).returning(|new| {
            Ok(Inspection { id: 5, project_id: new.project_id, task_id: new.task_id, details: new.details.clone() })
        });
        m.inspections.expect_update().with(eq(7), always()).times(1).returning(|_, rule| {
            let details = rule(&stored(7, "2026-12-01", None)).unwrap();
            Ok(Inspection { details, ..stored(7, "2026-12-01", None) })
        });
        let svc = m.inspections_service();
        let made = svc.create_inspection(UserId::new(3), Some(10), body(Some(Some(20)))).unwrap();
        assert_eq!((made.details.document_id, made.details.result), (Some(20), InspectionResult::Pending));
        for other in [21, 99] {
            let err = svc.create_inspection(UserId::new(3), Some(10), body(Some(Some(other)))).unwrap_err();
            let UseCaseError::Invalid(e) = err else { panic!("{err:?}") };
            assert_eq!(e.fields().as_map()["document"], [MSG_DOCUMENT_OF_ANOTHER_TASK]);
            let change = Ok(InspectionChange {
                input: InspectionInput { document: Some(Some(other)), ..Default::default() },
                ..Default::default()
            });
            assert!(matches!(
                svc.update_inspection(UserId::new(3), InspectionId::new(7), change),
                Err(UseCaseError::Invalid(_))
            ));
        }
        let change = Ok(InspectionChange {
            input: InspectionInput { document: Some(Some(20)), ..Default::default() },
            ..Default::default()
        });
        let changed = svc.update_inspection(UserId::new(3), InspectionId::new(7), change).unwrap();
        assert_eq!((changed.details.document_id, changed.details.kind.as_str()), (Some(20), "Framing"));
    }

    #[test]
    fn another_users_task_or_inspection_is_not_found_before_the_bodys_problems() {
        let mut m = Mocks::new();
        m.owns_task();
        m.inspections.expect_find_for_owner().returning(|_, _| Ok(None));
        m.inspections.expect_create().never();
        m.inspections.expect_update().never();
        m.inspections.expect_delete().never();
        let svc = m.inspections_service();
        let bad = || Err(FieldErrors::single("kind", buildledger_domain::messages::BLANK));
        assert!(matches!(
            svc.create_inspection(UserId::new(3), Some(99), bad()),
            Err(UseCaseError::NotFound { entity: "task" })
        ));
        assert!(matches!(
            svc.update_inspection(UserId::new(3), InspectionId::new(7), bad()),
            Err(UseCaseError::NotFound { entity: "inspection" })
        ));
        assert!(matches!(
            svc.delete_inspection(UserId::new(3), InspectionId::new(7)),
            Err(UseCaseError::NotFound { entity: "inspection" })
        ));
        let err = svc.create_inspection(UserId::new(3), None, Ok(InspectionChange::default())).unwrap_err();
        let UseCaseError::Invalid(e) = err else { panic!("{err:?}") };
        for field in ["task", "kind", "scheduled_on"] {
            assert!(e.fields().contains(field), "{field}: {e:?}");
        }
    }

    #[test]
    fn a_viewer_writes_no_inspection_a_partner_writes_as_the_owner_and_a_stranger_finds_none() {
        let mut m = Mocks::new();
        m.access = team();
        m.owns_task();
        documents(&mut m);
        m.projects
            .expect_find_for_owner()
            .with(eq(UserId::new(OWNER)), eq(ProjectId::new(1)))
            .returning(|_, _| Ok(Some(project())));
        m.inspections.expect_list_for_project().returning(|_| Ok(vec![stored(7, "2026-12-01", None)]));
        m.inspections
            .expect_find_for_owner()
            .with(eq(UserId::new(OWNER)), eq(InspectionId::new(7)))
            .returning(|_, _| Ok(Some(stored(7, "2026-12-01", None))));
        // The partner's three writes, each on the owner's records; nobody else's.
        m.inspections.expect_create().withf(|new| new.task_id == 10).times(1).returning(|new| {
            Ok(Inspection { id: 8, project_id: new.project_id, task_id: new.task_id, details: new.details.clone() })
        });
        m.inspections.expect_update().with(eq(7), always()).times(1).returning(|_, rule| {
            let now = stored(7, "2026-12-01", None);
            Ok(Inspection { details: rule(&now).unwrap(), ..now })
        });
        m.inspections.expect_delete().with(eq(7)).times(1).returning(|_| Ok(()));
        let svc = m.inspections_service();
        let bad = || Err(FieldErrors::single("kind", buildledger_domain::messages::BLANK));

        let viewer = UserId::new(VIEWER);
        assert_eq!(svc.inspections(viewer, ProjectId::new(1)).unwrap().len(), 1, "a viewer reads");
        assert_eq!(svc.inspection(viewer, InspectionId::new(7)).unwrap().id, 7);
        for r in [
            svc.create_inspection(viewer, Some(10), bad()).map(|_| ()),
            svc.update_inspection(viewer, InspectionId::new(7), bad()).map(|_| ()),
            svc.delete_inspection(viewer, InspectionId::new(7)),
        ] {
            assert!(matches!(r, Err(UseCaseError::Forbidden)), "a viewer's write, before the body's problems: {r:?}");
        }

        let partner = UserId::new(PARTNER);
        svc.create_inspection(partner, Some(10), body(Some(Some(20)))).unwrap();
        svc.update_inspection(partner, InspectionId::new(7), body(None)).unwrap();
        svc.delete_inspection(partner, InspectionId::new(7)).unwrap();

        let stranger = UserId::new(STRANGER);
        assert!(matches!(
            svc.inspections(stranger, ProjectId::new(1)),
            Err(UseCaseError::NotFound { entity: "project" })
        ));
        assert!(matches!(
            svc.create_inspection(stranger, Some(10), bad()),
            Err(UseCaseError::NotFound { entity: "task" })
        ));
        assert!(matches!(
            svc.update_inspection(stranger, InspectionId::new(7), bad()),
            Err(UseCaseError::NotFound { entity: "inspection" })
        ));
        assert!(matches!(
            svc.delete_inspection(stranger, InspectionId::new(7)),
            Err(UseCaseError::NotFound { entity: "inspection" })
        ));
    }

    #[test]
    fn the_export_reads_the_owners_inspections_without_a_caller_check() {
        let mut m = Mocks::new();
        m.access = crate::access::testing::with_access(|_, _| None);
        let owner = UserId::new(OWNER);
        m.projects.expect_find_for_owner().with(eq(owner), eq(ProjectId::new(1))).returning(|_, _| Ok(Some(project())));
        m.projects.expect_find_for_owner().returning(|_, _| Ok(None));
        m.inspections
            .expect_list_for_project()
            .with(eq(1))
            .times(1)
            .returning(|_| Ok(vec![stored(2, "2026-12-02", None), stored(1, "2026-12-01", Some(40))]));
        let svc = m.inspections_service();
        let all = svc.inspections_for_owner(owner, ProjectId::new(1)).unwrap();
        assert_eq!(all.iter().map(|i| (i.id, i.details.document_id)).collect::<Vec<_>>(), [(1, Some(40)), (2, None)]);
        assert!(matches!(
            svc.inspections_for_owner(UserId::new(STRANGER), ProjectId::new(1)),
            Err(UseCaseError::NotFound { entity: "project" })
        ));
    }
}
