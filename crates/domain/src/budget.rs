//! The budget summary shown above the board, summed once, in integer cents.
//!
//! Each task counts for its **best-known cost** (shared/DECISIONS.md): its actual cost when there
//! is one, else its committed cost (the awarded bid) when there is one, else its prediction
//! (regional rate x the project's square footage; for a job priced as a job, its regional price:
//! docs/cost-model.md), else nothing. Without bids this is exactly the spec's rule.
//!
//! With a calibration (issue 20, `calibration.rs`), the tasks still without a known cost count
//! for their prediction x the project's local ratio, to the whole dollar (a fee or permit keeps
//! its regional price); whether the project uses it is its own setting (issue 29). Each
//! prediction carries a low and a high, summed the same way. The frontend repeats this
//! rule for drag previews (`frontend/src/features/board/money.ts`), checked against this one on
//! random boards (`summary-cases.json`).

use crate::known_cost::KnownCost;
use crate::money::{Money, MAX_CENTS};
use crate::task::TaskStatus;

/// A task's predicted cost and its range, in cents (`cost::Prediction` for one project).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PredictedCost {
    pub cents: i64,
    pub low_cents: i64,
    pub high_cents: i64,
    /// A fee or permit: priced by an authority, never scaled by a local ratio.
    pub fee: bool,
}

impl PredictedCost {
    /// A prediction without a range.
    pub fn exact(cents: i64) -> Self {
        PredictedCost { cents, low_cents: cents, high_cents: cents, fee: false }
    }

    /// The prediction x a local ratio in per mille (1200 = x1.2), each figure rounded half up to
    /// the whole dollar: a calibrated prediction is an estimate, and the cents of what a row
    /// shows are the cents the totals add. A fee is returned as it is.
    pub fn scaled(self, per_mille: u32) -> Self {
        if self.fee {
            return self;
        }
        let f = |c: i64| {
            // cents x per_mille / 1000, to the nearest 100 cents, halves up.
            let n = i128::from(c.max(0)) * i128::from(per_mille);
            i64::try_from((n + 50_000) / 100_000 * 100).unwrap_or(i64::MAX)
        };
        PredictedCost { cents: f(self.cents), low_cents: f(self.low_cents), high_cents: f(self.high_cents), fee: false }
    }
}

/// What one task brings to the sums.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CostLine {
    pub status: TaskStatus,
    pub actual_cost: Option<Money>,
    /// The awarded bid's amount, when the task has one.
    pub committed: Option<Money>,
    /// The regional prediction, when the catalogue knows the task and the zip code.
    pub predicted: Option<PredictedCost>,
}

impl CostLine {
    /// The actual cost, else the committed cost, in cents: what the project knows it costs.
    pub fn known_cents(&self) -> Option<i64> {
        KnownCost::of(self.actual_cost, self.committed).map(KnownCost::cents)
    }

    /// The cents this line counts for: actual, else committed, else the prediction, else 0.
    pub fn best_known_cents(&self) -> i64 {
        self.best_known(None).cents
    }

