//! The engine's rules, one test per rule, then properties over random acyclic networks.

use super::*;
use crate::schedule::calendar::WorkWeek;
use proptest::prelude::*;

use LinkType::{FinishToFinish as FF, FinishToStart as FS, StartToStart as SS};

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).expect("valid date")
}
/// Monday 2026-11-23.
fn monday() -> NaiveDate {
    d(2026, 11, 23)
}
fn task(id: i64, duration: i32) -> TaskTiming {
    TaskTiming { task: id, duration_days: Some(duration), planned_start: None, actual_start: None, actual_finish: None }
}
fn unscheduled(id: i64) -> TaskTiming {
    TaskTiming { duration_days: None, ..task(id, 0) }
}
fn link(predecessor: i64, successor: i64, kind: LinkType, lag: i32) -> Dependency {
    Dependency { id: predecessor * 1000 + successor, project_id: 1, predecessor, successor, link: kind, lag_days: lag }
}
fn input(tasks: Vec<TaskTiming>, links: Vec<Dependency>) -> ScheduleInput {
    ScheduleInput { start: monday(), today: monday(), tasks, links, ..ScheduleInput::default() }
}
fn get(schedule: &Schedule, id: i64) -> ScheduledTask {
    *schedule.tasks.iter().find(|t| t.task == id).expect("scheduled")
}
fn dates(schedule: &Schedule, id: i64) -> (NaiveDate, NaiveDate) {
    let t = get(schedule, id);
    (t.start, t.finish)
}

#[test]
fn the_issue_example_a_then_b_with_one_day_of_lag_crosses_the_weekend() {
    let s = compute(&input(vec![task(1, 3), task(2, 2)], vec![link(1, 2, FS, 1)]));
    assert_eq!(dates(&s, 1), (d(2026, 11, 23), d(2026, 11, 25)));
    assert_eq!(dates(&s, 2), (d(2026, 11, 27), d(2026, 11, 30)));
    assert_eq!(s.finish, Some(d(2026, 11, 30)));
    assert_eq!(s.critical_path, vec![1, 2]);
}

#[test]
fn finish_to_start_with_no_positive_and_negative_lag() {
    let s = compute(&input(
        vec![task(1, 3), task(2, 1), task(3, 1), task(4, 1)],
        vec![link(1, 2, FS, 0), link(1, 3, FS, -1), link(1, 4, FS, -10)],
    ));
    assert_eq!(get(&s, 2).start, d(2026, 11, 26));
    assert_eq!(get(&s, 3).start, d(2026, 11, 25));
    // A lead cannot pull a task before the project start.
    assert_eq!(get(&s, 4).start, monday());
}

#[test]
fn start_to_start_with_positive_and_negative_lag() {
    let mut a = task(1, 5);
    a.planned_start = Some(d(2026, 11, 25));
    let s = compute(&input(vec![a, task(2, 2), task(3, 2)], vec![link(1, 2, SS, 2), link(1, 3, SS, -1)]));
    assert_eq!(get(&s, 1).start, d(2026, 11, 25));
    assert_eq!(get(&s, 2).start, d(2026, 11, 27));
    assert_eq!(get(&s, 3).start, d(2026, 11, 24));
}

#[test]
fn finish_to_finish_with_positive_and_negative_lag() {
    // A: Mon 23 .. Fri 27.
    let s = compute(&input(
        vec![task(1, 5), task(2, 2), task(3, 2), task(4, 10)],
        vec![link(1, 2, FF, 0), link(1, 3, FF, 1), link(1, 4, FF, -1)],
    ));
    assert_eq!(dates(&s, 2), (d(2026, 11, 26), d(2026, 11, 27)));
    assert_eq!(dates(&s, 3), (d(2026, 11, 27), d(2026, 11, 30)));
    // Long enough to finish after anyway: starts with the project.
    assert_eq!(dates(&s, 4), (monday(), d(2026, 12, 4)));
}

