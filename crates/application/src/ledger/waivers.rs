//! Lien waivers of a project (issue 34, docs/money.md): listed oldest first, written with a
//! contractor of the project owner's roster, a payment of the project to that contractor and a
//! document of the project, the payment and document checked again under the project's lock.

use buildledger_domain::ids::{DocumentId, LienWaiverId, PaymentId, ProjectId, TypedId, UserId};
use buildledger_domain::ledger::{LienWaiver, LienWaiverDetails, LienWaiverInput};
use buildledger_domain::member::Need;
use buildledger_domain::{DomainError, FieldErrors};

use super::{not_found, LedgerService};
use crate::access::Target;
use crate::error::UseCaseError;

pub const MSG_WAIVER_OTHER_PROJECT: &str = "A lien waiver cannot be moved to another project.";

/// The ids a waiver's body names (sent and not null), read apart from the rest so that another
/// user's project, contractor, payment or document is not found whatever else the body says.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WaiverRefs {
    pub project: Option<i64>,
    pub contractor: Option<i64>,
    pub payment: Option<i64>,
    pub document: Option<i64>,
}

/// What the quick checks read of the payment and document the body names, as the use case finds
/// them: the payment's project and contractor, the document's project. What the waiver keeps
/// is checked under the lock only.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Named {
    payment: Option<(i64, Option<i64>)>,
    document_project: Option<i64>,
}

impl Named {
    /// The domain checks on `details` for the project `project_id`, for what the body names.
    fn check(&self, project_id: i64, details: &LienWaiverDetails) -> Result<(), DomainError> {
        if let Some((payment_project, contractor)) = self.payment {
            details.check_payment((payment_project == project_id).then_some(contractor))?;
        }
        if let Some(document_project) = self.document_project {
            details.check_document(project_id, Some(document_project))?;
        }
        Ok(())
    }
}

impl LedgerService {
    pub fn waivers(&self, user_id: UserId, project_id: ProjectId) -> Result<Vec<LienWaiver>, UseCaseError> {
        let grant = self.authorize(user_id, Target::Project(project_id), Need::Read)?;
        self.waivers_for_owner(grant.owner_id, project_id)
    }

    /// The lien waivers of one of `owner_id`'s projects, oldest first, without the caller's
    /// check: for the use cases that act for the owner themself (the data export).
    pub(crate) fn waivers_for_owner(
        &self,
        owner_id: UserId,
        project_id: ProjectId,
    ) -> Result<Vec<LienWaiver>, UseCaseError> {
        let project = self.own_project(owner_id, project_id)?;
        Ok(self.ports.waivers.list_for_project(project.id)?)
    }

    pub fn waiver(&self, user_id: UserId, id: LienWaiverId) -> Result<LienWaiver, UseCaseError> {
        let grant = self.authorize(user_id, Target::LienWaiver(id), Need::Read)?;
        self.own_waiver(grant.owner_id, id)
    }

    fn own_waiver(&self, owner_id: UserId, id: LienWaiverId) -> Result<LienWaiver, UseCaseError> {
        self.ports.waivers.find_for_owner(owner_id, id)?.ok_or(UseCaseError::not_found("lien waiver"))
    }

    /// The owner's contractor, payment and document named in `refs` (404 for another user's
    /// or a missing one), as the checks read them.
    fn own_refs(&self, owner_id: UserId, refs: WaiverRefs) -> Result<Named, UseCaseError> {
        self.check_contractor(owner_id, refs.contractor)?;
        let payment = match refs.payment {
            Some(id) => Some(self.own_payment(owner_id, PaymentId::new(id))?),
            None => None,
        };
        let document = match refs.document {
            Some(id) => Some(
                self.ports
                    .documents
                    .find_for_owner(owner_id, DocumentId::new(id))?
                    .ok_or(UseCaseError::not_found("document"))?,
            ),
            None => None,
        };
        Ok(Named {
            payment: payment.map(|p| (p.project_id, p.details.contractor_id)),
            document_project: document.map(|d| d.project_id),
        })
    }

