//! The trail's sentences for the schedule (issue 33): delays, inspections, links between tasks,
//! the baseline and the calendar feed's link.

use chrono::NaiveDate;

use super::Activity;
use crate::schedule::{Delay, Dependency, Inspection, InspectionResult, LinkType};

fn days(n: i32) -> String {
    if n.abs() == 1 {
        format!("{n} working day")
    } else {
        format!("{n} working days")
    }
}

fn link_label(link: LinkType) -> &'static str {
    match link {
        LinkType::FinishToStart => "finish to start",
        LinkType::StartToStart => "start to start",
        LinkType::FinishToFinish => "finish to finish",
    }
}

/// A link's type and lag as a person reads them: `finish to start, lag of 2 working days`.
fn link_terms(d: &Dependency) -> String {
    match d.lag_days {
        0 => link_label(d.link).to_owned(),
        lag => format!("{}, lag of {}", link_label(d.link), days(lag)),
    }
}

/// A new link; `predecessor` and `successor` are the two tasks' titles. The entry is the
/// successor's (the task whose dates the link moves).
pub fn dependency_created(d: &Dependency, predecessor: &str, successor: &str) -> Activity {
    Activity::new(
        "dependency.created",
        Some(d.successor),
        format!("Linked {successor} to follow {predecessor} ({}).", link_terms(d)),
    )
}

/// A link's type or lag changed; `None` when nothing changed.
pub fn dependency_changed(
    before: &Dependency,
    after: &Dependency,
    predecessor: &str,
    successor: &str,
) -> Option<Activity> {
    if (before.link, before.lag_days) == (after.link, after.lag_days) {
        return None;
    }
    Some(Activity::new(
        "dependency.edited",
        Some(after.successor),
        format!(
            "Changed the link of {successor} to {predecessor}: {} (was {}).",
            link_terms(after),
            link_terms(before)
        ),
    ))
}

pub fn dependency_deleted(d: &Dependency, predecessor: &str, successor: &str) -> Activity {
    Activity::new(
        "dependency.deleted",
        Some(d.successor),
        format!("Unlinked {successor} from {predecessor} ({}).", link_terms(d)),
    )
}

/// A baseline taken: `replaced` when the project had one, whose finish was `before_finish`;
/// the new one holds `tasks` scheduled tasks finishing on `finish`.
pub fn schedule_baselined(
    replaced: bool,
    before_finish: Option<NaiveDate>,
    finish: Option<NaiveDate>,
    tasks: usize,
) -> Activity {
    let taken = if replaced { "Took a new baseline of the schedule" } else { "Took a baseline of the schedule" };
    let summary = match finish {
        None => format!("{taken} with no task scheduled."),
        Some(finish) => {
            let count = if tasks == 1 { "1 task".to_owned() } else { format!("{tasks} tasks") };
            let was = match before_finish {
                Some(b) if replaced && b != finish => format!(" (was {b})"),
                _ => String::new(),
            };
            format!("{taken}: {count}, finishing on {finish}{was}.")
        }
    };
    Activity::new("schedule.baselined", None, summary)
}

/// A calendar feed link made: `replaced` when it replaces one, which stops working.
pub fn calendar_feed_created(replaced: bool) -> Activity {
    let summary = if replaced {
        "Made a new calendar feed link; the previous one stopped working."
    } else {
        "Made a calendar feed link."
    };
    Activity::new("calendar_feed.created", None, summary.to_owned())
}

pub fn calendar_feed_revoked() -> Activity {
    Activity::new("calendar_feed.revoked", None, "Revoked the calendar feed link; it stopped working.".to_owned())
}

pub fn delay_created(d: &Delay, task_title: &str) -> Activity {
    Activity::new(
        "delay.created",
        Some(d.task_id),
        format!("Recorded a delay of {} on {task_title}: {}.", days(d.details.days), d.details.reason.label()),
    )
}

