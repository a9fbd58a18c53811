use super::*;
use crate::schedule::WorkWeek;

fn d(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

/// Monday 2026-11-30.
const TODAY: &str = "2026-11-30";

fn project(id: i64) -> ReminderProject {
    ReminderProject {
        id,
        name: format!("House {id}"),
        calendar: WorkCalendar::new(WorkWeek::default(), []),
        shared_by: None,
    }
}

fn task(start: Option<&str>, duration: i32) -> ReminderTask {
    ReminderTask {
        project_id: 1,
        title: "Framing".into(),
        paid: false,
        planned_start: start.map(d),
        duration_days: Some(duration),
        actual_start: None,
        actual_finish: None,
        due_date: None,
    }
}

fn only(data: ReminderData) -> Vec<String> {
    select(d(TODAY), &data).into_iter().flat_map(|g| g.lines).collect()
}

fn with_project(mut data: ReminderData) -> ReminderData {
    data.projects = vec![project(1)];
    data
}

#[test]
fn frequency_codes_and_days() {
    assert_eq!(ReminderFrequency::parse("weekly"), Some(ReminderFrequency::Weekly));
    assert_eq!(ReminderFrequency::parse("monthly"), None);
    assert_eq!(ReminderFrequency::default(), ReminderFrequency::Daily);
    let cases = [
        (ReminderFrequency::Daily, "2026-11-30", true),
        (ReminderFrequency::Daily, "2026-12-01", true),
        (ReminderFrequency::Weekly, "2026-11-30", true),
        (ReminderFrequency::Weekly, "2026-12-01", false),
        (ReminderFrequency::Off, "2026-11-30", false),
    ];
    for (f, day, due) in cases {
        assert_eq!(f.is_due(d(day)), due, "{f:?} {day}");
    }
}

#[test]
fn tasks_that_start_this_week_are_late_or_overdue() {
    let started = |mut t: ReminderTask| {
        t.actual_start = Some(d("2026-11-20"));
        t
    };
    let finished = |mut t: ReminderTask| {
        t.actual_finish = Some(d("2026-11-27"));
        t
    };
    let paid = |mut t: ReminderTask| {
        t.paid = true;
        t
    };
    let due = |day: &str, mut t: ReminderTask| {
        t.due_date = Some(d(day));
        t
    };
    // (task, lines expected)
    let cases: Vec<(ReminderTask, Vec<&str>)> = vec![
        (task(Some("2026-11-30"), 3), vec!["Starts this week: Framing on Nov 30."]),
        (task(Some("2026-12-06"), 3), vec!["Starts this week: Framing on Dec 6."]),
        (task(Some("2026-12-07"), 3), vec![]),
        (task(None, 3), vec![]),
        (started(task(Some("2026-12-01"), 3)), vec![]),
        // Mon 11-23 + 5 working days finishes Fri 11-27: late.
        (task(Some("2026-11-23"), 5), vec!["Late: Framing was planned to finish on Nov 27."]),
        (started(task(Some("2026-11-23"), 5)), vec!["Late: Framing was planned to finish on Nov 27."]),
        // Finishes today: not late yet.
        (task(Some("2026-11-24"), 5), vec![]),
        (finished(task(Some("2026-11-23"), 5)), vec![]),
        (paid(task(Some("2026-11-23"), 5)), vec![]),
        (paid(task(Some("2026-12-01"), 1)), vec![]),
        // The board's due date: past it and not paid is overdue, planned or not; due today is not.
        (due("2026-11-20", task(None, 3)), vec!["Overdue: Framing was due on Nov 20."]),
        (due("2026-11-20", task(Some("2026-12-01"), 3)), vec!["Overdue: Framing was due on Nov 20."]),
        (due("2026-11-30", task(Some("2026-12-01"), 3)), vec!["Starts this week: Framing on Dec 1."]),
        (due("2026-11-20", task(Some("2026-11-23"), 5)), vec!["Late: Framing was planned to finish on Nov 27."]),
        (due("2026-11-20", paid(task(None, 3))), vec![]),
    ];
    for (t, expected) in cases {
        let label = format!("{t:?}");
        assert_eq!(only(with_project(ReminderData { tasks: vec![t], ..Default::default() })), expected, "{label}");
    }
}

#[test]
fn inspections_bids_draws_and_insurance() {
    let inspection = |on: &str, passed: bool| ReminderInspection {
        project_id: 1,
        task_title: "Framing".into(),
        kind: "Framing inspection".into(),
        scheduled_on: d(on),
        passed,
    };
    let bid = |until: Option<&str>, pending: bool| ReminderBid {
        project_id: 1,
        task_title: "Roofing".into(),
        contractor_name: "Acme".into(),
        valid_until: until.map(d),
        pending,
    };
    let draw = |open: bool, missing: usize| ReminderDraw { project_id: 1, number: 2, open, waivers_missing: missing };
    let contractor = |on: Option<&str>| ReminderContractor { name: "Acme".into(), insurance_expires: on.map(d) };
    let cases: Vec<(ReminderData, Vec<&str>)> = vec![
        (
            ReminderData { inspections: vec![inspection("2026-11-30", false)], ..Default::default() },
            vec!["Inspection today: Framing inspection (Framing)."],
        ),
        (
            ReminderData { inspections: vec![inspection("2026-12-01", false)], ..Default::default() },
            vec!["Inspection on Dec 1: Framing inspection (Framing)."],
        ),
        (ReminderData { inspections: vec![inspection("2026-12-02", false)], ..Default::default() }, vec![]),
        (ReminderData { inspections: vec![inspection("2026-11-30", true)], ..Default::default() }, vec![]),
        (ReminderData { inspections: vec![inspection("2026-11-29", false)], ..Default::default() }, vec![]),
        (
            ReminderData { bids: vec![bid(Some("2026-12-06"), true)], ..Default::default() },
            vec!["Bid from Acme for Roofing is valid until Dec 6."],
        ),
        (ReminderData { bids: vec![bid(Some("2026-12-07"), true)], ..Default::default() }, vec![]),
        (ReminderData { bids: vec![bid(Some("2026-12-01"), false)], ..Default::default() }, vec![]),
        (ReminderData { bids: vec![bid(None, true)], ..Default::default() }, vec![]),
        (
            ReminderData { draws: vec![draw(true, 2)], ..Default::default() },
            vec!["Draw 2 is waiting on paperwork: 2 lien waivers missing."],
        ),
        (
            ReminderData { draws: vec![draw(true, 1)], ..Default::default() },
            vec!["Draw 2 is waiting on paperwork: 1 lien waiver missing."],
        ),
        (ReminderData { draws: vec![draw(false, 2)], ..Default::default() }, vec![]),
        (ReminderData { draws: vec![draw(true, 0)], ..Default::default() }, vec![]),
        (
            ReminderData { contractors: vec![contractor(Some("2026-12-29"))], ..Default::default() },
            vec!["Acme's insurance expires on Dec 29."],
        ),
        (ReminderData { contractors: vec![contractor(Some("2026-12-30"))], ..Default::default() }, vec![]),
        (ReminderData { contractors: vec![contractor(None)], ..Default::default() }, vec![]),
    ];
    for (data, expected) in cases {
        let label = format!("{data:?}");
        assert_eq!(only(with_project(data)), expected, "{label}");
    }
}

#[test]
fn grouped_by_project_and_only_the_projects_given() {
    let mut other = task(Some("2026-12-01"), 1);
    other.project_id = 2;
    let mut unknown = task(Some("2026-12-01"), 1);
    unknown.project_id = 3;
    let data = ReminderData {
        projects: vec![project(1), project(2)],
        tasks: vec![task(Some("2026-12-01"), 1), other, unknown],
        contractors: vec![ReminderContractor { name: "Acme".into(), insurance_expires: Some(d("2026-12-01")) }],
        ..Default::default()
    };
    let groups = select(d(TODAY), &data);
    let titles: Vec<&str> = groups.iter().map(|g| g.title.as_str()).collect();
    assert_eq!(titles, ["House 1", "House 2", "Your contractors"]);
    assert_eq!(count(&groups), 3);
    assert_eq!(subject(3), "BuildLedger: 3 things need attention today");
    assert_eq!(subject(1), "BuildLedger: 1 thing needs attention today");
    assert!(select(d(TODAY), &ReminderData::default()).is_empty());
}

#[test]
fn a_shared_project_is_titled_with_its_owner() {
    let shared = ReminderProject { shared_by: Some("ana".into()), ..project(2) };
    let mut other = task(Some("2026-12-01"), 1);
    other.project_id = 2;
    let data = ReminderData {
        projects: vec![project(1), shared],
        tasks: vec![task(Some("2026-12-01"), 1), other],
        ..Default::default()
    };
    let titles: Vec<String> = select(d(TODAY), &data).into_iter().map(|g| g.title).collect();
    assert_eq!(titles, ["House 1", "House 2 (shared by ana)"]);
}
