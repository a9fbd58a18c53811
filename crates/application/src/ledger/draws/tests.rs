//! The draws' use cases over mocked ports.

use buildledger_domain::ids::{DrawId, ProjectId, TypedId, UserId};
use buildledger_domain::ledger::{
    DrawItem, MSG_DRAW_TASKS_FIXED, MSG_DRAW_TASK_OF_ANOTHER_PROJECT, MSG_FUNDED_DRAW, MSG_NO_DRAW_TASKS,
};
use buildledger_domain::Money;
use mockall::predicate::{always, eq};

use super::super::fixtures::{day, owned_by_3, project, Mocks, OWNER, PARTNER, STRANGER, VIEWER};
use super::*;
use crate::error::RepoError;
use crate::ports::Rule;

fn drawable() -> Vec<DrawableTask> {
    vec![
        DrawableTask {
            task_id: 10,
            title: "Framing".into(),
            work_to_date_cents: 4_000_000,
            already_drawn_cents: 1_000_000,
            scheduled_cents: 0,
        },
        DrawableTask {
            task_id: 11,
            title: "Roof".into(),
            work_to_date_cents: 0,
            already_drawn_cents: 0,
            scheduled_cents: 0,
        },
    ]
}

/// What the draw repository's `create` stores: the draw its rule makes of `found`.
fn created(project_id: i64, rule: Rule<DrawContext, NewDraw>, found: &[DrawableTask]) -> Draw {
    let NewDraw { items, fields: f } = rule(&DrawContext { drawable: found.to_vec(), ..Default::default() }).unwrap();
    let total = Money::from_cents(items.iter().map(|i| i.amount.cents()).sum()).unwrap();
    Draw {
        id: 1,
        project_id,
        number: 1,
        requested_on: f.requested_on,
        status: f.status,
        items,
        total,
        funded_amount: f.funded_amount,
        funded_on: f.funded_on,
        note: f.note,
        is_final: f.is_final,
        inspected_on: f.inspected_on,
        inspector: f.inspector,
        inspection_note: f.inspection_note,
        retainage_basis_points: 0,
        paperwork: Default::default(),
    }
}

#[test]
fn a_draw_covers_the_undrawn_work_of_its_tasks_in_board_order() {
    let mut m = Mocks::new();
    m.projects.expect_find_for_owner().returning(|_, _| Ok(Some(project())));
    m.scheduled.expect_scheduled_values().returning(|_, _| Ok(HashMap::from([(10, 5_000_000)])));
    m.draws.expect_drawable_tasks().with(eq(1), eq(None)).returning(|_, _| Ok(drawable()));
    m.draws
        .expect_create()
        .withf(|project, _| *project == 1)
        .times(1)
        .returning(|project_id, rule| Ok(created(project_id, rule, &drawable())));
    let change = DrawChange { tasks: Some(vec![11, 10, 10]), ..Default::default() };
    let d = m.service().create_draw(UserId::new(3), Some(1), Ok(change)).unwrap();
    let lines: Vec<(Option<i64>, i64)> = d.items.iter().map(|i| (i.task_id, i.amount.cents())).collect();
    assert_eq!(lines, [(Some(10), 3_000_000), (Some(11), 0)], "board order, each once");
    assert_eq!((d.status, d.requested_on), (DrawStatus::Draft, day("2026-11-24")), "today by default");
}

#[test]
fn a_draw_covers_only_what_no_draw_made_meanwhile_covers() {
    let mut m = Mocks::new();
    m.projects.expect_find_for_owner().returning(|_, _| Ok(Some(project())));
    m.scheduled.expect_scheduled_values().returning(|_, _| Ok(HashMap::from([(10, 5_000_000)])));
    m.draws.expect_drawable_tasks().returning(|_, _| Ok(drawable()));
    // Under the lock the write finds Framing's work drawn in full by another draw.
    m.draws.expect_create().times(1).returning(|project_id, rule| {
        let mut now = drawable();
        now[0].already_drawn_cents = now[0].work_to_date_cents;
        Ok(created(project_id, rule, &now))
    });
    let change = DrawChange { tasks: Some(vec![10]), ..Default::default() };
    assert_eq!(m.service().create_draw(UserId::new(3), Some(1), Ok(change)).unwrap().total, Money::ZERO);
}