/// `None` when nothing changed.
pub fn delay_changed(before: &Delay, after: &Delay, task_title: &str) -> Option<Activity> {
    if before.details == after.details {
        return None;
    }
    let (b, a) = (before.details.days, after.details.days);
    let summary = if a == b {
        format!("Edited a delay of {} on {task_title}.", days(a))
    } else {
        format!("A delay on {task_title} changed from {} to {}.", days(b), days(a))
    };
    Some(Activity::new("delay.edited", Some(after.task_id), summary))
}

pub fn delay_deleted(d: &Delay, task_title: &str) -> Activity {
    Activity::new(
        "delay.deleted",
        Some(d.task_id),
        format!("Deleted a delay of {} on {task_title}.", days(d.details.days)),
    )
}

pub fn inspection_created(i: &Inspection, task_title: &str) -> Activity {
    Activity::new(
        "inspection.created",
        Some(i.task_id),
        format!("Scheduled the {} inspection of {task_title} for {}.", i.details.kind, i.details.scheduled_on),
    )
}

/// A result, or another edit; `None` when nothing changed.
pub fn inspection_changed(before: &Inspection, after: &Inspection, task_title: &str) -> Option<Activity> {
    if before.details == after.details {
        return None;
    }
    let d = &after.details;
    let (action, summary) = if before.details.result != d.result && d.result != InspectionResult::Pending {
        ("inspection.result", format!("The {} inspection of {task_title}: {}.", d.kind, d.result.label()))
    } else if before.details.scheduled_on != d.scheduled_on {
        (
            "inspection.edited",
            format!(
                "The {} inspection of {task_title} moved from {} to {}.",
                d.kind, before.details.scheduled_on, d.scheduled_on
            ),
        )
    } else {
        ("inspection.edited", format!("Edited the {} inspection of {task_title}.", d.kind))
    };
    Some(Activity::new(action, Some(after.task_id), summary))
}

