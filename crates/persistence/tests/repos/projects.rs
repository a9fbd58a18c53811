use buildledger_application::error::RepoError;
use buildledger_application::ports::{DocumentRepository, NewDocument, ProjectRepository, TaskRepository};
use buildledger_domain::ids::{ProjectId, TaskId, TypedId, UserId};
use buildledger_domain::money::Money;
use buildledger_domain::project::ProjectDetails;
use buildledger_persistence::{DieselDocumentRepository, DieselProjectRepository, DieselTaskRepository};

use crate::helpers::{backends, details, new_task, project, user};

#[test]
fn projects_round_trip_every_field() {
    for t in backends() {
        let owner = user(&t.db, "ana");
        let repo = DieselProjectRepository::new(t.db.clone());
        let created = repo.create(owner, &details("Kitchen redo")).unwrap();
        assert_eq!(created.details, details("Kitchen redo"), "{}", t.name);
        assert_eq!(created.version, 1);
        let found = repo.find_for_owner(UserId::new(owner), ProjectId::new(created.id)).unwrap().unwrap();
        assert_eq!(found.details.budget, Money::from_cents(45_000_050).unwrap());
        assert_eq!(found.details.renovation_options, vec!["Kitchen".to_string(), "Deck".to_string()]);
        assert!(found.details.use_calibration, "on by default");
        // The calibration setting is the project's (issue 29), kept like any other field; the
        // board read (a hand-written join) carries it too.
        let off = ProjectDetails { use_calibration: false, ..details("Kitchen redo") };
        let updated = repo.update(UserId::new(owner), ProjectId::new(created.id), &off).unwrap();
        assert!(!updated.details.use_calibration, "{}", t.name);
        assert!(
            !repo
                .find_for_owner(UserId::new(owner), ProjectId::new(created.id))
                .unwrap()
                .unwrap()
                .details
                .use_calibration
        );
        let task = DieselTaskRepository::new(t.db.clone()).create(&new_task(created.id, "Framing")).unwrap();
        let (_, project) = DieselTaskRepository::new(t.db.clone())
            .find_for_owner(UserId::new(owner), TaskId::new(task.id))
            .unwrap()
            .unwrap();
        assert!(!project.details.use_calibration, "{}", t.name);
    }
}

#[test]
fn the_property_and_the_loan_round_trip() {
    for t in backends() {
        let owner = user(&t.db, "ana");
        let repo = DieselProjectRepository::new(t.db.clone());
        let created = repo.create(owner, &details("Elm St")).unwrap();
        // Defaults: no address, no lender, no retainage, waivers above $500.00.
        let d = &created.details;
        assert_eq!((d.address.as_str(), d.lender_name.as_str(), d.loan_number.as_str()), ("", "", ""), "{}", t.name);
        assert_eq!((d.retainage_basis_points, d.waiver_threshold.cents()), (0, 50_000), "{}", t.name);
        let set = ProjectDetails {
            address: "12 Elm St, Austin, TX 78701".into(),
            lender_name: "First Community Bank".into(),
            loan_number: "CL-2026-0042".into(),
            retainage_basis_points: 2000,
            waiver_threshold: Money::ZERO,
            ..details("Elm St")
        };
        let updated = repo.update(UserId::new(owner), ProjectId::new(created.id), &set).unwrap();
        assert_eq!(updated.details, set, "{}", t.name);
        let found = repo.find_for_owner(UserId::new(owner), ProjectId::new(created.id)).unwrap().unwrap();
        assert_eq!(found.details, set, "{}", t.name);
        assert_eq!(repo.list_for_owner(owner).unwrap()[0].details, set, "{}", t.name);
        // The task read (a hand-written join) carries them too.
        let tasks = DieselTaskRepository::new(t.db.clone());
        let task = tasks.create(&new_task(created.id, "Framing")).unwrap();
        let (_, project) = tasks.find_for_owner(UserId::new(owner), TaskId::new(task.id)).unwrap().unwrap();
        assert_eq!(project.details, set, "{}", t.name);
    }
}

#[test]
fn projects_are_scoped_to_their_owner() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let bob = user(&t.db, "bob");
        let p = project(&t.db, ana, "Ana's");
        let repo = DieselProjectRepository::new(t.db.clone());
        assert_eq!(repo.list_for_owner(ana).unwrap().len(), 1);
        assert!(repo.list_for_owner(bob).unwrap().is_empty());
        assert!(repo.find_for_owner(UserId::new(bob), ProjectId::new(p.id)).unwrap().is_none(), "{}", t.name);
        assert!(matches!(repo.update(UserId::new(bob), ProjectId::new(p.id), &details("x")), Err(RepoError::NotFound)));
        assert!(matches!(repo.delete(UserId::new(bob), ProjectId::new(p.id)), Err(RepoError::NotFound)));
        assert!(repo.find_for_owner(UserId::new(ana), ProjectId::new(p.id)).unwrap().is_some());
    }
}

#[test]
fn updating_a_project_bumps_its_version() {
    for t in backends() {
        let owner = user(&t.db, "ana");
        let p = project(&t.db, owner, "Old");
        let repo = DieselProjectRepository::new(t.db.clone());
        let mut d = details("New");
        d.budget = Money::from_cents(1).unwrap();
        let u = repo.update(UserId::new(owner), ProjectId::new(p.id), &d).unwrap();
        assert_eq!(u.details.name, "New");
        assert_eq!(u.details.budget.cents(), 1);
        assert_eq!(u.version, p.version + 1, "{}", t.name);
    }
}

#[test]
fn deleting_a_project_deletes_its_tasks_and_documents() {
    for t in backends() {
        let owner = user(&t.db, "ana");
        let p = project(&t.db, owner, "Gone");
        let tasks = DieselTaskRepository::new(t.db.clone());
        let task = tasks.create(&new_task(p.id, "Framing")).unwrap();
        let docs = DieselDocumentRepository::new(t.db.clone());
        docs.create(&NewDocument {
            task_id: task.id,
            name: "q.pdf".into(),
            content_type: "application/pdf".into(),
            size_bytes: 3,
            storage_key: "p/t/1".into(),
        })
        .unwrap();
        let keys = DieselProjectRepository::new(t.db.clone()).delete(UserId::new(owner), ProjectId::new(p.id)).unwrap();
        assert_eq!(keys, vec!["p/t/1".to_string()], "{}", t.name);
        assert!(tasks.find_for_owner(UserId::new(owner), TaskId::new(task.id)).unwrap().is_none());
        assert!(tasks.list_for_project(p.id).unwrap().is_empty());
        assert_eq!(docs.total_bytes_for_owner(owner).unwrap(), 0);
    }
}
