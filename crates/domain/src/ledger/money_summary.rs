//! The money summary of a project (docs/money.md): committed, Paid, Remaining, the contingency
//! and the loan, summed once from what each task brings ([`LedgerLine`]), in integer cents.

use crate::budget::CostLine;
use crate::money::{Money, MAX_CENTS};
use crate::task::{paid_to_date_cents, remaining_to_pay_cents};

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
    use crate::ledger::committed_cents;
    use crate::task::TaskStatus;
    use proptest::prelude::*;

    fn money(c: i64) -> Money {
        Money::from_cents(c).unwrap()
    }

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
