//! Projects: list, create, read, update and delete a user's projects, and the projects they
//! joined as a member (issue 35): reading needs any role, changing a partner's, deleting the
//! owner's (`crate::access`).

use buildledger_domain::ids::{ProjectId, TypedId, UserId};
use buildledger_domain::member::{Need, Role};
use std::sync::Arc;

use buildledger_domain::project::{Project, ProjectChange};

use crate::access::{Authorizer, Target};
use crate::error::UseCaseError;
use crate::ports::{DocumentStore, ProjectRepository, UserRepository};

/// A project as one user sees it: their role there and who owns it.
#[derive(Debug, Clone, PartialEq)]
pub struct ProjectView {
    pub project: Project,
    pub role: Role,
    /// The owner's username.
    pub owner: String,
}

#[derive(Clone)]
pub struct ProjectService {
    projects: Arc<dyn ProjectRepository>,
    store: Arc<dyn DocumentStore>,
    users: Arc<dyn UserRepository>,
    access: Authorizer,
}

impl ProjectService {
    pub fn new(
        projects: Arc<dyn ProjectRepository>,
        store: Arc<dyn DocumentStore>,
        users: Arc<dyn UserRepository>,
        access: Authorizer,
    ) -> Self {
        Self { projects, store, users, access }
    }

    /// The owner's own projects, oldest first (the account export's).
    pub fn list(&self, owner_id: UserId) -> Result<Vec<Project>, UseCaseError> {
        Ok(self.projects.list_for_owner(owner_id.get())?)
    }

    /// What the project list shows: the user's own projects, oldest first, then the ones they
    /// joined, in the order they joined (two queries, three with the user's name).
    pub fn list_visible(&self, user_id: UserId) -> Result<Vec<ProjectView>, UseCaseError> {
        let own = self.projects.list_for_owner(user_id.get())?;
        let mut views = Vec::new();
        if !own.is_empty() {
            let me = self.username(user_id)?;
            views.extend(own.into_iter().map(|project| ProjectView { project, role: Role::Owner, owner: me.clone() }));
        }
        let joined = self.projects.list_joined(user_id)?;
        views.extend(joined.into_iter().map(|(project, role, owner)| ProjectView { project, role, owner }));
        Ok(views)
    }

    /// A project from the body as read (its problems included, reported with the rules').
    pub fn create(&self, owner_id: UserId, change: ProjectChange) -> Result<ProjectView, UseCaseError> {
        let details = change.details(None)?;
        let project = self.projects.create(owner_id.get(), &details)?;
        Ok(ProjectView { project, role: Role::Owner, owner: self.username(owner_id)? })
    }

    pub fn get(&self, user_id: UserId, id: ProjectId) -> Result<ProjectView, UseCaseError> {
        let grant = self.access.authorize(user_id, Target::Project(id), Need::Read)?;
        let project = self.find(grant.owner_id, id)?;
        self.view(project, grant.role, grant.owner_id)
    }

    /// Applies a partial update (owner or partner); the merged project must satisfy every
    /// create rule. `change` is the body as read, problems included: a project the caller may
    /// not change is refused whatever the body says, so that is checked first.
    pub fn update(&self, user_id: UserId, id: ProjectId, change: ProjectChange) -> Result<ProjectView, UseCaseError> {
        let grant = self.access.authorize(user_id, Target::Project(id), Need::Write)?;
        let current = self.find(grant.owner_id, id)?;
        let details = change.details(Some(&current.details))?;
        let project = if details == current.details {
            current
        } else {
            self.projects.update(grant.owner_id, id, &details).map_err(|e| not_found_as(e, "project"))?
        };
        self.view(project, grant.role, grant.owner_id)
    }

    /// Deletes the project (its owner only), its tasks and documents, then the stored files.
    pub fn delete(&self, user_id: UserId, id: ProjectId) -> Result<(), UseCaseError> {
        let grant = self.access.authorize(user_id, Target::Project(id), Need::Own)?;
        let keys = self.projects.delete(grant.owner_id, id).map_err(|e| not_found_as(e, "project"))?;
        remove_files(self.store.as_ref(), &keys);
        Ok(())
    }

