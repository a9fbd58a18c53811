//! The money ledger of a project (issue 19, docs/money.md): payments against tasks, change
//! orders, lender draws, and the project's money summary (committed / paid / remaining,
//! contingency, loan), all in integer cents.
//!
//! Layout, one reason to change each: this file holds what the entries share ([`SignedMoney`])
//! and re-exports the rest; `payment` the payments; `change_order` the change orders and their
//! register; `draws` the lender draws (their lines, work to date, fields and rules);
//! `money_summary` the project's money summary and what each task brings to it; `fields` what
//! the entries' parsing shares. The submodules are private: every public item is re-exported
//! here.

mod change_order;
mod draws;
mod fields;
mod money_summary;
mod payment;
mod waivers;

pub use change_order::{
    committed_cents, ChangeOrder, ChangeOrderDetails, ChangeOrderInput, ChangeOrderRegister, ChangeOrderStatus,
    RegisterBasis, RegisterLine, CHANGE_ORDER_WARNING_PCT, DESCRIPTION_MAX, MSG_APPROVE_NEEDS_AWARD,
};
pub use draws::{
    continuation_totals, draw_items, inspected_amount_cents, next_draw, percent_complete_tenths, retainage_cents,
    select_draw_tasks, usd, work_to_date_cents, ContinuationLine, ContinuationTotals, Draw, DrawContext, DrawFields,
    DrawInput, DrawItem, DrawPaperwork, DrawStatus, DrawUpdate, DrawableTask, LinesChange, MissingFinalWaiver,
    MissingWaiver, NewDraw, PercentLines, ProjectPaperwork, FULL_PERCENT_TENTHS, INSPECTOR_MAX, MSG_DRAW_ITEMS_FIXED,
    MSG_DRAW_TASKS_FIXED, MSG_DRAW_TASK_OF_ANOTHER_PROJECT, MSG_FINAL_WAIVERS_MISSING, MSG_FUNDED_AMOUNT_UNFUNDED,
    MSG_FUNDED_BEFORE_REQUESTED, MSG_FUNDED_DRAW, MSG_FUNDED_ON_UNFUNDED, MSG_ITEM_NOT_ON_DRAW, MSG_NO_DRAW_TASKS,
    MSG_PERCENT_ONE_DECIMAL, MSG_WAIVERS_MISSING,
};
pub use money_summary::{Contingency, LedgerLine, LedgerSettings, MoneyStatus, MoneySummary};
pub use payment::{Payee, Payment, PaymentDetails, PaymentInput, PaymentMethod, PAYEE_MAX};
pub use waivers::{
    missing_final_waivers, missing_waivers, waiver_status, LienWaiver, LienWaiverDetails, LienWaiverInput,
    PaymentWaiverStatus, WaiverCover, WaiverKind, WaiverPayment, WaiverState, MSG_REQUESTED_WAIVER_RECEIVED_ON,
    MSG_WAIVER_DOCUMENT_OF_ANOTHER_PROJECT, MSG_WAIVER_PAYMENT_OF_ANOTHER_CONTRACTOR,
};

use crate::money::{Money, MoneyError, MAX_CENTS};

/// A signed amount of cents within ±[`MAX_CENTS`] (a change order may lower a price).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct SignedMoney(i64);

impl SignedMoney {
    pub fn from_cents(cents: i64) -> Option<Self> {
        (-MAX_CENTS..=MAX_CENTS).contains(&cents).then_some(Self(cents))
    }
    pub fn cents(self) -> i64 {
        self.0
    }
    /// Dollars as written in JSON, with an optional leading minus.
    pub fn parse_dollars(text: &str) -> Result<SignedMoney, MoneyError> {
        let t = text.trim();
        let (negative, rest) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        if rest.starts_with('-') || rest.starts_with('+') {
            return Err(MoneyError::NotANumber);
        }
        let cents = Money::parse_dollars(rest)?.cents();
        Ok(SignedMoney(if negative { -cents } else { cents }))
    }
    pub fn as_dollars_f64(self) -> f64 {
        self.0 as f64 / 100.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_amounts_parse_with_a_minus() {
        assert_eq!(SignedMoney::parse_dollars("-2500.5").unwrap().cents(), -250_050);
        assert_eq!(SignedMoney::parse_dollars("2500").unwrap().cents(), 250_000);
        assert!(SignedMoney::parse_dollars("--1").is_err());
        assert!(SignedMoney::parse_dollars("-1.234").is_err());
        assert!(SignedMoney::from_cents(-MAX_CENTS - 1).is_none());
    }
}
