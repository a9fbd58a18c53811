//! Projects: list, create, read, update and delete a user's projects.

use buildledger_domain::ids::{ProjectId, TypedId, UserId};
use std::sync::Arc;

use buildledger_domain::project::{Project, ProjectChange};

use crate::error::UseCaseError;
use crate::ports::{DocumentStore, ProjectRepository};

#[derive(Clone)]
pub struct ProjectService {
    projects: Arc<dyn ProjectRepository>,
    store: Arc<dyn DocumentStore>,
}

impl ProjectService {
    pub fn new(projects: Arc<dyn ProjectRepository>, store: Arc<dyn DocumentStore>) -> Self {
        Self { projects, store }
    }

    pub fn list(&self, owner_id: UserId) -> Result<Vec<Project>, UseCaseError> {
        Ok(self.projects.list_for_owner(owner_id.get())?)
    }

    /// A project from the body as read (its problems included, reported with the rules').
    pub fn create(&self, owner_id: UserId, change: ProjectChange) -> Result<Project, UseCaseError> {
        let details = change.details(None)?;
        Ok(self.projects.create(owner_id.get(), &details)?)
    }

    pub fn get(&self, owner_id: UserId, id: ProjectId) -> Result<Project, UseCaseError> {
        self.projects.find_for_owner(owner_id, id)?.ok_or(UseCaseError::not_found("project"))
    }

    /// Applies a partial update; the merged project must satisfy every create rule. `change` is
    /// the body as read, problems included: another user's project is not found whatever the
    /// body says, so it is checked first.
    pub fn update(&self, owner_id: UserId, id: ProjectId, change: ProjectChange) -> Result<Project, UseCaseError> {
        let current = self.get(owner_id, id)?;
        let details = change.details(Some(&current.details))?;
        if details == current.details {
            return Ok(current);
        }
        self.projects.update(owner_id, id, &details).map_err(|e| not_found_as(e, "project"))
    }

    /// Deletes the project, its tasks and documents, then the stored files.
    pub fn delete(&self, owner_id: UserId, id: ProjectId) -> Result<(), UseCaseError> {
        let keys = self.projects.delete(owner_id, id).map_err(|e| not_found_as(e, "project"))?;
        remove_files(self.store.as_ref(), &keys);
        Ok(())
    }
}

/// Maps a repository `NotFound` to the entity's own not-found error.
pub(crate) fn not_found_as(e: crate::error::RepoError, entity: &'static str) -> UseCaseError {
    match e {
        crate::error::RepoError::NotFound => UseCaseError::not_found(entity),
        other => other.into(),
    }
}

