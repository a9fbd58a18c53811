//! Tasks: one construction job of a project, on the board.

use chrono::NaiveDate;

use crate::error::{DomainError, FieldErrors};
use crate::known_cost::KnownCost;
use crate::money::Money;

/// Board column. Wire labels are exactly the spec's: `To Do`, `In Progress`, `Paid`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TaskStatus {
    ToDo,
    InProgress,
    Paid,
}

impl TaskStatus {
    pub const ALL: [TaskStatus; 3] = [TaskStatus::ToDo, TaskStatus::InProgress, TaskStatus::Paid];

    /// The label used on the wire and stored in the database.
    pub fn label(self) -> &'static str {
        match self {
            TaskStatus::ToDo => "To Do",
            TaskStatus::InProgress => "In Progress",
            TaskStatus::Paid => "Paid",
        }
    }
    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.label() == raw)
    }
}

/// Material quality of a task; drives which catalogue rate applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MaterialQuality {
    Basic,
    Standard,
    Premium,
}

impl MaterialQuality {
    pub const ALL: [MaterialQuality; 3] = [MaterialQuality::Basic, MaterialQuality::Standard, MaterialQuality::Premium];

    pub fn code(self) -> &'static str {
        match self {
            MaterialQuality::Basic => "basic",
            MaterialQuality::Standard => "standard",
            MaterialQuality::Premium => "premium",
        }
    }
    pub fn label(self) -> &'static str {
        match self {
            MaterialQuality::Basic => "Basic",
            MaterialQuality::Standard => "Standard",
            MaterialQuality::Premium => "Premium",
        }
    }
    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|q| q.code() == raw)
    }
}

/// A task title: trimmed, 1 to 200 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskTitle(String);

pub const TITLE_MAX: usize = 200;
pub const DESCRIPTION_MAX: usize = 5000;

impl TaskTitle {
    pub fn parse(raw: &str) -> Result<Self, DomainError> {
        let t = raw.trim();
        if t.is_empty() {
            return Err(FieldErrors::single("title", crate::messages::BLANK));
        }
        if t.chars().count() > TITLE_MAX {
            return Err(FieldErrors::single("title", crate::messages::too_long(TITLE_MAX)));
        }
        Ok(Self(t.to_owned()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
    pub fn into_inner(self) -> String {
        self.0
    }
}

/// Checks a description's length; descriptions may be empty.
pub fn parse_description(raw: &str) -> Result<String, DomainError> {
    if raw.chars().count() > DESCRIPTION_MAX {
        return Err(FieldErrors::single("description", crate::messages::too_long(DESCRIPTION_MAX)));
    }
    Ok(raw.to_owned())
}

/// A task as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Task {
    pub id: i64,
    pub project_id: i64,
    pub title: String,
    pub description: String,
    pub status: TaskStatus,
    pub material_quality: MaterialQuality,
    pub actual_cost: Option<Money>,
    pub due_date: Option<NaiveDate>,
    /// Order inside its column, 0-based.
    pub position: i32,
    /// Its bids: committed cost, count, lowest (kept on the task row by every bid write).
    pub bids: crate::bid::BidFigures,
    /// Its payments and approved change orders (kept on the task row by every ledger write).
    pub ledger: LedgerFigures,
    /// Its dates and duration on the schedule (docs/schedule.md).
    pub schedule: TaskSchedule,
}

impl Task {
    /// Its Paid (docs/money.md): see [`paid_to_date_cents`].
    pub fn paid_to_date_cents(&self) -> i64 {
        paid_to_date_cents(self.status, self.actual_cost, self.ledger.paid_cents)
    }

    /// Its Remaining: see [`remaining_to_pay_cents`].
    pub fn remaining_to_pay_cents(&self) -> Option<i64> {
        remaining_to_pay_cents(self.actual_cost, self.bids.committed, self.paid_to_date_cents())
    }
}

/// A task's **Paid** (docs/money.md), the one meaning of "paid" on every screen: the sum of its
/// payments, or its actual cost when the task is in Paid and that is more (a task finished and
/// paid outside the ledger still counts as paid).
pub fn paid_to_date_cents(status: TaskStatus, actual_cost: Option<Money>, payments_cents: i64) -> i64 {
    let actual = match status {
        TaskStatus::Paid => actual_cost.map_or(0, Money::cents),
        _ => 0,
    };
    payments_cents.max(actual).max(0)
}

/// A task's **Remaining**: its known cost (the actual cost, else the committed cost) minus its
/// Paid, never below 0 (an overpaid task owes nothing, it does not owe less elsewhere); `None`
/// while nothing is known of its cost.
pub fn remaining_to_pay_cents(actual_cost: Option<Money>, committed: Option<Money>, paid_cents: i64) -> Option<i64> {
    KnownCost::of(actual_cost, committed).map(|owed| (owed.cents() - paid_cents).max(0))
}

/// What a task's payments and change orders bring to the board.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LedgerFigures {
    /// Sum of its payments.
    pub paid_cents: i64,
    pub payment_count: i32,
    /// Sum of its approved change orders (in its committed cost when it has an award).
    pub change_order_cents: i64,
}

/// A task's own dates and duration on the schedule (docs/schedule.md); what the schedule
/// computes from them lives in [`crate::schedule`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TaskSchedule {
    /// Start no earlier than.
    pub planned_start: Option<NaiveDate>,
    /// Working days, 0 to [`crate::schedule::DURATION_DAYS_MAX`] (0: a milestone); `None`: not scheduled.
    pub duration_days: Option<i32>,
    pub actual_start: Option<NaiveDate>,
    pub actual_finish: Option<NaiveDate>,
}

