//! The authorization rule's lookups (`DieselProjectAccess`) on every backend: every kind of
//! target finds its project, its owner and the caller's role there; an open invitation gives no
//! role, a stranger none either, a missing record no project at all.

use buildledger_application::access::{Located, ProjectAccess, Target};
use buildledger_application::ports::TaskRepository;
use buildledger_domain::ids::{
    BidId, ChangeOrderId, DelayId, DependencyId, DocumentId, DrawId, InspectionId, LienWaiverId, PaymentId, ProjectId,
    ShareId, TaskId, TypedId, UserId,
};
use buildledger_domain::member::Role;
use buildledger_persistence::schema::{
    bids, change_orders, contractors, documents, draws, inspections, lien_waivers, project_members, project_shares,
    task_delays, task_dependencies, task_payments,
};
use buildledger_persistence::{Db, DieselProjectAccess, DieselTaskRepository};
use chrono::{Duration, NaiveDateTime, Utc};
use diesel::prelude::*;

use crate::helpers::{backends, new_task, project, user};

fn now() -> NaiveDateTime {
    Utc::now().naive_utc()
}

/// Inserts one row of `$table` with the given values; returns its id.
macro_rules! insert {
    ($db:expr, $table:ident, ($($value:expr),* $(,)?)) => {
        $db.write(move |conn| {
            diesel::insert_into($table::table)
                .values(($($value,)*))
                .returning($table::id)
                .get_result::<i64>(conn)
        })
        .unwrap()
    };
}

