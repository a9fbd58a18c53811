//! A draw's continuation sheet (issue 34, docs/money.md; in the spirit of AIA G703): each line's
//! scheduled value and what earlier draws covered (both fixed with the line), this period,
//! completed to date, percent complete, balance to finish, retainage and net, and the draw's
//! totals of each column. All in integer cents; the percent in tenths.

use crate::money::MAX_CENTS;

/// 100.0 %, in tenths of a percent.
pub const FULL_PERCENT_TENTHS: i32 = 1000;

/// One line of the continuation sheet, in cents (the percent in tenths, 0..=1000).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContinuationLine {
    pub scheduled_cents: i64,
    pub previous_cents: i64,
    /// The line's amount.
    pub this_period_cents: i64,
    /// previous + this period.
    pub completed_to_date_cents: i64,
    /// completed / scheduled, one decimal rounded half up, at most 100 % (scheduled 0: 100 % once
    /// anything is completed, else 0).
    pub percent_complete_tenths: i32,
    /// scheduled - completed, never below 0.
    pub balance_to_finish_cents: i64,
    /// this period x the project's retainage, rounded half up to the cent.
    pub retainage_cents: i64,
    /// this period - retainage.
    pub net_cents: i64,
}

/// The sums of a draw's continuation columns.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ContinuationTotals {
    pub scheduled_cents: i64,
    pub previous_cents: i64,
    pub this_period_cents: i64,
    pub completed_to_date_cents: i64,
    pub balance_to_finish_cents: i64,
    pub retainage_cents: i64,
    pub net_cents: i64,
}

fn clamp_cents(n: i128) -> i64 {
    i64::try_from(n.clamp(0, i128::from(MAX_CENTS))).unwrap_or(MAX_CENTS)
}

/// `this_period_cents` x `basis_points` / 10 000 (500 = 5 %), rounded half up to the cent.
pub fn retainage_cents(this_period_cents: i64, basis_points: i32) -> i64 {
    let n = i128::from(this_period_cents.max(0)) * i128::from(basis_points.max(0));
    clamp_cents((n + 5_000) / 10_000)
}

/// completed / scheduled in tenths of a percent, rounded half up, at most 100 %. A line with no
/// scheduled value is 100 % once anything is completed, else 0.
pub fn percent_complete_tenths(completed_cents: i64, scheduled_cents: i64) -> i32 {
    if scheduled_cents <= 0 {
        return if completed_cents > 0 { FULL_PERCENT_TENTHS } else { 0 };
    }
    let (c, s) = (i128::from(completed_cents.max(0)), i128::from(scheduled_cents));
    let tenths = (c * 2_000 + s) / (2 * s);
    i32::try_from(tenths.min(i128::from(FULL_PERCENT_TENTHS))).unwrap_or(FULL_PERCENT_TENTHS)
}

/// What a line inspected at `percent_tenths` asks for: scheduled x percent (rounded half up to
/// the cent) less what earlier draws covered, never below 0.
pub fn inspected_amount_cents(scheduled_cents: i64, previous_cents: i64, percent_tenths: i32) -> i64 {
    let tenths = percent_tenths.clamp(0, FULL_PERCENT_TENTHS);
    let done = (i128::from(scheduled_cents.max(0)) * i128::from(tenths) * 2 + 1_000) / 2_000;
    clamp_cents(done - i128::from(previous_cents.max(0)))
}

impl ContinuationLine {
    /// A line's columns from its scheduled value, what earlier draws covered and this period, at
    /// the project's retainage (`basis_points`, 500 = 5 %).
    pub fn of(scheduled_cents: i64, previous_cents: i64, this_period_cents: i64, basis_points: i32) -> Self {
        let this = this_period_cents.max(0);
        let completed = previous_cents.saturating_add(this).min(MAX_CENTS);
        let retainage = retainage_cents(this, basis_points).min(this);
        ContinuationLine {
            scheduled_cents,
            previous_cents,
            this_period_cents: this,
            completed_to_date_cents: completed,
            percent_complete_tenths: percent_complete_tenths(completed, scheduled_cents),
            balance_to_finish_cents: (scheduled_cents - completed).max(0),
            retainage_cents: retainage,
            net_cents: this - retainage,
        }
    }
}