    /// A waiver of the project `refs.project`. `change`: the body's other fields as read,
    /// problems included; the project, then what `refs` names (in its owner's data), are
    /// checked first. Without a project, what `refs` names is looked up among the caller's own.
    pub fn create_waiver(
        &self,
        user_id: UserId,
        refs: WaiverRefs,
        change: Result<LienWaiverInput, DomainError>,
    ) -> Result<LienWaiver, UseCaseError> {
        let target = refs.project.map(|id| Target::Project(ProjectId::new(id)));
        let grant = self.authorize_named(user_id, target, Need::Write)?;
        let owner_id = grant.map_or(user_id, |g| g.owner_id);
        let project = grant.map(|g| self.own_project(g.owner_id, g.project_id)).transpose()?;
        let named = self.own_refs(owner_id, refs)?;
        let input = change?;
        let mut errors = FieldErrors::new();
        if project.is_none() {
            errors.add("project", buildledger_domain::messages::REQUIRED);
        }
        let details = super::merge(errors, LienWaiverDetails::parse(input, None, self.today()))?;
        let project_id = project.map_or(0, |p| p.id);
        named.check(project_id, &details)?;
        self.ports.waivers.create(project_id, &details).map_err(|e| not_found(e, "project"))
    }

    /// The waiver's fields from `change` over the stored ones, as found under the lock. A
    /// waiver the caller may not change is not found (or forbidden) whatever the body says, then
    /// what `refs` names.
    pub fn update_waiver(
        &self,
        user_id: UserId,
        id: LienWaiverId,
        refs: WaiverRefs,
        change: Result<LienWaiverInput, DomainError>,
    ) -> Result<LienWaiver, UseCaseError> {
        let owner_id = self.authorize(user_id, Target::LienWaiver(id), Need::Write)?.owner_id;
        let current = self.own_waiver(owner_id, id)?;
        let named = self.own_refs(owner_id, refs)?;
        let input = change?;
        if refs.project.is_some_and(|p| p != current.project_id) {
            return Err(FieldErrors::single("project", MSG_WAIVER_OTHER_PROJECT).into());
        }
        let today = self.today();
        let rule = move |w: &LienWaiver| LienWaiverDetails::parse(input.clone(), Some(&w.details), today);
        let details = rule(&current)?;
        named.check(current.project_id, &details)?;
        self.ports.waivers.update(id.get(), Box::new(rule)).map_err(|e| not_found(e, "lien waiver"))
    }

    pub fn delete_waiver(&self, user_id: UserId, id: LienWaiverId) -> Result<(), UseCaseError> {
        let grant = self.authorize(user_id, Target::LienWaiver(id), Need::Write)?;
        self.own_waiver(grant.owner_id, id)?;
        self.ports.waivers.delete(id.get()).map_err(|e| not_found(e, "lien waiver"))
    }
}

#[cfg(test)]
mod tests {
    use buildledger_domain::bid::{Contractor, ContractorDetails};
    use buildledger_domain::ledger::{
        Payment, PaymentDetails, PaymentMethod, PaymentWaiverStatus, WaiverKind, WaiverState,
        MSG_REQUESTED_WAIVER_RECEIVED_ON, MSG_WAIVER_DOCUMENT_OF_ANOTHER_PROJECT,
        MSG_WAIVER_PAYMENT_OF_ANOTHER_CONTRACTOR,
    };
    use buildledger_domain::Money;
    use mockall::predicate::eq;

    use super::super::fixtures::{day, document, owned_by_3, project, Mocks, OWNER, PARTNER, STRANGER, VIEWER};
    use super::*;
    use crate::error::RepoError;

    fn contractor(id: i64) -> Contractor {
        Contractor { id, owner_id: 3, details: ContractorDetails::default() }
    }

    fn payment(id: i64, project_id: i64, contractor: Option<i64>) -> Payment {
        Payment {
            id,
            task_id: 10,
            project_id,
            details: PaymentDetails {
                amount: Money::from_cents(200_000).unwrap(),
                paid_on: day("2026-11-20"),
                payee: String::new(),
                contractor_id: contractor,
                method: PaymentMethod::Check,
                note: String::new(),
                receipt_id: None,
            },
            contractor_name: None,
            waiver_status: PaymentWaiverStatus::Missing,
        }
    }

