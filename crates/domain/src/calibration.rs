//! How a project's own prices compare with the regional predictions (issue 20): once at least
//! [`MIN_TASKS`] tasks have a known price for their original scope ([`original_scope_cents`]:
//! an actual cost or an awarded bid, change orders taken out), their ratio to the predictions of
//! the same tasks, with one-off outliers left out, so that one strange bid (a misread scope, a
//! typo) cannot swing the rest of the build's predictions. Fees and permits are not compared
//! (issue 29): contractors do not price them.
//!
//! The estimator, step by step (docs/cost-model.md will cite it):
//! 1. each task's ratio r = known / predicted, compared on a log scale (a bid at half the
//!    prediction is as far off as one at double);
//! 2. the median m of the log ratios and their median absolute deviation (MAD), scaled by 1.4826
//!    to estimate a standard deviation;
//! 3. a task is left out when its log ratio is more than 3 of those from m (the usual robust
//!    cut-off); when the MAD is 0 (most tasks agree exactly), more than [`TIGHT_CUTOFF`] from m;
//!    never when its ratio is within [`KEEP_WITHIN`] (25%) of the median ratio: prices that
//!    close are ordinary, however tightly the others agree;
//! 4. the ratio is the sum of the kept known prices over the sum of their predictions (so large
//!    jobs weigh more than small ones), with the lowest and highest kept per-task ratios as its
//!    range.
//!
//! Pure arithmetic on integer cents in, ratios out; nothing is hidden: the result lists which
//! tasks were used and which were left out.

use crate::known_cost::KnownCost;

/// Calibration needs at least this many tasks with a known price.
pub const MIN_TASKS: usize = 3;

/// Outlier cut-off, in robust standard deviations of the log ratios.
const CUTOFF_SIGMAS: f64 = 3.0;
/// MAD to standard deviation for normally distributed data.
const MAD_TO_SIGMA: f64 = 1.4826;
/// When the MAD is 0: a task more than this far from the median on the log scale (x1.5 or /1.5)
/// is left out.
const TIGHT_CUTOFF: f64 = 0.405_465_108; // ln(1.5)
/// A task whose ratio is within this share of the median ratio is never an outlier.
const KEEP_WITHIN: f64 = 0.25;

/// A task's price for the scope it was priced for: its actual cost, else its committed cost,
/// minus its approved change orders (a change order changes scope, not prices). `None` without
/// a known price.
pub fn original_scope_cents(known: Option<KnownCost>, change_order_cents: i64) -> Option<i64> {
    known.map(|k| k.cents().saturating_sub(change_order_cents))
}

/// One task with both a regional prediction and a known price.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PricedTask {
    pub task_id: i64,
    /// The regional prediction (rate x area), in cents; tasks without one cannot be compared.
    pub predicted_cents: i64,
    /// Its actual cost, else its committed cost, in cents.
    pub known_cents: i64,
}

/// The project's local ratio.
#[derive(Debug, Clone, PartialEq)]
pub struct Calibration {
    /// Sum of kept known prices / sum of their predictions.
    pub ratio: f64,
    /// Lowest and highest kept per-task ratio.
    pub low: f64,
    pub high: f64,
    /// The tasks the ratio is made of, and those left out as outliers.
    pub used: Vec<i64>,
    pub left_out: Vec<i64>,
}

impl Calibration {
    /// The ratio in per mille (1.2 -> 1200), the figure predictions are scaled by
    /// (`budget::PredictedCost::scaled`), so that every figure shown is the same ratio.
    pub fn ratio_per_mille(&self) -> u32 {
        per_mille(self.ratio)
    }
    pub fn low_per_mille(&self) -> u32 {
        per_mille(self.low)
    }
    pub fn high_per_mille(&self) -> u32 {
        per_mille(self.high)
    }
}

/// A ratio in per mille, rounded; bounded to what a price ratio can sensibly be.
fn per_mille(ratio: f64) -> u32 {
    (ratio * 1000.0).round().clamp(0.0, 1_000_000.0) as u32
}

fn median(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    if !n.is_multiple_of(2) {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    }
}

fn sorted(mut v: Vec<f64>) -> Vec<f64> {
    v.sort_by(f64::total_cmp);
    v
}

