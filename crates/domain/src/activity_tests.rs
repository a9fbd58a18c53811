//! The trail's sentences, as a table: a change in, an entry out.

use chrono::NaiveDate;

use super::*;
use crate::bid::BidDetails;
use crate::ledger::{
    ChangeOrderDetails, DrawPaperwork, LienWaiverDetails, PaymentDetails, PaymentMethod, PaymentWaiverStatus,
    SignedMoney, WaiverKind,
};
use crate::money::Money;
use crate::task::{MaterialQuality, TaskStatus};

fn money(cents: i64) -> Money {
    Money::from_cents(cents).unwrap()
}

fn task(status: TaskStatus, cost: Option<i64>) -> Task {
    Task {
        id: 7,
        project_id: 1,
        title: "Framing".into(),
        description: String::new(),
        status,
        material_quality: MaterialQuality::Standard,
        actual_cost: cost.map(money),
        due_date: None,
        position: 0,
        bids: Default::default(),
        ledger: Default::default(),
        schedule: Default::default(),
    }
}

fn day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 27).unwrap()
}

/// An entry's (action, task, summary, before, after).
type Entry<'a> = (&'static str, Option<i64>, &'a str, Option<i64>, Option<i64>);

fn one(a: &Activity) -> Entry<'_> {
    (a.action, a.task_id, a.summary.as_str(), a.before_cents, a.after_cents)
}

#[test]
fn money_reads_as_dollars_with_thousands() {
    assert_eq!(usd(4_000_000), "$40,000.00");
    assert_eq!(usd(123_456), "$1,234.56");
    assert_eq!(usd(5), "$0.05");
    assert_eq!(usd(-150_000), "-$1,500.00");
}

#[test]
fn task_changes_read_as_a_table() {
    use TaskStatus::*;
    let renamed = Task { title: "Roof framing".into(), ..task(ToDo, None) };
    let rows: Vec<(Task, Task, Vec<Entry>)> = vec![
        (
            task(ToDo, None),
            task(InProgress, None),
            vec![("task.moved", Some(7), "Moved Framing from To Do to In Progress.", None, None)],
        ),
        (
            task(InProgress, Some(4_000_000)),
            task(InProgress, Some(4_150_000)),
            vec![(
                "task.cost_changed",
                Some(7),
                "Framing's actual cost changed from $40,000.00 to $41,500.00.",
                Some(4_000_000),
                Some(4_150_000),
            )],
        ),
        (
            task(ToDo, None),
            task(ToDo, Some(123_456)),
            vec![("task.cost_changed", Some(7), "Framing's actual cost set to $1,234.56.", None, Some(123_456))],
        ),
        (
            task(ToDo, Some(123_456)),
            task(ToDo, None),
            vec![("task.cost_changed", Some(7), "Framing's actual cost of $1,234.56 removed.", Some(123_456), None)],
        ),
        (
            task(ToDo, None),
            renamed.clone(),
            vec![("task.edited", Some(7), "Renamed Framing to Roof framing.", None, None)],
        ),
        (
            task(ToDo, Some(100)),
            Task { status: Paid, actual_cost: Some(money(200)), ..renamed },
            vec![
                ("task.moved", Some(7), "Moved Roof framing from To Do to Paid.", None, None),
                (
                    "task.cost_changed",
                    Some(7),
                    "Roof framing's actual cost changed from $1.00 to $2.00.",
                    Some(100),
                    Some(200),
                ),
                ("task.edited", Some(7), "Renamed Framing to Roof framing.", None, None),
            ],
        ),
        // A move that sets the actual start by itself is a move, not an edit.
        (
            task(ToDo, None),
            Task {
                schedule: crate::task::TaskSchedule { actual_start: Some(day()), ..Default::default() },
                ..task(InProgress, None)
            },
            vec![("task.moved", Some(7), "Moved Framing from To Do to In Progress.", None, None)],
        ),
        (
            task(InProgress, None),
            Task {
                schedule: crate::task::TaskSchedule { actual_start: Some(day()), ..Default::default() },
                ..task(InProgress, None)
            },
            vec![("task.edited", Some(7), "Edited Framing.", None, None)],
        ),
        // Another place in the same column: nothing to tell.
        (task(ToDo, None), Task { position: 3, ..task(ToDo, None) }, vec![]),
    ];
    for (before, after, want) in rows {
        let got = task_changes(&before, &after);
        assert_eq!(got.iter().map(one).collect::<Vec<_>>(), want, "{before:?} -> {after:?}");
    }
}