#[test]
fn a_draw_refuses_a_task_of_another_project_and_an_empty_list() {
    let mut m = Mocks::new();
    m.projects.expect_find_for_owner().returning(|_, _| Ok(Some(project())));
    m.scheduled.expect_scheduled_values().returning(|_, _| Ok(HashMap::from([(10, 5_000_000)])));
    m.draws.expect_drawable_tasks().returning(|_, _| Ok(drawable()));
    m.draws.expect_create().never();
    let svc = m.service();
    for (tasks, message) in [(vec![10, 99], MSG_DRAW_TASK_OF_ANOTHER_PROJECT), (vec![], MSG_NO_DRAW_TASKS)] {
        let err = svc
            .create_draw(UserId::new(3), Some(1), Ok(DrawChange { tasks: Some(tasks), ..Default::default() }))
            .unwrap_err();
        let UseCaseError::Invalid(e) = err else { panic!("{err:?}") };
        assert_eq!(e.fields().as_map()["tasks"], [message]);
    }
}

fn stored_draw(status: DrawStatus) -> Draw {
    Draw {
        id: 7,
        project_id: 1,
        number: 1,
        requested_on: day("2026-11-01"),
        status,
        items: vec![DrawItem {
            task_id: Some(10),
            title: "Framing".into(),
            amount: Money::from_cents(100).unwrap(),
            scheduled_cents: 1_000,
            previous_cents: 0,
            inspected_percent_tenths: None,
        }],
        total: Money::from_cents(100).unwrap(),
        funded_amount: (status == DrawStatus::Funded).then(|| Money::from_cents(100).unwrap()),
        funded_on: None,
        note: String::new(),
        is_final: false,
        inspected_on: None,
        inspector: String::new(),
        inspection_note: String::new(),
        retainage_basis_points: 0,
        paperwork: Default::default(),
    }
}

#[test]
fn a_submitted_draws_tasks_are_fixed_and_a_funded_draw_stays() {
    let mut m = Mocks::new();
    m.draws
        .expect_find_for_owner()
        .with(eq(UserId::new(3)), eq(DrawId::new(7)))
        .returning(|_, _| Ok(Some(stored_draw(DrawStatus::Submitted))));
    m.draws
        .expect_find_for_owner()
        .with(eq(UserId::new(3)), eq(DrawId::new(8)))
        .returning(|_, _| Ok(Some(stored_draw(DrawStatus::Funded))));
    m.draws.expect_update().never();
    m.draws.expect_delete().never();
    let svc = m.service();
    let err = svc
        .update_draw(UserId::new(3), DrawId::new(7), Ok(DrawChange { tasks: Some(vec![10]), ..Default::default() }))
        .unwrap_err();
    assert!(matches!(err, UseCaseError::Conflict { ref message, .. } if message == MSG_DRAW_TASKS_FIXED));
    let err = svc.delete_draw(UserId::new(3), DrawId::new(8)).unwrap_err();
    assert!(matches!(err, UseCaseError::Conflict { ref message, .. } if message == MSG_FUNDED_DRAW));
}

#[test]
fn a_draw_funded_meanwhile_is_not_deleted_nor_unfunded_by_a_stale_edit() {
    let mut m = Mocks::new();
    m.draws.expect_find_for_owner().returning(|_, _| Ok(Some(stored_draw(DrawStatus::Submitted))));
    // The read says submitted; the write finds it funded under the lock.
    m.draws
        .expect_delete()
        .with(eq(7))
        .times(1)
        .returning(|_| Err(RepoError::Refused(stored_draw(DrawStatus::Funded).check_delete().unwrap_err())));
    m.draws.expect_update().with(eq(7), always()).times(1).returning(|_, rule| {
        let update = rule(&(stored_draw(DrawStatus::Funded), DrawContext::default())).unwrap();
        assert_eq!((update.fields.status, update.fields.note.as_str()), (DrawStatus::Funded, "called the bank"));
        assert_eq!(update.fields.funded_amount.map(Money::cents), Some(100), "the funding stays");
        Ok(stored_draw(DrawStatus::Funded))
    });
    let svc = m.service();
    let err = svc.delete_draw(UserId::new(3), DrawId::new(7)).unwrap_err();
    assert!(
        matches!(err, UseCaseError::Conflict { ref field, ref message } if field == "status" && message == MSG_FUNDED_DRAW),
        "{err:?}"
    );
    let note = DrawChange {
        input: DrawInput { note: Some("called the bank".into()), ..Default::default() },
        ..Default::default()
    };
    svc.update_draw(UserId::new(3), DrawId::new(7), Ok(note)).unwrap();
}

