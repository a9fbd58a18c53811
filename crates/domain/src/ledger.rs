//! The money ledger of a project (issue 19, docs/money.md): payments against tasks, change
//! orders, lender draws, and the project's money summary (committed / paid / remaining,
//! contingency, loan), all in integer cents.
//!
//! Layout, one reason to change each: this file holds payments, change orders and the money
//! summary; `draws` the lender draws (their lines, work to date, fields and rules); `fields` what
//! their parsing shares. The submodules are private: every public item is re-exported here.

mod draws;
mod fields;

pub use draws::{
    draw_items, next_draw, select_draw_tasks, work_to_date_cents, Draw, DrawFields, DrawInput, DrawItem, DrawStatus,
    DrawUpdate, DrawableTask, NewDraw, MSG_DRAW_TASKS_FIXED, MSG_DRAW_TASK_OF_ANOTHER_PROJECT, MSG_FUNDED_DRAW,
    MSG_NO_DRAW_TASKS,
};

use chrono::NaiveDate;

use crate::bid::NOTES_MAX;
use crate::budget::CostLine;
use crate::error::{DomainError, FieldErrors};
use crate::money::{Money, MoneyError, MAX_CENTS};
use crate::task::{paid_to_date_cents, remaining_to_pay_cents};

use fields::{code_enum, date_or, text};

pub const PAYEE_MAX: usize = 200;
pub const DESCRIPTION_MAX: usize = 5000;
/// Approved change orders above this share of the committed total are warned about.
pub const CHANGE_ORDER_WARNING_PCT: i64 = 10;

pub const MSG_APPROVE_NEEDS_AWARD: &str =
    "Award a bid on this task before approving a change order: a change order changes an awarded contract.";

code_enum!(
    /// How a payment was made.
    PaymentMethod { Check => "check", Card => "card", Transfer => "transfer", Cash => "cash", LoanDraw => "loan_draw", Other => "other" }
);
code_enum!(
    /// Where a change order stands; only approved ones count.
    ChangeOrderStatus { Proposed => "proposed", Approved => "approved", Rejected => "rejected" }
);

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

// ----- payments -------------------------------------------------------------------------------

/// A payment made against a task.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payment {
    pub id: i64,
    pub task_id: i64,
    pub project_id: i64,
    pub details: PaymentDetails,
    /// The named contractor's name (read with the payment).
    pub contractor_name: Option<String>,
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

/// Raw payment fields (amounts already read as money by the edge). `None`: absent or unchanged.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PaymentInput {
    pub amount: Option<Money>,
    pub paid_on: Option<String>,
    /// `Some(None)` clears the payee.
    pub payee: Option<Option<Payee>>,
    pub method: Option<String>,
    pub note: Option<String>,
    /// `Some(None)` clears the receipt.
    pub receipt: Option<Option<i64>>,
}

impl PaymentDetails {
    /// The details after `input` (over `current` for an update): an amount above zero (required
    /// on create), a date (default `today`), a payee, a known method (default `other`).
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
                errors.add("amount", "This field is required.");
                Money::ZERO
            }
        };
        if amount == Money::ZERO && !errors.contains("amount") {
            errors.add("amount", "Ensure this value is greater than 0.");
        }
        let paid_on = date_or(&mut errors, "paid_on", input.paid_on, current.map(|c| c.paid_on), today);
        let (payee, contractor_id) = match input.payee {
            Some(Some(Payee::Contractor(id))) => (String::new(), Some(id)),
            Some(Some(Payee::Text(raw))) => (text(&mut errors, "payee", &raw, PAYEE_MAX), None),
            Some(None) => (String::new(), None),
            None => current.map(|c| (c.payee.clone(), c.contractor_id)).unwrap_or_default(),
        };
        let method = match input.method {
            Some(raw) => PaymentMethod::parse(raw.trim()).unwrap_or_else(|| {
                errors.add("method", format!("\"{raw}\" is not a valid choice."));
                PaymentMethod::Other
            }),
            None => current.map_or(PaymentMethod::Other, |c| c.method),
        };
        let note = match input.note {
            Some(raw) => text(&mut errors, "note", &raw, NOTES_MAX),
            None => current.map(|c| c.note.clone()).unwrap_or_default(),
        };
        let receipt_id = input.receipt.unwrap_or(current.and_then(|c| c.receipt_id));
        errors.into_result()?;
        Ok(PaymentDetails { amount, paid_on, payee, contractor_id, method, note, receipt_id })
    }
}

