//! A draw's paperwork (issue 34, docs/money.md): the lien waivers it still needs, from the
//! project's payments, waivers and awarded contractors, and the rule that a draw goes to the
//! lender (draft to submitted) only with them, unless the owner says to send it anyway.

use std::collections::HashMap;

use chrono::NaiveDate;

use crate::error::{DomainError, FieldErrors};

use super::super::waivers::{missing_final_waivers, missing_waivers, WaiverCover, WaiverPayment};

pub const MSG_WAIVERS_MISSING: &str =
    "This draw is missing lien waivers: mark them received, or submit with allow_missing_waivers.";
pub const MSG_FINAL_WAIVERS_MISSING: &str =
    "A final draw needs an unconditional final lien waiver from every contractor with an awarded bid.";

/// What a project's draws read to know their missing waivers: one load per project.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectPaperwork {
    /// Payments above this need a waiver (the project's `waiver_threshold_cents`).
    pub threshold_cents: i64,
    /// The project's payments.
    pub payments: Vec<WaiverPayment>,
    /// The project's waivers.
    pub waivers: Vec<WaiverCover>,
    /// Contractors with an awarded bid on the project, each once, in the order found.
    pub awarded_contractors: Vec<i64>,
    /// The names of the contractors above (payments' and awarded ones).
    pub contractor_names: HashMap<i64, String>,
}

/// A payment of a draw's tasks still without its waiver.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissingWaiver {
    pub payment_id: i64,
    pub task_id: i64,
    pub contractor_id: i64,
    pub contractor_name: String,
    pub amount_cents: i64,
    pub paid_on: NaiveDate,
}

/// A contractor a final draw still needs an unconditional final waiver from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissingFinalWaiver {
    pub contractor_id: i64,
    pub contractor_name: String,
}

/// What a draw still needs: the waivers of its payments, and on a final draw the final waivers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DrawPaperwork {
    pub waivers_missing: Vec<MissingWaiver>,
    /// Empty unless the draw is final.
    pub final_waivers_missing: Vec<MissingFinalWaiver>,
}

/// "$2,000.00".
pub fn usd(cents: i64) -> String {
    let whole = (cents.abs() / 100).to_string();
    let mut grouped = String::new();
    for (i, ch) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(ch);
    }
    let sign = if cents < 0 { "-" } else { "" };
    format!("{sign}${grouped}.{:02}", cents.abs() % 100)
}

impl ProjectPaperwork {
    fn name(&self, contractor_id: i64) -> String {
        self.contractor_names.get(&contractor_id).cloned().unwrap_or_default()
    }

    /// What a draw of `task_ids` requested on `requested_on` still needs (final: `is_final`).
    pub fn for_draw(&self, task_ids: &[i64], requested_on: NaiveDate, is_final: bool) -> DrawPaperwork {
        let waivers_missing =
            missing_waivers(task_ids, requested_on, &self.payments, self.threshold_cents, &self.waivers)
                .into_iter()
                .map(|p| {
                    let contractor_id = p.contractor_id.unwrap_or_default();
                    MissingWaiver {
                        payment_id: p.payment_id,
                        task_id: p.task_id,
                        contractor_id,
                        contractor_name: self.name(contractor_id),
                        amount_cents: p.amount_cents,
                        paid_on: p.paid_on,
                    }
                })
                .collect();
        let final_waivers_missing = if is_final {
            missing_final_waivers(&self.awarded_contractors, &self.waivers)
                .into_iter()
                .map(|id| MissingFinalWaiver { contractor_id: id, contractor_name: self.name(id) })
                .collect()
        } else {
            Vec::new()
        };
        DrawPaperwork { waivers_missing, final_waivers_missing }
    }
}

