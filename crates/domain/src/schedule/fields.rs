//! A delay's and an inspection's fields as sent, each parsed on its own so that a body's
//! problems are all reported at once; the records they make, over the stored ones on an update;
//! and what recorded delays cost while the project carries its loan (issue 33).

use chrono::NaiveDate;

use super::calendar::WorkWeek;
use super::records::{
    parse_text, Delay, DelayDetails, DelayReason, InspectionDetails, InspectionResult, DELAY_DAYS_MAX, NOTE_MAX,
    TEXT_MAX,
};
use crate::error::{DomainError, FieldErrors};
use crate::messages;
use crate::money::Money;

/// A delay's days outside 1 to [`DELAY_DAYS_MAX`].
pub const MSG_DELAY_DAYS: &str = "Ensure this value is between 1 and 365.";

/// A delay's working days: 1 to [`DELAY_DAYS_MAX`].
pub fn delay_days(raw: i64) -> Result<i32, DomainError> {
    match i32::try_from(raw) {
        Ok(days) if (1..=DELAY_DAYS_MAX).contains(&days) => Ok(days),
        _ => Err(FieldErrors::single("days", MSG_DELAY_DAYS)),
    }
}

/// A delay's reason code (`weather`, `inspection`, ...).
pub fn delay_reason(raw: &str) -> Result<DelayReason, DomainError> {
    DelayReason::parse(raw.trim()).ok_or_else(|| FieldErrors::single("reason", messages::not_a_choice(raw)))
}

/// An inspection's result code (`pending`, `passed`, `failed`, `partial`).
pub fn inspection_result(raw: &str) -> Result<InspectionResult, DomainError> {
    InspectionResult::parse(raw.trim()).ok_or_else(|| FieldErrors::single("result", messages::not_a_choice(raw)))
}

/// A date of a record, `YYYY-MM-DD` within the dates the app accepts; `None` when empty.
pub fn record_date(field: &str, raw: &str) -> Result<Option<NaiveDate>, DomainError> {
    crate::bid::optional_date(field, raw)
}

/// A delay's fields as sent; `None`: absent (a create) or unchanged (an update).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DelayInput {
    pub days: Option<i32>,
    pub reason: Option<DelayReason>,
    pub note: Option<String>,
    /// `Some(None)`: sent empty or null, today.
    pub recorded_on: Option<Option<NaiveDate>>,
}

impl DelayInput {
    /// A note trimmed, at most [`NOTE_MAX`] characters; empty for none.
    pub fn note(raw: &str) -> Result<String, DomainError> {
        parse_text("note", raw, NOTE_MAX, false)
    }

    /// The delay's fields: the input over `current` (an update) or alone (a create: days and
    /// reason required). The date is today when left out on a create or sent empty.
    pub fn apply(self, current: Option<&DelayDetails>, today: NaiveDate) -> Result<DelayDetails, DomainError> {
        let mut errors = FieldErrors::new();
        let days = self.days.or(current.map(|c| c.days));
        let reason = self.reason.or(current.map(|c| c.reason));
        if days.is_none() {
            errors.add("days", messages::REQUIRED);
        }
        if reason.is_none() {
            errors.add("reason", messages::REQUIRED);
        }
        errors.into_result()?;
        let recorded_on = match self.recorded_on {
            Some(date) => date.unwrap_or(today),
            None => current.map_or(today, |c| c.recorded_on),
        };
        Ok(DelayDetails {
            days: days.unwrap_or(1),
            reason: reason.unwrap_or(DelayReason::Other),
            note: self.note.or_else(|| current.map(|c| c.note.clone())).unwrap_or_default(),
            recorded_on,
        })
    }
}

/// An inspection's fields as sent; `None`: absent (a create) or unchanged (an update).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InspectionInput {
    pub kind: Option<String>,
    pub scheduled_on: Option<NaiveDate>,
    pub inspector: Option<String>,
    pub result: Option<InspectionResult>,
    pub notes: Option<String>,
    /// `Some(None)`: sent as null, no document.
    pub document: Option<Option<i64>>,
}

impl InspectionInput {
    /// One text field trimmed: `kind` required, at most [`TEXT_MAX`]; `inspector` at most
    /// [`TEXT_MAX`]; `notes` at most [`NOTE_MAX`].
    pub fn text(field: &str, raw: &str) -> Result<String, DomainError> {
        match field {
            "kind" => parse_text(field, raw, TEXT_MAX, true),
            "notes" => parse_text(field, raw, NOTE_MAX, false),
            _ => parse_text(field, raw, TEXT_MAX, false),
        }
    }

