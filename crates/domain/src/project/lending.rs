//! The property and the construction loan on a project (issue 34, docs/money.md): the street
//! address, the lender, the loan number, the retainage the lender holds back of each draw and
//! the amount above which a payment needs a lien waiver. Read by [`read`] for
//! [`super::ProjectDetails::parse`], every problem reported with the project's others.

use crate::error::FieldErrors;
use crate::messages;
use crate::money::{Money, MoneyError};

use super::ProjectInput;

/// The property's street line, at most this many characters.
pub const ADDRESS_MAX: usize = 200;
pub const LENDER_NAME_MAX: usize = 120;
pub const LOAN_NUMBER_MAX: usize = 60;
/// Retainage is kept in hundredths of a percent (500 = 5%), at most 20%.
pub const MAX_RETAINAGE_BASIS_POINTS: i64 = 2000;
/// A payment above $500.00 needs a lien waiver unless the project says otherwise.
pub const DEFAULT_WAIVER_THRESHOLD_CENTS: i64 = 50_000;
/// Retainage above 20%.
pub const MSG_RETAINAGE_MAX: &str = "Ensure this value is less than or equal to 20.";

/// A retainage percent as written in JSON ("5", "7.5", "2.25") in hundredths of a percent:
/// 0 to 20, at most two decimals; otherwise the field's message.
pub fn parse_retainage_percent(text: &str) -> Result<i64, &'static str> {
    match Money::parse_dollars(text) {
        // Two decimals of a percent are its hundredths, as two decimals of a dollar are cents.
        Ok(m) if m.cents() > MAX_RETAINAGE_BASIS_POINTS => Err(MSG_RETAINAGE_MAX),
        Ok(m) => Ok(m.cents()),
        Err(MoneyError::Negative) => Err(messages::NOT_NEGATIVE),
        Err(MoneyError::TooManyDecimals) => Err(messages::TWO_DECIMALS),
        Err(MoneyError::TooLarge) => Err(MSG_RETAINAGE_MAX),
        Err(MoneyError::NotANumber) => Err(messages::NOT_A_NUMBER),
    }
}

/// A project's lending fields, read.
pub(super) struct Lending {
    pub address: String,
    pub lender_name: String,
    pub loan_number: String,
    pub retainage_basis_points: i32,
    pub waiver_threshold: Money,
}