#[test]
fn a_milestone_finishes_on_its_start_and_its_successor_starts_the_next_working_day() {
    let s = compute(&input(
        vec![task(1, 3), task(2, 0), task(3, 1), task(4, 0)],
        vec![link(1, 2, FS, 0), link(2, 3, FS, 0), link(2, 4, FF, 0)],
    ));
    assert_eq!(dates(&s, 2), (d(2026, 11, 26), d(2026, 11, 26)));
    assert_eq!(dates(&s, 3), (d(2026, 11, 27), d(2026, 11, 27)));
    assert_eq!(dates(&s, 4), (d(2026, 11, 26), d(2026, 11, 26)));
    assert_eq!(get(&s, 2).total_float, 0);
    assert_eq!(get(&s, 4).total_float, 1);
}

#[test]
fn a_start_or_planned_start_on_a_non_working_day_moves_to_the_next_working_day() {
    let mut b = task(2, 1);
    b.planned_start = Some(d(2026, 12, 5));
    let mut i = input(vec![task(1, 1), b], vec![]);
    i.start = d(2026, 11, 22);
    i.calendar = WorkCalendar::new(WorkWeek::default(), [d(2026, 12, 7)]);
    let s = compute(&i);
    assert_eq!(s.start, monday());
    assert_eq!(get(&s, 1).start, monday());
    assert_eq!(get(&s, 2).start, d(2026, 12, 8));
}

#[test]
fn a_six_day_week_and_holidays_shape_the_dates() {
    let week = WorkWeek::parse(&["mon", "tue", "wed", "thu", "fri", "sat"].map(String::from)).expect("week");
    let mut i = input(vec![task(1, 4), task(2, 3)], vec![link(1, 2, FS, 0)]);
    i.calendar = WorkCalendar::new(week, [d(2026, 11, 24)]);
    let s = compute(&i);
    // Mon 23, (Tue 24 off), Wed 25, Thu 26, Fri 27; then Sat 28, (Sun), Mon 30, Tue 1.
    assert_eq!(dates(&s, 1), (monday(), d(2026, 11, 27)));
    assert_eq!(dates(&s, 2), (d(2026, 11, 28), d(2026, 12, 1)));
}

#[test]
fn delays_push_the_start_before_work_begins() {
    let mut i = input(vec![task(1, 2), task(2, 1)], vec![link(1, 2, FS, 0)]);
    i.delays = vec![(1, 2), (1, 1), (99, 5)];
    let s = compute(&i);
    assert_eq!(dates(&s, 1), (d(2026, 11, 26), d(2026, 11, 27)));
    assert_eq!(get(&s, 1).delay_days, 3);
    assert_eq!(get(&s, 2).start, d(2026, 11, 30));
    assert_eq!(get(&s, 2).delay_days, 0);
}

#[test]
fn delays_extend_the_finish_once_work_has_begun() {
    let mut a = task(1, 2);
    a.actual_start = Some(monday());
    let mut i = input(vec![a, task(2, 1)], vec![link(1, 2, FS, 0)]);
    i.delays = vec![(1, 2)];
    let s = compute(&i);
    assert_eq!(dates(&s, 1), (monday(), d(2026, 11, 26)));
    assert_eq!(get(&s, 1).delay_days, 2);
    assert_eq!(get(&s, 2).start, d(2026, 11, 27));
}

#[test]
fn an_actual_start_overrides_the_computed_start_even_when_it_breaks_a_link() {
    let mut b = task(2, 2);
    b.actual_start = Some(d(2026, 11, 24));
    let s = compute(&input(vec![task(1, 3), b, task(3, 1)], vec![link(1, 2, FS, 0), link(2, 3, FS, 0)]));
    assert_eq!(dates(&s, 2), (d(2026, 11, 24), d(2026, 11, 25)));
    assert_eq!(get(&s, 3).start, d(2026, 11, 26));
    // A must finish before B's (already past) start: negative float.
    assert!(get(&s, 1).total_float < 0);
    assert!(get(&s, 1).critical);
}

#[test]
fn an_actual_start_on_a_non_working_day_is_kept() {
    let mut a = task(1, 2);
    a.actual_start = Some(d(2026, 11, 28));
    let s = compute(&input(vec![a], vec![]));
    assert_eq!(dates(&s, 1), (d(2026, 11, 28), d(2026, 12, 1)));
}