    /// The best-known cost with its range: a known cost has none; a prediction is scaled by the
    /// local ratio (per mille) when one is given.
    pub fn best_known(&self, ratio_per_mille: Option<u32>) -> PredictedCost {
        match (self.known_cents(), self.predicted) {
            (Some(known), _) => PredictedCost::exact(known),
            (None, Some(p)) => ratio_per_mille.map_or(p, |r| p.scaled(r)),
            (None, None) => PredictedCost::exact(0),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BudgetSummary {
    pub budget: Money,
    /// Sum of every task's best-known cost (at most [`MAX_CENTS`]).
    pub predicted_total: Money,
    /// The same sum with each prediction's low, and with its high.
    pub predicted_low: Money,
    pub predicted_high: Money,
    /// The same sum per column, in [`TaskStatus::ALL`] order.
    pub column_totals: [(TaskStatus, Money); 3],
    /// Predicted total per square foot, in cents rounded half up, when there is an area.
    pub cost_per_sqft_cents: Option<i64>,
}

impl BudgetSummary {
    pub fn compute(budget: Money, square_footage: i64, lines: impl IntoIterator<Item = CostLine>) -> BudgetSummary {
        Self::compute_calibrated(budget, square_footage, lines, None)
    }

    /// The same figures with every prediction of a task without a known cost x the local ratio
    /// (per mille); `None` is [`Self::compute`].
    pub fn compute_calibrated(
        budget: Money,
        square_footage: i64,
        lines: impl IntoIterator<Item = CostLine>,
        ratio_per_mille: Option<u32>,
    ) -> BudgetSummary {
        let mut totals = [0i64; 3];
        let (mut low, mut high) = (0i64, 0i64);
        for line in lines {
            let column = TaskStatus::ALL.iter().position(|s| *s == line.status).unwrap_or(0);
            let best = line.best_known(ratio_per_mille);
            totals[column] = totals[column].saturating_add(best.cents);
            low = low.saturating_add(best.low_cents);
            high = high.saturating_add(best.high_cents);
        }
        let total = totals.iter().fold(0i64, |sum, c| sum.saturating_add(*c)).min(MAX_CENTS);
        let money = |cents: i64| Money::from_cents(cents.min(MAX_CENTS)).unwrap_or(Money::ZERO);
        BudgetSummary {
            budget,
            predicted_total: money(total),
            predicted_low: money(low),
            predicted_high: money(high),
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

    /// A line whose prediction is `rate` cents per sq ft x 100 sq ft (the area of these tests).
    fn line(status: TaskStatus, actual: Option<i64>, rate: Option<i64>) -> CostLine {
        CostLine {
            status,
            actual_cost: actual.and_then(Money::from_cents),
            committed: None,
            predicted: rate.map(|r| PredictedCost::exact(r.saturating_mul(100))),
        }
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
        assert_eq!(committed(None).best_known_cents(), 41_800);
        assert_eq!(committed(Some(45_000)).best_known_cents(), 45_000);
        assert_eq!(line(TaskStatus::ToDo, None, Some(1000)).best_known_cents(), 100_000, "no bids: the spec's rule");
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
    fn ranges_sum_like_the_points_and_known_costs_have_none() {
        let predicted = CostLine {
            predicted: Some(PredictedCost { cents: 100_000, low_cents: 80_000, high_cents: 130_000, fee: false }),
            ..line(TaskStatus::ToDo, None, None)
        };
        let s = BudgetSummary::compute(Money::ZERO, 100, [predicted, line(TaskStatus::Paid, Some(50_000), None)]);
        assert_eq!(
            (s.predicted_low.cents(), s.predicted_total.cents(), s.predicted_high.cents()),
            (130_000, 150_000, 180_000)
        );
    }

    #[test]
    fn a_calibration_scales_only_the_predictions_of_tasks_without_a_known_cost() {
        let predicted = CostLine {
            predicted: Some(PredictedCost { cents: 100_000, low_cents: 80_000, high_cents: 130_000, fee: false }),
            ..line(TaskStatus::ToDo, None, None)
        };
        let known = CostLine { committed: Some(cents(60_000)), ..predicted };
        let s = BudgetSummary::compute_calibrated(Money::ZERO, 100, [predicted, known], Some(1200));
        // 1,000.00 x 1.2 + the award of 600.00; the range scaled the same way.
        assert_eq!(s.predicted_total.cents(), 120_000 + 60_000);
        assert_eq!((s.predicted_low.cents(), s.predicted_high.cents()), (96_000 + 60_000, 156_000 + 60_000));
        assert_eq!(s.column_totals[0].1.cents(), 180_000);
        // Rounded half up to the whole dollar: $1.20 x 1.25 = $1.50 -> $2; $1.19 x 1.25 -> $1.
        assert_eq!(PredictedCost::exact(120).scaled(1250).cents, 200);
        assert_eq!(PredictedCost::exact(119).scaled(1250).cents, 100);
        assert_eq!(PredictedCost::exact(33_333).scaled(1000).cents, 33_300, "whole dollars even at x1");
        // A fee keeps its regional price.
        let fee = PredictedCost { fee: true, ..PredictedCost::exact(761_234) };
        assert_eq!(fee.scaled(1500), fee);
        assert_eq!(
            BudgetSummary::compute_calibrated(Money::ZERO, 100, [predicted], None),
            BudgetSummary::compute(Money::ZERO, 100, [predicted])
        );
    }

    #[test]
    fn sums_saturate_at_the_largest_amount_instead_of_wrapping() {
        let huge = line(TaskStatus::ToDo, None, Some(i64::MAX / 200));
        let s = BudgetSummary::compute(Money::ZERO, 1_000_000, [huge, huge]);
        assert_eq!(s.predicted_total.cents(), MAX_CENTS);
        assert_eq!(s.column_totals[0].1.cents(), MAX_CENTS);
    }
}