#[test]
fn a_task_created_and_deleted_carries_its_cost() {
    let t = task(TaskStatus::ToDo, Some(250_000));
    assert_eq!(
        one(&task_created(&t)),
        ("task.created", Some(7), "Added Framing to To Do with an actual cost of $2,500.00.", None, Some(250_000))
    );
    assert_eq!(one(&task_deleted(&t)), ("task.deleted", Some(7), "Deleted Framing from To Do.", Some(250_000), None));
    assert_eq!(task_created(&task(TaskStatus::ToDo, None)).summary, "Added Framing to To Do.");
}

fn bid(status: BidStatus, cents: i64) -> Bid {
    Bid {
        id: 3,
        task_id: 7,
        project_id: 1,
        contractor_id: 2,
        contractor_name: "Ace Framing".into(),
        details: BidDetails { amount: money(cents), ..Default::default() },
        status,
    }
}

#[test]
fn bids_read_as_a_table() {
    use BidStatus::*;
    assert_eq!(
        one(&bid_created(&bid(Pending, 1_200_000), "Framing")),
        ("bid.created", Some(7), "Ace Framing bid $12,000.00 on Framing.", None, Some(1_200_000))
    );
    let rows = [
        (Pending, 100, Awarded, 100, Some(("bid.awarded", "Awarded Framing to Ace Framing for $1.00."))),
        (Pending, 100, Declined, 100, Some(("bid.declined", "Declined Ace Framing's bid of $1.00 on Framing."))),
        (Awarded, 100, Pending, 100, Some(("bid.award_withdrawn", "Withdrew the award of Framing to Ace Framing."))),
        (Pending, 100, Pending, 250, Some(("bid.edited", "Ace Framing's bid on Framing changed from $1.00 to $2.50."))),
        (Pending, 100, Pending, 100, None),
    ];
    for (bs, bc, a_s, ac, want) in rows {
        let got = bid_changed(&bid(bs, bc), &bid(a_s, ac), "Framing");
        assert_eq!(got.as_ref().map(|a| (a.action, a.summary.as_str())), want);
    }
    assert_eq!(bid_deleted(&bid(Pending, 100), "Framing").action, "bid.deleted");
}

fn payment(cents: i64) -> Payment {
    Payment {
        id: 4,
        task_id: 7,
        project_id: 1,
        details: PaymentDetails {
            amount: money(cents),
            paid_on: day(),
            payee: String::new(),
            contractor_id: Some(2),
            method: PaymentMethod::Check,
            note: String::new(),
            receipt_id: None,
        },
        contractor_name: Some("Ace Framing".into()),
        waiver_status: PaymentWaiverStatus::NotNeeded,
    }
}

#[test]
fn payments_read_with_their_amounts() {
    assert_eq!(
        one(&payment_created(&payment(200_000), "Framing")),
        (
            "payment.created",
            Some(7),
            "Recorded a payment of $2,000.00 to Ace Framing for Framing.",
            None,
            Some(200_000)
        )
    );
    assert_eq!(
        one(&payment_changed(&payment(200_000), &payment(250_000), "Framing").unwrap()),
        (
            "payment.changed",
            Some(7),
            "Payment to Ace Framing for Framing changed from $2,000.00 to $2,500.00.",
            Some(200_000),
            Some(250_000)
        )
    );
    assert_eq!(payment_changed(&payment(1), &payment(1), "Framing"), None);
    assert_eq!(
        one(&payment_deleted(&payment(200_000), "Framing")),
        (
            "payment.deleted",
            Some(7),
            "Deleted the payment of $2,000.00 to Ace Framing for Framing.",
            Some(200_000),
            None
        )
    );
}