/// One record of every kind in project `p` (task `task`, `next` after it) of `owner`: every
/// target of the rule, in `Target` order after the project.
fn records(db: &Db, owner: i64, p: i64, task: i64, next: i64) -> Vec<Target> {
    let at = now();
    let contractor = insert!(
        db,
        contractors,
        (
            contractors::owner_id.eq(owner),
            contractors::name.eq("Acme"),
            contractors::trade.eq(""),
            contractors::phone.eq(""),
            contractors::email.eq(""),
            contractors::license_number.eq(""),
            contractors::notes.eq(""),
            contractors::created_at.eq(at),
            contractors::updated_at.eq(at),
        )
    );
    let bid = insert!(
        db,
        bids,
        (
            bids::task_id.eq(task),
            bids::project_id.eq(p),
            bids::contractor_id.eq(contractor),
            bids::amount_cents.eq(10_000),
            bids::notes.eq(""),
            bids::status.eq("pending"),
            bids::created_at.eq(at),
            bids::updated_at.eq(at),
        )
    );
    let payment = insert!(
        db,
        task_payments,
        (
            task_payments::task_id.eq(task),
            task_payments::project_id.eq(p),
            task_payments::amount_cents.eq(5_000),
            task_payments::paid_on.eq("2026-11-20"),
            task_payments::payee.eq("Acme"),
            task_payments::method.eq("check"),
            task_payments::note.eq(""),
            task_payments::created_at.eq(at),
            task_payments::updated_at.eq(at),
        )
    );
    let change_order = insert!(
        db,
        change_orders,
        (
            change_orders::task_id.eq(task),
            change_orders::project_id.eq(p),
            change_orders::description.eq("Extra beam"),
            change_orders::amount_cents.eq(2_500),
            change_orders::status.eq("proposed"),
            change_orders::change_date.eq("2026-11-21"),
            change_orders::created_at.eq(at),
            change_orders::updated_at.eq(at),
        )
    );
    let draw = insert!(
        db,
        draws,
        (
            draws::project_id.eq(p),
            draws::number.eq(1),
            draws::requested_on.eq("2026-11-22"),
            draws::status.eq("draft"),
            draws::total_cents.eq(0),
            draws::note.eq(""),
            draws::created_at.eq(at),
            draws::updated_at.eq(at),
            draws::is_final.eq(false),
            draws::inspector.eq(""),
            draws::inspection_note.eq(""),
        )
    );
    let waiver = insert!(
        db,
        lien_waivers,
        (
            lien_waivers::project_id.eq(p),
            lien_waivers::contractor_id.eq(contractor),
            lien_waivers::kind.eq("conditional_progress"),
            lien_waivers::amount_cents.eq(5_000),
            lien_waivers::status.eq("requested"),
            lien_waivers::created_at.eq(at),
            lien_waivers::updated_at.eq(at),
        )
    );
    let document = insert!(
        db,
        documents,
        (
            documents::task_id.eq(task),
            documents::project_id.eq(p),
            documents::owner_id.eq(owner),
            documents::name.eq("quote.pdf"),
            documents::content_type.eq("application/pdf"),
            documents::size_bytes.eq(8),
            documents::storage_key.eq(format!("access-test/{p}/quote.pdf")),
            documents::uploaded_at.eq(at),
        )
    );
    let share = insert!(
        db,
        project_shares,
        (
            project_shares::project_id.eq(p),
            project_shares::owner_id.eq(owner),
            project_shares::label.eq("Bank"),
            project_shares::token_hash.eq(format!("share-{p}")),
            project_shares::include_documents.eq(false),
            project_shares::created_at.eq(at),
            project_shares::include_bids.eq(false),
            project_shares::include_payments.eq(false),
            project_shares::include_draws.eq(false),
        )
    );
    let dependency = insert!(
        db,
        task_dependencies,
        (
            task_dependencies::project_id.eq(p),
            task_dependencies::predecessor_id.eq(task),
            task_dependencies::successor_id.eq(next),
            task_dependencies::link_type.eq("FS"),
            task_dependencies::lag_days.eq(0),
            task_dependencies::created_at.eq(at),
        )
    );
    let delay = insert!(
        db,
        task_delays,
        (
            task_delays::project_id.eq(p),
            task_delays::task_id.eq(task),
            task_delays::days.eq(2),
            task_delays::reason.eq("weather"),
            task_delays::note.eq(""),
            task_delays::recorded_on.eq("2026-11-23"),
            task_delays::created_at.eq(at),
            task_delays::updated_at.eq(at),
        )
    );
    let inspection = insert!(
        db,
        inspections,
        (
            inspections::project_id.eq(p),
            inspections::task_id.eq(task),
            inspections::kind.eq("Framing"),
            inspections::scheduled_on.eq("2026-12-01"),
            inspections::inspector.eq(""),
            inspections::result.eq("pending"),
            inspections::notes.eq(""),
            inspections::created_at.eq(at),
            inspections::updated_at.eq(at),
        )
    );
    vec![
        Target::Project(ProjectId::new(p)),
        Target::Task(TaskId::new(task)),
        Target::Bid(BidId::new(bid)),
        Target::Payment(PaymentId::new(payment)),
        Target::ChangeOrder(ChangeOrderId::new(change_order)),
        Target::Draw(DrawId::new(draw)),
        Target::LienWaiver(LienWaiverId::new(waiver)),
        Target::Document(DocumentId::new(document)),
        Target::Share(ShareId::new(share)),
        Target::Dependency(DependencyId::new(dependency)),
        Target::Delay(DelayId::new(delay)),
        Target::Inspection(InspectionId::new(inspection)),
    ]
}

/// Every kind of target, with an id no row has.
fn missing() -> Vec<Target> {
    const NONE: i64 = 9_999_999;
    vec![
        Target::Project(ProjectId::new(NONE)),
        Target::Task(TaskId::new(NONE)),
        Target::Bid(BidId::new(NONE)),
        Target::Payment(PaymentId::new(NONE)),
        Target::ChangeOrder(ChangeOrderId::new(NONE)),
        Target::Draw(DrawId::new(NONE)),
        Target::LienWaiver(LienWaiverId::new(NONE)),
        Target::Document(DocumentId::new(NONE)),
        Target::Share(ShareId::new(NONE)),
        Target::Dependency(DependencyId::new(NONE)),
        Target::Delay(DelayId::new(NONE)),
        Target::Inspection(InspectionId::new(NONE)),
    ]
}

