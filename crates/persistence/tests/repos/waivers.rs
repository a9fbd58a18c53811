//! Lien waivers on every backend: written under the project's lock with a payment of the
//! project to the waiver's contractor and a document of the project, listed oldest first with
//! their names; every payment read carries its waiver status from the project's waivers and
//! threshold; a contractor with waivers stays; a deleted payment or document leaves the waiver.

use buildledger_application::error::RepoError;
use buildledger_application::ports::{
    ContractorRepository, DocumentRepository, LienWaiverRepository, NewDocument, OnTask, ProjectRepository, Rule,
    TaskPaymentRepository, TaskRepository,
};
use buildledger_domain::bid::{ContractorDetails, MSG_CONTRACTOR_HAS_WAIVERS};
use buildledger_domain::ids::{ContractorId, LienWaiverId, PaymentId, ProjectId, TypedId, UserId};
use buildledger_domain::ledger::{
    LienWaiver, LienWaiverDetails, PaymentDetails, PaymentMethod, PaymentWaiverStatus, WaiverKind, WaiverState,
    MSG_WAIVER_DOCUMENT_OF_ANOTHER_PROJECT, MSG_WAIVER_PAYMENT_OF_ANOTHER_CONTRACTOR,
};
use buildledger_domain::{DomainError, Money};
use buildledger_persistence::schema::projects;
use buildledger_persistence::{
    DieselContractorRepository, DieselDocumentRepository, DieselLienWaiverRepository, DieselProjectRepository,
    DieselTaskPaymentRepository, DieselTaskRepository,
};
use chrono::NaiveDate;
use diesel::prelude::*;

use crate::helpers::{backends, new_task, project, user};