#[test]
fn marking_a_draw_funded_defaults_to_its_total_and_today() {
    let mut m = Mocks::new();
    m.draws.expect_find_for_owner().returning(|_, _| Ok(Some(stored_draw(DrawStatus::Submitted))));
    m.draws.expect_update().with(eq(7), always()).times(1).returning(|_, rule| {
        let DrawUpdate { items, fields: f } =
            rule(&(stored_draw(DrawStatus::Submitted), DrawContext::default())).unwrap();
        assert_eq!(items, None, "its lines stay");
        assert_eq!((f.funded_amount.map(Money::cents), f.funded_on), (Some(100), Some(day("2026-11-24"))));
        Ok(stored_draw(DrawStatus::Funded))
    });
    let change = DrawChange {
        input: DrawInput { status: Some(DrawStatus::Funded), ..Default::default() },
        ..Default::default()
    };
    m.service().update_draw(UserId::new(3), DrawId::new(7), Ok(change)).unwrap();
}

fn bad_body() -> Result<DrawChange, DomainError> {
    Err(FieldErrors::single("funded_on", buildledger_domain::messages::DATE_FORMAT))
}

#[test]
fn another_users_project_or_draw_is_not_found_before_the_bodys_problems() {
    let mut m = Mocks::new();
    m.projects.expect_find_for_owner().with(eq(UserId::new(3)), eq(ProjectId::new(2))).returning(|_, _| Ok(None));
    m.projects
        .expect_find_for_owner()
        .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
        .returning(|_, _| Ok(Some(project())));
    m.draws.expect_find_for_owner().with(eq(UserId::new(3)), eq(DrawId::new(9))).returning(|_, _| Ok(None));
    m.draws
        .expect_find_for_owner()
        .with(eq(UserId::new(3)), eq(DrawId::new(7)))
        .returning(|_, _| Ok(Some(stored_draw(DrawStatus::Draft))));
    m.draws.expect_drawable_tasks().never();
    m.draws.expect_create().never();
    m.draws.expect_update().never();
    let svc = m.service();
    assert!(matches!(
        svc.create_draw(UserId::new(3), Some(2), bad_body()),
        Err(UseCaseError::NotFound { entity: "project" })
    ));
    assert!(matches!(
        svc.update_draw(UserId::new(3), DrawId::new(9), bad_body()),
        Err(UseCaseError::NotFound { entity: "draw" })
    ));
    // The caller's own project or draw: the body's problems, nothing read further or written.
    let invalid = |r: Result<Draw, UseCaseError>| matches!(r, Err(UseCaseError::Invalid(ref e)) if e.fields().contains("funded_on"));
    assert!(invalid(svc.create_draw(UserId::new(3), Some(1), bad_body())));
    assert!(invalid(svc.update_draw(UserId::new(3), DrawId::new(7), bad_body())));
    // Neither project nor tasks: both said at once.
    let err = svc.create_draw(UserId::new(3), None, Ok(DrawChange::default())).unwrap_err();
    let UseCaseError::Invalid(e) = err else { panic!("{err:?}") };
    assert!(e.fields().contains("project") && e.fields().contains("tasks"), "{e:?}");
}

/// The project's paperwork with a $2,000 payment on task 10 to contractor 5 (awarded), no waiver.
fn unwaived() -> DrawContext {
    use buildledger_domain::ledger::{ProjectPaperwork, WaiverPayment};
    DrawContext {
        drawable: drawable(),
        paperwork: ProjectPaperwork {
            threshold_cents: 50_000,
            payments: vec![WaiverPayment {
                payment_id: 12,
                task_id: 10,
                contractor_id: Some(5),
                amount_cents: 200_000,
                paid_on: day("2026-10-20"),
            }],
            waivers: Vec::new(),
            awarded_contractors: vec![5],
            contractor_names: HashMap::from([(5, "Acme Framing".to_owned())]),
        },
    }
}

fn submit(allow: bool, is_final: bool) -> DrawChange {
    DrawChange {
        allow_missing_waivers: allow,
        input: DrawInput { status: Some(DrawStatus::Submitted), is_final: Some(is_final), ..Default::default() },
        ..Default::default()
    }
}

