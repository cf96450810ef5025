//! Hard vs soft attention: softmax with an inverse temperature β.
//!
//! The paper's attention (§3.2.1) is `softmax(QKᵀ / √d_k) V`. Writing the scaled
//! scores of one query as `s_j`, the NYU Deep Learning lecture on attention
//! multiplies them by an inverse temperature β before the softmax:
//!
//! ```text
//! a_j = exp(β · s_j) / Σ_k exp(β · s_k)        (masked keys: a_j = 0)
//! ```
//!
//! - β = 1 is the paper's softmax;
//! - β = 0 spreads the weight evenly over the visible keys (no preference at all);
//! - β → ∞ is **hard attention**: all weight on the best key, a one-hot argmax.
//!
//! The entropy `H(a) = −Σ a_j log₂ a_j` (in bits) measures how spread the weights
//! are: log₂(n) for uniform weights over n keys, 0 for a one-hot row.

/// Weights `a_j = exp(β·s_j) / Σ_k exp(β·s_k)` over the keys of one query.
///
/// `None` is a masked key (a score of −∞): its weight is exactly 0 for every β.
/// The largest visible score is subtracted first, so `exp` never overflows.
///
/// - `beta == 0`: uniform over the visible keys.
/// - `beta == f32::INFINITY`: hard attention, the one-hot argmax. If several keys
///   share the maximum score, the weight is **split evenly among them**, which is
///   also the limit of the softmax as β → ∞.
/// - A row with no visible key has nothing to attend to: every weight is 0.
///
/// # Shapes
/// - `scores`: `[seq_k]`; output: `[seq_k]`.
///
/// # Panics
/// If `beta` is negative or NaN, or a visible score is not finite.
pub fn softmax_beta(scores: &[Option<f32>], beta: f32) -> Vec<f32> {
    assert!(
        beta >= 0.0,
        "the inverse temperature β must be ≥ 0, got {beta}"
    );
    assert!(
        scores.iter().flatten().all(|s| s.is_finite()),
        "visible scores must be finite (a hidden key is None), got {scores:?}"
    );
    let max = scores
        .iter()
        .flatten()
        .copied()
        .fold(f32::NEG_INFINITY, f32::max);
    if max == f32::NEG_INFINITY {
        return vec![0.0; scores.len()];
    }
    // Unnormalised weights: exp(β·(s − max)) ≤ 1, with the maximum at exactly 1.
    let raw: Vec<f32> = scores
        .iter()
        .map(|s| match *s {
            None => 0.0,
            Some(_) if beta == 0.0 => 1.0,
            Some(s) if beta == f32::INFINITY => f32::from(s == max),
            Some(s) => (beta * (s - max)).exp(),
        })
        .collect();
    let total: f32 = raw.iter().sum();
    raw.into_iter().map(|w| w / total).collect()
}

/// The entropy `−Σ p log₂ p` of a distribution, in bits, with `0 · log 0 = 0`.
pub fn entropy_bits(weights: &[f32]) -> f32 {
    // 0 − Σ rather than −Σ, so a one-hot row reads 0, not −0.
    0.0 - weights
        .iter()
        .filter(|&&p| p > 0.0)
        .map(|&p| p * p.log2())
        .sum::<f32>()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCORES: [Option<f32>; 5] = [Some(0.5), None, Some(2.0), Some(-1.0), Some(1.25)];

    fn close(a: &[f32], b: &[f32], tol: f32) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() <= tol)
    }

    /// The textbook softmax over the visible scores, written out without tricks.
    fn plain_softmax(scores: &[Option<f32>]) -> Vec<f32> {
        let total: f32 = scores.iter().flatten().map(|s| s.exp()).sum();
        scores
            .iter()
            .map(|s| s.map_or(0.0, |s| s.exp() / total))
            .collect()
    }

    #[test]
    fn beta_one_is_the_papers_softmax() {
        assert!(close(
            &softmax_beta(&SCORES, 1.0),
            &plain_softmax(&SCORES),
            1e-6
        ));
    }

    #[test]
    fn beta_scales_the_scores() {
        let doubled: Vec<Option<f32>> = SCORES.iter().map(|s| s.map(|s| 2.0 * s)).collect();
        assert!(close(
            &softmax_beta(&SCORES, 2.0),
            &plain_softmax(&doubled),
            1e-6
        ));
    }

    #[test]
    fn beta_zero_is_uniform_over_the_visible_keys() {
        assert_eq!(
            softmax_beta(&SCORES, 0.0),
            vec![0.25, 0.0, 0.25, 0.25, 0.25]
        );
    }

    #[test]
    fn infinite_beta_is_the_one_hot_argmax() {
        assert_eq!(
            softmax_beta(&SCORES, f32::INFINITY),
            vec![0.0, 0.0, 1.0, 0.0, 0.0]
        );
    }

    #[test]
    fn a_large_finite_beta_approaches_the_argmax() {
        let weights = softmax_beta(&SCORES, 1000.0);
        assert!(
            close(&weights, &[0.0, 0.0, 1.0, 0.0, 0.0], 1e-6),
            "{weights:?}"
        );
        assert!(
            weights.iter().all(|w| w.is_finite()),
            "no overflow: {weights:?}"
        );
    }

    #[test]
    fn hard_attention_splits_ties_evenly() {
        let tied = [Some(3.0), Some(1.0), Some(3.0), None];
        assert_eq!(softmax_beta(&tied, f32::INFINITY), vec![0.5, 0.0, 0.5, 0.0]);
        // The finite limit agrees with the convention.
        assert!(close(
            &softmax_beta(&tied, 500.0),
            &[0.5, 0.0, 0.5, 0.0],
            1e-6
        ));
    }

    #[test]
    fn masked_keys_get_exactly_zero_for_every_beta() {
        for beta in [0.0, 0.25, 1.0, 3.5, 64.0, f32::INFINITY] {
            let weights = softmax_beta(&SCORES, beta);
            assert_eq!(weights[1], 0.0, "β = {beta}");
            assert!(
                (weights.iter().sum::<f32>() - 1.0).abs() < 1e-6,
                "β = {beta}"
            );
        }
    }

    #[test]
    fn a_fully_masked_row_has_no_weight() {
        assert_eq!(softmax_beta(&[None, None], 1.0), vec![0.0, 0.0]);
    }

    #[test]
    fn entropy_is_minus_sum_p_log2_p() {
        let p = [0.5f32, 0.25, 0.125, 0.125, 0.0];
        // −(½·−1 + ¼·−2 + 2·⅛·−3) = ½ + ½ + ¾.
        assert!((entropy_bits(&p) - 1.75).abs() < 1e-6);
        let by_hand: f32 = -p
            .iter()
            .filter(|&&x| x > 0.0)
            .map(|&x| x * x.log2())
            .sum::<f32>();
        assert!((entropy_bits(&p) - by_hand).abs() < 1e-6);
    }

    #[test]
    fn entropy_of_uniform_weights_is_log2_n_and_of_one_hot_is_zero() {
        let uniform = softmax_beta(&SCORES, 0.0);
        assert!((entropy_bits(&uniform) - 4f32.log2()).abs() < 1e-6);
        assert_eq!(entropy_bits(&softmax_beta(&SCORES, f32::INFINITY)), 0.0);
    }
}