    fn waiver(id: i64, details: LienWaiverDetails) -> LienWaiver {
        LienWaiver { id, project_id: 1, details, contractor_name: "Acme".into(), document_name: None }
    }

    fn input() -> LienWaiverInput {
        LienWaiverInput {
            contractor: Some(7),
            kind: Some(WaiverKind::ConditionalProgress),
            amount: Money::from_cents(200_000),
            ..Default::default()
        }
    }

    fn refs() -> WaiverRefs {
        WaiverRefs { project: Some(1), contractor: Some(7), ..Default::default() }
    }

    /// User 3's project 1, contractor 7, payment 12 (to 7, of project 1), documents 5 (of project
    /// 1) and 6 (of project 2); nothing else is theirs.
    fn owned() -> Mocks {
        let mut m = Mocks::new();
        m.projects.expect_find_for_owner().returning(|_, p| Ok((p.get() == 1).then(project)));
        m.contractors.expect_find_for_owner().returning(|_, c| Ok((c.get() == 7).then(|| contractor(7))));
        m.payments.expect_find_for_owner().returning(|_, p| {
            Ok(match p.get() {
                12 => Some(payment(12, 1, Some(7))),
                13 => Some(payment(13, 1, Some(8))),
                14 => Some(payment(14, 2, Some(7))),
                _ => None,
            })
        });
        m.documents.expect_find_for_owner().returning(|_, d| {
            Ok(match d.get() {
                5 => Some(document(5, 10)),
                6 => Some(buildledger_domain::document::Document { project_id: 2, ..document(6, 20) }),
                _ => None,
            })
        });
        m
    }

    fn created(project_id: i64, d: &LienWaiverDetails) -> Result<LienWaiver, RepoError> {
        Ok(LienWaiver { project_id, ..waiver(1, d.clone()) })
    }

    #[test]
    fn a_waiver_is_written_on_the_callers_project_with_their_contractor_payment_and_document() {
        let mut m = owned();
        m.waivers
            .expect_create()
            .withf(|p, d| *p == 1 && d.payment_id == Some(12) && d.document_id == Some(5))
            .times(1)
            .returning(created);
        let refs = WaiverRefs { payment: Some(12), document: Some(5), ..refs() };
        let change = LienWaiverInput { payment: Some(Some(12)), document: Some(Some(5)), ..input() };
        let w = m.service().create_waiver(UserId::new(3), refs, Ok(change)).unwrap();
        assert_eq!((w.details.status, w.details.received_on), (WaiverState::Requested, None));
    }

    #[test]
    fn another_users_project_contractor_payment_or_document_is_not_found_before_any_400() {
        let svc = owned().service();
        let bad_body: Result<LienWaiverInput, DomainError> = Err(FieldErrors::single("kind", "bad"));
        for (refs, entity) in [
            (WaiverRefs { project: Some(2), ..refs() }, "project"),
            (WaiverRefs { contractor: Some(8), ..refs() }, "contractor"),
            (WaiverRefs { payment: Some(99), ..refs() }, "payment"),
            (WaiverRefs { document: Some(99), ..refs() }, "document"),
        ] {
            let err = svc.create_waiver(UserId::new(3), refs, bad_body.clone()).unwrap_err();
            assert!(matches!(err, UseCaseError::NotFound { entity: e } if e == entity), "{entity}: {err:?}");
        }
    }

    #[test]
    fn a_payment_to_someone_else_or_of_another_project_and_a_document_of_another_project_are_refused() {
        let mut m = owned();
        m.waivers.expect_create().never();
        let svc = m.service();
        for payment in [13, 14] {
            let refs = WaiverRefs { payment: Some(payment), ..refs() };
            let change = LienWaiverInput { payment: Some(Some(payment)), ..input() };
            let UseCaseError::Invalid(e) = svc.create_waiver(UserId::new(3), refs, Ok(change)).unwrap_err() else {
                panic!()
            };
            assert_eq!(e.fields().as_map()["payment"], [MSG_WAIVER_PAYMENT_OF_ANOTHER_CONTRACTOR]);
        }
        let refs = WaiverRefs { document: Some(6), ..refs() };
        let change = LienWaiverInput { document: Some(Some(6)), ..input() };
        let UseCaseError::Invalid(e) = svc.create_waiver(UserId::new(3), refs, Ok(change)).unwrap_err() else {
            panic!()
        };
        assert_eq!(e.fields().as_map()["document"], [MSG_WAIVER_DOCUMENT_OF_ANOTHER_PROJECT]);
    }