pub fn inspection_deleted(i: &Inspection, task_title: &str) -> Activity {
    Activity::new(
        "inspection.deleted",
        Some(i.task_id),
        format!("Deleted the {} inspection of {task_title}.", i.details.kind),
    )
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::schedule::{DelayDetails, DelayReason, InspectionDetails};

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 12, d).unwrap()
    }

    fn delay(days: i32) -> Delay {
        Delay {
            id: 1,
            project_id: 1,
            task_id: 7,
            details: DelayDetails { days, reason: DelayReason::Weather, note: String::new(), recorded_on: day(1) },
        }
    }

    fn inspection(result: InspectionResult, on: u32) -> Inspection {
        Inspection {
            id: 2,
            project_id: 1,
            task_id: 7,
            details: InspectionDetails {
                kind: "Framing".into(),
                scheduled_on: day(on),
                inspector: String::new(),
                result,
                notes: String::new(),
                document_id: None,
            },
        }
    }

    #[test]
    fn delays_read_in_working_days() {
        assert_eq!(delay_created(&delay(1), "Roof").summary, "Recorded a delay of 1 working day on Roof: Weather.");
        let changed = delay_changed(&delay(3), &delay(5), "Roof").unwrap();
        assert_eq!(
            (changed.action, changed.summary.as_str()),
            ("delay.edited", "A delay on Roof changed from 3 working days to 5 working days.")
        );
        assert_eq!(delay_changed(&delay(3), &delay(3), "Roof"), None);
        assert_eq!(delay_deleted(&delay(2), "Roof").summary, "Deleted a delay of 2 working days on Roof.");
    }

    #[test]
    fn inspections_read_as_a_table() {
        use InspectionResult::*;
        assert_eq!(
            inspection_created(&inspection(Pending, 1), "Framing").summary,
            "Scheduled the Framing inspection of Framing for 2026-12-01."
        );
        let rows = [
            (Pending, 1, Passed, 1, Some(("inspection.result", "The Framing inspection of Framing: Passed."))),
            (Pending, 1, Failed, 1, Some(("inspection.result", "The Framing inspection of Framing: Failed."))),
            (
                Pending,
                1,
                Pending,
                3,
                Some(("inspection.edited", "The Framing inspection of Framing moved from 2026-12-01 to 2026-12-03.")),
            ),
            (Passed, 1, Passed, 1, None),
        ];
        for (br, bd, ar, ad, want) in rows {
            let got = inspection_changed(&inspection(br, bd), &inspection(ar, ad), "Framing");
            assert_eq!(got.as_ref().map(|a| (a.action, a.summary.as_str())), want);
        }
        assert_eq!(inspection_deleted(&inspection(Passed, 1), "Framing").action, "inspection.deleted");
    }

    fn link(link: LinkType, lag_days: i32) -> Dependency {
        Dependency { id: 3, project_id: 1, predecessor: 7, successor: 8, link, lag_days }
    }

    #[test]
    fn links_read_with_their_type_and_lag() {
        use LinkType::*;
        let rows = [
            (FinishToStart, 0, "Linked Roof to follow Framing (finish to start)."),
            (StartToStart, 1, "Linked Roof to follow Framing (start to start, lag of 1 working day)."),
            (FinishToFinish, 2, "Linked Roof to follow Framing (finish to finish, lag of 2 working days)."),
            (FinishToStart, -1, "Linked Roof to follow Framing (finish to start, lag of -1 working day)."),
            (FinishToStart, -3, "Linked Roof to follow Framing (finish to start, lag of -3 working days)."),
        ];
        for (kind, lag, want) in rows {
            let made = dependency_created(&link(kind, lag), "Framing", "Roof");
            assert_eq!((made.action, made.task_id, made.summary.as_str()), ("dependency.created", Some(8), want));
        }
        let gone = dependency_deleted(&link(StartToStart, 0), "Framing", "Roof");
        assert_eq!(
            (gone.action, gone.task_id, gone.summary.as_str()),
            ("dependency.deleted", Some(8), "Unlinked Roof from Framing (start to start).")
        );
        let changed = dependency_changed(&link(FinishToStart, 0), &link(StartToStart, 2), "Framing", "Roof").unwrap();
        assert_eq!(
            (changed.action, changed.summary.as_str()),
            (
                "dependency.edited",
                "Changed the link of Roof to Framing: start to start, lag of 2 working days (was finish to start)."
            )
        );
        assert_eq!(dependency_changed(&link(FinishToStart, 1), &link(FinishToStart, 1), "Framing", "Roof"), None);
    }

    #[test]
    fn a_baseline_reads_as_a_table() {
        let rows = [
            (false, None, Some(day(20)), 3, "Took a baseline of the schedule: 3 tasks, finishing on 2026-12-20."),
            (false, None, Some(day(20)), 1, "Took a baseline of the schedule: 1 task, finishing on 2026-12-20."),
            (false, None, None, 0, "Took a baseline of the schedule with no task scheduled."),
            (
                true,
                Some(day(18)),
                Some(day(20)),
                4,
                "Took a new baseline of the schedule: 4 tasks, finishing on 2026-12-20 (was 2026-12-18).",
            ),
            (
                true,
                Some(day(20)),
                Some(day(20)),
                4,
                "Took a new baseline of the schedule: 4 tasks, finishing on 2026-12-20.",
            ),
            (true, None, Some(day(20)), 2, "Took a new baseline of the schedule: 2 tasks, finishing on 2026-12-20."),
            (true, Some(day(18)), None, 0, "Took a new baseline of the schedule with no task scheduled."),
        ];
        for (replaced, before, finish, tasks, want) in rows {
            let a = schedule_baselined(replaced, before, finish, tasks);
            assert_eq!((a.action, a.task_id, a.summary.as_str()), ("schedule.baselined", None, want));
        }
    }

    #[test]
    fn a_calendar_feed_link_made_or_revoked() {
        let rows = [
            (calendar_feed_created(false), "calendar_feed.created", "Made a calendar feed link."),
            (
                calendar_feed_created(true),
                "calendar_feed.created",
                "Made a new calendar feed link; the previous one stopped working.",
            ),
            (calendar_feed_revoked(), "calendar_feed.revoked", "Revoked the calendar feed link; it stopped working."),
        ];
        for (a, action, summary) in rows {
            assert_eq!((a.action, a.task_id, a.summary.as_str()), (action, None, summary));
        }
    }
}