/// Deletes stored files after their rows are gone. A failure leaves an orphan file, never a
/// row without its file, so it is logged and not reported to the user.
pub(crate) fn remove_files(store: &dyn DocumentStore, keys: &[String]) {
    for key in keys {
        if let Err(e) = store.delete(key) {
            tracing::warn!(storage_key = %key, error = %e, "could not delete a stored document file");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::RepoError;
    use crate::ports::{MockDocumentStore, MockProjectRepository};
    use buildledger_domain::ids::{ProjectId, TypedId, UserId};
    use buildledger_domain::money::Money;
    use buildledger_domain::project::{
        OwnerBuilder, PatchFields, ProjectDetails, ProjectInput, ProjectType, PropertyType,
    };
    use buildledger_domain::FieldErrors;
    use chrono::NaiveDate;
    use mockall::predicate::eq;

    fn input() -> ProjectInput {
        ProjectInput {
            name: Some("Cabin".into()),
            zip_code: Some("78701".into()),
            project_type: Some(ProjectType::NewHomeBuild),
            property_type: Some(PropertyType::SingleFamily),
            square_footage: Some(1200),
            start_date: NaiveDate::from_ymd_opt(2026, 1, 1),
            end_date: NaiveDate::from_ymd_opt(2026, 6, 1),
            budget: Money::from_cents(30_000_000),
            owner_builder: Some(OwnerBuilder::No),
            ..Default::default()
        }
    }

    fn create(input: ProjectInput) -> ProjectChange {
        ProjectChange { input, ..Default::default() }
    }

    fn patch(input: ProjectInput, present: PatchFields) -> ProjectChange {
        ProjectChange { input, present, problems: FieldErrors::new() }
    }

    fn project(id: i64, owner_id: i64) -> Project {
        Project {
            id,
            owner_id,
            details: ProjectDetails::parse(input()).unwrap(),
            version: 1,
            created_at: chrono::NaiveDateTime::default(),
            drawn_cents: 0,
        }
    }

    #[test]
    fn creating_a_valid_project_stores_it_for_the_owner() {
        let mut repo = MockProjectRepository::new();
        repo.expect_create()
            .withf(|owner, d| *owner == 3 && d.name == "Cabin")
            .times(1)
            .returning(|o, _| Ok(project(1, o)));
        let p = ProjectService::new(Arc::new(repo), Arc::new(MockDocumentStore::new()))
            .create(UserId::new(3), create(input()))
            .unwrap();
        assert_eq!(p.owner_id, 3);
    }

    #[test]
    fn an_invalid_project_is_not_stored() {
        let mut repo = MockProjectRepository::new();
        repo.expect_create().never();
        let err = ProjectService::new(Arc::new(repo), Arc::new(MockDocumentStore::new()))
            .create(UserId::new(3), create(ProjectInput { property_type: Some(PropertyType::Multifamily), ..input() }))
            .unwrap_err();
        assert!(matches!(err, UseCaseError::Invalid(ref e) if e.fields().contains("units")));
    }

    #[test]
    fn another_users_project_is_not_found() {
        let mut repo = MockProjectRepository::new();
        repo.expect_find_for_owner().with(eq(UserId::new(9)), eq(ProjectId::new(1))).returning(|_, _| Ok(None));
        let err = ProjectService::new(Arc::new(repo), Arc::new(MockDocumentStore::new()))
            .get(UserId::new(9), ProjectId::new(1))
            .unwrap_err();
        assert!(matches!(err, UseCaseError::NotFound { entity: "project" }));
    }

    #[test]
    fn updating_the_budget_keeps_the_other_fields() {
        let mut repo = MockProjectRepository::new();
        repo.expect_find_for_owner().returning(|o, id| Ok(Some(project(id.get(), o.get()))));
        repo.expect_update()
            .withf(|_, _, d| d.budget.cents() == 123 && d.name == "Cabin")
            .times(1)
            .returning(|id, o, d| Ok(Project { details: d.clone(), ..project(id.get(), o.get()) }));
        let budget = ProjectInput { budget: Money::from_cents(123), ..Default::default() };
        let p = ProjectService::new(Arc::new(repo), Arc::new(MockDocumentStore::new()))
            .update(
                UserId::new(3),
                ProjectId::new(1),
                patch(budget, PatchFields { budget: true, ..Default::default() }),
            )
            .unwrap();
        assert_eq!(p.details.budget.cents(), 123);
    }

    #[test]
    fn an_update_that_breaks_a_rule_changes_nothing() {
        let mut repo = MockProjectRepository::new();
        repo.expect_find_for_owner().returning(|o, id| Ok(Some(project(id.get(), o.get()))));
        repo.expect_update().never();
        let early = ProjectInput { end_date: NaiveDate::from_ymd_opt(2020, 1, 1), ..Default::default() };
        let err = ProjectService::new(Arc::new(repo), Arc::new(MockDocumentStore::new()))
            .update(
                UserId::new(3),
                ProjectId::new(1),
                patch(early, PatchFields { end_date: true, ..Default::default() }),
            )
            .unwrap_err();
        assert!(matches!(err, UseCaseError::Invalid(_)));
    }

    #[test]
    fn another_users_project_is_not_found_before_the_bodys_problems() {
        let mut repo = MockProjectRepository::new();
        repo.expect_find_for_owner().with(eq(UserId::new(9)), eq(ProjectId::new(1))).returning(|_, _| Ok(None));
        repo.expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
            .returning(|o, id| Ok(Some(project(id.get(), o.get()))));
        repo.expect_update().never();
        let svc = ProjectService::new(Arc::new(repo), Arc::new(MockDocumentStore::new()));
        let bad = || {
            let mut problems = FieldErrors::new();
            problems.add("start_date", buildledger_domain::messages::DATE_FORMAT);
            ProjectChange {
                present: PatchFields { start_date: true, ..Default::default() },
                problems,
                ..Default::default()
            }
        };
        assert!(matches!(
            svc.update(UserId::new(9), ProjectId::new(1), bad()),
            Err(UseCaseError::NotFound { entity: "project" })
        ));
        let err = svc.update(UserId::new(3), ProjectId::new(1), bad()).unwrap_err();
        assert!(
            matches!(err, UseCaseError::Invalid(ref e) if e.fields().as_map()["start_date"] == [buildledger_domain::messages::DATE_FORMAT]),
            "{err:?}"
        );
    }

    #[test]
    fn deleting_a_project_removes_its_files() {
        let mut repo = MockProjectRepository::new();
        repo.expect_delete()
            .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
            .returning(|_, _| Ok(vec!["a".into(), "b".into()]));
        let mut store = MockDocumentStore::new();
        store.expect_delete().times(2).returning(|_| Ok(()));
        ProjectService::new(Arc::new(repo), Arc::new(store)).delete(UserId::new(3), ProjectId::new(1)).unwrap();
    }

    #[test]
    fn deleting_someone_elses_project_is_not_found_and_touches_no_file() {
        let mut repo = MockProjectRepository::new();
        repo.expect_delete().returning(|_, _| Err(RepoError::NotFound));
        let mut store = MockDocumentStore::new();
        store.expect_delete().never();
        let err =
            ProjectService::new(Arc::new(repo), Arc::new(store)).delete(UserId::new(3), ProjectId::new(1)).unwrap_err();
        assert!(matches!(err, UseCaseError::NotFound { entity: "project" }));
    }
}
