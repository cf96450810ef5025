//! The Noam learning-rate schedule, §5.3 of the paper.
//!
//! ```text
//! lrate = factor · d_model^(-0.5) · min(step^(-0.5), step · warmup^(-1.5))
//! ```
//!
//! The rate rises linearly for `warmup` steps, then decays as 1/√step. The two
//! branches meet at `step = warmup`, which is where the rate peaks.

/// The learning rate at `step` (counted from 1; step 0 is treated as step 1).
///
/// # Panics
/// If `d_model` or `warmup` is 0.
pub fn noam_rate(step: usize, d_model: usize, warmup: usize, factor: f64) -> f64 {
    assert!(
        d_model > 0 && warmup > 0,
        "noam_rate needs d_model > 0 and warmup > 0, got {d_model} and {warmup}"
    );
    let step = step.max(1) as f64;
    let warmup = warmup as f64;
    factor * (d_model as f64).powf(-0.5) * step.powf(-0.5).min(step * warmup.powf(-1.5))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn noam_peaks_at_the_warmup_step() {
        let rates: Vec<f64> = (1..=2000).map(|s| noam_rate(s, 512, 400, 1.0)).collect();
        let peak = rates
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map(|(i, _)| i + 1);
        assert_eq!(peak, Some(400));
    }

    #[test]
    fn noam_matches_the_formula_on_both_branches() {
        let expect_warm = 2.0 * 64f64.powf(-0.5) * 10.0 * 100f64.powf(-1.5);
        assert!((noam_rate(10, 64, 100, 2.0) - expect_warm).abs() < 1e-12);
        let expect_decay = 2.0 * 64f64.powf(-0.5) * 400f64.powf(-0.5);
        assert!((noam_rate(400, 64, 100, 2.0) - expect_decay).abs() < 1e-12);
    }
}