/// The lending fields of `input`: texts trimmed ("" when not given), retainage 0 when not given,
/// the waiver threshold $500.00 when not given; each problem added to `errors`.
pub(super) fn read(errors: &mut FieldErrors, input: &ProjectInput) -> Lending {
    let mut text = |field: &str, raw: &Option<String>, max: usize| {
        let t = raw.as_deref().map(str::trim).unwrap_or_default();
        if t.chars().count() > max {
            errors.add(field, messages::too_long(max));
        }
        t.to_owned()
    };
    let address = text("address", &input.address, ADDRESS_MAX);
    let lender_name = text("lender_name", &input.lender_name, LENDER_NAME_MAX);
    let loan_number = text("loan_number", &input.loan_number, LOAN_NUMBER_MAX);
    let retainage_basis_points = match input.retainage_basis_points {
        None => 0,
        Some(bp) if bp < 0 => {
            errors.add("retainage_percent", messages::NOT_NEGATIVE);
            0
        }
        Some(bp) if bp > MAX_RETAINAGE_BASIS_POINTS => {
            errors.add("retainage_percent", MSG_RETAINAGE_MAX);
            0
        }
        Some(bp) => i32::try_from(bp).unwrap_or_default(),
    };
    let waiver_threshold =
        input.waiver_threshold.unwrap_or(Money::from_cents(DEFAULT_WAIVER_THRESHOLD_CENTS).unwrap_or_default());
    Lending { address, lender_name, loan_number, retainage_basis_points, waiver_threshold }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_ok(input: ProjectInput) -> Lending {
        let mut errors = FieldErrors::new();
        let lending = read(&mut errors, &input);
        assert!(errors.is_empty(), "{errors}");
        lending
    }

    fn problems(input: ProjectInput) -> FieldErrors {
        let mut errors = FieldErrors::new();
        read(&mut errors, &input);
        errors
    }

    #[test]
    fn left_out_the_texts_are_empty_retainage_nothing_and_waivers_above_500() {
        let l = read_ok(ProjectInput::default());
        assert_eq!((l.address.as_str(), l.lender_name.as_str(), l.loan_number.as_str()), ("", "", ""));
        assert_eq!((l.retainage_basis_points, l.waiver_threshold.cents()), (0, 50_000));
    }

    #[test]
    fn texts_are_trimmed_and_bounded() {
        let l = read_ok(ProjectInput {
            address: Some("  12 Elm St, Austin, TX  ".into()),
            lender_name: Some(" First Bank ".into()),
            loan_number: Some("L-2026-001 ".into()),
            ..Default::default()
        });
        assert_eq!((l.address.as_str(), l.lender_name.as_str()), ("12 Elm St, Austin, TX", "First Bank"));
        assert_eq!(l.loan_number, "L-2026-001");
        let e = problems(ProjectInput {
            address: Some("a".repeat(ADDRESS_MAX + 1)),
            lender_name: Some("b".repeat(LENDER_NAME_MAX + 1)),
            loan_number: Some("c".repeat(LOAN_NUMBER_MAX + 1)),
            ..Default::default()
        });
        assert_eq!(e.as_map()["address"], [messages::too_long(200)]);
        assert_eq!(e.as_map()["lender_name"], [messages::too_long(120)]);
        assert_eq!(e.as_map()["loan_number"], [messages::too_long(60)]);
        // Exactly at the limit is fine.
        read_ok(ProjectInput { address: Some("a".repeat(ADDRESS_MAX)), ..Default::default() });
    }

    #[test]
    fn retainage_is_zero_to_twenty_percent_in_hundredths() {
        assert_eq!(parse_retainage_percent("5"), Ok(500));
        assert_eq!(parse_retainage_percent("7.5"), Ok(750));
        assert_eq!(parse_retainage_percent("2.25"), Ok(225));
        assert_eq!(parse_retainage_percent("20"), Ok(2000));
        assert_eq!(parse_retainage_percent("0"), Ok(0));
        assert_eq!(parse_retainage_percent("20.01"), Err(MSG_RETAINAGE_MAX));
        assert_eq!(parse_retainage_percent("1e3"), Err(messages::NOT_A_NUMBER));
        assert_eq!(parse_retainage_percent("99999999999999"), Err(MSG_RETAINAGE_MAX));
        assert_eq!(parse_retainage_percent("-1"), Err(messages::NOT_NEGATIVE));
        assert_eq!(parse_retainage_percent("5.125"), Err(messages::TWO_DECIMALS));
        assert_eq!(
            read_ok(ProjectInput { retainage_basis_points: Some(1000), ..Default::default() }).retainage_basis_points,
            1000
        );
        for bad in [-1, 2001] {
            let e = problems(ProjectInput { retainage_basis_points: Some(bad), ..Default::default() });
            assert!(e.contains("retainage_percent"), "{bad}");
        }
    }

    #[test]
    fn a_project_gets_them_and_a_patch_keeps_what_it_does_not_name() {
        use crate::project::{OwnerBuilder, PatchFields, ProjectDetails, ProjectType};
        let input = ProjectInput {
            name: Some("Elm St".into()),
            zip_code: Some("78701".into()),
            project_type: Some(ProjectType::Adu),
            square_footage: Some(600),
            start_date: chrono::NaiveDate::from_ymd_opt(2026, 1, 5),
            end_date: chrono::NaiveDate::from_ymd_opt(2026, 6, 5),
            budget: Money::from_cents(10_000_000),
            owner_builder: Some(OwnerBuilder::Yes),
            ..Default::default()
        };
        let p = ProjectDetails::parse(input.clone()).unwrap();
        assert_eq!((p.address.as_str(), p.retainage_basis_points, p.waiver_threshold.cents()), ("", 0, 50_000));
        let set = ProjectInput {
            address: Some("12 Elm St".into()),
            retainage_basis_points: Some(500),
            waiver_threshold: Money::from_cents(100_000),
            ..input.clone()
        };
        let p = ProjectDetails::parse(set).unwrap();
        let kept = ProjectDetails::parse(ProjectInput::default().merged_over(&p, &PatchFields::default())).unwrap();
        assert_eq!(kept, p);
        // A PATCH that sends null for the address clears it.
        let cleared = ProjectInput::default().merged_over(&p, &PatchFields { address: true, ..Default::default() });
        assert_eq!(ProjectDetails::parse(cleared).unwrap().address, "");
        // Their problems come with the project's other ones.
        let bad = ProjectInput { retainage_basis_points: Some(2500), name: None, ..input };
        let e = ProjectDetails::parse(bad).unwrap_err();
        assert_eq!(e.fields().as_map().keys().collect::<Vec<_>>(), ["name", "retainage_percent"]);
        assert_eq!(e.fields().as_map()["retainage_percent"], [MSG_RETAINAGE_MAX]);
    }

    #[test]
    fn a_waiver_threshold_given_is_kept_even_zero() {
        let l = read_ok(ProjectInput { waiver_threshold: Some(Money::ZERO), ..Default::default() });
        assert_eq!(l.waiver_threshold, Money::ZERO);
    }
}
