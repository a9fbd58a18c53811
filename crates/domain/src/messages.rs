//! The API's field messages, written once: every layer that reports a field problem (domain
//! rules, use cases, the HTTP edge's typed bodies) takes its words from here, so the same
//! mistake gets the same words in every resource (DECISIONS.md "Errors").

use std::fmt::Display;

/// A field that must be sent was left out (or sent as null where null means left out).
pub const REQUIRED: &str = "This field is required.";
/// A field that may be left out was sent as null.
pub const NOT_NULL: &str = "This field may not be null.";
/// A text field that needs text was sent empty or as spaces only.
pub const BLANK: &str = "This field may not be blank.";
/// A date not in the API's form (every resource, every date field).
pub const DATE_FORMAT: &str = "Date has wrong format. Use YYYY-MM-DD.";
/// A text field sent as another JSON type.
pub const NOT_A_STRING: &str = "Not a valid string.";
/// A boolean field sent as another JSON type.
pub const NOT_A_BOOLEAN: &str = "Must be a valid boolean.";
/// A whole-number field (or an id) that is not one.
pub const NOT_AN_INTEGER: &str = "A valid integer is required.";
/// A money field that is not a number.
pub const NOT_A_NUMBER: &str = "A valid number is required.";
/// An email address that does not look like one.
pub const EMAIL: &str = "Enter a valid email address.";
/// Money below zero where only zero or more is allowed.
pub const NOT_NEGATIVE: &str = "Ensure this value is greater than or equal to 0.";
/// Money with fractions of a cent.
pub const TWO_DECIMALS: &str = "Ensure that there are no more than 2 decimal places.";

/// A number above its maximum (as DRF words it).
pub fn at_most(max: impl Display) -> String {
    format!("Ensure this value is less than or equal to {max}.")
}

/// A text longer than `max` characters.
pub fn too_long(max: impl Display) -> String {
    format!("Ensure this field has no more than {max} characters.")
}

/// A code outside the field's list of choices.
pub fn not_a_choice(raw: impl Display) -> String {
    format!("\"{raw}\" is not a valid choice.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formatted_messages_read_as_the_wire_has_them() {
        assert_eq!(too_long(200), "Ensure this field has no more than 200 characters.");
        assert_eq!(not_a_choice("bitcoin"), "\"bitcoin\" is not a valid choice.");
    }
}
