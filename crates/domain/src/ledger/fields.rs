//! What the ledger's entries share when they read their fields: enums stored as a code, trimmed
//! text, and dates that default to today.

use chrono::NaiveDate;

use crate::bid::parse_optional_date;
use crate::error::FieldErrors;

macro_rules! code_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident => $code:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $($variant),+ }
        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            pub fn code(self) -> &'static str { match self { $($name::$variant => $code),+ } }
            pub fn parse(raw: &str) -> Option<Self> { Self::ALL.iter().copied().find(|v| v.code() == raw) }
        }
    };
}
pub(super) use code_enum;

pub(super) fn text(errors: &mut FieldErrors, field: &str, raw: &str, max: usize) -> String {
    let t = raw.trim();
    if t.chars().count() > max {
        errors.add(field, crate::messages::too_long(max));
    }
    t.to_owned()
}

pub(super) fn date_or(
    errors: &mut FieldErrors,
    field: &str,
    raw: Option<String>,
    current: Option<NaiveDate>,
    today: NaiveDate,
) -> NaiveDate {
    match raw {
        Some(raw) => parse_optional_date(errors, field, &raw).unwrap_or(today),
        None => current.unwrap_or(today),
    }
}
