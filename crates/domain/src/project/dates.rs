//! The dates of a project, its tasks and its ledger: the accepted forms (`YYYY-MM-DD`, and the
//! spec's `M/D/YYYY`) and the years a building's dates may fall in.

use chrono::{Datelike, NaiveDate};

/// The years a date may fall in: a building's dates, not chrono's (which reads `+10000-01-01`).
pub const DATE_YEARS: std::ops::RangeInclusive<i32> = 1900..=2200;

/// The one message for a well-formed date outside [`DATE_YEARS`], whatever the field.
pub const MSG_DATE_OUT_OF_RANGE: &str = "Enter a date between 1900-01-01 and 2200-12-31.";

/// Why a date was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateError {
    /// Not a date in an accepted form ([`crate::messages::DATE_FORMAT`], whatever the field).
    Format,
    /// A real date outside [`DATE_YEARS`] ([`MSG_DATE_OUT_OF_RANGE`]).
    OutOfRange,
}

/// Parses `YYYY-MM-DD`, or the spec's `M/D/YYYY` form that the client converts (accepted here too),
/// within [`DATE_YEARS`].
pub fn parse_date(raw: &str) -> Result<NaiveDate, DateError> {
    let t = raw.trim();
    let d = NaiveDate::parse_from_str(t, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(t, "%m/%d/%Y"))
        .map_err(|_| far_or_malformed(t))?;
    in_date_years(d)
}

/// Why text chrono would not read as a date is refused: a date shaped right whose year has five
/// digits or more (`10000-01-01`, `1/1/10000`, what a date picker sends for year 10000) is out of
/// range like `+10000-01-01`; anything else is malformed.
pub fn far_or_malformed(t: &str) -> DateError {
    let digits =
        |s: &str, n: std::ops::RangeInclusive<usize>| n.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit());
    let unsigned = t.strip_prefix(['+', '-']).unwrap_or(t);
    let iso: Vec<&str> = unsigned.split('-').collect();
    let us: Vec<&str> = unsigned.split('/').collect();
    let far = match (iso.as_slice(), us.as_slice()) {
        ([y, m, d], _) => digits(y, 5..=9) && digits(m, 1..=2) && digits(d, 1..=2),
        (_, [m, d, y]) => digits(y, 5..=9) && digits(m, 1..=2) && digits(d, 1..=2),
        _ => false,
    };
    if far {
        DateError::OutOfRange
    } else {
        DateError::Format
    }
}

/// `d` when its year is within [`DATE_YEARS`].
pub fn in_date_years(d: NaiveDate) -> Result<NaiveDate, DateError> {
    if DATE_YEARS.contains(&d.year()) {
        Ok(d)
    } else {
        Err(DateError::OutOfRange)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_parse_iso_and_us_forms_within_the_years_of_a_building() {
        assert_eq!(parse_date("2026-03-01").ok(), NaiveDate::from_ymd_opt(2026, 3, 1));
        assert_eq!(parse_date("3/1/2026").ok(), NaiveDate::from_ymd_opt(2026, 3, 1));
        assert_eq!(parse_date("2026-02-30"), Err(DateError::Format));
        // chrono reads years beyond four digits and before year 0; a building's dates do not.
        for far in ["+10000-01-01", "-0001-01-01", "1899-12-31", "2201-01-01", "12/31/1899", "10000-01-01", "1/1/10000"]
        {
            assert_eq!(parse_date(far), Err(DateError::OutOfRange), "{far}");
        }
        for edge in ["1900-01-01", "2200-12-31"] {
            assert!(parse_date(edge).is_ok(), "{edge}");
        }
    }
}
