//! The trail's sentences for the schedule's records (issue 33's delays and inspections).

use super::Activity;
use crate::schedule::{Delay, Inspection, InspectionResult};

fn days(n: i32) -> String {
    if n == 1 {
        "1 working day".to_owned()
    } else {
        format!("{n} working days")
    }
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
}