fn change_order(status: ChangeOrderStatus, cents: i64) -> ChangeOrder {
    ChangeOrder {
        id: 5,
        task_id: 7,
        project_id: 1,
        details: ChangeOrderDetails {
            description: "Extra beam".into(),
            amount: SignedMoney::from_cents(cents).unwrap(),
            status,
            date: day(),
            contractor_id: None,
            document_id: None,
        },
        contractor_name: None,
    }
}

#[test]
fn change_orders_read_as_a_table() {
    use ChangeOrderStatus::*;
    assert_eq!(
        one(&change_order_created(&change_order(Proposed, 50_000), "Framing")),
        (
            "change_order.created",
            Some(7),
            "Added a change order of $500.00 on Framing: Extra beam.",
            None,
            Some(50_000)
        )
    );
    let rows = [
        (
            Proposed,
            50_000,
            Approved,
            50_000,
            Some(("change_order.approved", "Approved a change order of $500.00 on Framing.")),
        ),
        (
            Proposed,
            50_000,
            Rejected,
            50_000,
            Some(("change_order.rejected", "Rejected a change order of $500.00 on Framing.")),
        ),
        (
            Proposed,
            50_000,
            Proposed,
            -10_000,
            Some(("change_order.edited", "A change order on Framing changed from $500.00 to -$100.00.")),
        ),
        (Approved, 1, Approved, 1, None),
    ];
    for (bs, bc, a_s, ac, want) in rows {
        let got = change_order_changed(&change_order(bs, bc), &change_order(a_s, ac), "Framing");
        assert_eq!(got.as_ref().map(|a| (a.action, a.summary.as_str())), want);
    }
}

fn draw(status: DrawStatus, total: i64, funded: Option<i64>) -> Draw {
    Draw {
        id: 9,
        project_id: 1,
        number: 2,
        requested_on: day(),
        status,
        items: vec![],
        total: money(total),
        funded_amount: funded.map(money),
        funded_on: funded.map(|_| day()),
        note: String::new(),
        is_final: false,
        inspected_on: None,
        inspector: String::new(),
        inspection_note: String::new(),
        retainage_basis_points: 0,
        paperwork: DrawPaperwork::default(),
    }
}

#[test]
fn draws_read_as_a_table() {
    use DrawStatus::*;
    assert_eq!(
        one(&draw_created(&draw(Draft, 1_000_000, None))),
        ("draw.created", None, "Prepared draw 2 for $10,000.00.", None, Some(1_000_000))
    );
    let rows = [
        (draw(Draft, 100, None), draw(Submitted, 100, None), Some(("draw.submitted", "Submitted draw 2 for $1.00."))),
        (
            draw(Submitted, 1_000_000, None),
            draw(Funded, 1_000_000, Some(950_000)),
            Some(("draw.funded", "Draw 2 funded: $9,500.00 of $10,000.00 requested.")),
        ),
        (draw(Draft, 100, None), draw(Draft, 300, None), Some(("draw.edited", "Draw 2 changed from $1.00 to $3.00."))),
        (draw(Draft, 100, None), draw(Draft, 100, None), None),
    ];
    for (before, after, want) in rows {
        let got = draw_changed(&before, &after);
        assert_eq!(got.as_ref().map(|a| (a.action, a.summary.as_str())), want);
    }
    let funded = draw_changed(&draw(Submitted, 1_000_000, None), &draw(Funded, 1_000_000, Some(950_000))).unwrap();
    assert_eq!((funded.before_cents, funded.after_cents), (Some(1_000_000), Some(950_000)));
    assert_eq!(draw_deleted(&draw(Draft, 100, None)).summary, "Deleted draw 2 of $1.00.");
}