// ----- change orders --------------------------------------------------------------------------

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangeOrder {
    pub id: i64,
    pub task_id: i64,
    pub project_id: i64,
    pub details: ChangeOrderDetails,
    pub contractor_name: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangeOrderDetails {
    pub description: String,
    pub amount: SignedMoney,
    pub status: ChangeOrderStatus,
    pub date: NaiveDate,
    pub contractor_id: Option<i64>,
    pub document_id: Option<i64>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChangeOrderInput {
    pub description: Option<String>,
    pub amount: Option<SignedMoney>,
    pub status: Option<String>,
    pub date: Option<String>,
    pub contractor: Option<Option<i64>>,
    pub document: Option<Option<i64>>,
}

impl ChangeOrderDetails {
    pub fn parse(
        input: ChangeOrderInput,
        current: Option<&ChangeOrderDetails>,
        today: NaiveDate,
    ) -> Result<ChangeOrderDetails, DomainError> {
        let mut errors = FieldErrors::new();
        let description = match input.description {
            Some(raw) => text(&mut errors, "description", &raw, DESCRIPTION_MAX),
            None => match current {
                Some(c) => c.description.clone(),
                None => {
                    errors.add("description", "This field is required.");
                    "-".into()
                }
            },
        };
        if description.is_empty() && !errors.contains("description") {
            errors.add("description", "This field may not be blank.");
        }
        let amount = match (input.amount, current) {
            (Some(a), _) => a,
            (None, Some(c)) => c.amount,
            (None, None) => {
                errors.add("amount", "This field is required.");
                SignedMoney::default()
            }
        };
        let status = match input.status {
            Some(raw) => ChangeOrderStatus::parse(raw.trim()).unwrap_or_else(|| {
                errors.add("status", format!("\"{raw}\" is not a valid choice."));
                ChangeOrderStatus::Proposed
            }),
            None => current.map_or(ChangeOrderStatus::Proposed, |c| c.status),
        };
        let date = date_or(&mut errors, "date", input.date, current.map(|c| c.date), today);
        let contractor_id = input.contractor.unwrap_or(current.and_then(|c| c.contractor_id));
        let document_id = input.document.unwrap_or(current.and_then(|c| c.document_id));
        errors.into_result()?;
        Ok(ChangeOrderDetails { description, amount, status, date, contractor_id, document_id })
    }

    /// What the change order adds to its task's committed cost.
    pub fn approved_cents(&self) -> i64 {
        if self.status == ChangeOrderStatus::Approved {
            self.amount.cents()
        } else {
            0
        }
    }

    /// An approved change order changes an awarded contract: its task must have an award
    /// (`task_awarded`, as found under the lock of the write that stores the change order).
    pub fn check_award(&self, task_awarded: bool) -> Result<(), DomainError> {
        if self.status == ChangeOrderStatus::Approved && !task_awarded {
            return Err(DomainError::conflict("status", MSG_APPROVE_NEEDS_AWARD));
        }
        Ok(())
    }
}

/// A task's committed cost: its award plus its approved change orders, never below zero;
/// `None` without an award (change orders change an awarded contract).
pub fn committed_cents(award: Option<i64>, approved_change_orders: i64) -> Option<i64> {
    award.map(|a| a.saturating_add(approved_change_orders).clamp(0, MAX_CENTS))
}

/// One line of the change-order register.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegisterLine {
    pub change_order: ChangeOrder,
    pub task_title: String,
    /// Approved amounts up to and including this line.
    pub running_total_cents: i64,
    /// The contingency left once this change order and those before it count: the summary's,
    /// with the later approved change orders taken out of the predicted total.
    pub contingency_left_after_cents: i64,
}

/// What the register reads of the project's money summary to say the contingency left after
/// each change order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegisterBasis {
    pub budget: Money,
    pub contingency_percent: i32,
    /// The summary's predicted total (with every approved change order in it).
    pub predicted_total_cents: i64,
    /// The project's committed total (awards + approved change orders).
    pub committed_total_cents: i64,
}