#[test]
fn an_actual_finish_overrides_the_finish_and_caps_a_later_computed_start() {
    let mut b = task(2, 3);
    b.actual_finish = Some(d(2026, 11, 24));
    let mut c = task(3, 3);
    c.actual_start = Some(d(2026, 11, 23));
    c.actual_finish = Some(d(2026, 12, 2));
    let s = compute(&input(vec![task(1, 3), b, c, task(4, 1)], vec![link(1, 2, FS, 0), link(2, 4, FS, 0)]));
    assert_eq!(dates(&s, 2), (d(2026, 11, 24), d(2026, 11, 24)));
    assert_eq!(get(&s, 4).start, d(2026, 11, 25));
    assert_eq!(dates(&s, 3), (d(2026, 11, 23), d(2026, 12, 2)));
    assert_eq!(s.finish, Some(d(2026, 12, 2)));
}

#[test]
fn a_pending_inspection_after_the_finish_holds_finish_links_but_not_start_links() {
    let mut i = input(
        vec![task(1, 3), task(2, 1), task(3, 1), task(4, 2)],
        vec![link(1, 2, FS, 0), link(1, 3, SS, 1), link(1, 4, FF, 0)],
    );
    i.inspections = vec![(1, d(2026, 11, 30), InspectionResult::Pending)];
    let s = compute(&i);
    assert_eq!(dates(&s, 1), (monday(), d(2026, 11, 25)));
    assert!(get(&s, 1).held_by_inspection);
    assert_eq!(get(&s, 2).start, d(2026, 12, 1));
    assert_eq!(get(&s, 3).start, d(2026, 11, 24));
    assert_eq!(get(&s, 4).finish, d(2026, 11, 30));
}

#[test]
fn an_inspection_on_or_before_the_finish_that_passed_holds_nothing() {
    let mut i = input(vec![task(1, 3), task(2, 1)], vec![link(1, 2, FS, 0)]);
    i.inspections = vec![(1, d(2026, 11, 25), InspectionResult::Passed)];
    let s = compute(&i);
    assert!(!get(&s, 1).held_by_inspection);
    assert_eq!(get(&s, 2).start, d(2026, 11, 26));
}

#[test]
fn a_failed_inspection_passed_later_holds_successors_until_the_pass() {
    let mut i = input(vec![task(1, 3), task(2, 1)], vec![link(1, 2, FS, 0)]);
    i.today = d(2026, 12, 20);
    i.inspections = vec![(1, d(2026, 12, 2), InspectionResult::Passed), (1, d(2026, 11, 25), InspectionResult::Failed)];
    let s = compute(&i);
    assert!(get(&s, 1).held_by_inspection);
    assert_eq!(get(&s, 2).start, d(2026, 12, 3));
}

#[test]
fn an_unresolved_failure_holds_successors_until_after_today() {
    let mut i = input(vec![task(1, 3), task(2, 1), task(3, 1)], vec![link(1, 2, FS, 0), link(3, 2, FS, 0)]);
    i.today = d(2026, 12, 4);
    i.inspections = vec![
        (1, d(2026, 11, 25), InspectionResult::Passed),
        (1, d(2026, 11, 26), InspectionResult::Failed),
        (3, d(2026, 11, 23), InspectionResult::Partial),
    ];
    let s = compute(&i);
    assert!(get(&s, 1).held_by_inspection);
    assert!(get(&s, 3).held_by_inspection);
    assert_eq!(get(&s, 2).start, d(2026, 12, 7));
}

#[test]
fn a_later_pending_reinspection_does_not_resolve_a_failure() {
    let mut i = input(vec![task(1, 3), task(2, 1)], vec![link(1, 2, FS, 0)]);
    i.inspections =
        vec![(1, d(2026, 11, 25), InspectionResult::Failed), (1, d(2026, 12, 1), InspectionResult::Pending)];
    i.today = d(2026, 11, 26);
    assert_eq!(get(&compute(&i), 2).start, d(2026, 12, 2));
    i.today = d(2026, 12, 3);
    assert_eq!(get(&compute(&i), 2).start, d(2026, 12, 4));
}

#[test]
fn inspections_on_one_date_count_in_the_order_given() {
    let mut i = input(vec![task(1, 3), task(2, 1)], vec![link(1, 2, FS, 0)]);
    i.today = d(2026, 12, 10);
    i.inspections =
        vec![(1, d(2026, 11, 25), InspectionResult::Failed), (1, d(2026, 11, 25), InspectionResult::Passed)];
    assert_eq!(get(&compute(&i), 2).start, d(2026, 11, 26));
    i.inspections.reverse();
    assert_eq!(get(&compute(&i), 2).start, d(2026, 12, 11));
}