    #[test]
    fn a_missing_project_and_fields_are_reported_together() {
        let mut m = Mocks::new();
        m.waivers.expect_create().never();
        let err = m.service().create_waiver(UserId::new(3), WaiverRefs::default(), Ok(Default::default())).unwrap_err();
        let UseCaseError::Invalid(e) = err else { panic!("{err:?}") };
        for field in ["project", "contractor", "kind", "amount"] {
            assert_eq!(e.fields().as_map()[field], ["This field is required."], "{field}");
        }
    }

    #[test]
    fn an_update_applies_to_the_waiver_as_the_write_finds_it() {
        let mut m = owned();
        let stored = LienWaiverDetails::parse(input(), None, day("2026-11-01")).unwrap();
        let read = stored.clone();
        m.waivers
            .expect_find_for_owner()
            .with(eq(UserId::new(3)), eq(LienWaiverId::new(1)))
            .returning(move |_, _| Ok(Some(waiver(1, read.clone()))));
        m.waivers.expect_find_for_owner().returning(|_, _| Ok(None));
        // Under the lock the waiver is found received already, on the 2nd: the date stays.
        let found = LienWaiverDetails { status: WaiverState::Received, received_on: Some(day("2026-11-02")), ..stored };
        m.waivers
            .expect_update()
            .times(2)
            .returning(move |id, rule| Ok(waiver(id, rule(&waiver(id, found.clone())).map_err(RepoError::Refused)?)));
        let svc = m.service();
        let received = LienWaiverInput { status: Some(WaiverState::Received), ..Default::default() };
        let w = svc.update_waiver(UserId::new(3), LienWaiverId::new(1), WaiverRefs::default(), Ok(received)).unwrap();
        assert_eq!(w.details.received_on, Some(day("2026-11-02")));
        // Another user's waiver: not found, whatever the body.
        let err = svc
            .update_waiver(
                UserId::new(3),
                LienWaiverId::new(2),
                WaiverRefs::default(),
                Err(FieldErrors::single("x", "y")),
            )
            .unwrap_err();
        assert!(matches!(err, UseCaseError::NotFound { entity: "lien waiver" }));
        // A requested waiver with a received date is refused before the write.
        let dated = LienWaiverInput { received_on: Some(Some(day("2026-11-03"))), ..Default::default() };
        let UseCaseError::Invalid(e) =
            svc.update_waiver(UserId::new(3), LienWaiverId::new(1), WaiverRefs::default(), Ok(dated)).unwrap_err()
        else {
            panic!()
        };
        assert_eq!(e.fields().as_map()["received_on"], [MSG_REQUESTED_WAIVER_RECEIVED_ON]);
        let moved = WaiverRefs { project: Some(1), ..Default::default() };
        assert!(svc.update_waiver(UserId::new(3), LienWaiverId::new(1), moved, Ok(Default::default())).is_ok());
    }

    #[test]
    fn a_waiver_moved_to_another_project_is_refused_and_a_delete_needs_the_callers_waiver() {
        let mut m = owned();
        let stored = LienWaiverDetails::parse(input(), None, day("2026-11-01")).unwrap();
        m.waivers
            .expect_find_for_owner()
            .returning(move |_, id| Ok((id.get() == 1).then(|| waiver(1, stored.clone()))));
        m.waivers.expect_update().never();
        m.waivers.expect_delete().with(eq(1)).times(1).returning(|_| Ok(()));
        let svc = m.service();
        let other = WaiverRefs { project: Some(2), ..Default::default() };
        let UseCaseError::Invalid(e) =
            svc.update_waiver(UserId::new(3), LienWaiverId::new(1), other, Ok(Default::default())).unwrap_err()
        else {
            panic!()
        };
        assert_eq!(e.fields().as_map()["project"], [MSG_WAIVER_OTHER_PROJECT]);
        svc.delete_waiver(UserId::new(3), LienWaiverId::new(1)).unwrap();
        assert!(matches!(
            svc.delete_waiver(UserId::new(3), LienWaiverId::new(2)),
            Err(UseCaseError::NotFound { entity: "lien waiver" })
        ));
    }

