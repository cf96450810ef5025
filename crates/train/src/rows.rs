//! Loops over a row of logits that the compiler turns into SIMD code
//! (simd128 in the browser, SSE natively): the exponential of
//! `burn_flex::simd::exp` (the lab's patch of burn-flex, which burn's own
//! `exp` calls too), which calls no library function, and maxima and sums
//! kept in [`LANES`] running partial results, which is what lets
//! floating-point reductions vectorise.
//!
//! The loss over real-en-ja's target vocabulary spent most of its time
//! in the standard library's `expf`, one call per element (BENCHMARKS.md).

use burn_flex::simd::exp::exp;

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

    /// The distance between two non-negative `f32`s in units in the last place:
    /// how many representable values lie between them, the yardstick of `exp`'s
    /// accuracy. `exp`'s own tests are these: the vendored crate's are not run.
    fn ulps(a: f32, b: f32) -> u32 {
        a.to_bits().abs_diff(b.to_bits())
    }

    #[test]
    fn exp_is_within_two_ulps_of_the_correctly_rounded_exponential() {
        // Where e^x is a normal f32: from the smallest normal to f32::MAX.
        let (low, high) = (-87.3f32, 88.7f32);
        let mut worst = (0, 0.0f32);
        let steps = 200_000;
        for i in 0..=steps {
            let x = low + (high - low) * i as f32 / steps as f32;
            let exact = (x as f64).exp() as f32;
            let d = ulps(exp(x), exact);
            if d > worst.0 {
                worst = (d, x);
            }
        }
        assert!(worst.0 <= 2, "{} ulps at x = {}", worst.0, worst.1);
        assert_eq!(exp(0.0), 1.0);
    }

    #[test]
    fn exp_underflows_to_subnormals_then_zero_and_overflows_to_infinity() {
        for x in [-88.0f32, -95.0, -100.0, -103.0] {
            let exact = (x as f64).exp();
            let got = exp(x) as f64;
            // A subnormal's spacing is the smallest subnormal, about 1.4e-45.
            assert!(
                (got - exact).abs() <= 2.0 * 1.5e-45,
                "e^{x}: {got} against {exact}"
            );
            assert!(got > 0.0, "e^{x} is not 0");
        }
        assert_eq!(exp(-104.0), 0.0);
        assert_eq!(exp(-1e30), 0.0);
        assert_eq!(exp(f32::NEG_INFINITY), 0.0);
        assert_eq!(exp(88.8), f32::INFINITY);
        assert_eq!(exp(f32::INFINITY), f32::INFINITY);
        assert!(exp(f32::NAN).is_nan());
    }
}