#[test]
fn the_backward_pass_finds_float_and_the_critical_path() {
    // A 3 -> B 5 -> D 1, A -> C 2 -> D.
    let s = compute(&input(
        vec![task(1, 3), task(2, 5), task(3, 2), task(4, 1)],
        vec![link(1, 2, FS, 0), link(1, 3, FS, 0), link(2, 4, FS, 0), link(3, 4, FS, 0)],
    ));
    assert_eq!(s.critical_path, vec![1, 2, 4]);
    let c = get(&s, 3);
    assert_eq!(c.total_float, 3);
    assert_eq!((c.start, c.finish), (d(2026, 11, 26), d(2026, 11, 27)));
    assert_eq!((c.late_start, c.late_finish), (d(2026, 12, 1), d(2026, 12, 2)));
    assert_eq!(get(&s, 4).late_finish, d(2026, 12, 3));
    assert_eq!(s.tasks.iter().map(|t| t.task).collect::<Vec<_>>(), vec![1, 3, 2, 4]);
}

#[test]
fn late_dates_follow_start_to_start_and_finish_to_finish_links() {
    // A 2 SS+1 B 3; A FF+0 C 4 (C then drives the finish).
    let s = compute(&input(vec![task(1, 2), task(2, 3), task(3, 6)], vec![link(1, 2, SS, 1), link(1, 3, FF, 0)]));
    assert_eq!(get(&s, 3).total_float, 0);
    assert_eq!(get(&s, 2).total_float, 2);
    // A may finish as late as C's finish (FF) and start as late as B's late start - 1 (SS).
    let a = get(&s, 1);
    assert_eq!(a.late_start, d(2026, 11, 25));
    assert_eq!(a.total_float, 2);
}

#[test]
fn a_task_without_a_duration_is_unscheduled_and_its_links_are_ignored() {
    let s = compute(&input(
        vec![unscheduled(5), task(1, 2), unscheduled(3), task(2, 1)],
        vec![link(5, 2, FS, 0), link(1, 3, FS, 0), link(3, 2, FS, 0), link(1, 77, FS, 0)],
    ));
    assert_eq!(s.unscheduled, vec![5, 3]);
    assert_eq!(get(&s, 2).start, monday());
    assert_eq!(s.tasks.len(), 2);
}

#[test]
fn an_empty_project_has_no_finish() {
    let s = compute(&input(vec![unscheduled(1)], vec![]));
    assert_eq!(s.finish, None);
    assert!(s.tasks.is_empty() && s.critical_path.is_empty());
    assert_eq!(s.variance_days, None);
}

#[test]
fn would_close_cycle_refuses_self_two_and_long_cycles() {
    let chain = vec![link(1, 2, FS, 0), link(2, 3, SS, 0), link(3, 4, FF, 0), link(4, 5, FS, 0)];
    assert!(would_close_cycle(&[], 7, 7));
    assert!(would_close_cycle(&chain, 2, 1));
    assert!(would_close_cycle(&chain, 5, 1));
    assert!(would_close_cycle(&chain, 4, 2));
    assert!(!would_close_cycle(&chain, 1, 5));
    assert!(!would_close_cycle(&chain, 1, 3));
    assert!(!would_close_cycle(&chain, 6, 1));
    // A diamond is not a cycle.
    let diamond = vec![link(1, 2, FS, 0), link(1, 3, FS, 0), link(2, 4, FS, 0)];
    assert!(!would_close_cycle(&diamond, 3, 4));
}

#[test]
fn links_in_a_cycle_are_ignored_and_other_constraints_kept() {
    // 1 -> 2 -> 3 -> 2 (cycle 2, 3), 0 -> 3 kept; 2 -> 4 kept.
    let s = compute(&input(
        vec![task(0, 2), task(1, 1), task(2, 1), task(3, 1), task(4, 1), task(6, 1)],
        vec![link(1, 2, FS, 0), link(2, 3, FS, 0), link(3, 2, FS, 0), link(0, 3, FS, 0), link(2, 4, FS, 0)]
            .into_iter()
            .chain([link(6, 6, FS, 0)])
            .collect(),
    ));
    assert_eq!(get(&s, 2).start, d(2026, 11, 24));
    assert_eq!(get(&s, 3).start, d(2026, 11, 25));
    assert_eq!(get(&s, 4).start, d(2026, 11, 25));
    assert_eq!(get(&s, 6).start, monday());
}

