//! What the ledger's entries share when they read their fields: enums stored as a code and
//! trimmed text.

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
