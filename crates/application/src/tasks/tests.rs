//! The board's and the task changes' use cases against mocks.

use super::*;
use crate::access::testing::{owner_of_everything, with_access};
use crate::access::Located;
use crate::ports::{MockCostRates, MockDocumentStore, MockKnownState, MockProjectRepository, MockTaskRepository};
use buildledger_domain::ids::{ProjectId, TaskId, TypedId, UserId};
use buildledger_domain::member::Role;
use buildledger_domain::money::Money;
use buildledger_domain::project::{parse_date, OwnerBuilder, ProjectDetails, ProjectInput, ProjectType, PropertyType};
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
    r.expect_predict().returning(|title, _, _, sqft| (title == "Framing").then(|| Prediction::per_sqft(2500, sqft)));
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

fn service_knowing(projects: MockProjectRepository, tasks: MockTaskRepository, known: MockKnownState) -> TaskService {
    TaskService::new(
        Arc::new(projects),
        Arc::new(tasks),
        Arc::new(MockDocumentStore::new()),
        Arc::new(rates()),
        Arc::new(known),
        owner_of_everything(),
    )
}

/// Project 1 and everything in it, owned by user 3; user 5 is its partner, user 6 its
/// viewer, anyone else a stranger (subscribed).
pub(crate) fn team() -> Authorizer {
    with_access(|user, target| {
        let role = match user.get() {
            3 => Some(Role::Owner),
            5 => Some(Role::Partner),
            6 => Some(Role::Viewer),
            _ => None,
        };
        let project_id = match target {
            Target::Project(p) => p,
            _ => ProjectId::new(1),
        };
        Some(Located { project_id, owner_id: UserId::new(3), role })
    })
}

pub(crate) const PARTNER: i64 = 5;
pub(crate) const VIEWER: i64 = 6;
pub(crate) const STRANGER: i64 = 4;

