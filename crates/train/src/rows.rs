//! Loops over a row of logits that the compiler turns into SIMD code
//! (simd128 in the browser, SSE natively): the exponential of
//! [`lab_math::exp`], which calls no library function, and maxima and sums
//! kept in [`LANES`] running partial results, which is what lets
//! floating-point reductions vectorise.
//!
//! The loss over real-en-ja's target vocabulary spent most of its time
//! in the standard library's `expf`, one call per element (BENCHMARKS.md).

use lab_math::exp::exp;

/// How many partial maxima or sums a row keeps: two simd128 vectors.
pub const LANES: usize = 8;

/// The largest value of `row` (−∞ for an empty row; NaNs are skipped).
pub fn max(row: &[f32]) -> f32 {
    let mut lanes = [f32::NEG_INFINITY; LANES];
    let chunks = row.chunks_exact(LANES);
    let rest = chunks.remainder();
    for chunk in chunks {
        for (m, &v) in lanes.iter_mut().zip(chunk) {
            *m = if v > *m { v } else { *m };
        }
    }
    rest.iter()
        .chain(&lanes)
        .fold(f32::NEG_INFINITY, |m, &v| if v > m { v } else { m })
}

/// The sum of `row`.
pub fn sum(row: &[f32]) -> f32 {
    let mut lanes = [0.0f32; LANES];
    let chunks = row.chunks_exact(LANES);
    let rest = chunks.remainder();
    for chunk in chunks {
        for (s, &v) in lanes.iter_mut().zip(chunk) {
            *s += v;
        }
    }
    lanes.iter().sum::<f32>() + rest.iter().sum::<f32>()
}

/// Writes `e^(x − shift)` for each `x` of `row` into `out` and returns their sum.
pub fn exp_shifted(row: &[f32], shift: f32, out: &mut [f32]) -> f32 {
    assert_eq!(row.len(), out.len(), "one output per input");
    for (o, &x) in out.iter_mut().zip(row) {
        *o = exp(x - shift);
    }
    sum(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_math::exp::ulps;

    #[test]
    fn max_and_sum_agree_with_the_plain_loops_on_every_length() {
        for len in 0..40 {
            let row: Vec<f32> = (0..len)
                .map(|i| ((i * 29 % 17) as f32 - 8.0) * 0.37)
                .collect();
            let plain_max = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            assert_eq!(max(&row), plain_max, "length {len}");
            let plain_sum: f64 = row.iter().map(|&v| v as f64).sum();
            assert!((sum(&row) as f64 - plain_sum).abs() < 1e-5, "length {len}");
        }
    }

    #[test]
    fn exp_shifted_writes_each_exponential_and_returns_their_sum() {
        let row = [1.0f32, -2.0, 0.5, 3.0, -0.25, 2.0, 0.0, -7.0, 1.5];
        let mut out = [0.0f32; 9];
        let total = exp_shifted(&row, 3.0, &mut out);
        for (o, x) in out.iter().zip(row) {
            assert!(ulps(*o, ((x - 3.0) as f64).exp() as f32) <= 2);
        }
        assert!((total - out.iter().sum::<f32>()).abs() < 1e-6);
    }
}