#[test]
fn the_baseline_gives_variances_the_slip_and_its_carrying_cost() {
    let mut i = input(vec![task(1, 3), task(2, 2)], vec![link(1, 2, FS, 1)]);
    i.baseline = vec![
        BaselineEntry { task: 1, start: monday(), finish: d(2026, 11, 25) },
        BaselineEntry { task: 2, start: d(2026, 11, 26), finish: d(2026, 11, 27) },
        BaselineEntry { task: 9, start: monday(), finish: d(2026, 11, 24) },
    ];
    i.monthly_carrying_cost_cents = Some(300_000);
    let s = compute(&i);
    assert_eq!(get(&s, 1).variance_days, Some(0));
    assert_eq!(get(&s, 2).variance_days, Some(1));
    assert_eq!(get(&s, 2).baseline_start, Some(d(2026, 11, 26)));
    assert_eq!(s.baseline_finish, Some(d(2026, 11, 27)));
    assert_eq!(s.variance_days, Some(1));
    assert_eq!(s.slip_calendar_days, Some(3));
    assert_eq!(s.carrying_cost_of_slip_cents, Some(30_000));
    i.monthly_carrying_cost_cents = None;
    assert_eq!(compute(&i).carrying_cost_of_slip_cents, None);
    i.baseline.clear();
    let s = compute(&i);
    assert_eq!((s.baseline_finish, s.variance_days, s.slip_calendar_days), (None, None, None));
    assert_eq!(get(&s, 1).variance_days, None);
}

#[test]
fn an_early_finish_has_a_negative_variance_and_no_slip_cost() {
    let mut i = input(vec![task(1, 3)], vec![]);
    i.baseline = vec![BaselineEntry { task: 1, start: monday(), finish: d(2026, 11, 30) }];
    i.monthly_carrying_cost_cents = Some(300_000);
    let s = compute(&i);
    assert_eq!(s.variance_days, Some(-3));
    assert_eq!(s.slip_calendar_days, Some(-5));
    assert_eq!(s.carrying_cost_of_slip_cents, Some(0));
}

#[test]
fn the_carrying_cost_rounds_half_up_and_saturates() {
    assert_eq!(carrying_cost_of_slip_cents(10, 100_000), 33_333);
    assert_eq!(carrying_cost_of_slip_cents(20, 100_000), 66_667);
    assert_eq!(carrying_cost_of_slip_cents(1, 45), 2);
    assert_eq!(carrying_cost_of_slip_cents(1, 44), 1);
    assert_eq!(carrying_cost_of_slip_cents(0, 100_000), 0);
    assert_eq!(carrying_cost_of_slip_cents(-4, 100_000), 0);
    assert_eq!(carrying_cost_of_slip_cents(i64::MAX, i64::MAX), i64::MAX);
}

#[test]
fn absurd_inputs_are_clamped_without_panicking() {
    let mut a = task(1, i32::MAX);
    a.planned_start = Some(d(9999, 12, 31));
    let mut b = task(2, -5);
    b.actual_start = Some(NaiveDate::MAX);
    let mut i = input(vec![a, b, task(3, 1000)], vec![link(1, 3, FS, i32::MIN), link(3, 2, FF, i32::MAX)]);
    i.delays = vec![(1, i32::MAX); 50];
    i.inspections = vec![(3, NaiveDate::MAX, InspectionResult::Failed)];
    i.today = NaiveDate::MIN;
    i.monthly_carrying_cost_cents = Some(i64::MAX);
    i.baseline = vec![BaselineEntry { task: 1, start: NaiveDate::MIN, finish: NaiveDate::MIN }];
    let s = compute(&i);
    assert_eq!(s.tasks.len(), 3);
    assert_eq!(get(&s, 1).delay_days, 365 * 50);
}

