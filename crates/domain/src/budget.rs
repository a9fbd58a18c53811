//! The budget summary shown above the board, summed once, in integer cents.
//!
//! Each task counts for its **best-known cost** (shared/DECISIONS.md): its actual cost when there
//! is one, else its committed cost (the awarded bid) when there is one, else its prediction
//! (regional rate x the project's square footage), else nothing. Without bids this is exactly
//! the spec's rule. The frontend repeats this
//! rule for drag previews (`frontend/src/features/board/money.ts`), checked against this one on
//! random boards (`summary-cases.json`).

use crate::money::{Money, MAX_CENTS};
use crate::task::TaskStatus;

/// What one task brings to the sums.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CostLine {
    pub status: TaskStatus,
    pub actual_cost: Option<Money>,
    /// The awarded bid's amount, when the task has one.
    pub committed: Option<Money>,
    /// Regional average cost per sq ft in cents, when the catalogue knows the task.
    pub rate_cents_per_sqft: Option<i64>,
}

impl CostLine {
    /// The cents this line counts for: actual, else committed, else rate x area (saturating),
    /// else 0.
    pub fn best_known_cents(&self, square_footage: i64) -> i64 {
        match (self.actual_cost.or(self.committed), self.rate_cents_per_sqft) {
            (Some(known), _) => known.cents(),
            (None, Some(rate)) => rate.saturating_mul(square_footage.max(0)),
            (None, None) => 0,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BudgetSummary {
    pub budget: Money,
    /// Sum of every task's best-known cost (at most [`MAX_CENTS`]).
    pub predicted_total: Money,
    /// The same sum per column, in [`TaskStatus::ALL`] order.
    pub column_totals: [(TaskStatus, Money); 3],
    /// Predicted total per square foot, in cents rounded half up, when there is an area.
    pub cost_per_sqft_cents: Option<i64>,
}

impl BudgetSummary {
    pub fn compute(budget: Money, square_footage: i64, lines: impl IntoIterator<Item = CostLine>) -> BudgetSummary {
        let mut totals = [0i64; 3];
        for line in lines {
            let column = TaskStatus::ALL.iter().position(|s| *s == line.status).unwrap_or(0);
            totals[column] = totals[column].saturating_add(line.best_known_cents(square_footage));
        }
        let total = totals.iter().fold(0i64, |sum, c| sum.saturating_add(*c)).min(MAX_CENTS);
        let money = |cents: i64| Money::from_cents(cents.min(MAX_CENTS)).unwrap_or(Money::ZERO);
        BudgetSummary {
            budget,
            predicted_total: money(total),
            column_totals: [0, 1, 2].map(|i| (TaskStatus::ALL[i], money(totals[i]))),
            cost_per_sqft_cents: (square_footage > 0).then(|| (total * 2 + square_footage) / (square_footage * 2)),
        }
    }

    /// The spec's colour rule: red when the predicted total exceeds the budget.
    pub fn is_over_budget(&self) -> bool {
        self.predicted_total > self.budget
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(status: TaskStatus, actual: Option<i64>, rate: Option<i64>) -> CostLine {
        CostLine { status, actual_cost: actual.and_then(Money::from_cents), committed: None, rate_cents_per_sqft: rate }
    }

    fn cents(c: i64) -> Money {
        Money::from_cents(c).unwrap()
    }

    #[test]
    fn actual_cost_replaces_the_prediction_in_sums() {
        let lines = [line(TaskStatus::ToDo, None, Some(1000)), line(TaskStatus::Paid, Some(50_000), Some(1000))];
        // 10.00 $/sqft x 100 sqft = 1,000.00 predicted for the unpaid one.
        let s = BudgetSummary::compute(cents(200_000), 100, lines);
        assert_eq!(s.predicted_total.cents(), 100_000 + 50_000);
        assert_eq!(s.column_totals[0], (TaskStatus::ToDo, cents(100_000)));
        assert_eq!(s.column_totals[1], (TaskStatus::InProgress, Money::ZERO));
        assert_eq!(s.column_totals[2], (TaskStatus::Paid, cents(50_000)));
        assert_eq!(s.cost_per_sqft_cents, Some(1500));
        assert!(!s.is_over_budget());
    }

    #[test]
    fn a_committed_cost_replaces_the_prediction_and_an_actual_cost_replaces_both() {
        let committed = |actual: Option<i64>| CostLine {
            committed: Some(cents(41_800)),
            ..line(TaskStatus::ToDo, actual, Some(1000))
        };
        // Prediction 1,000.00 (10.00 x 100 sqft); awarded at 418.00; then paid 450.00.
        assert_eq!(committed(None).best_known_cents(100), 41_800);
        assert_eq!(committed(Some(45_000)).best_known_cents(100), 45_000);
        assert_eq!(line(TaskStatus::ToDo, None, Some(1000)).best_known_cents(100), 100_000, "no bids: the spec's rule");
        let s = BudgetSummary::compute(Money::ZERO, 100, [committed(None), line(TaskStatus::ToDo, None, Some(1000))]);
        assert_eq!(s.predicted_total.cents(), 41_800 + 100_000);
    }

    #[test]
    fn over_budget_only_when_strictly_above() {
        let lines = [line(TaskStatus::InProgress, Some(1000), None)];
        assert!(!BudgetSummary::compute(cents(1000), 10, lines).is_over_budget());
        assert!(BudgetSummary::compute(cents(999), 10, lines).is_over_budget());
    }

    #[test]
    fn unknown_rates_count_as_zero_and_no_area_has_no_cost_per_sqft() {
        let s = BudgetSummary::compute(Money::ZERO, 0, [line(TaskStatus::ToDo, None, None)]);
        assert_eq!(s.predicted_total, Money::ZERO);
        assert_eq!(s.cost_per_sqft_cents, None);
    }

    #[test]
    fn cost_per_sqft_rounds_half_up_to_the_cent() {
        // 100.01 / 2 = 50.005 -> 50.01; 100.03 / 3 = 33.343 -> 33.34.
        let per = |total, area| BudgetSummary::compute(Money::ZERO, area, [line(TaskStatus::Paid, Some(total), None)]);
        assert_eq!(per(10_001, 2).cost_per_sqft_cents, Some(5001));
        assert_eq!(per(10_003, 3).cost_per_sqft_cents, Some(3334));
    }

    #[test]
    fn sums_saturate_at_the_largest_amount_instead_of_wrapping() {
        let huge = line(TaskStatus::ToDo, None, Some(i64::MAX / 2));
        let s = BudgetSummary::compute(Money::ZERO, 1_000_000, [huge, huge]);
        assert_eq!(s.predicted_total.cents(), MAX_CENTS);
        assert_eq!(s.column_totals[0].1.cents(), MAX_CENTS);
    }
}