    fn find(&self, owner_id: UserId, id: ProjectId) -> Result<Project, UseCaseError> {
        self.projects.find_for_owner(owner_id, id)?.ok_or(UseCaseError::not_found("project"))
    }

    fn view(&self, project: Project, role: Role, owner_id: UserId) -> Result<ProjectView, UseCaseError> {
        Ok(ProjectView { project, role, owner: self.username(owner_id)? })
    }

    /// A user's username ("" once the account is gone).
    fn username(&self, user_id: UserId) -> Result<String, UseCaseError> {
        Ok(self.users.find_by_id(user_id.get())?.map(|u| u.username).unwrap_or_default())
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
    use crate::access::testing::{owner_of_everything, with_access};
    use crate::access::Located;
    use crate::error::RepoError;
    use crate::ports::{MockDocumentStore, MockProjectRepository, MockUserRepository};
    use buildledger_domain::ids::{ProjectId, TypedId, UserId};
    use buildledger_domain::money::Money;
    use buildledger_domain::project::{
        OwnerBuilder, PatchFields, ProjectDetails, ProjectInput, ProjectType, PropertyType,
    };
    use buildledger_domain::user::User;
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

    /// Users named `user<id>`.
    fn users() -> MockUserRepository {
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(|id| {
            Ok(Some(User {
                id,
                username: format!("user{id}"),
                email: format!("user{id}@example.com"),
                password_hash: "h".into(),
                is_admin: false,
            }))
        });
        users
    }

    fn service(repo: MockProjectRepository, store: MockDocumentStore, access: Authorizer) -> ProjectService {
        ProjectService::new(Arc::new(repo), Arc::new(store), Arc::new(users()), access)
    }

    fn owned(repo: MockProjectRepository) -> ProjectService {
        service(repo, MockDocumentStore::new(), owner_of_everything())
    }

    /// Project `p` is owned by user 3; `member` has `role` there; everyone else is a stranger.
    fn shared(member: i64, role: Role) -> Authorizer {
        with_access(move |user, target| {
            let Target::Project(p) = target else { return None };
            let role = match user.get() {
                3 => Some(Role::Owner),
                u if u == member => Some(role),
                _ => return None,
            };
            Some(Located { project_id: p, owner_id: UserId::new(3), role })
        })
    }

    #[test]
    fn creating_a_valid_project_stores_it_for_the_owner() {
        let mut repo = MockProjectRepository::new();
        repo.expect_create()
            .withf(|owner, d| *owner == 3 && d.name == "Cabin")
            .times(1)
            .returning(|o, _| Ok(project(1, o)));
        let v = owned(repo).create(UserId::new(3), create(input())).unwrap();
        assert_eq!((v.project.owner_id, v.role, v.owner.as_str()), (3, Role::Owner, "user3"));
    }

    #[test]
    fn an_invalid_project_is_not_stored() {
        let mut repo = MockProjectRepository::new();
        repo.expect_create().never();
        let err = owned(repo)
            .create(UserId::new(3), create(ProjectInput { property_type: Some(PropertyType::Multifamily), ..input() }))
            .unwrap_err();
        assert!(matches!(err, UseCaseError::Invalid(ref e) if e.fields().contains("units")));
    }

    #[test]
    fn another_users_project_is_not_found() {
        let mut repo = MockProjectRepository::new();
        repo.expect_find_for_owner().never();
        let err = service(repo, MockDocumentStore::new(), shared(5, Role::Viewer))
            .get(UserId::new(9), ProjectId::new(1))
            .unwrap_err();
        assert!(matches!(err, UseCaseError::NotFound { entity: "project" }));
    }

    #[test]
    fn a_member_reads_the_owners_project_with_their_role() {
        let mut repo = MockProjectRepository::new();
        repo.expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
            .returning(|o, id| Ok(Some(project(id.get(), o.get()))));
        let v = service(repo, MockDocumentStore::new(), shared(5, Role::Viewer))
            .get(UserId::new(5), ProjectId::new(1))
            .unwrap();
        assert_eq!((v.project.owner_id, v.role, v.owner.as_str()), (3, Role::Viewer, "user3"));
    }

    #[test]
    fn the_list_shows_own_projects_then_joined_ones() {
        let mut repo = MockProjectRepository::new();
        repo.expect_list_for_owner().with(eq(5)).returning(|o| Ok(vec![project(7, o)]));
        repo.expect_list_joined()
            .with(eq(UserId::new(5)))
            .returning(|_| Ok(vec![(project(1, 3), Role::Partner, "dana".to_owned())]));
        let list = owned(repo).list_visible(UserId::new(5)).unwrap();
        let seen: Vec<(i64, Role, &str)> = list.iter().map(|v| (v.project.id, v.role, v.owner.as_str())).collect();
        assert_eq!(seen, vec![(7, Role::Owner, "user5"), (1, Role::Partner, "dana")]);
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
        let v = owned(repo)
            .update(
                UserId::new(3),
                ProjectId::new(1),
                patch(budget, PatchFields { budget: true, ..Default::default() }),
            )
            .unwrap();
        assert_eq!(v.project.details.budget.cents(), 123);
    }

    #[test]
    fn a_partners_update_is_written_as_the_owners() {
        let mut repo = MockProjectRepository::new();
        repo.expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
            .returning(|o, id| Ok(Some(project(id.get(), o.get()))));
        repo.expect_update()
            .withf(|owner, _, d| *owner == UserId::new(3) && d.budget.cents() == 123)
            .times(1)
            .returning(|o, id, d| Ok(Project { details: d.clone(), ..project(id.get(), o.get()) }));
        let budget = ProjectInput { budget: Money::from_cents(123), ..Default::default() };
        let v = service(repo, MockDocumentStore::new(), shared(5, Role::Partner))
            .update(
                UserId::new(5),
                ProjectId::new(1),
                patch(budget, PatchFields { budget: true, ..Default::default() }),
            )
            .unwrap();
        assert_eq!((v.role, v.project.owner_id), (Role::Partner, 3));
    }

    #[test]
    fn a_viewers_update_is_forbidden_and_writes_nothing() {
        let mut repo = MockProjectRepository::new();
        repo.expect_find_for_owner().never();
        repo.expect_update().never();
        let budget = ProjectInput { budget: Money::from_cents(123), ..Default::default() };
        let err = service(repo, MockDocumentStore::new(), shared(5, Role::Viewer))
            .update(
                UserId::new(5),
                ProjectId::new(1),
                patch(budget, PatchFields { budget: true, ..Default::default() }),
            )
            .unwrap_err();
        assert!(matches!(err, UseCaseError::Forbidden), "{err:?}");
    }

    #[test]
    fn an_update_that_breaks_a_rule_changes_nothing() {
        let mut repo = MockProjectRepository::new();
        repo.expect_find_for_owner().returning(|o, id| Ok(Some(project(id.get(), o.get()))));
        repo.expect_update().never();
        let early = ProjectInput { end_date: NaiveDate::from_ymd_opt(2020, 1, 1), ..Default::default() };
        let err = owned(repo)
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
        repo.expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
            .returning(|o, id| Ok(Some(project(id.get(), o.get()))));
        repo.expect_update().never();
        let svc = service(repo, MockDocumentStore::new(), shared(5, Role::Viewer));
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
        assert!(matches!(svc.update(UserId::new(5), ProjectId::new(1), bad()), Err(UseCaseError::Forbidden)));
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
        service(repo, store, owner_of_everything()).delete(UserId::new(3), ProjectId::new(1)).unwrap();
    }

    #[test]
    fn a_partner_may_not_delete_the_project() {
        let mut repo = MockProjectRepository::new();
        repo.expect_delete().never();
        let mut store = MockDocumentStore::new();
        store.expect_delete().never();
        let err = service(repo, store, shared(5, Role::Partner)).delete(UserId::new(5), ProjectId::new(1)).unwrap_err();
        assert!(matches!(err, UseCaseError::Forbidden));
    }

    #[test]
    fn deleting_someone_elses_project_is_not_found_and_touches_no_file() {
        let mut repo = MockProjectRepository::new();
        repo.expect_delete().returning(|_, _| Err(RepoError::NotFound));
        let mut store = MockDocumentStore::new();
        store.expect_delete().never();
        let err = service(repo, store, owner_of_everything()).delete(UserId::new(3), ProjectId::new(1)).unwrap_err();
        assert!(matches!(err, UseCaseError::NotFound { entity: "project" }));
    }
}
