use buildledger_application::error::RepoError;
use buildledger_application::ports::{DocumentRepository, NewDocument, ProjectRepository, TaskRepository};
use buildledger_domain::ids::{DocumentId, ProjectId, TypedId, UserId};
use buildledger_domain::task::{MaterialQuality, NewTask, TaskStatus, TaskTitle};
use buildledger_persistence::{DieselDocumentRepository, DieselProjectRepository, DieselTaskRepository};

use crate::helpers::{backends, project, user};

#[test]
fn documents_belong_to_a_task_and_its_owner() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let bob = user(&t.db, "bob");
        let p = project(&t.db, ana, "P");
        let task = DieselTaskRepository::new(t.db.clone())
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
        let repo = DieselDocumentRepository::new(t.db.clone());
        let v_before = DieselProjectRepository::new(t.db.clone())
            .find_for_owner(UserId::new(ana), ProjectId::new(p.id))
            .unwrap()
            .unwrap()
            .version;
        let d1 = repo
            .create(&NewDocument {
                task_id: task.id,
                name: "quote.pdf".into(),
                content_type: "application/pdf".into(),
                size_bytes: 1000,
                storage_key: "k1".into(),
            })
            .unwrap();
        repo.create(&NewDocument {
            task_id: task.id,
            name: "plan.png".into(),
            content_type: "image/png".into(),
            size_bytes: 24,
            storage_key: "k2".into(),
        })
        .unwrap();
        let v_after = DieselProjectRepository::new(t.db.clone())
            .find_for_owner(UserId::new(ana), ProjectId::new(p.id))
            .unwrap()
            .unwrap()
            .version;
        assert!(v_after > v_before, "{}", t.name);
        assert_eq!((d1.project_id, d1.owner_id), (p.id, ana));
        assert_eq!(
            repo.list_for_task(task.id).unwrap().iter().map(|d| d.name.as_str()).collect::<Vec<_>>(),
            vec!["quote.pdf", "plan.png"]
        );
        assert_eq!(repo.total_bytes_for_owner(ana).unwrap(), 1024, "{}", t.name);
        assert_eq!(repo.total_bytes_for_owner(bob).unwrap(), 0);
        assert!(repo.find_for_owner(UserId::new(bob), DocumentId::new(d1.id)).unwrap().is_none());
        assert_eq!(repo.find_for_owner(UserId::new(ana), DocumentId::new(d1.id)).unwrap().unwrap().storage_key, "k1");
        assert_eq!(repo.delete(d1.id).unwrap(), "k1");
        assert!(repo.find(d1.id).unwrap().is_none());
    }
}

#[test]
fn a_document_for_a_missing_task_is_not_created() {
    for t in backends() {
        let repo = DieselDocumentRepository::new(t.db.clone());
        let r = repo.create(&NewDocument {
            task_id: 999,
            name: "q.pdf".into(),
            content_type: "application/pdf".into(),
            size_bytes: 1,
            storage_key: "k".into(),
        });
        assert!(r.is_err(), "{}", t.name);
    }
}

#[test]
fn a_document_is_renamed_and_the_board_version_moves() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "P");
        let task = DieselTaskRepository::new(t.db.clone())
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
        let repo = DieselDocumentRepository::new(t.db.clone());
        let d = repo
            .create(&NewDocument {
                task_id: task.id,
                name: "quote.pdf".into(),
                content_type: "application/pdf".into(),
                size_bytes: 10,
                storage_key: "k-rename".into(),
            })
            .unwrap();
        let before = DieselProjectRepository::new(t.db.clone())
            .find_for_owner(UserId::new(ana), ProjectId::new(p.id))
            .unwrap()
            .unwrap()
            .version;
        let renamed = repo.rename(d.id, "Smith bid.pdf").unwrap();
        assert_eq!(renamed.name, "Smith bid.pdf", "{}", t.name);
        assert_eq!(renamed.storage_key, "k-rename");
        assert_eq!(repo.find(d.id).unwrap().unwrap().name, "Smith bid.pdf");
        let after = DieselProjectRepository::new(t.db.clone())
            .find_for_owner(UserId::new(ana), ProjectId::new(p.id))
            .unwrap()
            .unwrap()
            .version;
        assert!(after > before, "{}: the board's ETag changes", t.name);
        assert!(matches!(repo.rename(999_999, "x.pdf"), Err(RepoError::NotFound)), "{}", t.name);
    }
}
