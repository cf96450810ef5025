//! Label-smoothed cross-entropy, §5.4 of the paper.
//!
//! ```text
//! loss = − Σ_k q(k) · log p(k)   averaged over non-PAD target tokens
//! ```
//!
//! where `q` is [`lab_math::smoothed_targets`] (the same function the view
//! plots) and `p = softmax(logits)`. With `ε = 0` this is the ordinary
//! cross-entropy. The paper notes that smoothing "hurts perplexity, as the
//! model learns to be more unsure, but improves accuracy and BLEU".

use lab_model::burn::tensor::activation::log_softmax;
use lab_model::burn::tensor::{Tensor, TensorData};
use lab_tasks::PAD;

/// The loss tensor (for `backward`) and how many targets the argmax got right.
pub struct LossOutput {
    /// `[1]`: mean smoothed cross-entropy per non-PAD token.
    pub loss: Tensor<1>,
    pub correct: usize,
    pub n_tokens: usize,
}

/// The smoothed target distributions for flattened targets, `[n, vocab]` row-major.
pub fn target_distributions(targets: &[u32], vocab_size: usize, smoothing: f64) -> Vec<f32> {
    targets
        .iter()
        .flat_map(|&t| lab_math::smoothed_targets(t as usize, vocab_size, smoothing, PAD as usize))
        .collect()
}

/// # Shapes
/// - `logits`: `[batch, tgt_len, vocab]`, `targets`: `batch · tgt_len` ids (PAD = ignored)
pub fn smoothed_cross_entropy(logits: Tensor<3>, targets: &[u32], smoothing: f64) -> LossOutput {
    let n_tokens = targets.iter().filter(|&&t| t != PAD).count();
    smoothed_cross_entropy_over(logits, targets, smoothing, n_tokens)
}

/// [`smoothed_cross_entropy`] summed over these targets and divided by
/// `denominator` rather than by their own count: a shard of a batch divides
/// by the whole batch's token count, so that the shards' losses (and
/// gradients) add up to the batch's mean ([`lab_protocol::shard`]).
pub fn smoothed_cross_entropy_over(
    logits: Tensor<3>,
    targets: &[u32],
    smoothing: f64,
    denominator: usize,
) -> LossOutput {
    let [batch, tgt_len, vocab] = logits.dims();
    assert_eq!(
        targets.len(),
        batch * tgt_len,
        "one target per decoder position"
    );
    let device = logits.device();
    let log_p = log_softmax(logits.reshape([batch * tgt_len, vocab]), 1); // [batch·tgt_len, vocab]
    let q = Tensor::<2>::from_data(
        TensorData::new(
            target_distributions(targets, vocab, smoothing),
            [batch * tgt_len, vocab],
        ),
        &device,
    );
    let n_tokens = targets.iter().filter(|&&t| t != PAD).count();
    let loss = (log_p.clone() * q)
        .sum()
        .neg()
        .div_scalar(denominator.max(1) as f32);
    let predicted = log_p
        .argmax(1)
        .into_data()
        .try_into_vec_as::<i64>()
        .expect("argmax ids are integers");
    let correct = predicted
        .iter()
        .zip(targets)
        .filter(|(&p, &t)| t != PAD && p == t as i64)
        .count();
    LossOutput {
        loss,
        correct,
        n_tokens,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_smoothing_it_is_the_negative_log_likelihood_ignoring_pad() {
        let device = crate::device();
        // Two positions over a vocabulary of 4; the second is PAD and must not count.
        let logits = Tensor::<3>::from_data(
            TensorData::new(vec![0.0f32, 0.0, 2.0, 0.0, 9.0, 9.0, 9.0, 9.0], [1, 2, 4]),
            &device,
        );
        let out = smoothed_cross_entropy(logits, &[2, PAD], 0.0);
        let expected = -(2f32.exp() / (3.0 + 2f32.exp())).ln();
        assert!((out.loss.into_scalar::<f32>() - expected).abs() < 1e-5);
        assert_eq!((out.correct, out.n_tokens), (1, 1));
    }

    #[test]
    fn smoothing_raises_the_loss_of_a_confident_correct_prediction() {
        let device = crate::device();
        let logits = || {
            Tensor::<3>::from_data(
                TensorData::new(vec![0.0f32, 0.0, 8.0, 0.0, 0.0], [1, 1, 5]),
                &device,
            )
        };
        let sharp = smoothed_cross_entropy(logits(), &[2], 0.0)
            .loss
            .into_scalar::<f32>();
        let smooth = smoothed_cross_entropy(logits(), &[2], 0.1)
            .loss
            .into_scalar::<f32>();
        assert!(smooth > sharp + 0.1, "sharp {sharp} smooth {smooth}");
    }
}