fn waiver(status: WaiverState) -> LienWaiver {
    LienWaiver {
        id: 6,
        project_id: 1,
        details: LienWaiverDetails {
            contractor_id: 2,
            payment_id: None,
            kind: WaiverKind::ConditionalProgress,
            amount: money(200_000),
            through_date: None,
            status,
            received_on: None,
            document_id: None,
        },
        contractor_name: "Ace Framing".into(),
        document_name: None,
    }
}

#[test]
fn waivers_read_as_requested_then_received() {
    assert_eq!(
        one(&waiver_created(&waiver(WaiverState::Requested))),
        ("waiver.requested", None, "Requested a lien waiver of $2,000.00 from Ace Framing.", None, Some(200_000))
    );
    let received = waiver_changed(&waiver(WaiverState::Requested), &waiver(WaiverState::Received)).unwrap();
    assert_eq!(
        (received.action, received.summary.as_str()),
        ("waiver.received", "Received the lien waiver of $2,000.00 from Ace Framing.")
    );
    assert_eq!(waiver_changed(&waiver(WaiverState::Received), &waiver(WaiverState::Received)), None);
}

#[test]
fn a_page_query_reads_its_numbers_and_reports_every_problem() {
    assert_eq!(ActivityQuery::parse(None, None, None).unwrap(), ActivityQuery::default());
    assert_eq!(
        ActivityQuery::parse(Some("7"), Some(" 90 "), Some("200")).unwrap(),
        ActivityQuery { task_id: Some(7), cursor: Some(90), limit: Some(200) }
    );
    assert_eq!(ActivityQuery::parse(Some(""), None, None).unwrap(), ActivityQuery::default());
    let err = ActivityQuery::parse(Some("x"), Some("-1"), Some("201")).unwrap_err();
    let fields = err.fields();
    assert!(fields.contains("task") && fields.contains("cursor") && fields.contains("limit"));
    assert!(ActivityQuery::parse(None, None, Some("0")).unwrap_err().fields().contains("limit"));
}

#[test]
fn a_project_change_tells_the_budget_before_and_after() {
    use crate::project::{parse_date, OwnerBuilder, ProjectInput, ProjectType, PropertyType};
    let details = |budget: i64, name: &str| {
        ProjectDetails::parse(ProjectInput {
            name: Some(name.into()),
            zip_code: Some("78701".into()),
            project_type: Some(ProjectType::NewHomeBuild),
            property_type: Some(PropertyType::SingleFamily),
            square_footage: Some(100),
            start_date: parse_date("2026-01-01").ok(),
            end_date: parse_date("2026-12-31").ok(),
            budget: Money::from_cents(budget),
            owner_builder: Some(OwnerBuilder::Yes),
            ..Default::default()
        })
        .unwrap()
    };
    assert_eq!(
        one(&project_updated(&details(30_000_000, "Lake"), &details(32_500_000, "Lake")).unwrap()),
        (
            "project.updated",
            None,
            "Budget changed from $300,000.00 to $325,000.00.",
            Some(30_000_000),
            Some(32_500_000)
        )
    );
    assert_eq!(
        project_updated(&details(1, "Lake"), &details(1, "Lake house")).unwrap().summary,
        "Renamed the project from Lake to Lake house."
    );
    assert_eq!(project_updated(&details(1, "Lake"), &details(1, "Lake")), None);
}

#[test]
fn documents_name_the_file_and_the_task() {
    assert_eq!(
        one(&document_uploaded(7, "quote.pdf", "Framing")),
        ("document.uploaded", Some(7), "Uploaded quote.pdf to Framing.", None, None)
    );
    assert_eq!(document_deleted(7, "quote.pdf", "Framing").summary, "Deleted quote.pdf from Framing.");
}
