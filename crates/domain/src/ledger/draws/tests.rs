//! The draw's rules: lines, fields, percents and paperwork.

use super::*;

fn money(c: i64) -> Money {
    Money::from_cents(c).unwrap()
}
fn day(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}
const TODAY: &str = "2026-11-24";

#[test]
fn work_to_date_is_paid_or_the_actual_cost_of_a_paid_task() {
    assert_eq!(work_to_date_cents(TaskStatus::InProgress, Some(money(900)), 300), 300);
    assert_eq!(work_to_date_cents(TaskStatus::Paid, Some(money(900)), 300), 900);
    assert_eq!(work_to_date_cents(TaskStatus::Paid, Some(money(900)), 1200), 1200);
    assert_eq!(work_to_date_cents(TaskStatus::ToDo, None, 0), 0);
}

#[test]
fn a_draw_covers_the_work_not_yet_drawn() {
    let tasks = [
        DrawableTask {
            task_id: 1,
            title: "Framing".into(),
            work_to_date_cents: 500_000,
            already_drawn_cents: 200_000,
            scheduled_cents: 0,
        },
        DrawableTask {
            task_id: 2,
            title: "Roof".into(),
            work_to_date_cents: 100_000,
            already_drawn_cents: 100_000,
            scheduled_cents: 0,
        },
        DrawableTask {
            task_id: 3,
            title: "Siding".into(),
            work_to_date_cents: 0,
            already_drawn_cents: 50_000,
            scheduled_cents: 0,
        },
    ];
    let (items, total) = draw_items(&tasks);
    assert_eq!(items.iter().map(|i| i.amount.cents()).collect::<Vec<_>>(), [300_000, 0, 0]);
    assert_eq!(total.cents(), 300_000);
    assert_eq!(next_draw(&tasks).iter().map(|t| t.task_id).collect::<Vec<_>>(), [1]);
}

fn drawable() -> Vec<DrawableTask> {
    vec![
        DrawableTask {
            task_id: 1,
            title: "Framing".into(),
            work_to_date_cents: 500_000,
            already_drawn_cents: 0,
            scheduled_cents: 0,
        },
        DrawableTask {
            task_id: 2,
            title: "Roof".into(),
            work_to_date_cents: 100_000,
            already_drawn_cents: 0,
            scheduled_cents: 0,
        },
    ]
}

fn stored_draw(status: DrawStatus) -> Draw {
    let funded = status == DrawStatus::Funded;
    Draw {
        id: 7,
        project_id: 1,
        number: 1,
        requested_on: day("2026-11-01"),
        status,
        items: vec![line(1, "Framing", 500_000)],
        total: money(500_000),
        funded_amount: funded.then(|| money(450_000)),
        funded_on: funded.then(|| day("2026-11-10")),
        note: String::new(),
        is_final: false,
        inspected_on: None,
        inspector: String::new(),
        inspection_note: String::new(),
        retainage_basis_points: 0,
        paperwork: DrawPaperwork::default(),
    }
}

fn line(task: i64, title: &str, amount: i64) -> DrawItem {
    DrawItem {
        task_id: Some(task),
        title: title.into(),
        amount: money(amount),
        scheduled_cents: amount,
        previous_cents: 0,
        inspected_percent_tenths: None,
    }
}

fn ctx() -> DrawContext {
    DrawContext { drawable: drawable(), paperwork: ProjectPaperwork::default() }
}

fn tasks(ids: &[i64]) -> LinesChange<'_> {
    LinesChange { tasks: Some(ids), ..Default::default() }
}

#[test]
fn a_draw_names_some_of_its_projects_tasks_in_board_order() {
    let picked = select_draw_tasks(&drawable(), &[2, 1, 2]).unwrap();
    assert_eq!(picked.iter().map(|t| t.task_id).collect::<Vec<_>>(), [1, 2]);
    for (ids, message) in [(vec![], MSG_NO_DRAW_TASKS), (vec![1, 99], MSG_DRAW_TASK_OF_ANOTHER_PROJECT)] {
        let e = select_draw_tasks(&drawable(), &ids).unwrap_err();
        assert_eq!(e.fields().as_map()["tasks"], [message]);
    }
    let new = NewDraw::parse(&ctx(), tasks(&[1]), DrawInput::default(), day(TODAY)).unwrap();
    assert_eq!((new.items.len(), new.items[0].amount, new.fields.status), (1, money(500_000), DrawStatus::Draft));
    let e = DrawInput::status("paid").unwrap_err();
    assert_eq!(e.fields().as_map()["status"], [crate::messages::not_a_choice("paid")]);
    assert_eq!(DrawInput::status(" funded "), Ok(DrawStatus::Funded));
    assert_eq!(DrawInput::note("  called the bank ").unwrap(), "called the bank");
    let long = DrawInput::note(&"x".repeat(NOTES_MAX + 1)).unwrap_err();
    assert_eq!(long.fields().as_map()["note"], [crate::messages::too_long(NOTES_MAX)]);
}

