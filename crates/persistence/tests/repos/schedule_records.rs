//! The schedule's records (issue 33): delays and inspections on both backends. Each write bumps
//! the project's version; an update applies its rule to the record as the write finds it; a
//! record of another owner is not found.

use buildledger_application::error::RepoError;
use buildledger_application::ports::{
    DocumentRepository, NewDocument, OnTask, ProjectRepository, Rule, TaskRepository,
};
use buildledger_application::schedule::ports::{DelayRepository, InspectionRepository};
use buildledger_domain::ids::{DelayId, InspectionId, ProjectId, TypedId, UserId};
use buildledger_domain::schedule::{DelayDetails, DelayReason, InspectionDetails, InspectionResult};
use buildledger_domain::FieldErrors;
use buildledger_persistence::{
    DieselDelayRepository, DieselDocumentRepository, DieselInspectionRepository, DieselProjectRepository,
    DieselTaskRepository,
};
use chrono::NaiveDate;

use crate::helpers::{backends, new_task, project, task_ref, user};

fn day(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

fn delay(days: i32, reason: DelayReason, on: &str) -> DelayDetails {
    DelayDetails { days, reason, note: "rain".into(), recorded_on: day(on) }
}

fn inspection(on: &str, document: Option<i64>) -> InspectionDetails {
    InspectionDetails {
        kind: "Framing".into(),
        scheduled_on: day(on),
        inspector: "City".into(),
        result: InspectionResult::Pending,
        notes: String::new(),
        document_id: document,
    }
}

fn set<S, T: Clone + Send + 'static>(value: T) -> Rule<S, T> {
    Box::new(move |_| Ok(value.clone()))
}

#[test]
fn delays_are_listed_by_date_bump_the_version_and_stay_their_owners() {
    for t in backends() {
        let (ana, bo) = (user(&t.db, "ana"), user(&t.db, "bo"));
        let p = project(&t.db, ana, "Lake house");
        let tasks = DieselTaskRepository::new(t.db.clone());
        let framing = tasks.create(&new_task(p.id, "Framing")).unwrap();
        let projects = DieselProjectRepository::new(t.db.clone());
        let version = || projects.find_for_owner(UserId::new(ana), ProjectId::new(p.id)).unwrap().unwrap().version;
        let delays = DieselDelayRepository::new(t.db.clone());
        let on = |details| OnTask { task_id: framing.id, project_id: p.id, details };

        let v0 = version();
        let late = delays.create(&on(delay(3, DelayReason::Weather, "2026-11-10"))).unwrap();
        assert!(version() > v0, "{}: a create bumps the version", t.name);
        let early = delays.create(&on(delay(2, DelayReason::Labor, "2026-11-02"))).unwrap();
        assert_eq!((late.project_id, late.task_id, late.details.days), (p.id, framing.id, 3), "{}", t.name);
        let listed: Vec<i64> = delays.list_for_project(p.id).unwrap().iter().map(|d| d.id).collect();
        assert_eq!(listed, [early.id, late.id], "{}: by date recorded", t.name);

        assert_eq!(delays.find_for_owner(UserId::new(ana), DelayId::new(late.id)).unwrap(), Some(late.clone()));
        assert_eq!(delays.find_for_owner(UserId::new(bo), DelayId::new(late.id)).unwrap(), None, "{}", t.name);

        let v1 = version();
        let changed = delays.update(late.id, set(delay(5, DelayReason::Materials, "2026-11-11"))).unwrap();
        assert_eq!((changed.details.days, changed.details.reason), (5, DelayReason::Materials), "{}", t.name);
        assert!(version() > v1, "{}: an update bumps the version", t.name);
        let refuse: Rule<_, DelayDetails> = Box::new(|_| Err(FieldErrors::single("days", "no")));
        assert!(matches!(delays.update(late.id, refuse), Err(RepoError::Refused(_))), "{}", t.name);
        assert_eq!(delays.find_for_owner(UserId::new(ana), DelayId::new(late.id)).unwrap().unwrap(), changed);

        let v2 = version();
        delays.delete(early.id).unwrap();
        assert!(version() > v2, "{}: a delete bumps the version", t.name);
        assert!(matches!(delays.delete(early.id), Err(RepoError::NotFound)), "{}", t.name);
        assert!(matches!(
            delays.update(early.id, set(delay(1, DelayReason::Other, "2026-11-01"))),
            Err(RepoError::NotFound)
        ));

        // A task deleted takes its delays along; a delay on a task gone is not found.
        tasks.delete(&task_ref(p.id, framing.id)).unwrap();
        assert!(delays.list_for_project(p.id).unwrap().is_empty(), "{}", t.name);
        assert!(matches!(delays.create(&on(delay(1, DelayReason::Other, "2026-11-01"))), Err(RepoError::NotFound)));
    }
}

