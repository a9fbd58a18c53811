//! Budget summary: the sums shown above the board.

use crate::money::Money;
use crate::task::{predicted_cost, Task, TaskStatus};

/// The amount a task counts for in sums: its actual cost when present, else its prediction.
pub fn counted_cost(actual: Option<Money>, rate_cents_per_sqft: Option<i64>, square_footage: i64) -> Money {
    actual.or_else(|| rate_cents_per_sqft.and_then(|r| predicted_cost(r, square_footage))).unwrap_or(Money::ZERO)
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BudgetSummary {
    pub budget: Money,
    /// Sum over all tasks of actual cost, or prediction where there is none.
    pub predicted_total: Money,
    pub column_totals: [(TaskStatus, Money); 3],
    /// Predicted total per square foot, in cents, when there is an area.
    pub cost_per_sqft_cents: Option<i64>,
}

impl BudgetSummary {
    /// `rate` gives each task's regional rate in cents per sq ft (None when unknown).
    pub fn compute(
        budget: Money,
        square_footage: i64,
        tasks: &[Task],
        rate: impl Fn(&Task) -> Option<i64>,
    ) -> BudgetSummary {
        let mut totals = TaskStatus::ALL.map(|s| (s, 0i64));
        for t in tasks {
            let c = counted_cost(t.actual_cost, rate(t), square_footage).cents();
            if let Some(slot) = totals.iter_mut().find(|(s, _)| *s == t.status) {
                slot.1 = slot.1.saturating_add(c);
            }
        }
        let total = totals.iter().fold(0i64, |a, (_, c)| a.saturating_add(*c));
        let money =
            |c: i64| Money::from_cents(c).unwrap_or(Money::from_cents(crate::money::MAX_CENTS).unwrap_or(Money::ZERO));
        BudgetSummary {
            budget,
            predicted_total: money(total),
            column_totals: totals.map(|(s, c)| (s, money(c))),
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
    use crate::task::MaterialQuality;

    fn task(status: TaskStatus, actual: Option<i64>) -> Task {
        Task {
            id: 1,
            project_id: 1,
            title: "Framing".into(),
            description: String::new(),
            status,
            material_quality: MaterialQuality::Basic,
            actual_cost: actual.and_then(Money::from_cents),
            due_date: None,
            position: 0,
        }
    }

    #[test]
    fn actual_cost_replaces_the_prediction_in_sums() {
        let tasks = [task(TaskStatus::ToDo, None), task(TaskStatus::Paid, Some(50_000))];
        // 10.00 $/sqft x 100 sqft = 1,000.00 predicted for the unpaid one.
        let s = BudgetSummary::compute(Money::from_cents(200_000).unwrap(), 100, &tasks, |_| Some(1000));
        assert_eq!(s.predicted_total.cents(), 100_000 + 50_000);
        assert_eq!(s.column_totals[0].1.cents(), 100_000);
        assert_eq!(s.column_totals[2].1.cents(), 50_000);
        assert_eq!(s.cost_per_sqft_cents, Some(1500));
        assert!(!s.is_over_budget());
    }

    #[test]
    fn over_budget_only_when_strictly_above() {
        let tasks = [task(TaskStatus::InProgress, Some(1000))];
        let at = BudgetSummary::compute(Money::from_cents(1000).unwrap(), 10, &tasks, |_| None);
        assert!(!at.is_over_budget());
        let over = BudgetSummary::compute(Money::from_cents(999).unwrap(), 10, &tasks, |_| None);
        assert!(over.is_over_budget());
    }

    #[test]
    fn unknown_rates_count_as_zero() {
        assert_eq!(counted_cost(None, None, 2000), Money::ZERO);
    }
}