/// The project's change orders in date order with a running total of the approved ones.
#[derive(Debug, Clone, PartialEq)]
pub struct ChangeOrderRegister {
    pub lines: Vec<RegisterLine>,
    pub approved_total_cents: i64,
    pub committed_total_cents: i64,
    /// approved / committed x 100, one decimal; `None` when nothing is committed.
    pub approved_percent: Option<f64>,
    /// Approved change orders above [`CHANGE_ORDER_WARNING_PCT`] of the committed total.
    pub warning: bool,
}

impl ChangeOrderRegister {
    /// `orders` with their task titles, in any order. `moves_total(task_id)`: whether the task
    /// counts at its committed cost in the predicted total (an award, no actual cost), so that
    /// its approved change orders are in the predicted total.
    pub fn build(
        mut orders: Vec<(ChangeOrder, String)>,
        basis: RegisterBasis,
        moves_total: impl Fn(i64) -> bool,
    ) -> ChangeOrderRegister {
        orders.sort_by_key(|(c, _)| (c.details.date, c.id));
        let moving = |c: &ChangeOrder| if moves_total(c.task_id) { c.details.approved_cents() } else { 0 };
        let moving_total: i64 = orders.iter().fold(0i64, |sum, (c, _)| sum.saturating_add(moving(c)));
        let (mut running, mut moved) = (0i64, 0i64);
        let lines = orders
            .into_iter()
            .map(|(change_order, task_title)| {
                running = running.saturating_add(change_order.details.approved_cents());
                moved = moved.saturating_add(moving(&change_order));
                let predicted = basis.predicted_total_cents.saturating_sub(moving_total - moved);
                let left = Contingency::of(basis.budget, basis.contingency_percent, predicted).left_cents;
                RegisterLine {
                    change_order,
                    task_title,
                    running_total_cents: running,
                    contingency_left_after_cents: left,
                }
            })
            .collect();
        let committed_total_cents = basis.committed_total_cents;
        let approved_percent = (committed_total_cents > 0)
            .then(|| (running as f64 * 1000.0 / committed_total_cents as f64).round() / 10.0);
        // approved > 10% of committed, in integers (no rounding at the edge).
        let warning = running > 0
            && i128::from(running) * 100
                > i128::from(CHANGE_ORDER_WARNING_PCT) * i128::from(committed_total_cents.max(0));
        ChangeOrderRegister { lines, approved_total_cents: running, committed_total_cents, approved_percent, warning }
    }
}

// ----- the money summary ------------------------------------------------------------------------

/// What one task brings to the money summary, beyond its [`CostLine`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LedgerLine {
    pub cost: CostLine,
    /// Sum of its payments.
    pub paid_cents: i64,
    /// Sum of its approved change orders (counted only with an award).
    pub change_order_cents: i64,
}

impl LedgerLine {
    /// Its Paid: payments, or the actual cost of a task in Paid when that is more.
    pub fn paid_to_date_cents(&self) -> i64 {
        paid_to_date_cents(self.cost.status, self.cost.actual_cost, self.paid_cents)
    }

    /// Its Remaining: known cost minus Paid, never below 0; `None` without a known cost.
    pub fn remaining_to_pay_cents(&self) -> Option<i64> {
        remaining_to_pay_cents(self.cost.actual_cost, self.cost.committed, self.paid_to_date_cents())
    }
}

/// Where the budget stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoneyStatus {
    /// The predicted total fits the working budget (budget - reserve).
    Ok,
    /// The predicted total has eaten into the contingency reserve.
    Warning,
    /// The predicted total is above the budget (the spec's red).
    Over,
}

impl MoneyStatus {
    pub fn code(self) -> &'static str {
        match self {
            MoneyStatus::Ok => "ok",
            MoneyStatus::Warning => "warning",
            MoneyStatus::Over => "over",
        }
    }
}

