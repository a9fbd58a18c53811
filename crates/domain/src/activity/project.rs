//! The trail's sentences for the project itself, its documents' names and its share links
//! (issue 35).

use super::Activity;
use crate::ledger::usd;
use crate::project::ProjectDetails;
use crate::share::Share;

/// A new project, with its budget as the money after.
pub fn project_created(details: &ProjectDetails) -> Activity {
    let cents = details.budget.cents();
    Activity::new(
        "project.created",
        None,
        format!("Created the project {} with a budget of {}.", details.name, usd(cents)),
    )
    .money(None, Some(cents))
}

pub fn document_renamed(task_id: i64, before: &str, after: &str, task_title: &str) -> Activity {
    Activity::new("document.renamed", Some(task_id), format!("Renamed {before} to {after} on {task_title}."))
}

/// What a link shows besides the board, as the end of a sentence ("" when nothing more).
fn sections(share: &Share) -> String {
    let names: Vec<&str> = [
        (share.include_documents, "documents"),
        (share.include_bids, "bids"),
        (share.include_payments, "payments"),
        (share.include_draws, "draws"),
    ]
    .into_iter()
    .filter_map(|(on, name)| on.then_some(name))
    .collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => format!(", with {one}"),
        [rest @ .., last] => format!(", with {} and {last}", rest.join(", ")),
    }
}

pub fn share_created(share: &Share) -> Activity {
    let until = share.expires_on.map_or_else(String::new, |d| format!(" until {d}"));
    Activity::new(
        "share.created",
        None,
        format!("Created the read-only link {}{}{until}.", share.label, sections(share)),
    )
}

pub fn share_revoked(share: &Share) -> Activity {
    Activity::new("share.revoked", None, format!("Revoked the read-only link {}.", share.label))
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::money::Money;
    use crate::project::{parse_date, OwnerBuilder, ProjectInput, ProjectType, PropertyType};

    fn share(documents: bool, bids: bool, payments: bool, draws: bool, expires_on: Option<NaiveDate>) -> Share {
        Share {
            id: 9,
            project_id: 1,
            owner_id: 3,
            label: "Bank".into(),
            expires_on,
            include_documents: documents,
            include_bids: bids,
            include_payments: payments,
            include_draws: draws,
            created_at: chrono::NaiveDateTime::default(),
        }
    }

    #[test]
    fn a_new_project_tells_its_budget() {
        let details = ProjectDetails::parse(ProjectInput {
            name: Some("Lake house".into()),
            zip_code: Some("78701".into()),
            project_type: Some(ProjectType::NewHomeBuild),
            property_type: Some(PropertyType::SingleFamily),
            square_footage: Some(100),
            start_date: parse_date("2026-01-01").ok(),
            end_date: parse_date("2026-12-31").ok(),
            budget: Money::from_cents(30_000_000),
            owner_builder: Some(OwnerBuilder::Yes),
            ..Default::default()
        })
        .unwrap();
        let a = project_created(&details);
        assert_eq!(
            (a.action, a.task_id, a.summary.as_str(), a.before_cents, a.after_cents),
            (
                "project.created",
                None,
                "Created the project Lake house with a budget of $300,000.00.",
                None,
                Some(30_000_000)
            )
        );
    }

    #[test]
    fn a_renamed_document_names_both_names_and_its_task() {
        let a = document_renamed(7, "quote.pdf", "Smith bid.pdf", "Framing");
        assert_eq!(
            (a.action, a.task_id, a.summary.as_str(), a.before_cents, a.after_cents),
            ("document.renamed", Some(7), "Renamed quote.pdf to Smith bid.pdf on Framing.", None, None)
        );
    }

    #[test]
    fn share_links_read_as_a_table() {
        let day = NaiveDate::from_ymd_opt(2026, 12, 31);
        let rows = [
            (share(false, false, false, false, None), "Created the read-only link Bank."),
            (share(true, false, false, false, None), "Created the read-only link Bank, with documents."),
            (
                share(false, true, true, false, day),
                "Created the read-only link Bank, with bids and payments until 2026-12-31.",
            ),
            (
                share(true, true, true, true, None),
                "Created the read-only link Bank, with documents, bids, payments and draws.",
            ),
        ];
        for (link, summary) in rows {
            let a = share_created(&link);
            assert_eq!((a.action, a.task_id, a.summary.as_str()), ("share.created", None, summary));
            assert_eq!((a.before_cents, a.after_cents), (None, None));
        }
        let a = share_revoked(&share(true, false, false, false, day));
        assert_eq!(
            (a.action, a.task_id, a.summary.as_str()),
            ("share.revoked", None, "Revoked the read-only link Bank.")
        );
    }
}
