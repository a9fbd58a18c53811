//! Change orders (docs/money.md): a change to an awarded contract, counted in its task's
//! committed cost once approved, and the project's register of them with running totals and the
//! contingency left after each.

use chrono::NaiveDate;

use crate::error::{DomainError, FieldErrors};
use crate::money::{Money, MAX_CENTS};

use super::fields::{code_enum, text};
use super::money_summary::Contingency;
use super::SignedMoney;

pub const DESCRIPTION_MAX: usize = 5000;
/// Approved change orders above this share of the committed total are warned about.
pub const CHANGE_ORDER_WARNING_PCT: i64 = 10;

pub const MSG_APPROVE_NEEDS_AWARD: &str =
    "Award a bid on this task before approving a change order: a change order changes an awarded contract.";

code_enum!(
    /// Where a change order stands; only approved ones count.
    ChangeOrderStatus { Proposed => "proposed", Approved => "approved", Rejected => "rejected" }
);

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

/// A change order's fields, each read and checked on its own (the functions below and
/// [`crate::bid::optional_date`]): the description trimmed, the status a status, the date a date.
/// `None`: absent or unchanged.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChangeOrderInput {
    pub description: Option<String>,
    pub amount: Option<SignedMoney>,
    pub status: Option<ChangeOrderStatus>,
    /// `Some(None)`: today (sent as null or empty).
    pub date: Option<Option<NaiveDate>>,
    pub contractor: Option<Option<i64>>,
    pub document: Option<Option<i64>>,
}

impl ChangeOrderInput {
    /// A description trimmed: not blank, at most 5000 characters.
    pub fn description(raw: &str) -> Result<String, DomainError> {
        let mut errors = FieldErrors::new();
        let t = text(&mut errors, "description", raw, DESCRIPTION_MAX);
        if t.is_empty() && errors.is_empty() {
            errors.add("description", crate::messages::BLANK);
        }
        errors.into_result().map(|()| t)
    }

    /// One of the statuses' codes.
    pub fn status(raw: &str) -> Result<ChangeOrderStatus, DomainError> {
        ChangeOrderStatus::parse(raw.trim())
            .ok_or_else(|| FieldErrors::single("status", crate::messages::not_a_choice(raw)))
    }
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
                    errors.add("description", crate::messages::REQUIRED);
                    "-".into()
                }
            },
        };
        if description.is_empty() && !errors.contains("description") {
            errors.add("description", crate::messages::BLANK);
        }
        let amount = match (input.amount, current) {
            (Some(a), _) => a,
            (None, Some(c)) => c.amount,
            (None, None) => {
                errors.add("amount", crate::messages::REQUIRED);
                SignedMoney::default()
            }
        };
        let status = input.status.unwrap_or(current.map_or(ChangeOrderStatus::Proposed, |c| c.status));
        let date = match input.date {
            Some(date) => date.unwrap_or(today),
            None => current.map_or(today, |c| c.date),
        };
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
        assert_eq!(ChangeOrderInput::description(" Beam ").unwrap(), "Beam");
        assert!(ChangeOrderInput::description(" ").is_err());
        assert_eq!(ChangeOrderInput::status(" approved ").unwrap(), ChangeOrderStatus::Approved);
        let e = ChangeOrderInput::status("maybe").unwrap_err();
        assert_eq!(e.fields().as_map()["status"], ["\"maybe\" is not a valid choice."]);
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
}