/// An actual finish before the actual start.
pub const MSG_FINISH_BEFORE_START: &str = "The actual finish cannot be before the actual start.";

impl TaskSchedule {
    /// These dates with `changes`' schedule fields applied.
    pub fn with(self, changes: &TaskChanges) -> TaskSchedule {
        TaskSchedule {
            planned_start: changes.planned_start.unwrap_or(self.planned_start),
            duration_days: changes.duration_days.unwrap_or(self.duration_days),
            actual_start: changes.actual_start.unwrap_or(self.actual_start),
            actual_finish: changes.actual_finish.unwrap_or(self.actual_finish),
        }
    }

    /// The rule between its fields: an actual finish is not before the actual start.
    pub fn check(&self) -> Result<(), DomainError> {
        match (self.actual_start, self.actual_finish) {
            (Some(start), Some(finish)) if finish < start => {
                Err(FieldErrors::single("actual_finish", MSG_FINISH_BEFORE_START))
            }
            _ => Ok(()),
        }
    }

    /// What a move to `status` records on `today` when the dates are empty (issue 33): In
    /// Progress starts the task, Paid finishes it. Each stays editable afterwards.
    pub fn on_move(&self, status: TaskStatus, today: NaiveDate, changes: &mut TaskChanges) {
        let current = self.with(changes);
        match status {
            TaskStatus::InProgress if current.actual_start.is_none() => changes.actual_start = Some(Some(today)),
            TaskStatus::Paid if current.actual_finish.is_none() => {
                // A finish before a recorded start would break the rule above: the start then wins.
                let finish = current.actual_start.map_or(today, |start| start.max(today));
                changes.actual_finish = Some(Some(finish));
            }
            _ => {}
        }
    }
}

/// A duration in working days: 0 to [`crate::schedule::DURATION_DAYS_MAX`].
pub fn parse_duration_days(raw: i64) -> Result<i32, DomainError> {
    if raw < 0 {
        return Err(FieldErrors::single("duration_days", crate::messages::NOT_NEGATIVE));
    }
    match i32::try_from(raw) {
        Ok(d) if d <= crate::schedule::DURATION_DAYS_MAX => Ok(d),
        _ => Err(FieldErrors::single("duration_days", crate::messages::at_most(crate::schedule::DURATION_DAYS_MAX))),
    }
}

