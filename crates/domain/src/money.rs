use std::fmt;

/// An amount of US dollars held as integer cents; never negative.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Money {
    cents: i64,
}

/// Largest amount accepted anywhere: one billion dollars, far beyond any home.
pub const MAX_CENTS: i64 = 100_000_000_000;

impl Money {
    pub const ZERO: Money = Money { cents: 0 };

    /// `None` for negative or absurdly large amounts.
    pub fn from_cents(cents: i64) -> Option<Self> {
        (0..=MAX_CENTS).contains(&cents).then_some(Self { cents })
    }
    pub fn cents(self) -> i64 {
        self.cents
    }
    pub fn checked_add(self, other: Money) -> Option<Money> {
        self.cents.checked_add(other.cents).map(|cents| Money { cents })
    }
    /// Parses a decimal dollar amount as written in JSON ("1234", "1234.5", "1234.56").
    /// Rejects signs, exponents, more than two decimals and amounts above [`MAX_CENTS`].
    pub fn parse_dollars(text: &str) -> Result<Money, MoneyError> {
        let t = text.trim();
        if t.starts_with('-') {
            return Err(MoneyError::Negative);
        }
        let (whole, frac) = match t.split_once('.') {
            Some((w, f)) => (w, f),
            None => (t, ""),
        };
        if whole.is_empty() && frac.is_empty() {
            return Err(MoneyError::NotANumber);
        }
        if !whole.chars().all(|c| c.is_ascii_digit()) || !frac.chars().all(|c| c.is_ascii_digit()) {
            return Err(MoneyError::NotANumber);
        }
        // Trailing zeros past two decimals are harmless ("12.500").
        let frac = frac.trim_end_matches('0');
        if frac.len() > 2 {
            return Err(MoneyError::TooManyDecimals);
        }
        let whole_digits = whole.trim_start_matches('0');
        if whole_digits.len() > 12 {
            return Err(MoneyError::TooLarge);
        }
        let whole: i64 =
            if whole_digits.is_empty() { 0 } else { whole_digits.parse().map_err(|_| MoneyError::NotANumber)? };
        let frac_cents: i64 = match frac.len() {
            0 => 0,
            1 => frac.parse::<i64>().map_err(|_| MoneyError::NotANumber)? * 10,
            _ => frac.parse().map_err(|_| MoneyError::NotANumber)?,
        };
        let cents = whole.checked_mul(100).and_then(|c| c.checked_add(frac_cents)).ok_or(MoneyError::TooLarge)?;
        Money::from_cents(cents).ok_or(MoneyError::TooLarge)
    }
    /// Dollars as a float, for the JSON wire format only (cents / 100 is exact to 2 decimals
    /// when printed by a shortest-representation formatter such as serde_json's).
    pub fn as_dollars_f64(self) -> f64 {
        self.cents as f64 / 100.0
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    #[error("must be a number")]
    NotANumber,
    #[error("must not be negative")]
    Negative,
    #[error("must have at most two decimals")]
    TooManyDecimals,
    #[error("is too large")]
    TooLarge,
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:02}", self.cents / 100, self.cents % 100)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dollars_parse_to_exact_cents() {
        assert_eq!(Money::parse_dollars("1234").unwrap().cents(), 123_400);
        assert_eq!(Money::parse_dollars("1234.5").unwrap().cents(), 123_450);
        assert_eq!(Money::parse_dollars("0.07").unwrap().cents(), 7);
        assert_eq!(Money::parse_dollars(".5").unwrap().cents(), 50);
        assert_eq!(Money::parse_dollars("12.500").unwrap().cents(), 1250);
        assert_eq!(Money::parse_dollars("0").unwrap(), Money::ZERO);
    }

    #[test]
    fn bad_amounts_are_rejected() {
        assert_eq!(Money::parse_dollars("-1"), Err(MoneyError::Negative));
        assert_eq!(Money::parse_dollars("1.234"), Err(MoneyError::TooManyDecimals));
        assert_eq!(Money::parse_dollars("1e5"), Err(MoneyError::NotANumber));
        assert_eq!(Money::parse_dollars(""), Err(MoneyError::NotANumber));
        assert_eq!(Money::parse_dollars("."), Err(MoneyError::NotANumber));
        assert_eq!(Money::parse_dollars("abc"), Err(MoneyError::NotANumber));
        assert_eq!(Money::parse_dollars("99999999999999"), Err(MoneyError::TooLarge));
    }

    #[test]
    fn money_displays_with_two_decimals() {
        assert_eq!(Money::from_cents(1205).unwrap().to_string(), "12.05");
        assert_eq!(Money::from_cents(5).unwrap().to_string(), "0.05");
    }

    #[test]
    fn negative_cents_are_not_money() {
        assert!(Money::from_cents(-1).is_none());
        assert!(Money::from_cents(MAX_CENTS + 1).is_none());
    }

    #[test]
    fn checked_add_sums() {
        let a = Money::from_cents(150).unwrap();
        assert_eq!(a.checked_add(a).unwrap().cents(), 300);
    }
}
