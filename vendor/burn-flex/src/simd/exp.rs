//! Patched for Attention Lab (ATTENTION-LAB.md, change 3): `e^x` for `f32`
//! in plain arithmetic that calls no library function, so that a loop over
//! a tensor's values compiles to SIMD code (simd128 in the browser, SSE and
//! AVX natively). `f32::exp` is one `expf` call per element.
//!
//! Its accuracy is tested where it is used, in Attention Lab's `lab-train`
//! (`crates/train/src/rows/tests.rs`).

/// Below this every `e^x` rounds to 0 in `f32` (`e^−104` is about 6.8e-46,
/// under half the smallest subnormal).
const LOWEST: f32 = -104.0;
/// Above this every `e^x` overflows to `+∞` (`f32::MAX` is about `e^88.72`).
const HIGHEST: f32 = 89.0;

/// `e^x`: within 2 units in the last place of the correctly rounded value
/// where that is a normal `f32`, 0 far below (`e^−∞ = 0`, so a masked score
/// gets no weight), `+∞` far above, and NaN for NaN.
///
/// `e^x = 2^n · e^r` with `n = round(x / ln 2)` and `|r| ≤ ln 2 / 2`; `e^r` is
/// Cephes' degree-7 polynomial for `expf` (its coefficients, S. L. Moshier).
/// `2^n` is two powers of two built from their exponent bits, `2^⌊n/2⌋` and
/// `2^(n − ⌊n/2⌋)`, each a normal `f32` for every `n` in range, so that the
/// product rounds to a subnormal, 0 or `+∞` as it should.
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
    // `clamp` keeps a NaN, which then runs through as NaN (`n` becomes 0).
    let x = x.clamp(LOWEST, HIGHEST);
    let n = (x * core::f32::consts::LOG2_E + ROUND) - ROUND;
    let r = (x - n * LN2_HI) - n * LN2_LO;
    let p = P.iter().fold(0.0, |p, &c| p * r + c);
    let e_r = p * r * r + r + 1.0;
    // 2^k for |k| ≤ 127: the biased exponent k + 127 in an f32's exponent bits.
    let power = |k: i32| f32::from_bits(((k + 127) as u32) << 23);
    let n = n as i32;
    let half = n >> 1;
    e_r * power(half) * power(n - half)
}
