//! Loops over a row of logits that the compiler turns into SIMD code
//! (simd128 in the browser, SSE natively): an exponential that calls no
//! library function, and maxima and sums kept in [`LANES`] running
//! partial results, which is what lets floating-point reductions vectorise.
//!
//! The loss over a 1,940-word vocabulary spent most of its time in the
//! standard library's `expf`, one call per element (BENCHMARKS.md).

/// How many partial maxima or sums a row keeps: two simd128 vectors.
pub const LANES: usize = 8;

/// Below this `exp` returns `e^MIN_EXPONENT` (about 1.6e-38, just above the
/// smallest normal `f32`) instead of a subnormal or 0.
pub const MIN_EXPONENT: f32 = -87.0;
/// Above this `exp` returns `e^MAX_EXPONENT` rather than overflow.
pub const MAX_EXPONENT: f32 = 88.0;

/// `e^x`, within 2 units in the last place of `f32` for `x` in
/// [`MIN_EXPONENT`, `MAX_EXPONENT`] (clamped outside; NaN stays NaN).
///
/// `e^x = 2^n · e^r` with `n = round(x / ln 2)` and `|r| ≤ ln 2 / 2`; `e^r`
/// is Cephes' degree-7 polynomial for `expf` (its coefficients, S. L. Moshier),
/// and `2^n` is built from its exponent bits.
#[inline(always)]
pub fn exp(x: f32) -> f32 {
    // ln 2 = LN2_HI + LN2_LO, the first exact in few bits, so n · LN2_HI is exact.
    const LN2_HI: f32 = 0.693_359_4;
    const LN2_LO: f32 = -2.121_944_4e-4;
    // Adding 1.5 · 2^23 and taking it away rounds to the nearest integer.
    const ROUND: f32 = 12_582_912.0;
    const P: [f32; 6] = [
        1.987_569_1e-4,
        1.398_199_9e-3,
        8.333_452e-3,
        4.166_579_6e-2,
        1.666_666_5e-1,
        0.5, // Cephes' 5.000_000_1e-1, which rounds to 0.5 in f32
    ];
    let x = x.clamp(MIN_EXPONENT, MAX_EXPONENT);
    let n = (x * std::f32::consts::LOG2_E + ROUND) - ROUND;
    let r = (x - n * LN2_HI) - n * LN2_LO;
    let p = P.iter().fold(0.0, |p, &c| p * r + c);
    let e_r = p * r * r + r + 1.0;
    // 2^n: the biased exponent n + 127 in an f32's exponent bits.
    let two_n = f32::from_bits(((n as i32 + 127) as u32) << 23);
    e_r * two_n
}

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

    /// Distance in units in the last place between two positive f32s.
    fn ulps(a: f32, b: f32) -> u32 {
        a.to_bits().abs_diff(b.to_bits())
    }

    #[test]
    fn exp_is_within_two_ulps_of_the_correctly_rounded_exponential() {
        let mut worst = (0, 0.0f32);
        let steps = 200_000;
        for i in 0..=steps {
            let x = MIN_EXPONENT + (MAX_EXPONENT - MIN_EXPONENT) * i as f32 / steps as f32;
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
    fn exp_clamps_outside_its_range_and_keeps_nan() {
        assert_eq!(exp(-1e30), exp(MIN_EXPONENT));
        assert!(exp(MIN_EXPONENT) > 0.0 && exp(MIN_EXPONENT).is_normal());
        assert_eq!(exp(f32::NEG_INFINITY), exp(MIN_EXPONENT));
        assert_eq!(exp(1e30), exp(MAX_EXPONENT));
        assert!(exp(MAX_EXPONENT).is_finite());
        assert!(exp(f32::NAN).is_nan());
    }

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