pub(crate) fn team_service(projects: MockProjectRepository, tasks: MockTaskRepository) -> TaskService {
    TaskService::new(
        Arc::new(projects),
        Arc::new(tasks),
        Arc::new(MockDocumentStore::new()),
        Arc::new(rates()),
        Arc::new(MockKnownState::new()),
        team(),
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
    tasks
        .expect_list_for_project()
        .with(eq(1))
        .times(1)
        .returning(|_| Ok(vec![task(1, TaskStatus::ToDo), Task { title: "Moat".into(), ..task(2, TaskStatus::Paid) }]));
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

fn active(user_id: i64) -> Option<Option<Arc<buildledger_domain::subscription::Subscription>>> {
    Some(Some(Arc::new(buildledger_domain::subscription::Subscription {
        user_id,
        customer_id: None,
        subscription_id: None,
        status: if user_id == 3 { "active" } else { "canceled" }.into(),
        current_period_end: None,
        cancel_at_period_end: false,
        updated_at: chrono::NaiveDateTime::default(),
    })))
}

#[test]
fn a_known_version_answers_without_a_query() {
    let mut known = MockKnownState::new();
    known.expect_subscription().returning(active);
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

#[test]
fn a_known_version_is_not_trusted_while_the_owners_subscription_is_not_known_active() {
    let mut known = MockKnownState::new();
    known.expect_subscription().with(eq(7)).returning(active);
    known.expect_subscription().returning(|_| None);
    known.expect_project_version().returning(|_, _| KnownVersion::Current(9));
    let svc = service_knowing(MockProjectRepository::new(), MockTaskRepository::new(), known);
    // Lapsed (7), or not known (8): the version is asked with the check.
    assert!(svc.known_board_version(UserId::new(7), ProjectId::new(1)).is_none());
    assert!(svc.known_board_version(UserId::new(8), ProjectId::new(1)).is_none());
}

#[test]
fn members_read_the_owners_board_and_a_stranger_finds_nothing() {
    let mut projects = MockProjectRepository::new();
    projects
        .expect_find_for_owner()
        .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
        .returning(|o, id| Ok(Some(project(id.get(), o.get()))));
    let mut tasks = MockTaskRepository::new();
    tasks.expect_list_for_project().with(eq(1)).times(2).returning(|_| Ok(vec![task(1, TaskStatus::ToDo)]));
    let svc = team_service(projects, tasks);
    for member in [PARTNER, VIEWER] {
        let board = svc.board(UserId::new(member), ProjectId::new(1)).unwrap();
        assert_eq!((board.project.owner_id, board.tasks.len()), (3, 1));
    }
    let err = svc.board(UserId::new(STRANGER), ProjectId::new(1)).unwrap_err();
    assert!(matches!(err, UseCaseError::NotFound { entity: "project" }), "{err:?}");
    let err = svc.board_version(UserId::new(STRANGER), ProjectId::new(1)).unwrap_err();
    assert!(matches!(err, UseCaseError::NotFound { entity: "project" }), "{err:?}");
}

#[test]
fn a_viewer_changes_nothing() {
    let mut tasks = MockTaskRepository::new();
    tasks.expect_find_for_owner().never();
    tasks.expect_create().never();
    tasks.expect_create_first().never();
    tasks.expect_update().never();
    tasks.expect_delete().never();
    let mut projects = MockProjectRepository::new();
    projects.expect_find_for_owner().never();
    let svc = team_service(projects, tasks);
    let viewer = UserId::new(VIEWER);
    let forbidden = |r: Result<(), UseCaseError>| assert!(matches!(r, Err(UseCaseError::Forbidden)), "{r:?}");
    forbidden(svc.create(viewer, new_task(1)).map(drop));
    forbidden(svc.create_standard_tasks(viewer, ProjectId::new(1)).map(drop));
    // Refused whatever the body says, even an empty or a bad one.
    forbidden(svc.update(viewer, TaskId::new(5), Ok(TaskUpdate::default())).map(drop));
    forbidden(svc.update(viewer, TaskId::new(5), Err(FieldErrors::single("title", "bad"))).map(drop));
    forbidden(svc.delete(viewer, TaskId::new(5)));
}

#[test]
fn a_partner_changes_tasks_as_the_owner() {
    let mut projects = MockProjectRepository::new();
    projects
        .expect_find_for_owner()
        .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
        .returning(|o, id| Ok(Some(project(id.get(), o.get()))));
    let mut tasks = MockTaskRepository::new();
    tasks.expect_create().times(1).returning(|_| Ok(task(9, TaskStatus::ToDo)));
    tasks
        .expect_find_for_owner()
        .with(eq(UserId::new(3)), eq(TaskId::new(5)))
        .returning(|_, id| Ok(Some((task(id.get(), TaskStatus::ToDo), project(1, 3)))));
    tasks
        .expect_update()
        .withf(|t, c| t.id == 5 && c.status == Some(TaskStatus::InProgress))
        .times(1)
        .returning(|t, _| Ok(task(t.id, TaskStatus::InProgress)));
    let svc = team_service(projects, tasks);
    let partner = UserId::new(PARTNER);
    assert_eq!(svc.create(partner, new_task(1)).unwrap().task.id, 9);
    let moved = TaskUpdate {
        changes: TaskChanges { status: Some(TaskStatus::InProgress), ..Default::default() },
        ..Default::default()
    };
    assert_eq!(svc.update(partner, TaskId::new(5), Ok(moved)).unwrap().task.status, TaskStatus::InProgress);
}

#[test]
fn a_stranger_changes_nothing_and_is_told_nothing_exists() {
    let mut tasks = MockTaskRepository::new();
    tasks.expect_find_for_owner().never();
    tasks.expect_create().never();
    tasks.expect_update().never();
    tasks.expect_delete().never();
    let svc = team_service(MockProjectRepository::new(), tasks);
    let stranger = UserId::new(STRANGER);
    assert!(matches!(svc.create(stranger, new_task(1)), Err(UseCaseError::NotFound { entity: "project" })));
    assert!(matches!(
        svc.update(stranger, TaskId::new(5), Err(FieldErrors::single("title", "bad"))),
        Err(UseCaseError::NotFound { entity: "task" })
    ));
    assert!(matches!(svc.delete(stranger, TaskId::new(5)), Err(UseCaseError::NotFound { entity: "task" })));
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
    let v = service(MockProjectRepository::new(), tasks).update(UserId::new(3), TaskId::new(5), Ok(update)).unwrap();
    assert_eq!(v.task.status, TaskStatus::Paid);
}

#[test]
fn a_task_cannot_change_project() {
    let mut tasks = MockTaskRepository::new();
    tasks.expect_find_for_owner().returning(|_, id| Ok(Some((task(id.get(), TaskStatus::ToDo), project(1, 3)))));
    tasks.expect_update().never();
    let err = service(MockProjectRepository::new(), tasks)
        .update(UserId::new(3), TaskId::new(5), Ok(TaskUpdate { project: Some(2), ..Default::default() }))
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
        .update(UserId::new(3), TaskId::new(5), Ok(TaskUpdate::default()))
        .unwrap_err();
    assert!(matches!(err, UseCaseError::NotFound { entity: "task" }));
}

#[test]
fn an_empty_change_writes_nothing() {
    let mut tasks = MockTaskRepository::new();
    tasks.expect_find_for_owner().returning(|_, id| Ok(Some((task(id.get(), TaskStatus::ToDo), project(1, 3)))));
    tasks.expect_update().never();
    let v = service(MockProjectRepository::new(), tasks)
        .update(UserId::new(3), TaskId::new(5), Ok(TaskUpdate { project: Some(1), ..Default::default() }))
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
        owner_of_everything(),
    )
    .delete(UserId::new(3), TaskId::new(5))
    .unwrap();
}
