//! What a schedule stores besides the tasks' own dates: links between tasks, recorded delays and
//! inspections, each parsed once at the edge.

use chrono::NaiveDate;

use crate::error::{DomainError, FieldErrors};

/// Longest duration of one task, in working days (about four years of five-day weeks).
pub const DURATION_DAYS_MAX: i32 = 1000;
/// Largest lag of a link, either way, in working days.
pub const LAG_DAYS_MAX: i32 = 365;
/// Largest delay one record may hold, in working days.
pub const DELAY_DAYS_MAX: i32 = 365;
/// Longest note or inspection notes.
pub const NOTE_MAX: usize = 2000;
/// Longest short text (an inspection's kind, its inspector).
pub const TEXT_MAX: usize = 200;

/// How a link constrains its successor (docs/schedule.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LinkType {
    /// Finish to start: the successor starts the first working day after the predecessor finishes, plus lag.
    FinishToStart,
    /// Start to start: the successor starts no earlier than the predecessor's start plus lag.
    StartToStart,
    /// Finish to finish: the successor finishes no earlier than the predecessor's finish plus lag.
    FinishToFinish,
}

impl LinkType {
    pub const ALL: [LinkType; 3] = [LinkType::FinishToStart, LinkType::StartToStart, LinkType::FinishToFinish];
    /// Wire and stored code: `FS`, `SS`, `FF`.
    pub fn code(self) -> &'static str {
        match self {
            LinkType::FinishToStart => "FS",
            LinkType::StartToStart => "SS",
            LinkType::FinishToFinish => "FF",
        }
    }
    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.code() == raw)
    }
}

/// A link between two tasks of one project, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dependency {
    pub id: i64,
    pub project_id: i64,
    pub predecessor: i64,
    pub successor: i64,
    pub link: LinkType,
    /// Working days; may be negative (a lead).
    pub lag_days: i32,
}

/// A link's fields, parsed (the two tasks are checked by the use case: same project, owner, no cycle).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DependencyDetails {
    pub predecessor: i64,
    pub successor: i64,
    pub link: LinkType,
    pub lag_days: i32,
}

/// Why a task slipped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DelayReason {
    Weather,
    Inspection,
    Materials,
    Labor,
    OwnerChange,
    Lender,
    Other,
}

impl DelayReason {
    pub const ALL: [DelayReason; 7] = [
        DelayReason::Weather,
        DelayReason::Inspection,
        DelayReason::Materials,
        DelayReason::Labor,
        DelayReason::OwnerChange,
        DelayReason::Lender,
        DelayReason::Other,
    ];
    /// Wire and stored code.
    pub fn code(self) -> &'static str {
        match self {
            DelayReason::Weather => "weather",
            DelayReason::Inspection => "inspection",
            DelayReason::Materials => "materials",
            DelayReason::Labor => "labor",
            DelayReason::OwnerChange => "owner_change",
            DelayReason::Lender => "lender",
            DelayReason::Other => "other",
        }
    }
    /// What a person reads.
    pub fn label(self) -> &'static str {
        match self {
            DelayReason::Weather => "Weather",
            DelayReason::Inspection => "Inspection",
            DelayReason::Materials => "Materials",
            DelayReason::Labor => "Labor",
            DelayReason::OwnerChange => "Owner change",
            DelayReason::Lender => "Lender",
            DelayReason::Other => "Other",
        }
    }
    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.code() == raw)
    }
}

/// A recorded delay, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delay {
    pub id: i64,
    pub project_id: i64,
    pub task_id: i64,
    pub details: DelayDetails,
}

/// A delay's fields, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DelayDetails {
    /// Working days, 1 to [`DELAY_DAYS_MAX`].
    pub days: i32,
    pub reason: DelayReason,
    pub note: String,
    pub recorded_on: NaiveDate,
}

/// An inspection's outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InspectionResult {
    Pending,
    Passed,
    Failed,
    Partial,
}

impl InspectionResult {
    pub const ALL: [InspectionResult; 4] =
        [InspectionResult::Pending, InspectionResult::Passed, InspectionResult::Failed, InspectionResult::Partial];
    pub fn code(self) -> &'static str {
        match self {
            InspectionResult::Pending => "pending",
            InspectionResult::Passed => "passed",
            InspectionResult::Failed => "failed",
            InspectionResult::Partial => "partial",
        }
    }
    pub fn label(self) -> &'static str {
        match self {
            InspectionResult::Pending => "Pending",
            InspectionResult::Passed => "Passed",
            InspectionResult::Failed => "Failed",
            InspectionResult::Partial => "Partial",
        }
    }
    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.code() == raw)
    }
}

/// Common inspection kinds, offered as suggestions (any text of 1 to [`TEXT_MAX`] characters is accepted).
pub const INSPECTION_KIND_SUGGESTIONS: &[&str] = &[
    "Footing",
    "Foundation",
    "Underslab plumbing",
    "Framing",
    "Electrical rough-in",
    "Plumbing rough-in",
    "Mechanical rough-in",
    "Insulation",
    "Drywall",
    "Final electrical",
    "Final plumbing",
    "Final mechanical",
    "Final",
];

/// An inspection, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inspection {
    pub id: i64,
    pub project_id: i64,
    pub task_id: i64,
    pub details: InspectionDetails,
}

/// An inspection's fields, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InspectionDetails {
    /// Trimmed, 1 to [`TEXT_MAX`] characters.
    pub kind: String,
    pub scheduled_on: NaiveDate,
    /// Trimmed, up to [`TEXT_MAX`] characters, may be empty.
    pub inspector: String,
    pub result: InspectionResult,
    pub notes: String,
    /// A document of the same task (the inspection card, a correction notice).
    pub document_id: Option<i64>,
}

/// A trimmed text of up to `max` characters, required or not; the field's message otherwise.
pub fn parse_text(field: &str, raw: &str, max: usize, required: bool) -> Result<String, DomainError> {
    let t = raw.trim();
    if required && t.is_empty() {
        return Err(FieldErrors::single(field, crate::messages::BLANK));
    }
    if t.chars().count() > max {
        return Err(FieldErrors::single(field, crate::messages::too_long(max)));
    }
    Ok(t.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for t in LinkType::ALL {
            assert_eq!(LinkType::parse(t.code()), Some(t));
        }
        for r in DelayReason::ALL {
            assert_eq!(DelayReason::parse(r.code()), Some(r));
        }
        for r in InspectionResult::ALL {
            assert_eq!(InspectionResult::parse(r.code()), Some(r));
        }
        assert_eq!(LinkType::parse("fs"), None);
    }

    #[test]
    fn texts_are_trimmed_and_bounded() {
        assert_eq!(parse_text("kind", "  Framing ", TEXT_MAX, true).unwrap(), "Framing");
        assert!(parse_text("kind", "   ", TEXT_MAX, true).is_err());
        assert_eq!(parse_text("inspector", "", TEXT_MAX, false).unwrap(), "");
        assert!(parse_text("notes", &"x".repeat(NOTE_MAX + 1), NOTE_MAX, false).is_err());
    }
}