/// The project's local ratio, or `None` with fewer than [`MIN_TASKS`] comparable tasks (a task
/// with no prediction or a zero price cannot be compared and does not count).
pub fn calibrate(tasks: &[PricedTask]) -> Option<Calibration> {
    let comparable: Vec<(&PricedTask, f64)> = tasks
        .iter()
        .filter(|t| t.predicted_cents > 0 && t.known_cents > 0)
        .map(|t| (t, (t.known_cents as f64 / t.predicted_cents as f64).ln()))
        .collect();
    if comparable.len() < MIN_TASKS {
        return None;
    }
    let logs = sorted(comparable.iter().map(|(_, l)| *l).collect());
    let m = median(&logs);
    let mad = median(&sorted(logs.iter().map(|l| (l - m).abs()).collect()));
    let cutoff = if mad > 0.0 { CUTOFF_SIGMAS * MAD_TO_SIGMA * mad } else { TIGHT_CUTOFF };
    let near = |l: f64| ((l - m).exp() - 1.0).abs() <= KEEP_WITHIN;
    let (kept, dropped): (Vec<_>, Vec<_>) = comparable.iter().partition(|(_, l)| (l - m).abs() <= cutoff || near(*l));
    let known: i64 = kept.iter().map(|(t, _)| t.known_cents).sum();
    let predicted: i64 = kept.iter().map(|(t, _)| t.predicted_cents).sum();
    let ratios = sorted(kept.iter().map(|(_, l)| l.exp()).collect());
    Some(Calibration {
        ratio: known as f64 / predicted as f64,
        low: *ratios.first()?,
        high: *ratios.last()?,
        used: kept.iter().map(|(t, _)| t.task_id).collect(),
        left_out: dropped.iter().map(|(t, _)| t.task_id).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(actual: Option<i64>, committed: Option<i64>) -> Option<KnownCost> {
        let m = |c: Option<i64>| c.and_then(crate::money::Money::from_cents);
        KnownCost::of(m(actual), m(committed))
    }

    fn task(task_id: i64, predicted: i64, known: i64) -> PricedTask {
        PricedTask { task_id, predicted_cents: predicted, known_cents: known }
    }

    #[test]
    fn no_calibration_under_three_comparable_tasks() {
        assert_eq!(calibrate(&[]), None);
        assert_eq!(calibrate(&[task(1, 100, 120), task(2, 100, 120)]), None);
        // A task without a prediction does not count.
        assert_eq!(calibrate(&[task(1, 100, 120), task(2, 100, 120), task(3, 0, 500)]), None);
        assert!(calibrate(&[task(1, 100, 120), task(2, 100, 120), task(3, 100, 120)]).is_some());
    }

    #[test]
    fn bids_twenty_percent_above_give_a_ratio_of_one_point_two() {
        let c = calibrate(&[task(1, 1_000_000, 1_200_000), task(2, 500_000, 600_000), task(3, 2_000_000, 2_400_000)])
            .unwrap();
        assert!((c.ratio - 1.2).abs() < 1e-9, "{c:?}");
        assert!((c.low - 1.2).abs() < 1e-9 && (c.high - 1.2).abs() < 1e-9);
        assert_eq!((c.used.len(), c.left_out.len()), (3, 0));
    }

    #[test]
    fn one_ten_times_outlier_among_five_is_left_out() {
        let tasks = [
            task(1, 1_000_000, 1_150_000),
            task(2, 1_000_000, 1_200_000),
            task(3, 1_000_000, 1_250_000),
            task(4, 1_000_000, 1_180_000),
            task(5, 1_000_000, 10_000_000), // a typo, or a scope ten times larger
        ];
        let c = calibrate(&tasks).unwrap();
        assert_eq!(c.left_out, [5]);
        assert!((c.ratio - 1.195).abs() < 1e-9, "{c:?}");
        assert!(c.low <= c.ratio && c.ratio <= c.high);
        // Without the robust step the outlier would have pulled the ratio to about 2.96.
        let naive: f64 = tasks.iter().map(|t| t.known_cents as f64).sum::<f64>() / 5_000_000.0;
        assert!(naive > 2.9);
    }

    #[test]
    fn ratios_read_in_per_mille() {
        let c = calibrate(&[task(1, 1000, 1143), task(2, 1000, 1143), task(3, 1000, 1143)]).unwrap();
        assert_eq!((c.ratio_per_mille(), c.low_per_mille(), c.high_per_mille()), (1143, 1143, 1143));
    }

    #[test]
    fn identical_ratios_keep_everything_that_agrees() {
        let c = calibrate(&[task(1, 100, 90), task(2, 200, 180), task(3, 300, 270), task(4, 100, 400)]).unwrap();
        assert_eq!(c.left_out, [4]);
        assert!((c.ratio - 0.9).abs() < 1e-9);
    }

    #[test]
    fn a_task_within_a_quarter_of_the_median_is_never_an_outlier() {
        // Three tasks agree to a tenth of a percent (a tiny MAD, a tiny robust cut-off): a roof
        // 6.8% above, or 24% below, stays in; 30% off is still an outlier.
        let agree = [task(1, 100_000, 100_000), task(2, 200_000, 200_200), task(3, 300_000, 300_600)];
        for (known, kept) in [(106_800, true), (76_000, true), (124_000, true), (70_000, false), (130_000, false)] {
            let mut tasks = agree.to_vec();
            tasks.push(task(4, 100_000, known));
            let c = calibrate(&tasks).unwrap();
            assert_eq!(c.left_out.is_empty(), kept, "{known}: {c:?}");
        }
    }

    #[test]
    fn the_original_scope_takes_change_orders_out() {
        assert_eq!(original_scope_cents(known(None, Some(4_430_000)), 250_000), Some(4_180_000));
        assert_eq!(original_scope_cents(known(Some(4_500_000), Some(4_430_000)), 250_000), Some(4_250_000));
        assert_eq!(original_scope_cents(known(Some(680_000), None), 0), Some(680_000));
        assert_eq!(original_scope_cents(known(None, None), 0), None);
    }

    #[test]
    fn larger_jobs_weigh_more() {
        // 3 small jobs at x2 and 3 large ones at x1.1 (no outliers: the spread is wide).
        let c = calibrate(&[
            task(1, 10_000, 20_000),
            task(2, 10_000, 20_000),
            task(3, 10_000, 20_000),
            task(4, 1_000_000, 1_100_000),
            task(5, 1_000_000, 1_100_000),
            task(6, 1_000_000, 1_100_000),
        ])
        .unwrap();
        assert!(c.left_out.is_empty(), "{c:?}");
        assert!(c.ratio > 1.1 && c.ratio < 1.12, "{c:?}");
        assert!((c.low - 1.1).abs() < 1e-9 && (c.high - 2.0).abs() < 1e-9);
    }
}