#[test]
fn a_draft_is_submitted_only_with_its_waivers_as_found_under_the_lock_unless_told_otherwise() {
    use buildledger_domain::ledger::{MSG_FINAL_WAIVERS_MISSING, MSG_WAIVERS_MISSING};
    let mut m = Mocks::new();
    m.draws.expect_find_for_owner().returning(|_, _| Ok(Some(stored_draw(DrawStatus::Draft))));
    m.scheduled.expect_scheduled_values().never();
    m.draws.expect_update().times(3).returning(|_, rule| {
        let update = rule(&(stored_draw(DrawStatus::Draft), unwaived())).map_err(RepoError::Refused)?;
        let mut d = stored_draw(update.fields.status);
        d.is_final = update.fields.is_final;
        Ok(d)
    });
    let svc = m.service();
    // The read finds no paperwork problem (it is not read there): the write's rule does.
    let err = svc.update_draw(UserId::new(3), DrawId::new(7), Ok(submit(false, false))).unwrap_err();
    let UseCaseError::Conflicts { message, fields } = err else { panic!("{err:?}") };
    assert_eq!(message, MSG_WAIVERS_MISSING);
    assert_eq!(fields["waivers_missing"], ["$2,000.00 to Acme Framing on 2026-10-20 (payment 12)"]);
    assert!(!fields.contains_key("final_waivers_missing"), "not a final draw");
    // A final draw: both lists, the message of the first.
    let err = svc.update_draw(UserId::new(3), DrawId::new(7), Ok(submit(false, true))).unwrap_err();
    let UseCaseError::Conflicts { message, fields } = err else { panic!("{err:?}") };
    assert_eq!(
        (message.as_str(), &fields["final_waivers_missing"]),
        (MSG_WAIVERS_MISSING, &vec!["Acme Framing".to_owned()])
    );
    assert_ne!(MSG_WAIVERS_MISSING, MSG_FINAL_WAIVERS_MISSING);
    // Told to go anyway.
    let d = svc.update_draw(UserId::new(3), DrawId::new(7), Ok(submit(true, true))).unwrap();
    assert_eq!((d.status, d.is_final), (DrawStatus::Submitted, true));
}

#[test]
fn the_inspectors_percent_makes_a_line_from_the_tasks_scheduled_value() {
    let mut m = Mocks::new();
    m.projects.expect_find_for_owner().returning(|_, _| Ok(Some(project())));
    // The board's figure (committed, else best-known) for Framing: 50,000.
    m.scheduled
        .expect_scheduled_values()
        .with(eq(UserId::new(3)), eq(ProjectId::new(1)))
        .times(1)
        .returning(|_, _| Ok(HashMap::from([(10, 5_000_000)])));
    m.draws.expect_drawable_tasks().returning(|_, _| Ok(drawable()));
    m.draws.expect_create().times(1).returning(|project_id, rule| Ok(created(project_id, rule, &drawable())));
    let change = DrawChange {
        tasks: Some(vec![10, 11]),
        items: Some(vec![(10, Some(500))]),
        input: DrawInput { is_final: Some(true), inspector: Some("Pat Lee".into()), ..Default::default() },
        ..Default::default()
    };
    let d = m.service().create_draw(UserId::new(3), Some(1), Ok(change)).unwrap();
    let framing = &d.items[0];
    // 50,000 x 50 % less the 10,000 other draws cover.
    assert_eq!(
        (framing.amount.cents(), framing.scheduled_cents, framing.previous_cents, framing.inspected_percent_tenths),
        (1_500_000, 5_000_000, 1_000_000, Some(500))
    );
    assert_eq!((d.items[1].amount.cents(), d.items[1].inspected_percent_tenths), (0, None));
    assert_eq!((d.is_final, d.inspector.as_str()), (true, "Pat Lee"));
}

#[test]
fn percents_change_only_a_draft() {
    let mut m = Mocks::new();
    m.draws.expect_find_for_owner().returning(|_, _| Ok(Some(stored_draw(DrawStatus::Submitted))));
    m.scheduled.expect_scheduled_values().never();
    m.draws.expect_drawable_tasks().never();
    m.draws.expect_update().never();
    let change = DrawChange { items: Some(vec![(10, Some(1000))]), ..Default::default() };
    let err = m.service().update_draw(UserId::new(3), DrawId::new(7), Ok(change)).unwrap_err();
    assert!(
        matches!(err, UseCaseError::Conflict { ref field, ref message } if field == "items" && message == buildledger_domain::ledger::MSG_DRAW_ITEMS_FIXED),
        "{err:?}"
    );
}

