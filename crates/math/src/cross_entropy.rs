//! Cross-entropy against a label-smoothed target, split into what training can
//! and cannot remove (§5.4 of the paper, ε_ls = 0.1).
//!
//! ```text
//! loss(q, p) = −Σ_k q(k) · ln p(k)
//!            = −Σ_k q(k) · ln q(k)  +  Σ_k q(k) · ln(q(k) / p(k))
//!            =        H(q)          +        KL(q ‖ p)
//! ```
//!
//! `KL(q ‖ p) ≥ 0`, with 0 only when `p = q`, so the loss per token can never go
//! below the entropy `H(q)` of the target itself. With a one-hot target (ε = 0)
//! that floor is 0; with smoothing the target is spread out, and even a perfect
//! model pays `H(q)` nats per token. The terms use the natural log, like the
//! training loss (`lab_train::loss`), so the numbers are in nats.

/// One position's cross-entropy and its two parts, in nats.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CrossEntropySplit {
    /// `−Σ q ln p`: what the training loss adds for this position.
    pub loss: f64,
    /// `H(q) = −Σ q ln q`: the floor that smoothing leaves.
    pub floor: f64,
    /// `KL(q ‖ p) = Σ q ln(q / p)`: what training can still remove.
    pub kl: f64,
}

/// The entropy `−Σ q ln q` in nats, with `0 · ln 0 = 0`.
pub fn entropy_nats(q: &[f32]) -> f64 {
    // 0 − Σ, not −Σ: a one-hot row has entropy 0, not −0.
    0.0 - q
        .iter()
        .filter(|&&x| x > 0.0)
        .map(|&x| f64::from(x) * f64::from(x).ln())
        .sum::<f64>()
}

/// The lowest loss label smoothing allows: the entropy of the smoothed target
/// row, `H(q)` in nats per token. It is the same for every target token.
///
/// # Panics
/// As [`crate::smoothed_targets`]: `vocab_size < 3` or `smoothing` outside `[0, 1)`.
pub fn smoothing_floor(vocab_size: usize, smoothing: f64, pad: usize) -> f64 {
    // Any target other than PAD gives the same row up to a permutation.
    let target = if pad == 0 { 1 } else { 0 };
    entropy_nats(&crate::smoothed_targets(target, vocab_size, smoothing, pad))
}

/// Split `−Σ q ln p` into `H(q) + KL(q ‖ p)`.
///
/// Terms with `q(k) = 0` contribute nothing (`0 · ln 0 = 0`), as in the loss,
/// where PAD has no target mass. If `p(k) = 0` where `q(k) > 0`, the loss and
/// the KL are `+∞`.
///
/// # Shapes
/// - `q`, `p`: `[vocab]`, each summing to 1.
///
/// # Panics
/// If `q` and `p` differ in length.
pub fn cross_entropy_split(q: &[f32], p: &[f32]) -> CrossEntropySplit {
    assert_eq!(
        q.len(),
        p.len(),
        "target and prediction must cover the same vocabulary"
    );
    let terms = || {
        q.iter()
            .zip(p)
            .filter(|(&q, _)| q > 0.0)
            .map(|(&q, &p)| (f64::from(q), f64::from(p)))
    };
    let loss = -terms().map(|(q, p)| q * p.ln()).sum::<f64>();
    let kl = terms().map(|(q, p)| q * (q.ln() - p.ln())).sum::<f64>();
    CrossEntropySplit {
        loss,
        floor: entropy_nats(q),
        kl,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_floor_is_zero_without_smoothing_and_grows_with_epsilon() {
        assert_eq!(smoothing_floor(78, 0.0, 0), 0.0);
        let (a, b) = (smoothing_floor(78, 0.1, 0), smoothing_floor(78, 0.2, 0));
        assert!(a > 0.0 && b > a, "{a} {b}");
        // By hand: −(0.9 ln 0.9 + 76 · (0.1/76) ln(0.1/76)).
        let by_hand = -(0.9f64 * 0.9f64.ln() + 0.1 * (0.1f64 / 76.0).ln());
        assert!((a - by_hand).abs() < 1e-6, "{a} vs {by_hand}");
    }
    use crate::smoothed_targets;

    const PAD: usize = 0;
    /// The size of the English → Japanese target vocabulary of the toy task
    /// (4 specials and the Japanese words); `lab-page` checks it against the real one.
    const TOY_VOCAB: usize = 78;

    fn softmax(logits: &[f32]) -> Vec<f32> {
        let total: f32 = logits.iter().map(|l| l.exp()).sum();
        logits.iter().map(|l| l.exp() / total).collect()
    }

    #[test]
    fn the_loss_is_the_floor_plus_the_kl() {
        let q = smoothed_targets(3, 7, 0.1, PAD);
        let p = softmax(&[-2.0, 0.5, 1.0, 2.5, 0.0, -1.0, 0.3]);
        let split = cross_entropy_split(&q, &p);
        let by_definition: f64 = -q
            .iter()
            .zip(&p)
            .map(|(&q, &p)| f64::from(q) * f64::from(p).ln())
            .sum::<f64>();
        assert!((split.loss - by_definition).abs() < 1e-9);
        assert!((split.loss - (split.floor + split.kl)).abs() < 1e-9);
        assert!(split.kl > 0.0);
    }

    #[test]
    fn predicting_the_target_exactly_leaves_only_the_floor() {
        let q = smoothed_targets(2, 9, 0.2, PAD);
        let split = cross_entropy_split(&q, &q);
        assert!(split.kl.abs() < 1e-12);
        assert!((split.loss - split.floor).abs() < 1e-12);
    }

    #[test]
    fn without_smoothing_the_floor_is_zero() {
        let q = smoothed_targets(5, TOY_VOCAB, 0.0, PAD);
        assert_eq!(entropy_nats(&q), 0.0);
        let p = softmax(&vec![0.0; TOY_VOCAB]);
        let split = cross_entropy_split(&q, &p);
        // One-hot target: the loss is −ln p(target) = ln V for a uniform guess.
        assert!((split.loss - (TOY_VOCAB as f64).ln()).abs() < 1e-5);
        assert!((split.kl - split.loss).abs() < 1e-12);
    }

    #[test]
    fn the_floor_for_the_papers_epsilon_matches_a_hand_computation() {
        // q = 0.9 on the target and 0.1 / 76 on each of the other 76 non-PAD tokens:
        // H = −0.9·ln 0.9 − 76 · (0.1/76)·ln(0.1/76)
        //   = 0.094824 + 0.1 · ln 760 = 0.094824 + 0.663332 = 0.758156 nats.
        let q = smoothed_targets(7, TOY_VOCAB, 0.1, PAD);
        assert!(
            (entropy_nats(&q) - 0.758156).abs() < 1e-5,
            "{}",
            entropy_nats(&q)
        );
    }

    #[test]
    fn a_zero_prediction_under_target_mass_costs_infinitely_much() {
        let split = cross_entropy_split(&[0.5, 0.5, 0.0], &[1.0, 0.0, 0.0]);
        assert_eq!(split.loss, f64::INFINITY);
        assert_eq!(split.kl, f64::INFINITY);
        // Mass on a token the target gives 0 (like PAD) costs nothing directly.
        assert_eq!(cross_entropy_split(&[1.0, 0.0], &[1.0, 0.0]).loss, 0.0);
    }
}
