//! Payments made against a task (docs/money.md): who was paid, how, when, with which receipt.

use chrono::NaiveDate;

use crate::bid::NOTES_MAX;
use crate::error::{DomainError, FieldErrors};
use crate::money::Money;

use super::fields::{code_enum, text};
use super::waivers::PaymentWaiverStatus;

pub const PAYEE_MAX: usize = 200;

code_enum!(
    /// How a payment was made.
    PaymentMethod { Check => "check", Card => "card", Transfer => "transfer", Cash => "cash", LoanDraw => "loan_draw", Other => "other" }
);

/// A payment made against a task.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payment {
    pub id: i64,
    pub task_id: i64,
    pub project_id: i64,
    pub details: PaymentDetails,
    /// The named contractor's name (read with the payment).
    pub contractor_name: Option<String>,
    /// Where the payment stands with its lien waiver (read with the payment, from the
    /// project's waivers and threshold: [`super::waiver_status`]).
    pub waiver_status: PaymentWaiverStatus,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentDetails {
    /// More than zero.
    pub amount: Money,
    pub paid_on: NaiveDate,
    /// Free text; empty when a contractor is named.
    pub payee: String,
    pub contractor_id: Option<i64>,
    pub method: PaymentMethod,
    pub note: String,
    /// A document of the same task.
    pub receipt_id: Option<i64>,
}

impl Payment {
    /// Who was paid: the contractor's name when one is named, else the text.
    pub fn payee_label(&self) -> &str {
        self.contractor_name.as_deref().unwrap_or(&self.details.payee)
    }
}

/// Who was paid, as sent: a contractor of the roster or free text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Payee {
    Contractor(i64),
    Text(String),
}

/// A payment's fields, each read and checked on its own (the functions below and
/// [`crate::bid::optional_date`]): texts trimmed, the date a date, the method a method.
/// `None`: absent or unchanged.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PaymentInput {
    pub amount: Option<Money>,
    /// `Some(None)`: today (sent as null or empty).
    pub paid_on: Option<Option<NaiveDate>>,
    /// `Some(None)` clears the payee.
    pub payee: Option<Option<Payee>>,
    pub method: Option<PaymentMethod>,
    pub note: Option<String>,
    /// `Some(None)` clears the receipt.
    pub receipt: Option<Option<i64>>,
}

impl PaymentInput {
    /// An amount above zero.
    pub fn amount(amount: Money) -> Result<Money, DomainError> {
        if amount == Money::ZERO {
            return Err(FieldErrors::single("amount", "Ensure this value is greater than 0."));
        }
        Ok(amount)
    }

    /// A payee's text trimmed, at most 200 characters; a contractor as named.
    pub fn payee(payee: Payee) -> Result<Payee, DomainError> {
        match payee {
            Payee::Text(raw) => checked("payee", &raw, PAYEE_MAX).map(Payee::Text),
            named => Ok(named),
        }
    }

    /// One of the methods' codes.
    pub fn method(raw: &str) -> Result<PaymentMethod, DomainError> {
        PaymentMethod::parse(raw.trim())
            .ok_or_else(|| FieldErrors::single("method", crate::messages::not_a_choice(raw)))
    }

    /// A note trimmed, at most 5000 characters.
    pub fn note(raw: &str) -> Result<String, DomainError> {
        checked("note", raw, NOTES_MAX)
    }
}

fn checked(field: &str, raw: &str, max: usize) -> Result<String, DomainError> {
    let mut errors = FieldErrors::new();
    let t = text(&mut errors, field, raw, max);
    errors.into_result().map(|()| t)
}

impl PaymentDetails {
    /// The details after `input` (over `current` for an update): an amount above zero (required
    /// on create), a date (default `today`), a payee, a method (default `other`).
    pub fn parse(
        input: PaymentInput,
        current: Option<&PaymentDetails>,
        today: NaiveDate,
    ) -> Result<PaymentDetails, DomainError> {
        let mut errors = FieldErrors::new();
        let amount = match (input.amount, current) {
            (Some(a), _) => a,
            (None, Some(c)) => c.amount,
            (None, None) => {
                errors.add("amount", crate::messages::REQUIRED);
                Money::ZERO
            }
        };
        if amount == Money::ZERO && !errors.contains("amount") {
            errors.add("amount", "Ensure this value is greater than 0.");
        }
        let paid_on = match input.paid_on {
            Some(date) => date.unwrap_or(today),
            None => current.map_or(today, |c| c.paid_on),
        };
        let (payee, contractor_id) = match input.payee {
            Some(Some(Payee::Contractor(id))) => (String::new(), Some(id)),
            Some(Some(Payee::Text(raw))) => (text(&mut errors, "payee", &raw, PAYEE_MAX), None),
            Some(None) => (String::new(), None),
            None => current.map(|c| (c.payee.clone(), c.contractor_id)).unwrap_or_default(),
        };
        let method = input.method.unwrap_or(current.map_or(PaymentMethod::Other, |c| c.method));
        let note = match input.note {
            Some(raw) => text(&mut errors, "note", &raw, NOTES_MAX),
            None => current.map(|c| c.note.clone()).unwrap_or_default(),
        };
        let receipt_id = input.receipt.unwrap_or(current.and_then(|c| c.receipt_id));
        errors.into_result()?;
        Ok(PaymentDetails { amount, paid_on, payee, contractor_id, method, note, receipt_id })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(c: i64) -> Money {
        Money::from_cents(c).unwrap()
    }
    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }
    const TODAY: &str = "2026-11-24";

    #[test]
    fn a_payment_needs_an_amount_above_zero_and_a_known_method() {
        let today = day(TODAY);
        let e = PaymentDetails::parse(PaymentInput::default(), None, today).unwrap_err();
        assert_eq!(e.fields().as_map()["amount"], ["This field is required."]);
        let zero = PaymentInput { amount: Some(Money::ZERO), ..Default::default() };
        let e = PaymentDetails::parse(zero, None, today).unwrap_err();
        assert_eq!(e.fields().as_map()["amount"], ["Ensure this value is greater than 0."]);
        assert!(PaymentInput::amount(Money::ZERO).is_err());
        let e = PaymentInput::method("bitcoin").unwrap_err();
        assert_eq!(e.fields().as_map()["method"], ["\"bitcoin\" is not a valid choice."]);
        assert_eq!(PaymentInput::method(" card ").unwrap(), PaymentMethod::Card);
        assert_eq!(PaymentInput::note(" paid ").unwrap(), "paid");
        let ok = PaymentInput {
            amount: Some(money(100)),
            payee: Some(Some(Payee::Text(" Ace Plumbing ".into()))),
            ..Default::default()
        };
        let p = PaymentDetails::parse(ok, None, today).unwrap();
        assert_eq!((p.paid_on, p.method, p.payee.as_str()), (today, PaymentMethod::Other, "Ace Plumbing"));
        // Naming a contractor replaces the text; an update keeps what it does not name.
        let named = PaymentInput { payee: Some(Some(Payee::Contractor(7))), ..Default::default() };
        let q = PaymentDetails::parse(named, Some(&p), today).unwrap();
        assert_eq!((q.payee.as_str(), q.contractor_id, q.amount), ("", Some(7), money(100)));
    }
}