/// A deterministic pseudo-random generator (xorshift), for the large network.
fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn a_thousand_tasks_with_fifteen_hundred_links_compute() {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let tasks: Vec<TaskTiming> = (0..1000).map(|id| task(id, (xorshift(&mut state) % 15) as i32)).collect();
    let links: Vec<Dependency> = (0..1500)
        .map(|n| {
            let a = (xorshift(&mut state) % 1000) as i64;
            let b = (xorshift(&mut state) % 1000) as i64;
            let (p, s) = if a < b { (a, b) } else { (b, (a + 1).min(999)) };
            let p = if p == s { p - 1 } else { p };
            let mut l = link(p, s, LinkType::ALL[n % 3], (xorshift(&mut state) % 9) as i32 - 3);
            l.id = n as i64;
            l
        })
        .collect();
    let mut i = input(tasks, links);
    i.calendar = WorkCalendar::new(WorkWeek::default(), (0..200).map(|n| monday() + chrono::Duration::days(n * 3)));
    let s = compute(&i);
    assert_eq!(s.tasks.len(), 1000);
    assert!(!s.critical_path.is_empty());
    assert!(s.tasks.iter().all(|t| t.total_float >= 0));
}

// Properties over random acyclic networks: links only go from a task to a later one in the list;
// ids descend so that neither id order nor list order is the schedule's order.

fn acyclic_network() -> impl Strategy<Value = ScheduleInput> {
    let week = proptest::sample::subsequence(crate::schedule::WEEKDAY_CODES.to_vec(), 1..=7);
    let holidays = proptest::collection::vec(0i64..150, 0..30);
    let tasks =
        proptest::collection::vec((proptest::option::weighted(0.9, 0i32..20), proptest::option::of(0i64..30)), 1..25);
    let links = proptest::collection::vec(
        (any::<proptest::sample::Index>(), any::<proptest::sample::Index>(), 0usize..3, -3i32..=5),
        0..60,
    );
    let delays = proptest::collection::vec((any::<proptest::sample::Index>(), 1i32..4), 0..6);
    let inspections = proptest::collection::vec((any::<proptest::sample::Index>(), 0i64..40, 0usize..4), 0..10);
    let extras = (delays, inspections, 0i64..40);
    (week, holidays, tasks, links, 0i64..7, extras).prop_map(
        |(week, holidays, tasks, links, offset, (delays, inspections, today))| {
            let id = |k: usize| 1000 - 7 * k as i64;
            let count = tasks.len();
            let codes: Vec<String> = week.into_iter().map(String::from).collect();
            let calendar = WorkCalendar::new(
                WorkWeek::parse(&codes).expect("week"),
                holidays.into_iter().map(|n| monday() + chrono::Duration::days(n)),
            );
            let tasks = tasks
                .into_iter()
                .enumerate()
                .map(|(k, (duration, planned))| TaskTiming {
                    task: id(k),
                    duration_days: duration,
                    planned_start: planned.map(|n| monday() + chrono::Duration::days(n)),
                    actual_start: None,
                    actual_finish: None,
                })
                .collect();
            let links = links
                .into_iter()
                .filter_map(|(a, b, kind, lag)| {
                    let (a, b) = (a.index(count), b.index(count));
                    (a != b).then(|| link(id(a.min(b)), id(a.max(b)), LinkType::ALL[kind], lag))
                })
                .collect();
            let delays = delays.into_iter().map(|(k, n)| (id(k.index(count)), n)).collect();
            let inspections = inspections
                .into_iter()
                .map(|(k, n, r)| (id(k.index(count)), monday() + chrono::Duration::days(n), InspectionResult::ALL[r]))
                .collect();
            ScheduleInput {
                start: monday() + chrono::Duration::days(offset),
                calendar,
                tasks,
                links,
                delays,
                inspections,
                today: monday() + chrono::Duration::days(today),
                ..ScheduleInput::default()
            }
        },
    )
}