/// The sums of `lines`' columns (each at most [`MAX_CENTS`]).
pub fn continuation_totals(lines: &[ContinuationLine]) -> ContinuationTotals {
    let sum = |f: fn(&ContinuationLine) -> i64| lines.iter().fold(0i64, |s, l| s.saturating_add(f(l))).min(MAX_CENTS);
    ContinuationTotals {
        scheduled_cents: sum(|l| l.scheduled_cents),
        previous_cents: sum(|l| l.previous_cents),
        this_period_cents: sum(|l| l.this_period_cents),
        completed_to_date_cents: sum(|l| l.completed_to_date_cents),
        balance_to_finish_cents: sum(|l| l.balance_to_finish_cents),
        retainage_cents: sum(|l| l.retainage_cents),
        net_cents: sum(|l| l.net_cents),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A line as a draw item gives it.
    struct Item(i64, i64, i64);
    impl Item {
        fn continuation(&self, basis_points: i32) -> ContinuationLine {
            ContinuationLine::of(self.0, self.1, self.2, basis_points)
        }
    }
    fn item(scheduled: i64, previous: i64, amount: i64) -> Item {
        Item(scheduled, previous, amount)
    }

    #[test]
    fn the_columns_of_a_line() {
        let l = item(1_000_000, 250_000, 333_333).continuation(500);
        assert_eq!(l.completed_to_date_cents, 583_333);
        assert_eq!(l.percent_complete_tenths, 583, "58.3 %");
        assert_eq!(l.balance_to_finish_cents, 416_667);
        assert_eq!(l.retainage_cents, 16_667, "16 666.65 rounds half up");
        assert_eq!(l.net_cents, 316_666);
        // More than scheduled: 100 %, nothing left to finish.
        let over = item(100_000, 80_000, 50_000).continuation(0);
        assert_eq!((over.percent_complete_tenths, over.balance_to_finish_cents, over.retainage_cents), (1000, 0, 0));
        // No scheduled value: 100 % once anything is done.
        assert_eq!(item(0, 0, 1).continuation(0).percent_complete_tenths, 1000);
        assert_eq!(item(0, 0, 0).continuation(0).percent_complete_tenths, 0);
        // 99.95 % rounds to 100.0; 0.04 % to 0.0.
        assert_eq!(percent_complete_tenths(99_950, 100_000), 1000);
        assert_eq!(percent_complete_tenths(40, 100_000), 0);
        assert_eq!(percent_complete_tenths(50, 100_000), 1);
    }

    #[test]
    fn retainage_is_whole_cents_rounded_half_up() {
        assert_eq!(retainage_cents(10, 500), 1, "0.5 cent rounds up");
        assert_eq!(retainage_cents(9, 500), 0);
        assert_eq!(retainage_cents(100_000, 1_000), 10_000);
        assert_eq!(retainage_cents(12_345, 0), 0);
        assert_eq!(retainage_cents(MAX_CENTS, 2_000), MAX_CENTS / 5);
    }

    #[test]
    fn an_inspected_line_asks_for_scheduled_times_percent_less_previous() {
        assert_eq!(inspected_amount_cents(1_000_000, 200_000, 455), 255_000);
        assert_eq!(inspected_amount_cents(1_000_000, 600_000, 455), 0, "never below 0");
        assert_eq!(inspected_amount_cents(333, 0, 5), 2, "1.665 cents rounds half up");
        assert_eq!(inspected_amount_cents(1_000_000, 0, 1000), 1_000_000);
    }

    #[test]
    fn the_totals_add_the_lines() {
        let d = [item(1_000_000, 0, 500_000), item(200_000, 200_000, 0), item(0, 0, 1_000)];
        let lines: Vec<_> = d.iter().map(|i| i.continuation(1_000)).collect();
        let t = continuation_totals(&lines);
        assert_eq!(t.scheduled_cents, 1_200_000);
        assert_eq!(t.previous_cents, 200_000);
        assert_eq!(t.this_period_cents, 501_000);
        assert_eq!(t.completed_to_date_cents, 701_000);
        assert_eq!(t.balance_to_finish_cents, 500_000);
        assert_eq!(t.retainage_cents, 50_100);
        assert_eq!(t.net_cents, 450_900);
    }

    proptest! {
        #[test]
        fn the_columns_add_up(
            scheduled in 0i64..=10_000_000_000,
            previous in 0i64..=10_000_000_000,
            work in 0i64..=10_000_000_000,
            percent in proptest::option::of(0i32..=1000),
            bp in 0i32..=2000,
        ) {
            // A line as a draw makes it: the work not yet drawn, or the inspector's figure.
            let amount = match percent {
                Some(p) => inspected_amount_cents(scheduled, previous, p),
                None => (work - previous).clamp(0, MAX_CENTS),
            };
            let l = item(scheduled, previous, amount).continuation(bp);
            prop_assert_eq!(l.previous_cents + l.this_period_cents, l.completed_to_date_cents);
            prop_assert!(l.balance_to_finish_cents >= 0);
            prop_assert!(l.completed_to_date_cents + l.balance_to_finish_cents >= l.scheduled_cents);
            prop_assert_eq!(l.net_cents + l.retainage_cents, l.this_period_cents);
            prop_assert!(l.retainage_cents >= 0 && l.net_cents >= 0);
            // Retainage in whole cents: within half a cent of the exact figure.
            let exact = i128::from(amount) * i128::from(bp);
            prop_assert!((i128::from(l.retainage_cents) * 10_000 - exact).abs() <= 5_000);
            prop_assert!((0..=1000).contains(&l.percent_complete_tenths));
            // Completed never above scheduled unless the work (or earlier draws) exceeds it.
            let exceeds = if percent.is_some() { previous } else { previous.max(work) };
            prop_assert!(l.completed_to_date_cents <= scheduled.max(exceeds));
        }
    }
}