#[test]
fn a_tasks_scheduled_value_is_its_committed_cost_else_its_best_known_cost() {
    use crate::ports::{MockProjectRepository, MockTaskRepository, ScheduledValues};
    use crate::tasks::tests::{project as board_project, service, task};
    use buildledger_domain::task::{Task, TaskStatus};
    let mut projects = MockProjectRepository::new();
    projects.expect_find_for_owner().returning(|o, id| Ok(Some(board_project(id.get(), o.get()))));
    let mut tasks = MockTaskRepository::new();
    tasks.expect_list_for_project().times(1).returning(|_| {
        let mut awarded = Task { actual_cost: Money::from_cents(12_345), ..task(3, TaskStatus::Paid) };
        awarded.bids.committed = Money::from_cents(4_180_000);
        Ok(vec![
            task(1, TaskStatus::ToDo), // Framing, predicted at 25.00/sqft x 2,000 sqft
            Task { actual_cost: Money::from_cents(12_345), ..task(2, TaskStatus::Paid) },
            awarded,
            Task { title: "Moat".into(), ..task(4, TaskStatus::InProgress) }, // nothing known
        ])
    });
    let values = service(projects, tasks).scheduled_values(UserId::new(3), ProjectId::new(1)).unwrap();
    assert_eq!(values, HashMap::from([(1, 5_000_000), (2, 12_345), (3, 4_180_000), (4, 0)]));
}

#[test]
fn a_viewer_reads_the_draws_and_neither_makes_submits_funds_nor_deletes_one() {
    let mut m = Mocks::new();
    m.access = owned_by_3();
    m.projects
        .expect_find_for_owner()
        .with(eq(UserId::new(OWNER)), eq(ProjectId::new(1)))
        .returning(|_, _| Ok(Some(project())));
    m.draws.expect_list_for_project().with(eq(1)).returning(|_| Ok(vec![]));
    m.draws.expect_find_for_owner().never();
    m.draws.expect_create().never();
    m.draws.expect_update().never();
    m.draws.expect_delete().never();
    let svc = m.service();
    let viewer = UserId::new(VIEWER);
    assert!(svc.draws(viewer, ProjectId::new(1)).unwrap().is_empty());
    let create = DrawChange { tasks: Some(vec![10]), ..Default::default() };
    assert!(matches!(svc.create_draw(viewer, Some(1), Ok(create)), Err(UseCaseError::Forbidden)));
    let fund = DrawChange {
        input: DrawInput { status: Some(DrawStatus::Funded), ..Default::default() },
        ..Default::default()
    };
    assert!(matches!(svc.update_draw(viewer, DrawId::new(7), Ok(fund)), Err(UseCaseError::Forbidden)));
    assert!(matches!(svc.update_draw(viewer, DrawId::new(7), bad_body()), Err(UseCaseError::Forbidden)));
    assert!(matches!(svc.delete_draw(viewer, DrawId::new(7)), Err(UseCaseError::Forbidden)));
}

#[test]
fn a_partners_draw_is_made_on_the_owners_project_with_the_owners_scheduled_values() {
    let mut m = Mocks::new();
    m.access = owned_by_3();
    m.projects
        .expect_find_for_owner()
        .with(eq(UserId::new(OWNER)), eq(ProjectId::new(1)))
        .returning(|_, _| Ok(Some(project())));
    m.scheduled.expect_scheduled_values().with(eq(UserId::new(OWNER)), eq(ProjectId::new(1))).times(1).returning(
        |_, _| {
            // The board read behind it authorizes the owner on this thread.
            crate::access::set_acting(Some((1, OWNER)));
            Ok(HashMap::from([(10, 5_000_000)]))
        },
    );
    m.draws.expect_drawable_tasks().returning(|_, _| Ok(drawable()));
    m.draws.expect_create().withf(|p, _| *p == 1).times(1).returning(|p, rule| Ok(created(p, rule, &drawable())));
    let change = DrawChange { tasks: Some(vec![10]), ..Default::default() };
    let d = m.service().create_draw(UserId::new(PARTNER), Some(1), Ok(change)).unwrap();
    assert_eq!(d.total.cents(), 3_000_000);
    // The caller stays the one the activity trail names.
    assert_eq!(crate::access::acting_user(1), Some(PARTNER));
}

#[test]
fn a_stranger_finds_no_project_nor_draw() {
    let mut m = Mocks::new();
    m.access = owned_by_3();
    m.projects.expect_find_for_owner().never();
    m.draws.expect_find_for_owner().never();
    m.scheduled.expect_scheduled_values().never();
    let svc = m.service();
    let stranger = UserId::new(STRANGER);
    assert!(matches!(svc.next_draw(stranger, ProjectId::new(1)), Err(UseCaseError::NotFound { entity: "project" })));
    assert!(matches!(
        svc.create_draw(stranger, Some(1), bad_body()),
        Err(UseCaseError::NotFound { entity: "project" })
    ));
    assert!(matches!(svc.delete_draw(stranger, DrawId::new(7)), Err(UseCaseError::NotFound { entity: "draw" })));
}
