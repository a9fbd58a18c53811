//! What a task is known to cost: its actual cost, else its committed cost (the awarded bid).
//! The one place that rule lives; the sums, a task's Remaining and the calibration's original
//! scope all start from it (docs/money.md).

use crate::money::Money;

/// Where a task's known cost comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnownFrom {
    /// The owner's actual cost.
    ActualCost,
    /// The awarded bid, with its approved change orders.
    Committed,
}

impl KnownFrom {
    pub fn code(self) -> &'static str {
        match self {
            KnownFrom::ActualCost => "actual_cost",
            KnownFrom::Committed => "committed",
        }
    }
}

/// A task's known cost and where it comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnownCost {
    pub amount: Money,
    pub from: KnownFrom,
}

impl KnownCost {
    /// The actual cost, else the committed cost; `None` while neither is known.
    pub fn of(actual_cost: Option<Money>, committed: Option<Money>) -> Option<KnownCost> {
        match (actual_cost, committed) {
            (Some(amount), _) => Some(KnownCost { amount, from: KnownFrom::ActualCost }),
            (None, Some(amount)) => Some(KnownCost { amount, from: KnownFrom::Committed }),
            (None, None) => None,
        }
    }

    pub fn cents(self) -> i64 {
        self.amount.cents()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(cents: i64) -> Option<Money> {
        Some(Money::from_cents(cents).unwrap())
    }

    #[test]
    fn actual_cost_wins_over_the_committed_cost() {
        assert_eq!(KnownCost::of(m(500), m(400)).map(|k| (k.cents(), k.from)), Some((500, KnownFrom::ActualCost)));
        assert_eq!(KnownCost::of(None, m(400)).map(|k| (k.cents(), k.from)), Some((400, KnownFrom::Committed)));
        assert_eq!(KnownCost::of(None, None), None);
    }

    #[test]
    fn codes_are_the_wire_words() {
        assert_eq!(KnownFrom::ActualCost.code(), "actual_cost");
        assert_eq!(KnownFrom::Committed.code(), "committed");
    }
}