    /// The inspection's fields: the input over `current` (an update) or alone (a create: kind
    /// and date required, pending by default).
    pub fn apply(self, current: Option<&InspectionDetails>) -> Result<InspectionDetails, DomainError> {
        let mut errors = FieldErrors::new();
        let kind = self.kind.or_else(|| current.map(|c| c.kind.clone()));
        let scheduled_on = self.scheduled_on.or(current.map(|c| c.scheduled_on));
        if kind.is_none() {
            errors.add("kind", messages::REQUIRED);
        }
        if scheduled_on.is_none() {
            errors.add("scheduled_on", messages::REQUIRED);
        }
        let (Some(kind), Some(scheduled_on)) = (kind, scheduled_on) else {
            return Err(DomainError::Validation(errors));
        };
        Ok(InspectionDetails {
            kind,
            scheduled_on,
            inspector: self.inspector.or_else(|| current.map(|c| c.inspector.clone())).unwrap_or_default(),
            result: self.result.or(current.map(|c| c.result)).unwrap_or(InspectionResult::Pending),
            notes: self.notes.or_else(|| current.map(|c| c.notes.clone())).unwrap_or_default(),
            document_id: self.document.unwrap_or_else(|| current.and_then(|c| c.document_id)),
        })
    }
}

/// What a project's time costs: its monthly carrying cost (interest, rent, insurance) and the
/// working days of its week, which say how many calendar days a working day spans.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CarryingCost {
    /// Cents a month; `None` when the project has none set.
    pub monthly_cents: Option<i64>,
    /// 1 to 7.
    pub working_days_per_week: u32,
}

impl CarryingCost {
    /// A project's: its monthly carrying cost and its work week (never empty).
    pub fn new(monthly: Option<Money>, week: WorkWeek) -> Self {
        let days = week.codes().len();
        let working_days_per_week = if days == 0 { 5 } else { days as u32 };
        CarryingCost { monthly_cents: monthly.map(Money::cents), working_days_per_week }
    }
}

/// What `days` working days of delay cost: the calendar days they span on average
/// (`days` x 7 / working days per week) at the monthly cost / 30 a day, in cents rounded half
/// up (one rounding, at the end).
pub fn delay_cost_cents(days: i64, working_days_per_week: u32, monthly_cents: i64) -> i64 {
    let per_week = i128::from(working_days_per_week.clamp(1, 7));
    let numerator = i128::from(days) * 7 * i128::from(monthly_cents);
    let denominator = per_week * 30;
    let rounded = (2 * numerator + denominator).div_euclid(2 * denominator);
    i64::try_from(rounded).unwrap_or(if rounded > 0 { i64::MAX } else { i64::MIN })
}

/// The delays of one reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DelayTotal {
    pub reason: DelayReason,
    /// Working days.
    pub days: i64,
    /// Cents; `None` without a monthly carrying cost.
    pub cost_cents: Option<i64>,
}

/// A project's delays summed: one total per reason that has delays, in the reasons' order, and
/// the whole (its cost the sum of the reasons' costs, so the table adds up).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DelayTotals {
    pub by_reason: Vec<DelayTotal>,
    pub days: i64,
    pub cost_cents: Option<i64>,
}