/// The test's own reading of the inspection rule: what successors see of a predecessor's finish
/// (a date, possibly a non-working one) and whether its successors are held.
fn release_of(input: &ScheduleInput, t: &ScheduledTask) -> (NaiveDate, bool) {
    let mut list: Vec<_> = input.inspections.iter().filter(|i| i.0 == t.task).collect();
    list.sort_by_key(|i| i.1);
    let mut unresolved = false;
    for (_, _, result) in &list {
        match result {
            InspectionResult::Failed | InspectionResult::Partial => unresolved = true,
            InspectionResult::Passed => unresolved = false,
            InspectionResult::Pending => {}
        }
    }
    let mut release = t.finish;
    if let Some(latest) = list.last() {
        release = release.max(latest.1);
    }
    if unresolved {
        release = release.max(input.today);
    }
    let held = unresolved || input.calendar.working_days_between(t.finish, release) > 0;
    (release, held)
}

/// The working day on or before `day`.
fn on_or_before(cal: &WorkCalendar, day: NaiveDate) -> NaiveDate {
    let mut at = day;
    while !cal.is_working(at) {
        at = at.pred_opt().expect("in range");
    }
    at
}

/// Every rule checked from the outputs alone, for a network without actual dates.
fn check_network(input: &ScheduleInput, s: &Schedule) -> Result<(), TestCaseError> {
    let cal = &input.calendar;
    let first = cal.on_or_after(input.start);
    let out: HashMap<i64, ScheduledTask> = s.tasks.iter().map(|t| (t.task, *t)).collect();
    let project_finish = s.tasks.iter().map(|t| t.finish).max();
    let release = |t: &ScheduledTask| release_of(input, t).0;
    prop_assert_eq!(s.finish, project_finish);
    prop_assert_eq!(s.start, first);
    for timing in &input.tasks {
        let Some(duration) = timing.duration_days else {
            prop_assert!(s.unscheduled.contains(&timing.task));
            continue;
        };
        let t = out[&timing.task];
        let length = (duration - 1).max(0);
        prop_assert!(cal.is_working(t.start));
        prop_assert_eq!(t.finish, cal.finish_of(t.start, duration));
        let mut earliest = first;
        if let Some(planned) = timing.planned_start {
            prop_assert!(t.start >= cal.on_or_after(planned));
            earliest = earliest.max(cal.on_or_after(planned));
        }
        for l in input.links.iter().filter(|l| l.successor == timing.task) {
            let Some(p) = out.get(&l.predecessor) else { continue };
            let lag = l.lag_days;
            let bound = match l.link {
                FS => {
                    prop_assert!(cal.working_days_between(release(p), t.start) > lag, "FS {l:?}");
                    prop_assert!(cal.working_days_between(p.late_finish, t.late_start) > lag, "late FS {l:?}");
                    cal.add_working_days(on_or_before(cal, release(p)), 1 + lag)
                }
                SS => {
                    prop_assert!(cal.working_days_between(p.start, t.start) >= lag, "SS {l:?}");
                    prop_assert!(cal.working_days_between(p.late_start, t.late_start) >= lag, "late SS {l:?}");
                    cal.add_working_days(p.start, lag)
                }
                FF => {
                    prop_assert!(cal.working_days_between(release(p), t.finish) >= lag, "FF {l:?}");
                    prop_assert!(cal.working_days_between(p.late_finish, t.late_finish) >= lag, "late FF {l:?}");
                    cal.add_working_days(on_or_before(cal, release(p)), lag - length)
                }
            };
            earliest = earliest.max(bound);
        }
        // No later than needed either: the start is the latest of its constraints, then its delays.
        let delay: i32 = input.delays.iter().filter(|d| d.0 == timing.task).map(|d| d.1).sum();
        prop_assert_eq!(t.delay_days, delay);
        prop_assert_eq!(t.start, cal.add_working_days(earliest, delay));
        prop_assert!(t.total_float >= 0);
        prop_assert!(t.late_start >= t.start);
        prop_assert_eq!(t.critical, t.total_float == 0);
        prop_assert_eq!(t.total_float, cal.working_days_between(t.start, t.late_start));
        prop_assert_eq!(t.late_start, cal.add_working_days(t.late_finish, -length));
        prop_assert!(Some(t.late_finish) <= project_finish);
        prop_assert_eq!(t.held_by_inspection, release_of(input, &t).1);
    }
    if !s.tasks.is_empty() {
        prop_assert!(!s.critical_path.is_empty());
    }
    let keys: Vec<_> = s.tasks.iter().map(|t| (t.start, t.finish, t.task)).collect();
    prop_assert!(keys.windows(2).all(|w| w[0] < w[1]));
    let critical: Vec<i64> = s.tasks.iter().filter(|t| t.critical).map(|t| t.task).collect();
    prop_assert_eq!(&s.critical_path, &critical);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn random_acyclic_networks_respect_every_link(input in acyclic_network()) {
        let s = compute(&input);
        check_network(&input, &s)?;
    }

    #[test]
    fn link_order_does_not_change_the_schedule(input in acyclic_network()) {
        let mut reversed = input.clone();
        reversed.links.reverse();
        reversed.tasks.reverse();
        let (a, b) = (compute(&input), compute(&reversed));
        prop_assert_eq!(a.tasks, b.tasks);
    }

    #[test]
    fn links_accepted_by_would_close_cycle_never_form_a_cycle(pairs in proptest::collection::vec((0i64..12, 0i64..12), 0..80)) {
        let mut links = Vec::new();
        for (p, s) in pairs {
            if !would_close_cycle(&links, p, s) {
                links.push(link(p, s, FS, 0));
            } else {
                // Refused: there is a path from s to p already, or p == s.
                prop_assert!(p == s || reaches(&links, s, p));
            }
        }
        // Peel tasks with no remaining predecessor: everything goes when there is no cycle.
        let mut left = links.clone();
        loop {
            let before = left.len();
            let blocked: HashSet<i64> = left.iter().map(|l| l.successor).collect();
            left.retain(|l| blocked.contains(&l.predecessor));
            if left.len() == before {
                break;
            }
        }
        prop_assert!(left.is_empty());
    }

    #[test]
    fn wild_inputs_never_panic_and_keep_the_summary_consistent(
        tasks in proptest::collection::vec((proptest::option::of(-5i32..1200), proptest::option::of(-400i64..400), proptest::option::of(-400i64..400), proptest::option::of(-400i64..400)), 0..20),
        links in proptest::collection::vec((0usize..20, 0usize..20, 0usize..3, -400i32..400), 0..40),
        delays in proptest::collection::vec((0usize..20, -10i32..400), 0..10),
        inspections in proptest::collection::vec((0usize..20, -30i64..30, 0usize..4), 0..10),
    ) {
        let id = |k: usize| k as i64 + 1;
        let day = |n: i64| monday() + chrono::Duration::days(n);
        let mut i = input(
            tasks.iter().enumerate().map(|(k, (duration, planned, started, finished))| TaskTiming {
                task: id(k),
                duration_days: *duration,
                planned_start: planned.map(day),
                actual_start: started.map(day),
                actual_finish: finished.map(day),
            }).collect(),
            links.into_iter().map(|(a, b, kind, lag)| link(id(a), id(b), LinkType::ALL[kind], lag)).collect(),
        );
        i.delays = delays.into_iter().map(|(k, n)| (id(k), n)).collect();
        i.inspections = inspections.into_iter().map(|(k, n, r)| (id(k), day(n), InspectionResult::ALL[r])).collect();
        i.baseline = vec![BaselineEntry { task: 1, start: monday(), finish: day(20) }];
        i.monthly_carrying_cost_cents = Some(250_000);
        let s = compute(&i);
        prop_assert_eq!(s.finish, s.tasks.iter().map(|t| t.finish).max());
        prop_assert_eq!(s.tasks.is_empty(), s.critical_path.is_empty());
        prop_assert_eq!(s.tasks.len() + s.unscheduled.len(), i.tasks.len());
        prop_assert_eq!(s.carrying_cost_of_slip_cents.is_some(), s.finish.is_some());
        prop_assert!(s.tasks.iter().all(|t| t.critical == (t.total_float <= 0)));
        prop_assert!(s.tasks.iter().all(|t| t.late_start <= t.late_finish));
    }
}

/// Whether `from` reaches `to` through `links` (a plain depth-first search, to check the engine's).
fn reaches(links: &[Dependency], from: i64, to: i64) -> bool {
    let mut stack = vec![from];
    let mut seen = HashSet::new();
    while let Some(at) = stack.pop() {
        if at == to {
            return true;
        }
        if seen.insert(at) {
            stack.extend(links.iter().filter(|l| l.predecessor == at).map(|l| l.successor));
        }
    }
    false
}