    #[test]
    fn the_list_is_the_callers_projects() {
        let mut m = owned();
        m.waivers.expect_list_for_project().with(eq(1)).returning(|_| Ok(vec![]));
        let svc = m.service();
        assert!(svc.waivers(UserId::new(3), ProjectId::new(1)).unwrap().is_empty());
        assert!(matches!(
            svc.waivers(UserId::new(3), ProjectId::new(2)),
            Err(UseCaseError::NotFound { entity: "project" })
        ));
    }

    #[test]
    fn a_viewer_records_no_waiver_and_a_stranger_finds_none() {
        let mut m = owned();
        m.access = owned_by_3();
        m.waivers.expect_find_for_owner().never();
        m.waivers.expect_create().never();
        m.waivers.expect_update().never();
        m.waivers.expect_delete().never();
        let svc = m.service();
        let bad: Result<LienWaiverInput, DomainError> = Err(FieldErrors::single("kind", "bad"));
        let viewer = UserId::new(VIEWER);
        assert!(matches!(svc.create_waiver(viewer, refs(), bad.clone()), Err(UseCaseError::Forbidden)));
        let received = LienWaiverInput { status: Some(WaiverState::Received), ..Default::default() };
        assert!(matches!(
            svc.update_waiver(viewer, LienWaiverId::new(1), WaiverRefs::default(), Ok(received)),
            Err(UseCaseError::Forbidden)
        ));
        assert!(matches!(svc.delete_waiver(viewer, LienWaiverId::new(1)), Err(UseCaseError::Forbidden)));
        let stranger = UserId::new(STRANGER);
        assert!(matches!(svc.create_waiver(stranger, refs(), bad), Err(UseCaseError::NotFound { entity: "project" })));
        assert!(matches!(svc.waivers(stranger, ProjectId::new(1)), Err(UseCaseError::NotFound { entity: "project" })));
    }

    #[test]
    fn a_partners_waiver_names_the_owners_contractor_and_payment() {
        let mut m = Mocks::new();
        m.access = owned_by_3();
        let owner = UserId::new(OWNER);
        m.projects.expect_find_for_owner().with(eq(owner), eq(ProjectId::new(1))).returning(|_, _| Ok(Some(project())));
        m.contractors
            .expect_find_for_owner()
            .with(eq(owner), eq(buildledger_domain::ids::ContractorId::new(7)))
            .times(1)
            .returning(|_, _| Ok(Some(contractor(7))));
        m.payments
            .expect_find_for_owner()
            .with(eq(owner), eq(PaymentId::new(12)))
            .times(1)
            .returning(|_, _| Ok(Some(payment(12, 1, Some(7)))));
        m.waivers.expect_create().withf(|p, d| *p == 1 && d.payment_id == Some(12)).times(1).returning(created);
        let refs = WaiverRefs { payment: Some(12), ..refs() };
        let change = LienWaiverInput { payment: Some(Some(12)), ..input() };
        let w = m.service().create_waiver(UserId::new(PARTNER), refs, Ok(change)).unwrap();
        assert_eq!(w.details.payment_id, Some(12));
    }

    #[test]
    fn the_export_reads_the_owners_waivers_without_a_caller_check() {
        let mut m = owned();
        m.access = crate::access::testing::with_access(|_, _| None);
        let stored = LienWaiverDetails::parse(input(), None, day("2026-11-01")).unwrap();
        m.waivers
            .expect_list_for_project()
            .with(eq(1))
            .times(1)
            .returning(move |_| Ok(vec![waiver(4, stored.clone())]));
        let svc = m.service();
        let all = svc.waivers_for_owner(UserId::new(OWNER), ProjectId::new(1)).unwrap();
        assert_eq!(all.iter().map(|w| (w.id, w.details.amount.cents())).collect::<Vec<_>>(), [(4, 200_000)]);
        assert!(matches!(
            svc.waivers_for_owner(UserId::new(OWNER), ProjectId::new(2)),
            Err(UseCaseError::NotFound { entity: "project" })
        ));
    }
}