/// The contingency of a budget against a predicted total, in cents (docs/money.md): the reserve
/// is kept out of the working budget; what the predicted total eats of it is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contingency {
    pub percent: i32,
    /// budget x percent / 100, rounded half up to the cent.
    pub reserve_cents: i64,
    /// budget - reserve.
    pub working_budget_cents: i64,
    /// The part of the reserve the predicted total has eaten: 0 while it fits the working
    /// budget, at most the reserve.
    pub used_cents: i64,
    /// reserve - used.
    pub left_cents: i64,
    /// budget - predicted total; negative when over.
    pub headroom_cents: i64,
    pub status: MoneyStatus,
}

impl Contingency {
    pub fn of(budget: Money, percent: i32, predicted_total_cents: i64) -> Contingency {
        let budget = budget.cents();
        let pct = i64::from(percent.clamp(0, 100));
        let reserve = (budget * pct + 50) / 100;
        let working = budget - reserve;
        let used = (predicted_total_cents - working).clamp(0, reserve);
        let status = if predicted_total_cents > budget {
            MoneyStatus::Over
        } else if predicted_total_cents > working {
            MoneyStatus::Warning
        } else {
            MoneyStatus::Ok
        };
        Contingency {
            percent,
            reserve_cents: reserve,
            working_budget_cents: working,
            used_cents: used,
            left_cents: reserve - used,
            headroom_cents: budget - predicted_total_cents,
            status,
        }
    }
}

/// The project-level settings and figures the summary needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LedgerSettings {
    pub budget: Money,
    pub square_footage: i64,
    pub contingency_percent: i32,
    pub loan_amount: Option<Money>,
    /// Sum of funded draws.
    pub drawn_cents: i64,
}

/// The money summary of a project, in cents (docs/money.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoneySummary {
    /// Sum of every task's best-known cost, with the predictions the project shows (calibrated
    /// or regional): the same figure as the board's predicted total.
    pub predicted_total_cents: i64,
    pub committed_cents: i64,
    pub change_orders_approved_cents: i64,
    /// Sum of the tasks' Paid.
    pub paid_to_date_cents: i64,
    /// Sum of every payment.
    pub payments_recorded_cents: i64,
    /// Sum of the tasks' Remaining.
    pub remaining_to_pay_cents: i64,
    /// Best-known cost of the tasks without an award.
    pub uncommitted_cents: i64,
    pub contingency: Contingency,
    pub loan_amount_cents: Option<i64>,
    pub drawn_cents: i64,
    pub loan_left_cents: Option<i64>,
}