impl DrawPaperwork {
    /// A draw goes to the lender with its paperwork: a 409 naming each missing waiver
    /// ("$2,000.00 to Acme Framing on 2026-11-20 (payment 12)") and each contractor a final
    /// draw needs a final waiver from, the message of the first list that has any.
    pub fn check_submit(&self) -> Result<(), DomainError> {
        let mut fields = FieldErrors::new();
        for w in &self.waivers_missing {
            let line =
                format!("{} to {} on {} (payment {})", usd(w.amount_cents), w.contractor_name, w.paid_on, w.payment_id);
            fields.add("waivers_missing", line);
        }
        for c in &self.final_waivers_missing {
            fields.add("final_waivers_missing", c.contractor_name.clone());
        }
        let message = match (self.waivers_missing.is_empty(), self.final_waivers_missing.is_empty()) {
            (true, true) => return Ok(()),
            (false, _) => MSG_WAIVERS_MISSING,
            (true, false) => MSG_FINAL_WAIVERS_MISSING,
        };
        Err(DomainError::Conflicts { message, fields })
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::waivers::{WaiverKind, WaiverState};
    use super::*;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn paperwork() -> ProjectPaperwork {
        let pay = |payment_id, task_id, contractor_id, amount_cents, paid_on| WaiverPayment {
            payment_id,
            task_id,
            contractor_id,
            amount_cents,
            paid_on: day(paid_on),
        };
        ProjectPaperwork {
            threshold_cents: 50_000,
            payments: vec![
                pay(12, 1, Some(5), 200_000, "2026-11-20"),
                pay(13, 1, Some(5), 50_000, "2026-11-20"), // at the threshold: not needed
                pay(14, 1, None, 900_000, "2026-11-20"),   // no roster contractor
                pay(15, 2, Some(6), 100_000, "2026-11-25"), // after the draw's date
                pay(16, 3, Some(6), 100_000, "2026-11-01"), // covered
                pay(11, 1, Some(6), 75_000, "2026-11-02"),
            ],
            waivers: vec![WaiverCover {
                contractor_id: 6,
                payment_id: Some(16),
                kind: WaiverKind::UnconditionalProgress,
                status: WaiverState::Received,
                through_date: None,
            }],
            awarded_contractors: vec![5, 6],
            contractor_names: HashMap::from([(5, "Acme Framing".to_owned()), (6, "Roof Co".to_owned())]),
        }
    }

    #[test]
    fn a_draw_lists_the_waivers_its_payments_need() {
        let p = paperwork().for_draw(&[1, 2, 3], day("2026-11-24"), false);
        let ids: Vec<i64> = p.waivers_missing.iter().map(|w| w.payment_id).collect();
        assert_eq!(ids, [11, 12], "in paid_on order");
        assert_eq!(p.waivers_missing[1].contractor_name, "Acme Framing");
        assert!(p.final_waivers_missing.is_empty(), "not final");
        let e = p.check_submit().unwrap_err();
        let DomainError::Conflicts { message, fields } = e else { panic!() };
        assert_eq!(message, MSG_WAIVERS_MISSING);
        assert_eq!(
            fields.as_map()["waivers_missing"],
            ["$750.00 to Roof Co on 2026-11-02 (payment 11)", "$2,000.00 to Acme Framing on 2026-11-20 (payment 12)"]
        );
    }

    #[test]
    fn a_final_draw_needs_a_final_waiver_from_every_awarded_contractor() {
        let mut work = paperwork();
        work.waivers.push(WaiverCover {
            contractor_id: 6,
            payment_id: None,
            kind: WaiverKind::UnconditionalFinal,
            status: WaiverState::Received,
            through_date: Some(day("2026-11-30")),
        });
        let p = work.for_draw(&[3], day("2026-11-24"), true);
        assert!(p.waivers_missing.is_empty());
        assert_eq!(
            p.final_waivers_missing,
            [MissingFinalWaiver { contractor_id: 5, contractor_name: "Acme Framing".into() }]
        );
        let DomainError::Conflicts { message, fields } = p.check_submit().unwrap_err() else { panic!() };
        assert_eq!(message, MSG_FINAL_WAIVERS_MISSING);
        assert_eq!(fields.as_map()["final_waivers_missing"], ["Acme Framing"]);
        // Both lists: the message of the first.
        let both = work.for_draw(&[1, 3], day("2026-11-24"), true);
        let DomainError::Conflicts { message, fields } = both.check_submit().unwrap_err() else { panic!() };
        assert_eq!((message, fields.as_map().len()), (MSG_WAIVERS_MISSING, 2));
        assert_eq!(DrawPaperwork::default().check_submit(), Ok(()));
    }

    #[test]
    fn dollars_read_with_thousands() {
        assert_eq!(usd(200_000), "$2,000.00");
        assert_eq!(usd(5), "$0.05");
        assert_eq!(usd(123_456_789), "$1,234,567.89");
        assert_eq!(usd(100_000_000), "$1,000,000.00");
    }
}