fn day(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

fn paid(cents: i64, on: &str, contractor: Option<i64>) -> PaymentDetails {
    PaymentDetails {
        amount: Money::from_cents(cents).unwrap(),
        paid_on: day(on),
        payee: if contractor.is_some() { String::new() } else { "Ace Lumber".into() },
        contractor_id: contractor,
        method: PaymentMethod::Check,
        note: String::new(),
        receipt_id: None,
    }
}

fn waiver(contractor: i64, payment: Option<i64>, status: WaiverState, through: Option<&str>) -> LienWaiverDetails {
    LienWaiverDetails {
        contractor_id: contractor,
        payment_id: payment,
        kind: WaiverKind::ConditionalProgress,
        amount: Money::from_cents(200_000).unwrap(),
        through_date: through.map(day),
        status,
        received_on: (status == WaiverState::Received).then(|| day("2026-11-22")),
        document_id: None,
    }
}

/// A rule that writes `value` whatever it finds.
fn set(value: LienWaiverDetails) -> Rule<LienWaiver, LienWaiverDetails> {
    Box::new(move |_: &LienWaiver| Ok(value.clone()))
}

fn refusal(r: Result<LienWaiver, RepoError>) -> String {
    match r {
        Err(RepoError::Refused(e)) => e.fields().as_map().values().flatten().cloned().collect::<Vec<_>>().join(" "),
        other => panic!("not refused: {other:?}"),
    }
}

#[test]
fn waivers_are_written_with_the_projects_payment_and_document_and_listed_oldest_first() {
    for t in backends() {
        let (ana, bob) = (user(&t.db, "ana"), user(&t.db, "bob"));
        let (p, other) = (project(&t.db, ana, "House"), project(&t.db, ana, "Barn"));
        let tasks = DieselTaskRepository::new(t.db.clone());
        let (task, barn_task) =
            (tasks.create(&new_task(p.id, "Framing")).unwrap(), tasks.create(&new_task(other.id, "Roof")).unwrap());
        let roster = DieselContractorRepository::new(t.db.clone());
        let named = |owner, name: &str| {
            roster.create(owner, &ContractorDetails { name: name.into(), ..Default::default() }).unwrap().id
        };
        let (acme, zed, bobs) = (named(ana, "Acme Framing"), named(ana, "Zed Roofing"), named(bob, "Bob's"));
        let payments = DieselTaskPaymentRepository::new(t.db.clone());
        let pay = |task_id, project_id, d| payments.create(&OnTask { task_id, project_id, details: d }).unwrap();
        let to_acme = pay(task.id, p.id, paid(200_000, "2026-11-20", Some(acme)));
        let to_zed = pay(task.id, p.id, paid(200_000, "2026-11-20", Some(zed)));
        let barn_acme = pay(barn_task.id, other.id, paid(200_000, "2026-11-20", Some(acme)));
        let docs = DieselDocumentRepository::new(t.db.clone());
        let doc = |task_id| {
            let new = NewDocument {
                task_id,
                name: "waiver.pdf".into(),
                content_type: "application/pdf".into(),
                size_bytes: 10,
                storage_key: format!("k{task_id}"),
            };
            docs.create(&new).unwrap()
        };
        let (signed, barn_doc) = (doc(task.id), doc(barn_task.id));
        let repo = DieselLienWaiverRepository::new(t.db.clone());
        let version = || {
            DieselProjectRepository::new(t.db.clone())
                .find_for_owner(UserId::new(ana), ProjectId::new(p.id))
                .unwrap()
                .unwrap()
                .version
        };

        let before = version();
        let w1 = LienWaiverDetails {
            document_id: Some(signed.id),
            ..waiver(acme, Some(to_acme.id), WaiverState::Requested, None)
        };
        let w1 = repo.create(p.id, &w1).unwrap();
        assert_eq!((w1.contractor_name.as_str(), w1.document_name.as_deref()), ("Acme Framing", Some("waiver.pdf")));
        assert!(version() > before, "{}: a waiver write moves the project's version", t.name);
        let w2 = repo.create(p.id, &waiver(zed, None, WaiverState::Received, Some("2026-11-30"))).unwrap();
        let ids: Vec<i64> = repo.list_for_project(p.id).unwrap().iter().map(|w| w.id).collect();
        assert_eq!(ids, [w1.id, w2.id], "{}", t.name);
        assert_eq!(repo.find_for_owner(UserId::new(ana), LienWaiverId::new(w2.id)).unwrap().unwrap(), w2);
        assert!(repo.find_for_owner(UserId::new(bob), LienWaiverId::new(w2.id)).unwrap().is_none());

        // Checked under the lock: a payment to someone else or of another project, a document
        // of another project; another owner's contractor is not found.
        for payment in [to_zed.id, barn_acme.id] {
            let bad = waiver(acme, Some(payment), WaiverState::Requested, None);
            assert_eq!(refusal(repo.create(p.id, &bad)), MSG_WAIVER_PAYMENT_OF_ANOTHER_CONTRACTOR, "{}", t.name);
            assert_eq!(refusal(repo.update(w1.id, set(bad))), MSG_WAIVER_PAYMENT_OF_ANOTHER_CONTRACTOR);
        }
        let bad =
            LienWaiverDetails { document_id: Some(barn_doc.id), ..waiver(acme, None, WaiverState::Requested, None) };
        assert_eq!(refusal(repo.create(p.id, &bad)), MSG_WAIVER_DOCUMENT_OF_ANOTHER_PROJECT, "{}", t.name);
        let bad = waiver(bobs, None, WaiverState::Requested, None);
        assert!(matches!(repo.create(p.id, &bad), Err(RepoError::NotFound)), "{}", t.name);
        assert_eq!(repo.list_for_project(p.id).unwrap().len(), 2, "{}: nothing written", t.name);

        // A contractor with waivers stays; a deleted payment or document leaves the waiver.
        let refused = roster.delete(UserId::new(ana), ContractorId::new(zed));
        let Err(RepoError::Refused(e)) = refused else { panic!("{}: {refused:?}", t.name) };
        assert_eq!(e, DomainError::conflict("contractor", MSG_CONTRACTOR_HAS_WAIVERS), "{}", t.name);
        payments.delete(to_acme.id).unwrap();
        docs.delete(signed.id).unwrap();
        let w1 = repo.find_for_owner(UserId::new(ana), LienWaiverId::new(w1.id)).unwrap().unwrap();
        assert_eq!((w1.details.payment_id, w1.details.document_id, w1.document_name), (None, None, None));
        repo.delete(w2.id).unwrap();
        payments.delete(to_zed.id).unwrap();
        roster.delete(UserId::new(ana), ContractorId::new(zed)).unwrap();
        assert!(matches!(repo.delete(w2.id), Err(RepoError::NotFound)), "{}", t.name);
    }
}

#[test]
fn every_payment_read_carries_its_waiver_status() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let p = project(&t.db, ana, "House");
        let task = DieselTaskRepository::new(t.db.clone()).create(&new_task(p.id, "Framing")).unwrap();
        let roster = DieselContractorRepository::new(t.db.clone());
        let acme = roster.create(ana, &ContractorDetails { name: "Acme".into(), ..Default::default() }).unwrap().id;
        let payments = DieselTaskPaymentRepository::new(t.db.clone());
        let pay = |d| payments.create(&OnTask { task_id: task.id, project_id: p.id, details: d }).unwrap();
        let big = pay(paid(200_000, "2026-11-20", Some(acme)));
        let later = pay(paid(200_000, "2026-11-25", Some(acme)));
        let small = pay(paid(50_000, "2026-11-20", Some(acme)));
        let text = pay(paid(900_000, "2026-11-20", None));
        assert_eq!(big.waiver_status, PaymentWaiverStatus::Missing, "{}: as created", t.name);
        let statuses = || -> Vec<PaymentWaiverStatus> {
            let by_task: Vec<_> =
                payments.list_for_task(task.id).unwrap().iter().map(|p| (p.id, p.waiver_status)).collect();
            let by_project: Vec<_> =
                payments.list_for_project(p.id).unwrap().iter().map(|(p, _)| (p.id, p.waiver_status)).collect();
            assert_eq!(by_task, by_project);
            let found = payments.find_for_owner(UserId::new(ana), PaymentId::new(big.id)).unwrap().unwrap();
            assert_eq!(found.waiver_status, by_task.iter().find(|(id, _)| *id == big.id).unwrap().1);
            [big.id, later.id, small.id, text.id]
                .iter()
                .map(|id| by_task.iter().find(|(p, _)| p == id).unwrap().1)
                .collect()
        };
        use PaymentWaiverStatus::{Missing, NotNeeded, Received, Requested};
        assert_eq!(statuses(), [Missing, Missing, NotNeeded, NotNeeded], "{}", t.name);
        let repo = DieselLienWaiverRepository::new(t.db.clone());
        let w = repo.create(p.id, &waiver(acme, Some(big.id), WaiverState::Requested, None)).unwrap();
        assert_eq!(statuses(), [Requested, Missing, NotNeeded, NotNeeded], "{}", t.name);
        repo.update(w.id, set(waiver(acme, Some(big.id), WaiverState::Received, None))).unwrap();
        assert_eq!(statuses(), [Received, Missing, NotNeeded, NotNeeded], "{}", t.name);
        // Through the 24th covers up to the 24th only; through the 25th covers the later one.
        repo.create(p.id, &waiver(acme, None, WaiverState::Received, Some("2026-11-24"))).unwrap();
        assert_eq!(statuses(), [Received, Missing, NotNeeded, NotNeeded], "{}", t.name);
        repo.create(p.id, &waiver(acme, None, WaiverState::Received, Some("2026-11-25"))).unwrap();
        assert_eq!(statuses(), [Received, Received, NotNeeded, NotNeeded], "{}", t.name);
        // A threshold above the amounts: none needs a waiver.
        t.db.write(move |conn| {
            diesel::update(projects::table.find(p.id)).set(projects::waiver_threshold_cents.eq(200_000)).execute(conn)
        })
        .unwrap();
        assert_eq!(statuses(), [NotNeeded, NotNeeded, NotNeeded, NotNeeded], "{}", t.name);
    }
}