#[test]
fn a_funded_draw_stays_and_only_a_drafts_lines_change() {
    let e = stored_draw(DrawStatus::Funded).check_delete().unwrap_err();
    assert_eq!(e, DomainError::conflict("status", MSG_FUNDED_DRAW));
    assert!(e.fields().is_empty());
    for status in [DrawStatus::Draft, DrawStatus::Submitted] {
        stored_draw(status).check_delete().unwrap();
    }
    let today = day(TODAY);
    let e = stored_draw(DrawStatus::Submitted).change(tasks(&[2]), &ctx(), DrawInput::default(), today);
    assert_eq!(e.unwrap_err(), DomainError::conflict("tasks", MSG_DRAW_TASKS_FIXED));
    let draft = stored_draw(DrawStatus::Draft);
    let u = draft.change(tasks(&[2]), &ctx(), DrawInput::default(), today).unwrap();
    assert_eq!(u.items.map(|i| i.iter().map(|l| l.task_id).collect::<Vec<_>>()), Some(vec![Some(2)]));
    // Funding a draft with new lines defaults to their total.
    let fund = DrawInput { status: Some(DrawStatus::Funded), ..Default::default() };
    let u = draft.change(tasks(&[2]), &ctx(), fund, today).unwrap();
    assert_eq!(u.fields.funded_amount, Some(money(100_000)));
    // Without lines, an edit keeps them and what it does not name.
    let note = DrawInput { note: Some("called".into()), ..Default::default() };
    let u =
        stored_draw(DrawStatus::Funded).change(LinesChange::default(), &DrawContext::default(), note, today).unwrap();
    assert_eq!(u.items, None);
    assert_eq!((u.fields.status, u.fields.funded_amount), (DrawStatus::Funded, Some(money(450_000))));
}

#[test]
fn a_funded_draw_has_an_amount_and_a_date_and_others_have_neither() {
    let today = day(TODAY);
    let total = money(300_000);
    let draft = DrawFields::parse(DrawInput::default(), None, total, today).unwrap();
    assert_eq!((draft.status, draft.funded_amount, draft.requested_on), (DrawStatus::Draft, None, today));
    let funded = DrawFields::parse(
        DrawInput { status: Some(DrawStatus::Funded), ..Default::default() },
        Some(&draft),
        total,
        today,
    )
    .unwrap();
    assert_eq!((funded.funded_amount, funded.funded_on), (Some(total), Some(today)));
    let back = DrawFields::parse(
        DrawInput { status: Some(DrawStatus::Submitted), ..Default::default() },
        Some(&funded),
        total,
        today,
    )
    .unwrap();
    assert_eq!((back.funded_amount, back.funded_on), (None, None));
    let e = DrawFields::parse(
        DrawInput { funded_amount: Some(Some(total)), ..Default::default() },
        Some(&draft),
        total,
        today,
    )
    .unwrap_err();
    assert!(e.fields().contains("funded_amount"));
    let early = DrawInput {
        status: Some(DrawStatus::Funded),
        requested_on: Some(Some(day("2026-11-20"))),
        funded_on: Some(Some(day("2026-11-01"))),
        ..Default::default()
    };
    let e = DrawFields::parse(early, None, total, today).unwrap_err();
    assert_eq!(e.fields().as_map()["funded_on"], [MSG_FUNDED_BEFORE_REQUESTED]);
    // A funded date on a draw that is not funded is refused; a cleared one is not.
    let dated = DrawInput { funded_on: Some(Some(today)), ..Default::default() };
    let e = DrawFields::parse(dated, Some(&draft), total, today).unwrap_err();
    assert_eq!(e.fields().as_map()["funded_on"], [MSG_FUNDED_ON_UNFUNDED]);
    let cleared = DrawInput { funded_on: Some(None), requested_on: Some(None), ..Default::default() };
    let kept = DrawFields::parse(cleared, Some(&draft), total, today).unwrap();
    assert_eq!((kept.funded_on, kept.requested_on), (None, today));
    // Funding with a cleared date: today.
    let fund = DrawInput { status: Some(DrawStatus::Funded), funded_on: Some(None), ..Default::default() };
    assert_eq!(DrawFields::parse(fund, Some(&draft), total, today).unwrap().funded_on, Some(today));
}