/// A member row of `p` for `email`: joined by `user` when given, an open invitation otherwise.
fn member(db: &Db, p: i64, owner: i64, email: &str, role: &'static str, joined_by: Option<i64>) {
    let at = now();
    let (email, key, token) = (email.to_owned(), email.to_lowercase(), format!("token-{p}-{email}"));
    insert!(
        db,
        project_members,
        (
            project_members::project_id.eq(p),
            project_members::user_id.eq(joined_by),
            project_members::email.eq(email.as_str()),
            project_members::email_key.eq(key.as_str()),
            project_members::role.eq(role),
            project_members::token_hash.eq(token.as_str()),
            project_members::invited_by.eq(Some(owner)),
            project_members::invited_at.eq(at),
            project_members::expires_at.eq(at + Duration::days(7)),
            project_members::joined_at.eq(joined_by.map(|_| at)),
        )
    );
}

#[test]
fn every_kind_of_target_finds_its_project_owner_and_the_callers_role() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let ben = user(&t.db, "ben");
        let vic = user(&t.db, "vic");
        let ivy = user(&t.db, "ivy");
        let sam = user(&t.db, "sam");
        let p = project(&t.db, ana, "House");
        // Another project of the owner's, which ben has joined as a viewer only.
        let cabin = project(&t.db, ana, "Cabin");
        let tasks = DieselTaskRepository::new(t.db.clone());
        let task = tasks.create(&new_task(p.id, "Framing")).unwrap().id;
        let next = tasks.create(&new_task(p.id, "Roofing")).unwrap().id;
        let targets = records(&t.db, ana, p.id, task, next);
        member(&t.db, p.id, ana, "ben@example.com", "partner", Some(ben));
        member(&t.db, p.id, ana, "vic@example.com", "viewer", Some(vic));
        member(&t.db, cabin.id, ana, "ben@example.com", "viewer", Some(ben));
        // ivy is invited and has not accepted yet.
        member(&t.db, p.id, ana, "ivy@example.com", "partner", None);

        let access = DieselProjectAccess::new(t.db.clone());
        let located =
            |role: Option<Role>| Some(Located { project_id: ProjectId::new(p.id), owner_id: UserId::new(ana), role });
        for &target in &targets {
            let cell = |who: &str| format!("{}: {target:?} as {who}", t.name);
            let find = |who: i64| access.locate(UserId::new(who), target).unwrap();
            assert_eq!(find(ana), located(Some(Role::Owner)), "{}", cell("the owner"));
            assert_eq!(find(ben), located(Some(Role::Partner)), "{}", cell("the partner"));
            assert_eq!(find(vic), located(Some(Role::Viewer)), "{}", cell("the viewer"));
            assert_eq!(find(ivy), located(None), "{}", cell("an invited user who has not joined"));
            assert_eq!(find(sam), located(None), "{}", cell("a stranger"));
        }
        // The role is the project's: ben is a viewer of the cabin.
        let on_cabin = access.locate(UserId::new(ben), Target::Project(ProjectId::new(cabin.id))).unwrap();
        assert_eq!(
            on_cabin,
            Some(Located {
                project_id: ProjectId::new(cabin.id),
                owner_id: UserId::new(ana),
                role: Some(Role::Viewer)
            }),
            "{}",
            t.name
        );
        for target in missing() {
            assert_eq!(access.locate(UserId::new(ana), target).unwrap(), None, "{}: {target:?}", t.name);
        }
    }
}

#[test]
fn only_a_joined_member_is_a_member_anywhere() {
    for t in backends() {
        let ana = user(&t.db, "ana");
        let ben = user(&t.db, "ben");
        let ivy = user(&t.db, "ivy");
        let p = project(&t.db, ana, "House");
        let access = DieselProjectAccess::new(t.db.clone());
        let anywhere = |who: i64| access.is_member_anywhere(UserId::new(who)).unwrap();
        assert!(!anywhere(ben), "{}: nobody has joined yet", t.name);
        member(&t.db, p.id, ana, "ben@example.com", "viewer", Some(ben));
        member(&t.db, p.id, ana, "ivy@example.com", "partner", None);
        assert!(anywhere(ben), "{}: ben joined", t.name);
        assert!(!anywhere(ivy), "{}: an open invitation is not membership", t.name);
        assert!(!anywhere(ana), "{}: owning a project is not membership", t.name);
        // A removed member is a member nowhere again.
        t.db.write(move |conn| {
            diesel::delete(project_members::table.filter(project_members::user_id.eq(ben))).execute(conn)
        })
        .unwrap();
        assert!(!anywhere(ben), "{}: ben was removed", t.name);
    }
}
