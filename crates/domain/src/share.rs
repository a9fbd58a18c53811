//! Read-only share links (issue 21): a project owner gives a spouse, a lender or a contractor a
//! link that shows the live budget and board and lets them change nothing. A link has a label
//! ("Bank", "Sam"), an optional last day, and says which of the sensitive sections come with it:
//! documents, bids (competing contractors' prices) and payments (payees and notes), each left
//! out unless the owner asks (security issue 28). Its token is shown once; only its SHA-256 is
//! stored (application layer).

use chrono::NaiveDate;

use crate::error::{DomainError, FieldErrors};

pub const LABEL_MAX: usize = 60;
/// Share links a project may have at once (a cap on what one owner can hand out).
pub const MAX_SHARES_PER_PROJECT: i64 = 50;

/// A project's share link, without its token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Share {
    pub id: i64,
    pub project_id: i64,
    pub owner_id: i64,
    pub label: String,
    /// The last day the link works; `None`: until revoked.
    pub expires_on: Option<NaiveDate>,
    pub include_documents: bool,
    /// Whether the page shows every task's bids side by side (contractors and amounts).
    pub include_bids: bool,
    /// Whether the page lists the payments (dates, payees, amounts, notes).
    pub include_payments: bool,
    /// Whether the page shows the lender draws (issue 34: their lines, retainage and paperwork).
    pub include_draws: bool,
    pub created_at: chrono::NaiveDateTime,
}

impl Share {
    /// Whether the link still works on `today` (it works through its `expires_on` day).
    pub fn is_live(&self, today: NaiveDate) -> bool {
        self.expires_on.is_none_or(|last| today <= last)
    }
}

/// What a new share link is made of, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewShare {
    pub project_id: i64,
    pub label: String,
    pub expires_on: Option<NaiveDate>,
    pub include_documents: bool,
    pub include_bids: bool,
    pub include_payments: bool,
    pub include_draws: bool,
}

/// A new share link's fields, each read and checked on its own ([`ShareInput::label`],
/// [`crate::bid::optional_date`]): the label trimmed, the last day a date.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ShareInput {
    pub project: Option<i64>,
    pub label: Option<String>,
    /// `None` for a link without an end.
    pub expires_on: Option<NaiveDate>,
    pub include_documents: Option<bool>,
    pub include_bids: Option<bool>,
    pub include_payments: Option<bool>,
    pub include_draws: Option<bool>,
}

impl ShareInput {
    /// A link's label as sent, trimmed: 1 to 60 characters, no control characters.
    pub fn label(raw: &str) -> Result<String, DomainError> {
        let label = raw.trim();
        if label.is_empty() {
            Err(FieldErrors::single("label", crate::messages::BLANK))
        } else if label.chars().count() > LABEL_MAX {
            Err(FieldErrors::single("label", crate::messages::too_long(LABEL_MAX)))
        } else if label.chars().any(char::is_control) {
            Err(FieldErrors::single("label", "Use letters, digits and punctuation only."))
        } else {
            Ok(label.to_owned())
        }
    }
}

impl NewShare {
    /// Checks every field at once: a project, a label (see [`ShareInput::label`]), a last day
    /// that is not before `today`. Documents, bids, payments and draws are left out unless asked
    /// for.
    pub fn parse(input: ShareInput, today: NaiveDate) -> Result<NewShare, DomainError> {
        let mut errors = FieldErrors::new();
        if input.project.is_none() {
            errors.add("project", crate::messages::REQUIRED);
        }
        let label = ShareInput::label(input.label.as_deref().unwrap_or("")).unwrap_or_else(|e| {
            for (field, problems) in e.fields().as_map() {
                problems.iter().for_each(|p| errors.add(field, p.clone()));
            }
            String::new()
        });
        let expires_on = input.expires_on;
        if expires_on.is_some_and(|d| d < today) {
            errors.add("expires_on", "The last day of a link cannot be in the past.");
        }
        match (input.project, errors.is_empty()) {
            (Some(project_id), true) => Ok(NewShare {
                project_id,
                label,
                expires_on,
                include_documents: input.include_documents.unwrap_or(false),
                include_bids: input.include_bids.unwrap_or(false),
                include_payments: input.include_payments.unwrap_or(false),
                include_draws: input.include_draws.unwrap_or(false),
            }),
            _ => Err(DomainError::Validation(errors)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn input(label: &str, expires_on: &str) -> ShareInput {
        ShareInput {
            project: Some(1),
            label: Some(label.into()),
            expires_on: (!expires_on.is_empty()).then(|| day(expires_on)),
            include_documents: None,
            include_bids: None,
            include_payments: None,
            include_draws: None,
        }
    }

    fn fields(r: Result<NewShare, DomainError>) -> Vec<String> {
        match r {
            Err(DomainError::Validation(f)) => f.as_map().keys().cloned().collect(),
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    #[test]
    fn a_label_and_an_optional_last_day_make_a_link() {
        let today = day("2026-11-24");
        let s = NewShare::parse(input("  Bank  ", "2026-12-31"), today).unwrap();
        assert_eq!((s.label.as_str(), s.expires_on, s.include_documents), ("Bank", Some(day("2026-12-31")), false));
        assert_eq!(NewShare::parse(input("Sam", ""), today).unwrap().expires_on, None);
        // The last day may be today.
        assert!(NewShare::parse(input("Sam", "2026-11-24"), today).is_ok());
    }

    #[test]
    fn a_link_shows_bids_and_payments_only_when_asked() {
        let today = day("2026-11-24");
        let plain = NewShare::parse(input("Sam", ""), today).unwrap();
        assert_eq!((plain.include_documents, plain.include_bids, plain.include_payments), (false, false, false));
        let asked = |bids, payments| ShareInput { include_bids: bids, include_payments: payments, ..input("Bank", "") };
        let s = NewShare::parse(asked(Some(true), Some(false)), today).unwrap();
        assert_eq!((s.include_documents, s.include_bids, s.include_payments), (false, true, false));
        let s = NewShare::parse(asked(None, Some(true)), today).unwrap();
        assert_eq!((s.include_bids, s.include_payments), (false, true));
        assert!(!s.include_draws, "draws only when asked");
        let s = NewShare::parse(ShareInput { include_draws: Some(true), ..input("Bank", "") }, today).unwrap();
        assert!(s.include_draws);
    }

    #[test]
    fn bad_fields_are_reported_together() {
        let today = day("2026-11-24");
        assert_eq!(fields(NewShare::parse(input("", "2026-11-23"), today)), ["expires_on", "label"]);
        assert_eq!(fields(NewShare::parse(input(&"x".repeat(61), ""), today)), ["label"]);
        assert!(crate::bid::optional_date("expires_on", "31/12/2026").is_err());
        assert_eq!(fields(NewShare::parse(ShareInput::default(), today)), ["label", "project"]);
        assert_eq!(fields(NewShare::parse(input("a\u{0}b", ""), today)), ["label"]);
    }

    #[test]
    fn a_link_works_through_its_last_day() {
        let share = Share {
            id: 1,
            project_id: 1,
            owner_id: 1,
            label: "Bank".into(),
            expires_on: Some(day("2026-11-30")),
            include_documents: false,
            include_bids: false,
            include_payments: false,
            include_draws: false,
            created_at: chrono::NaiveDateTime::default(),
        };
        assert!(share.is_live(day("2026-11-30")));
        assert!(!share.is_live(day("2026-12-01")));
        assert!(Share { expires_on: None, ..share }.is_live(day("2099-01-01")));
    }
}