#[test]
fn inspections_are_listed_by_date_keep_their_document_and_bump_the_version() {
    for t in backends() {
        let (ana, bo) = (user(&t.db, "ana"), user(&t.db, "bo"));
        let p = project(&t.db, ana, "Lake house");
        let tasks = DieselTaskRepository::new(t.db.clone());
        let framing = tasks.create(&new_task(p.id, "Framing")).unwrap();
        let projects = DieselProjectRepository::new(t.db.clone());
        let version = || projects.find_for_owner(UserId::new(ana), ProjectId::new(p.id)).unwrap().unwrap().version;
        let documents = DieselDocumentRepository::new(t.db.clone());
        let card = documents
            .create(&NewDocument {
                task_id: framing.id,
                name: "card.pdf".into(),
                content_type: "application/pdf".into(),
                size_bytes: 10,
                storage_key: "k1".into(),
            })
            .unwrap();
        let inspections = DieselInspectionRepository::new(t.db.clone());
        let on = |details| OnTask { task_id: framing.id, project_id: p.id, details };

        let v0 = version();
        let second = inspections.create(&on(inspection("2026-12-02", Some(card.id)))).unwrap();
        assert!(version() > v0, "{}: a create bumps the version", t.name);
        let first = inspections.create(&on(inspection("2026-12-01", None))).unwrap();
        assert_eq!((second.details.document_id, second.details.inspector.as_str()), (Some(card.id), "City"));
        let listed: Vec<i64> = inspections.list_for_project(p.id).unwrap().iter().map(|i| i.id).collect();
        assert_eq!(listed, [first.id, second.id], "{}: by date scheduled", t.name);
        assert_eq!(inspections.find_for_owner(UserId::new(bo), InspectionId::new(first.id)).unwrap(), None);

        let v1 = version();
        let passed = InspectionDetails { result: InspectionResult::Passed, ..inspection("2026-12-01", Some(card.id)) };
        let changed = inspections.update(first.id, set(passed.clone())).unwrap();
        assert_eq!(changed.details, passed, "{}", t.name);
        assert!(version() > v1, "{}: an update bumps the version", t.name);
        let cleared = inspections.update(first.id, set(inspection("2026-12-01", None))).unwrap();
        assert_eq!(cleared.details.document_id, None, "{}: null clears the document", t.name);

        // The document deleted: the inspection stays, without it.
        documents.delete(card.id).unwrap();
        let kept = inspections.find_for_owner(UserId::new(ana), InspectionId::new(second.id)).unwrap().unwrap();
        assert_eq!(kept.details.document_id, None, "{}", t.name);

        let v2 = version();
        inspections.delete(first.id).unwrap();
        assert!(version() > v2, "{}: a delete bumps the version", t.name);
        assert!(matches!(inspections.delete(first.id), Err(RepoError::NotFound)), "{}", t.name);
        assert_eq!(inspections.list_for_project(p.id).unwrap().len(), 1, "{}", t.name);
    }
}