/// Input of a new task, already parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewTask {
    pub project_id: i64,
    pub title: TaskTitle,
    pub description: String,
    pub status: TaskStatus,
    pub material_quality: MaterialQuality,
    pub actual_cost: Option<Money>,
    pub due_date: Option<NaiveDate>,
    pub schedule: TaskSchedule,
}

/// A partial update; `None` leaves the field as it is. For nullable fields the inner
/// `Option` is the new value (`Some(None)` clears it).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TaskChanges {
    pub title: Option<TaskTitle>,
    pub description: Option<String>,
    pub status: Option<TaskStatus>,
    pub material_quality: Option<MaterialQuality>,
    pub actual_cost: Option<Option<Money>>,
    pub due_date: Option<Option<NaiveDate>>,
    /// Wanted index inside the (new) column. Without it a task that changes column goes last.
    pub position: Option<i32>,
    pub planned_start: Option<Option<NaiveDate>>,
    pub duration_days: Option<Option<i32>>,
    pub actual_start: Option<Option<NaiveDate>>,
    pub actual_finish: Option<Option<NaiveDate>>,
}

impl TaskChanges {
    pub fn is_empty(&self) -> bool {
        *self == TaskChanges::default()
    }

    /// Whether it changes a schedule field.
    pub fn changes_schedule(&self) -> bool {
        self.planned_start.is_some()
            || self.duration_days.is_some()
            || self.actual_start.is_some()
            || self.actual_finish.is_some()
    }
}

/// Cost per square foot in cents, rounded half up: `cost / sqft`. `None` without a cost or area.
pub fn cost_per_sqft_cents(cost: Option<Money>, square_footage: i64) -> Option<i64> {
    let cost = cost?;
    if square_footage <= 0 {
        return None;
    }
    Some((cost.cents() * 2 + square_footage) / (square_footage * 2))
}

/// Predicted cost of a task: rate per sq ft (cents) x square footage.
pub fn predicted_cost(rate_cents_per_sqft: i64, square_footage: i64) -> Option<Money> {
    rate_cents_per_sqft.checked_mul(square_footage).and_then(Money::from_cents)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_labels_round_trip() {
        for s in TaskStatus::ALL {
            assert_eq!(TaskStatus::parse(s.label()), Some(s));
        }
        assert_eq!(TaskStatus::parse("Done"), None);
        assert_eq!(TaskStatus::parse("to do"), None);
    }

    #[test]
    fn quality_codes_round_trip() {
        for q in MaterialQuality::ALL {
            assert_eq!(MaterialQuality::parse(q.code()), Some(q));
        }
        assert_eq!(MaterialQuality::parse("luxury"), None);
    }

    #[test]
    fn blank_or_long_titles_are_rejected() {
        assert!(TaskTitle::parse("   ").is_err());
        assert!(TaskTitle::parse(&"x".repeat(201)).is_err());
        assert_eq!(TaskTitle::parse("  Framing ").unwrap().as_str(), "Framing");
    }

    #[test]
    fn long_descriptions_are_rejected() {
        assert!(parse_description(&"d".repeat(5001)).is_err());
        assert_eq!(parse_description("").unwrap(), "");
    }

    #[test]
    fn cost_per_sqft_rounds_half_up() {
        let c = Money::from_cents(100_000).unwrap();
        assert_eq!(cost_per_sqft_cents(Some(c), 2000), Some(50));
        assert_eq!(cost_per_sqft_cents(Some(Money::from_cents(5).unwrap()), 2), Some(3));
        assert_eq!(cost_per_sqft_cents(None, 2000), None);
        assert_eq!(cost_per_sqft_cents(Some(c), 0), None);
    }

    #[test]
    fn predicted_cost_multiplies_rate_by_area() {
        assert_eq!(predicted_cost(1250, 2000).unwrap().cents(), 2_500_000);
    }

    #[test]
    fn empty_changes_are_detected() {
        assert!(TaskChanges::default().is_empty());
        assert!(!TaskChanges { position: Some(0), ..Default::default() }.is_empty());
    }
}