fn scheduled_ctx() -> DrawContext {
    let mut c = ctx();
    c.drawable[0].scheduled_cents = 1_000_000; // Framing: 500 000 of work, nothing drawn
    c.drawable[0].already_drawn_cents = 200_000;
    c.drawable[1].scheduled_cents = 100_000;
    c
}

#[test]
fn the_inspectors_percent_sets_a_lines_amount() {
    let percents = [(1, Some(455)), (2, None)];
    let lines = LinesChange { tasks: Some(&[1, 2]), percents: Some(&percents), allow_missing_waivers: false };
    let new = NewDraw::parse(&scheduled_ctx(), lines, DrawInput::default(), day(TODAY)).unwrap();
    let framing = &new.items[0];
    assert_eq!((framing.amount, framing.scheduled_cents, framing.previous_cents), (money(255_000), 1_000_000, 200_000));
    assert_eq!(framing.inspected_percent_tenths, Some(455));
    assert_eq!((new.items[1].amount, new.items[1].inspected_percent_tenths), (money(100_000), None));
    // A percent for a task that is not a line of the draw.
    let stray = [(2, Some(100))];
    let lines = LinesChange { tasks: Some(&[1]), percents: Some(&stray), allow_missing_waivers: false };
    let e = NewDraw::parse(&scheduled_ctx(), lines, DrawInput::default(), day(TODAY)).unwrap_err();
    assert_eq!(e.fields().as_map()["items"], [MSG_ITEM_NOT_ON_DRAW]);
    // Percent input: 0-100, one decimal.
    assert_eq!(DrawInput::percent_tenths("items", 45.5), Ok(455));
    assert_eq!(DrawInput::percent_tenths("items", 100.0), Ok(1000));
    for bad in [-1.0, 100.1, 45.55, f64::NAN] {
        assert!(DrawInput::percent_tenths("items", bad).unwrap_err().fields().contains("items"), "{bad}");
    }
}

#[test]
fn a_drafts_percents_change_alone_or_stay_with_new_tasks() {
    let mut draft = stored_draw(DrawStatus::Draft);
    draft.items[0] = DrawItem { scheduled_cents: 1_000_000, previous_cents: 200_000, ..draft.items[0].clone() };
    let c = scheduled_ctx();
    // Percents alone: only the lines named change.
    let percents = [(1, Some(500))];
    let lines = LinesChange { percents: Some(&percents), ..Default::default() };
    let u = draft.change(lines, &c, DrawInput::default(), day(TODAY)).unwrap();
    let items = u.items.unwrap();
    assert_eq!((items[0].amount, items[0].inspected_percent_tenths), (money(300_000), Some(500)));
    // New tasks keep a staying line's percent.
    let mut inspected = draft.clone();
    inspected.items = items;
    let u = inspected.change(tasks(&[1, 2]), &c, DrawInput::default(), day(TODAY)).unwrap();
    let items = u.items.unwrap();
    assert_eq!((items[0].inspected_percent_tenths, items[0].amount), (Some(500), money(300_000)));
    assert_eq!(u.fields.status, DrawStatus::Draft);
    // Cleared: the task's work not yet drawn.
    let clear = [(1, None)];
    let u = inspected.change(
        LinesChange { percents: Some(&clear), ..Default::default() },
        &c,
        DrawInput::default(),
        day(TODAY),
    );
    let items = u.unwrap().items.unwrap();
    assert_eq!((items[0].inspected_percent_tenths, items[0].amount), (None, money(300_000)));
    // Not a draft: 409.
    let e = stored_draw(DrawStatus::Submitted).change(lines, &c, DrawInput::default(), day(TODAY)).unwrap_err();
    assert_eq!(e, DomainError::conflict("items", MSG_DRAW_ITEMS_FIXED));
}