impl MoneySummary {
    /// The summary of `lines`, their predictions scaled by the project's local ratio (per mille)
    /// when it uses one, exactly as the board's sums (`BudgetSummary::compute_calibrated`).
    pub fn compute(
        settings: LedgerSettings,
        lines: impl IntoIterator<Item = LedgerLine>,
        ratio_per_mille: Option<u32>,
    ) -> MoneySummary {
        let add = |a: i64, b: i64| a.saturating_add(b);
        let (mut predicted, mut committed, mut change_orders, mut paid, mut payments, mut remaining, mut uncommitted) =
            (0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64);
        for line in lines {
            let best = line.cost.best_known(ratio_per_mille).cents;
            predicted = add(predicted, best);
            paid = add(paid, line.paid_to_date_cents());
            payments = add(payments, line.paid_cents);
            remaining = add(remaining, line.remaining_to_pay_cents().unwrap_or(0));
            match line.cost.committed {
                Some(c) => {
                    committed = add(committed, c.cents());
                    change_orders = add(change_orders, line.change_order_cents);
                }
                None => uncommitted = add(uncommitted, best),
            }
        }
        let predicted = predicted.min(MAX_CENTS);
        let loan = settings.loan_amount.map(Money::cents);
        MoneySummary {
            predicted_total_cents: predicted,
            committed_cents: committed.min(MAX_CENTS),
            change_orders_approved_cents: change_orders.clamp(-MAX_CENTS, MAX_CENTS),
            paid_to_date_cents: paid.min(MAX_CENTS),
            payments_recorded_cents: payments.min(MAX_CENTS),
            remaining_to_pay_cents: remaining.min(MAX_CENTS),
            uncommitted_cents: uncommitted.min(MAX_CENTS),
            contingency: Contingency::of(settings.budget, settings.contingency_percent, predicted),
            loan_amount_cents: loan,
            drawn_cents: settings.drawn_cents,
            loan_left_cents: loan.map(|l| l - settings.drawn_cents),
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::PredictedCost;
    use crate::task::TaskStatus;
    use proptest::prelude::*;

    fn money(c: i64) -> Money {
        Money::from_cents(c).unwrap()
    }
    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }
    const TODAY: &str = "2026-11-24";

    fn line(
        status: TaskStatus,
        actual: Option<i64>,
        committed: Option<i64>,
        rate: Option<i64>,
        paid: i64,
    ) -> LedgerLine {
        LedgerLine {
            cost: CostLine {
                status,
                actual_cost: actual.map(money),
                committed: committed.map(money),
                predicted: rate.map(|r| PredictedCost::exact(r * 100)),
            },
            paid_cents: paid,
            change_order_cents: 0,
        }
    }

    fn settings(budget: i64, percent: i32) -> LedgerSettings {
        LedgerSettings {
            budget: money(budget),
            square_footage: 100,
            contingency_percent: percent,
            loan_amount: None,
            drawn_cents: 0,
        }
    }

    #[test]
    fn signed_amounts_parse_with_a_minus() {
        assert_eq!(SignedMoney::parse_dollars("-2500.5").unwrap().cents(), -250_050);
        assert_eq!(SignedMoney::parse_dollars("2500").unwrap().cents(), 250_000);
        assert!(SignedMoney::parse_dollars("--1").is_err());
        assert!(SignedMoney::parse_dollars("-1.234").is_err());
        assert!(SignedMoney::from_cents(-MAX_CENTS - 1).is_none());
    }

    #[test]
    fn a_payment_needs_an_amount_above_zero_and_a_known_method() {
        let today = day(TODAY);
        let e = PaymentDetails::parse(PaymentInput::default(), None, today).unwrap_err();
        assert_eq!(e.fields().as_map()["amount"], ["This field is required."]);
        let zero = PaymentInput { amount: Some(Money::ZERO), method: Some("bitcoin".into()), ..Default::default() };
        let e = PaymentDetails::parse(zero, None, today).unwrap_err();
        assert_eq!(e.fields().as_map()["amount"], ["Ensure this value is greater than 0."]);
        assert_eq!(e.fields().as_map()["method"], ["\"bitcoin\" is not a valid choice."]);
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

    #[test]
    fn change_orders_count_only_when_approved_and_only_with_an_award() {
        let today = day(TODAY);
        let input = ChangeOrderInput {
            description: Some("Extra outlet run".into()),
            amount: SignedMoney::from_cents(-50_000),
            ..Default::default()
        };
        let c = ChangeOrderDetails::parse(input, None, today).unwrap();
        assert_eq!((c.status, c.date, c.approved_cents()), (ChangeOrderStatus::Proposed, today, 0));
        let approved = ChangeOrderDetails { status: ChangeOrderStatus::Approved, ..c };
        assert_eq!(approved.approved_cents(), -50_000);
        assert_eq!(committed_cents(Some(1_000_000), -50_000), Some(950_000));
        assert_eq!(committed_cents(None, 250_000), None);
        assert_eq!(committed_cents(Some(10), -50_000), Some(0), "never below zero");
        let e = ChangeOrderDetails::parse(
            ChangeOrderInput { description: Some("  ".into()), ..Default::default() },
            None,
            today,
        )
        .unwrap_err();
        assert_eq!(e.fields().as_map()["description"], ["This field may not be blank."]);
        assert_eq!(e.fields().as_map()["amount"], ["This field is required."]);
    }

    fn order(id: i64, date: &str, cents: i64, status: ChangeOrderStatus) -> (ChangeOrder, String) {
        let details = ChangeOrderDetails {
            description: format!("CO {id}"),
            amount: SignedMoney::from_cents(cents).unwrap(),
            status,
            date: day(date),
            contractor_id: None,
            document_id: None,
        };
        (ChangeOrder { id, task_id: 1, project_id: 1, details, contractor_name: None }, "Framing".into())
    }

    fn basis(committed: i64) -> RegisterBasis {
        RegisterBasis {
            budget: money(10_000_000),
            contingency_percent: 10,
            predicted_total_cents: 9_500_000,
            committed_total_cents: committed,
        }
    }

    #[test]
    fn the_register_runs_approved_totals_in_date_order_and_warns_past_ten_percent() {
        let orders = vec![
            order(3, "2026-03-01", 250_000, ChangeOrderStatus::Approved),
            order(1, "2026-01-01", 100_000, ChangeOrderStatus::Approved),
            order(2, "2026-02-01", 900_000, ChangeOrderStatus::Rejected),
        ];
        let r = ChangeOrderRegister::build(orders.clone(), basis(3_500_000), |_| true);
        let running: Vec<(i64, i64)> = r.lines.iter().map(|l| (l.change_order.id, l.running_total_cents)).collect();
        assert_eq!(running, [(1, 100_000), (2, 100_000), (3, 350_000)]);
        assert_eq!(
            (r.approved_total_cents, r.approved_percent, r.warning),
            (350_000, Some(10.0), false),
            "exactly 10%"
        );
        let r = ChangeOrderRegister::build(orders, basis(3_499_999), |_| true);
        assert!(r.warning, "just above 10%");
        let none = ChangeOrderRegister::build(vec![], basis(0), |_| true);
        assert_eq!((none.approved_percent, none.warning), (None, false));
    }

    #[test]
    fn each_change_order_says_the_contingency_left_after_it() {
        // Budget 100,000.00, reserve 10,000.00, working budget 90,000.00; predicted 95,000.00
        // with both change orders in it (5,000.00 of the reserve used, 5,000.00 left).
        let orders = vec![
            order(1, "2026-01-01", 100_000, ChangeOrderStatus::Approved),
            order(2, "2026-02-01", 250_000, ChangeOrderStatus::Approved),
        ];
        let r = ChangeOrderRegister::build(orders.clone(), basis(3_500_000), |_| true);
        let left: Vec<i64> = r.lines.iter().map(|l| l.contingency_left_after_cents).collect();
        // Before the second: predicted 92,500.00 -> 2,500.00 used, 7,500.00 left.
        assert_eq!(left, [750_000, 500_000]);
        assert_eq!(*left.last().unwrap(), Contingency::of(money(10_000_000), 10, 9_500_000).left_cents);
        // A change order on a task with an actual cost moves nothing.
        let r = ChangeOrderRegister::build(orders, basis(3_500_000), |_| false);
        assert!(r.lines.iter().all(|l| l.contingency_left_after_cents == 500_000));
    }

    #[test]
    fn an_approved_change_order_needs_an_award_and_others_do_not() {
        let details = |status| ChangeOrderDetails {
            description: "Beam".into(),
            amount: SignedMoney::from_cents(100).unwrap(),
            status,
            date: day(TODAY),
            contractor_id: None,
            document_id: None,
        };
        let e = details(ChangeOrderStatus::Approved).check_award(false).unwrap_err();
        assert_eq!(e, DomainError::conflict("status", MSG_APPROVE_NEEDS_AWARD));
        details(ChangeOrderStatus::Approved).check_award(true).unwrap();
        details(ChangeOrderStatus::Proposed).check_award(false).unwrap();
        details(ChangeOrderStatus::Rejected).check_award(false).unwrap();
    }

    #[test]
    fn the_summary_of_a_worked_example() {
        // Budget 100,000.00, 10% contingency. Framing awarded 41,800 (+2,500 approved change
        // order = 44,300 committed), paid 20,000 twice; Roof predicted 10.00 x 100 sq ft; Site
        // work paid and done at 5,000.
        let mut framing = line(TaskStatus::InProgress, None, Some(4_430_000), Some(50_000), 4_000_000);
        framing.change_order_cents = 250_000;
        let lines = [
            framing,
            line(TaskStatus::ToDo, None, None, Some(100_000), 0),
            line(TaskStatus::Paid, Some(500_000), None, None, 500_000),
        ];
        let s = MoneySummary::compute(
            LedgerSettings { loan_amount: Some(money(8_000_000)), drawn_cents: 3_000_000, ..settings(10_000_000, 10) },
            lines,
            None,
        );
        assert_eq!(s.predicted_total_cents, 4_430_000 + 10_000_000 + 500_000);
        assert_eq!(s.committed_cents, 4_430_000);
        assert_eq!(s.change_orders_approved_cents, 250_000);
        assert_eq!(s.paid_to_date_cents, 4_500_000);
        assert_eq!(s.remaining_to_pay_cents, 430_000);
        assert_eq!(s.uncommitted_cents, 10_500_000);
        let c = s.contingency;
        assert_eq!((c.reserve_cents, c.working_budget_cents), (1_000_000, 9_000_000));
        assert_eq!((c.used_cents, c.left_cents), (1_000_000, 0));
        assert_eq!(c.headroom_cents, 10_000_000 - 14_930_000);
        assert_eq!(c.status, MoneyStatus::Over);
        assert_eq!((s.loan_amount_cents, s.loan_left_cents), (Some(8_000_000), Some(5_000_000)));
    }

    #[test]
    fn the_contingency_is_used_inside_the_reserve_and_the_status_follows() {
        let at = |predicted: i64| Contingency::of(money(1_000_000), 10, predicted);
        // Budget 10,000.00, reserve 1,000.00, working budget 9,000.00.
        let ok = at(900_000);
        assert_eq!(
            (ok.status, ok.used_cents, ok.left_cents, ok.headroom_cents),
            (MoneyStatus::Ok, 0, 100_000, 100_000)
        );
        let warning = at(950_000);
        assert_eq!((warning.status, warning.used_cents, warning.left_cents), (MoneyStatus::Warning, 50_000, 50_000));
        assert_eq!(at(900_001).status, MoneyStatus::Warning, "one cent into the reserve");
        assert_eq!(at(1_000_000).status, MoneyStatus::Warning, "exactly on budget");
        let over = at(1_200_000);
        assert_eq!(
            (over.status, over.used_cents, over.left_cents, over.headroom_cents),
            (MoneyStatus::Over, 100_000, 0, -200_000)
        );
        assert_eq!(Contingency::of(money(1_000_000), 0, 1_000_000).status, MoneyStatus::Ok, "no reserve, on budget");
    }

    #[test]
    fn paid_is_the_payments_or_the_actual_cost_of_a_finished_task() {
        // Other / Miscellaneous moved to Paid at 6,800 with nothing recorded: paid 6,800.
        let lines = [
            line(TaskStatus::Paid, Some(680_000), None, None, 0),
            line(TaskStatus::InProgress, None, Some(4_180_000), None, 2_500_000),
            line(TaskStatus::InProgress, Some(100_000), None, None, 0), // not finished: not paid
        ];
        let s = MoneySummary::compute(settings(0, 10), lines, None);
        assert_eq!((s.paid_to_date_cents, s.payments_recorded_cents), (680_000 + 2_500_000, 2_500_000));
        assert_eq!(s.remaining_to_pay_cents, 1_680_000 + 100_000);
    }

    #[test]
    fn the_summary_uses_the_calibrated_predictions_when_given_a_ratio() {
        let lines =
            [line(TaskStatus::ToDo, None, None, Some(1_001), 0), line(TaskStatus::Paid, Some(50_000), None, None, 0)];
        // 10.01 x 100 sq ft = 1,001.00 x 1.2 = 1,201.20 -> 1,201.00.
        let s = MoneySummary::compute(settings(1_000_000, 10), lines, Some(1200));
        assert_eq!(s.predicted_total_cents, 120_100 + 50_000);
    }

    #[test]
    fn an_overpaid_task_does_not_lower_what_is_owed_on_another() {
        let lines = [
            line(TaskStatus::Paid, None, Some(100_000), None, 150_000),
            line(TaskStatus::InProgress, None, Some(200_000), None, 50_000),
        ];
        assert_eq!(MoneySummary::compute(settings(0, 10), lines, None).remaining_to_pay_cents, 150_000);
    }

    fn arb_line() -> impl Strategy<Value = LedgerLine> {
        (
            0usize..3,
            proptest::option::of(0i64..10_000_000),
            proptest::option::of(0i64..10_000_000),
            proptest::option::of(0i64..100_000),
            0i64..10_000_000,
        )
            .prop_map(|(s, actual, committed, rate, paid)| line(TaskStatus::ALL[s], actual, committed, rate, paid))
    }

    proptest! {
        /// Totals equal the sums of their parts, to the cent, whatever the ledger.
        #[test]
        fn summary_totals_are_the_sums_of_the_parts(
            lines in proptest::collection::vec(arb_line(), 0..60),
            budget in 0i64..1_000_000_000,
            pct in 0i32..=50,
            ratio in proptest::option::of(500u32..2000),
        ) {
            let s = MoneySummary::compute(settings(budget, pct), lines.clone(), ratio);
            let best: Vec<i64> = lines.iter().map(|l| l.cost.best_known(ratio).cents).collect();
            prop_assert_eq!(s.predicted_total_cents, best.iter().sum::<i64>());
            // The board's sums are the same figure, column by column.
            let board = crate::budget::BudgetSummary::compute_calibrated(money(budget), 100, lines.iter().map(|l| l.cost), ratio);
            prop_assert_eq!(board.predicted_total.cents(), s.predicted_total_cents);
            prop_assert_eq!(board.column_totals.iter().map(|(_, m)| m.cents()).sum::<i64>(), s.predicted_total_cents);
            prop_assert_eq!(s.paid_to_date_cents, lines.iter().map(LedgerLine::paid_to_date_cents).sum::<i64>());
            prop_assert_eq!(s.payments_recorded_cents, lines.iter().map(|l| l.paid_cents).sum::<i64>());
            prop_assert_eq!(s.remaining_to_pay_cents, lines.iter().filter_map(LedgerLine::remaining_to_pay_cents).sum::<i64>());
            let committed: i64 = lines.iter().filter_map(|l| l.cost.committed).map(Money::cents).sum();
            prop_assert_eq!(s.committed_cents, committed);
            let committed_tasks_best: i64 = lines.iter().zip(&best).filter(|(l, _)| l.cost.committed.is_some()).map(|(_, b)| b).sum();
            prop_assert_eq!(s.uncommitted_cents + committed_tasks_best, s.predicted_total_cents);
            prop_assert!(s.remaining_to_pay_cents >= 0);
            let c = s.contingency;
            prop_assert_eq!(c.used_cents + c.left_cents, c.reserve_cents);
            prop_assert_eq!(c.working_budget_cents + c.reserve_cents, budget);
            prop_assert!(0 <= c.used_cents && c.used_cents <= c.reserve_cents);
            prop_assert_eq!(c.headroom_cents, budget - s.predicted_total_cents);
            prop_assert_eq!(c.status == MoneyStatus::Over, s.predicted_total_cents > budget);
            prop_assert_eq!(c.status == MoneyStatus::Ok, s.predicted_total_cents <= c.working_budget_cents);
        }

        /// Approving a change order on an awarded task without an actual cost moves the predicted
        /// total by exactly its amount.
        #[test]
        fn a_change_order_moves_the_predicted_total_by_its_amount(
            lines in proptest::collection::vec(arb_line(), 1..30),
            award in 100i64..10_000_000,
            amount in -100i64..5_000_000,
            ratio in proptest::option::of(500u32..2000),
        ) {
            let before = line(TaskStatus::InProgress, None, Some(award), Some(1_000), 0);
            let mut after = line(TaskStatus::InProgress, None, committed_cents(Some(award), amount), Some(1_000), 0);
            after.change_order_cents = amount;
            let total = |extra: LedgerLine| {
                let mut all = lines.clone();
                all.push(extra);
                MoneySummary::compute(settings(1_000_000, 10), all, ratio).predicted_total_cents
            };
            prop_assert_eq!(total(after) - total(before), amount.max(-award));
        }
    }
}