pub fn delay_totals(delays: &[Delay], carrying: CarryingCost) -> DelayTotals {
    let by_reason: Vec<DelayTotal> = DelayReason::ALL
        .into_iter()
        .filter_map(|reason| {
            let of_reason: Vec<i64> =
                delays.iter().filter(|d| d.details.reason == reason).map(|d| i64::from(d.details.days)).collect();
            if of_reason.is_empty() {
                return None;
            }
            let days = of_reason.iter().sum();
            let cost_cents = carrying.monthly_cents.map(|m| delay_cost_cents(days, carrying.working_days_per_week, m));
            Some(DelayTotal { reason, days, cost_cents })
        })
        .collect();
    let days = by_reason.iter().map(|t| t.days).sum();
    let cost_cents = carrying
        .monthly_cents
        .map(|_| by_reason.iter().filter_map(|t| t.cost_cents).fold(0i64, |s, c| s.saturating_add(c)));
    DelayTotals { by_reason, days, cost_cents }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn delay(days: i32, reason: DelayReason) -> Delay {
        Delay {
            id: 1,
            project_id: 1,
            task_id: 1,
            details: DelayDetails { days, reason, note: String::new(), recorded_on: day("2026-11-02") },
        }
    }

    #[test]
    fn a_delays_cost_is_the_calendar_days_it_spans_at_the_daily_carrying_cost() {
        // 5 working days of a five-day week: 7 calendar days at $3,000 / 30 = $100 a day.
        assert_eq!(delay_cost_cents(5, 5, 300_000), 70_000);
        // A six-day week: 6 working days span 7 calendar days.
        assert_eq!(delay_cost_cents(6, 6, 300_000), 70_000);
        // 1 day of a five-day week at $1,000 a month: 1.4 x 3333.33.. = 4666.66.. cents, half up.
        assert_eq!(delay_cost_cents(1, 5, 100_000), 4_667);
        // Half a cent rounds up: 1 x 7 / 7 x 15 / 30 = 0.5 cent.
        assert_eq!(delay_cost_cents(1, 7, 15), 1);
        assert_eq!(delay_cost_cents(3, 5, 0), 0);
        assert_eq!(delay_cost_cents(365, 1, i64::MAX), i64::MAX, "saturates, never wraps");
    }

    #[test]
    fn totals_are_per_reason_in_the_reasons_order_and_add_up() {
        let delays = [delay(2, DelayReason::Labor), delay(3, DelayReason::Weather), delay(1, DelayReason::Weather)];
        let carrying = CarryingCost { monthly_cents: Some(100_000), working_days_per_week: 5 };
        let t = delay_totals(&delays, carrying);
        let rows: Vec<(DelayReason, i64)> = t.by_reason.iter().map(|r| (r.reason, r.days)).collect();
        assert_eq!(rows, [(DelayReason::Weather, 4), (DelayReason::Labor, 2)]);
        assert_eq!(t.by_reason[0].cost_cents, Some(18_667));
        assert_eq!(t.by_reason[1].cost_cents, Some(9_333));
        assert_eq!((t.days, t.cost_cents), (6, Some(28_000)));
        let without = delay_totals(&delays, CarryingCost { monthly_cents: None, working_days_per_week: 5 });
        assert_eq!((without.days, without.cost_cents, without.by_reason[0].cost_cents), (6, None, None));
        let none = delay_totals(&[], carrying);
        assert_eq!((none.by_reason.len(), none.days, none.cost_cents), (0, 0, Some(0)));
    }

    #[test]
    fn the_work_week_gives_the_days_per_week() {
        let week = |codes: &[&str]| WorkWeek::parse(&codes.iter().map(|c| c.to_string()).collect::<Vec<_>>()).unwrap();
        let default = CarryingCost::new(None, WorkWeek::default());
        assert_eq!(default, CarryingCost { monthly_cents: None, working_days_per_week: 5 });
        let six = CarryingCost::new(Money::from_cents(300_000), week(&["mon", "tue", "wed", "thu", "fri", "sat"]));
        assert_eq!(six, CarryingCost { monthly_cents: Some(300_000), working_days_per_week: 6 });
    }

    #[test]
    fn fields_are_parsed_one_by_one() {
        assert_eq!(delay_days(1).unwrap(), 1);
        assert_eq!(delay_days(365).unwrap(), 365);
        for bad in [0, 366, -1, i64::MAX] {
            assert_eq!(delay_days(bad).unwrap_err().fields().as_map()["days"], [MSG_DELAY_DAYS]);
        }
        assert_eq!(delay_reason(" owner_change ").unwrap(), DelayReason::OwnerChange);
        assert_eq!(delay_reason("rain").unwrap_err().fields().as_map()["reason"], ["\"rain\" is not a valid choice."]);
        assert_eq!(inspection_result("passed").unwrap(), InspectionResult::Passed);
        assert!(inspection_result("ok").is_err());
        assert_eq!(record_date("recorded_on", "2026-11-02").unwrap(), Some(day("2026-11-02")));
        assert_eq!(record_date("recorded_on", "").unwrap(), None);
        assert!(record_date("recorded_on", "11/02/2026").is_err());
        assert!(InspectionInput::text("kind", " ").is_err());
        assert_eq!(InspectionInput::text("inspector", " ").unwrap(), "");
        assert!(InspectionInput::text("inspector", &"x".repeat(TEXT_MAX + 1)).is_err());
        assert!(DelayInput::note(&"x".repeat(NOTE_MAX + 1)).is_err());
    }

    #[test]
    fn a_delay_is_made_or_changed_field_by_field() {
        let today = day("2026-11-24");
        let err = DelayInput::default().apply(None, today).unwrap_err();
        assert!(err.fields().contains("days") && err.fields().contains("reason"));
        let made = DelayInput { days: Some(3), reason: Some(DelayReason::Weather), ..Default::default() }
            .apply(None, today)
            .unwrap();
        assert_eq!((made.days, made.recorded_on, made.note.as_str()), (3, today, ""));
        let stored = DelayDetails { recorded_on: day("2026-11-02"), note: "rain".into(), ..made };
        let changed = DelayInput { days: Some(4), ..Default::default() }.apply(Some(&stored), today).unwrap();
        assert_eq!((changed.days, changed.reason, changed.recorded_on), (4, DelayReason::Weather, day("2026-11-02")));
        assert_eq!(changed.note, "rain");
        let cleared = DelayInput { recorded_on: Some(None), ..Default::default() }.apply(Some(&stored), today).unwrap();
        assert_eq!(cleared.recorded_on, today);
    }

    #[test]
    fn an_inspection_is_made_or_changed_field_by_field() {
        let err = InspectionInput::default().apply(None).unwrap_err();
        assert!(err.fields().contains("kind") && err.fields().contains("scheduled_on"));
        let made = InspectionInput {
            kind: Some("Framing".into()),
            scheduled_on: Some(day("2026-12-01")),
            document: Some(Some(5)),
            ..Default::default()
        }
        .apply(None)
        .unwrap();
        assert_eq!((made.result, made.inspector.as_str(), made.document_id), (InspectionResult::Pending, "", Some(5)));
        let passed = InspectionInput { result: Some(InspectionResult::Passed), ..Default::default() }
            .apply(Some(&made))
            .unwrap();
        assert_eq!(
            (passed.result, passed.kind.as_str(), passed.document_id),
            (InspectionResult::Passed, "Framing", Some(5))
        );
        let detached = InspectionInput { document: Some(None), ..Default::default() }.apply(Some(&made)).unwrap();
        assert_eq!(detached.document_id, None);
    }
}