#[test]
fn a_draft_is_submitted_with_its_waivers_or_with_leave() {
    use super::super::waivers::WaiverPayment;
    let mut c = ctx();
    c.paperwork.threshold_cents = 50_000;
    c.paperwork.payments = vec![WaiverPayment {
        payment_id: 12,
        task_id: 1,
        contractor_id: Some(5),
        amount_cents: 200_000,
        paid_on: day("2026-10-20"),
    }];
    c.paperwork.awarded_contractors = vec![5];
    c.paperwork.contractor_names.insert(5, "Acme Framing".into());
    let submit = DrawInput { status: Some(DrawStatus::Submitted), ..Default::default() };
    let draft = stored_draw(DrawStatus::Draft);
    let e = draft.change(LinesChange::default(), &c, submit.clone(), day(TODAY)).unwrap_err();
    let DomainError::Conflicts { message, fields } = e else { panic!("{e:?}") };
    assert_eq!(message, MSG_WAIVERS_MISSING);
    assert_eq!(fields.as_map()["waivers_missing"], ["$2,000.00 to Acme Framing on 2026-10-20 (payment 12)"]);
    // Requested after the payment? The draw dated before it does not need it.
    let early = DrawInput { requested_on: Some(Some(day("2026-10-19"))), ..submit.clone() };
    draft.change(LinesChange::default(), &c, early, day(TODAY)).unwrap();
    // A final draw also needs the final waivers.
    let final_submit = DrawInput { is_final: Some(true), ..submit.clone() };
    let e = draft.change(LinesChange::default(), &c, final_submit.clone(), day(TODAY)).unwrap_err();
    let DomainError::Conflicts { fields, .. } = e else { panic!() };
    assert_eq!(fields.as_map()["final_waivers_missing"], ["Acme Framing"]);
    // The override, and a draw already submitted or funded: no check.
    let leave = LinesChange { allow_missing_waivers: true, ..Default::default() };
    let u = draft.change(leave, &c, final_submit, day(TODAY)).unwrap();
    assert!(u.fields.is_final);
    stored_draw(DrawStatus::Funded).change(LinesChange::default(), &c, submit.clone(), day(TODAY)).unwrap();
    // A draw made submitted is checked too.
    let e = NewDraw::parse(&c, tasks(&[1]), submit, day(TODAY)).unwrap_err();
    assert!(matches!(e, DomainError::Conflicts { .. }));
}

#[test]
fn a_draws_inspection_fields_are_kept_until_changed() {
    let input = DrawInput {
        inspected_on: Some(Some(day("2026-11-20"))),
        inspector: Some(DrawInput::inspector("  Pat Inspector ").unwrap()),
        inspection_note: Some(DrawInput::inspection_note("Roof 80 %").unwrap()),
        is_final: Some(true),
        ..Default::default()
    };
    let f = DrawFields::parse(input, None, money(0), day(TODAY)).unwrap();
    assert_eq!((f.inspector.as_str(), f.inspected_on, f.is_final), ("Pat Inspector", Some(day("2026-11-20")), true));
    let kept = DrawFields::parse(DrawInput::default(), Some(&f), money(0), day(TODAY)).unwrap();
    assert_eq!(kept, f);
    let cleared = DrawInput { inspected_on: Some(None), ..Default::default() };
    assert_eq!(DrawFields::parse(cleared, Some(&f), money(0), day(TODAY)).unwrap().inspected_on, None);
    let e = DrawInput::inspector(&"x".repeat(INSPECTOR_MAX + 1)).unwrap_err();
    assert_eq!(e.fields().as_map()["inspector"], [crate::messages::too_long(INSPECTOR_MAX)]);
    assert!(DrawInput::inspection_note(&"x".repeat(NOTES_MAX + 1)).unwrap_err().fields().contains("inspection_note"));
}

#[test]
fn a_draw_funded_in_full_defaults_to_its_net_of_retainage() {
    let today = day(TODAY);
    let fund = DrawInput { status: Some(DrawStatus::Funded), ..Default::default() };
    // 5 % held back of $5,000.00: the lender pays $4,750.00.
    let submitted = Draw { retainage_basis_points: 500, ..stored_draw(DrawStatus::Submitted) };
    let u = submitted.change(LinesChange::default(), &DrawContext::default(), fund.clone(), today).unwrap();
    assert_eq!(u.fields.funded_amount, Some(money(475_000)));
    // Without retainage the net is the request; an amount given wins.
    let u = stored_draw(DrawStatus::Submitted).change(LinesChange::default(), &DrawContext::default(), fund, today);
    assert_eq!(u.unwrap().fields.funded_amount, Some(money(500_000)));
    let given =
        DrawInput { status: Some(DrawStatus::Funded), funded_amount: Some(Some(money(400_000))), ..Default::default() };
    let u = submitted.change(LinesChange::default(), &DrawContext::default(), given, today).unwrap();
    assert_eq!(u.fields.funded_amount, Some(money(400_000)));
}
