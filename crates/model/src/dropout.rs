//! Dropout (§5.4 of the paper): while training, each element is zeroed with
//! probability `p` and the survivors are scaled by `1 / (1 − p)`.
//!
//! The model keeps burn's [`Dropout`] modules (their `prob` and `training`
//! flag), but [`apply`] draws the masks itself. burn 0.22.1 draws each mask
//! element through a ChaCha generator and a `rand` Bernoulli sampler, which
//! was a third of a training step's instructions (BENCHMARKS.md, "Where a
//! training step's time goes"). Here each element costs one SplitMix64 output
//! and one comparison, and the mask holds the scale itself (`0` or
//! `1 / (1 − p)`), so the input is multiplied once instead of twice.
//!
//! The masks follow a per-thread generator that [`seed`] restarts; the
//! trainer seeds it with the step's seed, so a step's masks depend only on
//! (run seed, step) and a resumed run repeats them exactly.

use std::cell::Cell;

use burn::nn::Dropout;
use burn::tensor::{Tensor, TensorData};

// SplitMix64 (Steele, Lea & Flood 2014), the lab's one generator.
use lab_math::rng::{mix, GAMMA};

thread_local! {
    /// The generator's state: the masks drawn on this thread since [`seed`].
    static STATE: Cell<u64> = const { Cell::new(0) };
}

/// Restarts this thread's mask generator at `seed`.
pub fn seed(seed: u64) {
    STATE.with(|s| s.set(seed));
}

/// `n` mask values, each `1 / (1 − p)` with probability `1 − p` and `0`
/// otherwise, from the thread's generator. Each 64-bit output decides two
/// elements (its low and high 32 bits), so the generator advances by `⌈n/2⌉`.
///
/// # Panics
/// If `p` is not in `[0, 1)`.
pub fn mask_values(n: usize, p: f64) -> Vec<f32> {
    assert!(
        (0.0..1.0).contains(&p),
        "dropout probability {p} not in [0, 1)"
    );
    let keep = 1.0 - p;
    // An element is kept when its 32 random bits fall below keep · 2³².
    let threshold = (keep * 2f64.powi(32)) as u64;
    let scale = (1.0 / keep) as f32;
    let value = |bits: u64| if bits < threshold { scale } else { 0.0 };
    let draws = n.div_ceil(2) as u64;
    let start = STATE.with(|s| {
        let start = s.get();
        s.set(start.wrapping_add(draws.wrapping_mul(GAMMA)));
        start
    });
    // Draw `i` (from 1) decides elements `2(i − 1)` and `2(i − 1) + 1`. The
    // loop writes into a slice without pushing, so it has no branches but
    // the comparisons and compiles to vector code where the target has it.
    let draw = |i: u64| mix(start.wrapping_add(i.wrapping_mul(GAMMA)));
    let mut values = vec![0.0f32; n];
    let mut pairs = values.chunks_exact_mut(2);
    for (i, pair) in (1..).zip(&mut pairs) {
        let bits = draw(i);
        pair[0] = value(bits & u64::from(u32::MAX));
        pair[1] = value(bits >> 32);
    }
    if let [last] = pairs.into_remainder() {
        *last = value(draw(draws) & u64::from(u32::MAX));
    }
    values
}

/// Whether [`apply`] drops anything on `device`: only while training (an
/// autodiff device, the module in training mode, `prob > 0`).
pub fn is_active(dropout: &Dropout, device: &burn::tensor::Device) -> bool {
    dropout.training.is_enabled() && device.is_autodiff() && dropout.prob != 0.0
}

/// `dropout` applied to `x`: the identity outside training (inference
/// device, a frozen module, or `p = 0`), exactly as burn's
/// [`Dropout::forward`] decides.
///
/// # Shapes
/// - `x`: any shape → the same shape
pub fn apply<const D: usize>(dropout: &Dropout, x: Tensor<D>) -> Tensor<D> {
    let device = x.device();
    if !is_active(dropout, &device) {
        return x;
    }
    let shape = x.shape();
    let mask = TensorData::new(mask_values(shape.num_elements(), dropout.prob), shape);
    x * Tensor::<D>::from_data(mask, &device)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Backend;
    use burn::nn::DropoutConfig;
    use burn::tensor::Distribution;

    #[test]
    fn about_p_of_the_elements_are_dropped_and_the_rest_scaled() {
        seed(3);
        let p = 0.25;
        let values = mask_values(40_000, p);
        let dropped = values.iter().filter(|&&v| v == 0.0).count() as f64 / 40_000.0;
        assert!((dropped - p).abs() < 0.01, "dropped fraction {dropped}");
        let scale = (1.0 / (1.0 - p)) as f32;
        assert!(values.iter().all(|&v| v == 0.0 || v == scale));
        assert_eq!(mask_values(7, p).len(), 7, "an odd count uses half a draw");
    }

    #[test]
    fn each_draw_decides_two_elements_low_bits_first() {
        // The definition, one element at a time: element `e` reads draw
        // `e / 2 + 1` of SplitMix64 from the seed, its low 32 bits when `e`
        // is even and its high 32 bits when odd.
        let (p, start) = (0.3, 99u64);
        let threshold = ((1.0 - p) * 2f64.powi(32)) as u64;
        let scale = (1.0 / (1.0 - p)) as f32;
        let element = |e: usize| {
            let bits = mix(start.wrapping_add((e as u64 / 2 + 1).wrapping_mul(GAMMA)));
            let half = if e.is_multiple_of(2) {
                bits & u64::from(u32::MAX)
            } else {
                bits >> 32
            };
            if half < threshold {
                scale
            } else {
                0.0
            }
        };
        for n in [0, 1, 2, 7, 64, 1001] {
            seed(start);
            let expected: Vec<f32> = (0..n).map(element).collect();
            assert_eq!(mask_values(n, p), expected, "{n} elements");
        }
        // An odd count still uses up its last draw: the next call starts after it.
        seed(start);
        mask_values(3, p);
        let next = mask_values(2, p);
        assert_eq!(next, vec![element(4), element(5)]);
    }

    #[test]
    fn the_same_seed_gives_the_same_masks_and_calls_draw_fresh_ones() {
        seed(11);
        let (a, b) = (mask_values(64, 0.5), mask_values(64, 0.5));
        seed(11);
        assert_eq!(mask_values(64, 0.5), a);
        assert_eq!(mask_values(64, 0.5), b);
        assert_ne!(a, b);
    }

    #[test]
    fn it_is_the_identity_outside_training_and_masks_while_training() {
        let dropout = DropoutConfig::new(0.5).init();
        let plain = Backend::default().device();
        let x = Tensor::<2>::random([8, 16], Distribution::Uniform(1.0, 2.0), &plain);
        let same = apply(&dropout, x.clone());
        assert_eq!(same.into_data(), x.clone().into_data());
        let training = Backend::default().training_device();
        seed(5);
        let y = apply(
            &dropout,
            Tensor::<2>::from_data(x.clone().into_data(), &training),
        );
        let x = x.into_data().try_to_vec::<f32>().expect("f32");
        let y = y.into_data().try_to_vec::<f32>().expect("f32");
        assert!(y.contains(&0.0));
        for (xi, yi) in x.iter().zip(&y) {
            assert!(*yi == 0.0 || *yi == xi * 2.0, "{xi} became {yi}");
        }
    }
}
