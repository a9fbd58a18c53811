//! The in-memory versions and subscriptions (`memo.rs`) follow every write this process makes,
//! on both backends: a board ETag never lags behind a write, and a subscription change is seen
//! by the next access check.

use buildledger_application::ports::{
    DocumentRepository, KnownState, KnownVersion, NewDocument, ProjectRepository, TaskRepository,
};
use buildledger_application::subscription::ports::SubscriptionRepository;
use buildledger_domain::ids::{ProjectId, TypedId, UserId};
use buildledger_domain::subscription::Subscription;
use buildledger_domain::task::{MaterialQuality, NewTask, TaskChanges, TaskStatus, TaskTitle};
use buildledger_persistence::subscription::DieselSubscriptionRepository;
use buildledger_persistence::{DieselDocumentRepository, DieselProjectRepository, DieselTaskRepository};
use chrono::{Duration, Utc};

use crate::helpers::{backends, details, project, task_ref, user};

fn current(repo: &DieselProjectRepository, id: i64, owner: i64) -> i64 {
    repo.find_for_owner(UserId::new(owner), ProjectId::new(id)).unwrap().unwrap().version
}

#[test]
fn every_write_is_known_at_once_with_the_version_the_database_holds() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let bob = user(&t.db, "bob");
        let projects = DieselProjectRepository::new(t.db.clone());
        let tasks = DieselTaskRepository::new(t.db.clone());
        let documents = DieselDocumentRepository::new(t.db.clone());
        let p = project(&t.db, ana, "P");
        // Known from the create, for its owner only.
        assert_eq!(
            t.db.known_state().project_version(UserId::new(ana), ProjectId::new(p.id)),
            KnownVersion::Current(p.version),
            "{}",
            t.name
        );
        assert_eq!(
            t.db.known_state().project_version(UserId::new(bob), ProjectId::new(p.id)),
            KnownVersion::Unknown,
            "{}",
            t.name
        );

        let task = tasks
            .create(&NewTask {
                project_id: p.id,
                title: TaskTitle::parse("Framing").unwrap(),
                description: String::new(),
                status: TaskStatus::ToDo,
                material_quality: MaterialQuality::Basic,
                actual_cost: None,
                due_date: None,
                schedule: Default::default(),
            })
            .unwrap();
        let mut last = p.version;
        let mut check = |what: &str| {
            let KnownVersion::Current(v) = t.db.known_state().project_version(UserId::new(ana), ProjectId::new(p.id))
            else {
                panic!("{}: {what}: not known", t.name)
            };
            assert!(v > last, "{}: {what} must move the version on ({v} after {last})", t.name);
            assert_eq!(v, current(&projects, p.id, ana), "{}: {what}", t.name);
            last = v;
        };
        check("task create");
        tasks
            .update(
                &task_ref(p.id, task.id),
                &TaskChanges { status: Some(TaskStatus::InProgress), ..Default::default() },
            )
            .unwrap();
        check("task move");
        let doc = documents
            .create(&NewDocument {
                task_id: task.id,
                name: "q.pdf".into(),
                content_type: "application/pdf".into(),
                size_bytes: 3,
                storage_key: format!("k-{}", t.name),
            })
            .unwrap();
        check("document upload");
        documents.delete(doc.id).unwrap();
        check("document delete");
        projects.update(UserId::new(ana), ProjectId::new(p.id), &details("P2")).unwrap();
        check("project edit");
        tasks.delete(&task_ref(p.id, task.id)).unwrap();
        check("task delete");

        projects.delete(UserId::new(ana), ProjectId::new(p.id)).unwrap();
        assert_eq!(
            t.db.known_state().project_version(UserId::new(ana), ProjectId::new(p.id)),
            KnownVersion::Missing,
            "{}",
            t.name
        );
    }
}

#[test]
fn a_subscription_write_is_seen_by_the_next_check() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let repo = DieselSubscriptionRepository::new(t.db.clone());
        assert_eq!(t.db.known_state().subscription(ana), None, "{}", t.name);
        assert_eq!(repo.find_for_user(ana).unwrap(), None);
        assert_eq!(t.db.known_state().subscription(ana), Some(None), "{}: a read is remembered", t.name);
        let now = Utc::now().naive_utc();
        let sub = Subscription {
            user_id: ana,
            customer_id: Some("cus_1".into()),
            subscription_id: Some("sub_1".into()),
            status: "active".into(),
            current_period_end: Some(now + Duration::days(30)),
            cancel_at_period_end: false,
            updated_at: now,
        };
        repo.upsert(&sub).unwrap();
        assert_eq!(t.db.known_state().subscription(ana), None, "{}: a write forgets it", t.name);
        let stored = repo.find_for_user(ana).unwrap().expect("stored");
        assert_eq!((stored.status.as_str(), stored.subscription_id.as_deref()), ("active", Some("sub_1")));
        assert_eq!(t.db.known_state().subscription(ana), Some(Some(std::sync::Arc::new(stored))), "{}", t.name);
    }
}
