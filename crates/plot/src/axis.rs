//! What a chart needs to draw curves: fewer points, the y range, tick labels.

/// At most `max` points for drawing: each bucket of consecutive points becomes
/// its mean (which also smooths a noisy loss), and the last point is kept exactly.
pub fn downsample(points: &[(f64, f64)], max: usize) -> Vec<(f64, f64)> {
    if points.len() <= max || max < 2 {
        return points.to_vec();
    }
    let bucket = points.len().div_ceil(max - 1);
    let mut out: Vec<(f64, f64)> = points[..points.len() - 1]
        .chunks(bucket)
        .map(|c| {
            let n = c.len() as f64;
            (
                c.iter().map(|p| p.0).sum::<f64>() / n,
                c.iter().map(|p| p.1).sum::<f64>() / n,
            )
        })
        .collect();
    out.push(*points.last().expect("more than max >= 2 points"));
    out
}

/// The y range of a chart: finite values only, padded by 5 %; on a log axis,
/// positive values only.
pub fn y_range(values: impl IntoIterator<Item = f64>, log: bool) -> (f64, f64) {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values
        .into_iter()
        .filter(|v| v.is_finite() && (!log || *v > 0.0))
    {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if lo > hi {
        return if log { (1e-5, 1.0) } else { (0.0, 1.0) };
    }
    if log {
        let (lo, hi) = if hi / lo < 1.01 {
            (lo / 1.5, hi * 1.5)
        } else {
            (lo, hi)
        };
        (lo / 1.1, hi * 1.1)
    } else {
        let pad = if hi > lo {
            (hi - lo) * 0.05
        } else {
            hi.abs().max(1.0) * 0.1
        };
        (lo - pad, hi + pad)
    }
}

/// An axis tick label with as many decimals as the axis span needs;
/// tiny values (learning rates) in scientific notation.
pub fn tick_label(v: f64, span: f64) -> String {
    if v == 0.0 {
        return "0".into();
    }
    if span < 1e-2 || v.abs() < 1e-3 {
        return format!("{v:.1e}");
    }
    let decimals = if span >= 10.0 {
        0
    } else {
        ((-span.log10()).ceil() as i64 + 1).clamp(0, 4) as usize
    };
    format!("{v:.decimals$}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn downsample_keeps_short_curves_and_the_last_point() {
        let pts: Vec<(f64, f64)> = (0..10).map(|i| (i as f64, i as f64)).collect();
        assert_eq!(downsample(&pts, 20), pts);
        let many: Vec<(f64, f64)> = (0..1001).map(|i| (i as f64, (i % 2) as f64)).collect();
        let few = downsample(&many, 100);
        assert!(few.len() <= 100, "{}", few.len());
        assert_eq!(*few.last().expect("non-empty"), (1000.0, 0.0));
        // Alternating 0/1 averages to about one half: the noise is smoothed.
        assert!(few[..few.len() - 1].iter().all(|p| (p.1 - 0.5).abs() < 0.1));
    }

    #[test]
    fn tick_labels_show_the_digits_that_differ() {
        assert_eq!(tick_label(1200.0, 3000.0), "1200");
        assert_eq!(tick_label(0.25, 1.0), "0.2");
        assert_eq!(tick_label(2.5, 5.0), "2.5");
        assert_eq!(tick_label(0.0007, 0.001), "7.0e-4");
        assert_eq!(tick_label(0.0, 0.001), "0");
    }

    #[test]
    fn log_range_skips_zero_and_negative_values() {
        let (lo, hi) = y_range([0.0, -1.0, 1e-4, 1e-2], true);
        assert!(lo > 0.0 && lo < 1e-4 && hi > 1e-2, "{lo} {hi}");
        assert_eq!(y_range([f64::NAN], false), (0.0, 1.0));
        let (lo, hi) = y_range([2.0, 2.0], false);
        assert!(lo < 2.0 && hi > 2.0);
    }
}
